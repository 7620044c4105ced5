//! The independent solution checker: it reads the puzzle's data and the grid
//! and nothing else (no rule, no model, no unit table of the crate), and
//! recomputes every house by plain arithmetic — rows, columns, regular boxes
//! from the box sides, the diagonals — or from the block numbers the ID
//! gave, so a bug in the rules cannot hide behind it.

use thiserror::Error;

use crate::solo::puzzle::{SoloGrid, SoloPuzzle};

/// The first thing wrong with a grid.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SoloViolation {
    /// The grid's size is not the puzzle's.
    #[error("the grid is {found}×{found}, the puzzle {expected}×{expected}")]
    Size {
        /// The grid's N.
        found: usize,
        /// The puzzle's N.
        expected: usize,
    },
    /// A value outside `1..=N`.
    #[error("r{}c{}: {value} is not a value of 1..={size}", row + 1, column + 1)]
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
    /// A given cell changed.
    #[error("r{}c{}: the given {given} became {value}", row + 1, column + 1)]
    Given {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// The given.
        given: u8,
        /// The grid's value.
        value: u8,
    },
    /// A value twice in a house.
    #[error("{house} holds {value} twice")]
    Repeated {
        /// "row 2", "column 5", "block 3", "the diagonal from r1c1", "the cage at r4c4".
        house: String,
        /// The value.
        value: u8,
    },
    /// A cage whose values do not add up to its sum.
    #[error("the cage at r{}c{} adds up to {found}, not {sum}", row + 1, column + 1)]
    Sum {
        /// 0-based row of the cage's first cell.
        row: usize,
        /// 0-based column of the cage's first cell.
        column: usize,
        /// The clue.
        sum: u32,
        /// The grid's total.
        found: u32,
    },
}

/// Checks `grid` against every rule of `puzzle`.
pub fn check_solo(puzzle: &SoloPuzzle, grid: &SoloGrid) -> Result<(), SoloViolation> {
    let size = puzzle.box_rows * puzzle.box_cols;
    if grid.size() != size {
        return Err(SoloViolation::Size {
            found: grid.size(),
            expected: size,
        });
    }
    let values = grid.values();
    for (cell, &value) in values.iter().enumerate() {
        let (row, column) = (cell / size, cell % size);
        if value == 0 || usize::from(value) > size {
            return Err(SoloViolation::Range {
                row,
                column,
                value,
                size,
            });
        }
        if let Some(given) = puzzle.givens[cell]
            && given != value
        {
            return Err(SoloViolation::Given {
                row,
                column,
                given,
                value,
            });
        }
    }
    let no_repeat = |house: &dyn Fn() -> String, cells: &mut dyn Iterator<Item = usize>| {
        let mut seen = 0u64;
        for cell in cells {
            let value = values[cell];
            if seen & (1 << value) != 0 {
                return Err(SoloViolation::Repeated {
                    house: house(),
                    value,
                });
            }
            seen |= 1 << value;
        }
        Ok(())
    };
    for index in 0..size {
        no_repeat(
            &|| format!("row {}", index + 1),
            &mut (0..size).map(|k| index * size + k),
        )?;
        no_repeat(
            &|| format!("column {}", index + 1),
            &mut (0..size).map(|k| k * size + index),
        )?;
    }
    if puzzle.jigsaw {
        // The blocks as the ID drew them: N cells of each block number.
        for block in 0..size {
            no_repeat(
                &|| format!("block {}", block + 1),
                &mut (0..size * size).filter(|&cell| puzzle.blocks[cell] == block),
            )?;
        }
    } else {
        let (tall, wide) = (puzzle.box_rows, puzzle.box_cols);
        for top in (0..size).step_by(tall) {
            for left in (0..size).step_by(wide) {
                no_repeat(
                    &|| format!("the box at r{}c{}", top + 1, left + 1),
                    &mut (0..tall * wide).map(|k| (top + k / wide) * size + left + k % wide),
                )?;
            }
        }
    }
    if puzzle.x {
        no_repeat(
            &|| "the diagonal from r1c1".to_string(),
            &mut (0..size).map(|k| k * (size + 1)),
        )?;
        no_repeat(
            &|| format!("the diagonal from r1c{size}"),
            &mut (1..=size).map(|k| k * (size - 1)),
        )?;
    }
    for cage in &puzzle.cages {
        let first = cage.cells[0];
        let (row, column) = (first / size, first % size);
        no_repeat(
            &|| format!("the cage at r{}c{}", row + 1, column + 1),
            &mut cage.cells.iter().copied(),
        )?;
        let found: u32 = cage.cells.iter().map(|&cell| u32::from(values[cell])).sum();
        if let Some(sum) = cage.sum
            && found != sum
        {
            return Err(SoloViolation::Sum {
                row,
                column,
                sum,
                found,
            });
        }
    }
    Ok(())
}
