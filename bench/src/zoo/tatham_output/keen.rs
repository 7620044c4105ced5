//! `keensolver ID`: Keen has no text picture, so its `main` prints the solution
//! itself: `w` lines of `w` digits separated by single spaces.

use super::picture::Picture;
use super::{OutputError, leading_number, refusal, unreadable, value_char};

/// What `keensolver` prints instead of a grid.
const REFUSALS: [&str; 2] = ["Unable to find a unique solution", "Puzzle is inconsistent"];

/// Reads Keen's solution into the zoo's line: the values, row by row.
pub fn read_keen(id: &str, output: &str) -> Result<String, OutputError> {
    if let Some(refused) = refusal(output, &REFUSALS) {
        return Err(refused);
    }
    let width = leading_number(id)?;
    let picture = Picture::last_lines(output, width)?;
    let mut line = String::with_capacity(width * width);
    for row in 0..width {
        for column in 0..width {
            let at_column = 2 * column;
            let value = picture
                .at(row, at_column)?
                .to_digit(10)
                .filter(|&value| (1..=width as u32).contains(&value))
                .ok_or_else(|| {
                    unreadable(format!(
                        "expected a value, found {}",
                        picture.describe(row, at_column)
                    ))
                })?;
            line.push(value_char(value.into())?);
        }
    }
    Ok(line)
}
