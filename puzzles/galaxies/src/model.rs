//! A puzzle as an engine model: one variable per cell, named `r1c1`…, holding
//! the index of the dot whose region it belongs to (each value labelled with
//! its dot, "the dot at r2c3"); the cells a dot touches fixed to it;
//! [`Symmetry`] (a cell belongs to a dot exactly when its mirror about the
//! dot does) and one [`ConnectedValues`] rule over the grid's [`Graph`] (each
//! dot's region connected).

use sieve::rules::Deduction;
use sieve::rules::graph::ConnectedValues;
use sieve::{Config, Domains, Graph, Model, Names, Search, Value, VarId};

use crate::puzzle::{Galaxies, Puzzle};
use crate::symmetry::Symmetry;

/// One puzzle as an engine model.
pub struct GalaxiesModel {
    puzzle: Puzzle,
    model: Model,
    cells: Vec<VarId>,
}

impl GalaxiesModel {
    /// The model of `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        let mut model = Model::new();
        let width = puzzle.width();
        let dots = puzzle.dots().len();
        let cells = model.new_vars_in(width * puzzle.height(), 0..=dots as Value - 1)?;
        model.name_grid_cells(&cells, width);
        model.set_value_labels(puzzle.dots().iter().map(ToString::to_string).collect());
        for (index, dot) in puzzle.dots().iter().enumerate() {
            for cell in dot.cells(width) {
                model.fix(cells[cell], index as Value)?;
            }
        }
        model.add_rule(Symmetry::new(puzzle, cells.clone()))?;
        let grid = Graph::grid(puzzle.height(), width);
        let connected = ConnectedValues::new("each region connected", grid, cells.clone())?;
        model.add_rule(connected.wording(connected_wording))?;
        Ok(GalaxiesModel {
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

    /// The start state: the cells the dots touch fixed, every other cell open.
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

    /// The solved grid of a solution's values.
    pub fn solution_of(&self, values: &[Value]) -> Galaxies {
        let dots = (self.cells.iter())
            .map(|var| values[var.index()].max(0) as usize)
            .collect();
        Galaxies::new(self.puzzle.width(), dots).expect("whole rows")
    }
}

/// The connectivity rule's sentences, in the puzzle's words.
fn connected_wording(names: &Names, deduction: &Deduction<'_>) -> String {
    let cell = names.var_name(deduction.var);
    let dot = names.value_label(deduction.value.unwrap_or_default());
    if deduction.inference == "articulation point" {
        format!("{cell} belongs to {dot}: without it the region of the dot falls apart")
    } else {
        format!(
            "{cell} cannot belong to {dot}: cells that cannot belong to the dot wall it off from its region"
        )
    }
}
