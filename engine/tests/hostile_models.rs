//! Models built from random, often invalid, parts through the public API: every
//! call returns a value or an error, never a panic, and a refused rule leaves the
//! model as it was. Every rule of the library is drawn, with variables the model
//! may not have, extreme values and coefficients, and graphs that may not fit;
//! what is accepted is then propagated from random states and searched.

use proptest::prelude::*;
use sieve::prelude::*;
use sieve::rules::*;

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
    /// `Compare` (`x < y + offset`) or `Distance` (`|x − y| = offset`).
    Binary {
        x: u32,
        y: u32,
        offset: i64,
        distance: bool,
    },
    /// `Arithmetic`: `z = x op y`, by the operation's index.
    Arithmetic {
        operation: usize,
        vars: [u32; 3],
    },
    /// `Element` over variables (`constants` empty) or constants.
    Element {
        array: Vec<u32>,
        constants: Vec<Value>,
        index: u32,
        value: u32,
    },
    /// `Regular` with an automaton of random transitions.
    Regular {
        vars: Vec<u32>,
        states: usize,
        accepting: Vec<usize>,
        transitions: Vec<(usize, Value, usize)>,
    },
    /// `DistinctSum`, `EachValueSomewhere` or `GlobalCardinality`, by `kind`.
    Group {
        kind: usize,
        vars: Vec<u32>,
        values: Vec<Value>,
        target: i64,
    },
    /// A reified linear test tied to `boolean`.
    Reified {
        terms: Vec<(i64, u32)>,
        rhs: i64,
        boolean: u32,
    },
    /// A graph rule (`Connected`, `Acyclic`, `ConnectedValues`, `SizedRegions`,
    /// `SingleLoop`, `SinglePath`), by `kind`, over `edges` of `vertices`.
    Graph {
        kind: usize,
        vertices: usize,
        edges: Vec<(usize, usize)>,
        vars: Vec<u32>,
    },
    /// `Probing` over some variables.
    Probe {
        vars: Vec<u32>,
    },
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![first_steps(), library_steps()]
}

fn value() -> impl Strategy<Value = Value> + Clone {
    prop_oneof![-5i32..=5, Just(Value::MIN), Just(Value::MAX)]
}

fn coefficient() -> impl Strategy<Value = i64> + Clone {
    prop_oneof![-3i64..=3, Just(i64::MAX), Just(i64::MIN + 1), Just(1 << 40)]
}

/// Variables, constants and rules of the first kinds.
fn first_steps() -> impl Strategy<Value = Step> {
    let value = value();
    let coefficient = coefficient();
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

/// The rest of the rule library.
fn library_steps() -> impl Strategy<Value = Step> {
    let var = 0u32..8;
    let vars = |most: usize| proptest::collection::vec(0u32..8, 0..most);
    let state = 0usize..5;
    prop_oneof![
        (var.clone(), var.clone(), coefficient(), any::<bool>()).prop_map(
            |(x, y, offset, distance)| Step::Binary {
                x,
                y,
                offset,
                distance
            }
        ),
        (0usize..7, [var.clone(), var.clone(), var.clone()])
            .prop_map(|(operation, vars)| Step::Arithmetic { operation, vars }),
        (
            vars(4),
            proptest::collection::vec(value(), 0..4),
            var.clone(),
            var.clone()
        )
            .prop_map(|(array, constants, index, value)| Step::Element {
                array,
                constants,
                index,
                value
            }),
        (
            vars(4),
            0usize..4,
            proptest::collection::vec(state.clone(), 0..3),
            proptest::collection::vec((state.clone(), value(), state), 0..8)
        )
            .prop_map(|(vars, states, accepting, transitions)| Step::Regular {
                vars,
                states,
                accepting,
                transitions
            }),
        (
            0usize..3,
            vars(5),
            proptest::collection::vec(value(), 0..4),
            prop_oneof![-20i64..=20, Just(i64::MAX), Just(i64::MIN)]
        )
            .prop_map(|(kind, vars, values, target)| Step::Group {
                kind,
                vars,
                values,
                target
            }),
        (
            proptest::collection::vec((coefficient(), var.clone()), 0..4),
            prop_oneof![-10i64..=10, Just(i64::MIN)],
            var
        )
            .prop_map(|(terms, rhs, boolean)| Step::Reified {
                terms,
                rhs,
                boolean
            }),
        (
            0usize..6,
            0usize..6,
            proptest::collection::vec((0usize..7, 0usize..7), 0..8),
            vars(8)
        )
            .prop_map(|(kind, vertices, edges, vars)| Step::Graph {
                kind,
                vertices,
                edges,
                vars
            }),
        vars(4).prop_map(|vars| Step::Probe { vars }),
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
        _ => apply_library(model, step),
    }
}

/// Apply a step of [`library_steps`].
fn apply_library(model: &mut Model, step: &Step) -> Result<(), Error> {
    let var = |index: &u32| VarId::from_index(*index as usize);
    let vars = |indices: &[u32]| indices.iter().map(var).collect::<Vec<_>>();
    let added = match step {
        Step::Binary {
            x,
            y,
            offset,
            distance: false,
        } => model
            .add_rule(Compare::new("less", var(x), Comparison::LessThan, var(y)).offset(*offset)),
        Step::Binary { x, y, offset, .. } => model.add_rule(Distance::new(
            "distance",
            var(x),
            DistanceRelation::Is,
            *offset,
            var(y),
        )),
        Step::Arithmetic { operation, vars } => {
            let operations = [
                Operation::Times,
                Operation::Divide,
                Operation::Modulo,
                Operation::Absolute,
                Operation::Minimum,
                Operation::Maximum,
                Operation::Power,
            ];
            let [x, y, z] = vars.map(|index| var(&index));
            model.add_rule(Arithmetic::new(
                "arithmetic",
                operations[*operation],
                x,
                y,
                z,
            ))
        }
        Step::Element {
            array,
            constants,
            index,
            value,
        } => {
            let element = if constants.is_empty() {
                Element::of_vars("element", vars(array), var(index), var(value))?
            } else {
                Element::of_constants("element", constants, var(index), var(value))?
            };
            model.add_rule(element)
        }
        Step::Regular {
            vars: indices,
            states,
            accepting,
            transitions,
        } => {
            let automaton = Automaton::new(*states, 0, accepting.clone(), transitions.clone())?;
            model.add_rule(Regular::new("regular", vars(indices), automaton))
        }
        Step::Group {
            kind: 0,
            vars: indices,
            target,
            ..
        } => model.add_rule(DistinctSum::new("distinct sum", vars(indices), *target)),
        Step::Group {
            kind: 1,
            vars: indices,
            values,
            ..
        } => model.add_rule(EachValueSomewhere::new(
            "each value",
            vars(indices),
            values.clone(),
        )),
        Step::Group {
            vars: indices,
            values,
            ..
        } => {
            let counts = values.iter().map(|&value| (value, 0..=2)).collect();
            model.add_rule(GlobalCardinality::new("counts", vars(indices), counts)?)
        }
        Step::Reified {
            terms,
            rhs,
            boolean,
        } => {
            let terms = terms.iter().map(|(c, v)| (*c, var(v))).collect();
            let test = ReifiedLinear::new("test", terms, LinearTest::Equal, *rhs)
                .reified(var(boolean), Reification::Equivalent);
            model.add_rule(test)
        }
        Step::Graph {
            kind,
            vertices,
            edges,
            vars: indices,
        } => {
            let graph = Graph::new(*vertices, edges.clone())?;
            let (name, vars) = ("graph", vars(indices));
            match kind {
                0 => model.add_rule(Connected::new(name, graph, vars)?),
                1 => model.add_rule(Acyclic::new(name, graph, vars)?),
                2 => model.add_rule(ConnectedValues::new(name, graph, vars)?),
                3 => model.add_rule(SizedRegions::new(name, graph, vars)?),
                4 => model.add_rule(SingleLoop::new(name, graph, vars)?),
                _ => model.add_rule(SinglePath::new(name, graph, vars, (0, 1))?),
            }
        }
        Step::Probe { vars: indices } => model.add_rule(Probing::new("probing", vars(indices))),
        _ => unreachable!("the first steps are applied by `apply`"),
    };
    added.map(|_| ())
}

/// Random removals from the model's own start state, then propagation: every
/// rule acts on states it did not make, and must answer or fail, never panic.
fn propagate_from(model: &Model, removals: &[(u32, Value)]) {
    let mut state = model.domains();
    for &(index, value) in removals {
        let _ = state.remove(VarId::from_index(index as usize), value);
    }
    let _ = propagate(model, &mut state, Schedule::Queue, None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    #[test]
    fn random_parts_never_panic(
        ranges in proptest::collection::vec((-3i32..=3, 0i32..=3), 0..7),
        steps in proptest::collection::vec(step(), 0..12),
        removals in proptest::collection::vec((0u32..8, -5i32..=5), 0..10),
    ) {
        // Most variables are small, so that most rules find the variables they name.
        let mut model = Model::new();
        for (first, width) in ranges {
            model.new_var_in(first..=first + width).expect("a small range");
        }
        for step in &steps {
            let rules_before = model.num_rules();
            if apply(&mut model, step).is_err() {
                prop_assert_eq!(model.num_rules(), rules_before, "a refused rule is not added");
            }
        }
        propagate_from(&model, &removals);
        // Whatever was accepted can be searched, within a limit, without a panic.
        let config = Config { node_limit: Some(2_000), ..Config::default() };
        if let Ok(search) = Search::new(&model, config) {
            let _ = search.count(Some(100));
        }
    }
}

#[test]
fn a_sum_that_could_overflow_is_refused_and_leaves_no_state() {
    let mut whole = Model::new();
    let every_i32 = whole.new_var_in(Value::MIN..=Value::MAX).unwrap();
    assert!(
        whole.is_bounds(every_i32),
        "every i32 is an interval, not a bitset"
    );
    let mut model = Model::new();
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

/// Two variables each below the other over a billion values: bounds propagation
/// raises their minimums one value a rule run, a billion runs before the conflict,
/// all inside the root node. The time limit must stop it there, not after.
#[test]
fn a_time_limit_stops_a_long_propagation_inside_one_node() {
    let mut model = Model::new();
    let pair = model.new_vars_in(2, 0..=1_000_000_000).unwrap();
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

#[test]
fn offsets_and_distances_past_any_i32_difference_keep_their_meaning() {
    // x + huge < y never holds; x − huge < y always does; |x − y| = huge never.
    let count = |rule: &dyn Fn(VarId, VarId) -> Box<dyn Rule>| {
        let mut model = Model::new();
        let x = model.new_var_in(-3..=3).unwrap();
        let y = model.new_var_in(-3..=3).unwrap();
        model.add_boxed(rule(x, y)).unwrap();
        Search::new(&model, Config::default())
            .unwrap()
            .count(None)
            .solutions
    };
    let less = |x, y| Compare::new("less", x, Comparison::LessThan, y);
    assert_eq!(count(&|x, y| Box::new(less(x, y).offset(i64::MAX))), 0);
    assert_eq!(count(&|x, y| Box::new(less(x, y).offset(i64::MIN))), 49);
    let far = |x, y| Box::new(Distance::new("far", x, DistanceRelation::Is, i64::MIN, y)) as _;
    assert_eq!(count(&far), 0);
}
