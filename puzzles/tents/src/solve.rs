//! Solving and counting with the engine's search.
//!
//! The model's variables include each tree's direction, the pairing of trees
//! with tents. A placement of tents that allows two pairings is one
//! solution of the puzzle (Tatham's game accepts any pairing), so both
//! functions here count *placements*: a solution whose tents were already
//! found, with another pairing, is passed over.

use std::collections::HashSet;

use sieve::{Config, Count, Counters, Uniqueness};

use crate::model::TentsModel;
use crate::puzzle::{Grid, Puzzle};

/// An answer and what the search did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// The answer: no solution, one, two (the first two found), or stopped by
    /// a limit before it could tell.
    pub answer: Uniqueness<Grid>,
    /// The search's counters.
    pub counters: Counters,
}

/// Solves `puzzle` and tells whether its placement of tents is unique.
pub fn solve(puzzle: &Puzzle, config: &Config) -> Result<Solved, sieve::Error> {
    let model = TentsModel::new(puzzle)?;
    let mut search = model.search(*config)?;
    let mut first: Option<Grid> = None;
    let answer = loop {
        let Some(values) = search.next_values() else {
            break match (first, search.stop_reason()) {
                (first, Some(reason)) => Uniqueness::Unknown(reason, first),
                (Some(grid), None) => Uniqueness::Unique(grid),
                (None, None) => Uniqueness::None,
            };
        };
        let grid = model.solution_of(values);
        match &first {
            None => first = Some(grid),
            Some(seen) if *seen == grid => {}
            Some(seen) => break Uniqueness::Multiple(seen.clone(), grid),
        }
    };
    Ok(Solved {
        answer,
        counters: search.counters(),
    })
}

/// Counts the placements of tents that solve `puzzle`, up to `limit` when one
/// is given.
pub fn count(
    puzzle: &Puzzle,
    limit: Option<u64>,
    config: &Config,
) -> Result<(Count, Counters), sieve::Error> {
    let model = TentsModel::new(puzzle)?;
    let mut search = model.search(*config)?;
    let mut placements: HashSet<Grid> = HashSet::new();
    let count = loop {
        let found = placements.len() as u64;
        if limit.is_some_and(|limit| found >= limit) {
            break Count {
                solutions: found,
                limit_reached: true,
                stopped: None,
            };
        }
        let Some(values) = search.next_values() else {
            break Count {
                solutions: found,
                limit_reached: false,
                stopped: search.stop_reason(),
            };
        };
        placements.insert(model.solution_of(values));
    };
    Ok((count, search.counters()))
}
