//! The crate's error type for solving: bad sizes, bad starts, engine errors.

use thiserror::Error;

use crate::validate::Attack;

/// Why a solver could not run, or returned something it must not.
///
/// Running out of steps or finding no solution is not an error: the solvers
/// report it in their result.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum QueensError {
    /// N = 0: there is no board.
    #[error("N must be at least 1")]
    EmptyBoard,
    /// N is beyond what a method supports.
    #[error("N = {size} is too large for {method}: at most {max}")]
    TooLarge {
        /// The N asked for.
        size: usize,
        /// The largest N the method takes.
        max: usize,
        /// The method, as people name it (`"the classic walk"`).
        method: &'static str,
    },
    /// A start board does not have N columns.
    #[error("the start board has {found} columns, but N = {expected}")]
    StartSize {
        /// N.
        expected: usize,
        /// Columns of the board given.
        found: usize,
    },
    /// The engine refused the model or the assignment.
    #[error("engine: {0}")]
    Engine(#[from] sieve::Error),
    /// A solver produced a board that the independent check rejects: a bug,
    /// reported rather than hidden.
    #[error("the solver returned a board that is not a solution: {0}")]
    NotASolution(#[from] Attack),
    /// The worker threads for a parallel count could not be started.
    #[error("cannot start the worker threads: {0}")]
    Threads(String),
    /// The search could not be split into subtrees.
    #[error("splitting the search: {0}")]
    Split(String),
    /// A state-memory log could not be written in the source's format.
    #[error("log step {step}: {reason}")]
    Log {
        /// The step's position in the engine's log, 0-based.
        step: usize,
        /// What is wrong with it.
        reason: &'static str,
    },
}

/// Checks `1 ≤ size ≤ max` for `method`.
pub(crate) fn check_size(size: usize, max: usize, method: &'static str) -> Result<(), QueensError> {
    if size == 0 {
        return Err(QueensError::EmptyBoard);
    }
    if size > max {
        return Err(QueensError::TooLarge { size, max, method });
    }
    Ok(())
}
