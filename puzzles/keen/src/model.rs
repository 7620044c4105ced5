//! A puzzle as an engine model: one variable per cell, named `r1c1`…,
//! valued `1..=N`; each row and column all different (Régin's
//! domain-consistent filter); each cage of one cell a given
//! ([`Model::fix`]); each larger cage a [`Table`] of the fillings its clue
//! allows, made by [`Table::from_predicate`] over `1..=N` for every cell
//! (domain consistent), and worded with the cage and its clue: "r2c3 cannot
//! be 4: no way of filling cage 12× at r1c3 with what is left has it".
//!
//! # Big cages
//!
//! Tatham's generator makes cages of at most 6 cells, whose N^k fillings a
//! table enumerates (9^6 = 531,441 ≤ [`Table::MAX_TUPLES`]). A hand-written
//! ID may have bigger cages. For those the fillings are enumerated cell by
//! cell, keeping only partial fillings that can still reach the target (a
//! sum within reach, a product that each value divides), and the table
//! takes them when there are at most [`Table::MAX_TUPLES`] of them. When
//! there are more:
//!
//! - a `+` cage falls back to a sum rule: [`DistinctSum`] when its cells lie
//!   in one row or column (so they are different), else [`LinearSum`] (bounds
//!   only). Both are exact on a full grid, so the answer is still right; the
//!   search just does more of the work.
//! - a `×` cage is an error ([`sieve::Error::InvalidRule`]) rather than a
//!   weaker rule that could not be told from a right answer in the trace.
//!
//! A clue no filling meets (a one-cell cage whose target is not in `1..=N`,
//! say) empties its first cell's domain in the model: the puzzle then has no
//! solution, which the search reports, rather than failing to build.

use std::sync::Arc;

use sieve::rules::{AllDifferent, DistinctSum, LinearSum, Table};
use sieve::{Config, Consistency, Model, Search, Value, ValueSet, VarId};

use crate::puzzle::{Cage, Grid, Operation, Puzzle};

/// The most enumeration steps spent on one big cage's fillings.
const ENUMERATION_BUDGET: u64 = 1 << 26;

/// One puzzle as an engine model.
pub struct KeenModel {
    puzzle: Puzzle,
    model: Model,
    cells: Vec<VarId>,
}

impl KeenModel {
    /// The model of `puzzle`; an error for a `×` cage too big to tabulate.
    pub fn new(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        let size = puzzle.size();
        let mut model = Model::new();
        let top = size as Value;
        let mut cells = Vec::with_capacity(size * size);
        for cell in 0..size * size {
            let var = model.new_var_in(1..=top)?;
            model.set_name(var, name(size, cell));
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
        for cage in puzzle.cages() {
            let vars: Vec<VarId> = cage.cells.iter().map(|&cell| cells[cell]).collect();
            add_cage(&mut model, size, cage, vars)?;
        }
        Ok(KeenModel {
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

/// Whether the values meet the cage's clue (the rules' meaning of a cage).
fn allows(operation: Operation, target: i128, values: &[Value]) -> bool {
    let values = values.iter().map(|&value| i128::from(value));
    match operation {
        Operation::Add => values.sum::<i128>() == target,
        Operation::Multiply => {
            // Values are at least 1, so a product past the target never
            // comes back to it.
            let mut product: i128 = 1;
            for value in values {
                product = product.saturating_mul(value);
                if product > target {
                    return false;
                }
            }
            product == target
        }
        Operation::Subtract | Operation::Divide => {
            let pair: Vec<i128> = values.collect();
            let [a, b] = pair[..] else { return false };
            if operation == Operation::Subtract {
                (a - b).abs() == target
            } else {
                a == b * target || b == a * target
            }
        }
    }
}

/// Empties `var`'s domain: the puzzle has no solution.
fn impossible(model: &mut Model, var: VarId) -> Result<(), sieve::Error> {
    model.restrict(var, &ValueSet::new())
}

fn add_cage(
    model: &mut Model,
    size: usize,
    cage: &Cage,
    vars: Vec<VarId>,
) -> Result<(), sieve::Error> {
    let target = i128::from(cage.target);
    let first = vars[0];
    if vars.len() == 1 {
        let meets = |value: u64| allows(cage.operation, target, &[value as Value]);
        return match (1..=size as u64).find(|&value| meets(value)) {
            Some(value) => model.fix(first, value as Value),
            None => impossible(model, first),
        };
    }
    let label = format!("cage {} at {}", cage.clue(), name(size, cage.cells[0]));
    let words: Arc<str> = Arc::from(label.as_str());
    let wording = move |names: &sieve::Names, deduction: &sieve::rules::Deduction<'_>| {
        let value = deduction
            .value
            .map_or_else(|| "that".to_string(), |value| names.value_label(value));
        format!(
            "{} cannot be {value}: no way of filling {words} with what is left has it",
            names.var_name(deduction.var)
        )
    };
    let combinations = (size as u128).saturating_pow(vars.len() as u32);
    if combinations <= Table::MAX_TUPLES as u128 {
        let mut any = false;
        let built = Table::from_predicate(label, vars, model, |values| {
            let ok = allows(cage.operation, target, values);
            any |= ok;
            ok
        });
        return match built {
            Ok(table) => model.add_rule(table.wording(wording)).map(drop),
            Err(_) if !any => impossible(model, first),
            Err(error) => Err(error),
        };
    }
    match fillings(size, vars.len(), cage.operation, target) {
        Some(tuples) if tuples.is_empty() => impossible(model, first),
        Some(tuples) => {
            let table = Table::new(label, vars, tuples.chunks(cage.cells.len()))?;
            model.add_rule(table.wording(wording)).map(drop)
        }
        None if cage.operation == Operation::Add => {
            let sum = i64::try_from(cage.target).unwrap_or(i64::MAX);
            let in_one_line = cage.cells.iter().all(|&c| c / size == cage.cells[0] / size)
                || cage.cells.iter().all(|&c| c % size == cage.cells[0] % size);
            if in_one_line {
                model
                    .add_rule(DistinctSum::new(label, vars, sum).wording(wording))
                    .map(drop)
            } else {
                model
                    .add_rule(LinearSum::sum_equals(label, &vars, sum))
                    .map(drop)
            }
        }
        None => Err(sieve::Error::InvalidRule {
            rule: label,
            problem: format!(
                "a × cage of {} cells has more fillings than the {} a table holds (or than \
                 the enumeration budget); Keen's generator makes cages of at most 6 cells",
                cage.cells.len(),
                Table::MAX_TUPLES
            ),
        }),
    }
}

/// Every filling of `cells` cells over `1..=size` that meets the clue,
/// flat, one after another; `None` when there are more than
/// [`Table::MAX_TUPLES`] or the walk runs out of its budget.
fn fillings(size: usize, cells: usize, operation: Operation, target: i128) -> Option<Vec<Value>> {
    struct Walk {
        size: i128,
        cells: usize,
        operation: Operation,
        prefix: Vec<Value>,
        found: Vec<Value>,
        count: usize,
        steps: u64,
    }
    impl Walk {
        /// Whether `rest` cells can still make `left`.
        fn reachable(&self, rest: usize, left: i128) -> bool {
            let rest_i = rest as i128;
            match self.operation {
                Operation::Add => left >= rest_i && left <= rest_i.saturating_mul(self.size),
                _ => {
                    if rest == 0 {
                        return left == 1;
                    }
                    let most = self.size.saturating_pow(rest as u32);
                    left >= 1 && left <= most
                }
            }
        }
        fn go(&mut self, left: i128) -> bool {
            self.steps += 1;
            if self.steps > ENUMERATION_BUDGET {
                return false;
            }
            let rest = self.cells - self.prefix.len();
            if rest == 0 {
                self.count += 1;
                if self.count > Table::MAX_TUPLES {
                    return false;
                }
                self.found.extend_from_slice(&self.prefix);
                return true;
            }
            for value in 1..=self.size {
                let next = match self.operation {
                    Operation::Add => left - value,
                    _ if left % value != 0 => continue,
                    _ => left / value,
                };
                if !self.reachable(rest - 1, next) {
                    continue;
                }
                self.prefix.push(value as Value);
                let ok = self.go(next);
                self.prefix.pop();
                if !ok {
                    return false;
                }
            }
            true
        }
    }
    let mut walk = Walk {
        size: size as i128,
        cells,
        operation,
        prefix: Vec::with_capacity(cells),
        found: Vec::new(),
        count: 0,
        steps: 0,
    };
    if !walk.reachable(cells, target) {
        return Some(Vec::new());
    }
    walk.go(target).then_some(walk.found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_walk_finds_what_the_predicate_allows() {
        for (operation, target) in [
            (Operation::Add, 9),
            (Operation::Multiply, 24),
            (Operation::Add, 2),
            (Operation::Multiply, 7),
        ] {
            let found = fillings(4, 3, operation, target).expect("small");
            let mut expected = Vec::new();
            for a in 1..=4 {
                for b in 1..=4 {
                    for c in 1..=4 {
                        if allows(operation, target, &[a, b, c]) {
                            expected.extend([a, b, c]);
                        }
                    }
                }
            }
            assert_eq!(found, expected, "{operation:?} {target}");
        }
    }

    #[test]
    fn a_big_sum_is_too_many_fillings() {
        assert_eq!(fillings(9, 12, Operation::Add, 60), None);
        // Twelve cells of product 1: one filling.
        assert_eq!(fillings(9, 12, Operation::Multiply, 1), Some(vec![1; 12]));
    }
}
