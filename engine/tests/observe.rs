//! Observers: statistics, explanations, and stopping a run early.

mod common;

use common::*;
use sieve::prelude::*;
use sieve::{Change, Event, Flow, Observer};

#[test]
fn statistics_count_rules_nodes_and_backtracks() {
    let model = queens(6);
    let mut stats = Stats::new();
    let mut search = Search::new(&model, Config::default())
        .unwrap()
        .observe(&mut stats);
    let count = search.count_in_place(None);
    let counters = search.counters();
    drop(search);
    assert_eq!(count.solutions, 4);
    assert_eq!(stats.solutions, 4);
    assert_eq!(stats.branches + 1, counters.nodes);
    assert_eq!(stats.backtracks, counters.backtracks);
    assert_eq!(stats.propagations(), counters.propagations);
    assert_eq!(
        stats.changes(),
        counters.changes - stats.branches,
        "decisions are changes too"
    );
    assert!(stats.failures > 0 && stats.max_depth > 0);
    assert_eq!(stats.rules.len(), model.num_rules());
}

/// Keeps the sentences of every change.
#[derive(Default)]
struct Sentences(Vec<String>);

impl Observer for Sentences {
    fn wants_explanations(&self) -> bool {
        true
    }
    fn on_event(&mut self, event: &Event<'_>) -> Flow {
        if let Event::Change(Change {
            text: Some(text), ..
        }) = event
        {
            self.0.push(text.clone());
        }
        Flow::Continue
    }
}

#[test]
fn changes_carry_readable_reasons_when_asked() {
    let mut model = Model::new();
    let cells = model.new_vars(3, 3);
    model
        .add_rule(AllDifferent::new("the row", cells.clone()))
        .unwrap();
    let mut start = model.domains();
    start.assign(cells[0], 2).unwrap();
    let mut sentences = Sentences::default();
    propagate(&model, &mut start, Schedule::Queue, Some(&mut sentences)).unwrap();
    assert_eq!(
        sentences.0,
        vec![
            "x0 = 2, so 2 leaves every other variable of the row",
            "x0 = 2, so 2 leaves every other variable of the row"
        ]
    );
}

/// Stops at the first solution.
struct StopAtSolution;

impl Observer for StopAtSolution {
    fn on_event(&mut self, event: &Event<'_>) -> Flow {
        match event {
            Event::Solution { .. } => Flow::Stop,
            _ => Flow::Continue,
        }
    }
}

#[test]
fn an_observer_can_stop_the_run() {
    let model = queens(8);
    let mut stop = StopAtSolution;
    let mut search = Search::new(&model, Config::default())
        .unwrap()
        .observe(&mut stop);
    assert!(search.next_solution().is_some());
    assert!(search.next_solution().is_none());
    assert_eq!(search.stop_reason(), Some(StopReason::Observer));
}

/// Counts rule runs and the ends of rule runs.
#[derive(Default)]
struct RunsAndEnds {
    runs: u64,
    ends: u64,
    open: bool,
}

impl Observer for RunsAndEnds {
    fn on_event(&mut self, event: &Event<'_>) -> Flow {
        match event {
            Event::RuleRun { .. } => {
                assert!(!self.open, "a rule runs inside another");
                self.open = true;
                self.runs += 1;
            }
            Event::RuleDone { .. } => {
                assert!(self.open, "an end without a run");
                self.open = false;
                self.ends += 1;
            }
            _ => {}
        }
        Flow::Continue
    }
}

#[test]
fn every_rule_run_ends_and_timed_statistics_share_the_time_out() {
    let model = queens(7);
    let mut ends = RunsAndEnds::default();
    let mut search = Search::new(&model, Config::default())
        .unwrap()
        .observe(&mut ends);
    search.count_in_place(None);
    drop(search);
    assert!(ends.runs > 0 && ends.runs == ends.ends && !ends.open);

    let mut plain = Stats::new();
    Search::new(&model, Config::default())
        .unwrap()
        .observe(&mut plain)
        .count_in_place(None);
    assert!(
        plain.rules.iter().all(|rule| rule.seconds == 0.0),
        "untimed by default"
    );
    let mut timed = Stats::new().timed();
    Search::new(&model, Config::default())
        .unwrap()
        .observe(&mut timed)
        .count_in_place(None);
    assert!(
        timed
            .rules
            .iter()
            .all(|rule| rule.calls == 0 || rule.seconds > 0.0)
    );
    let busiest = (timed.rules.iter())
        .map(|rule| rule.seconds)
        .fold(0.0, f64::max);
    assert!(busiest < 10.0, "seconds, not nanoseconds");
}

#[test]
fn a_rule_kind_is_its_type_name() {
    let mut model = Model::new();
    let cells = model.new_vars(3, 3);
    let rule = model.add_rule(AllDifferent::new("row", cells)).unwrap();
    assert_eq!(model.rule(rule).kind(), "AllDifferent");
}
