//! `unrulysolver ID`: the grid as `game_text_format` draws it, `h` lines of
//! `1 `, `0 ` or `. ` (undecided) a cell, then `Difficulty: ...`; after it
//! `No solution found.` when cells are left undecided and `Puzzle is invalid.`
//! when the grid breaks a rule (then no grid is printed at all).

use super::picture::Picture;
use super::{OutputError, refusal, unreadable, width_height};

/// What `unrulysolver` prints when it has no solution.
const REFUSALS: [&str; 2] = ["No solution found.", "Puzzle is invalid."];

/// Reads Unruly's solution into the zoo's line: `1` for the colour the ID
/// writes in upper case, `0` for the other, as his text format writes them.
pub fn read_unruly(id: &str, output: &str) -> Result<String, OutputError> {
    if let Some(refused) = refusal(output, &REFUSALS) {
        return Err(refused);
    }
    let (width, height) = width_height(id)?;
    let picture = Picture::before_marker(output, "Difficulty:", height)?;
    let mut line = String::with_capacity(width * height);
    for row in 0..height {
        for column in 0..width {
            match picture.at(row, 2 * column)? {
                cell @ ('0' | '1') => line.push(cell),
                _ => {
                    return Err(unreadable(format!(
                        "expected `0` or `1`, found {}",
                        picture.describe(row, 2 * column)
                    )));
                }
            }
        }
    }
    Ok(line)
}
