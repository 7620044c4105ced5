//! A Solo puzzle as an engine model over the engine's library rules: one
//! variable per cell named `r1c1`…, valued `1..=N` (the numbers themselves);
//! the givens fixed; every house — each row, column and block (regular or
//! jigsaw) and, for X, each main diagonal — an [`AllDifferent`] (Régin's
//! domain-consistent filter) and an [`EachValueSomewhere`] (hidden singles);
//! each killer cage a [`DistinctSum`] (different values with its sum), or an
//! [`AllDifferent`] when it has no sum.
//!
//! A plain puzzle (regular boxes, no diagonals, no cages) is solved on the
//! crate's fast [`crate::SudokuModel`] instead (see [`crate::solo::solve`]);
//! this model builds for it too.

use sieve::rules::{AllDifferent, DistinctSum, EachValueSomewhere};
use sieve::{Config, Consistency, Model, Search, Value, VarId};

use crate::solo::puzzle::{SoloGrid, SoloPuzzle};

/// One puzzle as an engine model.
pub struct SoloModel {
    size: usize,
    model: Model,
    cells: Vec<VarId>,
}

impl SoloModel {
    /// The model of `puzzle`.
    pub fn new(puzzle: &SoloPuzzle) -> Result<Self, sieve::Error> {
        let size = puzzle.size();
        let mut model = Model::new();
        let top = size as Value;
        let mut cells = Vec::with_capacity(size * size);
        for cell in 0..size * size {
            let var = model.new_var_in(1..=top)?;
            model.set_name(var, name(size, cell));
            if let Some(given) = puzzle.givens()[cell] {
                model.fix(var, Value::from(given))?;
            }
            cells.push(var);
        }
        let mut houses: Vec<(String, Vec<usize>)> = Vec::new();
        for index in 0..size {
            houses.push((
                format!("row {}", index + 1),
                (0..size).map(|column| index * size + column).collect(),
            ));
            houses.push((
                format!("column {}", index + 1),
                (0..size).map(|row| row * size + index).collect(),
            ));
        }
        let mut blocks = vec![Vec::new(); size];
        for (cell, &block) in puzzle.blocks().iter().enumerate() {
            blocks[block].push(cell);
        }
        for (index, block) in blocks.into_iter().enumerate() {
            houses.push((format!("block {}", index + 1), block));
        }
        if puzzle.is_x() {
            houses.push((
                format!("the diagonal r1c1-r{size}c{size}"),
                (0..size).map(|k| k * size + k).collect(),
            ));
            houses.push((
                format!("the diagonal r1c{size}-r{size}c1"),
                (0..size).map(|k| k * size + size - 1 - k).collect(),
            ));
        }
        let values: Vec<Value> = (1..=top).collect();
        for (house, members) in houses {
            let vars: Vec<VarId> = members.iter().map(|&cell| cells[cell]).collect();
            model.add_rule(
                AllDifferent::new(format!("{house} all different"), vars.clone())
                    .with_consistency(Consistency::Domain),
            )?;
            model.add_rule(EachValueSomewhere::new(
                format!("{house} holds every value"),
                vars,
                values.clone(),
            ))?;
        }
        for cage in puzzle.cages() {
            let vars: Vec<VarId> = cage.cells.iter().map(|&cell| cells[cell]).collect();
            let at = name(size, cage.cells[0]);
            match cage.sum {
                Some(sum) => model.add_rule(DistinctSum::new(
                    format!("cage at {at} sums to {sum}"),
                    vars,
                    i64::from(sum),
                ))?,
                None => model.add_rule(
                    AllDifferent::new(format!("cage at {at} all different"), vars)
                        .with_consistency(Consistency::Domain),
                )?,
            };
        }
        Ok(SoloModel { size, model, cells })
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

    /// The grid's side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The cell variables, row by row.
    pub fn cells(&self) -> &[VarId] {
        &self.cells
    }

    /// A search over the model.
    pub fn search(&self, config: Config) -> Result<Search<'_, 'static>, sieve::Error> {
        Search::new(&self.model, config)
    }

    /// The grid of a solution's values (the numbers themselves).
    pub fn grid_of_values(&self, values: &[Value]) -> SoloGrid {
        let cells = self
            .cells
            .iter()
            .map(|var| u8::try_from(values[var.index()]).unwrap_or(0))
            .collect();
        SoloGrid::new(self.size, cells).expect("one value a cell")
    }
}

/// `r1c1`… for a cell.
fn name(size: usize, cell: usize) -> String {
    format!("r{}c{}", cell / size + 1, cell % size + 1)
}
