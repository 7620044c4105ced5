//! The independent checker: it reads the puzzle's arrows and numbers and the
//! numbering, and nothing else (no rule, no model), so a bug in the rules
//! cannot hide behind it.

use thiserror::Error;

use crate::puzzle::{Numbering, Puzzle, cell_name};

/// The first thing wrong with a numbering.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// Not one number a cell.
    #[error("{found} numbers for {expected} cells")]
    Size {
        /// Numbers in the numbering.
        found: usize,
        /// Cells of the puzzle.
        expected: usize,
    },
    /// A number outside 1 to the number of cells, or one used twice.
    #[error("{cell} holds {number}, which is not a number of 1..={cells} left unused")]
    Number {
        /// The cell, as `r2c3`.
        cell: String,
        /// Its number.
        number: usize,
        /// How many cells there are.
        cells: usize,
    },
    /// A given number changed.
    #[error("{cell} is given {given}, but holds {number}")]
    Given {
        /// The cell.
        cell: String,
        /// Its given number.
        given: usize,
        /// The number it holds.
        number: usize,
    },
    /// The next number is not along the arrow.
    #[error("{number} at {from} does not point at {} at {to}", number + 1)]
    Arrow {
        /// The number whose arrow misses.
        number: usize,
        /// Its cell.
        from: String,
        /// The cell of the next number.
        to: String,
    },
}

/// Checks `solution` against every rule of `puzzle`: each number from 1 to
/// the number of cells once, the given numbers kept, and each number's arrow
/// pointing at the next one's cell (in the same row, column or diagonal, on
/// the arrow's side).
pub fn check(puzzle: &Puzzle, solution: &Numbering) -> Result<(), Violation> {
    let (width, cells) = (puzzle.width(), puzzle.cells());
    let numbers = solution.numbers();
    if numbers.len() != cells || solution.width() != width {
        return Err(Violation::Size {
            found: numbers.len(),
            expected: cells,
        });
    }
    let mut cell_of = vec![usize::MAX; cells + 1];
    for (cell, &number) in numbers.iter().enumerate() {
        if number == 0 || number > cells || cell_of[number] != usize::MAX {
            let cell = cell_name(width, cell);
            return Err(Violation::Number {
                cell,
                number,
                cells,
            });
        }
        cell_of[number] = cell;
        if let Some(given) = puzzle.givens()[cell].filter(|&given| given != number) {
            let cell = cell_name(width, cell);
            return Err(Violation::Given {
                cell,
                given,
                number,
            });
        }
    }
    for number in 1..cells {
        let (from, to) = (cell_of[number], cell_of[number + 1]);
        if !points_at(puzzle, from, to) {
            return Err(Violation::Arrow {
                number,
                from: cell_name(width, from),
                to: cell_name(width, to),
            });
        }
    }
    Ok(())
}

/// Whether the arrow of `from` points at `to`: the offset between them is a
/// positive multiple of the arrow's step.
fn points_at(puzzle: &Puzzle, from: usize, to: usize) -> bool {
    let width = puzzle.width() as isize;
    let (from, to) = (from as isize, to as isize);
    let rows = to / width - from / width;
    let columns = to % width - from % width;
    let (row_step, column_step) = puzzle.arrows()[from as usize].step();
    let distance = rows.abs().max(columns.abs());
    distance > 0 && rows == row_step * distance && columns == column_step * distance
}
