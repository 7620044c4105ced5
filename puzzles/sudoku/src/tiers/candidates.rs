//! The pencil marks of a puzzle after the rules of a chosen tier have run to a
//! fixpoint.

use sieve::{Fixpoint, Schedule, propagate};

use super::{Contradiction, Tier};
use crate::grid::Grid;
use crate::model::{ModelError, SudokuModel};
use crate::write::{WriteError, write_pencil_marks};

/// Why the candidates of a puzzle cannot be shown.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CandidatesError {
    /// The model could not be built or refused the puzzle.
    #[error(transparent)]
    Model(#[from] ModelError),
    /// Propagation proved that the puzzle has no solution.
    #[error(transparent)]
    NoSolution(#[from] Contradiction),
    /// The grid is too large for the pencil-mark view.
    #[error(transparent)]
    Write(#[from] WriteError),
}

/// Propagate `puzzle` with every rule of `tier` and below (the `Priority`
/// schedule); returns the model and its fixpoint state.
pub fn propagate_tier(
    puzzle: &Grid,
    tier: Tier,
) -> Result<(SudokuModel, sieve::Domains), CandidatesError> {
    let sudoku = SudokuModel::with_tier(puzzle.shape(), tier)?;
    let mut state = sudoku.start(puzzle)?;
    let end = propagate(sudoku.model(), &mut state, Schedule::Priority, None)
        .map_err(ModelError::from)?;
    match end {
        Fixpoint::Conflict(conflict) => {
            Err(Contradiction::from_conflict(&sudoku, &conflict).into())
        }
        Fixpoint::Reached | Fixpoint::Stopped => Ok((sudoku, state)),
    }
}

/// Each cell's candidates (bit `v` = value `v`, 0-based) after `tier`.
pub fn candidates_after(puzzle: &Grid, tier: Tier) -> Result<Vec<u64>, CandidatesError> {
    let (sudoku, state) = propagate_tier(puzzle, tier)?;
    Ok(sudoku.candidates(&state))
}

/// The pencil-mark view ([`write_pencil_marks`]) of the candidates after `tier`.
pub fn pencil_marks(puzzle: &Grid, tier: Tier) -> Result<String, CandidatesError> {
    let candidates = candidates_after(puzzle, tier)?;
    Ok(write_pencil_marks(puzzle.shape(), &candidates)?)
}
