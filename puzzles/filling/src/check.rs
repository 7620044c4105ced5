//! The independent checker: it reads the puzzle's clues and the filled grid
//! and nothing else (no rule, no graph), so a bug in the rules cannot hide
//! behind it.

use thiserror::Error;

use crate::puzzle::{Filling, Puzzle, neighbours};

/// The first thing wrong with a filled grid.
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
    /// A cell that does not hold its clue.
    #[error("r{}c{} holds {found}, its clue is {clue}", cell.0 + 1, cell.1 + 1)]
    Clue {
        /// 0-based row and column.
        cell: (usize, usize),
        /// The clue.
        clue: u8,
        /// What the grid holds there.
        found: u8,
    },
    /// A region of equal numbers whose size is not its number.
    #[error("the region of {number}s at r{}c{} has {size} cells", cell.0 + 1, cell.1 + 1)]
    Region {
        /// 0-based row and column of its first cell in reading order.
        cell: (usize, usize),
        /// The number its cells hold.
        number: u8,
        /// How many cells it has.
        size: usize,
    },
}

/// Checks `filling` against every rule of `puzzle`: the clues kept, each
/// region of equal numbers side by side as large as its number.
pub fn check(puzzle: &Puzzle, filling: &Filling) -> Result<(), Violation> {
    let (width, height) = (puzzle.width(), puzzle.height());
    if (filling.width(), filling.height()) != (width, height) {
        return Err(Violation::Size {
            found: (filling.width(), filling.height()),
            expected: (width, height),
        });
    }
    let values = filling.values();
    let at = |cell: usize| (cell / width, cell % width);
    for (cell, clue) in puzzle.clues().iter().enumerate() {
        if let Some(clue) = *clue
            && values[cell] != clue
        {
            return Err(Violation::Clue {
                cell: at(cell),
                clue,
                found: values[cell],
            });
        }
    }
    let mut seen = vec![false; values.len()];
    // One list for every region, emptied between them.
    let mut region = Vec::with_capacity(values.len());
    for start in 0..values.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let number = values[start];
        region.clear();
        region.push(start);
        let mut next = 0;
        while let Some(&cell) = region.get(next) {
            next += 1;
            for neighbour in neighbours(width, height, cell) {
                if !seen[neighbour] && values[neighbour] == number {
                    seen[neighbour] = true;
                    region.push(neighbour);
                }
            }
        }
        if region.len() != usize::from(number) {
            return Err(Violation::Region {
                cell: at(start),
                number,
                size: region.len(),
            });
        }
    }
    Ok(())
}
