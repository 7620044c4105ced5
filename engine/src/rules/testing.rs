//! Helpers for the library rules' tests: small random states, the oracle's
//! soundness check, and the values that have a support by brute force.

use crate::domain::{Domains, Value, VarId};
use crate::ids::RuleId;
use crate::model::Model;
use crate::oracle;
use crate::propagation::{Fixpoint, Rule, Schedule, apply_rule};
use crate::{Config, Restore, Search};

/// A seeded xorshift generator: tests stay reproducible without a dependency.
pub(crate) struct Random(u64);

impl Random {
    pub(crate) fn new(seed: u64) -> Self {
        Random(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    /// A number in `0..bound`.
    pub(crate) fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % bound.max(1)
    }
}

/// A model of `count` variables of `size` values with the one rule `make` builds,
/// and a random state in which each variable keeps a random non-empty subset. In
/// half the cases the values are `0..size`; in the others each variable's range
/// starts at its own first value in `-2..=2`, so that every rule is tried on
/// ranges that differ and cross zero.
pub(crate) fn random_case<R: Rule + 'static>(
    random: &mut Random,
    count: usize,
    size: u32,
    make: impl FnOnce(Vec<VarId>) -> R,
) -> (Model, Domains) {
    let mut model = Model::new();
    let shifted = random.below(2) == 1;
    let vars: Vec<VarId> = (0..count)
        .map(|_| {
            let first = if shifted {
                random.below(5) as Value - 2
            } else {
                0
            };
            let last = first + size.max(1) as Value - 1;
            model.new_var_in(first..=last).expect("a range of values")
        })
        .collect();
    model
        .add_rule(make(vars.clone()))
        .expect("the rule fits the model");
    let mut state = model.domains();
    for &var in &vars {
        let keep = random.below(1 << size).max(1);
        for (bit, value) in state.range(var).enumerate() {
            if keep >> bit & 1 == 0 {
                state.remove(var, value).unwrap();
            }
        }
    }
    (model, state)
}

/// Panics unless the model's first rule is sound on `state` (the oracle's check).
pub(crate) fn assert_sound(model: &Model, state: &Domains) {
    let verdict = oracle::check_rule(model, state, RuleId::first()).expect("small enough");
    assert_eq!(verdict, Ok(()), "{state:?}");
}

/// The state after one run of the first rule; `None` for a conflict.
pub(crate) fn after(model: &Model, state: &Domains) -> Option<Domains> {
    let mut after = state.clone();
    match apply_rule(model, &mut after, RuleId::first(), None).expect("the state fits") {
        Fixpoint::Conflict(_) => None,
        _ => Some(after),
    }
}

/// The values each variable takes in some solution (by brute force); `None` when
/// there is no solution.
pub(crate) fn supported(model: &Model, state: &Domains) -> Option<Vec<Vec<Value>>> {
    let solutions = oracle::solutions(model, state, oracle::DEFAULT_BUDGET).expect("small");
    if solutions.is_empty() {
        return None;
    }
    let supported = model.vars().map(|var| {
        let mut values: Vec<Value> = solutions.iter().map(|s| s[var.index()]).collect();
        values.sort_unstable();
        values.dedup();
        values
    });
    Some(supported.collect())
}

/// Panics unless a search under every schedule and every restore finds
/// exactly the solutions `expected` (in any order); `context` names the case.
pub(crate) fn assert_every_search_finds(model: &Model, expected: &[Vec<Value>], context: &str) {
    let mut expected = expected.to_vec();
    expected.sort();
    for schedule in Schedule::ALL {
        for restore in Restore::ALL {
            let config = Config::default().schedule(schedule).restore(restore);
            let search = Search::new(model, config).expect("a model");
            let mut found: Vec<Vec<Value>> = search.map(|solution| solution.values).collect();
            found.sort();
            assert_eq!(found, expected, "{context} {schedule:?} {restore:?}");
        }
    }
}

/// Each variable's candidates in `state`.
pub(crate) fn candidates(model: &Model, state: &Domains) -> Vec<Vec<Value>> {
    model.vars().map(|var| state.iter(var).collect()).collect()
}

/// A model of `count` booleans with the one rule `make` builds, and a random state
/// in which about a third of them are still open, the rest true (1) or false. With
/// `wide`, the variables range over `-1..=1` (1 true, the rest false), so that rules
/// are tried on booleans that turn false without being assigned.
pub(crate) fn random_boolean_case<R: Rule + 'static>(
    random: &mut Random,
    count: usize,
    wide: bool,
    make: impl FnOnce(Vec<VarId>) -> R,
) -> (Model, Domains) {
    let mut model = Model::new();
    let range = if wide { -1..=1 } else { 0..=1 };
    let vars: Vec<VarId> = (0..count)
        .map(|_| model.new_var_in(range.clone()).expect("a range of values"))
        .collect();
    model
        .add_rule(make(vars.clone()))
        .expect("the rule fits the model");
    let mut state = model.domains();
    for &var in &vars {
        match random.below(3) {
            0 => {}
            1 => {
                state.assign(var, 1).expect("1 is a value");
            }
            _ => {
                state.remove(var, 1).expect("1 is a value");
                if wide && random.below(2) == 0 {
                    state.remove(var, 0).expect("0 is a value");
                }
            }
        }
    }
    (model, state)
}
