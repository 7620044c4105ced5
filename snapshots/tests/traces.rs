//! Golden traces of small engine runs: a change to what the engine reports (order of
//! events, wording, provenance) shows up here as a reviewed snapshot diff.

use sieve::prelude::*;
use sieve::{JsonTrace, TextTrace};

/// Four cells in a row and a column of a 2x2 Latin square with one given.
fn latin_2x2() -> (Model, Domains) {
    let mut model = Model::new();
    let cells = model.new_vars(4, 2);
    for (i, &cell) in cells.iter().enumerate() {
        model.set_name(cell, format!("r{}c{}", i / 2 + 1, i % 2 + 1));
    }
    model.set_value_labels(vec!["1".into(), "2".into()]);
    for (name, pair) in [
        ("row 1", [0, 1]),
        ("row 2", [2, 3]),
        ("column 1", [0, 2]),
        ("column 2", [1, 3]),
    ] {
        let vars = pair.iter().map(|&i| cells[i]).collect();
        model.add_rule(AllDifferent::new(name, vars)).unwrap();
    }
    let mut start = model.domains();
    start.assign(cells[0], 1).unwrap();
    (model, start)
}

#[test]
fn text_trace_of_a_propagation() {
    let (model, mut state) = latin_2x2();
    let mut trace = TextTrace::new(&model, Vec::new());
    propagate(&model, &mut state, Schedule::Queue, Some(&mut trace)).unwrap();
    let text = String::from_utf8(trace.finish().unwrap()).unwrap();
    insta::assert_snapshot!(text);
}

#[test]
fn text_trace_of_a_search_with_backtracking() {
    let mut model = Model::new();
    let x = model.new_vars(3, 3);
    model.add_rule(AllDifferent::new("all", x.clone())).unwrap();
    model
        .add_rule(LinearSum::sum_equals("x0 + x1 = 3", &x[..2], 3))
        .unwrap();
    let mut trace = TextTrace::new(&model, Vec::new()).with_wakes(false);
    let config = Config::default().var_order(VarOrder::First);
    let count = Search::new(&model, config)
        .unwrap()
        .observe(&mut trace)
        .count(None);
    assert_eq!(count.solutions, 2);
    let text = String::from_utf8(trace.finish().unwrap()).unwrap();
    insta::assert_snapshot!(text);
}

#[test]
fn json_trace_of_a_propagation() {
    let (model, mut state) = latin_2x2();
    let start = state.clone();
    let mut trace = JsonTrace::new(&model, &start);
    propagate(&model, &mut state, Schedule::Queue, Some(&mut trace)).unwrap();
    insta::assert_snapshot!(trace.to_json());
}
