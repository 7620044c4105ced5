//! Rating: how hard a puzzle is for a person.
//!
//! A puzzle's difficulty is the smallest [`Tier`] whose rules, propagated to a
//! fixpoint, solve it without guessing (each tier's model holds that tier and every
//! simpler one, so the tiers are tried in increasing order, each one starting from
//! the fixpoint of the one below). When even the fish tier leaves cells open, the
//! puzzle needs guessing, and the rating says how many guesses a search over the
//! fish-tier model made before it found the solution. Every rating has a name and a
//! numeric [`score`](Difficulty::score), and keeps the solution it found.
//!
//! ```
//! use sieve_sudoku::{Grid, Tier, rate};
//!
//! let puzzle: Grid =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let rating = rate(&puzzle)?;
//! assert_eq!(rating.difficulty.tier(), Some(Tier::NakedSingle));
//! assert_eq!(rating.to_string(), "naked-single, score 10");
//! sieve_sudoku::check_solution(&puzzle, &rating.solution)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use sieve::{Config, Domains, Fixpoint, Schedule, Search, StopReason, propagate};

use crate::grid::Grid;
use crate::model::{ModelError, SudokuModel};
use crate::shape::Shape;
use crate::tiers::{Contradiction, Tier};

/// The score of a puzzle that needs guessing, before one point a guess is added:
/// above every tier's score.
pub const GUESSING_SCORE: u64 = 100;

/// How hard a puzzle is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Difficulty {
    /// Solved by the rules of this tier and the simpler ones, without guessing.
    Logic(Tier),
    /// The fish tier was not enough: a search had to guess.
    Guessing {
        /// The decisions the search tried (its branches, both `x = v` and `x ≠ v`)
        /// before it found the solution.
        guesses: u64,
    },
}

impl Difficulty {
    /// The name: the tier's name (`hidden-single`, ...) or `guessing`.
    pub fn name(&self) -> &'static str {
        match self {
            Difficulty::Logic(tier) => tier.name(),
            Difficulty::Guessing { .. } => "guessing",
        }
    }

    /// The numeric score: the tier's [`score`](Tier::score), or
    /// [`GUESSING_SCORE`] plus one a guess.
    pub fn score(&self) -> u64 {
        match self {
            Difficulty::Logic(tier) => u64::from(tier.score()),
            Difficulty::Guessing { guesses } => GUESSING_SCORE.saturating_add(*guesses),
        }
    }

    /// The tier needed, when no guessing was.
    pub fn tier(&self) -> Option<Tier> {
        match self {
            Difficulty::Logic(tier) => Some(*tier),
            Difficulty::Guessing { .. } => None,
        }
    }

    /// Whether the puzzle needed guessing.
    pub fn needs_guessing(&self) -> bool {
        matches!(self, Difficulty::Guessing { .. })
    }
}

impl fmt::Display for Difficulty {
    /// `hidden-single`, or `guessing (12 guesses)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Difficulty::Logic(tier) => f.write_str(tier.name()),
            Difficulty::Guessing { guesses: 1 } => f.write_str("guessing (1 guess)"),
            Difficulty::Guessing { guesses } => write!(f, "guessing ({guesses} guesses)"),
        }
    }
}

/// A puzzle's rating and the solution found on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    /// How hard the puzzle is.
    pub difficulty: Difficulty,
    /// The solution (the first one found, when the puzzle has several).
    pub solution: Grid,
}

impl Rating {
    /// The difficulty's name.
    pub fn name(&self) -> &'static str {
        self.difficulty.name()
    }

    /// The difficulty's score.
    pub fn score(&self) -> u64 {
        self.difficulty.score()
    }
}

impl fmt::Display for Rating {
    /// `hidden-single, score 15` or `guessing (12 guesses), score 112`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, score {}", self.difficulty, self.score())
    }
}

/// Why a puzzle cannot be rated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RateError {
    /// The models could not be built, or the puzzle has another shape.
    #[error(transparent)]
    Model(#[from] ModelError),
    /// Propagation proved that the puzzle has no solution.
    #[error(transparent)]
    Contradiction(#[from] Contradiction),
    /// The search tried everything and found no solution.
    #[error("the puzzle has no solution: every guess leads to a contradiction")]
    NoSolution,
    /// The search hit a limit of its configuration first.
    #[error("the rating search stopped before a solution: {0}")]
    Stopped(StopReason),
}

/// Rates many puzzles of one shape, building the five tier models once.
pub struct Rater {
    models: Vec<(Tier, SudokuModel)>,
    config: Config,
}

impl Rater {
    /// A rater for `shape`; searches use the `Priority` schedule and no limit.
    pub fn new(shape: Shape) -> Result<Self, ModelError> {
        let models = Tier::ALL
            .into_iter()
            .map(|tier| Ok((tier, SudokuModel::with_tier(shape, tier)?)))
            .collect::<Result<_, ModelError>>()?;
        Ok(Rater {
            models,
            config: Config::default().schedule(Schedule::Priority),
        })
    }

    /// Use these search strategies and limits for puzzles that need guessing.
    pub fn with_config(mut self, config: Config) -> Self {
        self.config = config;
        self
    }

    /// The shape of the puzzles this rater takes.
    pub fn shape(&self) -> Shape {
        self.models[0].1.shape()
    }

    /// Rate one puzzle.
    pub fn rate(&self, puzzle: &Grid) -> Result<Rating, RateError> {
        let mut state: Option<Domains> = None;
        for (tier, sudoku) in &self.models {
            let mut current = match state.take() {
                Some(current) => current,
                None => sudoku.start(puzzle)?,
            };
            let end = propagate(sudoku.model(), &mut current, Schedule::Priority, None)
                .map_err(ModelError::from)?;
            if let Fixpoint::Conflict(conflict) = end {
                return Err(Contradiction::from_conflict(sudoku, &conflict).into());
            }
            if current.all_assigned() {
                return Ok(Rating {
                    difficulty: Difficulty::Logic(*tier),
                    solution: sudoku.grid_of(&current),
                });
            }
            state = Some(current);
        }
        let (_, hardest) = self.models.last().expect("there are five tiers");
        let start = state.expect("the last tier left a state");
        self.guess(hardest, start)
    }

    /// Search from the fish tier's fixpoint, counting the branches.
    fn guess(&self, hardest: &SudokuModel, start: Domains) -> Result<Rating, RateError> {
        let mut search =
            Search::from_state(hardest.model(), start, self.config).map_err(ModelError::from)?;
        match search.next_solution() {
            Some(solution) => Ok(Rating {
                difficulty: Difficulty::Guessing {
                    guesses: search.counters().nodes.saturating_sub(1),
                },
                solution: hardest.grid_of_values(&solution.values),
            }),
            None => Err(match search.stop_reason() {
                Some(reason) => RateError::Stopped(reason),
                None => RateError::NoSolution,
            }),
        }
    }
}

/// Rate one puzzle (building the models for its shape).
pub fn rate(puzzle: &Grid) -> Result<Rating, RateError> {
    Rater::new(puzzle.shape())?.rate(puzzle)
}
