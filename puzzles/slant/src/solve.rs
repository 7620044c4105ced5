//! Solving and counting with the engine's search.

use sieve::{Config, Count, Counters, Uniqueness};

use crate::model::SlantModel;
use crate::puzzle::{Grid, Puzzle};

/// An answer and what the search did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// The answer: no solution, one, two (the first two found), or stopped by a
    /// limit before it could tell.
    pub answer: Uniqueness<Grid>,
    /// The search's counters.
    pub counters: Counters,
}

/// Solves `puzzle` and tells whether the solution is unique.
pub fn solve(puzzle: &Puzzle, config: &Config) -> Result<Solved, sieve::Error> {
    let model = SlantModel::unnamed(puzzle)?;
    let mut search = model.search(*config)?;
    let answer = search
        .uniqueness()
        .map(|solution| model.solution_of(&solution.values));
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
    let model = SlantModel::unnamed(puzzle)?;
    let mut search = model.search(*config)?;
    let count = search.count_in_place(limit);
    Ok((count, search.counters()))
}
