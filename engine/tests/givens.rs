//! Givens and unary clues are part of the model: every state it makes starts from
//! them, whichever way a run starts, and a value or variable outside the model is an
//! error that names it.

use sieve::prelude::*;
use sieve::{TextTrace, oracle};

fn row_with_given() -> (Model, Vec<VarId>) {
    let mut model = Model::new();
    let cells = model.new_vars(3, 3);
    model
        .add_rule(AllDifferent::new("row", cells.clone()))
        .unwrap();
    model.fix(cells[0], 2).unwrap();
    (model, cells)
}

#[test]
fn every_way_of_starting_sees_the_givens() {
    let (model, cells) = row_with_given();
    let by_search: Vec<Vec<Value>> = Search::new(&model, Config::default())
        .unwrap()
        .map(|solution| solution.values)
        .collect();
    assert_eq!(by_search.len(), 2);
    assert!(by_search.iter().all(|values| values[0] == 2));
    let by_oracle = oracle::solutions(&model, &model.domains(), 1_000).unwrap();
    assert_eq!(by_oracle.len(), 2);
    let mut state = model.domains();
    let mut trace = TextTrace::new(&model, Vec::new());
    propagate(&model, &mut state, Schedule::Queue, Some(&mut trace)).unwrap();
    assert!(!state.contains(cells[1], 2));
}

#[test]
fn a_state_of_another_model_takes_this_models_givens() {
    let (model, cells) = row_with_given();
    let mut bare = Model::new();
    let same = bare.new_vars(3, 3);
    let mut foreign = bare.domains();
    foreign.remove(same[1], 0).unwrap();
    let solutions: Vec<Vec<Value>> = Search::from_state(&model, foreign, Config::default())
        .unwrap()
        .map(|solution| solution.values)
        .collect();
    assert_eq!(solutions, vec![vec![2, 1, 0]]);
    assert_eq!(model.domains().value(cells[0]), Some(2));
}

#[test]
fn values_and_variables_outside_the_model_are_errors() {
    let (mut model, cells) = row_with_given();
    assert_eq!(
        model.fix(cells[1], 3),
        Err(Error::ValueOutOfRange {
            var: 1,
            value: 3,
            range: 0..=2,
        })
    );
    let stranger = VarId::from_index(9);
    assert_eq!(
        model.restrict(stranger, &ValueSet::single(0)),
        Err(Error::NoSuchVariable { var: 9, vars: 3 })
    );
    let message = model.fix(cells[2], 7).unwrap_err().to_string();
    assert!(
        message.contains("value 7") && message.contains("0..=2"),
        "{message}"
    );
}

#[test]
fn restrictions_add_up() {
    let mut model = Model::new();
    let x = model.new_var(5);
    model.restrict(x, &ValueSet::range(1..4)).unwrap();
    model.restrict(x, &ValueSet::range(2..5)).unwrap();
    assert_eq!(model.domains().iter(x).collect::<Vec<_>>(), vec![2, 3]);
}
