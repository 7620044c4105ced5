//! Hints and worked solutions: the next deduction in plain words, one step at a time.
//!
//! A [`Step`] is one application of one tier rule: the easiest next deduction. To
//! find it, [`Explainer::next_step`] tries the tiers in increasing order and each
//! tier's rules in order, applies one rule once ([`sieve::apply_rule`]) on a copy of
//! the state with an observer that collects the changes and their sentences, and
//! stops at the first rule that changes something.
//!
//! Tier 1 ("possible values") also keeps the pencil marks up to date: a cell losing
//! values placed in its row, column or box is bookkeeping, not a deduction a person
//! would announce. Such updates are folded into the next real step (its
//! [`pencil_marks`](Step::pencil_marks)); only a cell left with one value, a naked
//! single, is a step of its own.
//!
//! ```
//! use sieve_sudoku::{Explainer, Grid, Tier};
//!
//! let puzzle: Grid =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let explainer = Explainer::new(puzzle.shape())?;
//! let state = explainer.start(&puzzle)?;
//! let step = explainer.next_step(&state)?.expect("a deduction");
//! assert_eq!(step.tier, Tier::NakedSingle);
//! assert_eq!(
//!     step.hint(),
//!     "r5c5 can only be 5: 1-4 and 6-9 are all seen in its row, column or box"
//! );
//! let path = explainer.steps(&puzzle)?;
//! assert!(path.is_solved());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use sieve::fast::Words;
use std::fmt;
use std::ops::Range;

use sieve::fast::bits;
use sieve::{Domains, Event, Fact, Fixpoint, Flow, Observer, RuleId, VarId, apply_rule};

use crate::grid::Grid;
use crate::model::{ModelError, SudokuModel};
use crate::shape::CellPos;
use crate::tiers::{Contradiction, Tier};
use crate::write::{WriteError, write_pencil_marks};

/// One cell's change within a step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellChange {
    /// The cell.
    pub cell: CellPos,
    /// Its engine variable.
    pub var: VarId,
    /// Its candidates before (bit `v` = value `v`, 0-based).
    pub before: u64,
    /// Its candidates after.
    pub after: u64,
    /// The inference label, such as `"pointing"`.
    pub inference: &'static str,
    /// The rule's sentence for this change.
    pub text: String,
    /// The facts it rests on (the values placed or gone in the cells it reads), so
    /// that a hint can show the cells a deduction uses.
    pub facts: Vec<Fact>,
}

impl CellChange {
    /// The 0-based values removed, ascending.
    pub fn removed(&self) -> Vec<u8> {
        bits(self.before & !self.after).map(|v| v as u8).collect()
    }

    /// The value the cell is left with, when the change left one.
    pub fn placed(&self) -> Option<u8> {
        (self.after.count_ones() == 1 && self.before.count_ones() > 1)
            .then(|| self.after.trailing_zeros() as u8)
    }
}

/// One deduction: a rule applied once, what it changed and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The tier of the rule.
    pub tier: Tier,
    /// The rule's name, such as `"hidden single box 3"`.
    pub rule: String,
    /// The inference of the first change, such as `"x-wing"`.
    pub inference: &'static str,
    /// The changes the deduction makes, in order.
    pub changes: Vec<CellChange>,
    /// Pencil-mark updates made first: values placed in a row, column or box
    /// removed from the other cells (tier 1 changes that place nothing).
    pub pencil_marks: Vec<CellChange>,
}

impl Step {
    /// The deduction's sentences, each once, in order.
    pub fn sentences(&self) -> Vec<&str> {
        let mut sentences: Vec<&str> = Vec::new();
        for change in &self.changes {
            if !sentences.contains(&change.text.as_str()) {
                sentences.push(&change.text);
            }
        }
        sentences
    }

    /// The hint in plain words: the sentences joined by `; `.
    pub fn hint(&self) -> String {
        self.sentences().join("; ")
    }

    /// The cells the deduction leaves with one value, with that value (0-based).
    pub fn placements(&self) -> Vec<(CellPos, u8)> {
        (self.changes.iter())
            .filter_map(|change| change.placed().map(|value| (change.cell, value)))
            .collect()
    }

    /// Every (cell, 0-based value) the deduction removes.
    pub fn eliminations(&self) -> Vec<(CellPos, u8)> {
        (self.changes.iter())
            .flat_map(|change| change.removed().into_iter().map(|v| (change.cell, v)))
            .collect()
    }

    /// The cells the deduction changes, each once, in order.
    pub fn cells(&self) -> Vec<CellPos> {
        let mut cells = Vec::new();
        for change in &self.changes {
            if !cells.contains(&change.cell) {
                cells.push(change.cell);
            }
        }
        cells
    }

    /// Apply the step (pencil marks first, then the deduction) to the state it was
    /// found in.
    pub fn apply(&self, state: &mut Domains) {
        for change in self.pencil_marks.iter().chain(&self.changes) {
            state.retain_word(change.var, change.after);
        }
    }
}

impl fmt::Display for Step {
    /// `[inference] hint`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] {}", self.inference, self.hint())
    }
}

/// How a worked solution ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathEnd {
    /// Every cell is filled: the solution.
    Solved(Grid),
    /// No rule of any tier applies: guessing is needed from this grid on.
    Stuck(Grid),
}

/// A worked solution: the steps, and how it ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Solved, or stuck.
    pub end: PathEnd,
}

impl Path {
    /// Whether the steps solve the puzzle.
    pub fn is_solved(&self) -> bool {
        matches!(self.end, PathEnd::Solved(_))
    }

    /// The hardest tier any step used.
    pub fn hardest_tier(&self) -> Option<Tier> {
        self.steps.iter().map(|step| step.tier).max()
    }

    /// The grid at the end: the solution, or how far logic got.
    pub fn grid(&self) -> &Grid {
        match &self.end {
            PathEnd::Solved(grid) | PathEnd::Stuck(grid) => grid,
        }
    }
}

impl fmt::Display for Path {
    /// One numbered line a step, then `solved` or why it stopped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (number, step) in self.steps.iter().enumerate() {
            writeln!(f, "{:>3}. {step}", number + 1)?;
        }
        match self.end {
            PathEnd::Solved(_) => writeln!(f, "solved in {} steps", self.steps.len()),
            PathEnd::Stuck(_) => writeln!(
                f,
                "stuck after {} steps: no rule of tiers 1-5 applies, so guessing is needed",
                self.steps.len()
            ),
        }
    }
}

/// Why no step can be given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExplainError {
    /// The model could not be built, or the state or puzzle does not fit it.
    #[error(transparent)]
    Model(#[from] ModelError),
    /// A rule proved that the state has no solution.
    #[error(transparent)]
    NoSolution(#[from] Contradiction),
}

/// Finds steps with every tier's rules, for puzzles of one shape.
pub struct Explainer {
    sudoku: SudokuModel,
    tiers: Vec<(Tier, Range<usize>)>,
    cell_of_var: Vec<usize>,
}

impl Explainer {
    /// An explainer for `shape`: the rules of every tier, tier by tier (the same
    /// model as [`SudokuModel::with_tier`] with the fish tier).
    pub fn new(shape: crate::shape::Shape) -> Result<Self, ModelError> {
        let mut sudoku = SudokuModel::bare(shape);
        let mut tiers = Vec::new();
        for tier in Tier::ALL {
            tiers.push((tier, tier.add_rules(&mut sudoku)?));
        }
        let mut cell_of_var = vec![0; sudoku.model().num_vars()];
        for (cell, var) in sudoku.cells().iter().enumerate() {
            cell_of_var[var.index()] = cell;
        }
        Ok(Explainer {
            sudoku,
            tiers,
            cell_of_var,
        })
    }

    /// The model, with the rules of every tier.
    pub fn sudoku(&self) -> &SudokuModel {
        &self.sudoku
    }

    /// The start state of a puzzle: its givens assigned, every other cell open.
    pub fn start(&self, puzzle: &Grid) -> Result<Domains, ModelError> {
        self.sudoku.start(puzzle)
    }

    /// The pencil marks of a state as a player keeps them: each open cell's
    /// candidates less every value placed in its row, column or box.
    ///
    /// A step carries only the bookkeeping found before its deduction (the tier-1
    /// rules are tried cell by cell and the first placement ends the search), and
    /// its own placement is not yet erased from the peers; the view does both.
    pub fn pencil_marks(&self, state: &Domains) -> Result<String, WriteError> {
        write_pencil_marks(self.sudoku.shape(), &self.kept_marks(state))
    }

    /// Each cell's candidates, less the values placed among its peers (a placed cell
    /// keeps its value).
    fn kept_marks(&self, state: &Domains) -> Vec<u64> {
        let shape = self.sudoku.shape();
        let candidates = self.sudoku.candidates(state);
        let placed = |mask: u64| if mask.count_ones() == 1 { mask } else { 0 };
        (0..candidates.len())
            .map(|cell| {
                if placed(candidates[cell]) != 0 {
                    return candidates[cell];
                }
                let seen = (shape.peers(cell).into_iter())
                    .fold(0, |seen, peer| seen | placed(candidates[peer]));
                candidates[cell] & !seen
            })
            .collect()
    }

    /// The easiest next deduction from `state`, or `None` when no rule applies
    /// (the state is solved, or guessing is needed).
    pub fn next_step(&self, state: &Domains) -> Result<Option<Step>, ExplainError> {
        let mut tidy = state.clone();
        let mut pencil_marks = Vec::new();
        for (tier, rules) in &self.tiers {
            for index in rules.clone() {
                let rule = RuleId::from_index(index);
                let mut trial = tidy.clone();
                let changes = self.apply_once(rule, &mut trial)?;
                if changes.is_empty() {
                    continue;
                }
                let places = changes.iter().any(|change| change.placed().is_some());
                if *tier == Tier::NakedSingle && !places {
                    pencil_marks.extend(changes);
                    tidy = trial;
                    continue;
                }
                return Ok(Some(self.step(*tier, rule, changes, pencil_marks)));
            }
        }
        if pencil_marks.is_empty() {
            return Ok(None);
        }
        // Only bookkeeping is left: return it as a step so that it is not lost.
        let rule = self.sudoku.model().rule(self.rule_of(&pencil_marks[0]));
        Ok(Some(Step {
            tier: Tier::NakedSingle,
            rule: rule.name().to_string(),
            inference: pencil_marks[0].inference,
            changes: pencil_marks,
            pencil_marks: Vec::new(),
        }))
    }

    /// The whole logical solution of a puzzle, until it is solved or stuck.
    pub fn steps(&self, puzzle: &Grid) -> Result<Path, ExplainError> {
        self.steps_from(self.start(puzzle)?)
    }

    /// The steps from any state of this shape, until it is solved or stuck.
    pub fn steps_from(&self, mut state: Domains) -> Result<Path, ExplainError> {
        let mut steps = Vec::new();
        while let Some(step) = self.next_step(&state)? {
            step.apply(&mut state);
            steps.push(step);
        }
        let grid = self.sudoku.grid_of(&state);
        let end = if state.all_assigned() {
            PathEnd::Solved(grid)
        } else {
            PathEnd::Stuck(grid)
        };
        Ok(Path { steps, end })
    }

    /// Apply one rule once to `state`, collecting its changes.
    fn apply_once(
        &self,
        rule: RuleId,
        state: &mut Domains,
    ) -> Result<Vec<CellChange>, ExplainError> {
        let mut collector = Collector::default();
        let end = apply_rule(self.sudoku.model(), state, rule, Some(&mut collector))
            .map_err(ModelError::from)?;
        if let Fixpoint::Conflict(conflict) = end {
            return Err(Contradiction::from_conflict(&self.sudoku, &conflict).into());
        }
        let shape = self.sudoku.shape();
        Ok(collector
            .changes
            .into_iter()
            .map(|mut change| {
                change.cell = shape.position(self.cell_of_var[change.var.index()]);
                change
            })
            .collect())
    }

    fn step(
        &self,
        tier: Tier,
        rule: RuleId,
        changes: Vec<CellChange>,
        pencil_marks: Vec<CellChange>,
    ) -> Step {
        Step {
            tier,
            rule: self.sudoku.model().rule(rule).name().to_string(),
            inference: changes[0].inference,
            changes,
            pencil_marks,
        }
    }

    /// The tier-1 rule of a pencil-mark change's cell.
    fn rule_of(&self, change: &CellChange) -> RuleId {
        let (_, singles) = &self.tiers[0];
        let cell = self.cell_of_var[change.var.index()];
        RuleId::from_index(singles.start + cell)
    }
}

/// An observer that keeps every change with its sentence.
#[derive(Default)]
struct Collector {
    changes: Vec<CellChange>,
}

impl Observer for Collector {
    fn wants_explanations(&self) -> bool {
        true
    }

    fn on_event(&mut self, event: &Event<'_>) -> Flow {
        if let Event::Change(change) = event {
            self.changes.push(CellChange {
                cell: CellPos { row: 0, col: 0 },
                var: change.var,
                before: change.before[0],
                after: change.after[0],
                inference: change.inference,
                text: (change.text.clone()).unwrap_or_else(|| change.inference.to_string()),
                facts: change.facts.to_vec(),
            });
        }
        Flow::Continue
    }
}

/// The next deduction for a puzzle (building an [`Explainer`] for its shape).
pub fn hint(puzzle: &Grid) -> Result<Option<Step>, ExplainError> {
    let explainer = Explainer::new(puzzle.shape())?;
    explainer.next_step(&explainer.start(puzzle)?)
}

/// The worked solution of a puzzle (building an [`Explainer`] for its shape).
pub fn steps(puzzle: &Grid) -> Result<Path, ExplainError> {
    Explainer::new(puzzle.shape())?.steps(puzzle)
}
