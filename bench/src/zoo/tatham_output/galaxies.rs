//! `galaxiessolver ID`: its working, then the grid on the grid of half cells as
//! `game_text_format` draws it (`+` corners, `-` and `|` for the walls between
//! regions, `o` for each dot, a letter in each cell), a blank line and `Puzzle is
//! Normal.` (or `Unreasonable.`). The regions are read by walking from each dot's
//! cells through the edges without a wall.

use super::picture::Picture;
use super::{OutputError, refusal, unreadable, width_height};

/// What `galaxiessolver` prints instead of a solution.
const REFUSALS: [&str; 3] = [
    "Puzzle is Impossible.",
    "Puzzle is Ambiguous.",
    "Puzzle is Unfinished.",
];

/// Reads Galaxies' solution into the zoo's line: each cell's dot index in base 36
/// (modulo 36), the dots numbered row by row on the grid of half cells.
pub fn read_galaxies(id: &str, output: &str) -> Result<String, OutputError> {
    if let Some(refused) = refusal(output, &REFUSALS) {
        return Err(refused);
    }
    let (width, height) = width_height(id)?;
    let picture = Picture::before_marker(output, "Puzzle is", 2 * height + 2)?;
    let mut owner: Vec<Option<usize>> = vec![None; width * height];
    let mut stack = Vec::new();
    let mut dots = 0;
    for y in 0..=2 * height {
        for x in 0..=2 * width {
            if picture.at(y, x)? != 'o' {
                continue;
            }
            for cell in touching(width, height, x, y) {
                if owner[cell].is_some_and(|dot| dot != dots) {
                    return Err(unreadable(format!(
                        "two dots touch {}",
                        picture.describe(y, x)
                    )));
                }
                owner[cell] = Some(dots);
                stack.push(cell);
            }
            dots += 1;
        }
    }
    while let Some(cell) = stack.pop() {
        let (row, column) = (cell / width, cell % width);
        let (line, at) = (2 * row + 1, 2 * column + 1);
        let mut open = Vec::with_capacity(4);
        if column + 1 < width && picture.at(line, at + 1)? != '|' {
            open.push(cell + 1);
        }
        if column > 0 && picture.at(line, at - 1)? != '|' {
            open.push(cell - 1);
        }
        if row + 1 < height && picture.at(line + 1, at)? != '-' {
            open.push(cell + width);
        }
        if row > 0 && picture.at(line - 1, at)? != '-' {
            open.push(cell - width);
        }
        for next in open {
            match owner[next] {
                None => {
                    owner[next] = owner[cell];
                    stack.push(next);
                }
                Some(dot) if Some(dot) != owner[cell] => {
                    return Err(unreadable(format!(
                        "no wall between two regions at {}",
                        picture.describe(line, at)
                    )));
                }
                Some(_) => {}
            }
        }
    }
    owner
        .iter()
        .map(|dot| {
            let dot = dot.ok_or_else(|| unreadable("a cell that no dot's region reaches"))?;
            Ok(char::from_digit((dot % 36) as u32, 36).unwrap_or('?'))
        })
        .collect()
}

/// The cells a dot at (`x`, `y`) on the grid of half cells touches: the cell it
/// marks the centre of, the two beside its edge, or the four round its corner.
fn touching(width: usize, height: usize, x: usize, y: usize) -> Vec<usize> {
    let around = |at: usize, cells: usize| -> Vec<usize> {
        if at % 2 == 1 {
            vec![at / 2]
        } else {
            [at / 2 - 1, at / 2]
                .into_iter()
                .filter(|&index| at > 0 && index < cells)
                .collect()
        }
    };
    let columns = around(x, width);
    around(y, height)
        .into_iter()
        .flat_map(|row| columns.iter().map(move |&column| row * width + column))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_regions_round_the_dots() {
        let printed = "Setting 5,1 --> 5,1 (next to dot).\n\
                       +-+-+-+-+-+\n\
                       |W W|o|WoW|\n\
                       + + +-+-+-+\n\
                       |W W|W o W|\n\
                       + + +-+-+-+\n\
                       |W o W|W W|\n\
                       +-+ + + + +\n\
                       |W|W W|WoW|\n\
                       +o+ + + + +\n\
                       |W|W W|W W|\n\
                       +-+-+-+-+-+\n\
                       \n\
                       Puzzle is Normal.\n";
        assert_eq!(
            read_galaxies("5x5dn:ecqnwb", printed).unwrap(),
            "3301133222333445334453344"
        );
        assert!(matches!(
            read_galaxies("3x3:cjj", "+-+-+-+\n\nPuzzle is Ambiguous.\n"),
            Err(OutputError::NoUniqueSolution(_))
        ));
    }
}
