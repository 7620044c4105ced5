//! Repair: local search over a full assignment, the Constraint.Queen way.
//!
//! Take the first rule whose condition fails; apply its action, or its reaction when
//! the action's result is already in the [`StateMemory`]; stop when every condition
//! holds or a limit is hit. [`RepairProblem`] is the interface the loop needs;
//! [`ModelRepair`] implements it for any [`Model`] by scanning its rules in order, and
//! a rule set that needs speed at scale (a million queens) implements it with its own
//! incremental bookkeeping.
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::{ModelRepair, Repair, RepairConfig, RepairEnd};
//!
//! /// `x` must be 2; its repair move sets it.
//! struct IsTwo(VarId);
//!
//! impl Rule for IsTwo {
//!     fn name(&self) -> &str { "x is 2" }
//!     fn watches(&self) -> Vec<Watch> { vec![Watch::new(self.0, Events::ANY)] }
//!     fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
//!         ctx.assign(self.0, 2, &Why::new("x is 2")).map(|_| ())
//!     }
//!     fn holds(&self, values: &[Value]) -> bool { values[self.0.index()] == 2 }
//!     fn repair(&self, _values: &[Value]) -> Option<Move> { Some(Move::set(self.0, 2)) }
//! }
//!
//! let mut model = Model::new();
//! let x = model.new_var(3);
//! model.add_rule(IsTwo(x))?;
//! let problem = ModelRepair::new(&model, vec![0])?;
//! let report = Repair::new(problem, RepairConfig::default()).run()?;
//! assert_eq!(report.end, RepairEnd::Solved);
//! assert_eq!(report.steps, 1);
//! # Ok::<(), sieve::Error>(())
//! ```

use std::time::{Duration, Instant};

use hashbrown::HashMap;

use crate::error::Error;
use crate::hash::mix;
use crate::ids::{RuleId, Value};
use crate::model::Model;
use memory::{StateMemory, Step, StepKind, fingerprint_after, fingerprint_values, zobrist};
use moves::{Move, Reaction};

pub mod memory;
pub mod moves;

/// What the repair loop needs from a rule set over a full assignment.
pub trait RepairProblem {
    /// The current full assignment.
    fn values(&self) -> &[Value];
    /// Condition: the first rule that the assignment violates, if any.
    fn first_violated(&mut self) -> Option<RuleId>;
    /// Action: the corrective move of a violated rule (`None`: it has none). Named
    /// for what it returns, so that "action" keeps meaning a rule's propagation.
    fn corrective_move(&mut self, rule: RuleId) -> Option<Move>;
    /// Reaction: what to do when the action's result was already visited.
    fn reaction(&mut self, rule: RuleId) -> Reaction;
    /// Make a move (update the assignment and any bookkeeping).
    fn apply(&mut self, mv: &Move);
    /// A rule's name, for errors and traces.
    fn rule_name(&self, rule: RuleId) -> String;
    /// Whether the problem makes the same choices from the same state and memory.
    /// Deterministic walks are checked for cycles; random ones rely on the limits.
    fn is_deterministic(&self) -> bool {
        true
    }
}

/// Any model as a repair problem: rules are scanned in order with [`crate::Rule::holds`],
/// [`crate::Rule::repair`] and [`crate::Rule::reaction`].
pub struct ModelRepair<'m> {
    model: &'m Model,
    values: Vec<Value>,
}

impl<'m> ModelRepair<'m> {
    /// Start from a full assignment, one value per variable.
    pub fn new(model: &'m Model, values: Vec<Value>) -> Result<Self, Error> {
        if values.len() != model.num_vars() {
            return Err(Error::AssignmentLength {
                expected: model.num_vars(),
                got: values.len(),
            });
        }
        let start = model.domains();
        for var in model.vars() {
            let value = values[var.index()];
            if !start.range(var).contains(&value) {
                return Err(Error::ValueOutOfRange {
                    var: var.index(),
                    value,
                    range: start.range(var),
                });
            }
        }
        Ok(ModelRepair { model, values })
    }
}

impl RepairProblem for ModelRepair<'_> {
    fn values(&self) -> &[Value] {
        &self.values
    }

    fn first_violated(&mut self) -> Option<RuleId> {
        self.model.first_violated(&self.values)
    }

    fn corrective_move(&mut self, rule: RuleId) -> Option<Move> {
        self.model.rule(rule).repair(&self.values)
    }

    fn reaction(&mut self, rule: RuleId) -> Reaction {
        self.model.rule(rule).reaction(&self.values)
    }

    fn apply(&mut self, mv: &Move) {
        for &(var, value) in &mv.changes {
            self.values[var.index()] = value;
        }
    }

    fn rule_name(&self, rule: RuleId) -> String {
        self.model.rule(rule).name().to_string()
    }
}

/// Limits of a repair walk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepairConfig {
    /// Stop after this many steps.
    pub max_steps: Option<u64>,
    /// Stop after this much time.
    pub time_limit: Option<Duration>,
    /// Keep the ordered log of every step (off for very long walks).
    pub keep_log: bool,
}

impl Default for RepairConfig {
    fn default() -> Self {
        RepairConfig {
            max_steps: Some(1_000_000),
            time_limit: None,
            keep_log: true,
        }
    }
}

/// How a repair walk ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RepairEnd {
    /// Every rule holds.
    Solved,
    /// The step limit was hit.
    StepLimit,
    /// The time limit was hit.
    TimeLimit,
    /// A violated rule had no move, or a backtrack had nothing to undo.
    Stuck {
        /// The rule.
        rule: String,
    },
}

/// The result of a repair walk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepairReport {
    /// How it ended.
    pub end: RepairEnd,
    /// Steps taken (actions applied plus actions refused).
    pub steps: u64,
    /// Actions refused because their result was already visited.
    pub refused: u64,
}

/// The repair loop over a problem, with its state memory.
pub struct Repair<P: RepairProblem> {
    problem: P,
    memory: StateMemory,
    fingerprint: u64,
    undo: Vec<Move>,
    /// A running hash of the undo stack, one entry per depth (the walk's future depends
    /// on it as much as on the state).
    undo_hashes: Vec<u64>,
    config: RepairConfig,
    steps: u64,
    refused: u64,
    /// For deterministic problems: (state, undo stack) → (memory size, step) at its
    /// last visit.
    visits: HashMap<(u64, u64), (usize, u64)>,
    rules_applied: Vec<RuleId>,
}

impl<P: RepairProblem> Repair<P> {
    /// Prepare a walk from the problem's current assignment (recorded as `Init`).
    pub fn new(problem: P, config: RepairConfig) -> Self {
        let fingerprint = fingerprint_values(problem.values());
        let mut memory = StateMemory::new(config.keep_log);
        memory.record(Step {
            kind: StepKind::Init,
            rule: None,
            action: Move::default(),
            fingerprint,
        });
        Repair {
            problem,
            memory,
            fingerprint,
            undo: Vec::new(),
            undo_hashes: Vec::new(),
            config,
            steps: 0,
            refused: 0,
            visits: HashMap::new(),
            rules_applied: Vec::new(),
        }
    }

    /// The problem, with its current assignment.
    pub fn problem(&self) -> &P {
        &self.problem
    }

    /// The problem, taken back.
    pub fn into_problem(self) -> P {
        self.problem
    }

    /// The state memory.
    pub fn memory(&self) -> &StateMemory {
        &self.memory
    }

    /// Walk until every rule holds or a limit is hit.
    ///
    /// # Errors
    /// [`Error::RepairCycle`] when a deterministic walk would go round forever.
    pub fn run(&mut self) -> Result<RepairReport, Error> {
        let started = Instant::now();
        let deterministic = self.problem.is_deterministic();
        loop {
            let end = self
                .limit_hit(started)
                .or_else(|| match self.problem.first_violated() {
                    None => Some(RepairEnd::Solved),
                    Some(rule) => self.step(rule).err(),
                });
            if let Some(end) = end {
                return Ok(RepairReport {
                    end,
                    steps: self.steps,
                    refused: self.refused,
                });
            }
            if deterministic {
                self.check_cycle()?;
            }
        }
    }

    fn limit_hit(&self, started: Instant) -> Option<RepairEnd> {
        if self.config.max_steps.is_some_and(|max| self.steps >= max) {
            return Some(RepairEnd::StepLimit);
        }
        let time_up = self.steps.is_multiple_of(256)
            && self
                .config
                .time_limit
                .is_some_and(|limit| started.elapsed() >= limit);
        time_up.then_some(RepairEnd::TimeLimit)
    }

    /// One step for a violated rule; `Err` carries the end when the walk is stuck.
    fn step(&mut self, rule: RuleId) -> Result<(), RepairEnd> {
        let Some(action) = self.problem.corrective_move(rule) else {
            return Err(RepairEnd::Stuck {
                rule: self.problem.rule_name(rule),
            });
        };
        let after = fingerprint_after(self.fingerprint, self.problem.values(), &action);
        self.steps += 1;
        if self.problem.is_deterministic() {
            self.rules_applied.push(rule);
        }
        if !self.memory.contains(after) {
            self.memory.record(Step {
                kind: StepKind::Action,
                rule: Some(rule),
                action: action.clone(),
                fingerprint: after,
            });
            self.make(&action, true);
            return Ok(());
        }
        self.refused += 1;
        let reaction = self.problem.reaction(rule);
        self.memory.record(Step {
            kind: StepKind::Refused(reaction.clone()),
            rule: Some(rule),
            action,
            fingerprint: after,
        });
        match reaction {
            Reaction::Move(mv) => self.make(&mv, false),
            Reaction::Backtrack => {
                let back = self.undo.pop().ok_or_else(|| RepairEnd::Stuck {
                    rule: self.problem.rule_name(rule),
                })?;
                self.undo_hashes.pop();
                self.make(&back, false);
            }
        }
        Ok(())
    }

    /// Apply a move, keeping the fingerprint and, for accepted actions, the undo stack.
    ///
    /// Only actions are undoable: a [`Reaction::Backtrack`] returns the variables of the
    /// last accepted action to their earlier values. Since every accepted action adds a
    /// state to the memory, a walk whose memory stops growing has an undo stack that
    /// can only shrink, which makes the cycle check exact.
    fn make(&mut self, mv: &Move, remember: bool) {
        let values = self.problem.values();
        self.fingerprint = fingerprint_after(self.fingerprint, values, mv);
        if remember {
            let mut inverse = Move::default();
            for &(var, _) in mv.changes.iter().rev() {
                inverse.changes.push((var, values[var.index()]));
            }
            let below = self.undo_hashes.last().copied().unwrap_or(0);
            let hash = inverse
                .changes
                .iter()
                .fold(mix(below), |h, &(var, value)| mix(h ^ zobrist(var, value)));
            self.undo_hashes.push(hash);
            self.undo.push(inverse);
        }
        self.problem.apply(mv);
    }

    /// A deterministic walk that returns to a state with an unchanged memory repeats
    /// itself forever: report the rules of the cycle.
    fn check_cycle(&mut self) -> Result<(), Error> {
        let now = (self.memory.states(), self.steps);
        let undo = self.undo_hashes.last().copied().unwrap_or(0);
        match self.visits.insert((self.fingerprint, undo), now) {
            Some((states, step)) if states == now.0 => {
                let mut rules: Vec<String> = Vec::new();
                for &rule in &self.rules_applied[step as usize..] {
                    let name = self.problem.rule_name(rule);
                    if !rules.contains(&name) {
                        rules.push(name);
                    }
                }
                Err(Error::RepairCycle {
                    rules,
                    steps: self.steps - step,
                })
            }
            _ => Ok(()),
        }
    }
}
