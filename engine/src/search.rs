//! Search: propagate, then branch, backtrack on conflict.
//!
//! Branching is binary: a node tries `var = value` first and, when that subtree is
//! done, `var != value`. Both the variable order and the value order are strategies
//! chosen at run time, and so are the schedule and the way states are restored, so one
//! program can compare them on the same input. With the same orders, every schedule and
//! every restore strategy explores the same tree: node counts are equal.
//!
//! ```
//! use sieve::prelude::*;
//! let mut model = Model::new();
//! let cells = model.new_vars(3, 3);
//! model.add_rule(AllDifferent::new("row", cells.clone()))?;
//! let config = Config::default().var_order(VarOrder::First).restore(Restore::Trail);
//! let mut search = Search::new(&model, config)?;
//! let first = search.next_solution().expect("a permutation");
//! assert_eq!(first.values, vec![0, 1, 2]);
//! assert_eq!(search.count_in_place(None).solutions, 5); // the five others
//! # Ok::<(), sieve::Error>(())
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::branch::{BranchState, Brancher, Configured};
use crate::domain::{Domains, Value, VarId, low_mask};
use crate::error::Error;
use crate::fast::bits;
use crate::ids::RuleId;
use crate::model::Model;
use crate::observe::{Event, Flow, Observer};
use crate::propagation::{Ending, Engine, Schedule};

mod optimize;

pub(crate) use optimize::Cut;
use optimize::Projection;
pub use optimize::{Objective, Optimum};

/// How search returns to an earlier state.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Restore {
    /// [`Restore::Copy`] for a state of at most [`Restore::COPY_WORDS`] words,
    /// [`Restore::Trail`] for a larger one: chosen when the search is made.
    #[default]
    Auto,
    /// Save a copy of the whole store at each decision (one `memcpy`).
    Copy,
    /// Record each changed word on a trail and undo it on the way back.
    Trail,
}

impl Restore {
    /// Every restore strategy a search runs with, for strategy matrices.
    pub const ALL: [Restore; 2] = [Restore::Copy, Restore::Trail];

    /// The largest state [`Restore::Auto`] copies: 8,192 words (64 KiB), so that a
    /// search 1,000 decisions deep keeps at most 64 MiB of copies. A copy costs
    /// one `memcpy` a decision whatever changed, a trail one entry a changed word:
    /// small states (a sudoku's 81 words, a queens board) copy faster, and past
    /// this size the copies' memory grows with depth × size (a chain of 10,000
    /// variables searched to the bottom peaked at 780 MiB with copies against
    /// 5 MiB with the trail; `bench/README.md`, "Restore by size").
    pub const COPY_WORDS: usize = 8_192;

    /// The strategy a search over a state of `words` words runs with.
    pub fn resolve(self, words: usize) -> Restore {
        match self {
            Restore::Auto if words <= Self::COPY_WORDS => Restore::Copy,
            Restore::Auto => Restore::Trail,
            chosen => chosen,
        }
    }
}

/// Which variable to branch on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum VarOrder {
    /// The first unassigned variable in creation order.
    First,
    /// The unassigned variable with the fewest candidates (ties: the first).
    #[default]
    FewestValues,
    /// The smallest ratio of candidates to the weighted degree: the summed weights of
    /// the rules watching it, where a rule's weight grows each time it fails.
    DomWdeg,
}

impl VarOrder {
    /// Every variable order, for strategy matrices.
    pub const ALL: [VarOrder; 3] = [VarOrder::First, VarOrder::FewestValues, VarOrder::DomWdeg];
}

/// Which value to try first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum ValueOrder {
    /// The smallest candidate.
    #[default]
    Ascending,
    /// A candidate drawn uniformly with a seeded, portable generator.
    Random {
        /// The seed: the same seed gives the same tree on every machine.
        seed: u64,
    },
}

/// The strategies and limits of a search: a small value, copied freely.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// The propagation schedule.
    pub schedule: Schedule,
    /// How states are restored on backtrack.
    pub restore: Restore,
    /// Which variable to branch on.
    pub var_order: VarOrder,
    /// Which value to try first.
    pub value_order: ValueOrder,
    /// Stop after this many nodes.
    pub node_limit: Option<u64>,
    /// Stop after this much time.
    pub time_limit: Option<Duration>,
    /// Trust the rules on full assignments: skip checking each solution against
    /// every rule's [`Rule::holds`](crate::Rule::holds). Sound only for rule sets
    /// whose rules are complete (a full assignment that breaks a rule is a conflict of
    /// its action), which [`crate::oracle::check_rule`] checks; off by default, so a
    /// rule set with weak actions never yields a wrong answer.
    pub skip_solution_check: bool,
}

impl Config {
    /// Set the schedule.
    pub fn schedule(mut self, schedule: Schedule) -> Self {
        self.schedule = schedule;
        self
    }

    /// Set the restore strategy.
    pub fn restore(mut self, restore: Restore) -> Self {
        self.restore = restore;
        self
    }

    /// Set the variable order.
    pub fn var_order(mut self, order: VarOrder) -> Self {
        self.var_order = order;
        self
    }

    /// Set the value order.
    pub fn value_order(mut self, order: ValueOrder) -> Self {
        self.value_order = order;
        self
    }

    /// Stop after `nodes` nodes.
    pub fn node_limit(mut self, nodes: u64) -> Self {
        self.node_limit = Some(nodes);
        self
    }

    /// Stop after `limit` has passed.
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// Skip (or not) the check of each solution against every rule; see
    /// [`Config::skip_solution_check`].
    pub fn skip_solution_check(mut self, skip: bool) -> Self {
        self.skip_solution_check = skip;
        self
    }
}

/// Why a search ended before exploring its whole tree.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// The node limit was reached.
    NodeLimit,
    /// The time limit was reached.
    TimeLimit,
    /// The observer asked to stop.
    Observer,
    /// A user's [`Brancher`](crate::branch::Brancher) chose a variable that was not
    /// open, or a value that was not a candidate: the search cannot go on.
    InvalidBranch,
    /// The caller's flag ([`Search::cancel_on`]) was raised, for example by a
    /// signal handler on Ctrl-C.
    Cancelled,
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::NodeLimit => "node limit reached",
            StopReason::TimeLimit => "time limit reached",
            StopReason::Observer => "stopped by the observer",
            StopReason::InvalidBranch => {
                "the brancher chose a variable without a choice or a value not a candidate"
            }
            StopReason::Cancelled => "cancelled",
        })
    }
}

/// What a search has done so far; kept without an observer, at the cost of a few
/// integer additions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Nodes: the root plus every decision tried.
    pub nodes: u64,
    /// Nodes that ended in a conflict.
    pub failures: u64,
    /// Returns to an earlier node.
    pub backtracks: u64,
    /// Rule actions run.
    pub propagations: u64,
    /// Domain changes made by rules and decisions.
    pub changes: u64,
    /// Solutions found.
    pub solutions: u64,
    /// The deepest decision level reached.
    pub max_depth: usize,
}

/// One full assignment that satisfies every rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    /// The values, indexed by [`VarId::index`].
    pub values: Vec<Value>,
}

impl Solution {
    /// The value of one variable.
    pub fn value(&self, var: VarId) -> Value {
        self.values[var.index()]
    }
}

/// The result of counting solutions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found.
    pub solutions: u64,
    /// Whether the count stopped at the caller's limit.
    pub limit_reached: bool,
    /// Set when the search ended early for another reason: the count is a lower bound.
    pub stopped: Option<StopReason>,
}

impl Count {
    /// Whether `solutions` is the exact number of solutions.
    pub fn is_exact(&self) -> bool {
        !self.limit_reached && self.stopped.is_none()
    }
}

/// Whether a model has exactly one solution; `S` is how a solution is written
/// (the engine's [`Solution`], or a puzzle's own grid after [`Uniqueness::map`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness<S = Solution> {
    /// No solution at all.
    None,
    /// Exactly one solution.
    Unique(S),
    /// At least two; the first two found.
    Multiple(S, S),
    /// The search stopped before it could tell; a solution found so far, if any.
    Unknown(StopReason, Option<S>),
}

impl<S> Uniqueness<S> {
    /// The same verdict with every solution rewritten by `write` (a puzzle's grid
    /// from the engine's values), so that puzzles share one answer type.
    ///
    /// ```
    /// use sieve::prelude::*;
    /// let mut model = Model::new();
    /// let digit = model.new_var_in(1..=1)?;
    /// let verdict = Search::new(&model, Config::default())?.uniqueness();
    /// assert_eq!(verdict.map(|solution| solution.value(digit)), Uniqueness::Unique(1));
    /// # Ok::<(), sieve::Error>(())
    /// ```
    pub fn map<T>(self, mut write: impl FnMut(S) -> T) -> Uniqueness<T> {
        match self {
            Uniqueness::None => Uniqueness::None,
            Uniqueness::Unique(solution) => Uniqueness::Unique(write(solution)),
            Uniqueness::Multiple(first, second) => {
                Uniqueness::Multiple(write(first), write(second))
            }
            Uniqueness::Unknown(reason, found) => Uniqueness::Unknown(reason, found.map(write)),
        }
    }
}

#[derive(Copy, Clone, Debug)]
struct Frame {
    var: VarId,
    value: Value,
    mark: usize,
    /// Every projected variable was fixed when this decision was made: once a
    /// solution is found below it, its other side holds only the same projection.
    projected: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Phase {
    Fresh,
    Expand,
    Backtrack,
    Done,
}

/// Who decides: the config's orders (checked by the engine's own tests, so their
/// choices are not checked again at every node) or a user's brancher (whose
/// every choice is). One per search, so the size of the built-in variant (its
/// seeded generator) costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
enum Decider {
    Configured(Configured),
    User(Box<dyn Brancher>),
}

impl Decider {
    #[inline]
    fn select_var(&mut self, state: &BranchState<'_>) -> Option<VarId> {
        match self {
            Decider::Configured(configured) => configured.select_var(state),
            Decider::User(user) => user.select_var(state),
        }
    }

    #[inline]
    fn select_value(&mut self, state: &BranchState<'_>, var: VarId) -> Value {
        match self {
            Decider::Configured(configured) => configured.select_value(state, var),
            Decider::User(user) => user.select_value(state, var),
        }
    }

    #[inline]
    fn on_conflict(&mut self, rule: Option<RuleId>) {
        match self {
            Decider::Configured(configured) => configured.on_conflict(rule),
            Decider::User(user) => user.on_conflict(rule),
        }
    }

    fn as_brancher(&mut self) -> &mut dyn Brancher {
        match self {
            Decider::Configured(configured) => configured,
            Decider::User(user) => user.as_mut(),
        }
    }

    fn is_trusted(&self) -> bool {
        matches!(self, Decider::Configured(_))
    }
}

/// A depth-first search over a model, resumable: each call to
/// [`Search::next_solution`] (or the iterator) continues where the last one stopped.
///
/// ```
/// use sieve::prelude::*;
/// let mut model = Model::new();
/// let cells = model.new_vars(3, 3);
/// model.add_rule(AllDifferent::new("all", cells)).unwrap();
/// let search = Search::new(&model, Config::default()).unwrap();
/// assert_eq!(search.count(None).solutions, 6);
/// ```
pub struct Search<'m, 'o> {
    model: &'m Model,
    config: Config,
    engine: Engine<'m>,
    domains: Domains,
    start: Domains,
    frames: Vec<Frame>,
    saved: Vec<Vec<u64>>,
    /// Chooses each decision: the config's orders, or a user's own.
    brancher: Decider,
    /// The last solution's values, reused so that enumeration does not allocate.
    values: Vec<Value>,
    observer: Option<&'o mut dyn Observer>,
    phase: Phase,
    stopped: Option<StopReason>,
    counters: Counters,
    started: Instant,
    /// Branch and bound's objective, if any.
    objective: Option<Objective>,
    /// The objective's best value so far: kept here, not in the state, so that
    /// backtracking never loses it.
    best: Option<Value>,
    /// The variables solutions must differ on, if only some.
    projection: Option<Projection>,
    /// A solution was just found under a projection: the next backtrack leaves
    /// every decision made after the projection was fixed.
    leave_projected: bool,
    /// Raised by another thread (a signal handler) to stop the search at its next node.
    cancel: Option<Arc<AtomicBool>>,
    /// Some limit is set (a cancel flag, a node or a time limit): without one, a
    /// node checks this flag only, not each limit.
    limited: bool,
}

/// What the root of a search holds once propagated: how [`crate::split`] grows
/// its frontier with the search's own decisions.
pub(crate) enum Root {
    /// The rules fail: no solution below.
    Conflict,
    /// Nothing to decide: every variable is assigned (a solution if every rule holds).
    Leaf,
    /// The decision the search would make first: `var = value`, then `var != value`.
    Branch(VarId, Value),
}

impl<'m, 'o> Search<'m, 'o> {
    /// A search from the model's full domains.
    pub fn new(model: &'m Model, config: Config) -> Result<Self, Error> {
        Self::from_state(model, model.domains(), config)
    }

    /// A search from a start state (for example with a puzzle's givens assigned).
    pub fn from_state(model: &'m Model, mut start: Domains, config: Config) -> Result<Self, Error> {
        model.adopt_state(&mut start)?;
        let config = Config {
            restore: config.restore.resolve(start.store().len()),
            ..config
        };
        let started = Instant::now();
        let mut engine = Engine::new(model, config.schedule);
        engine.core.deadline = config.time_limit.map(|limit| started + limit);
        Ok(Search {
            model,
            engine,
            domains: start.clone(),
            start,
            frames: Vec::new(),
            saved: Vec::new(),
            brancher: Decider::Configured(Configured::new(model, &config)),
            values: vec![0; model.num_vars()],
            config,
            observer: None,
            phase: Phase::Fresh,
            stopped: None,
            counters: Counters::default(),
            started,
            objective: None,
            best: None,
            projection: None,
            leave_projected: false,
            cancel: None,
            limited: config.node_limit.is_some() || config.time_limit.is_some(),
        })
    }

    /// Decide with `brancher` instead of the config's variable and value orders
    /// (see [`crate::branch`]).
    pub fn with_brancher(mut self, brancher: Box<dyn Brancher>) -> Self {
        self.brancher = Decider::User(brancher);
        self
    }

    /// Stop at the next node once `flag` is raised (by another thread, or a signal
    /// handler): the search ends with [`StopReason::Cancelled`]. One relaxed load a
    /// node, so long runs can be interrupted without an observer's cost.
    ///
    /// ```
    /// use std::sync::{Arc, atomic::AtomicBool};
    /// use sieve::prelude::*;
    /// let mut model = Model::new();
    /// let cells = model.new_vars(6, 6);
    /// model.add_rule(AllDifferent::new("all", cells))?;
    /// let raised = Arc::new(AtomicBool::new(true));
    /// let count = Search::new(&model, Config::default())?.cancel_on(raised).count(None);
    /// assert_eq!(count.stopped, Some(StopReason::Cancelled));
    /// # Ok::<(), sieve::Error>(())
    /// ```
    pub fn cancel_on(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self.limited = true;
        self
    }

    /// Change the time limit, counted from the search's start (its creation or last
    /// [`Search::restart`]): how a caller with a deadline of its own, such as a
    /// benchmark's `--timeout`, bounds each search by the time it has left.
    pub fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.config.time_limit = limit;
        self.engine.core.deadline = limit.map(|limit| self.started + limit);
        self.limited = self.cancel.is_some() || self.config.node_limit.is_some() || limit.is_some();
    }

    /// Propagates the start state and says what the search would do next, without
    /// deciding: the step [`crate::split::Subtrees`] repeats to grow its frontier.
    /// The state reached is [`Search::domains`].
    pub(crate) fn probe_root(&mut self) -> Result<Root, StopReason> {
        self.counters.nodes += 1;
        let end = self
            .engine
            .propagate_all(&mut self.domains, &mut self.observer, 0);
        match end {
            Ending::Conflict { .. } => return Ok(Root::Conflict),
            Ending::Stopped => return Err(self.why_stopped()),
            Ending::Reached => {}
        }
        let state = BranchState::new(self.model, &self.domains);
        let Some(var) = self.brancher.select_var(&state) else {
            return Ok(Root::Leaf);
        };
        let value = self.brancher.select_value(&state, var);
        if self.domains.count(var) < 2 || !self.domains.contains(var, value) {
            return Err(StopReason::InvalidBranch);
        }
        Ok(Root::Branch(var, value))
    }

    /// Send every event of this search to `observer`.
    pub fn observe(mut self, observer: &'o mut dyn Observer) -> Self {
        self.observer = Some(observer);
        self
    }

    /// Start again from a new state, keeping every buffer (no allocation for a batch of
    /// puzzles over one model).
    pub fn restart(&mut self, start: &Domains) -> Result<(), Error> {
        self.model.check_state(start)?;
        self.start.copy_from(start);
        self.domains.copy_from(start);
        self.frames.clear();
        self.engine.core.trail.clear();
        self.engine.core.propagations = 0;
        self.engine.core.changes = 0;
        self.brancher.as_brancher().reset();
        self.phase = Phase::Fresh;
        self.stopped = None;
        self.counters = Counters::default();
        self.best = None;
        self.leave_projected = false;
        self.started = Instant::now();
        self.engine.core.deadline = self.config.time_limit.map(|limit| self.started + limit);
        (self.engine.core.stop, self.engine.core.timed_out) = (false, false);
        Ok(())
    }

    /// The model searched.
    pub fn model(&self) -> &'m Model {
        self.model
    }

    /// The counters so far.
    pub fn counters(&self) -> Counters {
        Counters {
            propagations: self.engine.core.propagations,
            changes: self.engine.core.changes,
            ..self.counters.clone()
        }
    }

    /// Why the search ended early, if it did.
    pub fn stop_reason(&self) -> Option<StopReason> {
        self.stopped
    }

    /// The current state (after the last node's propagation).
    pub fn domains(&self) -> &Domains {
        &self.domains
    }

    /// The start state.
    pub fn start(&self) -> &Domains {
        &self.start
    }

    /// The next solution, or `None` when the tree is exhausted or a limit stopped it
    /// (see [`Search::stop_reason`]).
    pub fn next_solution(&mut self) -> Option<Solution> {
        self.next_values().map(|values| Solution {
            values: values.to_vec(),
        })
    }

    /// The next solution's values, borrowed: enumeration without allocation.
    pub fn next_values(&mut self) -> Option<&[Value]> {
        if self.advance() {
            Some(&self.values)
        } else {
            None
        }
    }

    /// Run to the next solution; `false` when the tree is exhausted or stopped.
    fn advance(&mut self) -> bool {
        loop {
            match self.phase {
                Phase::Done => return false,
                Phase::Fresh => {
                    self.counters.nodes += 1;
                    let end = self
                        .engine
                        .propagate_all(&mut self.domains, &mut self.observer, 0);
                    self.engine
                        .core
                        .trail
                        .set_on(self.config.restore == Restore::Trail);
                    self.after_propagation(end);
                }
                Phase::Expand => {
                    if self.expand() {
                        return true;
                    }
                }
                Phase::Backtrack => self.backtrack(),
            }
        }
    }

    fn after_propagation(&mut self, end: Ending) {
        self.phase = match end {
            Ending::Reached => Phase::Expand,
            Ending::Conflict { rule } => {
                self.counters.failures += 1;
                self.brancher.on_conflict(rule);
                Phase::Backtrack
            }
            Ending::Stopped => self.stop(self.why_stopped()),
        };
        if self.engine.stopped() && self.phase != Phase::Done {
            self.phase = self.stop(self.why_stopped());
        }
    }

    /// Why the engine stopped a propagation: its deadline, or the observer.
    fn why_stopped(&self) -> StopReason {
        if self.engine.core.timed_out {
            StopReason::TimeLimit
        } else {
            StopReason::Observer
        }
    }

    fn stop(&mut self, reason: StopReason) -> Phase {
        self.stopped = Some(reason);
        Phase::Done
    }

    /// Whether a limit stops the search here (and if so, stops it).
    #[inline]
    fn limit_hit(&mut self) -> bool {
        self.limited && self.check_limits()
    }

    #[inline(never)]
    fn check_limits(&mut self) -> bool {
        if let Some(flag) = &self.cancel
            && flag.load(Ordering::Relaxed)
        {
            self.phase = self.stop(StopReason::Cancelled);
            return true;
        }
        if let Some(limit) = self.config.node_limit
            && self.counters.nodes >= limit
        {
            self.phase = self.stop(StopReason::NodeLimit);
            return true;
        }
        if let Some(limit) = self.config.time_limit
            && self.counters.nodes.is_multiple_of(64)
            && self.started.elapsed() >= limit
        {
            self.phase = self.stop(StopReason::TimeLimit);
            return true;
        }
        false
    }

    /// At a consistent fixpoint: report a solution (`true`), or branch.
    fn expand(&mut self) -> bool {
        let state = BranchState::new(self.model, &self.domains);
        let Some(mut var) = self.brancher.select_var(&state) else {
            if self.brancher.is_trusted() || self.domains.all_assigned() {
                return self.full_assignment();
            }
            self.phase = self.stop(StopReason::InvalidBranch);
            return false;
        };
        if self.limit_hit() {
            return false;
        }
        let projected = match &self.projection {
            Some(projection) => match projection.fewest_values(&self.domains) {
                Some(open) if !projection.contains(var) => {
                    var = open;
                    false
                }
                Some(_) => false,
                None => true,
            },
            None => false,
        };
        let state = BranchState::new(self.model, &self.domains);
        let value = self.brancher.select_value(&state, var);
        if !self.brancher.is_trusted()
            && (self.domains.count(var) < 2 || !self.domains.contains(var, value))
        {
            self.phase = self.stop(StopReason::InvalidBranch);
            return false;
        }
        let mark = self.save();
        self.frames.push(Frame {
            var,
            value,
            mark,
            projected,
        });
        let depth = self.frames.len();
        self.counters.max_depth = self.counters.max_depth.max(depth);
        self.branch(var, value, true, depth);
        false
    }

    /// Every variable has one value: check every rule before calling it a solution, so
    /// that a rule set with weak actions still never yields a wrong answer. Rules
    /// declared entailed on this branch hold already.
    fn full_assignment(&mut self) -> bool {
        self.phase = Phase::Backtrack;
        if !self.domains.values_into(&mut self.values) {
            return false;
        }
        if !self.config.skip_solution_check
            && let Some(rule) = self.violated()
        {
            self.counters.failures += 1;
            self.brancher.on_conflict(Some(rule));
            return false;
        }
        self.counters.solutions += 1;
        self.record_best();
        // Under an objective, another completion of the same projection may
        // still be better: only enumeration leaves them.
        self.leave_projected = self.projection.is_some() && self.objective.is_none();
        if let Some(observer) = self.observer.as_deref_mut() {
            let event = Event::Solution {
                values: &self.values,
                depth: self.frames.len(),
            };
            if observer.on_event(&event) == Flow::Stop {
                self.phase = self.stop(StopReason::Observer);
            }
        }
        true
    }

    /// The first rule not entailed on this branch that the solution's values break.
    fn violated(&self) -> Option<RuleId> {
        let breaks = |rule: &RuleId| !self.model.rule(*rule).holds(&self.values);
        let rules = self.model.num_rules();
        let entailed = self.domains.entailment_words();
        (0..entailed.len())
            .flat_map(|word| {
                let open = !entailed[word] & low_mask((rules - word * 64).min(64) as u32);
                bits(open).map(move |bit| RuleId::from_index(word * 64 + bit as usize))
            })
            .find(breaks)
    }

    fn branch(&mut self, var: VarId, value: Value, equal: bool, depth: usize) {
        self.counters.nodes += 1;
        if let Some(observer) = self.observer.as_deref_mut() {
            let event = Event::Branch {
                var,
                value,
                equal,
                depth,
            };
            if observer.on_event(&event) == Flow::Stop {
                self.phase = self.stop(StopReason::Observer);
                return;
            }
        }
        let cut = self.cut();
        let end = self.engine.decide(
            &mut self.domains,
            &mut self.observer,
            (var, value, equal),
            cut,
            depth,
        );
        self.after_propagation(end);
    }

    /// Leave the current subtree: take the other side of the innermost decision.
    fn backtrack(&mut self) {
        let leave_projected = std::mem::take(&mut self.leave_projected);
        let mut popped = self.frames.pop();
        while let Some(frame) = popped
            && leave_projected
            && frame.projected
        {
            popped = self.frames.pop();
        }
        let Some(frame) = popped else {
            self.phase = Phase::Done;
            return;
        };
        self.restore(frame.mark);
        self.counters.backtracks += 1;
        let depth = self.frames.len();
        if let Some(observer) = self.observer.as_deref_mut()
            && observer.on_event(&Event::Backtrack { depth }) == Flow::Stop
        {
            self.phase = self.stop(StopReason::Observer);
            return;
        }
        if self.limit_hit() {
            return;
        }
        self.branch(frame.var, frame.value, false, depth);
    }

    fn save(&mut self) -> usize {
        match self.config.restore {
            Restore::Trail => self.engine.core.trail.mark(),
            // `Auto` was resolved when the search was made.
            Restore::Copy | Restore::Auto => {
                let depth = self.frames.len();
                if self.saved.len() <= depth {
                    self.saved.push(self.domains.store().to_vec());
                } else {
                    self.saved[depth].copy_from_slice(self.domains.store());
                }
                depth
            }
        }
    }

    fn restore(&mut self, mark: usize) {
        match self.config.restore {
            Restore::Trail => self.engine.core.trail.undo_to(&mut self.domains, mark),
            Restore::Copy | Restore::Auto => {
                self.domains.store_mut().copy_from_slice(&self.saved[mark])
            }
        }
    }

    /// The first solution.
    pub fn first(mut self) -> Result<Option<Solution>, StopReason> {
        match self.next_solution() {
            Some(solution) => Ok(Some(solution)),
            None => match self.stopped {
                Some(reason) => Err(reason),
                None => Ok(None),
            },
        }
    }

    /// Count solutions, up to `limit` when one is given.
    pub fn count(mut self, limit: Option<u64>) -> Count {
        self.count_in_place(limit)
    }

    /// Count solutions without consuming the search, so its counters stay readable.
    pub fn count_in_place(&mut self, limit: Option<u64>) -> Count {
        let mut solutions = 0;
        while limit.is_none_or(|limit| solutions < limit) {
            if !self.advance() {
                return Count {
                    solutions,
                    limit_reached: false,
                    stopped: self.stopped,
                };
            }
            solutions += 1;
        }
        Count {
            solutions,
            limit_reached: true,
            stopped: None,
        }
    }

    /// Whether there is exactly one solution (the search stops at the second).
    pub fn uniqueness(&mut self) -> Uniqueness {
        let first = self.next_solution();
        let second = first.as_ref().and_then(|_| self.next_solution());
        match (first, second) {
            (Some(a), Some(b)) => Uniqueness::Multiple(a, b),
            (first, _) => match (first, self.stopped) {
                (first, Some(reason)) => Uniqueness::Unknown(reason, first),
                (Some(a), None) => Uniqueness::Unique(a),
                (None, None) => Uniqueness::None,
            },
        }
    }
}

impl Iterator for Search<'_, '_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.next_solution()
    }
}
