//! The rule sets against brute force: no rule removes a value that a solution
//! uses ([`sieve::oracle`]), and [`DistinctSum`] removes exactly the values
//! with no support, checked by a slow enumeration written here.

use proptest::prelude::*;
use sieve::fast::Words;
use sieve::oracle;
use sieve::prelude::*;
use sieve_magic::{DistinctSum, MagicModel, Rules};

/// A random order-3 state: per cell, either one value (a given) or a random
/// non-empty set of candidates.
fn order_3_state() -> impl Strategy<Value = Vec<u64>> {
    let full = (1u64 << 9) - 1;
    let cell = prop_oneof![
        (0u32..9).prop_map(|value| 1u64 << value),
        (1u64..=full).prop_map(move |mask| mask & full),
    ];
    proptest::collection::vec(cell, 9)
}

/// The model's start state with each cell narrowed to its mask.
fn narrowed(magic: &MagicModel, masks: &[u64]) -> Domains {
    let mut state = magic.model().domains();
    for (&cell, &mask) in magic.cells().iter().zip(masks) {
        state.retain_word(cell, mask);
    }
    state
}

/// The values of `domains` (bit masks) that some assignment of pairwise
/// different values summing to `target` uses, by enumerating every tuple;
/// `None` when there is no such assignment.
fn slow_supports(domains: &[u64], target: u64) -> Option<Vec<u64>> {
    let mut kept = vec![0u64; domains.len()];
    let mut tuple = Vec::with_capacity(domains.len());
    enumerate(domains, target, &mut tuple, &mut kept);
    kept.iter().all(|&mask| mask != 0).then_some(kept)
}

fn enumerate(domains: &[u64], target: u64, tuple: &mut Vec<u32>, kept: &mut [u64]) {
    if tuple.len() == domains.len() {
        let sum: u64 = tuple.iter().map(|&value| u64::from(value)).sum();
        if sum == target {
            for (mask, &value) in kept.iter_mut().zip(tuple.iter()) {
                *mask |= 1 << value;
            }
        }
        return;
    }
    for value in 0..64 {
        if domains[tuple.len()] >> value & 1 == 1 && !tuple.contains(&value) {
            tuple.push(value);
            enumerate(domains, target, tuple, kept);
            tuple.pop();
        }
    }
}

/// One line of `size`-value cells with the given masks, after one run of
/// `DistinctSum`; `None` for a conflict.
fn after_distinct_sum(size: u32, masks: &[u64], target: u64, budget: u64) -> Option<Vec<u64>> {
    let mut model = Model::new();
    let cells = model.new_vars(masks.len(), size);
    let rule = DistinctSum::new("line", cells.clone(), target as i64).with_budget(budget);
    model.add_rule(rule).unwrap();
    let mut state = model.domains();
    for (&cell, &mask) in cells.iter().zip(masks) {
        state.retain_word(cell, mask);
    }
    match sieve::apply_rule(&model, &mut state, RuleId::first(), None).unwrap() {
        Fixpoint::Conflict(_) => None,
        _ => Some(cells.iter().map(|&cell| state.word(cell)).collect()),
    }
}

/// A line of 1..=5 cells over 16 values, each with a random non-empty mask,
/// and a target from 0 to the largest reachable sum.
fn line_state() -> impl Strategy<Value = (Vec<u64>, u64)> {
    let full = (1u64 << 16) - 1;
    (
        proptest::collection::vec((1u64..=full).prop_map(move |mask| mask & full), 1..=5),
        0u64..=70,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn every_rule_is_sound_on_random_order_3_states(masks in order_3_state()) {
        for rules in Rules::ALL {
            let magic = MagicModel::with_rules(3, rules).unwrap();
            let state = narrowed(&magic, &masks);
            let verdict = oracle::check_all_rules(magic.model(), &state).unwrap();
            prop_assert!(verdict.is_ok(), "{:?}: {:?}", rules, verdict);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn distinct_sum_keeps_exactly_the_supported_values((masks, target) in line_state()) {
        let expected = slow_supports(&masks, target);
        prop_assert_eq!(after_distinct_sum(16, &masks, target, u64::MAX), expected);
    }

    #[test]
    fn a_small_budget_only_keeps_more((masks, target) in line_state()) {
        let exact = slow_supports(&masks, target);
        let after = after_distinct_sum(16, &masks, target, 2);
        match (exact, after) {
            (Some(exact), Some(after)) => {
                for ((&kept, &needed), &before) in after.iter().zip(&exact).zip(&masks) {
                    prop_assert_eq!(kept & needed, needed, "a supported value went");
                    prop_assert_eq!(kept & !before, 0, "a value came back");
                }
            }
            (Some(exact), None) => prop_assert!(false, "false conflict, supports {:?}", exact),
            (None, _) => {}
        }
    }
}

#[test]
fn the_rules_are_sound_on_an_empty_order_3_square_and_on_givens() {
    for rules in Rules::ALL {
        let magic = MagicModel::with_rules(3, rules).unwrap();
        // On the empty square, completeness over the all-different's nine open cells
        // is 9^9 assignments, past brute force; every other claim is checked. The
        // state with givens below checks completeness too.
        let empty = magic.model().domains();
        let checks = oracle::Checks::without_completeness();
        assert_eq!(
            oracle::check_all_rules_with(magic.model(), &empty, checks).unwrap(),
            Ok(())
        );
        // 8 . .  /  . . .  /  . . 2 (as masks of the cells' words: bit p is the number p + 1).
        let mut masks = vec![(1u64 << 9) - 1; 9];
        masks[0] = 1 << 7;
        masks[8] = 1 << 1;
        let state = narrowed(&magic, &masks);
        assert_eq!(
            oracle::check_all_rules(magic.model(), &state).unwrap(),
            Ok(())
        );
    }
}

#[test]
fn a_line_wider_than_a_word_falls_back_to_sound_bounds() {
    // 100-value cells: two of them summing to 3 leaves 0..=3 each.
    let mut model = Model::new();
    let cells = model.new_vars(2, 100);
    model
        .add_rule(DistinctSum::new("wide", cells.clone(), 3))
        .unwrap();
    let mut state = model.domains();
    let end = propagate(&model, &mut state, Schedule::Queue, None).unwrap();
    assert_eq!(end, Fixpoint::Reached);
    for &cell in &cells {
        assert_eq!(state.iter(cell).collect::<Vec<_>>(), [0, 1, 2, 3]);
    }
    let solutions = oracle::solutions(&model, &state, oracle::DEFAULT_BUDGET).unwrap();
    assert_eq!(solutions, [vec![0, 3], vec![1, 2], vec![2, 1], vec![3, 0]]);
}
