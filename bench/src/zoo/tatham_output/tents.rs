//! `tentssolver ID`: the grid as `game_text_format` draws it, boxes four
//! columns wide and two lines high (`+---+` borders), the row counts in a last
//! column and the column counts in a last row. A cell's centre (line `2r + 1`,
//! column `4c + 2`) reads `T` for a tree, `/` (the middle of `//\`) for a tent,
//! a space for grass and `.` where the solver did not decide.

use super::picture::Picture;
use super::{OutputError, refusal, unreadable, width_height};

/// What `tentssolver` prints instead of a grid.
const REFUSALS: [&str; 2] = ["Unable to find a unique solution", "Puzzle is inconsistent"];

/// Reads Tents' solution into the zoo's line: `A` tent, `T` tree, `.` grass.
pub fn read_tents(id: &str, output: &str) -> Result<String, OutputError> {
    if let Some(refused) = refusal(output, &REFUSALS) {
        return Err(refused);
    }
    let (width, height) = width_height(id)?;
    let picture = Picture::last_lines(output, 2 * (height + 1) + 1)?;
    if picture.at(0, 0)? != '+' {
        return Err(unreadable("the picture does not start with a `+` corner"));
    }
    let mut line = String::with_capacity(width * height);
    for row in 0..height {
        for column in 0..width {
            let (at_line, at_column) = (2 * row + 1, 4 * column + 2);
            match picture.at(at_line, at_column)? {
                'T' => line.push('T'),
                '/' => line.push('A'),
                ' ' => line.push('.'),
                '.' => {
                    return Err(OutputError::NoUniqueSolution(
                        "the solver left cells undecided".to_string(),
                    ));
                }
                _ => {
                    return Err(unreadable(format!(
                        "expected `T`, `//\\` or a space, found {}",
                        picture.describe(at_line, at_column)
                    )));
                }
            }
        }
    }
    Ok(line)
}
