//! The oracle checks every claim a rule makes: each check catches a rule built to
//! break its claim (and names the variable as the model does), and the library's
//! rules keep all of theirs on random small states.

use proptest::prelude::*;
use sieve::Error;
use sieve::fast::Words;
use sieve::oracle::{Checks, Unsound, check_all_rules, check_rule, check_rule_with};
use sieve::prelude::*;

/// `x <= limit`, removing only the largest candidate above `limit` per run: a rule
/// that needs several runs, whether or not it claims to be idempotent.
struct OneAtATime {
    x: VarId,
    limit: Value,
    claims_idempotent: bool,
}

impl Rule for OneAtATime {
    fn name(&self) -> &str {
        "one at a time"
    }

    fn watches(&self) -> Vec<Watch> {
        vec![Watch::new(self.x, Events::BOUNDS)]
    }

    fn idempotent(&self) -> bool {
        self.claims_idempotent
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let max = ctx.domains().max(self.x).unwrap_or(0);
        if max > self.limit {
            ctx.remove(self.x, max, &Why::new("too large"))?;
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        values[self.x.index()] <= self.limit
    }
}

/// `x != y` whose action does nothing at all: never a conflict, even on `x = y`.
struct SilentDifferent {
    x: VarId,
    y: VarId,
}

impl Rule for SilentDifferent {
    fn name(&self) -> &str {
        "silent different"
    }

    fn watches(&self) -> Vec<Watch> {
        vec![
            Watch::new(self.x, Events::ASSIGNED),
            Watch::new(self.y, Events::ASSIGNED),
        ]
    }

    fn action(&self, _ctx: &mut Context<'_>) -> Result<(), Conflict> {
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        values[self.x.index()] != values[self.y.index()]
    }
}

/// Another rule's action and meaning, with a claimed consistency and, optionally, a
/// declaration of entailment on every run.
struct Claiming<R> {
    inner: R,
    consistency: Consistency,
    declares_entailed: bool,
}

impl<R: Rule> Claiming<R> {
    fn consistency(inner: R, consistency: Consistency) -> Self {
        Claiming {
            inner,
            consistency,
            declares_entailed: false,
        }
    }

    fn entailed(inner: R) -> Self {
        Claiming {
            inner,
            consistency: Consistency::Unspecified,
            declares_entailed: true,
        }
    }
}

impl<R: Rule> Rule for Claiming<R> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn watches(&self) -> Vec<Watch> {
        self.inner.watches()
    }

    fn consistency(&self) -> Consistency {
        self.consistency
    }

    fn post(&mut self, posting: &mut sieve::Posting<'_>) -> Result<(), Error> {
        self.inner.post(posting)
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        self.inner.action(ctx)?;
        if self.declares_entailed {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        self.inner.holds(values)
    }
}

/// `count` variables of `size` values named `prefix1`, `prefix2`, ..., with values
/// labelled from 1 as people count.
fn named_vars(model: &mut Model, prefix: &str, count: usize, size: u32) -> Vec<VarId> {
    let vars = model.new_vars(count, size);
    for (i, &var) in vars.iter().enumerate() {
        model.set_name(var, format!("{prefix}{}", i + 1));
    }
    model.set_value_labels((1..=size).map(|label| label.to_string()).collect());
    vars
}

#[test]
fn a_false_idempotence_claim_is_caught_by_the_second_run() {
    for claims_idempotent in [false, true] {
        let mut model = Model::new();
        let x = named_vars(&mut model, "r1c", 1, 5)[0];
        let rule = OneAtATime {
            x,
            limit: 1,
            claims_idempotent,
        };
        let id = model.add_rule(rule).unwrap();
        let verdict = check_rule(&model, &model.domains(), id).unwrap();
        if !claims_idempotent {
            // Honest: repeating the action reaches a sound fixpoint.
            assert_eq!(verdict, Ok(()));
            continue;
        }
        let Err(unsound) = verdict else {
            panic!("a second run removes more");
        };
        assert!(
            matches!(unsound, Unsound::NotIdempotent { var, value: 3, .. } if var == x),
            "{unsound:?}"
        );
        assert_eq!(
            unsound.to_string(),
            "rule `one at a time` claims to be idempotent, but a second run removed 4 from r1c1"
        );
    }
}

#[test]
fn a_conflict_only_a_second_run_finds_breaks_idempotence() {
    let mut model = Model::new();
    let x = named_vars(&mut model, "r1c", 1, 4)[0];
    let rule = OneAtATime {
        x,
        limit: 1,
        claims_idempotent: true,
    };
    let id = model.add_rule(rule).unwrap();
    let mut state = model.domains();
    state.remove(x, 0).unwrap();
    state.remove(x, 1).unwrap();
    let verdict = check_rule(&model, &state, id).unwrap();
    assert!(
        matches!(verdict, Err(Unsound::NotIdempotentConflict { ref rule }) if rule == "one at a time"),
        "{verdict:?}"
    );
}

#[test]
fn a_rule_silent_on_a_broken_full_assignment_is_incomplete() {
    let mut model = Model::new();
    let cells = named_vars(&mut model, "r2c", 2, 3);
    let id = model
        .add_rule(SilentDifferent {
            x: cells[0],
            y: cells[1],
        })
        .unwrap();
    let verdict = check_rule(&model, &model.domains(), id).unwrap();
    let Err(unsound) = verdict else {
        panic!("the rule never reports a conflict");
    };
    assert!(
        matches!(unsound, Unsound::Incomplete { ref assignment, .. } if assignment == &[0, 0]),
        "{unsound:?}"
    );
    assert_eq!(
        unsound.to_string(),
        "rule `silent different` is broken by r2c1 = 1, r2c2 = 1, but its action reports no \
         conflict there"
    );
}

#[test]
fn singles_elimination_claiming_domain_consistency_leaves_unsupported_values() {
    let mut model = Model::new();
    let cells = named_vars(&mut model, "c", 3, 3);
    let row = AllDifferent::new("row", cells.clone());
    let id = model
        .add_rule(Claiming::consistency(row, Consistency::Domain))
        .unwrap();
    // c1 and c2 share {1, 2}: domain consistency leaves c3 only 3, but singles
    // elimination removes nothing (no cell is fixed).
    let mut state = model.domains();
    state.remove(cells[0], 2).unwrap();
    state.remove(cells[1], 2).unwrap();
    let verdict = check_rule(&model, &state, id).unwrap();
    let Err(unsound) = verdict else {
        panic!("1 and 2 in c3 have no support");
    };
    assert!(
        matches!(
            unsound,
            Unsound::Unsupported { consistency: Consistency::Domain, var, value: 0, .. }
                if var == cells[2]
        ),
        "{unsound:?}"
    );
    assert_eq!(
        unsound.to_string(),
        "rule `row` claims domain consistency, but 1 in c3 has no support"
    );
    // The same state satisfies the weaker claim only if the bounds have supports:
    // c3's smallest candidate, 1, has none either.
    let mut model = Model::new();
    let cells = named_vars(&mut model, "c", 3, 3);
    let row = AllDifferent::new("row", cells.clone());
    let id = model
        .add_rule(Claiming::consistency(row, Consistency::Bounds))
        .unwrap();
    assert!(matches!(
        check_rule(&model, &state, id).unwrap(),
        Err(Unsound::Unsupported {
            consistency: Consistency::Bounds,
            value: 0,
            ..
        })
    ));
}

#[test]
fn bounds_consistency_counts_holes_as_values() {
    // x + y + z = 3, x in 1..=4, y and z in {1, 3} (labels): bounds reasoning keeps
    // x = 1, whose supports need y or z = 2, a hole. Bounds(Z) lets holes support;
    // domain consistency does not.
    let case = |consistency: Consistency| {
        let mut model = Model::new();
        let vars = named_vars(&mut model, "v", 3, 4);
        let sum = LinearSum::sum_equals("x + y + z = 3", &vars, 3);
        let id = model
            .add_rule(Claiming::consistency(sum, consistency))
            .unwrap();
        let mut state = model.domains();
        for &var in &vars[1..] {
            state.remove(var, 1).unwrap();
            state.remove(var, 3).unwrap();
        }
        check_rule(&model, &state, id).unwrap()
    };
    assert_eq!(case(Consistency::Bounds), Ok(()));
    let verdict = case(Consistency::Domain);
    let Err(unsound) = verdict else {
        panic!("x = 0 has no support within the domains");
    };
    assert_eq!(
        unsound.to_string(),
        "rule `x + y + z = 3` claims domain consistency, but 1 in v1 has no support"
    );
}

#[test]
fn a_false_entailment_names_the_assignment_it_leaves() {
    let mut model = Model::new();
    let cells = named_vars(&mut model, "r3c", 2, 2);
    let id = model
        .add_rule(Claiming::entailed(AllDifferent::new("pair", cells.clone())))
        .unwrap();
    let verdict = check_rule(&model, &model.domains(), id).unwrap();
    let Err(unsound) = verdict else {
        panic!("both cells may still be 1");
    };
    assert!(
        matches!(unsound, Unsound::FalseEntailment { run: 1, ref assignment, .. } if assignment == &[0, 0]),
        "{unsound:?}"
    );
    assert_eq!(
        unsound.to_string(),
        "rule `pair` declared itself entailed on run 1, but it leaves r3c1 = 1, r3c2 = 1, \
         which breaks it"
    );
}

#[test]
fn a_removed_support_is_named_as_the_model_names_it() {
    // x <= 1 over values labelled 1..=5, and a wrong rule that removes value 1
    // (label "2") although x = 1 is a solution.
    let mut model = Model::new();
    let x = named_vars(&mut model, "r1c", 1, 5)[0];
    let at_most = OneAtATime {
        x,
        limit: 1,
        claims_idempotent: false,
    };
    model.add_rule(at_most).unwrap();
    let wrong = model.add_rule(Wrong { x }).unwrap();
    let verdict = check_rule(&model, &model.domains(), wrong).unwrap();
    let Err(unsound) = verdict else {
        panic!("the wrong rule removes a value of a solution");
    };
    assert!(
        matches!(unsound, Unsound::RemovedSupport { value: 1, run: 1, var, .. } if var == x),
        "{unsound:?}"
    );
    assert_eq!(
        unsound.to_string(),
        "rule `wrong` removed 2 from r1c1 on run 1, but the solution [1] uses it"
    );
}

/// Removes 1 from `x` although its meaning allows it.
struct Wrong {
    x: VarId,
}

impl Rule for Wrong {
    fn name(&self) -> &str {
        "wrong"
    }

    fn watches(&self) -> Vec<Watch> {
        vec![Watch::new(self.x, Events::ANY)]
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        ctx.remove(self.x, 1, &Why::new("wrong"))?;
        Ok(())
    }

    fn holds(&self, _values: &[Value]) -> bool {
        true
    }
}

#[test]
fn the_scope_budget_and_rule_ids_are_checked() {
    let mut model = Model::new();
    let cells = model.new_vars(6, 6);
    let id = model
        .add_rule(AllDifferent::new("row", cells.clone()))
        .unwrap();
    let checks = Checks {
        scope_budget: 1_000,
        ..Checks::default()
    };
    assert_eq!(
        check_rule_with(&model, &model.domains(), id, checks),
        Err(Error::TooLarge { limit: 1_000 })
    );
    // Without completeness, nothing enumerates the scope of a rule that claims
    // neither entailment nor a consistency.
    let checks = Checks {
        completeness: false,
        ..checks
    };
    assert_eq!(
        check_rule_with(&model, &model.domains(), id, checks),
        Ok(Ok(()))
    );
    assert!(matches!(
        check_rule(&model, &model.domains(), RuleId::from_index(1)),
        Err(Error::UnknownRule { rule: 1, rules: 1 })
    ));
}

/// A small random model: `vars` variables of `size` values, each domain a random
/// non-empty subset, and a library rule over some of them.
#[derive(Clone, Debug)]
struct SmallState {
    size: u32,
    masks: Vec<u64>,
    kind: u8,
    coefficients: Vec<i64>,
    relation: u8,
    rhs: i64,
    values: Vec<Value>,
}

fn small_state() -> impl Strategy<Value = SmallState> {
    (2u32..=4, 2usize..=4).prop_flat_map(|(size, vars)| {
        let full = (1u64 << size) - 1;
        (
            proptest::collection::vec(1u64..=full, vars),
            0u8..3,
            proptest::collection::vec(-2i64..=2, vars),
            0u8..3,
            -4i64..=12,
            proptest::collection::vec(0..size as Value, 1..=vars),
        )
            .prop_map(move |(masks, kind, coefficients, relation, rhs, values)| {
                SmallState {
                    size,
                    masks,
                    kind,
                    coefficients,
                    relation,
                    rhs,
                    values,
                }
            })
    })
}

/// The model of a small state, with its one library rule, and the state.
fn small_model(case: &SmallState) -> (Model, Domains) {
    let mut model = Model::new();
    let vars = model.new_vars(case.masks.len(), case.size);
    let relation = [Relation::Equal, Relation::AtMost, Relation::AtLeast][case.relation as usize];
    let added = match case.kind {
        0 => model.add_rule(AllDifferent::new("all different", vars.clone())),
        1 => model.add_rule(EachValueSomewhere::new(
            "each value",
            vars.clone(),
            case.values.clone(),
        )),
        _ => model.add_rule(LinearSum::new(
            "sum",
            case.coefficients
                .iter()
                .copied()
                .zip(vars.iter().copied())
                .collect(),
            relation,
            case.rhs,
        )),
    };
    added.expect("the rule's variables are the model's");
    let mut state = model.domains();
    for (&var, &mask) in vars.iter().zip(&case.masks) {
        state.retain_word(var, mask);
    }
    (model, state)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn library_rules_keep_every_claim_on_random_small_states(case in small_state()) {
        let (model, state) = small_model(&case);
        let verdict = check_all_rules(&model, &state).unwrap();
        prop_assert_eq!(verdict, Ok(()), "{:?}", case);
    }
}

#[test]
fn library_rules_keep_every_claim_together() {
    // All three on one model of four variables over 0..4, from many seeded states.
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut model = Model::new();
    let vars = model.new_vars(4, 4);
    model
        .add_rule(AllDifferent::new("all different", vars[..3].to_vec()))
        .unwrap();
    model
        .add_rule(EachValueSomewhere::new(
            "each value",
            vars.clone(),
            vec![0, 3],
        ))
        .unwrap();
    model
        .add_rule(LinearSum::sum_equals("sum", &vars[1..], 5))
        .unwrap();
    for _ in 0..300 {
        let mut state = model.domains();
        for &var in &vars {
            state.retain_word(var, rng.random_range(1u64..16));
        }
        assert_eq!(
            check_all_rules(&model, &state).unwrap(),
            Ok(()),
            "{state:?}"
        );
    }
}
