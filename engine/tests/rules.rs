//! The generic rules against slow from-scratch checkers and the brute-force oracle.

use proptest::prelude::*;
use sieve::fast::Words;
use sieve::oracle;
use sieve::prelude::*;

/// Random small domains: `vars` variables of `size` values, each keeping a random
/// non-empty subset.
fn small_state() -> impl Strategy<Value = (u32, Vec<u64>)> {
    (2u32..=5, 2usize..=5).prop_flat_map(|(size, vars)| {
        let full = (1u64 << size) - 1;
        (
            Just(size),
            prop::collection::vec((1..=full).prop_map(move |m| m & full), vars),
        )
    })
}

fn model_with<R: Rule + 'static>(
    size: u32,
    masks: &[u64],
    make: impl FnOnce(Vec<VarId>) -> R,
) -> (Model, Domains) {
    let mut model = Model::new();
    let vars = model.new_vars(masks.len(), size);
    model.add_rule(make(vars.clone())).unwrap();
    let mut start = model.domains();
    for (var, &mask) in vars.iter().zip(masks) {
        start.retain_word(*var, mask);
    }
    (model, start)
}

/// Apply the rule once; `None` for a conflict.
fn after_rule(model: &Model, start: &Domains) -> Option<Vec<u64>> {
    let mut state = start.clone();
    match sieve::apply_rule(model, &mut state, RuleId::first(), None).unwrap() {
        Fixpoint::Conflict(_) => None,
        _ => Some(model.vars().map(|v| state.word(v)).collect()),
    }
}

/// Slow all-different singles: remove fixed values from the others until nothing moves.
fn slow_all_different(masks: &[u64]) -> Option<Vec<u64>> {
    let mut masks = masks.to_vec();
    loop {
        let before = masks.clone();
        for i in 0..masks.len() {
            if masks[i].count_ones() == 1 {
                for j in 0..masks.len() {
                    if j != i {
                        masks[j] &= !masks[i];
                    }
                }
            }
        }
        if masks.contains(&0) {
            return None;
        }
        if masks == before {
            return Some(masks);
        }
    }
}

/// Slow hidden singles over `values`.
fn slow_each_value(masks: &[u64], values: &[Value]) -> Option<Vec<u64>> {
    let mut masks = masks.to_vec();
    loop {
        let before = masks.clone();
        for &value in values {
            let places: Vec<usize> = (0..masks.len())
                .filter(|&i| masks[i] >> value & 1 == 1)
                .collect();
            match places.as_slice() {
                [] => return None,
                [only] => masks[*only] = 1 << value,
                _ => {}
            }
        }
        if masks == before {
            return Some(masks);
        }
    }
}

/// Slow bounds reasoning for Σ x == rhs: keep v in x_i when v plus the others' bounds
/// can reach rhs.
fn slow_sum(masks: &[u64], rhs: i64) -> Option<Vec<u64>> {
    let mut masks = masks.to_vec();
    loop {
        let before = masks.clone();
        for i in 0..masks.len() {
            let others = |pick: fn(u64) -> i64| -> i64 {
                (0..masks.len())
                    .filter(|&j| j != i)
                    .map(|j| pick(masks[j]))
                    .sum()
            };
            let low = others(|m| i64::from(m.trailing_zeros()));
            let high = others(|m| 63 - i64::from(m.leading_zeros()));
            let mut kept = 0;
            for v in 0..64 {
                if masks[i] >> v & 1 == 1 && low + v <= rhs && rhs <= high + v {
                    kept |= 1 << v;
                }
            }
            masks[i] = kept;
            if kept == 0 {
                return None;
            }
        }
        if masks == before {
            return Some(masks);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn all_different_matches_its_slow_checker_and_is_sound((size, masks) in small_state()) {
        let (model, start) = model_with(size, &masks, |vars| AllDifferent::new("all", vars));
        prop_assert_eq!(after_rule(&model, &start), slow_all_different(&masks));
        prop_assert_eq!(oracle::check_rule(&model, &start, RuleId::first()).unwrap(), Ok(()));
    }

    #[test]
    fn each_value_matches_its_slow_checker_and_is_sound((size, masks) in small_state()) {
        let values: Vec<Value> = (0..size.min(masks.len() as u32) as Value).collect();
        let (model, start) = model_with(size, &masks, |vars| {
            EachValueSomewhere::new("values", vars, values.clone())
        });
        prop_assert_eq!(after_rule(&model, &start), slow_each_value(&masks, &values));
        prop_assert_eq!(oracle::check_rule(&model, &start, RuleId::first()).unwrap(), Ok(()));
    }

    #[test]
    fn sum_matches_its_slow_checker_and_is_sound((size, masks) in small_state(), rhs in 0i64..12) {
        let (model, start) = model_with(size, &masks, |vars| LinearSum::sum_equals("sum", &vars, rhs));
        prop_assert_eq!(after_rule(&model, &start), slow_sum(&masks, rhs));
        prop_assert_eq!(oracle::check_rule(&model, &start, RuleId::first()).unwrap(), Ok(()));
    }

    #[test]
    fn weighted_sums_are_sound(
        (size, masks) in small_state(),
        coefficients in prop::collection::vec(-3i64..=3, 5),
        rhs in -10i64..20,
        relation in prop::sample::select(vec![Relation::Equal, Relation::AtMost, Relation::AtLeast]),
    ) {
        let (model, start) = model_with(size, &masks, |vars| {
            let terms = vars.iter().zip(&coefficients).map(|(&v, &c)| (c, v)).collect();
            LinearSum::new("weighted", terms, relation, rhs)
        });
        prop_assert_eq!(oracle::check_rule(&model, &start, RuleId::first()).unwrap(), Ok(()));
    }
}

#[test]
fn multi_word_domains_propagate_like_single_word_ones() {
    // Three variables of 100 values, pinned to {70, 99}, {70} and {70, 99, 5}.
    let mut model = Model::new();
    let vars = model.new_vars(3, 100);
    model
        .add_rule(AllDifferent::new("all", vars.clone()))
        .unwrap();
    model
        .add_rule(LinearSum::sum_equals("sum", &vars, 70 + 99 + 5))
        .unwrap();
    let mut start = model.domains();
    let keep = |values: &[Value]| values.iter().copied().collect::<ValueSet>();
    start.retain(vars[0], &keep(&[70, 99]));
    start.retain(vars[1], &keep(&[70]));
    start.retain(vars[2], &keep(&[5, 70, 99]));
    let solution = Search::from_state(&model, start, Config::default())
        .unwrap()
        .next_solution()
        .unwrap();
    assert_eq!(solution.values, vec![99, 70, 5]);
}
