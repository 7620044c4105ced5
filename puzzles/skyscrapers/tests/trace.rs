//! A snapshot of one text trace: the source's example solved by the engine,
//! each change with its rule, its inference and its sentence.

use sieve::{Config, JsonTrace, Schedule, Search, TextTrace};
use sieve_skyscrapers::{Puzzle, SkyscrapersModel, check};

const RUSH_INPUT: &str = "4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2";

#[test]
fn text_trace_of_the_source_example() {
    let puzzle: Puzzle = RUSH_INPUT.parse().expect("the example parses");
    let sky = SkyscrapersModel::solver(&puzzle).expect("the model builds");
    let mut trace = TextTrace::new(sky.model(), Vec::new()).with_wakes(false);
    let config = Config::default().schedule(Schedule::Priority);
    let solution = {
        let mut search = Search::from_state(sky.model(), sky.start(), config)
            .expect("the search starts")
            .observe(&mut trace);
        search.next_solution().expect("a solution")
    };
    let grid = sky.grid_of_values(&solution.values);
    assert_eq!(check(&puzzle, &grid), Ok(()));
    let text = String::from_utf8(trace.finish().expect("written to memory")).expect("UTF-8");
    insta::assert_snapshot!("rush_example_text_trace", text);
}

#[test]
fn json_trace_names_cells_and_heights() {
    let puzzle: Puzzle = RUSH_INPUT.parse().expect("parses");
    let sky = SkyscrapersModel::solver(&puzzle).expect("builds");
    let mut trace = JsonTrace::new(sky.model(), &sky.start());
    {
        let mut search = Search::from_state(sky.model(), sky.start(), Config::default())
            .expect("starts")
            .observe(&mut trace);
        search.next_solution().expect("a solution");
    }
    let document = trace.document();
    assert_eq!(document.variables[0], "r1c1");
    assert_eq!(document.variables[15], "r4c4");
    assert_eq!(document.labels, ["1", "2", "3", "4"]);
    assert!(document.rules.iter().any(|name| name == "edge left 1"));
    let texts: Vec<&str> = document
        .events
        .iter()
        .filter_map(|event| event.text.as_deref())
        .collect();
    assert!(
        texts
            .contains(&"clue 1 at the top of column 4: the tallest (4) stands next to it, in r1c4")
    );
    let solution = document.events.last().expect("events");
    assert_eq!(solution.kind, "solution");
}
