//! Observers: one trait that receives every event of a run.
//!
//! Statistics, text traces, JSON traces and replays are all observers. A run with no
//! observer pays one never-taken branch per event and builds no explanation text.
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::{Event, Flow};
//!
//! /// Counts the values removed by rules (not by search decisions).
//! #[derive(Default)]
//! struct Removals(usize);
//!
//! impl Observer for Removals {
//!     fn on_event(&mut self, event: &Event<'_>) -> Flow {
//!         if let Event::Change(change) = event
//!             && change.rule.is_some()
//!         {
//!             self.0 += change.removed().count();
//!         }
//!         Flow::Continue
//!     }
//! }
//!
//! let mut model = Model::new();
//! let cells = model.new_vars(3, 3);
//! model.add_rule(AllDifferent::new("row", cells.clone()))?;
//! let mut state = model.domains();
//! state.assign(cells[0], 0).unwrap();
//! let mut removals = Removals::default();
//! propagate(&model, &mut state, Schedule::Queue, Some(&mut removals))?;
//! assert_eq!(removals.0, 2); // value 0 left both other cells
//! # Ok::<(), sieve::Error>(())
//! ```

use std::time::{Duration, Instant};

use crate::domain::{Value, VarId};
use crate::fast::bits;
use crate::ids::RuleId;
use crate::propagation::{Conflict, Fact};

/// Whether a run should go on after an event.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep going.
    Continue,
    /// Stop the run as soon as possible; it ends with [`crate::StopReason::Observer`].
    Stop,
}

/// One change of one domain, with its provenance.
#[derive(Debug)]
pub struct Change<'a> {
    /// The rule that made it, or `None` for a search decision.
    pub rule: Option<RuleId>,
    /// The variable changed.
    pub var: VarId,
    /// The variable's first value: bit `p` of the words below is value
    /// `first + p` (use [`Change::removed`] and [`Change::assigned`] for values).
    pub first: Value,
    /// The variable is an interval ([`crate::Domains::is_bounds`]): `before` and
    /// `after` are then one word each holding its bounds, not bits; read them
    /// through [`Change::removed`] and [`Change::assigned`].
    pub interval: bool,
    /// The domain's words before the change.
    pub before: &'a [u64],
    /// The domain's words after the change.
    pub after: &'a [u64],
    /// The inference label, such as `"hidden single"`.
    pub inference: &'static str,
    /// The variables whose state caused the change, as the rule gave them.
    pub cause: &'a [VarId],
    /// The facts the change rests on, when the observer asked for explanations
    /// (empty otherwise): the rule's own [`Why::facts`](crate::Why::facts), then each
    /// variable of [`Why::cause`](crate::Why::cause) as the facts of its domain when
    /// the change was made (`x = v` when it held one value, else `x ≠ v` for each
    /// value gone from its universe).
    pub facts: &'a [Fact],
    /// The sentence for people (present when the observer asked for explanations).
    pub text: Option<String>,
    /// The search depth.
    pub depth: usize,
}

impl Change<'_> {
    /// The values this change removed, ascending (an interval's: every value
    /// its bounds moved past, so a wide jump lists many).
    pub fn removed(&self) -> impl Iterator<Item = Value> + '_ {
        let bitset_words = if self.interval { 0 } else { self.before.len() };
        let (below, above) = self.interval_removed();
        let from_bits = self.before[..bitset_words]
            .iter()
            .zip(self.after)
            .enumerate()
            .flat_map(move |(i, (b, a))| bits(b & !a).map(move |bit| self.value_at(i, bit)));
        from_bits.chain(below.chain(above).map(|value| value as Value))
    }

    /// The values an interval's change removed below its new smallest value and
    /// above its new largest (empty ranges for a bitset).
    fn interval_removed(&self) -> (std::ops::Range<i64>, std::ops::Range<i64>) {
        let (Some(&before), Some(&after), true) =
            (self.before.first(), self.after.first(), self.interval)
        else {
            return (0..0, 0..0);
        };
        let first = i64::from(self.first);
        let (old_low, old_high) = crate::interval::decode(first, before);
        let (new_low, new_high) = crate::interval::decode(first, after);
        if new_low > new_high {
            return (old_low..old_high + 1, 0..0);
        }
        (old_low..new_low, new_high + 1..old_high + 1)
    }

    /// The value left when the change assigned the variable.
    pub fn assigned(&self) -> Option<Value> {
        if self.interval {
            let (low, high) = crate::interval::decode(i64::from(self.first), *self.after.first()?);
            return (low == high).then_some(low as Value);
        }
        let mut left = self
            .after
            .iter()
            .enumerate()
            .flat_map(|(i, w)| bits(*w).map(move |bit| self.value_at(i, bit)));
        match (left.next(), left.next()) {
            (Some(value), None) => Some(value),
            _ => None,
        }
    }

    /// The value of bit `bit` of word `index`.
    fn value_at(&self, index: usize, bit: u32) -> Value {
        (i64::from(self.first) + index as i64 * 64 + i64::from(bit)) as Value
    }
}

/// Something that happened during a run.
#[derive(Debug)]
pub enum Event<'a> {
    /// A rule was put on the schedule because a variable it watches changed.
    RuleWoken {
        /// The rule.
        rule: RuleId,
        /// The search depth.
        depth: usize,
    },
    /// A rule's action is about to run.
    RuleRun {
        /// The rule.
        rule: RuleId,
        /// The search depth.
        depth: usize,
    },
    /// A rule's action returned, after its changes and any conflict: the end of
    /// what [`Event::RuleRun`] began, so that a profiler can time the action.
    RuleDone {
        /// The rule.
        rule: RuleId,
        /// The search depth.
        depth: usize,
    },
    /// A rule's condition said it already holds, so its action was skipped.
    RuleAsleep {
        /// The rule.
        rule: RuleId,
    },
    /// A domain changed.
    Change(&'a Change<'a>),
    /// A rule found a contradiction.
    Conflict {
        /// What failed.
        conflict: &'a Conflict,
        /// The search depth.
        depth: usize,
    },
    /// Search tries a decision: `var = value` (or `var != value` on the way back).
    Branch {
        /// The variable decided on.
        var: VarId,
        /// The value.
        value: Value,
        /// `true` for `var = value`, `false` for `var != value` (on an interval
        /// variable, below its largest candidate: `var ≤ value` and `var > value`;
        /// see [`crate::branch::Brancher`]).
        equal: bool,
        /// The depth of the new node.
        depth: usize,
    },
    /// Search returns to an earlier node.
    Backtrack {
        /// The depth it returns to.
        depth: usize,
    },
    /// Every variable has one value and every rule holds.
    Solution {
        /// The values, indexed by variable.
        values: &'a [Value],
        /// The search depth.
        depth: usize,
    },
}

/// Receives every event of a run. Both methods have defaults, so an observer
/// implements only what it needs.
pub trait Observer {
    /// Whether rules should build their sentences for people (costly; off by default).
    fn wants_explanations(&self) -> bool {
        false
    }

    /// Called for every event; return [`Flow::Stop`] to end the run early.
    fn on_event(&mut self, _event: &Event<'_>) -> Flow {
        Flow::Continue
    }
}

/// Counters for one rule.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RuleStats {
    /// How often the rule was woken.
    pub woken: u64,
    /// How often its action ran.
    pub calls: u64,
    /// How often its condition let it sleep.
    pub asleep: u64,
    /// How many domain changes it made.
    pub changes: u64,
    /// How many values it removed.
    pub removed: u64,
    /// How many conflicts it found.
    pub conflicts: u64,
    /// Seconds spent in its action, when the statistics were asked to time rules
    /// ([`Stats::timed`]); 0 otherwise.
    pub seconds: f64,
}

/// Statistics as an observer: per-rule counters, and the shape of the search tree.
#[derive(Clone, Debug)]
pub struct Stats {
    /// Counters per rule, indexed by [`RuleId::index`].
    pub rules: Vec<RuleStats>,
    /// Decisions tried (branches).
    pub branches: u64,
    /// Conflicts met.
    pub failures: u64,
    /// Returns to an earlier node.
    pub backtracks: u64,
    /// Solutions found.
    pub solutions: u64,
    /// The deepest node reached.
    pub max_depth: usize,
    started: Instant,
    /// Whether rule actions are timed, and when the one running started.
    timing: bool,
    running: Option<Instant>,
}

impl Default for Stats {
    fn default() -> Self {
        Self::new()
    }
}

impl Stats {
    /// Fresh counters; the clock starts now.
    pub fn new() -> Self {
        Stats {
            rules: Vec::new(),
            branches: 0,
            failures: 0,
            backtracks: 0,
            solutions: 0,
            max_depth: 0,
            started: Instant::now(),
            timing: false,
            running: None,
        }
    }

    /// The same statistics, also timing each rule's action (two clock readings a
    /// rule run, a few percent of a cheap rule's time: so only on request).
    pub fn timed(mut self) -> Self {
        self.timing = true;
        self
    }

    /// Time since the statistics were created.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    fn rule(&mut self, rule: RuleId) -> &mut RuleStats {
        if self.rules.len() <= rule.index() {
            self.rules.resize(rule.index() + 1, RuleStats::default());
        }
        &mut self.rules[rule.index()]
    }

    /// Total action runs over all rules (propagations).
    pub fn propagations(&self) -> u64 {
        self.rules.iter().map(|r| r.calls).sum()
    }

    /// Total domain changes over all rules.
    pub fn changes(&self) -> u64 {
        self.rules.iter().map(|r| r.changes).sum()
    }
}

impl Observer for Stats {
    fn on_event(&mut self, event: &Event<'_>) -> Flow {
        match event {
            Event::RuleWoken { rule, .. } => self.rule(*rule).woken += 1,
            Event::RuleRun { rule, depth } => {
                self.rule(*rule).calls += 1;
                self.max_depth = self.max_depth.max(*depth);
                if self.timing {
                    self.running = Some(Instant::now());
                }
            }
            Event::RuleDone { rule, .. } => {
                if let Some(started) = self.running.take() {
                    self.rule(*rule).seconds += started.elapsed().as_secs_f64();
                }
            }
            Event::RuleAsleep { rule } => self.rule(*rule).asleep += 1,
            Event::Change(change) => {
                if let Some(rule) = change.rule {
                    let removed = change.removed().count() as u64;
                    let stats = self.rule(rule);
                    stats.changes += 1;
                    stats.removed += removed;
                }
            }
            Event::Conflict { conflict, .. } => {
                self.failures += 1;
                if let Some(rule) = conflict.rule {
                    self.rule(rule).conflicts += 1;
                }
            }
            Event::Branch { depth, .. } => {
                self.branches += 1;
                self.max_depth = self.max_depth.max(*depth);
            }
            Event::Backtrack { .. } => self.backtracks += 1,
            Event::Solution { .. } => self.solutions += 1,
        }
        Flow::Continue
    }
}

/// Sends every event to two observers in turn (for example statistics and a trace).
pub struct Both<'a, 'b>(pub &'a mut dyn Observer, pub &'b mut dyn Observer);

impl Observer for Both<'_, '_> {
    fn wants_explanations(&self) -> bool {
        self.0.wants_explanations() || self.1.wants_explanations()
    }

    fn on_event(&mut self, event: &Event<'_>) -> Flow {
        let first = self.0.on_event(event);
        let second = self.1.on_event(event);
        if first == Flow::Stop || second == Flow::Stop {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}
