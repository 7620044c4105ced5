//! Variables over their own ranges (`1..=9`, `-3..=3`): every rule, search, check and
//! trace reads and writes the values themselves. Each answer here is checked
//! against a plain enumeration that shares no code with the engine.

use sieve::prelude::*;
use sieve::{Error, JsonTrace, Restore, oracle};

/// Every assignment of `count` variables over `range`, as a plain list.
fn assignments(count: usize, range: std::ops::RangeInclusive<Value>) -> Vec<Vec<Value>> {
    let mut all = vec![Vec::new()];
    for _ in 0..count {
        all = all
            .into_iter()
            .flat_map(|prefix: Vec<Value>| {
                range.clone().map(move |value| {
                    let mut next = prefix.clone();
                    next.push(value);
                    next
                })
            })
            .collect();
    }
    all
}

fn distinct(values: &[Value]) -> bool {
    (0..values.len()).all(|i| !values[i + 1..].contains(&values[i]))
}

fn solutions(model: &Model, restore: Restore) -> Vec<Vec<Value>> {
    let config = Config::default().restore(restore);
    let search = Search::new(model, config).expect("the model's own state");
    let mut found: Vec<Vec<Value>> = search.map(|solution| solution.values).collect();
    found.sort();
    found
}

#[test]
fn a_cage_of_digits_sums_to_its_printed_clue() {
    for clue in [6, 7, 15, 23, 24, 25] {
        let mut model = Model::new();
        let digits = model.new_vars_in(3, 1..=9).unwrap();
        model
            .add_rule(DistinctSum::new("cage", digits.clone(), clue))
            .unwrap();
        let expected: Vec<Vec<Value>> = assignments(3, 1..=9)
            .into_iter()
            .filter(|values| distinct(values) && values.iter().sum::<Value>() == clue as Value)
            .collect();
        for restore in [Restore::Copy, Restore::Trail] {
            assert_eq!(solutions(&model, restore), expected, "clue {clue}");
        }
        assert_eq!(
            oracle::check_all_rules(&model, &model.domains()),
            Ok(Ok(()))
        );
    }
}

#[test]
fn values_below_zero_are_values_like_any_other() {
    let mut model = Model::new();
    let offsets = model.new_vars_in(3, -3..=3).unwrap();
    model
        .add_rule(AllDifferent::new("apart", offsets.clone()).with_consistency(Consistency::Domain))
        .unwrap();
    model
        .add_rule(LinearSum::new(
            "balanced",
            vec![(1, offsets[0]), (2, offsets[1]), (-1, offsets[2])],
            Relation::Equal,
            -4,
        ))
        .unwrap();
    model
        .add_rule(Compare::new(
            "first below second",
            offsets[0],
            Comparison::LessThan,
            offsets[1],
        ))
        .unwrap();
    let expected: Vec<Vec<Value>> = assignments(3, -3..=3)
        .into_iter()
        .filter(|v| distinct(v) && v[0] + 2 * v[1] - v[2] == -4 && v[0] < v[1])
        .collect();
    assert!(!expected.is_empty());
    for restore in [Restore::Copy, Restore::Trail] {
        assert_eq!(solutions(&model, restore), expected);
    }
    assert_eq!(
        oracle::check_all_rules(&model, &model.domains()),
        Ok(Ok(()))
    );
}

#[test]
fn variables_of_different_ranges_share_rules() {
    let mut model = Model::new();
    let low = model.new_var_in(-2..=1).unwrap();
    let high = model.new_var_in(0..=5).unwrap();
    let far = model.new_var_in(3..=70).unwrap();
    model
        .add_rule(AllDifferent::new("all", vec![low, high, far]))
        .unwrap();
    model
        .add_rule(EachValueSomewhere::new(
            "each",
            vec![low, high, far],
            vec![0, 1, 3],
        ))
        .unwrap();
    model
        .add_rule(Compare::new("equal", far, Comparison::Equal, high).offset(-2))
        .unwrap();
    let expected: Vec<Vec<Value>> = (-2..=1)
        .flat_map(|a| (0..=5).flat_map(move |b| (3..=70).map(move |c| vec![a, b, c])))
        .filter(|v| {
            distinct(v) && [0, 1, 3].iter().all(|value| v.contains(value)) && v[2] - 2 == v[1]
        })
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(solutions(&model, Restore::Copy), expected);
    assert_eq!(
        oracle::check_all_rules(&model, &model.domains()),
        Ok(Ok(()))
    );
}

#[test]
fn a_value_outside_the_range_is_an_error_everywhere() {
    let mut model = Model::new();
    let digit = model.new_var_in(1..=9).unwrap();
    let Err(Error::ValueOutOfRange { value, range, .. }) = model.fix(digit, 0) else {
        panic!("0 is not a digit");
    };
    assert_eq!((value, range), (0, 1..=9));
    assert!(model.restrict(digit, &ValueSet::inclusive(5..=10)).is_err());
    let mut state = model.domains();
    assert!(state.assign(digit, 10).is_err() && state.remove(digit, -1).is_err());
    assert_eq!(state.count(digit), 9, "a refused value changes nothing");
    assert_eq!(
        model.new_var_in(std::ops::RangeInclusive::new(3, 2)),
        Err(Error::EmptyRange { start: 3, end: 2 })
    );
    assert_eq!(model.range(digit), Ok(1..=9));
}

#[test]
fn traces_carry_each_range() {
    let mut model = Model::new();
    let cells = model.new_vars_in(2, -1..=1).unwrap();
    model
        .add_rule(LinearSum::sum_equals("sum", &cells, -2))
        .unwrap();
    let mut trace = JsonTrace::new(&model, &model.domains());
    let search = Search::new(&model, Config::default())
        .unwrap()
        .observe(&mut trace);
    let found: Vec<Vec<Value>> = search.map(|solution| solution.values).collect();
    assert_eq!(found, vec![vec![-1, -1]]);
    let document = trace.document();
    assert_eq!(
        (document.version, document.firsts.clone()),
        (2, vec![-1, -1])
    );
    assert_eq!(document.start, vec![vec![-1, 0, 1], vec![-1, 0, 1]]);
    let removed: Vec<Value> = document
        .events
        .iter()
        .filter(|event| event.kind == "change")
        .flat_map(|event| event.removed.clone())
        .collect();
    assert_eq!(removed, vec![0, 1, 0, 1]);
}
