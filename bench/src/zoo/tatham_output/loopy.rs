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
        // `loopysolver 3x3t0de:c303c`, as it prints it; the answer is the one
        // in the loopy crate's Tatham test data.
        let printed = " x - x \nx | | x\n - x - \n|3x0x3|\n - x - \nx | | x\n x - x \n";
        let id = "3x3t0de:c303c";
        assert_eq!(read_loopy(id, printed).unwrap(), "010101101010011010010110");
        assert!(matches!(
            read_loopy(id, "Unable to find a unique solution\n"),
            Err(OutputError::NoUniqueSolution(_))
        ));
        // An undecided edge is no answer the harness can compare.
        let undecided = printed.replacen('-', " ", 1);
        assert!(matches!(
            read_loopy(id, &undecided),
            Err(OutputError::Unreadable(_))
        ));
    }
}
