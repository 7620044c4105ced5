//! `slantsolver ID`: the grid as `game_text_format` draws it: lines of corner
//! points (`+`, or the clue digit) and `-`, between them lines of cells `|c|c|`
//! with `\`, `/` or a space (undecided) in each odd column.

use super::picture::Picture;
use super::{OutputError, refusal, unreadable, width_height};

/// What `slantsolver` prints instead of a grid.
const REFUSALS: [&str; 2] = ["Unable to find a unique solution", "Puzzle is inconsistent"];

/// Reads Slant's solution into the zoo's line: `\` or `/` a cell.
pub fn read_slant(id: &str, output: &str) -> Result<String, OutputError> {
    if let Some(refused) = refusal(output, &REFUSALS) {
        return Err(refused);
    }
    let (width, height) = width_height(id)?;
    let picture = Picture::last_lines(output, 2 * height + 1)?;
    let mut line = String::with_capacity(width * height);
    for row in 0..height {
        for column in 0..width {
            let (at_line, at_column) = (2 * row + 1, 2 * column + 1);
            match picture.at(at_line, at_column)? {
                cell @ ('\\' | '/') => line.push(cell),
                _ => {
                    return Err(unreadable(format!(
                        "expected `\\` or `/`, found {}",
                        picture.describe(at_line, at_column)
                    )));
                }
            }
        }
    }
    Ok(line)
}
