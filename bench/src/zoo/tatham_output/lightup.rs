//! `lightupsolver ID`: the solver shows its working for every difficulty it
//! tries, then `Puzzle has difficulty N: solving...`, the working once more and
//! the grid as `game_text_format` draws it (last): `+-+` borders, a cell in
//! each odd column of each odd line: `L` light, `#` or a digit for a wall, `.`
//! lit, `x` lit and known to hold no light, a space unlit.

use super::picture::Picture;
use super::{OutputError, refusal, unreadable, width_height};

/// What `lightupsolver` prints instead of a grid.
const REFUSALS: [&str; 3] = [
    "Puzzle has no solution.",
    "Unable to find a unique solution.",
    "Puzzle has multiple solutions.",
];

/// Reads Light Up's solution into the zoo's line: `L` light, `#` wall
/// (numbered or not), `.` lit empty cell.
pub fn read_lightup(id: &str, output: &str) -> Result<String, OutputError> {
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
                'L' => line.push('L'),
                '#' | '0'..='4' => line.push('#'),
                '.' | 'x' => line.push('.'),
                _ => {
                    return Err(unreadable(format!(
                        "expected a light, a wall or a lit cell, found {}",
                        picture.describe(at_line, at_column)
                    )));
                }
            }
        }
    }
    Ok(line)
}
