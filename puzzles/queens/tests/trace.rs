//! Traces of classic walks as text, JSON and HTML, and the index page of a
//! hunt over every solution.

use serde_json::Value;
use sieve_queens::trace::{json_trace, text_trace};
use sieve_queens::{
    Board, Classic, HuntOptions, Step, StepKind, TraceFormat, check_solution, hunt_all,
    render_trace,
};

fn classic_trace() -> Vec<Step> {
    Classic::new(8)
        .unwrap()
        .solve(&Board::first_row(8).unwrap())
        .unwrap()
        .memory
}

/// The JSON a replay page embeds, parsed back.
fn embedded_data(page: &str) -> Value {
    let start_tag = r#"<script type="application/json" id="trace-data">"#;
    let start = page.find(start_tag).expect("data element") + start_tag.len();
    let end = start + page[start..].find("</script>").expect("data end");
    serde_json::from_str(&page[start..end]).expect("valid JSON")
}

#[test]
fn the_text_trace_draws_every_step() {
    let steps = classic_trace();
    let text = text_trace(&steps);
    assert!(text.starts_with("step 0: INIT 11111111\n"));
    let headers: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("step "))
        .collect();
    assert_eq!(headers.len(), steps.len());
    assert_eq!(headers[1], "step 1: A2:2 12111111");
    assert_eq!(headers[18], "step 18: R6:1 13524111");
    // The last board is drawn as the source's traces draw it.
    let last = text.rsplit("\n\n").next().unwrap();
    let drawing: String = last
        .lines()
        .skip(1)
        .map(|line| format!("{line}\n"))
        .collect();
    assert_eq!(drawing, "15863724".parse::<Board>().unwrap().draw());
    assert_eq!(render_trace(&steps, TraceFormat::Text, "x").unwrap(), text);
}

#[test]
fn the_json_trace_reads_back() {
    let steps = classic_trace();
    let json = json_trace(&steps).unwrap();
    assert_eq!(json.lines().count(), steps.len() + 2);
    let back: Vec<Step> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, steps);
    let second: Value =
        serde_json::from_str(json.lines().nth(2).unwrap().trim_end_matches(',')).unwrap();
    assert_eq!(second["kind"], "action");
    assert_eq!(second["queen"], 2);
    assert_eq!(second["row"], 2);
    assert_eq!(json_trace(&[]).unwrap(), "[\n]\n");
}

#[test]
fn the_html_trace_is_the_replay_page() {
    let steps = classic_trace();
    let page = render_trace(&steps, TraceFormat::Html, "From 11111111").unwrap();
    assert!(page.contains("<title>From 11111111</title>"));
    let data = embedded_data(&page);
    assert_eq!(data["traces"][0]["name"], "p15863724");
    assert_eq!(
        data["traces"][0]["steps"].as_array().unwrap().len(),
        steps.len()
    );
    assert!(render_trace(&[], TraceFormat::Html, "empty").is_err());
}

#[test]
fn a_hunt_finds_every_solution_of_n_6_and_indexes_them_longest_first() {
    let options = HuntOptions {
        seed: 1,
        max_runs: 10_000,
        threads: 1,
    };
    let hunt = hunt_all(6, &options).unwrap();
    assert!(hunt.complete());
    assert_eq!(hunt.target, 4);
    assert_eq!(hunt.found.len(), 4);
    assert_eq!(hunt.found[0].first_run, 1);
    assert_eq!(hunt.found.last().unwrap().first_run, hunt.runs);
    let traces = hunt.traces().unwrap();
    for (found, trace) in hunt.found.iter().zip(&traces) {
        assert_eq!(check_solution(&found.board), Ok(()));
        assert_eq!(trace.len() as u64, found.shortest_entries);
        assert_eq!(trace[0].board, found.shortest_start);
        assert_eq!(trace[0].kind, StepKind::Init);
        assert_eq!(&trace.last().unwrap().board, &found.board);
    }
    let page = hunt.index_page("All 4").unwrap();
    let data = embedded_data(&page);
    assert_eq!(data["index"], Value::Bool(true));
    let lengths: Vec<usize> = data["traces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|trace| trace["steps"].as_array().unwrap().len())
        .collect();
    assert_eq!(lengths.len(), 4);
    assert!(
        lengths.windows(2).all(|pair| pair[0] >= pair[1]),
        "{lengths:?}"
    );
    // The same seed with two threads makes the same hunt.
    let parallel = hunt_all(
        6,
        &HuntOptions {
            threads: 2,
            ..options
        },
    )
    .unwrap();
    assert_eq!(parallel, hunt);
}

#[test]
fn a_hunt_stops_at_its_run_limit() {
    let options = HuntOptions {
        seed: 3,
        max_runs: 5,
        threads: 1,
    };
    let hunt = hunt_all(8, &options).unwrap();
    assert_eq!(hunt.runs, 5);
    assert!(!hunt.complete());
    assert!(!hunt.found.is_empty());
    // Sizes without solutions are complete at once.
    let none = hunt_all(3, &options).unwrap();
    assert!(none.complete());
    assert_eq!(none.runs, 0);
    assert!(hunt_all(11, &options).is_err());
}
