//! The independent checker: it reads the puzzle's numbers and the tiling
//! and nothing else (no rule, no model), so a bug in the rules cannot hide
//! behind it.

use thiserror::Error;

use crate::puzzle::{Puzzle, Side, Tiling};

/// The first thing wrong with a tiling.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The tiling's size is not the puzzle's.
    #[error(
        "the tiling has {found} cells in rows of {width}, the puzzle {expected} in rows of {expected_width}"
    )]
    Size {
        /// The tiling's cells.
        found: usize,
        /// Its width.
        width: usize,
        /// The puzzle's cells.
        expected: usize,
        /// The puzzle's width.
        expected_width: usize,
    },
    /// A partner off the grid.
    #[error("row {}, column {}: its partner ({}) is off the grid", cell.0 + 1, cell.1 + 1, side.letter())]
    OffGrid {
        /// 0-based row and column.
        cell: (usize, usize),
        /// The side.
        side: Side,
    },
    /// A partner that does not point back.
    #[error("row {}, column {} pairs {} but that cell does not pair back", cell.0 + 1, cell.1 + 1, side.letter())]
    OneSided {
        /// 0-based row and column.
        cell: (usize, usize),
        /// The side.
        side: Side,
    },
    /// A domino laid twice.
    #[error("the domino {}-{} is laid twice, the second time at row {}, column {}", ends.0, ends.1, cell.0 + 1, cell.1 + 1)]
    Twice {
        /// Its ends, smaller first.
        ends: (u8, u8),
        /// 0-based row and column of the second one's first cell.
        cell: (usize, usize),
    },
}

/// Checks `tiling` against every rule of `puzzle`: each cell pairs with a
/// neighbour that pairs back, and no domino is laid twice (so, as there are
/// as many pairs as dominoes, each is laid once).
pub fn check(puzzle: &Puzzle, tiling: &Tiling) -> Result<(), Violation> {
    let (width, numbers) = (puzzle.width(), puzzle.numbers());
    let sides = tiling.sides();
    if tiling.width() != width || sides.len() != numbers.len() {
        return Err(Violation::Size {
            found: sides.len(),
            width: tiling.width(),
            expected: numbers.len(),
            expected_width: width,
        });
    }
    let size = puzzle.size();
    let mut laid = vec![vec![false; size + 1]; size + 1];
    for (cell, &side) in sides.iter().enumerate() {
        let at = (cell / width, cell % width);
        let (row, column) = at;
        let partner = match side {
            Side::Left if column > 0 => cell - 1,
            Side::Right if column + 1 < width => cell + 1,
            Side::Up if row > 0 => cell - width,
            Side::Down if cell + width < numbers.len() => cell + width,
            _ => return Err(Violation::OffGrid { cell: at, side }),
        };
        let back = match sides[partner] {
            Side::Left => side == Side::Right,
            Side::Right => side == Side::Left,
            Side::Up => side == Side::Down,
            Side::Down => side == Side::Up,
        };
        if !back {
            return Err(Violation::OneSided { cell: at, side });
        }
        if partner < cell {
            continue;
        }
        let (a, b) = (numbers[cell], numbers[partner]);
        let ends = (a.min(b), a.max(b));
        let seen = &mut laid[usize::from(ends.0)][usize::from(ends.1)];
        if *seen {
            return Err(Violation::Twice { ends, cell: at });
        }
        *seen = true;
    }
    Ok(())
}
