//! Simon Tatham's Singles game IDs, read and written, and the zoo's
//! answers.
//!
//! - The parameters are the size, `WxH` or `W` alone for a square grid,
//!   each side from 2 to 62; then optionally a difficulty `d` with `e`
//!   (easy) or `k` (tricky), which is checked and then ignored (`5x5`,
//!   `8x8dk`).
//! - The description is one character a cell, row by row: `1`–`9`, then
//!   `a`–`z` for 10 to 35 and `A`–`Z` for 36 to 61. Every number is at
//!   least 1 and at most the larger side (and 61, the last one written).
//!
//! ```
//! use sieve_singles::{format_singles_id, parse_singles_id};
//!
//! let puzzle = parse_singles_id("3x2:121312")?;
//! assert_eq!(puzzle.numbers(), [1, 2, 1, 3, 1, 2]);
//! assert_eq!(format_singles_id(&puzzle), "3x2:121312");
//! let big = parse_singles_id("10x2:123456789a2345678a91")?;
//! assert_eq!(big.numbers()[9], 10);
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use sieve_gameid::{Found, GameId, GameIdError, dimensions_param};

use crate::puzzle::{MAX_SIZE, MIN_SIZE, Puzzle, Shading, largest_number};

/// The difficulty letters of Tatham's Singles, easiest first.
pub const DIFFICULTIES: [char; 2] = ['e', 'k'];

/// The number a character of the description stands for, as his game reads
/// it (`0` reads as 0, which no cell may hold).
fn number_of(character: char) -> Option<u8> {
    match character {
        '0'..='9' => Some(character as u8 - b'0'),
        'a'..='z' => Some(character as u8 - b'a' + 10),
        'A'..='Z' => Some(character as u8 - b'A' + 36),
        _ => None,
    }
}

/// The character of a number in a description.
fn character_of(number: u8) -> char {
    match number {
        0..=9 => char::from(b'0' + number),
        10..=35 => char::from(b'a' + number - 10),
        _ => char::from(b'A' + number - 36),
    }
}

/// Reads a Singles game ID; the error names the part of the ID, the offset
/// in it and what was expected there.
pub fn parse_singles_id(id: &str) -> Result<Puzzle, GameIdError> {
    let id = GameId::parse(id)?;
    let mut params = id.params_reader();
    let (width, height) = dimensions_param(&mut params, MIN_SIZE..=MAX_SIZE, "the grid")?;
    let level_offset = params.offset() + 1;
    if let Some(level) = params.difficulty()
        && !DIFFICULTIES.contains(&level)
    {
        return Err(params.error_at(
            level_offset,
            "a difficulty e or k after 'd'",
            Found::Char(level),
        ));
    }
    params.finish("the grid size (then a difficulty such as dk)")?;

    let largest = largest_number(width, height);
    let mut description = id.description_reader();
    let cells = width * height;
    let mut numbers = Vec::with_capacity(cells);
    for read in 0..cells {
        let number = description.peek().and_then(number_of);
        match number {
            Some(number) if number >= 1 && number <= largest => {
                numbers.push(number);
                description.bump();
            }
            _ => {
                return Err(description.error(format!(
                    "a number from 1 to {largest} (1-9, then a-z for 10-35, A-Z for 36-61; \
                     {read} of {cells} cells read)"
                )));
            }
        }
    }
    description.finish(&format!("the {cells} cells"))?;
    Puzzle::new(width, height, numbers)
        .map_err(|error| description.error_at(0, "a puzzle", Found::Text(error.to_string())))
}

/// Writes a puzzle as a Singles game ID, as his generator does.
pub fn format_singles_id(puzzle: &Puzzle) -> String {
    let cells: String = puzzle.numbers().iter().map(|&n| character_of(n)).collect();
    format!("{}x{}:{cells}", puzzle.width(), puzzle.height())
}

/// A solved shading as the zoo's one-line answer: one character a cell,
/// row by row, `#` shaded and `.` unshaded.
pub fn format_singles_line(shading: &Shading) -> String {
    (shading.shaded().iter())
        .map(|&shaded| if shaded { '#' } else { '.' })
        .collect()
}

/// A picture of the solved grid: each unshaded cell's number, `#` for a
/// shaded one, separated by spaces.
pub fn draw(puzzle: &Puzzle, shading: &Shading) -> String {
    let mut text = String::new();
    let rows = puzzle.numbers().chunks(puzzle.width());
    for (numbers, shaded) in rows.zip(shading.shaded().chunks(shading.width())) {
        let cells: Vec<String> = numbers
            .iter()
            .zip(shaded)
            .map(|(&number, &shaded)| {
                if shaded {
                    "#".to_string()
                } else {
                    character_of(number).to_string()
                }
            })
            .collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text
}
