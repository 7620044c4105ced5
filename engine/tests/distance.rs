//! The `Distance` rule against brute force: on random domains (negative
//! values, distances 0 to 3, holes), the engine's oracle finds every claim
//! kept (soundness, entailment, idempotence, completeness on full
//! assignments, domain consistency), and propagation keeps exactly the
//! values that have a support on the other side, computed here directly
//! from the definition |x − y| = d / ≠ d.

use proptest::prelude::*;
use sieve::oracle;
use sieve::prelude::*;
use sieve::rules::{Distance, DistanceRelation};

/// A model of `x` and `y` over `low..=low + span`, the rule, and a state with
/// the values of `remove_x` and `remove_y` (offsets into the range) gone.
fn case(
    low: Value,
    span: Value,
    relation: DistanceRelation,
    distance: i64,
    remove_x: &[Value],
    remove_y: &[Value],
) -> (Model, Domains, VarId, VarId) {
    let mut model = Model::new();
    let x = model.new_var_in(low..=low + span).unwrap();
    let y = model.new_var_in(low..=low + span).unwrap();
    model
        .add_rule(Distance::new("d", x, relation, distance, y))
        .unwrap();
    let mut state = model.domains();
    for &offset in remove_x {
        state.remove(x, low + offset % (span + 1)).unwrap();
    }
    for &offset in remove_y {
        state.remove(y, low + offset % (span + 1)).unwrap();
    }
    (model, state, x, y)
}

fn holds(relation: DistanceRelation, distance: i64, a: Value, b: Value) -> bool {
    let gap = (i64::from(a) - i64::from(b)).abs();
    match relation {
        DistanceRelation::Is => gap == distance,
        DistanceRelation::IsNot => gap != distance,
    }
}

fn relation() -> impl Strategy<Value = DistanceRelation> {
    prop_oneof![Just(DistanceRelation::Is), Just(DistanceRelation::IsNot)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn the_oracle_finds_every_claim_kept(
        low in -3i32..3,
        span in 0i32..7,
        relation in relation(),
        distance in 0i64..4,
        remove_x in proptest::collection::vec(0i32..8, 0..6),
        remove_y in proptest::collection::vec(0i32..8, 0..6),
    ) {
        let (model, state, _, _) = case(low, span, relation, distance, &remove_x, &remove_y);
        if state.any_empty() {
            return Ok(());
        }
        let verdict = oracle::check_all_rules(&model, &state).expect("small enough");
        prop_assert_eq!(verdict, Ok(()));
    }

    #[test]
    fn propagation_keeps_exactly_the_supported_values(
        low in -3i32..3,
        span in 0i32..7,
        relation in relation(),
        distance in 0i64..4,
        remove_x in proptest::collection::vec(0i32..8, 0..6),
        remove_y in proptest::collection::vec(0i32..8, 0..6),
    ) {
        let (model, state, x, y) = case(low, span, relation, distance, &remove_x, &remove_y);
        if state.any_empty() {
            return Ok(());
        }
        let xs: Vec<Value> = state.iter(x).collect();
        let ys: Vec<Value> = state.iter(y).collect();
        let keep_x: Vec<Value> = xs
            .iter()
            .copied()
            .filter(|&a| ys.iter().any(|&b| holds(relation, distance, a, b)))
            .collect();
        let keep_y: Vec<Value> = ys
            .iter()
            .copied()
            .filter(|&b| xs.iter().any(|&a| holds(relation, distance, a, b)))
            .collect();
        let mut after = state.clone();
        let fixpoint = propagate(&model, &mut after, Schedule::Queue, None).unwrap();
        if keep_x.is_empty() {
            prop_assert!(matches!(fixpoint, Fixpoint::Conflict(_)), "{xs:?} {ys:?}");
        } else {
            prop_assert!(matches!(fixpoint, Fixpoint::Reached));
            prop_assert_eq!(after.iter(x).collect::<Vec<_>>(), keep_x);
            prop_assert_eq!(after.iter(y).collect::<Vec<_>>(), keep_y);
        }
    }
}

#[test]
fn a_bar_to_a_fixed_cell_leaves_its_two_neighbours() {
    let (model, mut state, x, y) = case(1, 8, DistanceRelation::Is, 1, &[], &[]);
    state.assign(y, 5).unwrap();
    propagate(&model, &mut state, Schedule::Queue, None).unwrap();
    assert_eq!(state.iter(x).collect::<Vec<_>>(), [4, 6]);
}

#[test]
fn no_bar_between_two_candidates_removes_their_middle() {
    // y is 3 or 5: x = 4 would be next to either.
    let (model, mut state, x, y) = case(1, 5, DistanceRelation::IsNot, 1, &[], &[]);
    for value in [1, 2, 4, 6] {
        state.remove(y, value).unwrap();
    }
    propagate(&model, &mut state, Schedule::Queue, None).unwrap();
    assert_eq!(state.iter(x).collect::<Vec<_>>(), [1, 2, 3, 5, 6]);
}

#[test]
fn the_sentence_names_the_cells_and_the_facts() {
    let mut model = Model::new();
    let x = model.new_var_in(1..=4).unwrap();
    let y = model.new_var_in(1..=4).unwrap();
    model.set_name(x, "r1c1");
    model.set_name(y, "r1c2");
    model
        .add_rule(Distance::new("bar", x, DistanceRelation::IsNot, 1, y))
        .unwrap();
    model.fix(y, 2).unwrap();
    let mut state = model.domains();
    let mut trace = sieve::TextTrace::new(&model, Vec::new()).with_wakes(false);
    propagate(&model, &mut state, Schedule::Queue, Some(&mut trace)).unwrap();
    let text = String::from_utf8(trace.finish().unwrap()).unwrap();
    assert!(
        text.contains("|r1c1 − r1c2| ≠ 1 and r1c2 = 2, so r1c1 ≠ 1"),
        "{text}"
    );
    assert_eq!(state.iter(x).collect::<Vec<_>>(), [2, 4]);
}
