//! Wide bitsets (more than one word, up to `Model::BITSET_LIMIT` values) keep a
//! summary of their bounds and count beside their words. These tests drive
//! random narrowings through a rule's context and the set-up methods, and
//! check every reader against a plain set of values worked out apart, under
//! both restores: a summary that drifted from the words, or was not undone on
//! backtrack, shows as a count, a bound or a walk that disagrees.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

use proptest::prelude::*;
use sieve::branch::{BranchState, Brancher};
use sieve::fast::{WordChanges, Words};
use sieve::prelude::*;

/// One narrowing, its values picked among the variable's candidates by `pick`.
#[derive(Clone, Copy, Debug)]
enum Operation {
    Remove,
    RemoveBelow,
    RemoveAbove,
    Assign,
    AssignAbsent,
    Retain,
    RemoveAll,
    KeepWhere,
    KeepWord,
}

const OPERATIONS: [Operation; 9] = [
    Operation::Remove,
    Operation::RemoveBelow,
    Operation::RemoveAbove,
    Operation::Assign,
    Operation::AssignAbsent,
    Operation::Retain,
    Operation::RemoveAll,
    Operation::KeepWhere,
    Operation::KeepWord,
];

/// A step of a script: which narrowing, and a number that picks its values.
#[derive(Clone, Copy, Debug)]
struct Step {
    operation: Operation,
    pick: u32,
}

/// The candidates of `var` read without its summary: a set made from all its
/// words.
fn plain_set(domains: &Domains, var: VarId) -> BTreeSet<Value> {
    domains.candidates(var).iter().collect()
}

/// Every reader of `var` must agree with its plain set.
fn check_readers(domains: &Domains, var: VarId) -> Result<(), String> {
    let set = plain_set(domains, var);
    let walked: Vec<Value> = domains.iter(var).collect();
    let listed: Vec<Value> = set.iter().copied().collect();
    let read = (
        domains.count(var) as usize,
        domains.min(var),
        domains.max(var),
        domains.is_empty(var),
        domains.is_assigned(var),
        domains.value(var),
    );
    let expected = (
        set.len(),
        set.first().copied(),
        set.last().copied(),
        set.is_empty(),
        set.len() == 1,
        (set.len() == 1).then(|| set.first().copied()).flatten(),
    );
    let inside = set.iter().all(|&value| domains.contains(var, value));
    if read != expected || walked != listed || !inside {
        return Err(format!(
            "{var:?}: read {read:?}, walked {} values, expected {expected:?}",
            walked.len()
        ));
    }
    Ok(())
}

/// The values of `set` at positions picked by `pick` (wrapping), plus two
/// values outside it when the range has them.
fn some_values(
    set: &BTreeSet<Value>,
    range: &std::ops::RangeInclusive<Value>,
    pick: u32,
) -> ValueSet {
    let listed: Vec<Value> = set.iter().copied().collect();
    let mut values = ValueSet::new();
    if !listed.is_empty() {
        for k in 0..1 + pick % 40 {
            let index = (pick as usize)
                .wrapping_mul(31)
                .wrapping_add(k as usize * 977);
            values.insert(listed[index % listed.len()]);
        }
    }
    for value in [*range.start() + (pick % 100) as Value, *range.end()] {
        if !set.contains(&value) {
            values.insert(value);
        }
    }
    values
}

/// Apply `step` to `var` through `ctx`, and return the set it should leave.
fn apply(
    ctx: &mut Context<'_>,
    var: VarId,
    step: Step,
    before: &BTreeSet<Value>,
) -> (Result<bool, Conflict>, BTreeSet<Value>) {
    let why = Why::new("scripted");
    let range = ctx.domains().range(var);
    let listed: Vec<Value> = before.iter().copied().collect();
    let nth = listed[step.pick as usize % listed.len()];
    let keep = |f: &dyn Fn(Value) -> bool| before.iter().copied().filter(|&v| f(v)).collect();
    match step.operation {
        Operation::Remove => (ctx.remove(var, nth, &why), keep(&|v| v != nth)),
        Operation::RemoveBelow => (ctx.remove_below(var, nth, &why), keep(&|v| v >= nth)),
        Operation::RemoveAbove => (ctx.remove_above(var, nth, &why), keep(&|v| v <= nth)),
        Operation::Assign => (ctx.assign(var, nth, &why), keep(&|v| v == nth)),
        Operation::AssignAbsent => {
            let absent = range.clone().find(|v| !before.contains(v));
            match absent {
                Some(value) => (ctx.assign(var, value, &why), BTreeSet::new()),
                None => (Ok(false), before.clone()),
            }
        }
        Operation::Retain => {
            let values = some_values(before, &range, step.pick);
            let expected = keep(&|v| values.contains(v));
            (ctx.retain(var, &values, &why), expected)
        }
        Operation::RemoveAll => {
            let values = some_values(before, &range, step.pick);
            let expected = keep(&|v| !values.contains(v));
            (ctx.remove_all(var, &values, &why), expected)
        }
        Operation::KeepWhere => {
            let modulus = 2 + (step.pick % 5) as Value;
            let rest = (step.pick / 5 % 2) as Value;
            let kept = move |v: Value| v.rem_euclid(modulus) != rest;
            (ctx.keep_where(var, &why, kept), keep(&kept))
        }
        Operation::KeepWord => {
            let mask = u64::from(step.pick).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let first = *range.start();
            let kept = |v: Value| v - first >= 64 || mask >> (v - first) & 1 == 1;
            (ctx.keep_word(var, mask, &why), keep(&kept))
        }
    }
}

/// A rule that narrows one of its variables by a step of its script, chosen
/// from the state (so that both restores see the same tree), and checks the
/// result against the plain sets: it panics on any disagreement. It acts on
/// two states of three, so propagation reaches a fixpoint.
struct Scripted {
    vars: Vec<VarId>,
    script: Vec<Step>,
}

impl Rule for Scripted {
    fn name(&self) -> &str {
        "scripted narrowings"
    }
    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }
    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let state = ctx.domains().fingerprint();
        if state % 3 == 0 {
            return Ok(());
        }
        let var = self.vars[(state >> 8) as usize % self.vars.len()];
        let step = self.script[(state >> 24) as usize % self.script.len()];
        let before = plain_set(ctx.domains(), var);
        let (outcome, expected) = apply(ctx, var, step, &before);
        match outcome {
            Err(conflict) => {
                assert!(expected.is_empty(), "{step:?} on {var:?} emptied a domain");
                Err(conflict)
            }
            Ok(changed) => {
                let after = plain_set(ctx.domains(), var);
                assert_eq!(after, expected, "{step:?} on {var:?}");
                assert_eq!(changed, after != before, "{step:?} on {var:?}");
                check_readers(ctx.domains(), var).unwrap();
                Ok(())
            }
        }
    }
    fn holds(&self, _values: &[Value]) -> bool {
        true
    }
}

/// Branches on the first open variable at its middle candidate and writes down
/// what every reader says at each node, checking them first.
struct Recorder {
    vars: Vec<VarId>,
    seen: Arc<Mutex<Vec<String>>>,
}

impl Brancher for Recorder {
    fn select_var(&mut self, state: &BranchState<'_>) -> Option<VarId> {
        let domains = state.domains();
        let mut line = String::new();
        for &var in &self.vars {
            check_readers(domains, var).unwrap();
            let set = plain_set(domains, var);
            line += &format!("{:?} {:?} {:?};", set.len(), set.first(), set.last());
        }
        self.seen.lock().unwrap().push(line);
        state.unassigned().next()
    }
    fn select_value(&mut self, state: &BranchState<'_>, var: VarId) -> Value {
        let domains = state.domains();
        let middle = domains.count(var) as usize / 2;
        domains.iter(var).nth(middle).expect("an open variable")
    }
}

/// The variables: wide bitsets of several shapes (from 0, from a negative
/// value, ending mid-word, the widest) and a one-word one.
fn wide_model(script: Vec<Step>) -> (Model, Vec<VarId>) {
    let mut model = Model::new();
    let vars = vec![
        model.new_var_in(0..=40_000).unwrap(),
        model.new_var_in(-300..=4_700).unwrap(),
        model.new_var(130),
        model.new_var_in(7..=(7 + 65_535)).unwrap(),
        model.new_var(9),
    ];
    assert!(vars.iter().all(|&var| !model.is_bounds(var)));
    let rule = Scripted {
        vars: vars.clone(),
        script,
    };
    model.add_rule(rule).unwrap();
    (model, vars)
}

/// The nodes a search of the scripted model sees under `restore`.
fn nodes_seen(script: &[Step], restore: Restore) -> Vec<String> {
    let (model, vars) = wide_model(script.to_vec());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let recorder = Recorder {
        vars,
        seen: Arc::clone(&seen),
    };
    let config = Config::default().restore(restore).node_limit(60);
    let search = Search::new(&model, config)
        .unwrap()
        .with_brancher(Box::new(recorder));
    search.count(Some(20));
    seen.lock().map(|nodes| nodes.clone()).unwrap()
}

fn steps() -> impl Strategy<Value = Vec<Step>> {
    let step = (0..OPERATIONS.len(), any::<u32>()).prop_map(|(operation, pick)| Step {
        operation: OPERATIONS[operation],
        pick,
    });
    prop::collection::vec(step, 1..12)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Narrowings through the context agree with the plain sets, and both
    /// restores see the very same nodes.
    #[test]
    fn narrowings_agree_with_plain_sets_under_both_restores(script in steps()) {
        let copied = nodes_seen(&script, Restore::Copy);
        let trailed = nodes_seen(&script, Restore::Trail);
        prop_assert!(copied.len() > 1, "the search branched");
        prop_assert_eq!(copied, trailed);
    }

    /// The set-up methods (remove, assign, retain, keep a word) keep every
    /// reader in step with the plain set.
    #[test]
    fn set_up_narrowings_agree_with_plain_sets(script in steps()) {
        let (model, vars) = wide_model(vec![Step { operation: Operation::Remove, pick: 0 }]);
        let mut domains = model.domains();
        for (index, step) in script.iter().enumerate() {
            let var = vars[index % vars.len()];
            let before = plain_set(&domains, var);
            if before.is_empty() {
                continue;
            }
            let range = domains.range(var);
            let listed: Vec<Value> = before.iter().copied().collect();
            let nth = listed[step.pick as usize % listed.len()];
            let expected: BTreeSet<Value> = match step.operation {
                Operation::Assign | Operation::AssignAbsent => {
                    domains.assign(var, nth).unwrap();
                    [nth].into()
                }
                Operation::Retain | Operation::KeepWhere => {
                    let values = some_values(&before, &range, step.pick);
                    domains.retain(var, &values);
                    before.iter().copied().filter(|v| values.contains(*v)).collect()
                }
                Operation::KeepWord => {
                    let mask = u64::from(step.pick).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                    let first = *range.start();
                    domains.retain_word(var, mask);
                    let kept = |v: Value| v - first >= 64 || mask >> (v - first) & 1 == 1;
                    before.iter().copied().filter(|&v| kept(v)).collect()
                }
                _ => {
                    domains.remove(var, nth).unwrap();
                    before.iter().copied().filter(|&v| v != nth).collect()
                }
            };
            prop_assert_eq!(plain_set(&domains, var), expected);
            for &var in &vars {
                check_readers(&domains, var).map_err(TestCaseError::fail)?;
            }
        }
        let total: u64 = vars.iter().map(|&var| u64::from(domains.count(var))).sum();
        prop_assert_eq!(domains.total_candidates(), total);
    }
}
