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
    for (line, cells) in lines(width, height) {
        let mut seen = [false; 256];
        for &cell in &cells {
            let number = puzzle.numbers()[cell];
            if !shaded[cell] {
                if seen[usize::from(number)] {
                    return Err(Violation::Repeated { line, number });
                }
                seen[usize::from(number)] = true;
            }
        }
        for pair in cells.windows(2) {
            if shaded[pair[0]] && shaded[pair[1]] {
                return Err(Violation::Adjacent {
                    first: at(pair[0]),
                    second: at(pair[1]),
                });
            }
        }
    }
    let Some(first) = shaded.iter().position(|&on| !on) else {
        return Ok(());
    };
    let mut reached = vec![false; shaded.len()];
    reached[first] = true;
    let mut stack = vec![first];
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

/// Every row, then every column, with its cells in order.
fn lines(width: usize, height: usize) -> Vec<(Line, Vec<usize>)> {
    let rows = (0..height).map(|row| {
        (
            Line::Row(row),
            (0..width).map(|c| row * width + c).collect(),
        )
    });
    let columns = (0..width).map(|column| {
        (
            Line::Column(column),
            (0..height).map(|r| r * width + column).collect(),
        )
    });
    rows.chain(columns).collect()
}
