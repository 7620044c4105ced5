//! Asking why: an observer that keeps every change with its provenance, and answers
//! "why is this value gone?" or "why does this variable hold its value?" with the chain
//! of rule applications that led there.
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::Provenance;
//!
//! let mut model = Model::new();
//! let x = model.new_vars(3, 3);
//! model.add_rule(AllDifferent::new("row", x.clone())).unwrap();
//! model.add_rule(AllDifferent::new("pair", vec![x[1], x[2]])).unwrap();
//! let mut state = model.domains();
//! state.assign(x[0], 0).unwrap();
//! state.remove(x[1], 2).unwrap();
//! let mut why = Provenance::new();
//! propagate(&model, &mut state, Schedule::Queue, Some(&mut why)).unwrap();
//! // x2 = 2 because x1 = 1, and x1 = 1 because x0 = 0 took value 0.
//! let chain = why.why_assigned(x[2]).unwrap();
//! assert_eq!(chain.len(), 2);
//! assert_eq!(chain[0].var, x[1]);
//! assert_eq!(chain[1].var, x[2]);
//! ```

use hashbrown::{HashMap, HashSet};

use crate::domain::{Value, VarId};
use crate::ids::RuleId;
use crate::observe::{Event, Flow, Observer};

/// One change, kept for explanations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The change's position among all changes.
    pub index: usize,
    /// The rule that made it (`None` for a search decision).
    pub rule: Option<RuleId>,
    /// The variable changed.
    pub var: VarId,
    /// The values removed.
    pub removed: Vec<Value>,
    /// The value left, when the change assigned the variable.
    pub assigned: Option<Value>,
    /// The inference label.
    pub inference: &'static str,
    /// The variables whose state caused the change.
    pub cause: Vec<VarId>,
    /// The sentence for people.
    pub text: String,
    /// The search depth.
    pub depth: usize,
}

/// Records every change of a run; answers why questions afterwards.
///
/// Meant for propagation, or one path of a search: after a backtrack, the records of
/// the abandoned branch are forgotten.
#[derive(Clone, Debug, Default)]
pub struct Provenance {
    records: Vec<Record>,
    removed_by: HashMap<(VarId, Value), usize>,
    assigned_by: HashMap<VarId, usize>,
}

impl Provenance {
    /// An empty record.
    pub fn new() -> Self {
        Self::default()
    }

    /// Every change kept, in order.
    pub fn records(&self) -> &[Record] {
        &self.records
    }

    /// The change that removed `value` from `var`, if one did.
    pub fn removal(&self, var: VarId, value: Value) -> Option<&Record> {
        self.removed_by
            .get(&(var, value))
            .map(|&index| &self.records[index])
    }

    /// The change that left `var` with one value, if one did.
    pub fn assignment(&self, var: VarId) -> Option<&Record> {
        self.assigned_by
            .get(&var)
            .map(|&index| &self.records[index])
    }

    /// Why `value` is gone from `var`: the changes that led there, causes first and the
    /// removal itself last. `None` when no recorded change removed it.
    pub fn why_removed(&self, var: VarId, value: Value) -> Option<Vec<&Record>> {
        let index = *self.removed_by.get(&(var, value))?;
        Some(self.chain(index))
    }

    /// Why `var` holds its value: the changes that led there, causes first and the
    /// assignment last. `None` when no recorded change assigned it (a given).
    pub fn why_assigned(&self, var: VarId) -> Option<Vec<&Record>> {
        let index = *self.assigned_by.get(&var)?;
        Some(self.chain(index))
    }

    /// The record at `index` after the records that assigned its causes, recursively.
    fn chain(&self, index: usize) -> Vec<&Record> {
        let mut seen = HashSet::new();
        let mut order = Vec::new();
        self.visit(index, &mut seen, &mut order);
        order.sort_unstable();
        order.into_iter().map(|i| &self.records[i]).collect()
    }

    fn visit(&self, index: usize, seen: &mut HashSet<usize>, order: &mut Vec<usize>) {
        if !seen.insert(index) {
            return;
        }
        order.push(index);
        for cause in &self.records[index].cause {
            // Only causes settled before this change explain it.
            if let Some(&earlier) = self.assigned_by.get(cause)
                && earlier < index
            {
                self.visit(earlier, seen, order);
            }
        }
    }

    fn forget_deeper_than(&mut self, depth: usize) {
        let keep = self
            .records
            .iter()
            .position(|record| record.depth > depth)
            .unwrap_or(self.records.len());
        self.records.truncate(keep);
        self.removed_by.retain(|_, index| *index < keep);
        self.assigned_by.retain(|_, index| *index < keep);
    }
}

impl Observer for Provenance {
    fn wants_explanations(&self) -> bool {
        true
    }

    fn on_event(&mut self, event: &Event<'_>) -> Flow {
        match event {
            Event::Change(change) => {
                let index = self.records.len();
                let removed: Vec<Value> = change.removed().collect();
                for &value in &removed {
                    self.removed_by.insert((change.var, value), index);
                }
                let assigned = change.assigned();
                if assigned.is_some() {
                    self.assigned_by.insert(change.var, index);
                }
                self.records.push(Record {
                    index,
                    rule: change.rule,
                    var: change.var,
                    removed,
                    assigned,
                    inference: change.inference,
                    cause: change.cause.to_vec(),
                    text: change
                        .text
                        .clone()
                        .unwrap_or_else(|| change.inference.to_string()),
                    depth: change.depth,
                });
            }
            Event::Backtrack { depth } => self.forget_deeper_than(*depth),
            _ => {}
        }
        Flow::Continue
    }
}
