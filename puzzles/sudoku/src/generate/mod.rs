//! Puzzle generation: the two source methods, the `unique` method, and the
//! generated puzzle they share.
//!
//! - [`unique`]: a random full grid, then clues removed in [`Symmetry`]
//!   classes while the solution provably stays unique; optionally minimal
//!   and of an exact [`TargetDifficulty`]; any box shape;
//! - [`srmagic`]: the pipeline of SRMagic (a Spanish magic-square and sudoku generator) for sides N = n²;
//! - [`transform`]: the SUDOKU-80B way of the Sharp MZ-80B, 9×9.
//!
//! Each gives a [`GeneratedPuzzle`]: the solution, the mask of visible cells,
//! and an honest report of whether the visible cells have a unique solution
//! (neither source checks it; for them it is counted by [`crate::reference`],
//! and `unique` proves it on the way with the [`UniquenessProver`]).
//! Randomness is a `ChaCha8Rng` seeded from a `u64`, so a seed gives the same
//! puzzle on every machine; [`generate_many`] makes batches in parallel,
//! each puzzle from its own [`puzzle_seed`], the same on any number of
//! threads.

pub mod batch;
mod forced;
pub mod prover;
pub mod srmagic;
pub mod symmetry;
pub mod target;
pub mod transform;
pub mod unique;
mod witness;

pub use batch::{
    Method, generate_many, generate_many_until, generate_many_with_progress, puzzle_seed,
};
pub use prover::UniquenessProver;
pub use symmetry::{Symmetry, SymmetryParseError};
pub use target::{TargetDifficulty, TargetParseError};
pub use unique::{UniqueGenerator, UniqueOptions, UniqueWorker};

use std::fmt;

use crate::check::{Violation, check_solution};
use crate::grid::Grid;
use crate::reference;
use crate::shape::Shape;

/// How many search nodes the uniqueness count may visit before it reports
/// [`Uniqueness::Unknown`]; 9×9 puzzles settle in far fewer.
pub const UNIQUENESS_NODE_BUDGET: u64 = 2_000_000;

/// Whether a puzzle's visible cells determine its solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Uniqueness {
    /// Exactly one solution.
    Unique,
    /// Two or more solutions.
    Multiple,
    /// No solution (only for grids that did not come from a solution).
    None,
    /// The count was not settled within [`UNIQUENESS_NODE_BUDGET`] nodes, or
    /// the visible cells changed since it was counted.
    Unknown,
}

impl Uniqueness {
    /// Counts the solutions of a puzzle up to two, within the node budget.
    pub fn of(puzzle: &Grid) -> Uniqueness {
        match reference::count_solutions_within(puzzle, 2, UNIQUENESS_NODE_BUDGET) {
            Some(0) => Uniqueness::None,
            Some(1) => Uniqueness::Unique,
            Some(_) => Uniqueness::Multiple,
            None => Uniqueness::Unknown,
        }
    }
}

impl fmt::Display for Uniqueness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Uniqueness::Unique => "unique",
            Uniqueness::Multiple => "several solutions",
            Uniqueness::None => "no solution",
            Uniqueness::Unknown => "not settled",
        })
    }
}

/// Why a puzzle cannot be generated or assembled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// SRMagic needs a side n² with n from 2 to 8.
    #[error(
        "SRMagic builds sides n² with n from 2 to 8 (4, 9, 16, 25, 36, 49 or 64); {size} is not one"
    )]
    NotSquareSize {
        /// The requested side.
        size: usize,
    },
    /// The MZ-80B difficulty is 1 (easy) to 8 (hard).
    #[error("difficulty level {level} is outside 1 to 8")]
    LevelOutOfRange {
        /// The requested level.
        level: u8,
    },
    /// The solution given is not a complete valid grid.
    #[error("the solution is not a valid complete grid: {0}")]
    InvalidSolution(#[from] Violation),
    /// No attempt met the options within the allowed number.
    #[error("no attempt gave {wanted} in {attempts} attempts")]
    AttemptsExhausted {
        /// How many attempts were made.
        attempts: u32,
        /// What was asked for, in words.
        wanted: String,
    },
    /// The models could not be built.
    #[error(transparent)]
    Model(#[from] crate::model::ModelError),
    /// A puzzle could not be rated.
    #[error(transparent)]
    Rate(#[from] crate::rate::RateError),
    /// The deadline given passed before the puzzle was made.
    #[error("the deadline passed before the puzzle was made")]
    TimedOut,
    /// The visible mask does not have one flag per cell.
    #[error("{found} visibility flags given for a grid of {expected} cells")]
    MaskLength {
        /// How many flags were given.
        found: usize,
        /// N².
        expected: usize,
    },
}

/// One cell as the source's service API reads it: position, value and visibility.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CellReading {
    /// Row, 0-based.
    pub row: usize,
    /// Column, 0-based.
    pub col: usize,
    /// The solution's value, 0-based.
    pub value: u8,
    /// Whether the player sees it.
    pub visible: bool,
}

impl CellReading {
    /// The value as a 1-based number, as shown to a player.
    pub fn number(&self) -> usize {
        usize::from(self.value) + 1
    }
}

/// A generated puzzle: its solution and which cells the player sees, with the
/// operations of SRMagic's service API.
///
/// Rows and columns are 0-based here (the source's are 1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedPuzzle {
    solution: Grid,
    visible: Vec<bool>,
    uniqueness: Uniqueness,
}

impl GeneratedPuzzle {
    /// Assembles a puzzle from a complete valid solution and a visible mask
    /// (one flag per cell in reading order), and counts whether it is unique.
    pub fn new(solution: Grid, visible: Vec<bool>) -> Result<GeneratedPuzzle, GenerateError> {
        check_solution(&Grid::empty(solution.shape()), &solution)?;
        if visible.len() != solution.shape().cell_count() {
            return Err(GenerateError::MaskLength {
                found: visible.len(),
                expected: solution.shape().cell_count(),
            });
        }
        let mut puzzle = GeneratedPuzzle {
            solution,
            visible,
            uniqueness: Uniqueness::Unknown,
        };
        puzzle.refresh_uniqueness();
        Ok(puzzle)
    }

    /// Assembles a puzzle whose uniqueness the generator has proven on the
    /// way (see [`unique`]), without counting again.
    pub(crate) fn proven_unique(
        solution: Grid,
        visible: Vec<bool>,
    ) -> Result<GeneratedPuzzle, GenerateError> {
        check_solution(&Grid::empty(solution.shape()), &solution)?;
        if visible.len() != solution.shape().cell_count() {
            return Err(GenerateError::MaskLength {
                found: visible.len(),
                expected: solution.shape().cell_count(),
            });
        }
        Ok(GeneratedPuzzle {
            solution,
            visible,
            uniqueness: Uniqueness::Unique,
        })
    }

    /// The box shape.
    pub fn shape(&self) -> Shape {
        self.solution.shape()
    }

    /// The complete solution.
    pub fn solution(&self) -> &Grid {
        &self.solution
    }

    /// The visible flags, one per cell in reading order.
    pub fn visible_mask(&self) -> &[bool] {
        &self.visible
    }

    /// The puzzle a player gets: the visible cells as givens, the rest blank.
    pub fn puzzle(&self) -> Grid {
        let mut grid = Grid::empty(self.shape());
        for (cell, &visible) in self.visible.iter().enumerate() {
            if visible {
                grid.set(cell, self.solution.get(cell));
            }
        }
        grid
    }

    /// Whether the visible cells have a unique solution (as last counted).
    pub fn uniqueness(&self) -> Uniqueness {
        self.uniqueness
    }

    /// Counts the solutions again, after cells were revealed or hidden.
    pub fn refresh_uniqueness(&mut self) {
        self.uniqueness = Uniqueness::of(&self.puzzle());
    }

    /// The number of visible cells (SRMagic's `NumActivas`).
    pub fn visible_count(&self) -> usize {
        self.visible.iter().filter(|&&visible| visible).count()
    }

    /// The number of hidden cells (`NumDesactivas`).
    pub fn hidden_count(&self) -> usize {
        self.visible.len() - self.visible_count()
    }

    /// The sum of the visible values of a row, as 1-based numbers (`SumaFila`).
    ///
    /// # Panics
    /// If `row` is not below N.
    pub fn row_visible_sum(&self, row: usize) -> usize {
        (0..self.shape().size())
            .map(|col| self.cell(row, col))
            .filter(|reading| reading.visible)
            .map(|reading| reading.number())
            .sum()
    }

    /// The sum of the visible values of a column, as 1-based numbers (`SumaColumna`).
    ///
    /// # Panics
    /// If `col` is not below N.
    pub fn column_visible_sum(&self, col: usize) -> usize {
        (0..self.shape().size())
            .map(|row| self.cell(row, col))
            .filter(|reading| reading.visible)
            .map(|reading| reading.number())
            .sum()
    }

    /// Whether the player sees a cell (`VerActiva`).
    ///
    /// # Panics
    /// If the position is outside the grid.
    pub fn is_visible(&self, row: usize, col: usize) -> bool {
        self.visible[self.index(row, col)]
    }

    /// Shows a cell (`Activar`); returns whether it was hidden before.
    ///
    /// A unique puzzle stays unique; any other report becomes
    /// [`Uniqueness::Unknown`] until [`refresh_uniqueness`](Self::refresh_uniqueness).
    ///
    /// # Panics
    /// If the position is outside the grid.
    pub fn reveal(&mut self, row: usize, col: usize) -> bool {
        let index = self.index(row, col);
        let changed = !self.visible[index];
        self.visible[index] = true;
        if changed && self.uniqueness != Uniqueness::Unique {
            self.uniqueness = Uniqueness::Unknown;
        }
        changed
    }

    /// Hides a cell (`DesActivar`); returns whether it was visible before.
    ///
    /// A puzzle with several solutions keeps them; any other report becomes
    /// [`Uniqueness::Unknown`] until [`refresh_uniqueness`](Self::refresh_uniqueness).
    ///
    /// # Panics
    /// If the position is outside the grid.
    pub fn hide(&mut self, row: usize, col: usize) -> bool {
        let index = self.index(row, col);
        let changed = self.visible[index];
        self.visible[index] = false;
        if changed && self.uniqueness != Uniqueness::Multiple {
            self.uniqueness = Uniqueness::Unknown;
        }
        changed
    }

    /// Reads a cell by position (`Chain`).
    ///
    /// # Panics
    /// If the position is outside the grid.
    pub fn cell(&self, row: usize, col: usize) -> CellReading {
        let index = self.index(row, col);
        self.reading(index)
    }

    /// Reads the `index`-th cell of the sequential order in which the visible
    /// cells come first, each group in reading order (`Read`); `None` past the end.
    pub fn read(&self, index: usize) -> Option<CellReading> {
        self.cells_visible_first().nth(index)
    }

    /// Reads the `index`-th visible cell (`ReadActiva`); `None` if there are fewer.
    pub fn read_visible(&self, index: usize) -> Option<CellReading> {
        self.cells_visible_first()
            .take_while(|reading| reading.visible)
            .nth(index)
    }

    /// Reads the `index`-th hidden cell (`ReadDesactiva`); `None` if there are fewer.
    pub fn read_hidden(&self, index: usize) -> Option<CellReading> {
        self.cells_visible_first()
            .skip_while(|reading| reading.visible)
            .nth(index)
    }

    /// Every cell, visible ones first, each group in reading order.
    pub fn cells_visible_first(&self) -> impl Iterator<Item = CellReading> + '_ {
        let all = 0..self.visible.len();
        let visible = all.clone().filter(|&cell| self.visible[cell]);
        let hidden = all.filter(|&cell| !self.visible[cell]);
        visible.chain(hidden).map(|cell| self.reading(cell))
    }

    fn index(&self, row: usize, col: usize) -> usize {
        let size = self.shape().size();
        assert!(
            row < size && col < size,
            "r{}c{} is outside a {size}x{size} grid",
            row + 1,
            col + 1
        );
        self.shape().cell(row, col)
    }

    fn reading(&self, cell: usize) -> CellReading {
        let position = self.shape().position(cell);
        CellReading {
            row: position.row,
            col: position.col,
            value: self.solution.get(cell).unwrap_or(0),
            visible: self.visible[cell],
        }
    }
}
