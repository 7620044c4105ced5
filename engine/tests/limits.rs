//! Limits always hold: a search designed to run forever stops at its node
//! limit and at its time limit, promptly, and says which limit it hit.
//!
//! The model is the pigeonhole: 13 variables over 12 values, all different,
//! with only singles elimination ([`AllDifferent`] does no Hall-set or
//! matching reasoning). It has no solution, but the search only learns that
//! after trying about 12! partial assignments, far more than a test can wait.

use std::time::{Duration, Instant};

use sieve::prelude::*;

/// Pigeons: one more than the holes.
const HOLES: u32 = 12;

/// The pigeonhole model: `HOLES + 1` variables, all different, over `HOLES` values.
fn pigeonhole() -> Model {
    let mut model = Model::new();
    let pigeons = model.new_vars(HOLES as usize + 1, HOLES);
    model
        .add_rule(AllDifferent::new("one pigeon a hole", pigeons))
        .expect("a valid rule");
    model
}

/// Every combination of the search strategies, each with the given limits.
fn configs(base: Config) -> Vec<Config> {
    let mut all = Vec::new();
    for schedule in [Schedule::Sweep, Schedule::Queue, Schedule::Priority] {
        for restore in [Restore::Copy, Restore::Trail] {
            for var_order in [VarOrder::First, VarOrder::FewestValues, VarOrder::DomWdeg] {
                all.push(
                    base.schedule(schedule)
                        .restore(restore)
                        .var_order(var_order),
                );
            }
        }
    }
    all
}

#[test]
fn pigeonhole_has_no_solution_for_small_sizes() {
    // The same model with 4 holes finishes: the limit tests below stop a real
    // search, not one that was about to end anyway.
    let mut model = Model::new();
    let pigeons = model.new_vars(5, 4);
    model
        .add_rule(AllDifferent::new("one pigeon a hole", pigeons))
        .expect("a valid rule");
    let count = Search::new(&model, Config::default())
        .expect("a valid model")
        .count(None);
    assert_eq!(count.solutions, 0);
    assert!(count.is_exact(), "{count:?}");
}

#[test]
fn node_limit_stops_a_count_that_would_run_forever() {
    let model = pigeonhole();
    for config in configs(Config::default().node_limit(20_000)) {
        let started = Instant::now();
        let mut search = Search::new(&model, config).expect("a valid model");
        let count = search.count_in_place(None);
        assert_eq!(count.stopped, Some(StopReason::NodeLimit), "{config:?}");
        assert!(!count.is_exact());
        assert_eq!(count.solutions, 0);
        assert_eq!(search.stop_reason(), Some(StopReason::NodeLimit));
        let nodes = search.counters().nodes;
        assert!(
            (20_000..=20_001).contains(&nodes),
            "{config:?}: {nodes} nodes for a limit of 20000"
        );
        assert!(started.elapsed() < Duration::from_secs(5), "{config:?}");
    }
}

#[test]
fn time_limit_stops_a_count_promptly() {
    let model = pigeonhole();
    let limit = Duration::from_millis(200);
    for config in [
        Config::default(),
        Config::default()
            .restore(Restore::Trail)
            .schedule(Schedule::Sweep),
        Config::default()
            .var_order(VarOrder::DomWdeg)
            .schedule(Schedule::Priority),
    ] {
        let started = Instant::now();
        let count = Search::new(&model, config.time_limit(limit))
            .expect("a valid model")
            .count(None);
        let elapsed = started.elapsed();
        assert_eq!(count.stopped, Some(StopReason::TimeLimit), "{config:?}");
        assert_eq!(count.solutions, 0);
        assert!(
            elapsed >= limit,
            "{config:?}: stopped after {elapsed:?}, before the limit"
        );
        assert!(
            elapsed < Duration::from_secs(5),
            "{config:?}: a 200 ms limit took {elapsed:?}"
        );
    }
}

#[test]
fn first_and_uniqueness_report_the_limit_hit() {
    let model = pigeonhole();
    let first = Search::new(&model, Config::default().node_limit(5_000))
        .expect("a valid model")
        .first();
    assert_eq!(first, Err(StopReason::NodeLimit));
    let first = Search::new(
        &model,
        Config::default().time_limit(Duration::from_millis(50)),
    )
    .expect("a valid model")
    .first();
    assert_eq!(first, Err(StopReason::TimeLimit));
    let uniqueness = Search::new(&model, Config::default().node_limit(5_000))
        .expect("a valid model")
        .uniqueness();
    assert_eq!(uniqueness, Uniqueness::Unknown(StopReason::NodeLimit, None));
}

#[test]
fn the_earlier_of_two_limits_wins() {
    let model = pigeonhole();
    let nodes_first = Search::new(
        &model,
        Config::default()
            .node_limit(1_000)
            .time_limit(Duration::from_secs(60)),
    )
    .expect("a valid model")
    .count(None);
    assert_eq!(nodes_first.stopped, Some(StopReason::NodeLimit));
    let started = Instant::now();
    let time_first = Search::new(
        &model,
        Config::default()
            .node_limit(u64::MAX)
            .time_limit(Duration::from_millis(100)),
    )
    .expect("a valid model")
    .count(None);
    assert_eq!(time_first.stopped, Some(StopReason::TimeLimit));
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_stopped_search_stays_stopped() {
    let model = pigeonhole();
    let mut search = Search::new(&model, Config::default().node_limit(2_000)).expect("a model");
    assert_eq!(search.next_solution(), None);
    let nodes = search.counters().nodes;
    assert_eq!(
        search.next_solution(),
        None,
        "no solution appears after a stop"
    );
    assert_eq!(search.stop_reason(), Some(StopReason::NodeLimit));
    assert!(
        search.counters().nodes <= nodes + 1,
        "a stopped search does not run on"
    );
}
