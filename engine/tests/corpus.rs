//! One corpus of models, run under every schedule × restore × order combination:
//! identical answers everywhere, and identical node counts wherever the tree is fixed.

mod common;

use common::*;
use sieve::oracle;
use sieve::prelude::*;

/// Every solution of a model under one configuration, sorted, with its counters.
fn solve_all(model: &Model, start: &Domains, config: &Config) -> (Vec<Vec<Value>>, u64) {
    let mut search = Search::from_state(model, start.clone(), *config).unwrap();
    let mut all: Vec<Vec<Value>> = search.by_ref().map(|s| s.values).collect();
    all.sort();
    (all, search.counters().nodes)
}

fn corpus() -> Vec<(&'static str, Model, Domains)> {
    let mut models = Vec::new();
    for n in [1, 4, 5, 6, 8] {
        let model = queens(n);
        let start = model.domains();
        models.push(("queens", model, start));
    }
    let (model, start) = sudoku4("1...........2..3");
    models.push(("sudoku4", model, start));
    let model = magic3();
    let start = model.domains();
    models.push(("magic3", model, start));
    let model = australia();
    let start = model.domains();
    models.push(("australia", model, start));
    models
}

#[test]
fn every_strategy_finds_the_same_solutions_as_brute_force() {
    for (name, model, start) in corpus() {
        let mut expected = oracle::solutions(&model, &start, oracle::DEFAULT_BUDGET).unwrap();
        expected.sort();
        for config in all_configs() {
            let (found, _) = solve_all(&model, &start, &config);
            assert_eq!(found, expected, "{name} under {config:?}");
        }
    }
}

#[test]
fn node_counts_agree_across_schedules_and_restores_for_a_fixed_tree() {
    for (name, model, start) in corpus() {
        for var_order in [VarOrder::First, VarOrder::FewestValues] {
            let mut counts = Vec::new();
            for schedule in Schedule::ALL {
                for restore in Restore::ALL {
                    let config = Config::default()
                        .schedule(schedule)
                        .restore(restore)
                        .var_order(var_order);
                    counts.push((solve_all(&model, &start, &config).1, schedule, restore));
                }
            }
            let first = counts[0].0;
            assert!(
                counts.iter().all(|c| c.0 == first),
                "{name} with {var_order:?}: {counts:?}"
            );
        }
    }
}

#[test]
fn known_counts() {
    let expected = [
        (1, 1),
        (2, 0),
        (3, 0),
        (4, 2),
        (5, 10),
        (6, 4),
        (7, 40),
        (8, 92),
    ];
    for (n, count) in expected {
        let model = queens(n);
        let found = Search::new(&model, Config::default()).unwrap().count(None);
        assert_eq!(found.solutions, count, "queens {n}");
        assert!(found.is_exact());
    }
    let model = magic3();
    assert_eq!(
        Search::new(&model, Config::default())
            .unwrap()
            .count(None)
            .solutions,
        8
    );
    // Australia: 3 colours, the island (6) is free: 6 colourings of the mainland × 3.
    let model = australia();
    assert_eq!(
        Search::new(&model, Config::default())
            .unwrap()
            .count(None)
            .solutions,
        18
    );
}

#[test]
fn random_value_order_is_reproducible_and_complete() {
    let model = queens(6);
    let config = Config::default().value_order(ValueOrder::Random { seed: 7 });
    let a: Vec<_> = Search::new(&model, config).unwrap().collect();
    let b: Vec<_> = Search::new(&model, config).unwrap().collect();
    assert_eq!(a, b);
    assert_eq!(a.len(), 4);
}

#[test]
fn limits_end_the_search_cleanly() {
    let model = queens(10);
    let count = Search::new(&model, Config::default().node_limit(50))
        .unwrap()
        .count(None);
    assert_eq!(count.stopped, Some(StopReason::NodeLimit));
    assert!(!count.is_exact());
    let count = Search::new(
        &model,
        Config::default().time_limit(std::time::Duration::ZERO),
    )
    .unwrap()
    .count(None);
    assert_eq!(count.stopped, Some(StopReason::TimeLimit));
    let limited = Search::new(&model, Config::default())
        .unwrap()
        .count(Some(3));
    assert_eq!(limited.solutions, 3);
    assert!(limited.limit_reached);
}

#[test]
fn uniqueness_stops_at_two() {
    let (model, start) = sudoku4("1...........2..3");
    let mut search = Search::from_state(&model, start, Config::default()).unwrap();
    assert!(matches!(search.uniqueness(), Uniqueness::Multiple(..)));
    let (model, start) = sudoku4("12..34..21..43..");
    let mut search = Search::from_state(&model, start, Config::default()).unwrap();
    assert!(matches!(search.uniqueness(), Uniqueness::Multiple(..)));
    let (model, start) = sudoku4("1234341221434321");
    let mut search = Search::from_state(&model, start, Config::default()).unwrap();
    assert!(matches!(search.uniqueness(), Uniqueness::Unique(_)));
    let (model, start) = sudoku4("11..............");
    let mut search = Search::from_state(&model, start, Config::default()).unwrap();
    assert_eq!(search.uniqueness(), Uniqueness::None);
}

#[test]
fn restart_reuses_a_search_for_a_batch() {
    let (model, first) = sudoku4("1...........2..3");
    let (_, second) = sudoku4("1234341221434321");
    let mut search = Search::from_state(&model, first.clone(), Config::default()).unwrap();
    let many = search.count_in_place(None).solutions;
    search.restart(&second).unwrap();
    assert_eq!(search.count_in_place(None).solutions, 1);
    search.restart(&first).unwrap();
    assert_eq!(search.count_in_place(None).solutions, many);
}

#[test]
fn a_state_from_another_model_is_refused() {
    let model = queens(4);
    let other = queens(5);
    assert_eq!(
        Search::from_state(&model, other.domains(), Config::default()).err(),
        Some(Error::StateMismatch)
    );
}
