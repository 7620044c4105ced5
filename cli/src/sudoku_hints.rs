//! The replay page's hints for a sudoku: the hint `sieve sudoku hint` gives
//! (the sudoku's own staged hint: [`Explainer::next_step`], its tiers weakest
//! first), from each state of a traced solve.

use sieve::{Domains, Model, Value, VarId};
use sieve_replay::{Hint, HintStep};
use sieve_sudoku::explain::Step;
use sieve_sudoku::{ExplainError, Explainer, Grid, SudokuModel};

use crate::common::CliError;
use crate::page_hints::HintSource;

/// What `sieve sudoku hint` says when no tier deduces anything.
pub const SUDOKU_STUCK: &str = "no deduction of tiers 1-5 applies: guessing is needed";

/// The explainer of a puzzle's shape, its start, and which variable of the traced
/// model each cell is.
pub struct SudokuHints {
    explainer: Explainer,
    start: Domains,
    /// Per cell: the explainer's variable and the traced model's.
    cells: Vec<(VarId, VarId)>,
    /// Per explainer variable: the traced variable of its cell.
    traced_of: Vec<Option<VarId>>,
}

impl SudokuHints {
    /// The hints of `puzzle` for states of `traced`, a model of the same shape.
    pub fn new(puzzle: &Grid, traced: &SudokuModel) -> Result<Self, CliError> {
        let explainer = Explainer::new(puzzle.shape()).map_err(CliError::input)?;
        let start = explainer.start(puzzle).map_err(CliError::input)?;
        let own = explainer.sudoku().cells();
        let cells: Vec<(VarId, VarId)> = own.iter().copied().zip(traced.cells().to_vec()).collect();
        let mut traced_of = vec![None; explainer.sudoku().model().num_vars()];
        for &(var, traced) in &cells {
            traced_of[var.index()] = Some(traced);
        }
        Ok(SudokuHints {
            explainer,
            start,
            cells,
            traced_of,
        })
    }

    /// The page's hints from these.
    pub fn source(&self) -> HintSource<'_> {
        HintSource {
            hint_of: Box::new(|state, _| self.hint(state)),
        }
    }

    /// The hint from `state`, a state of the traced model: the puzzle's start
    /// narrowed to each cell's candidates there.
    pub fn hint(&self, state: &Domains) -> Result<Hint, CliError> {
        let mut own = self.start.clone();
        for &(var, traced) in &self.cells {
            own.retain(var, &state.candidates(traced));
            if own.is_empty(var) {
                let name = self.explainer.sudoku().model().var_name(var);
                return Ok(Hint::Contradiction {
                    message: format!("no solution: {name} has no value left"),
                });
            }
        }
        match self.explainer.next_step(&own) {
            Ok(Some(step)) => Ok(Hint::Step(self.page_step(&step))),
            Ok(None) if own.all_assigned() => Ok(Hint::Solved {
                message: crate::hint::SOLVED.to_string(),
            }),
            Ok(None) => Ok(Hint::Stuck {
                message: SUDOKU_STUCK.to_string(),
            }),
            Err(ExplainError::NoSolution(contradiction)) => Ok(Hint::Contradiction {
                message: contradiction.to_string(),
            }),
            Err(error) => Err(CliError::input(error)),
        }
    }

    /// A step as the page shows it: the tier, where, the technique, the sentences,
    /// the cells it changes, the cells its facts are about and its rule's cells.
    fn page_step(&self, step: &Step) -> HintStep {
        let model = self.explainer.sudoku().model();
        let traced = |var: VarId| self.traced_of.get(var.index()).copied().flatten();
        let mut changed: Vec<usize> = (step.changes.iter())
            .filter_map(|change| traced(change.var))
            .map(VarId::index)
            .collect();
        changed.sort_unstable();
        changed.dedup();
        let mut uses: Vec<usize> = (step.changes.iter())
            .flat_map(|change| change.facts.iter().map(|fact| fact.var()))
            .filter_map(traced)
            .map(VarId::index)
            .collect();
        uses.sort_unstable();
        uses.dedup();
        HintStep {
            tier: format!("tier {} ({})", step.tier.number(), step.tier),
            rule: step.rule.clone(),
            effect: effect(model, step),
            inference: step.inference.to_string(),
            text: step.hint(),
            // `sieve sudoku hint` names no facts; the cells they are about are
            // outlined (`uses`), the sentences say what they are.
            because: String::new(),
            changed,
            uses,
            scope: rule_scope(model, &step.rule, traced),
        }
    }
}

/// What a step does, cell by cell: `r5c5 = 5`, `r1c2 ≠ 3, 4`.
fn effect(model: &Model, step: &Step) -> String {
    let parts: Vec<String> = (step.changes.iter())
        .map(|change| {
            let first = model.range(change.var).map_or(0, |range| *range.start());
            let label = |value: u8| model.value_label(first + Value::from(value));
            match change.placed() {
                Some(value) => format!("{} = {}", change.cell, label(value)),
                None => {
                    let removed: Vec<String> = change.removed().into_iter().map(label).collect();
                    format!("{} ≠ {}", change.cell, removed.join(", "))
                }
            }
        })
        .collect();
    parts.join("; ")
}

/// The traced variables of the cells the rule named `name` watches (its house).
fn rule_scope(model: &Model, name: &str, traced: impl Fn(VarId) -> Option<VarId>) -> Vec<usize> {
    let Some((_, rule)) = model.rules().find(|(_, rule)| rule.name() == name) else {
        return Vec::new();
    };
    let mut scope: Vec<usize> = (rule.watches().iter())
        .filter_map(|watch| traced(watch.var))
        .map(VarId::index)
        .collect();
    scope.sort_unstable();
    scope.dedup();
    scope
}
