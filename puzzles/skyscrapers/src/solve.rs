//! Solving with the engine: propagate, then search, over the fast model
//! ([`SkyscrapersModel::fast`]: the lines tier and the height placements).
//! For a worked solution in the tiers' words, search
//! [`SkyscrapersModel::solver`] with an observer instead.
//!
//! ```
//! use sieve::Config;
//! use sieve_skyscrapers::solve::{Answer, count, solve};
//!
//! let puzzle = "4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2".parse()?;
//! let solved = solve(&puzzle, &Config::default())?;
//! let Answer::Unique(grid) = solved.answer else { panic!("the example is unique") };
//! assert_eq!(grid.to_string(), "1 2 3 4\n2 3 4 1\n3 4 1 2\n4 1 2 3\n");
//! assert_eq!(count(&puzzle, None, &Config::default())?.count.solutions, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use sieve::{Config, Count, Counters, StopReason, Uniqueness};

use crate::model::{ModelError, SkyscrapersModel};
use crate::puzzle::{Grid, Puzzle};

/// What a uniqueness search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// No grid solves the puzzle.
    NoSolution,
    /// Exactly one solution.
    Unique(Grid),
    /// At least two solutions: the first two found.
    Several(Grid, Grid),
    /// A limit stopped the search before it could tell; a solution found so far, if any.
    Stopped(StopReason, Option<Grid>),
}

impl Answer {
    /// The answer a search's [`Uniqueness`] gives, as grids of `model`.
    pub fn from_uniqueness(model: &SkyscrapersModel, uniqueness: Uniqueness) -> Answer {
        match uniqueness {
            Uniqueness::None => Answer::NoSolution,
            Uniqueness::Unique(solution) => Answer::Unique(model.grid_of_values(&solution.values)),
            Uniqueness::Multiple(first, second) => Answer::Several(
                model.grid_of_values(&first.values),
                model.grid_of_values(&second.values),
            ),
            Uniqueness::Unknown(reason, found) => Answer::Stopped(
                reason,
                found.map(|solution| model.grid_of_values(&solution.values)),
            ),
        }
    }

    /// The first solution found, if any.
    pub fn grid(&self) -> Option<&Grid> {
        match self {
            Answer::Unique(grid) | Answer::Several(grid, _) => Some(grid),
            Answer::Stopped(_, found) => found.as_ref(),
            Answer::NoSolution => None,
        }
    }
}

/// An answer and what the search did to find it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// The answer.
    pub answer: Answer,
    /// The search's counters.
    pub counters: Counters,
}

/// A count and what the search did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    /// The number of solutions, and whether it is exact.
    pub count: Count,
    /// The search's counters.
    pub counters: Counters,
}

/// Solve `puzzle` and tell whether the solution is unique (the search stops
/// at a second one).
pub fn solve(puzzle: &Puzzle, config: &Config) -> Result<Solved, ModelError> {
    let model = SkyscrapersModel::fast(puzzle)?;
    let mut search = model.search(*config)?;
    let uniqueness = search.uniqueness();
    Ok(Solved {
        answer: Answer::from_uniqueness(&model, uniqueness),
        counters: search.counters(),
    })
}

/// Count the solutions of `puzzle`, up to `limit` when one is given.
pub fn count(puzzle: &Puzzle, limit: Option<u64>, config: &Config) -> Result<Counted, ModelError> {
    let model = SkyscrapersModel::fast(puzzle)?;
    let mut search = model.search(*config)?;
    let count = search.count_in_place(limit);
    Ok(Counted {
        count,
        counters: search.counters(),
    })
}
