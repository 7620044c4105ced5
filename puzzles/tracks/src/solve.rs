//! Solving and counting with the engine's search.

use sieve::{Config, Count, Counters, Search, Uniqueness};

use crate::model::TracksModel;
use crate::puzzle::{Puzzle, Track};

/// An answer and what the search did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// The answer: no solution, one, two (the first two found), or stopped by a
    /// limit before it could tell.
    pub answer: Uniqueness<Track>,
    /// The search's counters.
    pub counters: Counters,
}

/// Solves `puzzle` and tells whether the solution is unique, on the model
/// of [`TracksModel::unnamed`]: a solve writes no sentence.
pub fn solve(puzzle: &Puzzle, config: &Config) -> Result<Solved, sieve::Error> {
    let model = TracksModel::unnamed(puzzle)?;
    let mut search = Search::from_state(model.model(), model.start(), *config)?;
    let answer = search
        .uniqueness()
        .map(|solution| model.solution_of(&solution.values));
    Ok(Solved {
        answer,
        counters: search.counters(),
    })
}

/// Counts the solutions of `puzzle`, up to `limit` when one is given, on
/// the model of [`TracksModel::unnamed`]: a count writes no sentence.
pub fn count(
    puzzle: &Puzzle,
    limit: Option<u64>,
    config: &Config,
) -> Result<(Count, Counters), sieve::Error> {
    let model = TracksModel::unnamed(puzzle)?;
    let mut search = Search::from_state(model.model(), model.start(), *config)?;
    let count = search.count_in_place(limit);
    Ok((count, search.counters()))
}
