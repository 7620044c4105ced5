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
