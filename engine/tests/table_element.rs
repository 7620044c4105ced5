//! `Table` and `Element` inside whole searches: every schedule, restore and variable
//! order finds exactly the solutions a plain enumeration finds, and the oracle
//! accepts every claim on states met along the way.

mod common;

use sieve::oracle::check_all_rules;
use sieve::prelude::*;
use sieve::rules::{Element, Table};

/// Four cells over 1..=4 in a product cage (12×) and a difference cage (1−), a
/// lookup `cost = costs[x0 - 1]` written with an index variable, and
/// `x3 = cells[pick]`: the rules the two constraints are meant for, mixed.
fn model() -> (Model, Vec<VarId>) {
    let mut model = Model::new();
    let cells = model.new_vars_in(4, 1..=4).expect("a range");
    let pick = model.new_var_in(-1..=4).expect("a range");
    let position = model.new_var(4);
    let cost = model.new_var_in(0..=40).expect("a range");
    let product = Table::from_predicate("12×", cells[..3].to_vec(), &model, |v| {
        v[0] * v[1] * v[2] == 12
    });
    let difference = Table::new(
        "1−",
        vec![cells[2], cells[3]],
        [[1, 2], [2, 1], [2, 3], [3, 2], [3, 4], [4, 3]],
    );
    let shift = Table::from_predicate(
        "position = x0 − 1",
        vec![position, cells[0]],
        &model,
        |v| v[0] == v[1] - 1,
    );
    let costs = Element::of_constants("costs", &[30, 10, 20, 10], position, cost);
    let picked = Element::of_vars("picked", cells.clone(), pick, cells[3]);
    model
        .add_rule(product.expect("a cage"))
        .expect("in the model");
    model
        .add_rule(difference.expect("a cage"))
        .expect("in the model");
    model
        .add_rule(shift.expect("a relation"))
        .expect("in the model");
    model
        .add_rule(costs.expect("an array"))
        .expect("in the model");
    model
        .add_rule(picked.expect("an array"))
        .expect("in the model");
    let mut vars = cells;
    vars.extend([pick, position, cost]);
    (model, vars)
}

/// Every solution by enumeration of the cells and the index, the rest following.
fn enumerated() -> Vec<Vec<Value>> {
    let mut solutions = Vec::new();
    for n in 0..256 {
        let v: Vec<Value> = (0..4).map(|i| (n >> (2 * i) & 3) + 1).collect();
        for pick in 0..4 {
            let cost = [30, 10, 20, 10][(v[0] - 1) as usize];
            if v[0] * v[1] * v[2] == 12 && (v[2] - v[3]).abs() == 1 && v[pick] == v[3] {
                solutions.push(vec![v[0], v[1], v[2], v[3], pick as Value, v[0] - 1, cost]);
            }
        }
    }
    solutions.sort();
    solutions
}

#[test]
fn every_strategy_finds_the_enumerated_solutions() {
    let (model, _) = model();
    let expected = enumerated();
    assert!(expected.len() > 5);
    for config in common::all_configs() {
        let mut found: Vec<Vec<Value>> = Search::new(&model, config)
            .expect("a model")
            .map(|solution| solution.values)
            .collect();
        found.sort();
        assert_eq!(found, expected, "{config:?}");
    }
}

#[test]
fn the_oracle_accepts_every_claim_along_a_branch() {
    let (model, vars) = model();
    let mut state = model.domains();
    for (var, value) in [(vars[0], 2), (vars[4], 3), (vars[1], 2)] {
        assert_eq!(check_all_rules(&model, &state).expect("small"), Ok(()));
        propagate(&model, &mut state, Schedule::Queue, None).expect("a state");
        if state.contains(var, value) {
            state.assign(var, value).expect("in range");
        }
    }
    assert_eq!(check_all_rules(&model, &state).expect("small"), Ok(()));
}
