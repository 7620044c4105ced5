//! The `unique` method, the default: a random full grid, then clues removed in
//! symmetric classes while the solution stays unique.
//!
//! 1. **A random full grid**: the engine's search over the
//!    [fast model](SudokuModel::fast) from an empty grid, trying values in a
//!    seeded random order ([`ValueOrder::Random`]); a search that needs more
//!    than a few nodes a cell starts again with the next seed, which keeps the
//!    rare heavy-tailed runs on large grids short.
//! 2. **Clue removal**: the classes of the chosen [`Symmetry`] in a random
//!    order; a class is hidden when the solution provably stays unique, and
//!    shown again otherwise. Two shortcuts settle most removals without
//!    search: a value the remaining clues force in one naked or hidden single
//!    keeps the puzzle unique, and a swap of two values (or of two rows of a
//!    band, two columns of a stack) over hidden cells only makes a second
//!    solution. The rest go to the [`UniquenessProver`], one search a removed
//!    cell. Only a proof removes a clue, so every puzzle is unique.
//! 3. **Options checked afterwards**, each failure starting a new attempt
//!    with the next numbers of the seeded generator, up to
//!    [`UniqueOptions::max_attempts`]: `minimal` (with a symmetry, no single
//!    clue may be removable either) and the target difficulty (the
//!    [`Rater`](crate::Rater)'s verdict must be exactly the one asked for,
//!    after cheaper tier checks have let the puzzle through).
//!
//! # Minimal puzzles
//!
//! One pass is enough for minimality: a clue that could not be removed stays
//! needed when more clues go (fewer clues never rule out a solution), so
//! without symmetry the pass leaves a minimal puzzle whenever every proof
//! settles. With `minimal`, proofs may take [`PROOF_NODES_PER_CELL`] nodes a
//! cell, and an attempt with an unsettled proof is retried; with a symmetry,
//! each remaining clue is also tried alone. Without `minimal`, a proof stops
//! after [`QUICK_PROOF_NODES`] and the clue stays: on 9×9 the puzzles come out
//! minimal anyway, on 16×16 and above this is what keeps generation fast (a
//! 25×25 keeps about 45% of its cells, and a minimal one is out of reach).
//!
//! Minimal puzzles with `rotate90` or `dihedral` symmetry are very rare on
//! 9×9 (classes of four or eight cells almost always leave one clue that
//! could go alone), so those requests usually end in
//! [`GenerateError::AttemptsExhausted`].
//!
//! ```
//! use sieve_sudoku::{Shape, reference};
//! use sieve_sudoku::generate::{Symmetry, unique::{self, UniqueOptions}};
//!
//! let options = UniqueOptions::new(Shape::classic()).symmetry(Symmetry::Rotate180);
//! let puzzle = unique::generate(&options, 7)?;
//! assert_eq!(reference::count_solutions(&puzzle.puzzle(), 2), 1);
//! assert!(Symmetry::Rotate180.is_invariant(puzzle.shape(), puzzle.visible_mask()));
//! # Ok::<(), sieve_sudoku::generate::GenerateError>(())
//! ```

use std::time::Instant;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sieve::{Config, Search, ValueOrder};

use super::forced::VisibleValues;
use super::prover::{Other, UniquenessProver};
use super::target::{TargetFilter, solves};
use super::witness::SwapCycles;
use super::{GenerateError, GeneratedPuzzle, Symmetry, TargetDifficulty};
use crate::grid::Grid;
use crate::model::SudokuModel;
use crate::shape::Shape;

/// How many attempts [`UniqueOptions::new`] allows before giving up on the
/// options. The rarest 9×9 target, `fish`, takes about 300 attempts on
/// average; an impossible one (`guessing` on 4×4) ends after this many.
pub const DEFAULT_MAX_ATTEMPTS: u32 = 10_000;

/// For minimal puzzles, the nodes a uniqueness proof may visit per cell of
/// the grid before it counts as unsettled: far more than a 9×9 or 16×16
/// removal needs, so a minimal puzzle is almost never rejected for it.
pub const PROOF_NODES_PER_CELL: u64 = 400;

/// Without `minimal`, the nodes a uniqueness proof may visit: a removal that
/// needs more is skipped (the clue stays). The puzzle is still unique, and
/// may keep a few removable clues; on 9×9 such proofs are rare, on 16×16 and
/// above they are the slow ones.
pub const QUICK_PROOF_NODES: u64 = 16;

/// The nodes a full-grid search may visit per cell before it starts again
/// with a new seed.
pub const FILL_NODES_PER_CELL: u64 = 4;

/// What to generate with the `unique` method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UniqueOptions {
    /// The box shape (any, from 1×2 boxes up).
    pub shape: Shape,
    /// The symmetry of the visible cells.
    pub symmetry: Symmetry,
    /// Whether no single clue may be removable (see the module docs).
    pub minimal: bool,
    /// The exact difficulty wanted, if any.
    pub difficulty: Option<TargetDifficulty>,
    /// How many attempts one puzzle may take before
    /// [`GenerateError::AttemptsExhausted`].
    pub max_attempts: u32,
}

impl UniqueOptions {
    /// Puzzles of `shape`, no symmetry, any difficulty.
    pub fn new(shape: Shape) -> UniqueOptions {
        UniqueOptions {
            shape,
            symmetry: Symmetry::None,
            minimal: false,
            difficulty: None,
            max_attempts: DEFAULT_MAX_ATTEMPTS,
        }
    }

    /// With this symmetry of the visible cells.
    pub fn symmetry(mut self, symmetry: Symmetry) -> UniqueOptions {
        self.symmetry = symmetry;
        self
    }

    /// Minimal or not.
    pub fn minimal(mut self, minimal: bool) -> UniqueOptions {
        self.minimal = minimal;
        self
    }

    /// With an exact target difficulty.
    pub fn difficulty(mut self, difficulty: TargetDifficulty) -> UniqueOptions {
        self.difficulty = Some(difficulty);
        self
    }

    /// With another bound on the attempts for one puzzle.
    pub fn max_attempts(mut self, attempts: u32) -> UniqueOptions {
        self.max_attempts = attempts;
        self
    }
}

/// Everything one set of options needs, built once and shared by every
/// worker: the fast model, the rating models (when a difficulty is asked
/// for) and the symmetry classes.
pub struct UniqueGenerator {
    options: UniqueOptions,
    fast: SudokuModel,
    target: Option<TargetFilter>,
    classes: Vec<Vec<usize>>,
}

impl UniqueGenerator {
    /// Builds the models for `options`.
    pub fn new(options: UniqueOptions) -> Result<UniqueGenerator, GenerateError> {
        let target = options
            .difficulty
            .map(|target| TargetFilter::new(options.shape, target))
            .transpose()?;
        Ok(UniqueGenerator {
            options,
            fast: SudokuModel::fast(options.shape)?,
            target,
            classes: options.symmetry.classes(options.shape),
        })
    }

    /// The options this generator follows.
    pub fn options(&self) -> &UniqueOptions {
        &self.options
    }

    /// A worker with its own search buffers, to generate many puzzles on one
    /// thread without allocating a search each time.
    pub fn worker(&self) -> Result<UniqueWorker<'_>, GenerateError> {
        let shape = self.options.shape;
        let proof_nodes = if self.options.minimal {
            PROOF_NODES_PER_CELL.saturating_mul(shape.cell_count() as u64)
        } else {
            QUICK_PROOF_NODES
        };
        Ok(UniqueWorker {
            generator: self,
            prover: UniquenessProver::new(&self.fast, proof_nodes)?,
            masks: VisibleValues::new(shape),
            cycles: SwapCycles::new(shape),
        })
    }

    /// Generates one puzzle from a seed.
    pub fn generate(&self, seed: u64) -> Result<GeneratedPuzzle, GenerateError> {
        self.worker()?.generate(seed)
    }
}

/// [`GenerateError::TimedOut`] once `deadline` has passed.
pub(super) fn passed(deadline: Option<Instant>) -> Result<(), GenerateError> {
    match deadline {
        Some(deadline) if Instant::now() >= deadline => Err(GenerateError::TimedOut),
        _ => Ok(()),
    }
}

/// One thread's search buffers over a [`UniqueGenerator`].
pub struct UniqueWorker<'g> {
    generator: &'g UniqueGenerator,
    prover: UniquenessProver<'g>,
    masks: VisibleValues,
    cycles: SwapCycles,
}

/// A puzzle before its options are checked.
struct Candidate {
    solution: Vec<u8>,
    visible: Vec<bool>,
    /// Whether every removal was settled (no proof hit its node limit).
    settled: bool,
}

impl UniqueWorker<'_> {
    /// Generates one puzzle from a seed: attempts drawn one after another from
    /// a `ChaCha8Rng` seeded with `seed`, until one meets the options.
    pub fn generate(&mut self, seed: u64) -> Result<GeneratedPuzzle, GenerateError> {
        self.generate_until(seed, None)
    }

    /// [`UniqueWorker::generate`], stopping with [`GenerateError::TimedOut`]
    /// once `deadline` has passed: checked before each attempt and each clue
    /// removal, whose proofs are bounded in nodes, so a run ends soon after it.
    /// The puzzle made before the deadline is the one `generate` makes.
    pub fn generate_until(
        &mut self,
        seed: u64,
        deadline: Option<Instant>,
    ) -> Result<GeneratedPuzzle, GenerateError> {
        let options = self.generator.options;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..options.max_attempts {
            let candidate = self.attempt(&mut rng, deadline)?;
            if self.meets_options(&candidate)? {
                let solution = Grid::from_checked_cells(
                    options.shape,
                    candidate.solution.into_iter().map(Some).collect(),
                );
                return GeneratedPuzzle::proven_unique(solution, candidate.visible);
            }
        }
        Err(GenerateError::AttemptsExhausted {
            attempts: options.max_attempts,
            wanted: describe(&options),
        })
    }

    /// A full grid and one pass of clue removal over the symmetry classes.
    fn attempt(
        &mut self,
        rng: &mut ChaCha8Rng,
        deadline: Option<Instant>,
    ) -> Result<Candidate, GenerateError> {
        passed(deadline)?;
        let generator = self.generator;
        let solution = random_solution(&generator.fast, rng)?;
        let mut visible = vec![true; solution.len()];
        let mut order: Vec<&[usize]> = generator.classes.iter().map(Vec::as_slice).collect();
        order.shuffle(rng);
        self.masks.reset();
        self.cycles.load(&solution);
        let mut settled = true;
        for class in order {
            passed(deadline)?;
            self.set_visible(&solution, &mut visible, class, false);
            match self.removal(&solution, &visible, class) {
                Other::None => {}
                outcome => {
                    settled &= outcome == Other::Found;
                    self.set_visible(&solution, &mut visible, class, true);
                }
            }
        }
        Ok(Candidate {
            solution,
            visible,
            settled,
        })
    }

    fn set_visible(&mut self, solution: &[u8], visible: &mut [bool], cells: &[usize], shown: bool) {
        for &cell in cells {
            visible[cell] = shown;
            if shown {
                self.masks.show(cell, solution[cell]);
            } else {
                self.masks.hide(cell, solution[cell]);
            }
        }
    }

    /// Whether the puzzle stays unique with the `removed` cells hidden (they
    /// are already hidden in `visible` and in the masks): first the shortcuts
    /// that need no search (a forced value proves it, a hidden swap disproves
    /// it), then one proof a removed cell.
    fn removal(&mut self, solution: &[u8], visible: &[bool], removed: &[usize]) -> Other {
        let forced = removed
            .iter()
            .all(|&cell| self.masks.is_forced(cell, solution[cell], visible));
        if forced {
            return Other::None;
        }
        let swappable = removed.iter().any(|&cell| {
            self.cycles.has_hidden_cycle(solution, visible, cell)
                || self.cycles.has_hidden_value_swap(solution, visible, cell)
        });
        if swappable {
            return Other::Found;
        }
        self.prover.removal_keeps_unique(solution, visible, removed)
    }

    fn meets_options(&mut self, candidate: &Candidate) -> Result<bool, GenerateError> {
        let options = self.generator.options;
        if options.minimal && !self.is_minimal(candidate) {
            return Ok(false);
        }
        let Some(target) = &self.generator.target else {
            return Ok(true);
        };
        let puzzle = visible_grid(options.shape, &candidate.solution, &candidate.visible);
        target.accepts(&puzzle, solves(&self.generator.fast, &puzzle)?)
    }

    /// Whether no single clue can go. Without symmetry the removal pass
    /// already tried each clue alone (and a clue needed then is needed with
    /// fewer clues), so the puzzle is minimal when every proof settled; with
    /// a symmetry each remaining clue is tried alone.
    fn is_minimal(&mut self, candidate: &Candidate) -> bool {
        if !candidate.settled {
            return false;
        }
        if self.generator.options.symmetry == Symmetry::None {
            return true;
        }
        let solution = &candidate.solution;
        let mut visible = candidate.visible.clone();
        self.masks.reset();
        for cell in (0..visible.len()).filter(|&cell| !visible[cell]) {
            self.masks.hide(cell, solution[cell]);
        }
        for cell in 0..visible.len() {
            if !visible[cell] {
                continue;
            }
            self.set_visible(solution, &mut visible, &[cell], false);
            let outcome = self.removal(solution, &visible, &[cell]);
            self.set_visible(solution, &mut visible, &[cell], true);
            if outcome != Other::Found {
                return false;
            }
        }
        true
    }
}

/// A random full grid: the engine's search from an empty grid with a random
/// value order, restarted with a new seed when it takes too many nodes.
fn random_solution(sudoku: &SudokuModel, rng: &mut ChaCha8Rng) -> Result<Vec<u8>, GenerateError> {
    let cells = sudoku.cells();
    let node_limit = FILL_NODES_PER_CELL.saturating_mul(cells.len() as u64) + 100;
    loop {
        let seed = rng.random_range(0..=u64::MAX);
        let config = Config::default()
            .value_order(ValueOrder::Random { seed })
            .node_limit(node_limit);
        let mut search = Search::new(sudoku.model(), config).map_err(crate::ModelError::from)?;
        if let Some(values) = search.next_values() {
            return Ok(cells.iter().map(|var| values[var.index()] as u8).collect());
        }
        if search.stop_reason().is_none() {
            unreachable!("an empty sudoku grid always has a solution");
        }
    }
}

fn visible_grid(shape: Shape, solution: &[u8], visible: &[bool]) -> Grid {
    let cells = solution
        .iter()
        .zip(visible)
        .map(|(&value, &shown)| shown.then_some(value))
        .collect();
    Grid::from_checked_cells(shape, cells)
}

fn describe(options: &UniqueOptions) -> String {
    let mut text = format!("a unique {} puzzle", options.shape);
    if options.symmetry != Symmetry::None {
        text.push_str(&format!(" with {} symmetry", options.symmetry));
    }
    if options.minimal {
        text.push_str(", minimal");
    }
    if let Some(target) = options.difficulty {
        text.push_str(&format!(", rated {target}"));
    }
    text
}

/// Generates one puzzle with the `unique` method (building the models for its
/// shape; use a [`UniqueGenerator`] for many).
pub fn generate(options: &UniqueOptions, seed: u64) -> Result<GeneratedPuzzle, GenerateError> {
    UniqueGenerator::new(*options)?.generate(seed)
}
