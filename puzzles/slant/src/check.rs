//! The independent checker: it reads the puzzle's clues and the grid and
//! nothing else (no rule, no model), so a bug in the rules cannot hide
//! behind it. Loops are found by a union-find of its own over the corners.

use thiserror::Error;

use crate::puzzle::{Diagonal, Grid, Puzzle};

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
    /// A corner touched by another number of lines than its clue.
    #[error("the corner at row {}, column {} is touched by {lines} lines, its clue says {clue}", corner.0 + 1, corner.1 + 1)]
    Clue {
        /// 0-based row and column of the corner.
        corner: (usize, usize),
        /// The clue.
        clue: u8,
        /// How many lines touch it.
        lines: u8,
    },
    /// A diagonal that closes a loop with the ones before it (row by row).
    #[error("the {} at row {}, column {} closes a loop", diagonal.symbol(), cell.0 + 1, cell.1 + 1)]
    Loop {
        /// 0-based row and column of the cell.
        cell: (usize, usize),
        /// Its diagonal.
        diagonal: Diagonal,
    },
}

/// Checks `grid` against every rule of `puzzle`: each clue counts the lines
/// that touch its corner, and the lines form no loop.
pub fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), Violation> {
    let (width, height) = (puzzle.width(), puzzle.height());
    if (grid.width(), grid.height()) != (width, height) {
        return Err(Violation::Size {
            found: (grid.width(), grid.height()),
            expected: (width, height),
        });
    }
    let across = width + 1;
    let mut lines = vec![0u8; across * (height + 1)];
    let mut parent: Vec<usize> = (0..lines.len()).collect();
    for (cell, &diagonal) in grid.cells().iter().enumerate() {
        let (row, column) = (cell / width, cell % width);
        let (a, b) = match diagonal {
            Diagonal::Backslash => (row * across + column, (row + 1) * across + column + 1),
            Diagonal::Slash => (row * across + column + 1, (row + 1) * across + column),
        };
        lines[a] += 1;
        lines[b] += 1;
        let (root_a, root_b) = (root(&mut parent, a), root(&mut parent, b));
        if root_a == root_b {
            return Err(Violation::Loop {
                cell: (row, column),
                diagonal,
            });
        }
        parent[root_a] = root_b;
    }
    for (corner, &clue) in puzzle.clues().iter().enumerate() {
        if let Some(clue) = clue
            && lines[corner] != clue
        {
            return Err(Violation::Clue {
                corner: (corner / across, corner % across),
                clue,
                lines: lines[corner],
            });
        }
    }
    Ok(())
}

fn root(parent: &mut [usize], mut corner: usize) -> usize {
    while parent[corner] != corner {
        parent[corner] = parent[parent[corner]];
        corner = parent[corner];
    }
    corner
}
