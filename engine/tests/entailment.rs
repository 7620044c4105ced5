//! Entailment: a rule that declares itself entailed is not checked again on the
//! solutions below that point, the declaration is undone on backtrack, and the
//! oracle catches a false declaration.

use sieve::fast::Words;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use sieve::oracle::{Unsound, check_rule};
use sieve::prelude::*;

/// `x != y` with no pruning at all: the action only declares the rule entailed once
/// the two domains are disjoint (or always, when `lying`), and reports a conflict on
/// `x = y` only when `complete` (otherwise the search's check of solutions refuses
/// such leaves). Its check counts its calls.
struct WeakDifferent {
    x: VarId,
    y: VarId,
    lying: bool,
    complete: bool,
    checks: Arc<AtomicU32>,
}

impl Rule for WeakDifferent {
    fn name(&self) -> &str {
        "weak x != y"
    }

    fn watches(&self) -> Vec<Watch> {
        vec![
            Watch::new(self.x, Events::ANY),
            Watch::new(self.y, Events::ANY),
        ]
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let domains = ctx.domains();
        let equal =
            domains.value(self.x).is_some() && domains.value(self.x) == domains.value(self.y);
        if equal && self.complete {
            return Err(ctx.conflict(&Why::new("x = y")));
        }
        let disjoint = domains.word(self.x) & domains.word(self.y) == 0;
        if disjoint || self.lying {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        self.checks.fetch_add(1, Ordering::Relaxed);
        values[self.x.index()] != values[self.y.index()]
    }
}

fn model(lying: bool, complete: bool) -> (Model, Arc<AtomicU32>) {
    let mut model = Model::new();
    let vars = model.new_vars(2, 2);
    let checks = Arc::new(AtomicU32::new(0));
    model
        .add_rule(WeakDifferent {
            // The search branches on y first (the first variable), then x.
            x: vars[1],
            y: vars[0],
            lying,
            complete,
            checks: checks.clone(),
        })
        .unwrap();
    (model, checks)
}

fn configs() -> Vec<Config> {
    let mut configs = Vec::new();
    for schedule in Schedule::ALL {
        for restore in Restore::ALL {
            configs.push(
                Config::default()
                    .schedule(schedule)
                    .restore(restore)
                    .var_order(VarOrder::First),
            );
        }
    }
    configs
}

#[test]
fn entailment_is_undone_on_backtrack() {
    // Under y = 0 the rule becomes entailed once x = 1; back at y = 1, the leaf
    // x = y = 1 must be checked again and refused.
    for config in configs() {
        let (model, _) = model(false, false);
        let solutions: BTreeSet<Vec<Value>> = Search::new(&model, config)
            .unwrap()
            .map(|solution| solution.values)
            .collect();
        let expected: BTreeSet<Vec<Value>> = [vec![0, 1], vec![1, 0]].into();
        assert_eq!(solutions, expected, "{config:?}");
    }
}

#[test]
fn entailed_rules_are_not_checked_on_solutions() {
    let (model, checks) = model(false, false);
    let count = Search::new(&model, Config::default().var_order(VarOrder::First))
        .unwrap()
        .count(None);
    assert_eq!(count.solutions, 2);
    // The two solutions are leaves where the rule was declared entailed; only the two
    // leaves with x = y are checked (and refused).
    assert_eq!(checks.load(Ordering::Relaxed), 2);
}

#[test]
fn the_oracle_catches_a_false_entailment() {
    let (honest, _) = model(false, true);
    let (lying, _) = model(true, true);
    let state = honest.domains();
    assert_eq!(
        check_rule(&honest, &state, RuleId::first()).unwrap(),
        Ok(())
    );
    match check_rule(&lying, &state, RuleId::first()).unwrap() {
        Err(Unsound::FalseEntailment {
            rule, assignment, ..
        }) => {
            assert_eq!(rule, "weak x != y");
            assert_eq!(assignment[0], assignment[1], "{assignment:?} breaks x != y");
        }
        other => panic!("expected a false entailment, got {other:?}"),
    }
    // Without the conflict on x = y, the honest rule is caught as incomplete.
    let (incomplete, _) = model(false, false);
    assert!(matches!(
        check_rule(&incomplete, &state, RuleId::first()).unwrap(),
        Err(Unsound::Incomplete { .. })
    ));
    // Once the domains are disjoint, the same declaration is true.
    let mut disjoint = lying.domains();
    disjoint.assign(VarId::from_index(0), 0).unwrap();
    disjoint.assign(VarId::from_index(1), 1).unwrap();
    assert_eq!(
        check_rule(&lying, &disjoint, RuleId::first()).unwrap(),
        Ok(())
    );
}
