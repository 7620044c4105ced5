//! Solving and counting with the engine's search.

use sieve::{Config, Count, Counters, StopReason, Uniqueness};

use crate::model::KeenModel;
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
    /// A limit stopped the search before it could tell.
    Stopped(StopReason),
}

/// An answer and what the search did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// The answer.
    pub answer: Answer,
    /// The search's counters.
    pub counters: Counters,
}

/// Solves `puzzle` and tells whether the solution is unique.
pub fn solve(puzzle: &Puzzle, config: &Config) -> Result<Solved, sieve::Error> {
    let model = KeenModel::new(puzzle)?;
    let mut search = model.search(*config)?;
    let answer = match search.uniqueness() {
        Uniqueness::None => Answer::NoSolution,
        Uniqueness::Unique(solution) => Answer::Unique(model.grid_of_values(&solution.values)),
        Uniqueness::Multiple(first, second) => Answer::Several(
            model.grid_of_values(&first.values),
            model.grid_of_values(&second.values),
        ),
        Uniqueness::Unknown(reason, _) => Answer::Stopped(reason),
    };
    Ok(Solved {
        answer,
        counters: search.counters(),
    })
}

/// Counts the solutions of `puzzle`, up to `limit` when one is given.
pub fn count(
    puzzle: &Puzzle,
    limit: Option<u64>,
    config: &Config,
) -> Result<(Count, Counters), sieve::Error> {
    let model = KeenModel::new(puzzle)?;
    let mut search = model.search(*config)?;
    let count = search.count_in_place(limit);
    Ok((count, search.counters()))
}
