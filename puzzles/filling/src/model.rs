//! A puzzle as an engine model: one variable per cell, named `r1c1`…,
//! holding the size of the cell's region, from 1 to
//! [`Puzzle::largest_value`]; the clues fixed; one [`SizedRegions`] rule over
//! the grid's [`Graph`] says the rest (equal numbers side by side are one
//! region, of exactly that many cells).
//!
//! The rule makes the deductions of Tatham's own solver for every number at
//! once, so the puzzles his generator makes are solved without a decision
//! (`tests/tatham.rs` checks his IDs so).

use sieve::rules::Deduction;
use sieve::rules::graph::SizedRegions;
use sieve::{Config, Domains, Graph, Model, Names, Search, Value, VarId};

use crate::puzzle::{Filling, Puzzle};

/// One puzzle as an engine model.
pub struct FillingModel {
    puzzle: Puzzle,
    model: Model,
    cells: Vec<VarId>,
}

impl FillingModel {
    /// The model of `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        let mut model = Model::new();
        let width = puzzle.width();
        let largest = Value::from(puzzle.largest_value());
        let cells = model.new_vars_in(width * puzzle.height(), 1..=largest)?;
        model.name_grid_cells(&cells, width);
        for (cell, &var) in cells.iter().enumerate() {
            if let Some(clue) = puzzle.clues()[cell] {
                model.fix(var, Value::from(clue))?;
            }
        }
        let grid = Graph::grid(puzzle.height(), width);
        let regions = SizedRegions::new("regions of their own size", grid, cells.clone())?;
        model.add_rule(regions.wording(region_wording))?;
        Ok(FillingModel {
            puzzle: puzzle.clone(),
            model,
            cells,
        })
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The engine model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The engine model, to add rules of one's own to (a stronger tier, such as
    /// [`sieve::rules::Probing`]).
    pub fn model_mut(&mut self) -> &mut Model {
        &mut self.model
    }

    /// The start state: the clues fixed, every other cell open.
    pub fn start(&self) -> Domains {
        self.model.domains()
    }

    /// The cell variables, row by row.
    pub fn cells(&self) -> &[VarId] {
        &self.cells
    }

    /// The variable of the cell at `row`, `column` (0-based), if inside the
    /// grid.
    pub fn var_at(&self, row: usize, column: usize) -> Option<VarId> {
        let width = self.puzzle.width();
        (row < self.puzzle.height() && column < width).then(|| self.cells[row * width + column])
    }

    /// A search over the model.
    pub fn search(&self, config: Config) -> Result<Search<'_, 'static>, sieve::Error> {
        Search::new(&self.model, config)
    }

    /// The filled grid of a solution's values.
    pub fn solution_of(&self, values: &[Value]) -> Filling {
        let numbers = (self.cells.iter())
            .map(|var| values[var.index()].clamp(0, 255) as u8)
            .collect();
        Filling::new(self.puzzle.width(), numbers).expect("whole rows")
    }
}

/// The region rule's sentences, in the puzzle's words.
fn region_wording(names: &Names, deduction: &Deduction<'_>) -> String {
    let cell = names.var_name(deduction.var);
    let value = deduction.value.unwrap_or_default();
    match deduction.inference {
        "region complete" => {
            format!("{cell} cannot be {value}: a region of {value} beside it is complete")
        }
        "joining makes the region too large" => format!(
            "{cell} cannot be {value}: it would join the {value}s beside it into a region of \
             more than {value}"
        ),
        "only way to grow" => format!(
            "{cell} must be {value}: a region of {value} beside it cannot reach {value} cells \
             without it"
        ),
        "no room for the region" => format!(
            "{cell} cannot be {value}: no region of {value} cells fits through it, new or \
             grown from a known one"
        ),
        _ => format!("{cell}: {} ({value})", deduction.inference),
    }
}
