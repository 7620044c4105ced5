//! `solosolver ID`: the solved grid as `game_text_format` draws it, rows of
//! digits (`1`–`9`, then `a`, … for 10 on) with `|` and `-+-` block dividers,
//! or, for jigsaw layouts, a digit every other column with dividers between.

use super::{OutputError, unreadable};

/// Reads Solo's solution into the zoo's line: the same characters, row by row.
///
/// Solo's plain output does not say whether the answer is unique: his solver
/// stops at a second solution but prints the first one either way (only `-g`
/// prints the verdict). A grid with empty cells (`.`, or `_` on an X diagonal)
/// is read as no solution.
pub fn read_solo(_id: &str, output: &str) -> Result<String, OutputError> {
    let rows: Vec<Vec<char>> = output
        .lines()
        .map(|line| line.chars().filter(|&c| is_cell(c)).collect::<Vec<_>>())
        .filter(|cells| !cells.is_empty())
        .collect();
    let size = rows.len();
    if size == 0 {
        return Err(unreadable("no grid in the output"));
    }
    let mut line = String::with_capacity(size * size);
    for (index, row) in rows.iter().enumerate() {
        if row.len() != size {
            return Err(unreadable(format!(
                "row {} has {} cells in a grid of {size} rows",
                index + 1,
                row.len()
            )));
        }
        for &cell in row {
            match cell {
                '.' | '_' => {
                    return Err(OutputError::NoUniqueSolution(
                        "the printed grid has empty cells".to_string(),
                    ));
                }
                '0' => return Err(unreadable("a cell reads 0")),
                _ if cell.to_digit(36).is_some_and(|value| value as usize > size) => {
                    return Err(unreadable(format!(
                        "the cell `{cell}` is larger than the grid's {size}"
                    )));
                }
                _ => line.push(cell),
            }
        }
    }
    Ok(line)
}

/// Whether a character of the picture is a cell (rather than a divider).
fn is_cell(character: char) -> bool {
    character.is_ascii_digit() || character.is_ascii_lowercase() || matches!(character, '.' | '_')
}
