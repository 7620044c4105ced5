//! The independent checker: it reads the puzzle's clues and the loop's edges
//! and nothing else (no rule, no model), so a bug in the rules cannot hide
//! behind it. It counts each clue's sides, each dot's edges, and walks the
//! loop once round.

use thiserror::Error;

use crate::puzzle::{Loop, Puzzle};

/// The first thing wrong with a loop.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The loop is drawn on another grid than the puzzle's.
    #[error("the loop is on a {found:?} grid, the puzzle {expected:?} (width, height)")]
    Size {
        /// The loop's (W, H).
        found: (usize, usize),
        /// The puzzle's (W, H).
        expected: (usize, usize),
    },
    /// A clue that does not count its sides on the loop.
    #[error("the clue {clue} at r{}c{} has {found} of its sides on the loop", square.0 + 1, square.1 + 1)]
    Clue {
        /// 0-based row and column.
        square: (usize, usize),
        /// The clue.
        clue: u8,
        /// Its sides on the loop.
        found: usize,
    },
    /// A dot with one, three or four edges of the loop.
    #[error("the dot at row {}, column {} of dots has {edges} edges of the loop", dot.0 + 1, dot.1 + 1)]
    Dot {
        /// 0-based row and column of dots.
        dot: (usize, usize),
        /// Its edges on the loop.
        edges: usize,
    },
    /// No edge at all.
    #[error("no edge is on the loop")]
    Empty,
    /// More than one loop.
    #[error("the edges make several loops: a walk round one covers {walked} of the {total} edges")]
    Several {
        /// The edges of the loop walked.
        walked: usize,
        /// Every edge on a loop.
        total: usize,
    },
}

/// Checks `solution` against every rule of `puzzle`: each clue counts its
/// sides, each dot has two edges or none, and the edges make one loop.
pub fn check(puzzle: &Puzzle, solution: &Loop) -> Result<(), Violation> {
    let (width, height) = (puzzle.width(), puzzle.height());
    let found = (solution.lattice().width(), solution.lattice().height());
    if found != (width, height) {
        return Err(Violation::Size {
            found,
            expected: (width, height),
        });
    }
    // Written out here rather than taken from the lattice: the checker trusts
    // only the order of the answer.
    let across = |row: usize, column: usize| solution.has(row * width + column);
    let down =
        |row: usize, column: usize| solution.has((height + 1) * width + row * (width + 1) + column);
    for row in 0..height {
        for column in 0..width {
            let Some(clue) = puzzle.clue(row, column) else {
                continue;
            };
            let sides = [
                across(row, column),
                across(row + 1, column),
                down(row, column),
                down(row, column + 1),
            ];
            let found = sides.iter().filter(|&&on| on).count();
            if found != usize::from(clue) {
                return Err(Violation::Clue {
                    square: (row, column),
                    clue,
                    found,
                });
            }
        }
    }
    // Each dot's neighbours along the loop.
    let mut next: Vec<Vec<(usize, usize)>> = vec![Vec::new(); (height + 1) * (width + 1)];
    let mut link = |a: (usize, usize), b: (usize, usize)| {
        next[a.0 * (width + 1) + a.1].push(b);
        next[b.0 * (width + 1) + b.1].push(a);
    };
    let mut total = 0;
    for row in 0..=height {
        for column in 0..=width {
            if column < width && across(row, column) {
                link((row, column), (row, column + 1));
                total += 1;
            }
            if row < height && down(row, column) {
                link((row, column), (row + 1, column));
                total += 1;
            }
        }
    }
    for (dot, neighbours) in next.iter().enumerate() {
        if !matches!(neighbours.len(), 0 | 2) {
            return Err(Violation::Dot {
                dot: (dot / (width + 1), dot % (width + 1)),
                edges: neighbours.len(),
            });
        }
    }
    let Some(start) = (0..next.len()).find(|&dot| !next[dot].is_empty()) else {
        return Err(Violation::Empty);
    };
    let start = (start / (width + 1), start % (width + 1));
    let (mut previous, mut here, mut walked) = (start, next_of(&next, width, start)[0], 1);
    while here != start {
        let ways = next_of(&next, width, here);
        let onward = if ways[0] == previous {
            ways[1]
        } else {
            ways[0]
        };
        (previous, here) = (here, onward);
        walked += 1;
    }
    if walked != total {
        return Err(Violation::Several { walked, total });
    }
    Ok(())
}

fn next_of(next: &[Vec<(usize, usize)>], width: usize, dot: (usize, usize)) -> &[(usize, usize)] {
    &next[dot.0 * (width + 1) + dot.1]
}
