//! Models built from random, often invalid, parts through the public API: every
//! call returns a value or an error, never a panic, and a refused rule leaves the
//! model as it was.

use proptest::prelude::*;
use sieve::prelude::*;

/// One step of building a model, with indices and values drawn wide enough to miss.
#[derive(Clone, Debug)]
enum Step {
    Var {
        first: Value,
        last: Value,
    },
    Fix {
        var: u32,
        value: Value,
    },
    Sum {
        terms: Vec<(i64, u32)>,
        rhs: i64,
    },
    Different {
        vars: Vec<u32>,
    },
    Table {
        vars: Vec<u32>,
        tuples: Vec<Vec<Value>>,
    },
    Count {
        vars: Vec<u32>,
        value: Value,
        at_most: usize,
    },
}

fn step() -> impl Strategy<Value = Step> {
    let value = prop_oneof![-5i32..=5, Just(Value::MIN), Just(Value::MAX)];
    let coefficient = prop_oneof![-3i64..=3, Just(i64::MAX), Just(i64::MIN + 1), Just(1 << 40)];
    let var = 0u32..8;
    prop_oneof![
        (value.clone(), value.clone()).prop_map(|(first, last)| Step::Var { first, last }),
        (var.clone(), value.clone()).prop_map(|(var, value)| Step::Fix { var, value }),
        (
            proptest::collection::vec((coefficient, var.clone()), 0..4),
            prop_oneof![-10i64..=10, Just(i64::MAX)]
        )
            .prop_map(|(terms, rhs)| Step::Sum { terms, rhs }),
        proptest::collection::vec(var.clone(), 0..4).prop_map(|vars| Step::Different { vars }),
        (
            proptest::collection::vec(var.clone(), 0..3),
            proptest::collection::vec(proptest::collection::vec(value.clone(), 0..3), 0..4)
        )
            .prop_map(|(vars, tuples)| Step::Table { vars, tuples }),
        (proptest::collection::vec(var, 0..4), value, 0usize..6).prop_map(
            |(vars, value, at_most)| Step::Count {
                vars,
                value,
                at_most
            }
        ),
    ]
}

/// Apply `step`; `Err` is fine, a panic is not.
fn apply(model: &mut Model, step: &Step) -> Result<(), Error> {
    let var = |index: &u32| VarId::from_index(*index as usize);
    let vars = |indices: &[u32]| indices.iter().map(var).collect::<Vec<_>>();
    match step {
        Step::Var { first, last } => model.new_var_in(*first..=*last).map(|_| ()),
        Step::Fix { var: index, value } => model.fix(var(index), *value),
        Step::Sum { terms, rhs } => {
            let terms = terms.iter().map(|(c, v)| (*c, var(v))).collect();
            let sum = LinearSum::new("sum", terms, Relation::AtMost, *rhs);
            model.add_rule(sum).map(|_| ())
        }
        Step::Different { vars: indices } => model
            .add_rule(AllDifferent::new("different", vars(indices)))
            .map(|_| ()),
        Step::Table {
            vars: indices,
            tuples,
        } => {
            let table = Table::new("table", vars(indices), tuples.clone())?;
            model.add_rule(table).map(|_| ())
        }
        Step::Count {
            vars: indices,
            value,
            at_most,
        } => {
            let values = ValueSet::single(*value);
            let count = Cardinality::at_most("count", vars(indices), values, *at_most)?;
            model.add_rule(count).map(|_| ())
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_parts_never_panic(steps in proptest::collection::vec(step(), 0..12)) {
        let mut model = Model::new();
        for step in &steps {
            let rules_before = model.num_rules();
            if apply(&mut model, step).is_err() {
                prop_assert_eq!(model.num_rules(), rules_before, "a refused rule is not added");
            }
        }
        // Whatever was accepted can be searched, within a limit, without a panic.
        let config = Config { node_limit: Some(2_000), ..Config::default() };
        if let Ok(search) = Search::new(&model, config) {
            let _ = search.count(Some(100));
        }
    }
}

#[test]
fn a_sum_that_could_overflow_is_refused_and_leaves_no_state() {
    let mut model = Model::new();
    assert!(matches!(
        model.new_var_in(Value::MIN..=Value::MAX),
        Err(Error::RangeTooWide { .. })
    ));
    let wide = model.new_vars_in(2, -1000..=1000).unwrap();
    let huge = LinearSum::new(
        "huge",
        vec![(i64::MAX / 4, wide[0]), (1, wide[1])],
        Relation::Equal,
        0,
    );
    let error = model.add_rule(huge).unwrap_err();
    assert!(
        matches!(&error, Error::InvalidRule { rule, .. } if rule == "huge"),
        "{error}"
    );
    assert!(error.to_string().contains("2^61"), "{error}");
    assert_eq!(model.num_rules(), 0);
    // The same variables take a sum that fits, and the model still solves.
    model.fix(wide[0], 0).unwrap();
    model.fix(wide[1], 0).unwrap();
    let small = model.new_vars_in(2, -2..=2).unwrap();
    model
        .add_rule(LinearSum::sum_equals("fits", &small, 4))
        .unwrap();
    let solutions: Vec<Vec<Value>> = Search::new(&model, Config::default())
        .unwrap()
        .map(|solution| solution.values[2..].to_vec())
        .take(2)
        .collect();
    assert_eq!(solutions, vec![vec![2, 2]]);
}

/// Two variables each below the other over a million values: bounds propagation
/// raises their minimums one value a rule run, a million runs before the conflict,
/// all inside the root node. The time limit must stop it there, not after.
#[test]
fn a_time_limit_stops_a_long_propagation_inside_one_node() {
    let mut model = Model::new();
    let pair = model.new_vars_in(2, 0..=1_000_000).unwrap();
    model
        .add_rule(Compare::new(
            "a < b",
            pair[0],
            Comparison::LessThan,
            pair[1],
        ))
        .unwrap();
    model
        .add_rule(Compare::new(
            "b < a",
            pair[1],
            Comparison::LessThan,
            pair[0],
        ))
        .unwrap();
    let limit = std::time::Duration::from_millis(100);
    let config = Config {
        time_limit: Some(limit),
        ..Config::default()
    };
    let started = std::time::Instant::now();
    let count = Search::new(&model, config).unwrap().count(None);
    let took = started.elapsed();
    assert_eq!(count.stopped, Some(StopReason::TimeLimit));
    // 10 % or 50 ms past the limit, whichever is larger, plus slack for a loaded
    // machine; without the clock inside propagation the run takes seconds.
    assert!(
        took < limit + std::time::Duration::from_millis(400),
        "{took:?}"
    );
}
