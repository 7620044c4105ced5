//! The page as a file: self-contained, with the trace and the view embedded safely
//! and the title escaped, for traces the engine records of three small puzzles.

mod common;

use common::Recorded;
use sieve::{TraceDocument, Value};
use sieve_replay::{
    Hint, HintStep, Hints, ReplayError, View, replay_page, replay_page_with_hints,
    replay_page_with_limit,
};

fn puzzles() -> Vec<(&'static str, Recorded)> {
    vec![
        ("sudoku", common::sudoku4("...4....2.......")),
        ("board", common::sudoku4_board("...4....2.......")),
        ("queens", common::queens(6)),
        (
            "skyscrapers",
            common::skyscrapers(&common::SKYLINE, &[("top", 1), ("right", 2)]),
        ),
        ("balance", common::balance()),
    ]
}

/// Whether the page could load anything from elsewhere: no URL with a scheme or a
/// network path, no `src`, no link but to a place in the page, no CSS import or url().
fn assert_self_contained(page: &str, name: &str) {
    for forbidden in [
        "http:", "https:", "//", " src=", "@import", "url(", "<link", "<iframe", "<img",
    ] {
        assert!(
            !page.contains(forbidden),
            "{name}: the page contains {forbidden:?}"
        );
    }
    for (index, _) in page.match_indices("href=\"") {
        let target = &page[index + 6..];
        assert!(target.starts_with('#'), "{name}: a link leaves the page");
    }
    assert!(
        page.contains("default-src 'none'"),
        "{name}: the content security policy forbids every request"
    );
}

#[test]
fn every_puzzle_makes_a_self_contained_page() {
    for (name, recorded) in puzzles() {
        assert!(
            recorded
                .trace
                .events
                .iter()
                .any(|event| event.kind == "branch")
        );
        let page = replay_page(name, &recorded.trace, &recorded.view).unwrap();
        assert!(page.starts_with("<!DOCTYPE html>"), "{name}");
        assert_self_contained(&page, name);
        assert_eq!(
            page.matches("<script").count(),
            4,
            "{name}: three data elements (trace, view, hints) and one script"
        );
        assert_eq!(page.matches("</script>").count(), 4, "{name}");
        assert_eq!(common::script_data(&page, "hints-data"), "null", "{name}");
        assert!(page.contains("<style>"), "{name}: the style is inline");
        assert!(!page.contains("{{"), "{name}: every placeholder is filled");
    }
}

#[test]
fn the_trace_and_the_view_read_back_from_the_page() {
    for (name, recorded) in puzzles() {
        let page = replay_page(name, &recorded.trace, &recorded.view).unwrap();
        let trace = common::unpack(common::script_data(&page, "trace-data"));
        assert_eq!(
            trace,
            serde_json::to_value(&recorded.trace).unwrap(),
            "{name}"
        );
        let view: View = serde_json::from_str(common::script_data(&page, "view-data")).unwrap();
        assert_eq!(view, recorded.view, "{name}");
    }
}

#[test]
fn the_title_is_escaped() {
    let recorded = common::queens(4);
    let title = r#"Queens <4> & "friends" </script>"#;
    let page = replay_page(title, &recorded.trace, &recorded.view).unwrap();
    let escaped = "Queens &lt;4&gt; &amp; &quot;friends&quot; &lt;/script&gt;";
    assert!(page.contains(&format!("<title>{escaped}</title>")));
    assert!(page.contains(&format!("<h1 id=\"title\">{escaped}</h1>")));
    assert!(!page.contains("<4>"));
}

/// A trace whose names try to end the data element or break older JavaScript.
fn hostile(trace: &TraceDocument) -> TraceDocument {
    let mut trace = trace.clone();
    trace.variables[0] = "</script><script>alert(1)</script>".to_string();
    trace.rules[0] = "<!-- a & b -->".to_string();
    trace.labels[0] = "line\u{2028}para\u{2029}end".to_string();
    let change = trace
        .events
        .iter_mut()
        .find(|event| event.kind == "change")
        .unwrap();
    change.text = Some("x < y && y > z".to_string());
    trace
}

#[test]
fn data_cannot_end_the_element_it_sits_in() {
    let recorded = common::queens(4);
    let trace = hostile(&recorded.trace);
    let page = replay_page("hostile", &trace, &recorded.view).unwrap();
    assert!(!page.contains("alert(1)</script>"));
    assert!(!page.contains("<!--"));
    assert!(!page.contains('\u{2028}') && !page.contains('\u{2029}'));
    assert_eq!(page.matches("</script>").count(), 4);
    let data = common::script_data(&page, "trace-data");
    for forbidden in ['<', '>', '&'] {
        assert!(!data.contains(forbidden), "the data holds {forbidden}");
    }
    assert_eq!(common::unpack(data), serde_json::to_value(&trace).unwrap());
}

#[test]
fn a_rule_scope_must_name_the_traces_variables() {
    let recorded = common::queens(4);
    let mut trace = recorded.trace.clone();
    assert_eq!(trace.scopes.len(), trace.rules.len());
    assert_eq!(trace.scopes[0], [0, 1], "columns 1 and 2 not attacking");
    trace.scopes[1].push(4);
    let error = replay_page("bad", &trace, &recorded.view)
        .unwrap_err()
        .to_string();
    assert!(error.contains("rule scope 1"), "{error}");
    trace.scopes.pop();
    let error = replay_page("bad", &trace, &recorded.view)
        .unwrap_err()
        .to_string();
    assert!(error.contains("rule scope"), "{error}");
    // A trace written before scopes were recorded still makes a page.
    trace.scopes.clear();
    assert!(replay_page("old", &trace, &recorded.view).is_ok());
}

#[test]
fn a_long_trace_is_cut_with_a_visible_note() {
    let recorded = common::queens(6);
    let total = recorded.trace.events.len();
    let page = replay_page_with_limit("cut", &recorded.trace, &recorded.view, 40).unwrap();
    let note = common::by_id(&page, "truncated-note").text();
    assert!(note.contains(&format!("{total} events")), "{note}");
    assert!(note.contains("first 40"), "{note}");
    let trace = common::unpack(common::script_data(&page, "trace-data"));
    let events = trace["events"].as_array().unwrap();
    assert_eq!(events.len(), 40);
    assert_eq!(
        events[..],
        serde_json::to_value(&recorded.trace.events[..40])
            .unwrap()
            .as_array()
            .unwrap()[..]
    );

    let whole = replay_page("whole", &recorded.trace, &recorded.view).unwrap();
    assert!(!whole.contains("truncated-note"));
}

#[test]
fn a_long_trace_is_replayed_whole_in_a_few_bytes_an_event() {
    let recorded = common::queens(4);
    let mut trace = recorded.trace.clone();
    let wake = trace
        .events
        .iter()
        .find(|event| event.kind == "wake")
        .unwrap()
        .clone();
    trace.events = vec![wake; 100_000];
    for (step, event) in trace.events.iter_mut().enumerate() {
        event.step = step;
    }
    let page = replay_page("many", &trace, &recorded.view).unwrap();
    assert!(!page.contains("truncated-note"));
    let data = common::script_data(&page, "trace-data");
    let embedded = common::unpack(data);
    assert_eq!(embedded["events"].as_array().unwrap().len(), 100_000);
    // A wake is its kind, depth and rule: three characters.
    assert!(data.len() < 100_000 * 3 + 1000, "{} bytes", data.len());
}

#[test]
fn a_field_the_kind_does_not_have_is_refused() {
    let recorded = common::queens(4);
    let mut trace = recorded.trace.clone();
    let wake = trace.events.iter().position(|e| e.kind == "wake").unwrap();
    trace.events[wake].value = Some(1);
    let error = replay_page("x", &trace, &recorded.view).unwrap_err();
    assert!(
        matches!(error, ReplayError::UnexpectedField { step, field: "value", .. } if step == wake),
        "{error}"
    );
}

#[test]
fn a_view_that_does_not_fit_is_refused() {
    let sudoku = common::sudoku4("...4....2.......");
    let board = replay_page("x", &sudoku.trace, &View::chessboard(3));
    assert!(matches!(
        board,
        Err(ReplayError::BoardValues {
            column: 0,
            size: 4,
            n: 3,
            ..
        })
    ));
    let grid = replay_page("x", &sudoku.trace, &View::row_major_grid(5, 4, 1, 1));
    assert!(matches!(
        grid,
        Err(ReplayError::ViewVariable {
            var: 16,
            variables: 16
        })
    ));
    assert!(replay_page("x", &sudoku.trace, &View::List).is_ok());
}

#[test]
fn a_broken_trace_is_refused_with_the_step_named() {
    let recorded = common::queens(4);
    let change = recorded
        .trace
        .events
        .iter()
        .position(|event| event.kind == "change")
        .unwrap();

    let mut trace = recorded.trace.clone();
    trace.events[change].var = Some(99);
    let error = replay_page("x", &trace, &recorded.view).unwrap_err();
    assert!(
        matches!(error, ReplayError::EventVariable { step, var: 99, variables: 4 } if step == change)
    );
    assert!(
        error.to_string().starts_with(&format!("event {change}:")),
        "{error}"
    );

    let mut trace = recorded.trace.clone();
    trace.events[change].removed = vec![7];
    let error = replay_page("x", &trace, &recorded.view).unwrap_err();
    assert!(matches!(
        error,
        ReplayError::EventValue {
            value: 7,
            ref range,
            ..
        } if *range == (0..=3)
    ));

    let mut trace = recorded.trace.clone();
    trace.events[change].kind = "teleport";
    let error = replay_page("x", &trace, &recorded.view).unwrap_err();
    assert!(matches!(error, ReplayError::UnknownEvent { ref kind, .. } if kind == "teleport"));

    let mut trace = recorded.trace.clone();
    trace.version = 1;
    let error = replay_page("x", &trace, &recorded.view).unwrap_err();
    assert!(matches!(
        error,
        ReplayError::UnsupportedTrace { version: 1, .. }
    ));

    let mut trace = recorded.trace.clone();
    trace.start.pop();
    let error = replay_page("x", &trace, &recorded.view).unwrap_err();
    assert!(matches!(
        error,
        ReplayError::TraceShape {
            variables: 4,
            start: 3,
            ..
        }
    ));

    // A broken event past the limit is not replayed, so it does not matter.
    let mut trace = recorded.trace.clone();
    let last = trace.events.len() - 1;
    trace.events[last].kind = "teleport";
    assert!(replay_page_with_limit("x", &trace, &recorded.view, last).is_ok());
}

#[test]
fn the_rust_replay_of_each_trace_reaches_its_solution() {
    // The browser test's expected states come from `common::state_after`; check it
    // against the engine: every `x = v` branch finds v still possible, and the last
    // step holds the solution the search returned.
    for (name, recorded) in puzzles() {
        let trace = &recorded.trace;
        for (step, event) in trace.events.iter().enumerate() {
            if event.kind == "branch" {
                let before = common::state_after(trace, step.checked_sub(1));
                let (var, value) = (event.var.unwrap(), event.value.unwrap());
                assert!(before[var].contains(&value), "{name}: step {step}");
            }
        }
        let last = common::state_after(trace, Some(trace.events.len() - 1));
        let values: Vec<Value> = last.iter().map(|values| values[0]).collect();
        assert!(last.iter().all(|values| values.len() == 1), "{name}");
        assert_eq!(values, recorded.solution, "{name}");
    }
}

#[test]
fn a_trace_without_events_still_makes_a_page() {
    let recorded = common::sudoku4("1...............");
    let mut trace = recorded.trace.clone();
    trace.events.clear();
    let page = replay_page("empty", &trace, &recorded.view).unwrap();
    let embedded = common::unpack(common::script_data(&page, "trace-data"));
    assert_eq!(embedded["events"].as_array().unwrap().len(), 0);
    assert_eq!(embedded["start"][0], serde_json::json!([0]));
}

/// A hint whose words try to end the data element, changing `changed`.
fn hostile_hint(changed: usize) -> Hint {
    Hint::Step(HintStep {
        tier: "tier 1 (attacks)".to_string(),
        rule: "</script><script>alert(2)</script>".to_string(),
        effect: "queen 1 ≠ 2; queen 2 ≠ 3".to_string(),
        inference: "attack".to_string(),
        text: "x < y && y > z".to_string(),
        because: "because queen 3 = 1".to_string(),
        changed: vec![changed],
        uses: vec![2],
        scope: vec![0, 1, 2, 3],
    })
}

#[test]
fn hints_are_embedded_once_each_safely_and_checked() {
    let recorded = common::queens(4);
    let events = recorded.trace.events.len();
    let mut hints = Hints::new(events);
    hints.set(None, hostile_hint(0)).unwrap();
    hints.set(Some(0), hostile_hint(0)).unwrap();
    let solved = Hint::Solved {
        message: "already solved".to_string(),
    };
    hints.set(Some(events - 1), solved).unwrap();
    assert_eq!((hints.distinct(), hints.steps_with_hint()), (2, 3));
    hints.set_notes("about the hints", "how to have one");
    let page = replay_page_with_hints("hints", &recorded.trace, &recorded.view, &hints).unwrap();
    assert!(!page.contains("alert(2)</script>"));
    assert_eq!(page.matches("</script>").count(), 4);
    let data = common::script_data(&page, "hints-data");
    for forbidden in ['<', '>', '&'] {
        assert!(!data.contains(forbidden), "the hints hold {forbidden}");
    }
    let data: serde_json::Value = serde_json::from_str(data).unwrap();
    assert_eq!(data["count"], 2);
    assert_eq!(data["about"], "about the hints");
    assert_eq!(data["missing"], "how to have one");
    // The effect's parts are strings of their own, each once.
    let strings: Vec<&str> = (data["strings"].as_array().unwrap().iter())
        .map(|string| string.as_str().unwrap())
        .collect();
    for part in [
        "queen 1 ≠ 2",
        "queen 2 ≠ 3",
        "already solved",
        "x < y && y > z",
    ] {
        assert_eq!(strings.iter().filter(|&&s| s == part).count(), 1, "{part}");
    }
    // Runs: the start and step 0 hint 1, then none, then the last step hint 2.
    let runs = common::read_numbers(data["runs"].as_str().unwrap());
    assert_eq!(runs, [0, 1, 2, 0, events as i64 - 2, 2]);
}

#[test]
fn hints_that_do_not_fit_the_trace_are_refused() {
    let recorded = common::queens(4);
    let events = recorded.trace.events.len();
    let mut hints = Hints::new(events);
    hints.set(None, hostile_hint(99)).unwrap();
    let refused = replay_page_with_hints("bad", &recorded.trace, &recorded.view, &hints);
    assert!(
        matches!(refused, Err(ReplayError::HintVariable { var: 99, .. })),
        "{refused:?}"
    );
    let short = Hints::new(events - 1);
    let refused = replay_page_with_hints("short", &recorded.trace, &recorded.view, &short);
    assert!(
        matches!(refused, Err(ReplayError::HintSteps { .. })),
        "{refused:?}"
    );
}
