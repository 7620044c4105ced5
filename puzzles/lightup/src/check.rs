//! The independent checker: it reads the puzzle's data and the grid and
//! nothing else (no rule, no model), so a bug in the rules cannot hide
//! behind it. It walks out from each light in the four directions itself.

use thiserror::Error;

use crate::puzzle::{Cell, Grid, Puzzle, Square};

/// The first thing wrong with a grid.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The grid's size is not the puzzle's.
    #[error("the grid is {found:?} (width, height), the puzzle {expected:?}")]
    Size {
        /// The grid's width and height.
        found: (usize, usize),
        /// The puzzle's.
        expected: (usize, usize),
    },
    /// A wall where the puzzle has an empty square, or the other way round.
    #[error("row {}, column {}: the puzzle has {expected:?} there, the grid {found:?}", row + 1, column + 1)]
    Square {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// What the puzzle has.
        expected: Square,
        /// What the grid has.
        found: Cell,
    },
    /// Two lights that see each other.
    #[error("the lights at row {}, column {} and row {}, column {} see each other", first.0 + 1, first.1 + 1, second.0 + 1, second.1 + 1)]
    Seen {
        /// 0-based row and column of one.
        first: (usize, usize),
        /// And of the other.
        second: (usize, usize),
    },
    /// An empty square no light lights.
    #[error("row {}, column {} is not lit", row + 1, column + 1)]
    Dark {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
    },
    /// A numbered wall with another number of lights beside it.
    #[error("the {clue} at row {}, column {} has {} beside it", row + 1, column + 1, lights(*found))]
    Number {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// Its number.
        clue: u8,
        /// The lights beside it.
        found: usize,
    },
}

/// "1 light", "2 lights".
fn lights(count: usize) -> String {
    format!("{count} light{}", if count == 1 { "" } else { "s" })
}

/// Checks `grid` against every rule of `puzzle`: walls where the puzzle has
/// them, no light seeing another, every empty square lit, every number met.
pub fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), Violation> {
    let (width, height) = (puzzle.width(), puzzle.height());
    if (grid.width(), grid.height()) != (width, height) {
        return Err(Violation::Size {
            found: (grid.width(), grid.height()),
            expected: (width, height),
        });
    }
    let cells = grid.cells();
    for (index, (&square, &cell)) in puzzle.squares().iter().zip(cells).enumerate() {
        if square.is_wall() != (cell == Cell::Wall) {
            return Err(Violation::Square {
                row: index / width,
                column: index % width,
                expected: square,
                found: cell,
            });
        }
    }
    let at = |row: usize, column: usize| cells[row * width + column];
    let mut lit = vec![false; cells.len()];
    for row in 0..height {
        for column in 0..width {
            if at(row, column) != Cell::Light {
                continue;
            }
            lit[row * width + column] = true;
            for (down, across) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
                let (mut r, mut c) = (row as isize + down, column as isize + across);
                while r >= 0 && c >= 0 && (r as usize) < height && (c as usize) < width {
                    let (ru, cu) = (r as usize, c as usize);
                    match at(ru, cu) {
                        Cell::Wall => break,
                        Cell::Light => {
                            return Err(Violation::Seen {
                                first: (row, column).min((ru, cu)),
                                second: (row, column).max((ru, cu)),
                            });
                        }
                        Cell::Empty => lit[ru * width + cu] = true,
                    }
                    r += down;
                    c += across;
                }
            }
        }
    }
    if let Some(index) = (0..cells.len()).find(|&i| cells[i] == Cell::Empty && !lit[i]) {
        return Err(Violation::Dark {
            row: index / width,
            column: index % width,
        });
    }
    for (index, &square) in puzzle.squares().iter().enumerate() {
        let Square::Clue(clue) = square else { continue };
        let (row, column) = (index / width, index % width);
        let mut found = 0;
        if row > 0 && at(row - 1, column) == Cell::Light {
            found += 1;
        }
        if row + 1 < height && at(row + 1, column) == Cell::Light {
            found += 1;
        }
        if column > 0 && at(row, column - 1) == Cell::Light {
            found += 1;
        }
        if column + 1 < width && at(row, column + 1) == Cell::Light {
            found += 1;
        }
        if found != usize::from(clue) {
            return Err(Violation::Number {
                row,
                column,
                clue,
                found,
            });
        }
    }
    Ok(())
}
