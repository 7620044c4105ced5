//! Simon Tatham's Filling game IDs, read and written, and the zoo's answers.
//!
//! - The parameters are the size, `WxH` or `W` alone for a square grid, each
//!   side from 1 to 40 (`13x9`).
//! - The description walks the cells row by row: a letter `a`–`z` is a run of
//!   1–26 empty cells; any other character is one cell, the clue written as the
//!   character that many places after `0` (`1`–`9`, then `:` for 10, `;` for
//!   11, …), `0` itself an empty cell. A clue is at most the larger side (at
//!   least 3), as his game checks it.
//!
//! ```
//! use sieve_filling::{format_filling_id, parse_filling_id};
//!
//! let puzzle = parse_filling_id("3x2:2a13b")?;
//! assert_eq!(puzzle.clues(), [Some(2), None, Some(1), Some(3), None, None]);
//! assert_eq!(format_filling_id(&puzzle), "3x2:2a13b");
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use sieve_gameid::{Found, GameId, GameIdError, dimensions_param, value_char};

use crate::puzzle::{Filling, MAX_SIZE, MIN_SIZE, Puzzle, largest_clue};

/// Reads a Filling game ID; the error names the part of the ID, the offset in
/// it and what was expected there.
pub fn parse_filling_id(id: &str) -> Result<Puzzle, GameIdError> {
    let id = GameId::parse(id)?;
    let mut params = id.params_reader();
    let (width, height) = dimensions_param(&mut params, MIN_SIZE..=MAX_SIZE, "the grid")?;
    params.finish("the grid size")?;

    let largest = largest_clue(width, height);
    let mut description = id.description_reader();
    let cells = width * height;
    let mut clues: Vec<Option<u8>> = Vec::with_capacity(cells);
    while clues.len() < cells {
        let left = cells - clues.len();
        let offset = description.offset();
        if let Some(run) = description.blank_run() {
            if run > left {
                return Err(description.error_at(
                    offset,
                    format!("a run of at most {left} empty cells (the grid has {cells})"),
                    Found::Text(format!("a run of {run}")),
                ));
            }
            clues.extend(std::iter::repeat_n(None, run));
            continue;
        }
        let clue = (description.peek())
            .filter(|&c| c.is_ascii() && c >= '0')
            .map(|c| c as u32 - '0' as u32)
            .filter(|&clue| clue <= u32::from(largest));
        match clue {
            Some(clue) => {
                description.bump();
                clues.push((clue > 0).then_some(clue as u8));
            }
            None => {
                let last = char::from(b'0' + largest);
                return Err(description.error(format!(
                    "a clue 1-{last} ('0' for an empty cell) or a letter a-z (a run of empty \
                     cells) ({left} of {cells} cells left)"
                )));
            }
        }
    }
    if !description.is_at_end() {
        // The words of the error only when there is one.
        description.finish(&format!("the {cells} cells"))?;
    }
    Puzzle::new(width, height, clues)
        .map_err(|error| description.error_at(0, "a puzzle", Found::Text(error.to_string())))
}

/// Writes a puzzle as a Filling game ID, as his generator does.
pub fn format_filling_id(puzzle: &Puzzle) -> String {
    let mut text = format!("{}x{}:", puzzle.width(), puzzle.height());
    let mut blanks = 0usize;
    for clue in puzzle.clues() {
        match clue {
            None => blanks += 1,
            Some(clue) => {
                push_blanks(&mut text, blanks);
                blanks = 0;
                text.push(char::from(b'0' + clue));
            }
        }
    }
    push_blanks(&mut text, blanks);
    text
}

/// A run of empty cells as letters, `z` for 26 at a time.
fn push_blanks(text: &mut String, mut blanks: usize) {
    while blanks > 0 {
        let run = blanks.min(26);
        text.push(char::from(b'a' + (run - 1) as u8));
        blanks -= run;
    }
}

/// A filled grid as the zoo's one-line answer: one character a cell, row by
/// row, `1`–`9`, then `a`, `b`, … for 10, 11, … (`?` past 35, which no
/// puzzle Sieve reads reaches).
pub fn format_filling_line(filling: &Filling) -> String {
    (filling.values().iter())
        .map(|&value| value_char(u64::from(value)).unwrap_or('?'))
        .collect()
}

/// A picture of the filled grid: each cell's number, a clue of the puzzle in
/// brackets, with walls between regions (and round the grid).
pub fn draw(puzzle: &Puzzle, filling: &Filling) -> String {
    let (width, height) = (filling.width(), filling.height());
    let values = filling.values();
    let at = |row: usize, column: usize| values[row * width + column];
    let mut text = String::new();
    let border = |text: &mut String, row: Option<usize>| {
        text.push('+');
        for column in 0..width {
            let open = row.is_some_and(|row| at(row, column) == at(row + 1, column));
            text.push_str(if open { "   +" } else { "---+" });
        }
        text.push('\n');
    };
    border(&mut text, None);
    for row in 0..height {
        text.push('|');
        for column in 0..width {
            let value = value_char(u64::from(at(row, column))).unwrap_or('?');
            let given = puzzle.clues().get(row * width + column).copied().flatten();
            let (open_bracket, close_bracket) = if given.is_some() {
                ('(', ')')
            } else {
                (' ', ' ')
            };
            let open = column + 1 < width && at(row, column) == at(row, column + 1);
            let wall = if open { ' ' } else { '|' };
            text.push_str(&format!("{open_bracket}{value}{close_bracket}{wall}"));
        }
        text.push('\n');
        border(&mut text, (row + 1 < height).then_some(row));
    }
    text
}
