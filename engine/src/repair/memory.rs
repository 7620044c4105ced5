//! State memory: fingerprints of visited states and the ordered log of steps.
//!
//! The repair engine consults the memory before every move, as Constraint.Queen
//! consulted its text of visited boards: an action whose result is already in the
//! memory is refused, and the rule's reaction runs instead.
//!
//! ```
//! use sieve::VarId;
//! use sieve::repair::memory::{fingerprint_values, zobrist};
//! let before = fingerprint_values(&[1, 2]);
//! // Moving variable 1 from 2 to 0 changes the fingerprint by two keys.
//! let after = before ^ zobrist(VarId::from_index(1), 2) ^ zobrist(VarId::from_index(1), 0);
//! assert_eq!(after, fingerprint_values(&[1, 0]));
//! ```

use hashbrown::HashSet;

pub use crate::hash::mix;
use crate::ids::{RuleId, Value, VarId};
use crate::repair::moves::{Move, Reaction};

/// The key of "variable `var` holds `value`"; a full assignment's fingerprint is the
/// XOR of its keys, so one move updates it in constant time.
#[inline]
pub fn zobrist(var: VarId, value: Value) -> u64 {
    mix((var.index() as u64) << 32 | u64::from(value as u32))
}

/// The fingerprint of a full assignment.
pub fn fingerprint_values(values: &[Value]) -> u64 {
    values
        .iter()
        .enumerate()
        .fold(0, |fp, (i, &v)| fp ^ zobrist(VarId::from_index(i), v))
}

/// The fingerprint after `mv` is applied to `values` (whose fingerprint is `fp`).
pub fn fingerprint_after(fp: u64, values: &[Value], mv: &Move) -> u64 {
    let mut fp = fp;
    let mut seen: smallvec::SmallVec<[(VarId, Value); 4]> = smallvec::SmallVec::new();
    for &(var, value) in &mv.changes {
        let old = seen
            .iter()
            .rev()
            .find(|(v, _)| *v == var)
            .map_or(values[var.index()], |(_, value)| *value);
        fp ^= zobrist(var, old) ^ zobrist(var, value);
        seen.push((var, value));
    }
    fp
}

/// What kind of step a log entry records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// The start state.
    Init,
    /// An action whose result was new: it was applied.
    Action,
    /// An action whose result was already in the memory: refused, and the reaction ran.
    Refused(Reaction),
}

/// One entry of the ordered log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Init, action or refused action.
    pub kind: StepKind,
    /// The rule whose condition failed (none for the start).
    pub rule: Option<RuleId>,
    /// The action's move (empty for the start).
    pub action: Move,
    /// The fingerprint of the state the action leads to (the start's for `Init`).
    pub fingerprint: u64,
}

/// Fingerprints of visited states in a hash set, plus the ordered log of steps.
#[derive(Clone, Debug, Default)]
pub struct StateMemory {
    seen: HashSet<u64>,
    log: Vec<Step>,
    keep_log: bool,
}

impl StateMemory {
    /// An empty memory; `keep_log` keeps every step (off for very long walks).
    pub fn new(keep_log: bool) -> Self {
        StateMemory {
            seen: HashSet::new(),
            log: Vec::new(),
            keep_log,
        }
    }

    /// Whether a state with this fingerprint was recorded.
    pub fn contains(&self, fingerprint: u64) -> bool {
        self.seen.contains(&fingerprint)
    }

    /// Record a step; returns whether its state is new.
    pub fn record(&mut self, step: Step) -> bool {
        let new = self.seen.insert(step.fingerprint);
        if self.keep_log {
            self.log.push(step);
        }
        new
    }

    /// How many distinct states were recorded.
    pub fn states(&self) -> usize {
        self.seen.len()
    }

    /// The ordered log (empty when the memory keeps none).
    pub fn log(&self) -> &[Step] {
        &self.log
    }
}
