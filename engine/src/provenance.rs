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
//! // x2 = 2 because its 0 and 1 are gone: 0 taken by the given x0 = 0, 1 by x1 = 1;
//! // and x1 = 1 because x0 took 0 from it (its 2 was gone from the start).
//! let chain = why.why_assigned(x[2]).unwrap();
//! let steps: Vec<_> = chain.iter().map(|record| (record.var, record.removed.clone())).collect();
//! assert_eq!(steps, [(x[1], vec![0]), (x[2], vec![0]), (x[2], vec![1])]);
//! assert_eq!(chain[2].facts, [Fact::Is(x[1], 1)]);
//! ```

use hashbrown::{HashMap, HashSet};

use crate::domain::{Value, VarId};
use crate::ids::RuleId;
use crate::observe::{Change, Event, Flow, Observer};
use crate::propagation::Fact;

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
    /// The variables whose state caused the change, as the rule gave them.
    pub cause: Vec<VarId>,
    /// The facts the change rests on (see [`Change::facts`]).
    pub facts: Vec<Fact>,
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
    /// Each variable's removals in order: the value and the record that removed it.
    removals_of: HashMap<VarId, Vec<(Value, usize)>>,
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
        Some(self.chain([index]))
    }

    /// Why `var` holds its value: the changes that removed its other values, with
    /// their causes, causes first and the assignment last. `None` when no recorded
    /// change assigned it (a given).
    pub fn why_assigned(&self, var: VarId) -> Option<Vec<&Record>> {
        let index = *self.assigned_by.get(&var)?;
        let value = self.records[index].assigned?;
        Some(self.why(Fact::Is(var, value)))
    }

    /// Why `fact` is true: the changes that made it true and, recursively, the changes
    /// their facts rest on, causes first. Empty when the fact held before the run (a
    /// given) or no recorded change made it true.
    pub fn why(&self, fact: Fact) -> Vec<&Record> {
        self.why_all(&[fact])
    }

    /// Why every one of `facts` is true: one chain for them all (see [`Provenance::why`]),
    /// each record once, causes first.
    pub fn why_all(&self, facts: &[Fact]) -> Vec<&Record> {
        let end = self.records.len();
        self.chain(facts.iter().flat_map(|&fact| self.makers(fact, end)))
    }

    /// The records before `before` that made `fact` true: the removal of the value for
    /// `x ≠ v`; the removals of the other values for `x = v`; the removals below
    /// (above) the bound for `x ≥ v` (`x ≤ v`).
    pub fn makers(&self, fact: Fact, before: usize) -> Vec<usize> {
        let gone = |value: Value| match fact {
            Fact::Is(_, kept) => value != kept,
            Fact::IsNot(_, removed) => value == removed,
            Fact::AtLeast(_, low) => value < low,
            Fact::AtMost(_, high) => value > high,
        };
        let Some(removals) = self.removals_of.get(&fact.var()) else {
            return Vec::new();
        };
        let mut makers: Vec<usize> = (removals.iter())
            .filter(|&&(value, index)| index < before && gone(value))
            .map(|&(_, index)| index)
            .collect();
        makers.dedup();
        makers
    }

    /// The records at `start` and every record their facts lead to, recursively, in
    /// the order they were made (so causes come first).
    fn chain(&self, start: impl IntoIterator<Item = usize>) -> Vec<&Record> {
        let mut seen = HashSet::new();
        let mut waiting: Vec<usize> = start.into_iter().collect();
        while let Some(index) = waiting.pop() {
            if !seen.insert(index) {
                continue;
            }
            for &fact in &self.records[index].facts {
                waiting.extend(self.makers(fact, index));
            }
        }
        let mut order: Vec<usize> = seen.into_iter().collect();
        order.sort_unstable();
        order
            .into_iter()
            .map(|index| &self.records[index])
            .collect()
    }

    fn record(&mut self, change: &Change<'_>) {
        let index = self.records.len();
        let removed: Vec<Value> = change.removed().collect();
        let removals = self.removals_of.entry(change.var).or_default();
        for &value in &removed {
            self.removed_by.insert((change.var, value), index);
            removals.push((value, index));
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
            facts: change.facts.to_vec(),
            text: (change.text.clone()).unwrap_or_else(|| change.inference.to_string()),
            depth: change.depth,
        });
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
        for removals in self.removals_of.values_mut() {
            removals.retain(|&(_, index)| index < keep);
        }
    }
}

impl Observer for Provenance {
    fn wants_explanations(&self) -> bool {
        true
    }

    fn on_event(&mut self, event: &Event<'_>) -> Flow {
        match event {
            Event::Change(change) => self.record(change),
            Event::Backtrack { depth } => self.forget_deeper_than(*depth),
            _ => {}
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    /// A rule that removes one value from one variable, resting on the facts given.
    struct Remove {
        var: VarId,
        value: Value,
        facts: Vec<Fact>,
        cause: Vec<VarId>,
    }

    impl Remove {
        fn plain(var: VarId, value: Value) -> Self {
            Remove {
                var,
                value,
                facts: Vec::new(),
                cause: Vec::new(),
            }
        }
    }

    impl Rule for Remove {
        fn name(&self) -> &str {
            "remove"
        }

        fn watches(&self) -> Vec<Watch> {
            let watched = self
                .facts
                .iter()
                .map(|fact| fact.var())
                .chain(self.cause.clone());
            watched
                .map(|var| Watch::new(var, Events::REMOVED))
                .collect()
        }

        fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
            let holds = |fact: &Fact| match *fact {
                Fact::IsNot(var, value) => !ctx.domains().contains(var, value),
                Fact::Is(var, value) => ctx.domains().value(var) == Some(value),
                _ => true,
            };
            if self.facts.iter().all(holds)
                && self.cause.iter().all(|&var| ctx.domains().is_assigned(var))
            {
                let why = Why::new("test").because(&self.facts).cause(&self.cause);
                ctx.remove(self.var, self.value, &why)?;
            }
            Ok(())
        }

        fn holds(&self, _values: &[Value]) -> bool {
            true
        }
    }

    fn explained(model: &Model, mut state: Domains) -> (Domains, Provenance) {
        let mut why = Provenance::new();
        propagate(model, &mut state, Schedule::Queue, Some(&mut why)).unwrap();
        (state, why)
    }

    fn removals(chain: &[&Record]) -> Vec<(VarId, Vec<Value>)> {
        chain
            .iter()
            .map(|record| (record.var, record.removed.clone()))
            .collect()
    }

    #[test]
    fn a_sum_chain_follows_the_removal_its_bound_rests_on() {
        let mut model = Model::new();
        let x = model.new_var(4);
        let y = model.new_var(4);
        model
            .add_rule(LinearSum::sum_equals("x + y", &[x, y], 3))
            .unwrap();
        model.add_rule(Remove::plain(x, 3)).unwrap();
        let (state, why) = explained(&model, model.domains());
        assert!(!state.contains(y, 0));
        let chain = why.why_removed(y, 0).unwrap();
        assert_eq!(removals(&chain), [(x, vec![3]), (y, vec![0])]);
        assert_eq!(chain[1].facts, [Fact::AtMost(x, 2)]);
        assert!(
            chain[1].text.starts_with("x0 + x1 = 3 (x + y)"),
            "{}",
            chain[1].text
        );
    }

    #[test]
    fn a_chain_holds_only_the_records_its_facts_reach() {
        let mut model = Model::new();
        let v = model.new_vars(4, 3);
        // v1 ≠ 0 and v2 ≠ 0 happen, but only v1 ≠ 0 explains v3 ≠ 1.
        model.add_rule(Remove::plain(v[1], 0)).unwrap();
        model.add_rule(Remove::plain(v[2], 0)).unwrap();
        let rests_on = Remove {
            facts: vec![Fact::IsNot(v[1], 0)],
            ..Remove::plain(v[3], 1)
        };
        model.add_rule(rests_on).unwrap();
        let (_, why) = explained(&model, model.domains());
        assert_eq!(why.records().len(), 3);
        let chain = why.why_removed(v[3], 1).unwrap();
        assert_eq!(removals(&chain), [(v[1], vec![0]), (v[3], vec![1])]);
        // A fact true from the start (a given) ends the chain.
        assert!(why.why(Fact::IsNot(v[0], 0)).is_empty());
    }

    #[test]
    fn an_assignment_rests_on_every_removal_of_the_other_values() {
        let mut model = Model::new();
        let v = model.new_vars(3, 3);
        model.add_rule(Remove::plain(v[0], 0)).unwrap();
        model.add_rule(Remove::plain(v[1], 2)).unwrap();
        // v0 ≠ 1 rests on v1 ≠ 2 only, yet v0 = 2 needs v0 ≠ 0 as well.
        let last = Remove {
            facts: vec![Fact::IsNot(v[1], 2)],
            ..Remove::plain(v[0], 1)
        };
        model.add_rule(last).unwrap();
        let (state, why) = explained(&model, model.domains());
        assert_eq!(state.value(v[0]), Some(2));
        let chain = why.why_assigned(v[0]).unwrap();
        assert_eq!(
            removals(&chain),
            [(v[0], vec![0]), (v[1], vec![2]), (v[0], vec![1])]
        );
    }

    #[test]
    fn a_hidden_single_rests_on_the_value_gone_from_the_rest_of_its_group() {
        let mut model = Model::new();
        let v = model.new_vars(3, 3);
        model.add_rule(Remove::plain(v[0], 1)).unwrap();
        model.add_rule(Remove::plain(v[2], 1)).unwrap();
        model.add_rule(Remove::plain(v[2], 2)).unwrap();
        let group = EachValueSomewhere::new("group", v.clone(), vec![1]);
        model.add_rule(group).unwrap();
        let (state, why) = explained(&model, model.domains());
        assert_eq!(state.value(v[1]), Some(1));
        let chain = why.why_assigned(v[1]).unwrap();
        // v2 ≠ 2 happened, but the hidden single needs only v0 ≠ 1 and v2 ≠ 1.
        assert_eq!(
            removals(&chain),
            [(v[0], vec![1]), (v[2], vec![1]), (v[1], vec![0, 2])]
        );
        assert_eq!(chain[2].facts, [Fact::IsNot(v[0], 1), Fact::IsNot(v[2], 1)]);
    }

    #[test]
    fn cause_variables_become_the_facts_of_their_domains() {
        let mut model = Model::new();
        let v = model.new_vars(3, 3);
        let cause = Remove {
            cause: vec![v[0]],
            ..Remove::plain(v[1], 0)
        };
        model.add_rule(cause).unwrap();
        let mut start = model.domains();
        start.assign(v[0], 1).unwrap();
        let (_, why) = explained(&model, start);
        assert_eq!(why.records()[0].facts, [Fact::Is(v[0], 1)]);
        assert_eq!(why.records()[0].cause, [v[0]]);
    }
}
