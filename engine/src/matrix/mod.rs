//! Strategy matrices: run every strategy on every start state, time it, count what it
//! did, and check that all strategies agree.
//!
//! A benchmark of propagation strategies is only worth reading when every strategy
//! answered the same puzzles the same way, so [`run_matrix`] both measures and checks.
//! The caller supplies one [`Subject`] per rule set (a puzzle's rule tiers are separate
//! models over the same start states) and a list of [`Strategy`]s, often the product
//! of schedules, restores and variable orders ([`Strategy::product`]).
//!
//! **Timing and statistics are separate runs.** Each cell (rule set × strategy)
//! runs every start state `repeats` times with no observer; each start state runs
//! under every cell back to back, in an order shuffled per start state and repeat,
//! after untimed warm-up rounds (see [`timing`] for why). [`Row::seconds`] is the
//! sum of each start state's median time and [`Row::ci95_seconds`] its interval,
//! and rows that did the same work but whose intervals part are flagged
//! ([`TimingFlag`]). The search counters come from the last timed repeat. Then one more untimed pass runs with a [`Stats`] observer to
//! collect the per-rule calls and changes and the solutions themselves, so
//! observation never distorts the timings. A strategy listed twice is kept, its
//! second row labelled `#2`: an A/A test of the harness.
//!
//! **Agreement.** For every start state: every strategy of every subject must report
//! the same number of solutions (up to the limit); when the limit was not reached, the
//! *sets* of solutions must be equal; strategies that explore the same tree (see
//! [`Strategy::tree_key`]) must find the same solutions in the same order and visit the
//! same number of nodes. A search stopped by a node or time limit is left out of the
//! comparison. Each difference is a [`Disagreement`]. Solutions are compared on every
//! variable, or on the puzzle's own ones when a rule set adds auxiliary variables
//! ([`Subject::with_answer`]).
//!
//! **A deadline** ([`MatrixOptions::deadline`]) bounds the whole run: each search
//! gets the time left as its time limit, a repeat the deadline cuts is dropped
//! whole, and the report keeps the repeats that finished
//! ([`MatrixReport::deadline_passed`]); when none did, [`MatrixError::DeadlinePassed`].
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::matrix::{MatrixOptions, Strategy, Subject, run_matrix};
//!
//! let mut model = Model::new();
//! let x = model.new_vars(3, 3);
//! model.add_rule(AllDifferent::new("all different", x.clone()))?;
//! let mut start = model.domains();
//! start.assign(x[0], 2).unwrap();
//! let starts = vec![model.domains(), start];
//!
//! let strategies = Strategy::product(&Schedule::ALL, &Restore::ALL, &VarOrder::ALL);
//! let subjects = [Subject::new("all different", &model, &starts)];
//! let options = MatrixOptions { repeats: 1, solution_limit: Some(10), ..MatrixOptions::default() };
//! let report = run_matrix(&subjects, &strategies, &options, &mut |_, _| {})?;
//! assert_eq!(report.rows.len(), 18);
//! assert!(report.check().is_ok());
//! assert_eq!(report.rows[0].puzzles[0].solutions, 6);
//! assert_eq!(report.rows[0].puzzles[1].solutions, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod timing;

use std::collections::BTreeSet;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::branch::Brancher;
use crate::domain::{Domains, Value, VarId};
use crate::model::Model;
use crate::observe::{Event, Flow, Observer, Stats};
use crate::propagation::Schedule;
use crate::search::{Config, Counters, Restore, Search, ValueOrder, VarOrder};

pub use timing::TimingFlag;

/// A named search configuration: one column of the matrix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strategy {
    /// How the strategy is shown, such as `"queue/copy/fewest"`.
    pub name: String,
    /// The search configuration.
    pub config: Config,
    /// A user's brancher, deciding instead of the config's orders.
    pub brancher: Option<BrancherFactory>,
}

/// Makes a fresh user [`Brancher`] for each search of a strategy, so that every
/// subject and repeat starts from the same heuristic state.
#[derive(Clone)]
pub struct BrancherFactory {
    /// The heuristic's name: what makes two strategies' trees comparable.
    label: String,
    make: Arc<MakeBrancher>,
}

/// How a [`BrancherFactory`] makes a brancher for a model.
type MakeBrancher = dyn Fn(&Model) -> Box<dyn Brancher> + Send + Sync;

impl BrancherFactory {
    /// A brancher made by `make` for each search, called `label` in tree keys.
    pub fn new(
        label: impl Into<String>,
        make: impl Fn(&Model) -> Box<dyn Brancher> + Send + Sync + 'static,
    ) -> Self {
        BrancherFactory {
            label: label.into(),
            make: Arc::new(make),
        }
    }

    /// The heuristic's name.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// A fresh brancher over `model`.
    pub fn make(&self, model: &Model) -> Box<dyn Brancher> {
        (self.make)(model)
    }
}

impl fmt::Debug for BrancherFactory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BrancherFactory({})", self.label)
    }
}

/// Two factories are the same heuristic when they have the same label.
impl PartialEq for BrancherFactory {
    fn eq(&self, other: &Self) -> bool {
        self.label == other.label
    }
}

impl Eq for BrancherFactory {}

/// What fixes a strategy's search tree on a model (see [`Strategy::tree_key`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeKey {
    /// The config's orders, with the schedule when the variable order learns from
    /// conflicts (dom/wdeg).
    Configured(VarOrder, ValueOrder, Option<Schedule>),
    /// A user's brancher by its label, with the schedule (it may learn from
    /// conflicts, whose rule depends on the schedule).
    Brancher(String, Schedule),
}

impl Strategy {
    /// A strategy with a name of the caller's choice.
    pub fn new(name: impl Into<String>, config: Config) -> Self {
        Strategy {
            name: name.into(),
            config,
            brancher: None,
        }
    }

    /// A strategy whose decisions come from a user's brancher (see
    /// [`crate::branch`]); the config gives its schedule, restore and limits.
    pub fn with_brancher(
        name: impl Into<String>,
        config: Config,
        brancher: BrancherFactory,
    ) -> Self {
        Strategy {
            name: name.into(),
            config,
            brancher: Some(brancher),
        }
    }

    /// A search of `model` from `start` under this strategy.
    pub fn search<'m>(
        &self,
        model: &'m Model,
        start: Domains,
    ) -> Result<Search<'m, '_>, crate::Error> {
        let search = Search::from_state(model, start, self.config)?;
        Ok(match &self.brancher {
            Some(factory) => search.with_brancher(factory.make(model)),
            None => search,
        })
    }

    /// A strategy named after its configuration (`schedule/restore/var order`, plus
    /// the value order's seed when it is random).
    pub fn named(config: Config) -> Self {
        let mut name = format!(
            "{}/{}/{}",
            schedule_name(config.schedule),
            restore_name(config.restore),
            var_order_name(config.var_order)
        );
        if let ValueOrder::Random { seed } = config.value_order {
            name.push_str(&format!("/random-{seed}"));
        }
        Strategy::new(name, config)
    }

    /// Every combination of the given schedules, restores and variable orders, with
    /// ascending values and no limits, schedule varying slowest.
    pub fn product(
        schedules: &[Schedule],
        restores: &[Restore],
        var_orders: &[VarOrder],
    ) -> Vec<Strategy> {
        let mut strategies = Vec::new();
        for &schedule in schedules {
            for &restore in restores {
                for &var_order in var_orders {
                    let config = Config::default()
                        .schedule(schedule)
                        .restore(restore)
                        .var_order(var_order);
                    strategies.push(Strategy::named(config));
                }
            }
        }
        strategies
    }

    /// What fixes the search tree: two strategies with equal keys (on the same model)
    /// explore the same tree. The restore strategy never matters; the schedule matters
    /// only for `DomWdeg`, whose weights grow with the rule that found each conflict,
    /// and which rule that is depends on the schedule.
    pub fn tree_key(&self) -> TreeKey {
        if let Some(factory) = &self.brancher {
            return TreeKey::Brancher(factory.label.clone(), self.config.schedule);
        }
        let schedule = match self.config.var_order {
            VarOrder::DomWdeg => Some(self.config.schedule),
            VarOrder::First | VarOrder::FewestValues => None,
        };
        TreeKey::Configured(self.config.var_order, self.config.value_order, schedule)
    }
}

/// The schedule's name as flags and reports write it.
pub fn schedule_name(schedule: Schedule) -> &'static str {
    match schedule {
        Schedule::Sweep => "sweep",
        Schedule::Queue => "queue",
        Schedule::Priority => "priority",
    }
}

/// The restore strategy's name as flags and reports write it.
pub fn restore_name(restore: Restore) -> &'static str {
    match restore {
        Restore::Auto => "auto",
        Restore::Copy => "copy",
        Restore::Trail => "trail",
    }
}

/// The variable order's name as flags and reports write it.
pub fn var_order_name(order: VarOrder) -> &'static str {
    match order {
        VarOrder::First => "first",
        VarOrder::FewestValues => "fewest",
        VarOrder::DomWdeg => "dom-wdeg",
    }
}

/// One rule set with the start states to solve: one block of rows of the matrix.
#[derive(Clone, Copy)]
pub struct Subject<'a> {
    /// How the rule set is shown, such as `"fast"` or `"subsets"`.
    pub label: &'a str,
    /// The model.
    pub model: &'a Model,
    /// The start states, one per puzzle; every subject of a run has the same puzzles
    /// in the same order, so that their answers can be compared.
    pub starts: &'a [Domains],
    /// The variables whose values are the puzzle's answer, in the order every subject
    /// of a run shares (a puzzle's cells); `None`: every variable. Rule sets that add
    /// auxiliary variables of their own are compared on their answers alone.
    pub answer: Option<&'a [VarId]>,
}

impl<'a> Subject<'a> {
    /// A rule set and its start states, answered by every variable.
    pub fn new(label: &'a str, model: &'a Model, starts: &'a [Domains]) -> Self {
        Subject {
            label,
            model,
            starts,
            answer: None,
        }
    }

    /// Compare this rule set with the others on `answer` only: the variables the
    /// puzzle is about, without the model's auxiliary ones.
    pub fn with_answer(mut self, answer: &'a [VarId]) -> Self {
        self.answer = Some(answer);
        self
    }

    /// A solution's values on the answer variables.
    fn answer_of(&self, values: &[Value]) -> Vec<Value> {
        match self.answer {
            Some(vars) => vars.iter().map(|var| values[var.index()]).collect(),
            None => values.to_vec(),
        }
    }
}

/// How a matrix runs.
#[derive(Clone, Debug)]
pub struct MatrixOptions {
    /// Timed repeats of every start state per strategy; each start state's median
    /// is reported (at least 1).
    pub repeats: usize,
    /// Stop each search after this many solutions (`Some(2)`: solve and prove the
    /// solution unique); `None` counts them all.
    pub solution_limit: Option<u64>,
    /// Untimed passes of every cell before the timed ones (caches, allocator,
    /// clock frequency settle).
    pub warmup: usize,
    /// The seed of the timed repeats' shuffled orders and of the intervals.
    pub order_seed: u64,
    /// When the whole matrix must end: each search is limited to the time left, a
    /// repeat the deadline cuts is dropped, and the report keeps the repeats that
    /// finished ([`MatrixReport::deadline_passed`]); `None`: no deadline.
    pub deadline: Option<Instant>,
    /// Raised by another thread (a signal handler) to stop the run as the deadline
    /// does, at the next node of the search under way.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for MatrixOptions {
    fn default() -> Self {
        MatrixOptions {
            repeats: 3,
            solution_limit: Some(2),
            warmup: 1,
            order_seed: 2026,
            deadline: None,
            cancel: None,
        }
    }
}

/// What one strategy found on one start state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleOutcome {
    /// Solutions found, up to the limit.
    pub solutions: u64,
    /// Whether the search stopped at the solution limit (there may be more).
    pub limit_reached: bool,
    /// Whether a node or time limit stopped the search (the count is a lower bound).
    pub stopped: bool,
    /// The first solution's values on the subject's answer variables (every
    /// variable, indexed by variable, unless [`Subject::with_answer`] chose some).
    pub first: Option<Vec<Value>>,
    /// Search nodes.
    pub nodes: u64,
    /// Nodes that ended in a conflict.
    pub failures: u64,
    /// Rule actions run.
    pub propagations: u64,
    /// Domain changes.
    pub changes: u64,
    /// The median of this start state's timed repeats, in seconds.
    pub seconds: f64,
    /// Every timed repeat of this start state, in seconds, in the order run.
    pub repeat_seconds: Vec<f64>,
    /// Every solution found, in the order found, on the answer variables (not serialised: the first is enough
    /// to read a report; the agreement check uses them all).
    #[serde(skip)]
    pub all: Vec<Vec<Value>>,
}

/// Calls and changes of one rule over a strategy's untimed statistics pass.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RuleReport {
    /// The rule's name.
    pub name: String,
    /// Its kind ([`crate::Rule::kind`]), such as `AllDifferent`.
    pub kind: String,
    /// How often it was woken.
    pub woken: u64,
    /// How often its condition let it sleep (entailed).
    pub asleep: u64,
    /// How often its action ran.
    pub calls: u64,
    /// How many domain changes it made (its hits).
    pub changes: u64,
    /// How many values it removed.
    pub removed: u64,
    /// How many conflicts it found.
    pub conflicts: u64,
    /// Seconds in its action during the untimed statistics pass (an observed
    /// run: compare rules with each other, not with the row's time).
    pub seconds: f64,
}

/// One strategy on one rule set: one row of the matrix.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The rule set's label.
    pub rule_set: String,
    /// The strategy's name.
    pub strategy: String,
    /// The schedule.
    pub schedule: String,
    /// The restore strategy.
    pub restore: String,
    /// The variable order.
    pub var_order: String,
    /// How many start states were solved.
    pub puzzle_count: usize,
    /// The time of a pass over every start state, in seconds: each start state's
    /// median over the repeats, summed (see [`timing`]).
    pub seconds: f64,
    /// Every timed repeat's total over the start states, in seconds, in the order run.
    pub repeat_seconds: Vec<f64>,
    /// The 95 % bootstrap interval of [`Row::seconds`] (see [`timing`]).
    pub ci95_seconds: [f64; 2],
    /// Start states solved per second, from [`Row::seconds`].
    pub puzzles_per_second: f64,
    /// The sum of the search counters over every start state (last timed repeat).
    pub totals: Totals,
    /// Per-rule statistics from the untimed pass, in the model's rule order.
    pub rules: Vec<RuleReport>,
    /// What the strategy found on each start state.
    pub puzzles: Vec<PuzzleOutcome>,
}

impl Row {
    /// Sets the row's times from its start states' repeats: [`Row::seconds`], its
    /// interval (resampled from `seed`), each repeat's total and the rate. A caller
    /// that joins rows (the same strategy on more start states) calls it again.
    pub fn time_from_puzzles(&mut self, seed: u64) {
        let per_start: Vec<&[f64]> = self
            .puzzles
            .iter()
            .map(|puzzle| puzzle.repeat_seconds.as_slice())
            .collect();
        self.seconds = timing::total_of_medians(&per_start);
        self.ci95_seconds = timing::total_interval(&per_start, seed);
        let repeats = per_start.iter().map(|times| times.len()).max().unwrap_or(0);
        self.repeat_seconds = (0..repeats)
            .map(|repeat| per_start.iter().filter_map(|times| times.get(repeat)).sum())
            .collect();
        self.puzzles_per_second = if self.seconds > 0.0 {
            self.puzzle_count as f64 / self.seconds
        } else {
            0.0
        };
    }
}

/// Search counters summed over the start states of a row.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    /// Solutions found.
    pub solutions: u64,
    /// Search nodes.
    pub nodes: u64,
    /// Nodes that ended in a conflict.
    pub failures: u64,
    /// Returns to an earlier node.
    pub backtracks: u64,
    /// Rule actions run.
    pub propagations: u64,
    /// Domain changes.
    pub changes: u64,
}

impl Totals {
    fn add(&mut self, counters: &Counters) {
        self.solutions += counters.solutions;
        self.nodes += counters.nodes;
        self.failures += counters.failures;
        self.backtracks += counters.backtracks;
        self.propagations += counters.propagations;
        self.changes += counters.changes;
    }
}

/// Which answer two strategies disagree on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Aspect {
    /// The number of solutions (up to the limit).
    SolutionCount,
    /// The set of solutions (every solution was found by both).
    SolutionSet,
    /// The solutions in the order found, for strategies with the same tree.
    SolutionOrder,
    /// The node count, for strategies with the same tree.
    Nodes,
}

impl fmt::Display for Aspect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Aspect::SolutionCount => "the number of solutions",
            Aspect::SolutionSet => "the set of solutions",
            Aspect::SolutionOrder => "the solutions found along the same search tree",
            Aspect::Nodes => "the node count of the same search tree",
        })
    }
}

/// Two strategies that answered one start state differently: a bug in a rule set or
/// in the engine, never a matter of speed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Disagreement {
    /// The start state's position in the list (0-based).
    pub puzzle: usize,
    /// What differs.
    pub aspect: Aspect,
    /// The first strategy, as `rule set: strategy`.
    pub first: String,
    /// What the first strategy said.
    pub first_says: String,
    /// The second strategy, as `rule set: strategy`.
    pub second: String,
    /// What the second strategy said.
    pub second_says: String,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "puzzle {} (1-based): `{}` and `{}` disagree on {}: {} vs {}",
            self.puzzle + 1,
            self.first,
            self.second,
            self.aspect,
            self.first_says,
            self.second_says
        )
    }
}

/// Why a matrix could not run, or why its answers cannot be trusted.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum MatrixError {
    /// A start state does not fit its model.
    #[error("rule set `{label}`, puzzle {puzzle} (1-based): {source}")]
    Engine {
        /// The subject's label.
        label: String,
        /// The start state's position, 1-based.
        puzzle: usize,
        /// The engine's error.
        source: crate::Error,
    },
    /// Two subjects have different numbers of start states.
    #[error("rule set `{label}` has {found} puzzles, but `{first}` has {expected}")]
    PuzzleCount {
        /// The first subject's label.
        first: String,
        /// Its number of start states.
        expected: usize,
        /// The subject that differs.
        label: String,
        /// Its number of start states.
        found: usize,
    },
    /// A subject's answer names a variable its model does not have.
    #[error("rule set `{label}`: answer variable {var} is not in its model of {vars} variables")]
    AnswerVariable {
        /// The subject's label.
        label: String,
        /// The variable's index.
        var: usize,
        /// How many variables the model has.
        vars: usize,
    },
    /// The deadline ([`MatrixOptions::deadline`]) passed, or the cancel flag was
    /// raised, before one timed repeat of every cell finished: nothing to report.
    #[error("the deadline passed before one timed repeat finished")]
    DeadlinePassed,
    /// Strategies disagree: the first disagreement, and how many there are in all.
    #[error("STRATEGIES DISAGREE ({count} disagreement(s)); first: {first}")]
    Disagreement {
        /// The first disagreement found.
        first: Box<Disagreement>,
        /// How many disagreements there are.
        count: usize,
    },
}

/// The result of a matrix: one row per (rule set, strategy), and every disagreement.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatrixReport {
    /// How many timed repeats each start state made under each row.
    pub repeats: usize,
    /// How many untimed warm-up passes each row made first.
    pub warmup: usize,
    /// The solution limit of each search.
    pub solution_limit: Option<u64>,
    /// The rows, rule set by rule set, in the strategies' order.
    pub rows: Vec<Row>,
    /// Every disagreement found; empty when all strategies agree.
    pub disagreements: Vec<Disagreement>,
    /// Rows that did the same work but whose times part beyond their intervals.
    pub timing_flags: Vec<TimingFlag>,
    /// Whether [`MatrixOptions::deadline`] (or the cancel flag) stopped the run: `repeats` then counts
    /// the repeats that finished, rows whose statistics pass it cut have no rules
    /// and no first solution, and strategies are compared on solution counts and
    /// node counts only (the solutions themselves are not all known).
    pub deadline_passed: bool,
}

impl MatrixReport {
    /// `Ok` when every strategy agreed on every start state, otherwise the first
    /// disagreement as an error.
    pub fn check(&self) -> Result<(), MatrixError> {
        match self.disagreements.first() {
            None => Ok(()),
            Some(first) => Err(MatrixError::Disagreement {
                first: Box::new(first.clone()),
                count: self.disagreements.len(),
            }),
        }
    }
}

/// Run every strategy on every subject's start states, then check agreement (the
/// result lists the disagreements; call [`MatrixReport::check`] to turn them into an
/// error). `progress(done, total)` is called after each cell's pass over the start
/// states (one a cell per round) and after each row's statistics pass.
pub fn run_matrix(
    subjects: &[Subject<'_>],
    strategies: &[Strategy],
    options: &MatrixOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<MatrixReport, MatrixError> {
    check_puzzle_counts(subjects)?;
    check_answers(subjects)?;
    let repeats = options.repeats.max(1);
    let strategies = labelled(strategies);
    let cells: Vec<(&Subject<'_>, &Strategy)> = subjects
        .iter()
        .flat_map(|subject| strategies.iter().map(move |strategy| (subject, strategy)))
        .collect();
    let total = cells.len() * (options.warmup + repeats + 1);
    let mut done = 0;
    let mut step = || {
        done += 1;
        progress(done, total);
    };
    let mut searches = Vec::with_capacity(cells.len());
    for &(subject, strategy) in &cells {
        let search = first_search(subject, strategy)?;
        searches.push(match &options.cancel {
            Some(flag) => search.map(|search| search.cancel_on(flag.clone())),
            None => search,
        });
    }
    let starts = subjects.first().map_or(0, |subject| subject.starts.len());
    let mut timed: Vec<Vec<TimedOutcome>> = (0..cells.len())
        .map(|_| Vec::with_capacity(starts))
        .collect();
    let mut repeats_done = 0;
    let mut deadline_passed = false;
    for round in 0..options.warmup + repeats {
        let repeat = round.checked_sub(options.warmup);
        let Some(runs) = run_round(&cells, &mut searches, repeat, options)? else {
            deadline_passed = true;
            break;
        };
        if repeat.is_some() {
            for (cell, start, outcome) in runs {
                record(&mut timed[cell], start, outcome);
            }
            repeats_done += 1;
        }
        // Every cell has now made one more pass over the start states.
        for _ in 0..cells.len() {
            step();
        }
    }
    drop(searches);
    if repeats_done == 0 && starts > 0 && !cells.is_empty() {
        return Err(MatrixError::DeadlinePassed);
    }
    let mut rows = Vec::with_capacity(cells.len());
    for (cell, (&(subject, strategy), timed)) in cells.iter().zip(timed).enumerate() {
        let seed = options.order_seed ^ cell as u64;
        let (row, observed) = finish_row(subject, strategy, options, timed, seed)?;
        deadline_passed |= !observed;
        rows.push(row);
        step();
    }
    if deadline_passed {
        // Some solutions were never recorded: compare counts and nodes only.
        for puzzle in rows.iter_mut().flat_map(|row| row.puzzles.iter_mut()) {
            puzzle.all.clear();
        }
    }
    let keys: Vec<_> = cells
        .iter()
        .map(|(_, strategy)| strategy.tree_key())
        .collect();
    let disagreements = compare_rows(&rows, &keys, subjects, strategies.len());
    Ok(MatrixReport {
        repeats: if deadline_passed {
            repeats_done
        } else {
            repeats
        },
        warmup: options.warmup,
        solution_limit: options.solution_limit,
        timing_flags: timing::timing_flags(&rows),
        rows,
        disagreements,
        deadline_passed,
    })
}

/// One pass of every cell over every start state (shuffled per start state in a
/// timed `repeat`, in cell order in a warm-up): each run as (cell, start, outcome),
/// or `None` when the deadline cut the pass.
fn run_round(
    cells: &[(&Subject<'_>, &Strategy)],
    searches: &mut [Option<Search<'_, '_>>],
    repeat: Option<usize>,
    options: &MatrixOptions,
) -> Result<Option<Vec<CellRun>>, MatrixError> {
    let starts = cells.first().map_or(0, |(subject, _)| subject.starts.len());
    let mut runs = Vec::with_capacity(cells.len() * starts);
    for start in 0..starts {
        let order = match repeat {
            None => (0..cells.len()).collect(),
            Some(repeat) => timing::cell_order(cells.len(), options.order_seed, repeat, start),
        };
        for cell in order {
            let (subject, strategy) = cells[cell];
            let Some(search) = searches[cell].as_mut() else {
                continue;
            };
            let Some(limit) = time_left(strategy, options) else {
                return Ok(None);
            };
            search.set_time_limit(limit);
            let outcome = timed_run(search, &subject.starts[start], options)
                .map_err(|source| engine_error(subject, start, source))?;
            if past(options) {
                return Ok(None);
            }
            runs.push((cell, start, outcome));
        }
    }
    Ok(Some(runs))
}

/// Whether the run must stop: its deadline has passed, or its cancel flag is up.
fn past(options: &MatrixOptions) -> bool {
    let cancelled = (options.cancel.as_ref()).is_some_and(|flag| flag.load(Ordering::Relaxed));
    cancelled
        || options
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
}

/// A search's time limit under the run's deadline: the strategy's own or the time
/// left, whichever is shorter; `None` when the run must stop.
fn time_left(strategy: &Strategy, options: &MatrixOptions) -> Option<Option<Duration>> {
    if past(options) {
        return None;
    }
    let Some(deadline) = options.deadline else {
        return Some(strategy.config.time_limit);
    };
    let left = deadline.checked_duration_since(Instant::now())?;
    if left.is_zero() {
        return None;
    }
    Some(Some(
        strategy.config.time_limit.map_or(left, |own| own.min(left)),
    ))
}

/// The strategies with every repeated name made unique (`queue/copy/fewest #2`), so
/// that a strategy listed twice stays two rows.
fn labelled(strategies: &[Strategy]) -> Vec<Strategy> {
    let mut seen: Vec<&str> = Vec::new();
    strategies
        .iter()
        .map(|strategy| {
            let earlier = seen.iter().filter(|&&name| name == strategy.name).count();
            seen.push(&strategy.name);
            let mut strategy = strategy.clone();
            if earlier > 0 {
                strategy.name = format!("{} #{}", strategy.name, earlier + 1);
            }
            strategy
        })
        .collect()
}

/// An engine error on start state `puzzle` (0-based) of `subject`.
fn engine_error(subject: &Subject<'_>, puzzle: usize, source: crate::Error) -> MatrixError {
    MatrixError::Engine {
        label: subject.label.to_string(),
        puzzle: puzzle + 1,
        source,
    }
}

fn check_answers(subjects: &[Subject<'_>]) -> Result<(), MatrixError> {
    for subject in subjects {
        let vars = subject.model.num_vars();
        let answer = subject.answer.unwrap_or_default();
        if let Some(var) = answer.iter().find(|var| var.index() >= vars) {
            return Err(MatrixError::AnswerVariable {
                label: subject.label.to_string(),
                var: var.index(),
                vars,
            });
        }
    }
    Ok(())
}

fn check_puzzle_counts(subjects: &[Subject<'_>]) -> Result<(), MatrixError> {
    let Some(first) = subjects.first() else {
        return Ok(());
    };
    match subjects
        .iter()
        .find(|s| s.starts.len() != first.starts.len())
    {
        None => Ok(()),
        Some(other) => Err(MatrixError::PuzzleCount {
            first: first.label.to_string(),
            expected: first.starts.len(),
            label: other.label.to_string(),
            found: other.starts.len(),
        }),
    }
}

/// A row from its timed repeats, after the untimed statistics pass of one strategy
/// on one subject.
fn finish_row(
    subject: &Subject<'_>,
    strategy: &Strategy,
    options: &MatrixOptions,
    timed: Vec<TimedOutcome>,
    seed: u64,
) -> Result<(Row, bool), MatrixError> {
    // Rules are timed in this observed pass only, so the timed passes pay nothing.
    let mut stats = Stats::new().timed();
    let mut puzzles = Vec::with_capacity(subject.starts.len());
    let mut totals = Totals::default();
    let mut complete = true;
    for (index, (start, outcome)) in subject.starts.iter().zip(timed).enumerate() {
        let limit = time_left(strategy, options);
        complete &= limit.is_some();
        let observed = match limit {
            Some(limit) if complete => {
                observed_search(subject, start, strategy, limit, options, &mut stats)
                    .map_err(|source| engine_error(subject, index, source))?
            }
            _ => Vec::new(),
        };
        complete &= !past(options);
        totals.add(&outcome.counters);
        puzzles.push(PuzzleOutcome {
            solutions: outcome.counters.solutions,
            limit_reached: outcome.limit_reached,
            stopped: outcome.stopped,
            first: observed.first().cloned(),
            nodes: outcome.counters.nodes,
            failures: outcome.counters.failures,
            propagations: outcome.counters.propagations,
            changes: outcome.counters.changes,
            seconds: timing::median(&outcome.repeat_seconds),
            repeat_seconds: outcome.repeat_seconds,
            all: observed,
        });
    }
    let mut row = Row {
        rule_set: subject.label.to_string(),
        strategy: strategy.name.clone(),
        schedule: schedule_name(strategy.config.schedule).to_string(),
        restore: restore_name(strategy.config.restore).to_string(),
        var_order: var_order_name(strategy.config.var_order).to_string(),
        puzzle_count: subject.starts.len(),
        seconds: 0.0,
        repeat_seconds: Vec::new(),
        ci95_seconds: [0.0, 0.0],
        puzzles_per_second: 0.0,
        totals,
        rules: rule_reports(subject.model, &stats),
        puzzles,
    };
    row.time_from_puzzles(seed);
    if !complete {
        // The deadline cut the statistics pass: its figures would mislead.
        row.rules.clear();
        for puzzle in &mut row.puzzles {
            puzzle.first = None;
        }
    }
    Ok((row, complete))
}

/// What the timed repeats of one start state under one cell found and took: the
/// counters and stops of the last repeat, and every repeat's seconds.
struct TimedOutcome {
    counters: Counters,
    limit_reached: bool,
    stopped: bool,
    repeat_seconds: Vec<f64>,
}

/// The counters, whether the solution limit was reached, whether a node or time
/// limit stopped the search, and the seconds it took, for one run.
type RunOutcome = (Counters, bool, bool, f64);

/// One run of a round: the cell, the start state and what the run found.
type CellRun = (usize, usize, RunOutcome);

/// Adds one timed repeat of start state `start` to a cell's outcomes.
fn record(outcomes: &mut Vec<TimedOutcome>, start: usize, run: RunOutcome) {
    let (counters, limit_reached, stopped, seconds) = run;
    if outcomes.len() == start {
        outcomes.push(TimedOutcome {
            counters: Counters::default(),
            limit_reached,
            stopped,
            repeat_seconds: Vec::new(),
        });
    }
    let outcome = &mut outcomes[start];
    (outcome.counters, outcome.limit_reached, outcome.stopped) = (counters, limit_reached, stopped);
    outcome.repeat_seconds.push(seconds);
}

/// A cell's search, made once and restarted on each start state (none when the
/// subject has no start state).
fn first_search<'m, 's>(
    subject: &Subject<'m>,
    strategy: &'s Strategy,
) -> Result<Option<Search<'m, 's>>, MatrixError> {
    let Some(first) = subject.starts.first() else {
        return Ok(None);
    };
    strategy
        .search(subject.model, first.clone())
        .map(Some)
        .map_err(|source| engine_error(subject, 0, source))
}

/// One timed run of a cell's search on one start state (no observer).
fn timed_run(
    search: &mut Search<'_, '_>,
    start: &Domains,
    options: &MatrixOptions,
) -> Result<RunOutcome, crate::Error> {
    let started = Instant::now();
    search.restart(start)?;
    let count = search.count_in_place(options.solution_limit);
    let seconds = started.elapsed().as_secs_f64();
    Ok((
        search.counters(),
        count.limit_reached,
        count.stopped.is_some(),
        seconds,
    ))
}

/// Statistics plus the solutions themselves, on the subject's answer variables.
struct Recorder<'s, 'a> {
    stats: &'s mut Stats,
    subject: &'s Subject<'a>,
    solutions: Vec<Vec<Value>>,
}

impl Observer for Recorder<'_, '_> {
    fn on_event(&mut self, event: &Event<'_>) -> Flow {
        if let Event::Solution { values, .. } = event {
            self.solutions.push(self.subject.answer_of(values));
        }
        self.stats.on_event(event)
    }
}

/// The untimed pass on one start state: adds to `stats`, returns the solutions.
fn observed_search(
    subject: &Subject<'_>,
    start: &Domains,
    strategy: &Strategy,
    time_limit: Option<Duration>,
    options: &MatrixOptions,
    stats: &mut Stats,
) -> Result<Vec<Vec<Value>>, crate::Error> {
    let mut recorder = Recorder {
        stats,
        subject,
        solutions: Vec::new(),
    };
    let mut search = strategy.search(subject.model, start.clone())?;
    if let Some(flag) = &options.cancel {
        search = search.cancel_on(flag.clone());
    }
    search.set_time_limit(time_limit);
    let mut search = search.observe(&mut recorder);
    search.count_in_place(options.solution_limit);
    drop(search);
    Ok(recorder.solutions)
}

fn rule_reports(model: &Model, stats: &Stats) -> Vec<RuleReport> {
    model
        .rules()
        .map(|(id, rule)| {
            let counts = stats.rules.get(id.index()).cloned().unwrap_or_default();
            RuleReport {
                name: rule.name().to_string(),
                kind: rule.kind().to_string(),
                woken: counts.woken,
                asleep: counts.asleep,
                calls: counts.calls,
                changes: counts.changes,
                removed: counts.removed,
                conflicts: counts.conflicts,
                seconds: counts.seconds,
            }
        })
        .collect()
}

/// Every disagreement: each row against the first row, and within a subject each row
/// against the first row with the same tree key.
fn compare_rows(
    rows: &[Row],
    keys: &[TreeKey],
    subjects: &[Subject<'_>],
    per_subject: usize,
) -> Vec<Disagreement> {
    let mut found = Vec::new();
    let puzzle_count = subjects.first().map_or(0, |s| s.starts.len());
    for puzzle in 0..puzzle_count {
        let reference = rows.iter().position(|row| !row.puzzles[puzzle].stopped);
        let Some(reference) = reference else {
            continue;
        };
        for (index, row) in rows.iter().enumerate() {
            if index == reference || row.puzzles[puzzle].stopped {
                continue;
            }
            if let Some(d) = compare_answers(&rows[reference], row, puzzle) {
                found.push(d);
                continue;
            }
            let subject_start = index / per_subject.max(1) * per_subject;
            let same_tree = (subject_start..index)
                .find(|&other| keys[other] == keys[index] && !rows[other].puzzles[puzzle].stopped);
            if let Some(other) = same_tree
                && let Some(d) = compare_trees(&rows[other], row, puzzle)
            {
                found.push(d);
            }
        }
    }
    found
}

fn row_label(row: &Row) -> String {
    format!("{}: {}", row.rule_set, row.strategy)
}

fn disagreement(
    puzzle: usize,
    aspect: Aspect,
    first: &Row,
    first_says: String,
    second: &Row,
    second_says: String,
) -> Disagreement {
    Disagreement {
        puzzle,
        aspect,
        first: row_label(first),
        first_says,
        second: row_label(second),
        second_says,
    }
}

/// Solution counts, and solution sets when both searches found every solution.
fn compare_answers(first: &Row, second: &Row, puzzle: usize) -> Option<Disagreement> {
    let (a, b) = (&first.puzzles[puzzle], &second.puzzles[puzzle]);
    let says = |o: &PuzzleOutcome| {
        let more = if o.limit_reached {
            " (limit reached)"
        } else {
            ""
        };
        format!("{} solution(s){more}", o.solutions)
    };
    if a.solutions != b.solutions || a.limit_reached != b.limit_reached {
        return Some(disagreement(
            puzzle,
            Aspect::SolutionCount,
            first,
            says(a),
            second,
            says(b),
        ));
    }
    if a.limit_reached {
        return None;
    }
    let set_a: BTreeSet<&Vec<Value>> = a.all.iter().collect();
    let set_b: BTreeSet<&Vec<Value>> = b.all.iter().collect();
    let only = |x: &BTreeSet<&Vec<Value>>, y: &BTreeSet<&Vec<Value>>| {
        x.difference(y)
            .next()
            .map_or("no other solution".to_string(), |s| {
                format!("a solution the other lacks: {s:?}")
            })
    };
    (set_a != set_b).then(|| {
        disagreement(
            puzzle,
            Aspect::SolutionSet,
            first,
            only(&set_a, &set_b),
            second,
            only(&set_b, &set_a),
        )
    })
}

/// Same tree: the same solutions in the same order, and the same node count.
fn compare_trees(first: &Row, second: &Row, puzzle: usize) -> Option<Disagreement> {
    let (a, b) = (&first.puzzles[puzzle], &second.puzzles[puzzle]);
    if a.all != b.all {
        let says = |o: &PuzzleOutcome| format!("first solution {:?}", o.first);
        return Some(disagreement(
            puzzle,
            Aspect::SolutionOrder,
            first,
            says(a),
            second,
            says(b),
        ));
    }
    (a.nodes != b.nodes).then(|| {
        disagreement(
            puzzle,
            Aspect::Nodes,
            first,
            format!("{} nodes", a.nodes),
            second,
            format!("{} nodes", b.nodes),
        )
    })
}
