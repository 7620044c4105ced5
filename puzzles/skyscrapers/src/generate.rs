//! Generating unique puzzles by tier, seeded.
//!
//! One attempt: draw a random Latin square (the solution), write every clue it
//! shows, then remove clues in a random order, keeping each removal only
//! while the target still holds: the target tier's propagation alone solves
//! the puzzle (which proves it unique), or, for [`Target::Guessing`], the
//! engine's search still finds exactly one solution. When every clue is not
//! enough and [`GenerateOptions::allow_givens`] is set (the default), random
//! open cells of the solution are given first, then removed again in a random
//! order where the target allows, before the clues are. Givens are what makes
//! the lower tiers reachable for larger N: from N = 7 on, even all 4N clues of
//! a random square rarely pin down one solution.
//! The result must rate exactly at the target (not easier), and its
//! uniqueness is confirmed by a search over the strongest model; otherwise the
//! next attempt starts from a new square.
//!
//! Everything is drawn from one [`ChaCha8Rng`], so a seed always gives the same
//! puzzles on every platform.
//!
//! ```
//! use sieve_skyscrapers::generate::{GenerateOptions, Target, generate};
//! use sieve_skyscrapers::{Tier, rate::{Difficulty, rate}, reference};
//!
//! let options = GenerateOptions::new(Target::Tier(Tier::Viewpoint));
//! let generated = generate(5, &options, 7)?;
//! assert_eq!(generated.difficulty, Difficulty::Logic(Tier::Viewpoint));
//! assert_eq!(reference::count_solutions(&generated.puzzle, 2), 1);
//! assert_eq!(rate(&generated.puzzle)?.solution, generated.solution);
//! assert_eq!(generate(5, &options, 7)?, generated); // same seed, same puzzle
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;
use std::time::Instant;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sieve::{Config, Schedule, StopReason, Uniqueness};

use crate::latin::random_latin_square;
use crate::model::{ModelError, SkyscrapersModel};
use crate::puzzle::{Clues, Grid, MAX_SIZE, Puzzle, PuzzleError, Side};
use crate::rate::{Difficulty, RateError, placed_by, rate_with, solves_within};
use crate::tiers::{Tier, TierParseError};

/// What a generated puzzle must need.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// Solved by this tier's propagation, and not by the tier below.
    Tier(Tier),
    /// Unique, but every tier together leaves cells open.
    Guessing,
}

impl fmt::Display for Target {
    /// The tier's name, or `guessing`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Tier(tier) => write!(f, "{tier}"),
            Target::Guessing => f.write_str("guessing"),
        }
    }
}

/// Why a text does not name a target.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown tier {text:?}: use edge, viewpoint, latin, lines (or 1-4), or guessing")]
pub struct TargetParseError {
    /// The text that was given.
    pub text: String,
}

impl FromStr for Target {
    type Err = TargetParseError;

    /// A tier (name or number 1-4), or `guessing`.
    fn from_str(text: &str) -> Result<Target, TargetParseError> {
        if text.trim().eq_ignore_ascii_case("guessing") {
            return Ok(Target::Guessing);
        }
        text.parse()
            .map(Target::Tier)
            .map_err(|_: TierParseError| TargetParseError {
                text: text.to_string(),
            })
    }
}

/// How to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenerateOptions {
    /// What the puzzle must need.
    pub target: Target,
    /// Whether cells of the solution may be given when the clues alone are not enough.
    pub allow_givens: bool,
    /// How many Latin squares to try before giving up.
    pub attempts: usize,
    /// When to stop with [`GenerateError::TimedOut`]: checked between the
    /// steps of an attempt, and every search is limited to the time left, so a
    /// run ends soon after (a 16×16 `guessing` request has no bound otherwise).
    pub deadline: Option<Instant>,
}

impl GenerateOptions {
    /// Givens allowed when the clues are not enough, up to [`DEFAULT_ATTEMPTS`] squares.
    pub fn new(target: Target) -> Self {
        GenerateOptions {
            target,
            allow_givens: true,
            attempts: DEFAULT_ATTEMPTS,
            deadline: None,
        }
    }

    /// The same options, stopping at `deadline`.
    pub fn until(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// The configuration of every search: the `Priority` schedule, limited to
    /// the time left; [`GenerateError::TimedOut`] once none is.
    fn search_config(&self) -> Result<Config, GenerateError> {
        let config = Config::default().schedule(Schedule::Priority);
        let Some(deadline) = self.deadline else {
            return Ok(config);
        };
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(GenerateError::TimedOut);
        }
        Ok(config.time_limit(left))
    }

    /// The same options, allowing givens.
    pub fn with_givens(mut self, allow: bool) -> Self {
        self.allow_givens = allow;
        self
    }
}

/// The squares tried by default before giving up.
pub const DEFAULT_ATTEMPTS: usize = 200;

/// A generated puzzle, its solution and its rating.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: the clues kept, and the givens if any.
    pub puzzle: Puzzle,
    /// Its only solution.
    pub solution: Grid,
    /// What it needs: the target.
    pub difficulty: Difficulty,
    /// The attempt (1-based) that succeeded.
    pub attempt: usize,
}

/// Why no puzzle was generated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// N outside `1..=MAX_SIZE`.
    #[error("size {size} is out of range: N must be between 1 and {MAX_SIZE}")]
    SizeOutOfRange {
        /// The size asked for.
        size: usize,
    },
    /// No attempt reached the target.
    #[error(
        "no {size}×{size} puzzle needing {target} found in {attempts} attempts{}",
        if *allow_givens { "" } else { " (try allowing givens)" }
    )]
    GaveUp {
        /// N.
        size: usize,
        /// The target.
        target: Target,
        /// The attempts made.
        attempts: usize,
        /// Whether givens were allowed.
        allow_givens: bool,
    },
    /// The models could not be built.
    #[error(transparent)]
    Model(#[from] ModelError),
    /// A generated puzzle failed its final check (a bug: its search or rating disagrees).
    #[error("internal check failed: {0}")]
    Check(String),
    /// The deadline of [`GenerateOptions::deadline`] passed first.
    #[error("the time limit ran out before a puzzle was found")]
    TimedOut,
}

impl From<PuzzleError> for GenerateError {
    fn from(error: PuzzleError) -> Self {
        match error {
            PuzzleError::SizeOutOfRange { size } => GenerateError::SizeOutOfRange { size },
            other => GenerateError::Check(other.to_string()),
        }
    }
}

/// One puzzle of size `size` from `ChaCha8Rng::seed_from_u64(seed)`.
pub fn generate(
    size: usize,
    options: &GenerateOptions,
    seed: u64,
) -> Result<Generated, GenerateError> {
    generate_from(size, options, &mut ChaCha8Rng::seed_from_u64(seed))
}

/// `count` puzzles from one seed: puzzle `i` is generated from the `i`-th of
/// [`puzzle_seeds`]`(seed)`, so a longer batch starts with the shorter one.
pub fn generate_many(
    size: usize,
    options: &GenerateOptions,
    seed: u64,
    count: usize,
) -> Result<Vec<Generated>, GenerateError> {
    puzzle_seeds(seed)
        .take(count)
        .map(|puzzle_seed| generate(size, options, puzzle_seed))
        .collect()
}

/// The seeds of the puzzles of a batch: drawn from
/// `ChaCha8Rng::seed_from_u64(seed)`, one per puzzle, without end.
pub fn puzzle_seeds(seed: u64) -> impl Iterator<Item = u64> {
    let mut seeds = ChaCha8Rng::seed_from_u64(seed);
    std::iter::repeat_with(move || seeds.random_range(0..u64::MAX))
}

/// One puzzle, drawing everything from `rng`.
pub fn generate_from(
    size: usize,
    options: &GenerateOptions,
    rng: &mut ChaCha8Rng,
) -> Result<Generated, GenerateError> {
    if !(1..=MAX_SIZE).contains(&size) {
        return Err(GenerateError::SizeOutOfRange { size });
    }
    for attempt in 1..=options.attempts {
        options.search_config()?;
        let solution = random_latin_square(size, rng)?;
        if let Some(generated) = attempt_with(&solution, options, rng, attempt)? {
            return Ok(generated);
        }
    }
    Err(GenerateError::GaveUp {
        size,
        target: options.target,
        attempts: options.attempts,
        allow_givens: options.allow_givens,
    })
}

/// One attempt from one solution: `None` when it cannot reach the target.
fn attempt_with(
    solution: &Grid,
    options: &GenerateOptions,
    rng: &mut ChaCha8Rng,
    attempt: usize,
) -> Result<Option<Generated>, GenerateError> {
    let target = options.target;
    let mut puzzle = Puzzle::new(solution.size(), Clues::from_solution(solution))?;
    if !suffices(&puzzle, options)? {
        if !options.allow_givens {
            return Ok(None);
        }
        add_givens(&mut puzzle, solution, options, rng)?;
    }
    remove_givens(&mut puzzle, options, rng)?;
    remove_clues(&mut puzzle, options, rng)?;
    let difficulty = match rate_with(&puzzle, &options.search_config()?) {
        Ok(rating) => rating.difficulty,
        Err(RateError::Model(error)) => return Err(error.into()),
        Err(RateError::Stopped(StopReason::TimeLimit)) => return Err(GenerateError::TimedOut),
        Err(other) => return Err(GenerateError::Check(other.to_string())),
    };
    let reached = match target {
        Target::Tier(tier) => difficulty == Difficulty::Logic(tier),
        Target::Guessing => difficulty.needs_guessing(),
    };
    if !reached {
        return Ok(None);
    }
    confirm_unique(&puzzle, solution, options)?;
    Ok(Some(Generated {
        puzzle,
        solution: solution.clone(),
        difficulty,
        attempt,
    }))
}

/// Whether the puzzle still meets the target's condition (unique, and
/// solved by the target tier when there is one).
fn suffices(puzzle: &Puzzle, options: &GenerateOptions) -> Result<bool, GenerateError> {
    let config = options.search_config()?;
    match options.target {
        Target::Tier(tier) => Ok(solves_within(puzzle, tier)?),
        Target::Guessing => {
            let model = SkyscrapersModel::solver(puzzle)?;
            let mut search = model.search(config)?;
            match search.uniqueness() {
                Uniqueness::Unknown(StopReason::TimeLimit, _) => Err(GenerateError::TimedOut),
                verdict => Ok(matches!(verdict, Uniqueness::Unique(_))),
            }
        }
    }
}

/// Give random open cells of the solution until the target's condition holds.
fn add_givens(
    puzzle: &mut Puzzle,
    solution: &Grid,
    options: &GenerateOptions,
    rng: &mut ChaCha8Rng,
) -> Result<(), GenerateError> {
    let size = puzzle.size();
    let tier = match options.target {
        Target::Tier(tier) => tier,
        Target::Guessing => Tier::HARDEST,
    };
    while !suffices(puzzle, options)? {
        let placed = placed_by(puzzle, tier)?;
        let open: Vec<usize> = (0..size * size)
            .filter(|&cell| {
                puzzle.givens()[cell].is_none()
                    && placed.as_ref().is_none_or(|grid| grid.heights()[cell] == 0)
            })
            .collect();
        let Some(&cell) = open.get(rng.random_range(0..open.len().max(1))) else {
            return Err(GenerateError::Check(
                "every cell is given, yet the target does not hold".to_string(),
            ));
        };
        let height = solution.get(cell / size, cell % size);
        puzzle.set_given(cell / size, cell % size, Some(height))?;
    }
    Ok(())
}

/// Remove clues in a random order while the target's condition holds.
fn remove_clues(
    puzzle: &mut Puzzle,
    options: &GenerateOptions,
    rng: &mut ChaCha8Rng,
) -> Result<(), GenerateError> {
    let mut places: Vec<(Side, usize)> = Side::ALL
        .iter()
        .flat_map(|&side| (0..puzzle.size()).map(move |index| (side, index)))
        .filter(|&(side, index)| puzzle.clues().get(side, index).is_some())
        .collect();
    places.shuffle(rng);
    for (side, index) in places {
        let clue = puzzle.clues().get(side, index);
        puzzle.set_clue(side, index, None)?;
        if !suffices(puzzle, options)? {
            puzzle.set_clue(side, index, clue)?;
        }
    }
    Ok(())
}

/// Remove givens in a random order while the target's condition holds.
fn remove_givens(
    puzzle: &mut Puzzle,
    options: &GenerateOptions,
    rng: &mut ChaCha8Rng,
) -> Result<(), GenerateError> {
    let size = puzzle.size();
    let mut given: Vec<usize> = (0..size * size)
        .filter(|&cell| puzzle.givens()[cell].is_some())
        .collect();
    given.shuffle(rng);
    for cell in given {
        let (row, column) = (cell / size, cell % size);
        let height = puzzle.given(row, column);
        puzzle.set_given(row, column, None)?;
        if !suffices(puzzle, options)? {
            puzzle.set_given(row, column, height)?;
        }
    }
    Ok(())
}

/// The engine's search over the strongest model finds the solution, and only it.
fn confirm_unique(
    puzzle: &Puzzle,
    solution: &Grid,
    options: &GenerateOptions,
) -> Result<(), GenerateError> {
    let model = SkyscrapersModel::solver(puzzle)?;
    let mut search = model.search(options.search_config()?)?;
    match search.uniqueness() {
        Uniqueness::Unique(found) if model.grid_of_values(&found.values) == *solution => Ok(()),
        Uniqueness::Unknown(StopReason::TimeLimit, _) => Err(GenerateError::TimedOut),
        other => Err(GenerateError::Check(format!(
            "the generated puzzle is not uniquely solved by its solution: {other:?}"
        ))),
    }
}
