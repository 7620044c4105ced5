//! The independent checker: it reads the puzzle's data and the picture and
//! nothing else (no rule, no automaton), so a bug in the rules cannot hide
//! behind it.

use thiserror::Error;

use crate::puzzle::{Line, Picture, Puzzle, clue_text};

/// The first thing wrong with a picture.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The picture's size is not the puzzle's.
    #[error("the picture is {}×{}, the puzzle {}×{}", found.0, found.1, expected.0, expected.1)]
    Size {
        /// The picture's width and height.
        found: (usize, usize),
        /// The puzzle's width and height.
        expected: (usize, usize),
    },
    /// A given cell that the picture shows otherwise.
    #[error("r{}c{} is given {}", row + 1, column + 1, if *filled { "filled" } else { "empty" })]
    Given {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// Whether the puzzle gives it filled.
        filled: bool,
    },
    /// A line whose runs are not its clue.
    #[error(
        "{line} shows the runs {}, its clue is {}",
        clue_text(found),
        clue_text(expected)
    )]
    Runs {
        /// The line.
        line: Line,
        /// The runs the picture shows there.
        found: Vec<usize>,
        /// The clue.
        expected: Vec<usize>,
    },
}

/// The lengths of the runs of `true` in `cells`, in order.
fn runs_of(cells: impl Iterator<Item = bool>) -> Vec<usize> {
    let mut runs = Vec::new();
    let mut current = 0;
    for filled in cells.chain(std::iter::once(false)) {
        if filled {
            current += 1;
        } else if current > 0 {
            runs.push(current);
            current = 0;
        }
    }
    runs
}

/// Checks `picture` against every rule of `puzzle`: its size, the given
/// cells, and the runs of each column and row.
pub fn check(puzzle: &Puzzle, picture: &Picture) -> Result<(), Violation> {
    let (width, height) = (puzzle.width(), puzzle.height());
    if (picture.width(), picture.height()) != (width, height) {
        return Err(Violation::Size {
            found: (picture.width(), picture.height()),
            expected: (width, height),
        });
    }
    let filled = picture.filled();
    for (cell, given) in puzzle.givens().iter().enumerate() {
        if let Some(given) = *given
            && filled[cell] != given
        {
            return Err(Violation::Given {
                row: cell / width,
                column: cell % width,
                filled: given,
            });
        }
    }
    for column in 0..width {
        let found = runs_of((0..height).map(|row| filled[row * width + column]));
        compare(puzzle, Line::Column(column), found)?;
    }
    for (row, cells) in filled.chunks(width).enumerate() {
        compare(puzzle, Line::Row(row), runs_of(cells.iter().copied()))?;
    }
    Ok(())
}

fn compare(puzzle: &Puzzle, line: Line, found: Vec<usize>) -> Result<(), Violation> {
    let expected = puzzle.runs(line);
    if found == expected {
        return Ok(());
    }
    Err(Violation::Runs {
        line,
        found,
        expected: expected.to_vec(),
    })
}
