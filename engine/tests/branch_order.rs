//! A model's branch order decides which variable search tries first, under
//! every variable order, and never which solutions it finds.

use sieve::prelude::*;
use sieve::{Error, Event, Flow, Observer};

/// The variable of every `=` decision, in order.
#[derive(Default)]
struct Decisions(Vec<VarId>);

impl Observer for Decisions {
    fn on_event(&mut self, event: &Event<'_>) -> Flow {
        if let Event::Branch {
            var, equal: true, ..
        } = event
        {
            self.0.push(*var);
        }
        Flow::Continue
    }
}

/// Four variables of three values, all different in pairs (0, 1) and (2, 3):
/// every variable ties with every other on candidates at the root.
fn model() -> (Model, Vec<VarId>) {
    let mut model = Model::new();
    let vars = model.new_vars(4, 3);
    model
        .add_rule(AllDifferent::new("left", vars[..2].to_vec()))
        .unwrap();
    model
        .add_rule(AllDifferent::new("right", vars[2..].to_vec()))
        .unwrap();
    (model, vars)
}

fn first_decision(model: &Model, order: VarOrder) -> VarId {
    let mut decisions = Decisions::default();
    let config = Config::default().var_order(order);
    let mut search = Search::new(model, config).unwrap().observe(&mut decisions);
    assert!(search.next_solution().is_some());
    drop(search);
    decisions.0[0]
}

#[test]
fn every_var_order_starts_where_the_branch_order_says() {
    let (mut model, vars) = model();
    for order in VarOrder::ALL {
        assert_eq!(first_decision(&model, order), vars[0], "{order:?}");
    }
    model
        .set_branch_order(vec![vars[3], vars[1], vars[2], vars[0]])
        .unwrap();
    for order in VarOrder::ALL {
        assert_eq!(first_decision(&model, order), vars[3], "{order:?}");
    }
}

#[test]
fn the_branch_order_changes_the_order_of_solutions_not_the_set() {
    let (mut model, vars) = model();
    let solutions = |model: &Model| {
        let found: Vec<Vec<Value>> = Search::new(model, Config::default())
            .unwrap()
            .map(|solution| solution.values)
            .collect();
        found
    };
    let before = solutions(&model);
    model
        .set_branch_order(vec![vars[2], vars[3], vars[0], vars[1]])
        .unwrap();
    let after = solutions(&model);
    assert_eq!(before.len(), 36);
    assert_ne!(before, after);
    let (mut before, mut after) = (before, after);
    before.sort();
    after.sort();
    assert_eq!(before, after);
}

#[test]
fn variables_created_later_join_the_end_of_the_order() {
    let (mut model, vars) = model();
    model
        .set_branch_order(vec![vars[3], vars[2], vars[1], vars[0]])
        .unwrap();
    let late = model.new_var(2);
    let order: Vec<VarId> = model.vars_in_branch_order().collect();
    assert_eq!(order, vec![vars[3], vars[2], vars[1], vars[0], late]);
}

#[test]
fn a_bad_branch_order_names_the_problem() {
    let (mut model, vars) = model();
    let message = |order: Vec<VarId>, model: &mut Model| match model.set_branch_order(order) {
        Err(error @ Error::BranchOrder { .. }) => error.to_string(),
        other => panic!("expected a branch-order error, got {other:?}"),
    };
    let short = message(vars[..3].to_vec(), &mut model);
    assert!(
        short.contains("each of the model's 4 variables once: it names 3"),
        "{short}"
    );
    let twice = message(vec![vars[0], vars[0], vars[1], vars[2]], &mut model);
    assert!(twice.contains("x0 appears twice"), "{twice}");
    let unknown = message(
        vec![vars[0], vars[1], vars[2], VarId::from_index(9)],
        &mut model,
    );
    assert!(
        unknown.contains("x9 is not a variable of the model"),
        "{unknown}"
    );
    assert_eq!(
        model.branch_order(),
        None,
        "a refused order leaves the old one"
    );
}
