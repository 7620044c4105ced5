//! `towerssolver ID`: `game_text_format`, the grid framed by its clues: a top
//! clue row, a blank line, `w` rows (left clue, two spaces, the digits with a
//! space before each, two spaces, right clue), a blank line, the bottom clues.

use super::picture::Picture;
use super::{OutputError, leading_number, refusal, unreadable, value_char};

/// What `towerssolver` prints instead of a grid.
const REFUSALS: [&str; 2] = ["Unable to find a unique solution", "Puzzle is inconsistent"];

/// Reads Towers' solution into the zoo's line: the heights, row by row.
pub fn read_towers(id: &str, output: &str) -> Result<String, OutputError> {
    if let Some(refused) = refusal(output, &REFUSALS) {
        return Err(refused);
    }
    let width = leading_number(id)?;
    // The bottom clue row may be all spaces, so the picture is read from its
    // first line: the top clue row, the first of `width + 4`.
    let lines: Vec<&str> = output.lines().collect();
    if lines.len() < width + 4 {
        return Err(unreadable(format!(
            "expected {} lines for a {width}x{width} grid, the output has {}",
            width + 4,
            lines.len()
        )));
    }
    let picture = Picture::from_lines(lines[lines.len() - (width + 4)..].to_vec());
    let mut line = String::with_capacity(width * width);
    for row in 0..width {
        for column in 0..width {
            let (at_line, at_column) = (2 + row, 3 + 2 * column);
            let height = picture
                .at(at_line, at_column)?
                .to_digit(10)
                .filter(|&height| (1..=width as u32).contains(&height))
                .ok_or_else(|| {
                    unreadable(format!(
                        "expected a height, found {}",
                        picture.describe(at_line, at_column)
                    ))
                })?;
            line.push(value_char(height.into())?);
        }
    }
    Ok(line)
}
