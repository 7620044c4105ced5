//! Branchers: a user's own decisions instead of the config's orders, in a
//! search and in the strategy matrix beside the built-in orders.

mod common;

use common::queens;
use sieve::branch::{BranchState, Brancher};
use sieve::matrix::{BrancherFactory, MatrixOptions, Strategy, Subject};
use sieve::prelude::*;

/// The built-in "fewest values, smallest first", written as a user would.
struct Fewest;

impl Brancher for Fewest {
    fn select_var(&mut self, state: &BranchState<'_>) -> Option<VarId> {
        let domains = state.domains();
        let mut best: Option<VarId> = None;
        for var in state.unassigned() {
            if best.is_none_or(|best| domains.count(var) < domains.count(best)) {
                best = Some(var);
            }
        }
        best
    }

    fn select_value(&mut self, state: &BranchState<'_>, var: VarId) -> Value {
        state.domains().min(var).unwrap()
    }
}

/// The open variable with the most candidates, its largest value first.
struct MostLargest;

impl Brancher for MostLargest {
    fn select_var(&mut self, state: &BranchState<'_>) -> Option<VarId> {
        let domains = state.domains();
        state
            .unassigned()
            .max_by_key(|&var| (domains.count(var), var.index()))
    }

    fn select_value(&mut self, state: &BranchState<'_>, var: VarId) -> Value {
        state.domains().max(var).unwrap()
    }
}

#[test]
fn a_user_brancher_equal_to_a_built_in_order_walks_the_same_tree() {
    let model = queens(8);
    let config = Config::default().var_order(VarOrder::FewestValues);
    let mut built_in = Search::new(&model, config).unwrap();
    let count = built_in.count_in_place(None);
    let mut user = Search::new(&model, config)
        .unwrap()
        .with_brancher(Box::new(Fewest));
    assert_eq!(user.count_in_place(None), count);
    assert_eq!(user.counters(), built_in.counters());
    assert_eq!(count.solutions, 92);
}

#[test]
fn another_heuristic_finds_the_same_solutions_in_another_tree() {
    let model = queens(7);
    let mut mine = Search::new(&model, Config::default())
        .unwrap()
        .with_brancher(Box::new(MostLargest));
    let mut solutions: Vec<Vec<Value>> = mine.by_ref().map(|solution| solution.values).collect();
    let mut built_in: Vec<Vec<Value>> = (Search::new(&model, Config::default()).unwrap())
        .map(|solution| solution.values)
        .collect();
    assert_ne!(solutions, built_in, "another order of the same solutions");
    solutions.sort();
    built_in.sort();
    assert_eq!(solutions, built_in);
}

/// Chooses what it must not: an assigned variable, or a value that is gone.
struct Careless {
    wrong_value: bool,
}

impl Brancher for Careless {
    fn select_var(&mut self, state: &BranchState<'_>) -> Option<VarId> {
        let model = state.model();
        if self.wrong_value {
            return state.unassigned().next();
        }
        model
            .vars()
            .find(|&var| state.domains().count(var) == 1)
            .or(state.unassigned().next())
    }

    fn select_value(&mut self, state: &BranchState<'_>, var: VarId) -> Value {
        let domains = state.domains();
        (domains.range(var))
            .find(|&value| !domains.contains(var, value))
            .unwrap_or(0)
    }
}

#[test]
fn a_careless_brancher_stops_the_search_with_a_reason_not_a_panic() {
    let mut model = queens(6);
    model.fix(VarId::from_index(0), 1).unwrap();
    for wrong_value in [false, true] {
        let mut search = Search::new(&model, Config::default())
            .unwrap()
            .with_brancher(Box::new(Careless { wrong_value }));
        assert_eq!(search.next_solution(), None);
        assert_eq!(search.stop_reason(), Some(StopReason::InvalidBranch));
    }
}

#[test]
fn the_matrix_runs_a_user_heuristic_beside_the_built_in_orders() {
    let model = queens(8);
    let starts = [model.domains()];
    let subjects = [Subject::new("queens 8", &model, &starts)];
    let mut strategies = Strategy::product(&[Schedule::Queue], &[Restore::Trail], &VarOrder::ALL);
    let mine = BrancherFactory::new("most-largest", |_model: &Model| {
        Box::new(MostLargest) as Box<dyn Brancher>
    });
    strategies.push(Strategy::with_brancher(
        "queue/trail/most-largest",
        Config::default().restore(Restore::Trail),
        mine,
    ));
    let options = MatrixOptions {
        repeats: 2,
        solution_limit: None,
        ..MatrixOptions::default()
    };
    let report = sieve::run_matrix(&subjects, &strategies, &options, &mut |_, _| {}).unwrap();
    assert!(
        report.disagreements.is_empty(),
        "{:?}",
        report.disagreements
    );
    let row = (report.rows.iter())
        .find(|row| row.strategy == "queue/trail/most-largest")
        .expect("the user's row");
    assert_eq!(row.totals.solutions, 92, "every solution");
    let fewest = (report.rows.iter())
        .find(|row| row.strategy == "queue/trail/fewest")
        .unwrap();
    assert_ne!(row.totals.nodes, fewest.totals.nodes, "its own tree");
}
