//! `singlessolver ID`: the grid as `game_text_format` draws it, two lines a
//! row: the numbers with `*` for a shaded cell, then `~` under each cell known
//! to stay white; then `Game was solved.` (or `impossible.`, `not solved.`).

use super::picture::Picture;
use super::{OutputError, refusal, unreadable, width_height};

/// The line after a complete solution.
const SOLVED: &str = "Game was solved.";

/// What `singlessolver` prints after a grid that is no solution.
const REFUSALS: [&str; 2] = ["Game was impossible.", "Game was not solved."];

/// Reads Singles' solution into the zoo's line: `#` shaded, `.` white.
pub fn read_singles(id: &str, output: &str) -> Result<String, OutputError> {
    if let Some(refused) = refusal(output, &REFUSALS) {
        return Err(refused);
    }
    let (width, height) = width_height(id)?;
    let picture = Picture::before_marker(output, SOLVED, 2 * height)?;
    let mut line = String::with_capacity(width * height);
    for row in 0..height {
        for column in 0..width {
            let (at_line, at_column) = (2 * row, 2 * column);
            match picture.at(at_line, at_column)? {
                '*' => line.push('#'),
                cell if cell.is_ascii_alphanumeric() => line.push('.'),
                _ => {
                    return Err(unreadable(format!(
                        "expected a number or `*`, found {}",
                        picture.describe(at_line, at_column)
                    )));
                }
            }
        }
    }
    Ok(line)
}
