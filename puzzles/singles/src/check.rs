//! The independent checker: it reads the puzzle's numbers and the shading
//! and nothing else (no rule, no automaton, no graph), so a bug in the
//! rules cannot hide behind it.

use thiserror::Error;

use crate::puzzle::{Line, Puzzle, Shading};

/// The first thing wrong with a shading.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The shading's size is not the puzzle's.
    #[error("the shading is {}×{}, the puzzle {}×{}", found.0, found.1, expected.0, expected.1)]
    Size {
        /// The shading's width and height.
        found: (usize, usize),
        /// The puzzle's width and height.
        expected: (usize, usize),
    },
    /// A number unshaded twice in a line.
    #[error("{line} leaves {number} unshaded twice")]
    Repeated {
        /// The line.
        line: Line,
        /// The number.
        number: u8,
    },
    /// Two shaded cells side by side.
    #[error("r{}c{} and r{}c{} are both shaded", first.0 + 1, first.1 + 1, second.0 + 1, second.1 + 1)]
    Adjacent {
        /// 0-based row and column of the first (the upper or the left).
        first: (usize, usize),
        /// 0-based row and column of the second.
        second: (usize, usize),
    },
    /// An unshaded cell that the first unshaded cell cannot reach through
    /// unshaded cells.
    #[error("r{}c{} is cut off from r{}c{}", cut_off.0 + 1, cut_off.1 + 1, first.0 + 1, first.1 + 1)]
    Disconnected {
        /// 0-based row and column of the first unshaded cell.
        first: (usize, usize),
        /// 0-based row and column of an unshaded cell it does not reach.
        cut_off: (usize, usize),
    },
}

/// Checks `shading` against every rule of `puzzle`: no number unshaded
/// twice in a row or column, no two shaded cells side by side, the
/// unshaded cells connected.
pub fn check(puzzle: &Puzzle, shading: &Shading) -> Result<(), Violation> {
    let (width, height) = (puzzle.width(), puzzle.height());
    if (shading.width(), shading.height()) != (width, height) {
        return Err(Violation::Size {
            found: (shading.width(), shading.height()),
            expected: (width, height),
        });
    }
    let shaded = shading.shaded();
    let at = |cell: usize| (cell / width, cell % width);
    for (line, start, step, length) in lines(width, height) {
        let cells = (0..length).map(|index| start + index * step);
        // The numbers seen unshaded, a bit each (a number is a byte).
        let mut seen = [0u64; 4];
        for cell in cells.clone() {
            let number = puzzle.numbers()[cell];
            let (word, bit) = (usize::from(number / 64), 1u64 << (number % 64));
            if !shaded[cell] {
                if seen[word] & bit != 0 {
                    return Err(Violation::Repeated { line, number });
                }
                seen[word] |= bit;
            }
        }
        for (first, second) in cells.clone().zip(cells.skip(1)) {
            if shaded[first] && shaded[second] {
                return Err(Violation::Adjacent {
                    first: at(first),
                    second: at(second),
                });
            }
        }
    }
    let Some(first) = shaded.iter().position(|&on| !on) else {
        return Ok(());
    };
    let mut reached = vec![false; shaded.len()];
    reached[first] = true;
    // Each cell is pushed at most once: sized once, never grown.
    let mut stack = Vec::with_capacity(shaded.len());
    stack.push(first);
    while let Some(cell) = stack.pop() {
        let (row, column) = at(cell);
        let up = row.checked_sub(1).map(|row| row * width + column);
        let down = (row + 1 < height).then_some(cell + width);
        let left = column.checked_sub(1).map(|_| cell - 1);
        let right = (column + 1 < width).then_some(cell + 1);
        for next in [up, down, left, right].into_iter().flatten() {
            if !shaded[next] && !reached[next] {
                reached[next] = true;
                stack.push(next);
            }
        }
    }
    match (0..shaded.len()).find(|&cell| !shaded[cell] && !reached[cell]) {
        Some(cut_off) => Err(Violation::Disconnected {
            first: at(first),
            cut_off: at(cut_off),
        }),
        None => Ok(()),
    }
}

/// Every row, then every column: the line, its first cell, the step from
/// one cell to the next and how many cells it has (walked in place: a list
/// of cells a line was most of checking an answer).
fn lines(width: usize, height: usize) -> impl Iterator<Item = (Line, usize, usize, usize)> {
    let rows = (0..height).map(move |row| (Line::Row(row), row * width, 1, width));
    let columns = (0..width).map(move |column| (Line::Column(column), column, width, height));
    rows.chain(columns)
}
