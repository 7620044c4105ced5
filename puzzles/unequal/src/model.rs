//! A puzzle as an engine model: one variable per cell, named `r1c1`…,
//! valued `1..=N`; the givens fixed in the model; each row and column all
//! different (Régin's domain-consistent filter); each sign a
//! [`sieve::rules::Compare`] `<`; in the adjacent mode each pair of
//! neighbours a [`Distance`] of one (a bar) or not one (no bar).

use sieve::rules::{AllDifferent, Compare, Comparison};
use sieve::{Config, Consistency, Model, Search, Value, VarId};

use crate::puzzle::{Grid, Mode, Puzzle};
use sieve::rules::{Distance, DistanceRelation};

/// One puzzle as an engine model.
pub struct UnequalModel {
    puzzle: Puzzle,
    model: Model,
    cells: Vec<VarId>,
}

impl UnequalModel {
    /// The model of `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
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
        for index in 0..size {
            let row = (0..size)
                .map(|column| cells[index * size + column])
                .collect();
            let column = (0..size).map(|row| cells[row * size + index]).collect();
            for (label, vars) in [("row", row), ("column", column)] {
                model.add_rule(
                    AllDifferent::new(format!("{label} {} all different", index + 1), vars)
                        .with_consistency(Consistency::Domain),
                )?;
            }
        }
        for sign in puzzle.signs() {
            let (less, greater) = (name(size, sign.less), name(size, sign.greater));
            model.add_rule(Compare::new(
                format!("{less} < {greater}"),
                cells[sign.less],
                Comparison::LessThan,
                cells[sign.greater],
            ))?;
        }
        if puzzle.mode() == Mode::Adjacent {
            for (a, b) in puzzle.neighbour_pairs() {
                let (relation, words) = if puzzle.has_bar(a, b) {
                    (DistanceRelation::Is, "bar: differ by one")
                } else {
                    (DistanceRelation::IsNot, "no bar: do not differ by one")
                };
                let rule_name = format!("{} {} {words}", name(size, a), name(size, b));
                model.add_rule(Distance::new(rule_name, cells[a], relation, 1, cells[b]))?;
            }
        }
        Ok(UnequalModel {
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

    /// The cell variables, row by row.
    pub fn cells(&self) -> &[VarId] {
        &self.cells
    }

    /// A search over the model.
    pub fn search(&self, config: Config) -> Result<Search<'_, 'static>, sieve::Error> {
        Search::new(&self.model, config)
    }

    /// The grid of a solution's values.
    pub fn grid_of_values(&self, values: &[Value]) -> Grid {
        let cells = self
            .cells
            .iter()
            .map(|var| u8::try_from(values[var.index()]).unwrap_or(0))
            .collect();
        Grid::new(self.puzzle.size(), cells).expect("one value a cell")
    }
}

/// `r1c1`… for a cell.
fn name(size: usize, cell: usize) -> String {
    format!("r{}c{}", cell / size + 1, cell % size + 1)
}
