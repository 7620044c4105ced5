//! The exact difficulty a `unique` puzzle is asked to rate at.
//!
//! ```
//! use sieve_sudoku::Tier;
//! use sieve_sudoku::generate::TargetDifficulty;
//!
//! let target: TargetDifficulty = "locked-candidates".parse()?;
//! assert_eq!(target, TargetDifficulty::Tier(Tier::LockedCandidates));
//! assert_eq!("guessing".parse(), Ok(TargetDifficulty::Guessing));
//! # Ok::<(), sieve_sudoku::generate::TargetParseError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use sieve::{Fixpoint, Schedule, propagate};

use super::GenerateError;
use crate::grid::Grid;
use crate::model::{ModelError, SudokuModel};
use crate::rate::{Difficulty, Rater};
use crate::shape::Shape;
use crate::tiers::Tier;

/// The difficulty a generated puzzle must rate at exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TargetDifficulty {
    /// Solved by this tier's rules and the simpler ones, and not by the
    /// simpler ones alone.
    Tier(Tier),
    /// Not solved by any tier: a search has to guess.
    Guessing,
}

/// Why a text does not name a difficulty.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown difficulty \"{text}\": use naked-single, hidden-single, locked-candidates, subsets, fish (or 1-5), or guessing"
)]
pub struct TargetParseError {
    /// The text that was given.
    pub text: String,
}

impl TargetDifficulty {
    /// Every target, easiest first.
    pub const ALL: [TargetDifficulty; 6] = [
        TargetDifficulty::Tier(Tier::NakedSingle),
        TargetDifficulty::Tier(Tier::HiddenSingle),
        TargetDifficulty::Tier(Tier::LockedCandidates),
        TargetDifficulty::Tier(Tier::Subsets),
        TargetDifficulty::Tier(Tier::Fish),
        TargetDifficulty::Guessing,
    ];

    /// The name: the tier's (`hidden-single`, ...) or `guessing`.
    pub fn name(self) -> &'static str {
        match self {
            TargetDifficulty::Tier(tier) => tier.name(),
            TargetDifficulty::Guessing => "guessing",
        }
    }

    /// Whether a puzzle could rate at this target, knowing whether the
    /// [fast model](crate::SudokuModel::fast) solves it without guessing: it
    /// makes the inferences of the first three tiers together, so it solves
    /// exactly the puzzles rated up to `locked-candidates`. A cheap filter
    /// before the full rating.
    pub fn may_match(self, solved_by_fast_model: bool) -> bool {
        match self {
            TargetDifficulty::Tier(tier) => {
                (tier <= Tier::LockedCandidates) == solved_by_fast_model
            }
            TargetDifficulty::Guessing => !solved_by_fast_model,
        }
    }

    /// Whether a rating meets this target exactly.
    pub fn matches(self, difficulty: &Difficulty) -> bool {
        match self {
            TargetDifficulty::Tier(tier) => difficulty.tier() == Some(tier),
            TargetDifficulty::Guessing => difficulty.needs_guessing(),
        }
    }
}

impl fmt::Display for TargetDifficulty {
    /// The target's [`name`](TargetDifficulty::name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TargetDifficulty {
    type Err = TargetParseError;

    /// Reads `guessing` or anything [`Tier`] reads (`hidden-single`, `2`, `t2`).
    fn from_str(text: &str) -> Result<TargetDifficulty, TargetParseError> {
        if text.trim().eq_ignore_ascii_case("guessing") {
            return Ok(TargetDifficulty::Guessing);
        }
        text.parse::<Tier>()
            .map(TargetDifficulty::Tier)
            .map_err(|_| TargetParseError {
                text: text.to_string(),
            })
    }
}

/// Decides whether a candidate puzzle rates at the target: cheap rejections
/// first, then the [`Rater`]'s verdict.
///
/// For the targets beyond `locked-candidates`, the models of the target tier
/// and of the tier below are propagated to their fixpoints (no guessing
/// search): a puzzle rates exactly tier `T` when the model of `T` solves it
/// and the model of the tier below does not (the models are nested, so more
/// rules solve more), and it needs guessing when the fish model leaves cells
/// open. Only a puzzle that passes is rated in full.
pub(crate) struct TargetFilter {
    target: TargetDifficulty,
    rater: Rater,
    /// For `subsets`, `fish` and `guessing`: the model that must solve the
    /// puzzle (for `guessing`, must not) and the one that must not.
    tier_models: Option<(SudokuModel, Option<SudokuModel>)>,
}

impl TargetFilter {
    /// The models for `target` on `shape`.
    pub(crate) fn new(shape: Shape, target: TargetDifficulty) -> Result<TargetFilter, ModelError> {
        let tiers = match target {
            TargetDifficulty::Tier(tier) if tier > Tier::LockedCandidates => {
                Some((tier, Tier::from_number(tier.number() - 1)))
            }
            TargetDifficulty::Tier(_) => None,
            TargetDifficulty::Guessing => Some((Tier::HARDEST, None)),
        };
        let tier_models = match tiers {
            Some((at, below)) => Some((
                SudokuModel::with_tier(shape, at)?,
                below
                    .map(|tier| SudokuModel::with_tier(shape, tier))
                    .transpose()?,
            )),
            None => None,
        };
        Ok(TargetFilter {
            target,
            rater: Rater::new(shape)?,
            tier_models,
        })
    }

    /// Whether `puzzle` (unique) rates exactly at the target, knowing whether
    /// the fast model solves it.
    pub(crate) fn accepts(
        &self,
        puzzle: &Grid,
        solved_by_fast_model: bool,
    ) -> Result<bool, GenerateError> {
        if !self.target.may_match(solved_by_fast_model) {
            return Ok(false);
        }
        if let Some((at, below)) = &self.tier_models {
            let solved_at = solves(at, puzzle)?;
            let wanted = self.target != TargetDifficulty::Guessing;
            if solved_at != wanted {
                return Ok(false);
            }
            if let Some(below) = below
                && solves(below, puzzle)?
            {
                return Ok(false);
            }
        }
        Ok(self.target.matches(&self.rater.rate(puzzle)?.difficulty))
    }
}

/// Whether the rules of `sudoku`, propagated to their fixpoint, solve `puzzle`.
pub(crate) fn solves(sudoku: &SudokuModel, puzzle: &Grid) -> Result<bool, ModelError> {
    let mut state = sudoku.start(puzzle)?;
    let end = propagate(sudoku.model(), &mut state, Schedule::Priority, None)?;
    Ok(end == Fixpoint::Reached && state.all_assigned())
}
