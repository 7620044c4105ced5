//! A puzzle as an engine model: one boolean variable per cell, named
//! `r1c1`…, 1 for filled and 0 for empty; each column and row a
//! [`Regular`] rule over the automaton of its runs ([`Automaton::runs`]),
//! which keeps a value only when some placing of the line's runs that
//! agrees with what is left uses it (domain consistent on the line: every
//! deduction a person makes from one line alone). The given cells are part
//! of the model ([`Model::fix`]).
//!
//! The rules are named by their line and clue ("row 3 clue 2 1 3") and
//! word their removals so: "r3c4 cannot be empty: every way of placing row
//! 3's runs 2 1 3 in what is left fills it".

use sieve::names::push_number;
use sieve::rules::{Automaton, Deduction, Regular};
use sieve::{Config, Domains, Model, Names, Search, Value, VarId};

use crate::puzzle::{Line, Picture, Puzzle, clue_text};

/// The value of an empty cell.
pub const EMPTY: Value = 0;

/// The value of a filled cell.
pub const FILLED: Value = 1;

/// One puzzle as an engine model.
pub struct PatternModel {
    puzzle: Puzzle,
    model: Model,
    cells: Vec<VarId>,
}

impl PatternModel {
    /// The model of `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        let mut model = Model::new();
        let width = puzzle.width();
        let cells = model.new_vars(width * puzzle.height(), 2);
        for (cell, &var) in cells.iter().enumerate() {
            model.set_name(var, cell_name(cell / width, cell % width));
        }
        model.set_value_labels(vec!["empty".to_string(), "filled".to_string()]);
        for line in puzzle.lines() {
            let runs = puzzle.runs(line);
            let vars = puzzle
                .cells_of(line)
                .iter()
                .map(|&cell| cells[cell])
                .collect();
            let automaton = Automaton::runs(runs, EMPTY, FILLED)?;
            let clue = clue_text(runs);
            let name = format!("{line} clue {clue}");
            let rule = Regular::new(name, vars, automaton).wording(line_wording(line, clue));
            model.add_rule(rule)?;
        }
        for (&var, given) in cells.iter().zip(puzzle.givens()) {
            if let Some(filled) = given {
                model.fix(var, if *filled { FILLED } else { EMPTY })?;
            }
        }
        Ok(PatternModel {
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

    /// The start state: every cell open but the given ones.
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

    /// The picture of a solution's values.
    pub fn solution_of(&self, values: &[Value]) -> Picture {
        let filled = (self.cells.iter())
            .map(|var| values[var.index()] == FILLED)
            .collect();
        Picture::new(self.puzzle.width(), filled).expect("whole rows")
    }
}

/// The name of the cell at `row`, `column` (0-based), "r3c14", written digit by
/// digit: `format!` for each of a 30×30 grid's 900 cells was a third of building
/// its model.
fn cell_name(row: usize, column: usize) -> String {
    let mut name = String::with_capacity(8);
    name.push('r');
    push_number(&mut name, row + 1);
    name.push('c');
    push_number(&mut name, column + 1);
    name
}

/// The sentence of a line's removals, naming the line and its runs (the
/// clue as [`clue_text`] writes it).
fn line_wording(
    line: Line,
    clue: String,
) -> impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static {
    move |names: &Names, deduction: &Deduction<'_>| {
        let cell = names.var_name(deduction.var);
        if clue == "0" {
            return format!("{cell} cannot be filled: {line} has no filled cells");
        }
        match deduction.value {
            Some(FILLED) => format!(
                "{cell} cannot be filled: no way of placing {line}'s runs {clue} in what is \
                 left fills it"
            ),
            _ => format!(
                "{cell} cannot be empty: every way of placing {line}'s runs {clue} in what is \
                 left fills it"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::cell_name;

    #[test]
    fn cells_are_named_by_row_and_column_from_one() {
        assert_eq!(cell_name(0, 0), "r1c1");
        assert_eq!(cell_name(2, 13), "r3c14");
        assert_eq!(cell_name(99, 9), "r100c10");
    }
}
