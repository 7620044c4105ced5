//! The independent checker: it reads the puzzle's data and the grid and
//! nothing else (no rule, no model, nothing of the model's arithmetic), so a
//! bug in the rules cannot hide behind it.

use thiserror::Error;

use crate::puzzle::{Grid, Operation, Puzzle};

/// The first thing wrong with a grid.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The grid's size is not the puzzle's.
    #[error("the grid is {found}×{found}, the puzzle {expected}×{expected}")]
    Size {
        /// The grid's N.
        found: usize,
        /// The puzzle's N.
        expected: usize,
    },
    /// A value outside `1..=N`.
    #[error("row {}, column {}: {value} is not a value of 1..={size}", row + 1, column + 1)]
    Range {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// The value.
        value: u8,
        /// N.
        size: usize,
    },
    /// A value twice in a row or a column.
    #[error("{line} holds {value} twice")]
    Repeated {
        /// "row 2" or "column 5".
        line: String,
        /// The value.
        value: u8,
    },
    /// A cage whose values do not make its clue.
    #[error("the {clue} cage at row {}, column {} holds {values:?}, which do not make {clue}", first.0 + 1, first.1 + 1)]
    Cage {
        /// The clue, such as `12×`.
        clue: String,
        /// 0-based row and column of the cage's first cell.
        first: (usize, usize),
        /// The cage's values, in the order of its cells.
        values: Vec<u8>,
    },
}

/// Checks `grid` against every rule of `puzzle`: a Latin square of
/// `1..=N`, and each cage's arithmetic.
pub fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), Violation> {
    let size = puzzle.size();
    if grid.size() != size {
        return Err(Violation::Size {
            found: grid.size(),
            expected: size,
        });
    }
    let values = grid.values();
    for (cell, &value) in values.iter().enumerate() {
        if value == 0 || usize::from(value) > size {
            return Err(Violation::Range {
                row: cell / size,
                column: cell % size,
                value,
                size,
            });
        }
    }
    for index in 0..size {
        // Bit v set: v seen in this row (rows) or column (columns).
        let (mut rows, mut columns) = (0u64, 0u64);
        for other in 0..size {
            let across = values[index * size + other];
            let down = values[other * size + index];
            for (seen, value, line) in [(&mut rows, across, "row"), (&mut columns, down, "column")]
            {
                let bit = 1u64 << value;
                if *seen & bit != 0 {
                    return Err(Violation::Repeated {
                        line: format!("{line} {}", index + 1),
                        value,
                    });
                }
                *seen |= bit;
            }
        }
    }
    for cage in puzzle.cages() {
        let held: Vec<u8> = cage.cells.iter().map(|&cell| values[cell]).collect();
        let wide: Vec<u128> = held.iter().map(|&value| u128::from(value)).collect();
        let goal = u128::from(cage.target);
        let made = match (cage.operation, wide.as_slice()) {
            (Operation::Add, _) => wide.iter().sum::<u128>() == goal,
            (Operation::Multiply, _) => wide
                .iter()
                .try_fold(1u128, |product, &value| product.checked_mul(value))
                .is_some_and(|product| product == goal),
            (Operation::Subtract, &[x, y]) => x.max(y) - x.min(y) == goal,
            (Operation::Divide, &[x, y]) => x.max(y) == x.min(y) * goal,
            _ => false,
        };
        if !made {
            let first = cage.cells[0];
            return Err(Violation::Cage {
                clue: cage.clue(),
                first: (first / size, first % size),
                values: held,
            });
        }
    }
    Ok(())
}
