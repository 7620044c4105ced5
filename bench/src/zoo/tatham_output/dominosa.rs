//! `dominosasolver ID`: the grid as `game_text_format` draws it, boxes four
//! columns wide and two lines high, each domino drawn with a border around its
//! two cells: the side a cell shares with its partner is left blank. A cell's
//! number sits at line `2r + 1`, column `4c + 2`; its left and right sides at
//! columns `4c` and `4c + 4`, its top and bottom on lines `2r` and `2r + 2`.
//! `Could not deduce a unique solution` follows a partial grid.

use super::picture::Picture;
use super::{OutputError, leading_number, refusal, unreadable};

/// What `dominosasolver` prints instead of, or after, a grid.
const REFUSALS: [&str; 2] = [
    "Puzzle is inconsistent",
    "Could not deduce a unique solution",
];

/// Reads Dominosa's solution into the zoo's line: the side of each cell's
/// partner, `L`, `R`, `U` or `D`.
pub fn read_dominosa(id: &str, output: &str) -> Result<String, OutputError> {
    if let Some(refused) = refusal(output, &REFUSALS) {
        return Err(refused);
    }
    // A set of double-N dominoes fills a grid of N + 2 columns and N + 1 rows.
    let maximum = leading_number(id)?;
    let (width, height) = (maximum + 2, maximum + 1);
    let picture = Picture::last_lines(output, 2 * height + 1)?;
    let mut line = String::with_capacity(width * height);
    for row in 0..height {
        for column in 0..width {
            let (middle, centre) = (2 * row + 1, 4 * column + 2);
            let sides = [
                ('L', column > 0, middle, centre - 2),
                ('R', column + 1 < width, middle, centre + 2),
                ('U', row > 0, middle - 1, centre),
                ('D', row + 1 < height, middle + 1, centre),
            ];
            let mut open = Vec::new();
            for (side, inside, at_line, at_column) in sides {
                if inside && picture.at(at_line, at_column)? == ' ' {
                    open.push(side);
                }
            }
            match open[..] {
                [side] => line.push(side),
                _ => {
                    return Err(unreadable(format!(
                        "the cell at row {}, column {} has {} open sides",
                        row + 1,
                        column + 1,
                        open.len()
                    )));
                }
            }
        }
    }
    Ok(line)
}
