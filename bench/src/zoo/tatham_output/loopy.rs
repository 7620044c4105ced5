//! `loopysolver ID` (square grids, `t0`): the grid as `game_text_format`
//! draws it, `2H + 1` lines: the even lines hold the horizontal edges in
//! their odd columns (`-` on the loop, `x` off it), the odd lines the
//! vertical edges in their even columns (`|` on, `x` off) and the clues
//! between them.

use super::picture::Picture;
use super::{OutputError, refusal, unreadable, width_height};

/// What `loopysolver` prints instead of a grid.
const REFUSALS: [&str; 3] = [
    "Unable to find a unique solution",
    "Puzzle is inconsistent",
    "Unable to output non-square grids",
];

/// Reads Loopy's solution into the zoo's line: `1`/`0` for each edge on the
/// loop or not, the horizontal edges first ((H+1) rows of W), then the
/// vertical ones (H rows of W+1).
pub fn read_loopy(id: &str, output: &str) -> Result<String, OutputError> {
    if let Some(refused) = refusal(output, &REFUSALS) {
        return Err(refused);
    }
    let (width, height) = width_height(id)?;
    let picture = Picture::last_lines(output, 2 * height + 1)?;
    let mut line = String::with_capacity((height + 1) * width + height * (width + 1));
    let edge = |at_line: usize, at_column: usize, on: char| -> Result<char, OutputError> {
        match picture.at(at_line, at_column)? {
            found if found == on => Ok('1'),
            'x' => Ok('0'),
            _ => Err(unreadable(format!(
                "expected `{on}` or `x`, found {}",
                picture.describe(at_line, at_column)
            ))),
        }
    };
    for row in 0..=height {
        for column in 0..width {
            line.push(edge(2 * row, 2 * column + 1, '-')?);
        }
    }
    for row in 0..height {
        for column in 0..=width {
            line.push(edge(2 * row + 1, 2 * column, '|')?);
        }
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_edges_of_a_printed_loop() {
        // A 2x1 grid: the loop round both cells.
        let printed = " - - \n|2x2|\n - - \n";
        assert_eq!(read_loopy("2x1t0:22", printed).unwrap(), "1111101");
        assert!(matches!(
            read_loopy("2x1t0:22", "Unable to find a unique solution\n"),
            Err(OutputError::NoUniqueSolution(_))
        ));
        assert!(read_loopy("2x1t0:22", " - - \n| 2 |\n - - \n").is_err());
    }
}
