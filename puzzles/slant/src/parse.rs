//! Simon Tatham's Slant game IDs, read and written.
//!
//! - The parameters are the width and height in cells, `WxH` (or `W` alone
//!   for a square), each at least 2, then optionally a difficulty `d` with
//!   `e` (easy) or `h` (hard), which is checked and then ignored (`5x5`,
//!   `12x10dh`).
//! - The description walks the (W+1)×(H+1) corners row by row: a digit
//!   `0`–`4` is a corner's clue, a letter `a`…`z` a run of 1…26 corners
//!   without one. It must cover the corners exactly.
//!
//! ```
//! use sieve_slant::{format_slant_id, parse_slant_id};
//!
//! // 2×2 cells, 3×3 corners: a 1 in the top-left corner, a 4 in the centre.
//! let puzzle = parse_slant_id("2x2:1c4d")?;
//! assert_eq!(puzzle.clue(0, 0), Some(1));
//! assert_eq!(puzzle.clue(1, 1), Some(4));
//! assert_eq!(puzzle.clue(2, 2), None);
//! assert_eq!(format_slant_id(&puzzle), "2x2:1c4d");
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use sieve_gameid::{
    Found, GameId, GameIdError, digit_run_grid, dimensions_param, write_digit_run_grid,
};

use crate::puzzle::{MAX_CLUE, MAX_SIDE, MIN_SIDE, Puzzle};

/// The difficulty letters of Tatham's Slant, easiest first.
pub const DIFFICULTIES: [char; 2] = ['e', 'h'];

/// Reads a Slant game ID; the error names the part of the ID, the offset in
/// it and what was expected there.
pub fn parse_slant_id(id: &str) -> Result<Puzzle, GameIdError> {
    let id = GameId::parse(id)?;
    let mut params = id.params_reader();
    let (width, height) = dimensions_param(&mut params, MIN_SIDE..=MAX_SIDE, "the grid")?;
    let level_offset = params.offset() + 1;
    if let Some(level) = params.difficulty()
        && !DIFFICULTIES.contains(&level)
    {
        return Err(params.error_at(
            level_offset,
            "a difficulty e or h after 'd'",
            Found::Char(level),
        ));
    }
    params.finish("the grid size (WxH, then a difficulty such as dh)")?;

    let mut description = id.description_reader();
    let corners = (width + 1) * (height + 1);
    let clues = digit_run_grid(&mut description, corners, MAX_CLUE, "a clue")?;
    description.finish(&format!("the {corners} corners"))?;
    Puzzle::new(width, height, clues)
        .map_err(|error| description.error_at(0, "a puzzle", Found::Text(error.to_string())))
}

/// Writes a puzzle as a Slant game ID, as his generator does, without a
/// difficulty.
pub fn format_slant_id(puzzle: &Puzzle) -> String {
    format!(
        "{}x{}:{}",
        puzzle.width(),
        puzzle.height(),
        write_digit_run_grid(puzzle.clues())
    )
}
