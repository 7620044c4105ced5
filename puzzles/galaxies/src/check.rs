//! The independent checker: it reads the puzzle's dots and the solved grid and
//! nothing else (no rule, no graph), so a bug in the rules cannot hide behind
//! it.

use thiserror::Error;

use crate::puzzle::{Galaxies, Puzzle};

/// The first thing wrong with a solved grid.
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
    /// A cell given to a dot the puzzle does not have.
    #[error("r{}c{} belongs to dot {dot}, and the puzzle has {dots} dots", cell.0 + 1, cell.1 + 1)]
    NoSuchDot {
        /// 0-based row and column.
        cell: (usize, usize),
        /// The index it holds.
        dot: usize,
        /// How many dots there are.
        dots: usize,
    },
    /// A cell a dot touches that is not in the dot's region.
    #[error("r{}c{} touches dot {dot} but belongs to dot {found}", cell.0 + 1, cell.1 + 1)]
    Touching {
        /// 0-based row and column.
        cell: (usize, usize),
        /// The dot it touches.
        dot: usize,
        /// The dot it belongs to.
        found: usize,
    },
    /// A cell whose mirror about its dot is outside the grid or in another region.
    #[error("r{}c{} belongs to dot {dot} and its mirror about the dot does not", cell.0 + 1, cell.1 + 1)]
    Asymmetric {
        /// 0-based row and column.
        cell: (usize, usize),
        /// Its dot.
        dot: usize,
    },
    /// A region in more than one piece.
    #[error("the region of dot {dot} is cut apart: r{}c{} does not reach r{}c{}", first.0 + 1, first.1 + 1, cut_off.0 + 1, cut_off.1 + 1)]
    Disconnected {
        /// The dot.
        dot: usize,
        /// 0-based row and column of its first cell.
        first: (usize, usize),
        /// A cell of it that the first does not reach within the region.
        cut_off: (usize, usize),
    },
}

/// Checks `galaxies` against every rule of `puzzle`: each cell belongs to a dot,
/// the cells a dot touches to that dot, each region symmetric by a half turn
/// about its dot and connected.
pub fn check(puzzle: &Puzzle, galaxies: &Galaxies) -> Result<(), Violation> {
    let (width, height) = (puzzle.width(), puzzle.height());
    if (galaxies.width(), galaxies.height()) != (width, height) {
        return Err(Violation::Size {
            found: (galaxies.width(), galaxies.height()),
            expected: (width, height),
        });
    }
    let owner = galaxies.dots();
    let dots = puzzle.dots();
    let at = |cell: usize| (cell / width, cell % width);
    if let Some(cell) = (0..owner.len()).find(|&cell| owner[cell] >= dots.len()) {
        return Err(Violation::NoSuchDot {
            cell: at(cell),
            dot: owner[cell],
            dots: dots.len(),
        });
    }
    for (index, dot) in dots.iter().enumerate() {
        // The cell centres round the dot's position on the grid of half cells
        // (odd coordinates): its own, or those beside its edge or corner.
        for y in [dot.y - 1, dot.y, dot.y + 1]
            .into_iter()
            .filter(|y| y % 2 == 1)
        {
            for x in [dot.x - 1, dot.x, dot.x + 1]
                .into_iter()
                .filter(|x| x % 2 == 1)
            {
                let cell = (y / 2) * width + x / 2;
                if owner[cell] != index {
                    return Err(Violation::Touching {
                        cell: at(cell),
                        dot: index,
                        found: owner[cell],
                    });
                }
            }
        }
    }
    for cell in 0..owner.len() {
        let dot = &dots[owner[cell]];
        let (x, y) = (2 * (cell % width) + 1, 2 * (cell / width) + 1);
        let mirrored = (2 * dot.x).checked_sub(x).zip((2 * dot.y).checked_sub(y));
        let same = mirrored.is_some_and(|(mx, my)| {
            mx < 2 * width && my < 2 * height && owner[(my / 2) * width + mx / 2] == owner[cell]
        });
        if !same {
            return Err(Violation::Asymmetric {
                cell: at(cell),
                dot: owner[cell],
            });
        }
    }
    match first_region_apart(width, owner, dots.len()) {
        Some((dot, first, cut_off)) => Err(Violation::Disconnected {
            dot,
            first: at(first),
            cut_off: at(cut_off),
        }),
        None => Ok(()),
    }
}

/// The first dot (by index) whose region of `owner` is in more than one piece,
/// with its first cell and the first of its cells that one does not reach.
/// One flood a piece, all in one pass over the grid (a pass over the grid for
/// each dot was a twentieth of solving 15×15 puzzles): scanning in order, a
/// dot's first piece starts at its first cell, and its second at the first
/// cell the first piece missed.
fn first_region_apart(width: usize, owner: &[usize], dots: usize) -> Option<(usize, usize, usize)> {
    let mut reached = vec![false; owner.len()];
    let mut first_cell: Vec<Option<usize>> = vec![None; dots];
    let mut apart: Option<(usize, usize, usize)> = None;
    let mut stack = Vec::new();
    for start in 0..owner.len() {
        if reached[start] {
            continue;
        }
        let index = owner[start];
        match first_cell[index] {
            Some(first) if apart.is_none_or(|(dot, ..)| index < dot) => {
                apart = Some((index, first, start));
            }
            Some(_) => {}
            None => first_cell[index] = Some(start),
        }
        reached[start] = true;
        stack.push(start);
        while let Some(cell) = stack.pop() {
            let (row, column) = (cell / width, cell % width);
            let up = row.checked_sub(1).map(|_| cell - width);
            let down = (cell + width < owner.len()).then_some(cell + width);
            let left = column.checked_sub(1).map(|_| cell - 1);
            let right = (column + 1 < width).then_some(cell + 1);
            for next in [up, down, left, right].into_iter().flatten() {
                if owner[next] == index && !reached[next] {
                    reached[next] = true;
                    stack.push(next);
                }
            }
        }
    }
    apart
}
