//! Sudoku as a model over the Sieve engine: one variable per cell, whose values are
//! the grid's values `0..N`, and a rule set chosen by purpose.

use sieve::fast::Words;
use sieve::prelude::*;
use sieve::{Counters, StopReason};

use crate::grid::Grid;
use crate::shape::Shape;
use crate::singles::{ChuteRule, GridRule};

/// Why a grid cannot be handed to a model.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// The grid's shape differs from the model's.
    #[error("the puzzle is {found}, but the model is for {expected} grids")]
    ShapeMismatch {
        /// The model's shape.
        expected: Shape,
        /// The puzzle's shape.
        found: Shape,
    },
    /// The engine refused the model (a bug in a rule set: it names the rule).
    #[error(transparent)]
    Engine(#[from] sieve::Error),
}

/// A sudoku shape as an engine model.
pub struct SudokuModel {
    shape: Shape,
    model: Model,
    cells: Vec<VarId>,
}

impl SudokuModel {
    /// An empty model for `shape`, with cell variables named `r1c1`... and no rules.
    pub fn bare(shape: Shape) -> Self {
        let size = shape.size();
        let mut model = Model::new();
        let cells = model.new_vars(size * size, size as u32);
        for (cell, &var) in cells.iter().enumerate() {
            model.set_name(var, shape.position(cell).to_string());
        }
        model.set_value_labels(
            (0..size)
                .map(|value| crate::symbols::label(size, value as u8))
                .collect(),
        );
        SudokuModel {
            shape,
            model,
            cells,
        }
    }

    /// The fast solving model: naked singles, hidden singles and locked candidates.
    /// Up to 9x9 one [`GridRule`] takes each search node to its fixpoint in one run;
    /// larger grids have one [`ChuteRule`] per band and per stack.
    pub fn fast(shape: Shape) -> Result<Self, ModelError> {
        let mut sudoku = Self::bare(shape);
        match GridRule::new(shape, &sudoku.cells) {
            Some(rule) => {
                sudoku.model.add_rule(rule)?;
            }
            None => {
                for rule in ChuteRule::all(shape, &sudoku.cells) {
                    sudoku.model.add_rule(rule)?;
                }
            }
        }
        Ok(sudoku)
    }

    /// A model with the explained rules of `tier` and every simpler tier (see
    /// [`crate::tiers`]), added tier by tier: for rating, hints and pencil marks.
    pub fn with_tier(shape: Shape, tier: crate::tiers::Tier) -> Result<Self, ModelError> {
        let mut sudoku = Self::bare(shape);
        for level in tier.and_below() {
            level.add_rules(&mut sudoku)?;
        }
        Ok(sudoku)
    }

    /// The grid shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The engine model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The engine model, to add rules.
    pub fn model_mut(&mut self) -> &mut Model {
        &mut self.model
    }

    /// The variable of each cell, in reading order.
    pub fn cells(&self) -> &[VarId] {
        &self.cells
    }

    /// The start state of a puzzle: its givens assigned. Givens that clash are not an
    /// error here: propagation finds the contradiction ("no solution").
    pub fn start(&self, puzzle: &Grid) -> Result<Domains, ModelError> {
        if puzzle.shape() != self.shape {
            return Err(ModelError::ShapeMismatch {
                expected: self.shape,
                found: puzzle.shape(),
            });
        }
        let mut state = self.model.domains();
        for (&var, value) in self.cells.iter().zip(puzzle.cells()) {
            if let Some(value) = value {
                state.assign(var, Value::from(*value))?;
            }
        }
        Ok(state)
    }

    /// The grid a state shows: assigned cells filled, the others blank.
    pub fn grid_of(&self, state: &Domains) -> Grid {
        let cells = self
            .cells
            .iter()
            .map(|&var| state.value(var).map(|v| v as u8))
            .collect();
        Grid::from_cells(self.shape, cells).expect("a model state fits its shape")
    }

    /// The grid of a full assignment.
    pub fn grid_of_values(&self, values: &[Value]) -> Grid {
        let cells = self
            .cells
            .iter()
            .map(|var| Some(values[var.index()] as u8))
            .collect();
        Grid::from_cells(self.shape, cells).expect("a solution fits its shape")
    }

    /// Each cell's candidates as a bit mask (bit `v` = value `v`).
    pub fn candidates(&self, state: &Domains) -> Vec<u64> {
        self.cells.iter().map(|&var| state.word(var)).collect()
    }
}

/// The answer for one puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// No grid completes the puzzle.
    NoSolution,
    /// A solution (unique when uniqueness was checked).
    Solved(Grid),
    /// At least two solutions (when uniqueness was checked): the first two.
    Several(Grid, Grid),
    /// A limit stopped the search first.
    Stopped(StopReason),
}

/// Solves many puzzles of one shape with one search, reusing every buffer.
pub struct Solver<'m> {
    sudoku: &'m SudokuModel,
    search: Search<'m, 'static>,
    /// Every candidate of every cell: the start of each puzzle's start state.
    full: Domains,
    /// The last puzzle's start state, rebuilt in place for the next one.
    start: Domains,
}

impl<'m> Solver<'m> {
    /// A solver over a model with the given strategies.
    pub fn new(sudoku: &'m SudokuModel, config: Config) -> Result<Self, ModelError> {
        let search = Search::new(&sudoku.model, config)?;
        let full = sudoku.model.domains();
        Ok(Solver {
            sudoku,
            search,
            start: full.clone(),
            full,
        })
    }

    /// Start the search on a puzzle: its givens assigned, without allocating.
    fn load(&mut self, puzzle: &Grid) -> Result<(), ModelError> {
        if puzzle.shape() != self.sudoku.shape {
            return Err(ModelError::ShapeMismatch {
                expected: self.sudoku.shape,
                found: puzzle.shape(),
            });
        }
        self.start.copy_from(&self.full);
        for (&var, value) in self.sudoku.cells.iter().zip(puzzle.cells()) {
            if let Some(value) = value {
                self.start.assign(var, Value::from(*value))?;
            }
        }
        self.search.restart(&self.start)?;
        Ok(())
    }

    /// How the search ended without a (further) solution.
    fn ended(&self) -> Answer {
        match self.search.stop_reason() {
            Some(reason) => Answer::Stopped(reason),
            None => Answer::NoSolution,
        }
    }

    /// The first solution of a puzzle.
    pub fn solve(&mut self, puzzle: &Grid) -> Result<Answer, ModelError> {
        self.load(puzzle)?;
        Ok(match self.search.next_values() {
            Some(values) => Answer::Solved(self.sudoku.grid_of_values(values)),
            None => self.ended(),
        })
    }

    /// Solve and prove uniqueness (the search stops at a second solution).
    pub fn solve_unique(&mut self, puzzle: &Grid) -> Result<Answer, ModelError> {
        self.load(puzzle)?;
        let first = match self.search.next_values() {
            Some(values) => self.sudoku.grid_of_values(values),
            None => return Ok(self.ended()),
        };
        Ok(match self.search.next_values() {
            Some(values) => Answer::Several(first, self.sudoku.grid_of_values(values)),
            None => match self.search.stop_reason() {
                Some(reason) => Answer::Stopped(reason),
                None => Answer::Solved(first),
            },
        })
    }

    /// Count solutions up to `limit`.
    pub fn count(&mut self, puzzle: &Grid, limit: Option<u64>) -> Result<Count, ModelError> {
        self.load(puzzle)?;
        Ok(self.search.count_in_place(limit))
    }

    /// The counters of the last puzzle.
    pub fn counters(&self) -> Counters {
        self.search.counters()
    }
}
