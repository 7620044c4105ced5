//! `patternsolver ID`: `h` lines of `w` characters, `#` filled, `.` empty, `?`
//! where the line solver could not decide, `!` where it met a contradiction.
//! Pattern's solver has no search: it deduces line by line.

use super::picture::Picture;
use super::{OutputError, unreadable, width_height};

/// Reads Pattern's solution into the zoo's line: `#` filled, `.` empty.
pub fn read_pattern(id: &str, output: &str) -> Result<String, OutputError> {
    let (width, height) = width_height(id)?;
    let picture = Picture::last_lines(output, height)?;
    let mut line = String::with_capacity(width * height);
    for row in 0..height {
        for column in 0..width {
            match picture.at(row, column)? {
                cell @ ('#' | '.') => line.push(cell),
                '?' => {
                    return Err(OutputError::NoUniqueSolution(
                        "the line solver left cells undecided (`?`)".to_string(),
                    ));
                }
                '!' => {
                    return Err(OutputError::NoUniqueSolution(
                        "the line solver met a contradiction (`!`)".to_string(),
                    ));
                }
                _ => {
                    return Err(unreadable(format!(
                        "expected `#` or `.`, found {}",
                        picture.describe(row, column)
                    )));
                }
            }
        }
    }
    Ok(line)
}
