//! Solving and counting: a plain puzzle on the crate's fast sudoku model, a
//! variant on [`SoloModel`].
//!
//! The fast model ([`SudokuModel`]) and the crate's [`Grid`] hold values
//! 0-based (`0..N`); Solo's are the numbers `1..=N`. The conversion happens
//! here and nowhere else: [`to_sudoku_grid`] subtracts one from each given,
//! [`from_sudoku_grid`] adds one to each solved value.

use sieve::{Config, Count, Counters, StopReason, Uniqueness};

use crate::grid::Grid;
use crate::model::{Answer, ModelError, Solver, SudokuModel};
use crate::shape::Shape;
use crate::solo::model::SoloModel;
use crate::solo::puzzle::{SoloGrid, SoloPuzzle};

/// What a uniqueness search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SoloAnswer {
    /// No grid solves the puzzle.
    NoSolution,
    /// Exactly one solution.
    Unique(SoloGrid),
    /// At least two solutions: the first two found.
    Several(SoloGrid, SoloGrid),
    /// A limit stopped the search before it could tell.
    Stopped(StopReason),
}

/// An answer and what the search did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SoloSolved {
    /// The answer.
    pub answer: SoloAnswer,
    /// The search's counters.
    pub counters: Counters,
}

/// The box shape of a plain puzzle, for the fast model.
fn plain_shape(puzzle: &SoloPuzzle) -> Option<Shape> {
    let (rows, columns) = puzzle.box_shape()?;
    if !puzzle.is_plain() {
        return None;
    }
    Shape::new(rows, columns).ok()
}

/// The givens as the crate's 0-based [`Grid`]: each value minus one.
pub fn to_sudoku_grid(puzzle: &SoloPuzzle, shape: Shape) -> Grid {
    let cells = puzzle
        .givens()
        .iter()
        .map(|given| given.map(|value| value - 1))
        .collect();
    // N·N givens of 1..=N, so N·N cells of 0..N: they fit.
    Grid::from_cells(shape, cells).expect("givens 1..=N fit the shape")
}

/// A solved 0-based [`Grid`] as Solo's values: each value plus one.
pub fn from_sudoku_grid(grid: &Grid) -> SoloGrid {
    let values = grid
        .cells()
        .iter()
        .map(|value| value.map_or(0, |value| value + 1))
        .collect();
    SoloGrid::new(grid.size(), values).expect("a grid of N·N cells")
}

/// Solves `puzzle` and tells whether the solution is unique.
pub fn solve_solo(puzzle: &SoloPuzzle, config: &Config) -> Result<SoloSolved, ModelError> {
    if let Some(shape) = plain_shape(puzzle) {
        let sudoku = SudokuModel::fast(shape)?;
        let mut solver = Solver::new(&sudoku, *config)?;
        let answer = match solver.solve_unique(&to_sudoku_grid(puzzle, shape))? {
            Answer::NoSolution => SoloAnswer::NoSolution,
            Answer::Solved(grid) => SoloAnswer::Unique(from_sudoku_grid(&grid)),
            Answer::Several(first, second) => {
                SoloAnswer::Several(from_sudoku_grid(&first), from_sudoku_grid(&second))
            }
            Answer::Stopped(reason) => SoloAnswer::Stopped(reason),
        };
        return Ok(SoloSolved {
            answer,
            counters: solver.counters(),
        });
    }
    let model = SoloModel::new(puzzle)?;
    let mut search = model.search(*config)?;
    let answer = match search.uniqueness() {
        Uniqueness::None => SoloAnswer::NoSolution,
        Uniqueness::Unique(solution) => SoloAnswer::Unique(model.grid_of_values(&solution.values)),
        Uniqueness::Multiple(first, second) => SoloAnswer::Several(
            model.grid_of_values(&first.values),
            model.grid_of_values(&second.values),
        ),
        Uniqueness::Unknown(reason, _) => SoloAnswer::Stopped(reason),
    };
    Ok(SoloSolved {
        answer,
        counters: search.counters(),
    })
}

/// Counts the solutions of `puzzle`, up to `limit` when one is given.
pub fn count_solo(
    puzzle: &SoloPuzzle,
    limit: Option<u64>,
    config: &Config,
) -> Result<(Count, Counters), ModelError> {
    if let Some(shape) = plain_shape(puzzle) {
        let sudoku = SudokuModel::fast(shape)?;
        let mut solver = Solver::new(&sudoku, *config)?;
        let count = solver.count(&to_sudoku_grid(puzzle, shape), limit)?;
        return Ok((count, solver.counters()));
    }
    let model = SoloModel::new(puzzle)?;
    let mut search = model.search(*config)?;
    let count = search.count_in_place(limit);
    Ok((count, search.counters()))
}
