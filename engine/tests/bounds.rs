//! Interval domains: variables of ranges wider than `Model::BITSET_LIMIT` keep only
//! their bounds, and rules, search and every value order still solve them.

use sieve::branch::{BranchState, Brancher};
use sieve::prelude::*;
use sieve::rules::Relation;

/// `x + y = 1,000,000` and `x − y = 999,998` over `0..=1,000,000`: bounds
/// reasoning and a few decisions find `x = 999,999`, `y = 1`, with either restore.
#[test]
fn a_linear_system_over_a_million_values_solves_in_few_nodes() {
    for restore in Restore::ALL {
        let mut model = Model::new();
        let x = model.new_var_in(0..=1_000_000).unwrap();
        let y = model.new_var_in(0..=1_000_000).unwrap();
        assert!(model.is_bounds(x) && model.domains().is_bounds(y));
        model
            .add_rule(LinearSum::sum_equals("x + y", &[x, y], 1_000_000))
            .unwrap();
        let difference = LinearSum::new("x - y", vec![(1, x), (-1, y)], Relation::Equal, 999_998);
        model.add_rule(difference).unwrap();
        let config = Config::default().restore(restore);
        let mut search = Search::new(&model, config).unwrap();
        let solution = search.next_solution().expect("a solution");
        assert_eq!((solution.value(x), solution.value(y)), (999_999, 1));
        assert!(search.next_solution().is_none(), "the only solution");
        let nodes = search.counters().nodes;
        assert!(nodes <= 10, "{nodes} nodes with {restore:?}");
    }
}

/// `x mod 1000 = 7`, checked only on full assignments (its action removes
/// nothing), so the search must walk the interval value by value.
struct EndsIn7;

impl Rule for EndsIn7 {
    fn name(&self) -> &str {
        "x ends in 007"
    }
    fn watches(&self) -> Vec<Watch> {
        vec![Watch::new(VarId::from_index(0), Events::ASSIGNED)]
    }
    fn handles_intervals(&self) -> bool {
        true // it reads no domain
    }
    fn action(&self, _ctx: &mut Context<'_>) -> Result<(), Conflict> {
        Ok(())
    }
    fn holds(&self, values: &[Value]) -> bool {
        values[0].rem_euclid(1000) == 7
    }
}

/// Picks a given place in the interval: the largest value or the middle one.
struct Pick(fn(Value, Value) -> Value);

impl Brancher for Pick {
    fn select_var(&mut self, state: &BranchState<'_>) -> Option<VarId> {
        state.unassigned().next()
    }
    fn select_value(&mut self, state: &BranchState<'_>, var: VarId) -> Value {
        let domains = state.domains();
        (self.0)(domains.min(var).unwrap(), domains.max(var).unwrap())
    }
}

/// A rule that reads values one by one is refused on an interval, by name.
#[test]
fn a_value_reading_rule_is_refused_on_an_interval() {
    let mut model = Model::new();
    let x = model.new_var_in(0..=100_000).unwrap();
    let y = model.new_var_in(0..=9).unwrap();
    let error = model
        .add_rule(AllDifferent::new("apart", vec![x, y]))
        .unwrap_err();
    assert!(
        matches!(&error, Error::InvalidRule { rule, .. } if rule == "apart"),
        "{error}"
    );
    assert!(error.to_string().contains("interval"), "{error}");
    assert_eq!(model.num_rules(), 0);
}

/// Every value order terminates on an interval and finds every solution once:
/// smallest first, random (a split at a random value), largest first, middle.
#[test]
fn every_value_order_enumerates_an_interval_exactly() {
    let mut model = Model::new();
    let x = model.new_var_in(-70_000..=70_000).unwrap();
    assert!(model.is_bounds(x));
    model.add_rule(EndsIn7).unwrap();
    let expected: Vec<Value> = (-70_000..=70_000)
        .filter(|v: &Value| v.rem_euclid(1000) == 7)
        .collect();
    let solve = |search: Search<'_, '_>| {
        let mut values: Vec<Value> = search.map(|solution| solution.value(x)).collect();
        values.sort_unstable();
        values
    };
    for order in [ValueOrder::Ascending, ValueOrder::Random { seed: 7 }] {
        let search = Search::new(&model, Config::default().value_order(order)).unwrap();
        assert_eq!(solve(search), expected, "{order:?}");
    }
    let largest: fn(Value, Value) -> Value = |_, high| high;
    let middle: fn(Value, Value) -> Value = |low, high| low + (high - low) / 2;
    for pick in [largest, middle] {
        let search = Search::new(&model, Config::default())
            .unwrap()
            .with_brancher(Box::new(Pick(pick)));
        assert_eq!(solve(search), expected);
    }
}

/// A range of every `i32` is an interval: its count saturates, its bounds are
/// exact, and a sum narrows it like any other.
#[test]
fn the_whole_i32_range_is_a_variable() {
    let mut model = Model::new();
    let x = model.new_var_in(Value::MIN..=Value::MAX).unwrap();
    let y = model.new_var_in(0..=9).unwrap();
    let state = model.domains();
    assert_eq!(state.count(x), u32::MAX, "2^32 values saturate");
    assert_eq!(
        (state.min(x), state.max(x)),
        (Some(Value::MIN), Some(Value::MAX))
    );
    model
        .add_rule(LinearSum::new(
            "x = 3y + 5",
            vec![(1, x), (-3, y)],
            Relation::Equal,
            5,
        ))
        .unwrap();
    let mut state = model.domains();
    propagate(&model, &mut state, Schedule::Queue, None).unwrap();
    assert_eq!((state.min(x), state.max(x)), (Some(5), Some(32)));
    let count = Search::new(&model, Config::default()).unwrap().count(None);
    assert_eq!(count.solutions, 10);
}

/// `x ≠ 5` cannot remove 5 from the inside of an interval: the rule must not
/// call itself entailed then, so that the solution check still rejects 5.
#[test]
fn a_hole_an_interval_cannot_hold_is_still_enforced() {
    let mut model = Model::new();
    let x = model.new_var_in(0..=100_000).unwrap();
    let five = model.new_var_in(5..=5).unwrap();
    let y = model.new_var_in(4..=6).unwrap();
    model
        .add_rule(Compare::new("x ≠ 5", x, Comparison::NotEqual, five))
        .unwrap();
    model
        .add_rule(Compare::new("x = y", x, Comparison::Equal, y))
        .unwrap();
    let values: Vec<Value> = Search::new(&model, Config::default())
        .unwrap()
        .map(|solution| solution.value(x))
        .collect();
    assert_eq!(values, vec![4, 6]);
}

/// A gap cannot be given to an interval: restricting one to values with a gap
/// is an error, not a silent widening.
#[test]
fn an_interval_refuses_a_start_with_gaps() {
    let mut model = Model::new();
    let x = model.new_var_in(0..=100_000).unwrap();
    let gapped: ValueSet = [3, 5].into_iter().collect();
    assert!(matches!(
        model.restrict(x, &gapped),
        Err(Error::GapsInInterval { var: 0, .. })
    ));
    model.restrict(x, &ValueSet::inclusive(10..=20)).unwrap();
    assert_eq!(model.domains().count(x), 11);
}

/// The oracle checks bitset domains only: it refuses an interval with an error
/// that says so.
#[test]
fn the_oracle_refuses_intervals() {
    let mut model = Model::new();
    let x = model.new_var_in(0..=100_000).unwrap();
    model.add_rule(EndsIn7).unwrap();
    let error = sieve::oracle::solutions(&model, &model.domains(), 1000).unwrap_err();
    assert!(
        matches!(error, Error::IntervalInOracle { var: 0 }),
        "{error}"
    );
    assert!(error.to_string().contains("interval"));
    let _ = x;
}
