//! The self-contained replay pages.

mod common;

use common::classic_oracle;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use sieve_queens::replay::{order_longest_first, shortest_per_solution, trace_name};
use sieve_queens::{ReplayError, Step, StepKind, index_page, parse_memory, replay_page};

/// The classic trace from 11111111, via the oracle.
fn classic_trace() -> Vec<Step> {
    parse_memory(&classic_oracle(&[1; 8]).0).unwrap()
}

/// Traces from seeded random starts.
fn random_traces(count: usize) -> Vec<Vec<Step>> {
    let mut random = ChaCha8Rng::seed_from_u64(11);
    (0..count)
        .map(|_| {
            let start: Vec<u32> = (0..8).map(|_| random.random_range(1..=8)).collect();
            parse_memory(&classic_oracle(&start).0).unwrap()
        })
        .collect()
}

/// The JSON the page embeds, parsed back.
fn embedded_data(page: &str) -> Value {
    let start_tag = r#"<script type="application/json" id="trace-data">"#;
    let start = page.find(start_tag).expect("data element") + start_tag.len();
    let end = start + page[start..].find("</script>").expect("data end");
    serde_json::from_str(&page[start..end]).expect("valid JSON")
}

/// Checks the page loads nothing from anywhere.
fn assert_self_contained(page: &str) {
    let lower = page.to_lowercase();
    assert!(!lower.contains("http"), "page mentions http");
    assert!(!lower.contains("src="), "page loads a resource");
    assert!(!lower.contains("<link"), "page links a resource");
    assert!(!lower.contains("@import"), "page imports a style sheet");
    assert!(lower.starts_with("<!doctype html>"));
}

#[test]
fn a_replay_page_holds_every_step() {
    let steps = classic_trace();
    let page = replay_page("Classic start", &steps).unwrap();
    assert_self_contained(&page);
    assert!(page.contains("<title>Classic start</title>"));
    let data = embedded_data(&page);
    assert_eq!(data["index"], Value::Bool(false));
    let trace = &data["traces"][0];
    assert_eq!(trace["name"], "p15863724");
    let embedded = trace["steps"].as_array().unwrap();
    assert_eq!(embedded.len(), steps.len());
    for (step, json) in steps.iter().zip(embedded) {
        assert_eq!(json["label"], step.kind.to_string());
        assert_eq!(json["text"], step.board.to_string());
        let rows: Vec<u32> = serde_json::from_value(json["board"].clone()).unwrap();
        assert_eq!(rows, step.board.rows);
    }
    assert_eq!(embedded[18]["label"], "R6:1");
    assert_eq!(embedded[18]["kind"], "refused");
    assert_eq!(embedded[18]["queen"], 6);
}

#[test]
fn the_page_has_the_controls() {
    let page = replay_page("t", &classic_trace()[..3]).unwrap();
    for control in [
        r#"id="play""#,
        r#"id="back""#,
        r#"id="forward""#,
        r#"id="jump""#,
        r#"id="speed""#,
        r#"id="scrub""#,
        "step=",
        "hashchange",
    ] {
        assert!(page.contains(control), "missing {control}");
    }
    // The buttons use glyphs every font has (U+25C0 and U+25B6, not the media
    // symbols U+23E9–U+23FA that many fonts lack and draw as empty boxes) and
    // say in words what they do.
    let media = |c: char| ('\u{23E9}'..='\u{23FA}').contains(&c);
    assert!(!page.chars().any(media), "a media-control glyph");
    for entity in ["&#x23E", "&#x23F", "\\u23E", "\\u23F"] {
        assert!(!page.contains(entity), "a media-control glyph as {entity}");
    }
    for (id, words) in [
        ("first", "first"),
        ("back", "back"),
        ("play", "play"),
        ("forward", "step"),
        ("last", "last"),
    ] {
        let open = format!(r#"<button id="{id}""#);
        let start = page.find(&open).unwrap_or_else(|| panic!("#{id}"));
        let end = start + page[start..].find("</button>").unwrap();
        assert!(page[start..end].contains(words), "#{id} says {words}");
        assert!(
            page[start..end].contains("aria-label="),
            "#{id} has a label"
        );
    }
}

#[test]
fn embedded_text_is_escaped() {
    let title = r#"</script><script>alert("x")</script> & 'q' __DATA__ __TITLE__"#;
    let page = replay_page(title, &classic_trace()[..2]).unwrap();
    assert_self_contained(&page);
    // Only the page's own two scripts close.
    assert_eq!(page.matches("</script>").count(), 2);
    assert!(page.contains(
        "<h1>&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; __DATA__ __TITLE__</h1>"
    ));
    assert_eq!(embedded_data(&page)["title"], title);
}

#[test]
fn the_index_lists_one_trace_per_solution_longest_first() {
    let traces = random_traces(60);
    let page = index_page("All solutions", &traces).unwrap();
    assert_self_contained(&page);
    let data = embedded_data(&page);
    assert_eq!(data["index"], Value::Bool(true));
    let listed = data["traces"].as_array().unwrap();
    let lengths: Vec<usize> = listed
        .iter()
        .map(|trace| trace["steps"].as_array().unwrap().len())
        .collect();
    assert!(lengths.windows(2).all(|pair| pair[0] >= pair[1]));
    let mut names: Vec<&str> = listed.iter().map(|t| t["name"].as_str().unwrap()).collect();
    let listed_count = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), listed_count, "a solution is listed twice");
    // Each listed trace is the shortest one found for its solution.
    for trace in listed {
        let name = trace["name"].as_str().unwrap();
        let shortest = traces
            .iter()
            .filter(|t| trace_name(t).as_deref() == Some(name))
            .map(Vec::len)
            .min()
            .unwrap();
        assert_eq!(trace["steps"].as_array().unwrap().len(), shortest, "{name}");
    }
}

#[test]
fn shortest_wins_and_ties_go_to_the_later_trace() {
    let classic = classic_trace();
    let step = |board: &str, kind| Step {
        board: board.parse().unwrap(),
        kind,
    };
    let short = vec![step("15863724", StepKind::Init)];
    let tied = vec![step("15863724", StepKind::Action { queen: 1, row: 1 })];
    let other = vec![
        step("46827135", StepKind::Init),
        step("46827135", StepKind::Init),
    ];
    let kept = shortest_per_solution(vec![
        classic.clone(),
        short,
        other.clone(),
        tied.clone(),
        vec![],
    ]);
    assert_eq!(kept.len(), 2);
    assert_eq!(kept[0], tied);
    assert_eq!(kept[1], other);
    let mut ordered = vec![kept[0].clone(), classic.clone(), other.clone()];
    order_longest_first(&mut ordered);
    assert_eq!(ordered[0], classic);
    assert_eq!(ordered[1], other);
}

#[test]
fn empty_traces_are_refused() {
    assert!(matches!(
        replay_page("t", &[]),
        Err(ReplayError::EmptyTrace { trace: 0 })
    ));
    assert!(matches!(
        index_page("t", &[classic_trace(), Vec::new()]),
        Err(ReplayError::EmptyTrace { trace: 1 })
    ));
    assert_eq!(trace_name(&[]), None);
}
