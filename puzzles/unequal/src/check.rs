//! The independent solution checker: it reads the puzzle's data and the
//! grid and nothing else (no rule, no model), so a bug in the rules cannot
//! hide behind it.

use thiserror::Error;

use crate::puzzle::{Grid, Mode, Puzzle};

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
    /// A given cell changed.
    #[error("row {}, column {}: the given {given} became {value}", row + 1, column + 1)]
    Given {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// The given value.
        given: u8,
        /// The grid's value.
        value: u8,
    },
    /// A value twice in a row or a column.
    #[error("{line} holds {value} twice")]
    Repeated {
        /// "row 2" or "column 5".
        line: String,
        /// The value.
        value: u8,
    },
    /// Two neighbours break their mark (or, in the adjacent mode, the absence of one).
    #[error("cells ({}, {}) = {} and ({}, {}) = {}: {rule}", a.0 + 1, a.1 + 1, a.2, b.0 + 1, b.1 + 1, b.2)]
    Mark {
        /// Row, column and value of one cell.
        a: (usize, usize, u8),
        /// Row, column and value of the other.
        b: (usize, usize, u8),
        /// What they break.
        rule: &'static str,
    },
}

/// Checks `grid` against every rule of `puzzle`.
pub fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), Violation> {
    let size = puzzle.size();
    if grid.size() != size {
        return Err(Violation::Size {
            found: grid.size(),
            expected: size,
        });
    }
    let at = |row: usize, column: usize| grid.values()[row * size + column];
    for row in 0..size {
        for column in 0..size {
            let value = at(row, column);
            if value == 0 || usize::from(value) > size {
                return Err(Violation::Range {
                    row,
                    column,
                    value,
                    size,
                });
            }
            if let Some(given) = puzzle.givens()[row * size + column]
                && given != value
            {
                return Err(Violation::Given {
                    row,
                    column,
                    given,
                    value,
                });
            }
        }
    }
    for index in 0..size {
        let mut in_row = vec![false; size + 1];
        let mut in_column = vec![false; size + 1];
        for other in 0..size {
            for (seen, value, line) in [
                (&mut in_row, at(index, other), "row"),
                (&mut in_column, at(other, index), "column"),
            ] {
                if std::mem::replace(&mut seen[usize::from(value)], true) {
                    return Err(Violation::Repeated {
                        line: format!("{line} {}", index + 1),
                        value,
                    });
                }
            }
        }
    }
    let place = |cell: usize| (cell / size, cell % size, grid.values()[cell]);
    for sign in puzzle.signs() {
        let (greater, less) = (place(sign.greater), place(sign.less));
        if greater.2 <= less.2 {
            return Err(Violation::Mark {
                a: greater,
                b: less,
                rule: "the sign says the first is greater",
            });
        }
    }
    if puzzle.mode() == Mode::Adjacent {
        for row in 0..size {
            for column in 0..size {
                let cell = row * size + column;
                let right = (column + 1 < size).then_some(cell + 1);
                let below = (row + 1 < size).then_some(cell + size);
                for other in right.into_iter().chain(below) {
                    let (a, b) = (place(cell), place(other));
                    let by_one = a.2.abs_diff(b.2) == 1;
                    let bar = puzzle.bars().contains(&(cell, other));
                    if bar && !by_one {
                        return Err(Violation::Mark {
                            a,
                            b,
                            rule: "a bar joins them, so they must differ by one",
                        });
                    }
                    if !bar && by_one {
                        return Err(Violation::Mark {
                            a,
                            b,
                            rule: "no bar joins them, so they must not differ by one",
                        });
                    }
                }
            }
        }
    }
    Ok(())
}
