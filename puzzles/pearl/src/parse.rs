//! Simon Tatham's Pearl game IDs, read and written, the zoo's one-line answer
//! and a picture.
//!
//! - The parameters are W, then optionally `x` and H (else H = W), then
//!   optionally a difficulty `d` with `e` (easy) or `t` (tricky), checked and
//!   then ignored, then optionally `n` (his "allow unsoluble" option, which
//!   only the generator reads): `8x8dt`, `6x6`, `10`.
//! - The description walks the cells row by row: `B` is a black pearl, `W` a
//!   white one, a letter `a`…`z` a run of 1…26 cells without a pearl.
//!
//! ```
//! use sieve_pearl::{Pearl, format_pearl_id, parse_pearl_id};
//!
//! let puzzle = parse_pearl_id("6x6de:BgWeWaBhWWfBaB")?;
//! assert_eq!(puzzle.pearls()[0], Some(Pearl::Black));
//! assert_eq!(puzzle.pearls()[8], Some(Pearl::White));
//! assert_eq!(format_pearl_id(&puzzle), "6x6:BgWeWaBhWWfBaB");
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use sieve_gameid::{Found, GameId, GameIdError, Reader, size_param};

use crate::puzzle::{DOWN, Loop, MAX_SIZE, MIN_SIZE, Pearl, Puzzle, RIGHT};

/// The difficulty letters of Tatham's Pearl, easiest first.
pub const DIFFICULTIES: [char; 2] = ['e', 't'];

/// Reads a Pearl game ID; the error names the part of the ID, the offset in
/// it and what was expected there.
pub fn parse_pearl_id(id: &str) -> Result<Puzzle, GameIdError> {
    let id = GameId::parse(id)?;
    let mut params = id.params_reader();
    let (width, height) = read_params(&mut params)?;
    let mut description = id.description_reader();
    let pearls = read_pearls(&mut description, width * height)?;
    description.finish(&format!("the {} cells", width * height))?;
    Puzzle::new(width, height, pearls)
        .map_err(|error| description.error_at(0, "a puzzle", Found::Text(error.to_string())))
}

/// `W[xH][dL][n]`: the size, a difficulty, and the generator's option.
fn read_params(params: &mut Reader) -> Result<(usize, usize), GameIdError> {
    let width = size_param(params, MIN_SIZE..=MAX_SIZE, "the grid width")?;
    let height = if params.eat('x') {
        size_param(params, MIN_SIZE..=MAX_SIZE, "the grid height after 'x'")?
    } else {
        width
    };
    let level_offset = params.offset() + 1;
    if let Some(level) = params.difficulty()
        && !DIFFICULTIES.contains(&level)
    {
        return Err(params.error_at(
            level_offset,
            "a difficulty e or t after 'd'",
            Found::Char(level),
        ));
    }
    params.eat('n');
    params.finish("the grid size (then a difficulty such as dt, then n)")?;
    Ok((width, height))
}

/// `cells` cells: a pearl or a run of cells without one.
fn read_pearls(description: &mut Reader, cells: usize) -> Result<Vec<Option<Pearl>>, GameIdError> {
    let mut pearls: Vec<Option<Pearl>> = Vec::with_capacity(cells);
    while pearls.len() < cells {
        let left = cells - pearls.len();
        let offset = description.offset();
        let expected = "B (a black pearl), W (a white pearl) or a letter a-z (a run of cells \
                        without one)";
        match description.bump() {
            Some('B') => pearls.push(Some(Pearl::Black)),
            Some('W') => pearls.push(Some(Pearl::White)),
            Some(letter @ 'a'..='z') => {
                let run = usize::from(letter as u8 - b'a') + 1;
                if run > left {
                    return Err(description.error_at(
                        offset,
                        format!(
                            "a run of at most {left} cell{} (the grid has {cells})",
                            if left == 1 { "" } else { "s" }
                        ),
                        Found::Text(format!("{letter:?} ({run} cells)")),
                    ));
                }
                pearls.extend(std::iter::repeat_n(None, run));
            }
            Some(other) => {
                return Err(description.error_at(offset, expected, Found::Char(other)));
            }
            None => {
                return Err(description.error(format!("{expected}: {left} of {cells} cells left")));
            }
        }
    }
    Ok(pearls)
}

/// Writes a puzzle as a Pearl game ID (`WxH:...`, no difficulty), runs of cells
/// without pearls as letters as his generator writes them.
pub fn format_pearl_id(puzzle: &Puzzle) -> String {
    let mut id = format!("{}x{}:", puzzle.width(), puzzle.height());
    let mut blanks = 0usize;
    let flush = |id: &mut String, blanks: &mut usize| {
        while *blanks > 0 {
            let run = (*blanks).min(26);
            id.push(char::from(b'a' + run as u8 - 1));
            *blanks -= run;
        }
    };
    for &pearl in puzzle.pearls() {
        match pearl {
            None => blanks += 1,
            Some(pearl) => {
                flush(&mut id, &mut blanks);
                id.push(if pearl == Pearl::Black { 'B' } else { 'W' });
            }
        }
    }
    flush(&mut id, &mut blanks);
    id
}

/// A loop as the zoo's one-line answer: each cell's connections as one hex
/// digit, up 1, right 2, down 4, left 8 (`0` off the loop), row by row.
pub fn format_pearl_line(solution: &Loop) -> String {
    solution.to_string()
}

/// A picture of a solved puzzle, `2H−1` lines of `2W−1` characters: each cell
/// `B` or `W` for a pearl, `+` for another cell on the loop, `.` off it, with
/// `-` and `|` between the cells the loop joins. Line `r`, character `c`
/// (0-based) is what `explain --cell r{r+1}c{c+1}` asks about.
pub fn draw(puzzle: &Puzzle, solution: &Loop) -> String {
    let board = puzzle.board();
    let (width, height) = (board.width(), board.height());
    let mut canvas = vec![vec![' '; 2 * width - 1]; 2 * height - 1];
    for (cell, &mask) in solution.connections().iter().enumerate() {
        let (row, column) = (2 * (cell / width), 2 * (cell % width));
        canvas[row][column] = match (puzzle.pearls()[cell], mask) {
            (Some(Pearl::Black), _) => 'B',
            (Some(Pearl::White), _) => 'W',
            (None, 0) => '.',
            (None, _) => '+',
        };
        if mask & RIGHT != 0 && column + 1 < canvas[row].len() {
            canvas[row][column + 1] = '-';
        }
        if mask & DOWN != 0 && row + 1 < canvas.len() {
            canvas[row + 1][column] = '|';
        }
    }
    let mut text = String::new();
    for line in canvas {
        let line: String = line.into_iter().collect();
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}
