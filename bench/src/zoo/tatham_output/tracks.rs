//! `trackssolver ID`: the grid as `game_text_format` draws it, `2H + 3` lines:
//! the column counts; the top border; each row of cells (`A-` in front of
//! the entrance row, then a character a cell and after it `-` where the
//! track goes right) with its count, and between rows a line with `|` under
//! each cell whose track goes down; the bottom border, with `|` under the
//! exit column; and the `B` that marks the exit. A given piece shows as `C`,
//! so every cell's connections are read from the links around it, not from
//! its character.

use super::picture::Picture;
use super::{OutputError, refusal, unreadable, width_height};

/// What `trackssolver` prints instead of, or after, a grid.
const REFUSALS: [&str; 2] = [
    "Could not deduce a unique solution",
    "Puzzle is inconsistent",
];

/// Reads Tracks' solution into the zoo's line: each cell's connections as one
/// hex digit, up 1, right 2, down 4, left 8, the entrance cell leading left
/// and the exit cell down, off the grid.
pub fn read_tracks(id: &str, output: &str) -> Result<String, OutputError> {
    if let Some(refused) = refusal(output, &REFUSALS) {
        return Err(refused);
    }
    let (width, height) = width_height(id)?;
    let picture = Picture::last_lines(output, 2 * height + 3)?;
    // Line 2 + 2y is row y; line 3 + 2y the links below it (the bottom border
    // for the last row).
    let linked = |at_line: usize, at_column: usize, mark: char| -> Result<bool, OutputError> {
        Ok(picture.at(at_line, at_column)? == mark)
    };
    let mut line = String::with_capacity(width * height);
    for row in 0..height {
        let (cells, below) = (2 + 2 * row, 3 + 2 * row);
        for column in 0..width {
            let at = 2 + 2 * column;
            let up = row > 0 && linked(below - 2, at, '|')?;
            let right = column + 1 < width && linked(cells, at + 1, '-')?;
            let down = linked(below, at, '|')?;
            let left = linked(cells, at - 1, '-')?;
            let mask =
                u32::from(up) | u32::from(right) << 1 | u32::from(down) << 2 | u32::from(left) << 3;
            if mask != 0 && mask.count_ones() != 2 {
                return Err(unreadable(format!(
                    "the cell at line {}, column {} has {} links",
                    cells + 1,
                    at + 1,
                    mask.count_ones()
                )));
            }
            line.push(char::from_digit(mask, 16).unwrap_or('?'));
        }
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_printed_track_with_its_given_pieces() {
        // `trackssolver 4x4de:Cm9a,3,1,S3,3,S1,3,4,2`, as it prints it; the
        // answer is the one in the tracks crate's docs.
        let printed = "  3 1 3 3 \n +-------+\nA-C x x x|1\n ||      |\n || x /-\\|3\n \
                       ||   | ||\n |\\---/ ||4\n |      ||\n |x x C-/|2\n +----|--+\n      B  \n";
        let id = "4x4de:Cm9a,3,1,S3,3,S1,3,4,2";
        assert_eq!(read_tracks(id, printed).unwrap(), "c000506c3a950069");
        let unsure = format!("{printed}Could not deduce a unique solution\n");
        assert!(matches!(
            read_tracks(id, &unsure),
            Err(OutputError::NoUniqueSolution(_))
        ));
    }
}
