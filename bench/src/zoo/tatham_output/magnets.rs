//! `magnetssolver ID`: the ID (with a seed), the start grid, the working,
//! `Puzzle was solved.` (or `is impossible.`, `is ambiguous.`), then the grid as
//! `game_text_format` draws it: a line of `+` counts, a border, then for each
//! row a line `N|c c|c|N` (cells in columns `2 + 2c`: `+`, `-`, `*` neutral,
//! `#` a cell in no domino, a space undecided) and a line of domino edges.

use super::picture::Picture;
use super::{OutputError, refusal, unreadable, width_height};

/// The line before a solved grid.
const SOLVED: &str = "Puzzle was solved.";

/// What `magnetssolver` prints instead of solving.
const REFUSALS: [&str; 2] = ["Puzzle is impossible.", "Puzzle is ambiguous."];

/// Reads Magnets' solution into the zoo's line: `+`, `-`, `.` neutral.
pub fn read_magnets(id: &str, output: &str) -> Result<String, OutputError> {
    if let Some(refused) = refusal(output, &REFUSALS) {
        return Err(refused);
    }
    let (width, height) = width_height(id)?;
    let picture = Picture::after_marker(output, SOLVED, 2 * height + 1)?;
    let mut line = String::with_capacity(width * height);
    for row in 0..height {
        for column in 0..width {
            let (at_line, at_column) = (2 + 2 * row, 2 + 2 * column);
            match picture.at(at_line, at_column)? {
                cell @ ('+' | '-') => line.push(cell),
                '*' | '#' => line.push('.'),
                _ => {
                    return Err(unreadable(format!(
                        "expected `+`, `-`, `*` or `#`, found {}",
                        picture.describe(at_line, at_column)
                    )));
                }
            }
        }
    }
    Ok(line)
}
