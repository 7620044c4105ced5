//! The independent checker: it reads the puzzle's data and the grid and
//! nothing else (no rule, no automaton), so a bug in the rules cannot hide
//! behind it.

use thiserror::Error;

use crate::puzzle::{Grid, Line, Puzzle};

/// The first thing wrong with a grid.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The grid's size is not the puzzle's.
    #[error("the grid is {}×{}, the puzzle {}×{}", found.0, found.1, expected.0, expected.1)]
    Size {
        /// The grid's width and height.
        found: (usize, usize),
        /// The puzzle's width and height.
        expected: (usize, usize),
    },
    /// A given cell that the grid holds otherwise.
    #[error("r{}c{} is given {}", row + 1, column + 1, u8::from(*one))]
    Given {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// The given value: `true` for 1.
        one: bool,
    },
    /// A line without as many 1s as 0s.
    #[error("{line} holds {ones} 1s of its {length} cells")]
    Count {
        /// The line.
        line: Line,
        /// Its 1s.
        ones: usize,
        /// Its length.
        length: usize,
    },
    /// Three alike in a row.
    #[error("{line} holds three {}s in a row from its cell {}", u8::from(*one), start + 1)]
    Three {
        /// The line.
        line: Line,
        /// The 0-based position of the first of the three in the line.
        start: usize,
        /// Whether they are 1s.
        one: bool,
    },
    /// Two rows or two columns the same, in the unique mode.
    #[error("{first} and {second} are the same")]
    Same {
        /// The first line.
        first: Line,
        /// The second line.
        second: Line,
    },
}

/// Checks `grid` against every rule of `puzzle`: its size, the given cells,
/// the count and the threes of each row and column, and in the unique mode
/// that no two rows and no two columns are the same.
pub fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), Violation> {
    let (width, height) = (puzzle.width(), puzzle.height());
    if (grid.width(), grid.height()) != (width, height) {
        return Err(Violation::Size {
            found: (grid.width(), grid.height()),
            expected: (width, height),
        });
    }
    let ones = grid.ones();
    for (cell, given) in puzzle.givens().iter().enumerate() {
        if let Some(one) = *given
            && ones[cell] != one
        {
            return Err(Violation::Given {
                row: cell / width,
                column: cell % width,
                one,
            });
        }
    }
    let rows: Vec<(Line, Vec<bool>)> = (0..height)
        .map(|row| {
            (
                Line::Row(row),
                ones[row * width..(row + 1) * width].to_vec(),
            )
        })
        .collect();
    let columns: Vec<(Line, Vec<bool>)> = (0..width)
        .map(|column| {
            let cells = (0..height).map(|row| ones[row * width + column]).collect();
            (Line::Column(column), cells)
        })
        .collect();
    for group in [&rows, &columns] {
        for (line, cells) in group {
            check_line(*line, cells)?;
        }
        if puzzle.unique() {
            for (index, (first, cells)) in group.iter().enumerate() {
                if let Some((second, _)) =
                    group[index + 1..].iter().find(|(_, other)| other == cells)
                {
                    return Err(Violation::Same {
                        first: *first,
                        second: *second,
                    });
                }
            }
        }
    }
    Ok(())
}

/// One line's count and threes.
fn check_line(line: Line, cells: &[bool]) -> Result<(), Violation> {
    let ones = cells.iter().filter(|&&one| one).count();
    if 2 * ones != cells.len() {
        return Err(Violation::Count {
            line,
            ones,
            length: cells.len(),
        });
    }
    for (start, three) in cells.windows(3).enumerate() {
        if three[0] == three[1] && three[1] == three[2] {
            return Err(Violation::Three {
                line,
                start,
                one: three[0],
            });
        }
    }
    Ok(())
}
