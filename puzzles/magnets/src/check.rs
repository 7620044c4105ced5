//! The independent checker: it reads the puzzle's data and the grid and
//! nothing else (no rule, no model), so a bug in the rules cannot hide
//! behind it.

use thiserror::Error;

use crate::puzzle::{Grid, Pole, Puzzle};

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
    /// A domino whose halves are not `+` and `−` nor both neutral, or a
    /// square alone that is not neutral.
    #[error("the domino at row {}, column {} holds {}", first.0 + 1, first.1 + 1, listed(poles))]
    Domino {
        /// 0-based row and column of its first square (row by row).
        first: (usize, usize),
        /// Its poles (one for a square alone).
        poles: Vec<Pole>,
    },
    /// Two like poles side by side.
    #[error("row {}, column {} and row {}, column {} are both {pole}", first.0 + 1, first.1 + 1, second.0 + 1, second.1 + 1)]
    LikePoles {
        /// 0-based row and column of one.
        first: (usize, usize),
        /// And of the other (right of it or below it).
        second: (usize, usize),
        /// The pole.
        pole: Pole,
    },
    /// A line with another number of poles than its count.
    #[error("{line} holds {found} {pole}, not {expected}")]
    Count {
        /// "column 3" or "row 5".
        line: String,
        /// The pole counted.
        pole: Pole,
        /// Its count.
        expected: usize,
        /// How many it holds.
        found: usize,
    },
}

/// "+ +", "neutral": poles in a sentence.
fn listed(poles: &[Pole]) -> String {
    let words: Vec<String> = poles.iter().map(Pole::to_string).collect();
    words.join(" ")
}

/// Checks `grid` against every rule of `puzzle`: each domino a magnet or
/// neutral, squares alone neutral, no like poles side by side, and the
/// counts the puzzle gives.
pub fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), Violation> {
    let (width, height) = (puzzle.width(), puzzle.height());
    if (grid.width(), grid.height()) != (width, height) {
        return Err(Violation::Size {
            found: (grid.width(), grid.height()),
            expected: (width, height),
        });
    }
    let poles = grid.poles();
    let at = |square: usize| (square / width, square % width);
    for square in 0..width * height {
        let other = puzzle.partner(square);
        if other < square {
            continue;
        }
        let whole = match (poles[square], poles[other]) {
            _ if other == square => poles[square] == Pole::Neutral,
            (Pole::Plus, Pole::Minus) | (Pole::Minus, Pole::Plus) => true,
            (Pole::Neutral, Pole::Neutral) => true,
            _ => false,
        };
        if !whole {
            let mut held = vec![poles[square]];
            if other != square {
                held.push(poles[other]);
            }
            return Err(Violation::Domino {
                first: at(square),
                poles: held,
            });
        }
    }
    for square in 0..width * height {
        let (row, column) = at(square);
        let right = (column + 1 < width).then_some(square + 1);
        let below = (row + 1 < height).then_some(square + width);
        for next in [right, below].into_iter().flatten() {
            if poles[square] != Pole::Neutral && poles[square] == poles[next] {
                return Err(Violation::LikePoles {
                    first: at(square),
                    second: at(next),
                    pole: poles[square],
                });
            }
        }
    }
    for (pole, counts) in [(Pole::Plus, puzzle.plus()), (Pole::Minus, puzzle.minus())] {
        let columns = (counts.columns.iter().enumerate()).map(|(column, &count)| {
            let found = (0..height)
                .filter(|&row| poles[row * width + column] == pole)
                .count();
            (format!("column {}", column + 1), count, found)
        });
        let rows = (counts.rows.iter().enumerate()).map(|(row, &count)| {
            let found = (0..width)
                .filter(|&column| poles[row * width + column] == pole)
                .count();
            (format!("row {}", row + 1), count, found)
        });
        for (line, count, found) in columns.chain(rows) {
            if let Some(expected) = count
                && expected != found
            {
                return Err(Violation::Count {
                    line,
                    pole,
                    expected,
                    found,
                });
            }
        }
    }
    Ok(())
}
