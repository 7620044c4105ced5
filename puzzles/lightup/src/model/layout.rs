//! What the crate's own rule knows of a puzzle, and the plain reasoning it
//! builds on, over a copy of the grid.
//!
//! The *plain* reasoning is what the model's counting rules make, one rule
//! at a time: a light darkens every square it sees; a number with its
//! lights darkens the other squares beside it; a square with one way left
//! of being lit takes a light there; a number with as many places left as
//! lights wanted fills them. [`Layout::plain_pending`] tells whether any of
//! it is left to do on a state: the crate's rule waits until it is done,
//! so that each deduction is told by the simplest rule that makes it.

use sieve::{Domains, VarId};

use super::{Sight, neighbours};
use crate::puzzle::{Puzzle, Square};

/// A square's answer on a copy of the grid: a light, none, or not known.
pub(crate) type Answer = Option<bool>;

/// A numbered wall: where it stands, its number, the empty squares beside
/// it.
#[derive(Clone, Debug)]
pub(crate) struct Number {
    pub(crate) square: usize,
    pub(crate) clue: usize,
    pub(crate) beside: Vec<usize>,
}

/// The puzzle as the crate's own rule sees it.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    pub(crate) width: usize,
    /// The light variable of each square (`None` for a wall).
    pub(crate) cells: Vec<Option<VarId>>,
    /// Every light variable, for the watches.
    pub(crate) vars: Vec<VarId>,
    /// For each empty square, the squares of its two segments, itself first.
    pub(crate) seen: Vec<Vec<usize>>,
    pub(crate) numbers: Vec<Number>,
    /// For each square, the numbers beside it.
    pub(crate) numbers_beside: Vec<Vec<usize>>,
}

impl Layout {
    /// The layout of `puzzle`, whose empty squares have the light variables
    /// `cells`.
    pub(crate) fn new(puzzle: &Puzzle, cells: &[Option<VarId>], sight: &Sight) -> Layout {
        let mut numbers = Vec::new();
        let mut numbers_beside = vec![Vec::new(); puzzle.squares().len()];
        for (square, &kind) in puzzle.squares().iter().enumerate() {
            if let Square::Clue(clue) = kind {
                let beside = neighbours(puzzle, square);
                for &next in &beside {
                    numbers_beside[next].push(numbers.len());
                }
                numbers.push(Number {
                    square,
                    clue: usize::from(clue),
                    beside,
                });
            }
        }
        Layout {
            width: puzzle.width(),
            cells: cells.to_vec(),
            vars: cells.iter().flatten().copied().collect(),
            seen: sight.seen.clone(),
            numbers,
            numbers_beside,
        }
    }

    /// The light variable of an empty square.
    pub(crate) fn var(&self, square: usize) -> VarId {
        self.cells[square].expect("an empty square")
    }

    /// Each square's answer in `domains` (`None` for a wall, too).
    pub(crate) fn answers(&self, domains: &Domains) -> Vec<Answer> {
        (self.cells.iter())
            .map(|cell| cell.and_then(|var| domains.value(var).map(|value| value == 1)))
            .collect()
    }

    /// The lights placed beside a number, and its places still open.
    fn number_state(&self, grid: &[Answer], number: &Number) -> (usize, usize) {
        let lights = number
            .beside
            .iter()
            .filter(|&&s| grid[s] == Some(true))
            .count();
        let open = number.beside.iter().filter(|&&s| grid[s].is_none()).count();
        (lights, open)
    }

    /// Whether the plain reasoning can still change `grid`, or finds it
    /// broken.
    pub(crate) fn plain_pending(&self, grid: &[Answer]) -> bool {
        for (square, seen) in self.seen.iter().enumerate() {
            if seen.is_empty() {
                continue;
            }
            let lights = seen.iter().filter(|&&s| grid[s] == Some(true)).count();
            let open = seen.iter().filter(|&&s| grid[s].is_none()).count();
            // A light that sees an open square (or another light), or a
            // square with one way or none left of being lit.
            let lit_here = grid[square] == Some(true);
            if (lit_here && (open > 0 || lights > 1)) || (lights == 0 && open <= 1) {
                return true;
            }
        }
        self.numbers.iter().any(|number| {
            let (lights, open) = self.number_state(grid, number);
            (open > 0 && (lights == number.clue || lights + open == number.clue))
                || lights > number.clue
                || lights + open < number.clue
        })
    }
}
