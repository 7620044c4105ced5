//! Rating: the lowest tier whose propagation alone solves a puzzle.
//!
//! Each tier's model holds that tier and every simpler one, so the tiers are
//! tried in increasing order, each starting from the fixpoint of the one below.
//! When even the lines tier leaves cells open, the puzzle needs guessing, and
//! the rating says how many guesses (search decisions, `x = v` and `x ≠ v`) a
//! search over the strongest model made before it found a solution; it then
//! looks for a second one, so the rating also says whether the solution is
//! unique. A puzzle solved by propagation alone is always unique.
//!
//! ```
//! use sieve_skyscrapers::{Tier, rate::{Difficulty, rate}};
//!
//! let puzzle = "4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2".parse()?;
//! let rating = rate(&puzzle)?;
//! assert_eq!(rating.difficulty, Difficulty::Logic(Tier::Viewpoint));
//! assert_eq!(rating.to_string(), "tier 2 (viewpoint)");
//! assert!(rating.unique);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use sieve::{Config, Domains, Fixpoint, Schedule, Search, StopReason, propagate};

use crate::model::{ModelError, SkyscrapersModel};
use crate::puzzle::{Grid, Puzzle};
use crate::tiers::Tier;

/// How hard a puzzle is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Difficulty {
    /// Solved by the rules of this tier and the simpler ones, without guessing.
    Logic(Tier),
    /// Every tier together leaves cells open: a search had to guess.
    Guessing {
        /// The decisions the search tried before it found the first solution.
        guesses: u64,
    },
}

impl Difficulty {
    /// The tier needed, when no guessing was.
    pub fn tier(self) -> Option<Tier> {
        match self {
            Difficulty::Logic(tier) => Some(tier),
            Difficulty::Guessing { .. } => None,
        }
    }

    /// Whether the puzzle needed guessing.
    pub fn needs_guessing(self) -> bool {
        matches!(self, Difficulty::Guessing { .. })
    }
}

impl fmt::Display for Difficulty {
    /// `tier 2 (viewpoint)`, or `needs guessing (3 guesses)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Difficulty::Logic(tier) => write!(f, "tier {} ({tier})", tier.number()),
            Difficulty::Guessing { guesses: 1 } => f.write_str("needs guessing (1 guess)"),
            Difficulty::Guessing { guesses } => write!(f, "needs guessing ({guesses} guesses)"),
        }
    }
}

/// A puzzle's rating, the solution found on the way, and whether it is the only one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    /// How hard the puzzle is.
    pub difficulty: Difficulty,
    /// The solution (the first one found, when there are several).
    pub solution: Grid,
    /// Whether the solution is the only one.
    pub unique: bool,
}

impl fmt::Display for Rating {
    /// The difficulty, with `, several solutions` when the solution is not unique.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.difficulty)?;
        if !self.unique {
            f.write_str(", several solutions")?;
        }
        Ok(())
    }
}

/// Why a puzzle cannot be rated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RateError {
    /// The models could not be built.
    #[error(transparent)]
    Model(#[from] ModelError),
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The search hit a limit of its configuration first.
    #[error("the rating search stopped before a solution: {0}")]
    Stopped(StopReason),
}

impl From<sieve::Error> for RateError {
    fn from(error: sieve::Error) -> Self {
        RateError::Model(error.into())
    }
}

/// Rate `puzzle`, searching (when it must) with the `Priority` schedule and no limit.
pub fn rate(puzzle: &Puzzle) -> Result<Rating, RateError> {
    rate_with(puzzle, &Config::default().schedule(Schedule::Priority))
}

/// Rate `puzzle`, searching (when it must) with `config`'s strategies and limits.
pub fn rate_with(puzzle: &Puzzle, config: &Config) -> Result<Rating, RateError> {
    let mut state: Option<Domains> = None;
    let mut strongest = None;
    for tier in Tier::ALL {
        let model = SkyscrapersModel::new(puzzle, tier)?;
        let mut current = state.take().unwrap_or_else(|| model.start());
        let end = propagate(model.model(), &mut current, Schedule::Priority, None)?;
        if let Fixpoint::Conflict(_) = end {
            return Err(RateError::NoSolution);
        }
        if current.all_assigned() {
            return Ok(Rating {
                difficulty: Difficulty::Logic(tier),
                solution: model.grid_of(&current),
                unique: true,
            });
        }
        state = Some(current);
        strongest = Some(model);
    }
    let model = strongest.expect("there are four tiers");
    let start = state.expect("the last tier left a state");
    guess(&model, start, config)
}

/// Search from the strongest tier's fixpoint, counting the decisions.
fn guess(model: &SkyscrapersModel, start: Domains, config: &Config) -> Result<Rating, RateError> {
    let mut search = Search::from_state(model.model(), start, *config)?;
    let Some(first) = search.next_solution() else {
        return Err(match search.stop_reason() {
            Some(reason) => RateError::Stopped(reason),
            None => RateError::NoSolution,
        });
    };
    let guesses = search.counters().nodes.saturating_sub(1);
    let unique = search.next_solution().is_none() && search.stop_reason().is_none();
    Ok(Rating {
        difficulty: Difficulty::Guessing { guesses },
        solution: model.grid_of_values(&first.values),
        unique,
    })
}

/// Whether the rules of `tier` and below, propagated from the start alone,
/// place every cell (and so prove the solution unique).
pub fn solves_within(puzzle: &Puzzle, tier: Tier) -> Result<bool, ModelError> {
    Ok(placed_by(puzzle, tier)?.is_some_and(|grid| !grid.heights().contains(&0)))
}

/// The heights the rules of `tier` and below place by propagation from the
/// start (0 for a cell left open), or `None` when they meet a contradiction.
pub fn placed_by(puzzle: &Puzzle, tier: Tier) -> Result<Option<Grid>, ModelError> {
    let model = SkyscrapersModel::new(puzzle, tier)?;
    let mut state = model.start();
    let end = propagate(model.model(), &mut state, Schedule::Priority, None)?;
    Ok(match end {
        Fixpoint::Conflict(_) => None,
        Fixpoint::Reached | Fixpoint::Stopped => Some(model.grid_of(&state)),
    })
}
