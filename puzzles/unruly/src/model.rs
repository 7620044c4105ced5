//! A puzzle as an engine model: one variable per cell, named `r1c1`…,
//! valued 0 or 1; each row and column a [`BalancedLine`] rule, as many 1s
//! as 0s and no three alike, domain consistent on the line (a [`Regular`]
//! rule over the automaton [`balanced_line`] for a line longer than
//! [`LONGEST`](crate::balanced::LONGEST), which filters alike, a word a layer slower); in the unique mode, a [`DifferentLines`] rule
//! for every two rows and every two columns. The given cells are part of
//! the model ([`Model::fix`]).

use sieve::rules::{Deduction, Regular};
use sieve::{Config, Domains, Model, Names, Search, Value, VarId};

use crate::balanced::BalancedLine;
use crate::distinct::DifferentLines;
use crate::line::balanced_line;
use crate::puzzle::{Grid, Line, Puzzle};

/// One puzzle as an engine model.
pub struct UnrulyModel {
    puzzle: Puzzle,
    model: Model,
    cells: Vec<VarId>,
}

impl UnrulyModel {
    /// The model of `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        let mut model = Model::new();
        let width = puzzle.width();
        let cells = model.new_vars(width * puzzle.height(), 2);
        model.name_grid_cells(&cells, width);
        let vars_of = |line: Line| -> Vec<VarId> {
            puzzle
                .cells_of(line)
                .iter()
                .map(|&cell| cells[cell])
                .collect()
        };
        // Rows share one automaton and columns another (the same one on a
        // square grid): built once, copied, so the rules share what they build.
        let row_automaton = balanced_line(width)?;
        let column_automaton = match puzzle.height() {
            height if height == width => row_automaton.clone(),
            height => balanced_line(height)?,
        };
        for line in puzzle.lines() {
            let vars = vars_of(line);
            let automaton = match line {
                Line::Row(_) => row_automaton.clone(),
                Line::Column(_) => column_automaton.clone(),
            };
            match BalancedLine::new(line, vars.clone()) {
                Some(rule) => {
                    model.add_rule(rule)?;
                }
                None => {
                    let name = format!("{line} balanced, no three alike");
                    let rule = Regular::new(name, vars, automaton).wording(line_wording(line));
                    model.add_rule(rule)?;
                }
            }
        }
        if puzzle.unique() {
            let rows: Vec<Line> = (0..puzzle.height()).map(Line::Row).collect();
            let columns: Vec<Line> = (0..width).map(Line::Column).collect();
            for group in [rows, columns] {
                for (index, &first) in group.iter().enumerate() {
                    for &second in &group[index + 1..] {
                        let (a, b) = (first.to_string(), second.to_string());
                        let rule = DifferentLines::new(
                            format!("{a} and {b} differ"),
                            [vars_of(first), vars_of(second)],
                            [&a, &b],
                        )?;
                        model.add_rule(rule)?;
                    }
                }
            }
        }
        for (&var, given) in cells.iter().zip(puzzle.givens()) {
            if let Some(one) = given {
                model.fix(var, Value::from(*one))?;
            }
        }
        Ok(UnrulyModel {
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

    /// The grid of a solution's values.
    pub fn solution_of(&self, values: &[Value]) -> Grid {
        let ones = (self.cells.iter())
            .map(|var| values[var.index()] == 1)
            .collect();
        Grid::new(self.puzzle.width(), ones).expect("whole rows")
    }
}

/// The sentence of a line's removals.
fn line_wording(line: Line) -> impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static {
    move |names: &Names, deduction: &Deduction<'_>| {
        let value = deduction
            .value
            .map_or_else(|| "that".to_string(), |value| value.to_string());
        format!(
            "{} cannot be {value}: no filling of {line} with as many 1s as 0s and never three \
             alike agrees with what is left and has {value} there",
            names.var_name(deduction.var)
        )
    }
}
