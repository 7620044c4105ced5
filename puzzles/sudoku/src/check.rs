//! An independent solution validator.
//!
//! It shares no code with the solving rules nor with [`crate::shape`]'s unit
//! lists: it recomputes rows, columns and boxes by plain arithmetic from the
//! box sides, so a bug in the rules or in the unit tables cannot hide itself.

use crate::grid::Grid;
use crate::shape::{CellPos, Shape, UnitKind};
use crate::symbols;

/// What is wrong with a proposed solution.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// The solution's box shape differs from the puzzle's.
    #[error("the puzzle has {puzzle} boxes but the solution has {solution} boxes")]
    ShapeMismatch {
        /// The puzzle's shape.
        puzzle: Shape,
        /// The solution's shape.
        solution: Shape,
    },
    /// A cell of the solution is blank.
    #[error("{cell} is empty")]
    Empty {
        /// The blank cell.
        cell: CellPos,
    },
    /// The solution changes a given.
    #[error("{cell} is given as {given} but the solution holds {found}")]
    ChangedGiven {
        /// The cell.
        cell: CellPos,
        /// The given, as written.
        given: String,
        /// The solution's value, as written.
        found: String,
    },
    /// A value appears twice in a row, column or box.
    #[error("{unit} {index} holds {label} twice: {first} and {second}")]
    Repeated {
        /// Row, column or box.
        unit: UnitKind,
        /// The unit's 1-based number.
        index: usize,
        /// The repeated value, as written.
        label: String,
        /// The first cell holding it.
        first: CellPos,
        /// The second cell holding it.
        second: CellPos,
    },
}

/// Checks that `solution` solves `puzzle`: same shape, complete, agreeing with
/// every given, and every row, column and box a permutation of the values.
///
/// Cells are examined in reading order, then the rows, the columns and the
/// boxes; the first fault found is reported.
pub fn check_solution(puzzle: &Grid, solution: &Grid) -> Result<(), Violation> {
    if puzzle.shape() != solution.shape() {
        return Err(Violation::ShapeMismatch {
            puzzle: puzzle.shape(),
            solution: solution.shape(),
        });
    }
    let size = solution.size();
    let position = |cell: usize| CellPos {
        row: cell / size,
        col: cell % size,
    };
    for (cell, (&given, &found)) in puzzle.cells().iter().zip(solution.cells()).enumerate() {
        let Some(found) = found else {
            return Err(Violation::Empty {
                cell: position(cell),
            });
        };
        match given {
            Some(given) if given != found => {
                return Err(Violation::ChangedGiven {
                    cell: position(cell),
                    given: symbols::label(size, given),
                    found: symbols::label(size, found),
                });
            }
            _ => {}
        }
    }
    let box_rows = solution.shape().box_rows();
    let box_cols = solution.shape().box_cols();
    for index in 0..size {
        let row = (0..size).map(|k| index * size + k);
        check_unit(solution, UnitKind::Row, index, row)?;
    }
    for index in 0..size {
        let column = (0..size).map(|k| k * size + index);
        check_unit(solution, UnitKind::Column, index, column)?;
    }
    for index in 0..size {
        let top = index / box_rows * box_rows;
        let left = index % box_rows * box_cols;
        let block = (0..size).map(|k| (top + k / box_cols) * size + left + k % box_cols);
        check_unit(solution, UnitKind::Box, index, block)?;
    }
    Ok(())
}

/// Checks that the N cells of one unit hold N different values.
fn check_unit(
    solution: &Grid,
    unit: UnitKind,
    index: usize,
    cells: impl Iterator<Item = usize>,
) -> Result<(), Violation> {
    let size = solution.size();
    let mut first_holder: Vec<Option<usize>> = vec![None; size];
    for cell in cells {
        let Some(value) = solution.get(cell) else {
            continue;
        };
        let slot = &mut first_holder[usize::from(value)];
        if let Some(first) = *slot {
            return Err(Violation::Repeated {
                unit,
                index: index + 1,
                label: symbols::label(size, value),
                first: CellPos {
                    row: first / size,
                    col: first % size,
                },
                second: CellPos {
                    row: cell / size,
                    col: cell % size,
                },
            });
        }
        *slot = Some(cell);
    }
    Ok(())
}
