//! The independent checker: it reads the puzzle's data and the grid and
//! nothing else (no rule, no model), so a bug in the rules cannot hide
//! behind it. The pairing of trees with tents is found here by its own
//! augmenting paths.

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
    /// A square that disagrees with the puzzle: a tree missing or added, or
    /// a marked square changed.
    #[error("row {}, column {}: the puzzle has {expected:?} there, the grid {found:?}", row + 1, column + 1)]
    Square {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// What the puzzle says.
        expected: Square,
        /// What the grid has.
        found: Cell,
    },
    /// A column or row with another number of tents than its count.
    #[error("{line} holds {found} tents, not {expected}")]
    Count {
        /// "column 3" or "row 5".
        line: String,
        /// Its count.
        expected: usize,
        /// The tents in it.
        found: usize,
    },
    /// Two tents that touch, even diagonally.
    #[error("the tents at row {}, column {} and row {}, column {} touch", first.0 + 1, first.1 + 1, second.0 + 1, second.1 + 1)]
    Touching {
        /// 0-based row and column of one.
        first: (usize, usize),
        /// And of the other.
        second: (usize, usize),
    },
    /// No way to give every tree a tent of its own beside it, and every tent
    /// a tree.
    #[error("the {trees} trees and {tents} tents cannot be paired, each tent beside its own tree")]
    Pairing {
        /// How many trees.
        trees: usize,
        /// How many tents.
        tents: usize,
    },
}

/// Checks `grid` against every rule of `puzzle`: trees where the puzzle has
/// them, marks kept, the counts, no two tents touching, and a one-to-one
/// pairing of trees with tents beside them.
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
        let agrees = match square {
            Square::Tree => cell == Cell::Tree,
            Square::MarkedTent => cell == Cell::Tent,
            Square::MarkedGrass => cell == Cell::Grass,
            Square::Open => cell != Cell::Tree,
        };
        if !agrees {
            return Err(Violation::Square {
                row: index / width,
                column: index % width,
                expected: square,
                found: cell,
            });
        }
    }
    let is_tent = |row: usize, column: usize| cells[row * width + column] == Cell::Tent;
    for (column, &expected) in puzzle.column_counts().iter().enumerate() {
        let found = (0..height).filter(|&row| is_tent(row, column)).count();
        if found != expected {
            return Err(Violation::Count {
                line: format!("column {}", column + 1),
                expected,
                found,
            });
        }
    }
    for (row, &expected) in puzzle.row_counts().iter().enumerate() {
        let found = (0..width).filter(|&column| is_tent(row, column)).count();
        if found != expected {
            return Err(Violation::Count {
                line: format!("row {}", row + 1),
                expected,
                found,
            });
        }
    }
    for row in 0..height {
        for column in 0..width {
            if !is_tent(row, column) {
                continue;
            }
            // Looking right, and at the row below: each touching pair once.
            let later = [(0, 1), (1, -1), (1, 0), (1, 1)];
            for (down, across) in later {
                let (r, c) = (row + down, column as isize + across);
                if r < height && c >= 0 && (c as usize) < width && is_tent(r, c as usize) {
                    return Err(Violation::Touching {
                        first: (row, column),
                        second: (r, c as usize),
                    });
                }
            }
        }
    }
    paired(width, height, cells)
}

/// Whether trees and tents pair off one to one, each tent beside its tree:
/// a matching of every tree found by augmenting paths (Kuhn's algorithm),
/// with as many tents as trees.
fn paired(width: usize, height: usize, cells: &[Cell]) -> Result<(), Violation> {
    let trees: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i] == Cell::Tree)
        .collect();
    let tents = cells.iter().filter(|&&cell| cell == Cell::Tent).count();
    let failure = Violation::Pairing {
        trees: trees.len(),
        tents,
    };
    if trees.len() != tents {
        return Err(failure);
    }
    let beside = |square: usize| {
        let (row, column) = (square / width, square % width);
        let mut out = Vec::with_capacity(4);
        if row > 0 {
            out.push(square - width);
        }
        if row + 1 < height {
            out.push(square + width);
        }
        if column > 0 {
            out.push(square - 1);
        }
        if column + 1 < width {
            out.push(square + 1);
        }
        out.retain(|&next| cells[next] == Cell::Tent);
        out
    };
    let options: Vec<Vec<usize>> = trees.iter().map(|&tree| beside(tree)).collect();
    // The tree (index into `trees`) each tent square is paired with.
    let mut partner: Vec<Option<usize>> = vec![None; cells.len()];
    for tree in 0..trees.len() {
        let mut visited = vec![false; cells.len()];
        if !augment(tree, &options, &mut partner, &mut visited) {
            return Err(failure);
        }
    }
    Ok(())
}

/// Pairs `tree` with a tent, moving other trees to other tents if need be.
fn augment(
    tree: usize,
    options: &[Vec<usize>],
    partner: &mut [Option<usize>],
    visited: &mut [bool],
) -> bool {
    for &tent in &options[tree] {
        if std::mem::replace(&mut visited[tent], true) {
            continue;
        }
        let free = match partner[tent] {
            None => true,
            Some(other) => augment(other, options, partner, visited),
        };
        if free {
            partner[tent] = Some(tree);
            return true;
        }
    }
    false
}
