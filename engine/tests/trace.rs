//! Text and JSON traces of a small search.

mod common;

use sieve::prelude::*;
use sieve::{JsonTrace, TextTrace};

#[test]
fn a_text_trace_reads_like_a_worked_solution() {
    let model = common::queens(4);
    let mut trace = TextTrace::new(&model, Vec::new()).with_wakes(false);
    let mut search = Search::new(&model, Config::default().var_order(VarOrder::First))
        .unwrap()
        .observe(&mut trace);
    assert!(search.next_solution().is_some());
    drop(search);
    let text = String::from_utf8(trace.finish().unwrap()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "try x0 = 0");
    assert_eq!(
        lines[1], "  x1 ≠ 0  [not attacking: queen attack]",
        "{text}"
    );
    assert!(text.contains("conflict in not attacking"), "{text}");
    assert!(text.contains("back to depth"), "{text}");
    assert!(text.contains("try x0 ≠ 0 (x0 = 0 is done)"), "{text}");
    assert_eq!(*lines.last().unwrap(), "  solution");
}

#[test]
fn a_json_trace_replays_to_the_solution() {
    let mut model = common::queens(6);
    model.set_value_labels((1..=6).map(|v| v.to_string()).collect());
    let start = model.domains();
    let mut trace = JsonTrace::new(&model, &start);
    let config = Config::default().var_order(VarOrder::First);
    let mut search = Search::new(&model, config).unwrap().observe(&mut trace);
    let solution = search.next_solution().unwrap();
    drop(search);
    let json: serde_json::Value = serde_json::from_str(&trace.to_json()).unwrap();
    assert_eq!(json["format"], "sieve-trace");
    assert_eq!(json["labels"][0], "1");
    // Replaying the changes of the last path (after its last backtrack) from a saved
    // copy per depth gives the solution.
    let events = json["events"].as_array().unwrap();
    // The first solution of 6 queens needs refutations at the root.
    assert!(
        events
            .iter()
            .any(|e| e["kind"] == "branch" && e["equal"] == false && e["depth"] == 0)
    );
    assert!(events.iter().any(|e| e["kind"] == "run"));
    let mut states: Vec<Vec<Vec<u64>>> = vec![
        json["start"]
            .as_array()
            .unwrap()
            .iter()
            .map(|vals| {
                vals.as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_u64().unwrap())
                    .collect()
            })
            .collect(),
    ];
    for event in events {
        let depth = event["depth"].as_u64().unwrap() as usize;
        match event["kind"].as_str().unwrap() {
            // `var = value` opens a node at `depth` from the one above it; the
            // refutation `var ≠ value` narrows the node at its own depth.
            "branch" if event["equal"] == true => {
                states.truncate(depth);
                let top = states.last().unwrap().clone();
                states.push(top);
            }
            "branch" => states.truncate(depth + 1),
            "change" => {
                let var = event["var"].as_u64().unwrap() as usize;
                let removed: Vec<u64> = event["removed"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_u64().unwrap())
                    .collect();
                let state = states.last_mut().unwrap();
                state[var].retain(|v| !removed.contains(v));
            }
            _ => {}
        }
    }
    let last = states.last().unwrap();
    let replayed: Vec<Value> = last.iter().map(|vals| vals[0] as Value).collect();
    assert!(last.iter().all(|vals| vals.len() == 1));
    assert_eq!(replayed, solution.values);
}
