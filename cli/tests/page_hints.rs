//! The replay page's hints (`--trace html`): at each state the page shows, the
//! hint `sieve <puzzle> hint` gives. At the start the page's hint must be the
//! command's, word for word; every state at the root of the search has one; a
//! page written with no time for hints says how to have them.

mod common;

use std::fs;
use std::path::PathBuf;

use common::page_data::{PageHint, events, page_hints, variables};

/// A page written by `sieve ARGS --trace html` (and `extra` flags), read back.
fn page(name: &str, args: &[&str], extra: &[&str]) -> String {
    let path: PathBuf = std::env::temp_dir().join(format!(
        "sieve-page-hints-{}-{name}.html",
        std::process::id()
    ));
    let mut all = args.to_vec();
    all.extend(["--trace", "html", "--out", path.to_str().unwrap()]);
    all.extend(extra);
    let output = common::run(&all, None);
    assert!(
        output.status.success(),
        "{name}: {}",
        common::stderr(&output)
    );
    let html = fs::read_to_string(&path).unwrap();
    let _ = fs::remove_file(&path);
    html
}

/// What `sieve <puzzle> hint ID` prints.
fn cli_hint(args: &[&str]) -> String {
    let output = common::run(args, None);
    assert!(output.status.success(), "{}", common::stderr(&output));
    common::stdout(&output)
}

/// The lines `sieve <zoo puzzle> hint` writes for a step (write_steps' layout).
fn zoo_lines(hint: &PageHint) -> String {
    let text = if hint.text.is_empty() {
        String::new()
    } else {
        format!(" {}", hint.text)
    };
    let mut lines = format!(
        "{}:\n  1. {}  [{}, {}]{text}\n",
        hint.tier, hint.effect, hint.inference, hint.rule
    );
    if !hint.because.is_empty() {
        lines += &format!("       {}\n", hint.because);
    }
    lines
}

const TENTS: &str = "8x8:acfbkabkaaadh,3,0,2,1,1,1,1,3,2,1,1,3,0,2,0,3";
const LOOPY: &str = "6x6t0:22a3b2a2a23a2c31b2c220a3a2a3b";
const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn a_zoo_page_gives_at_the_start_the_hint_of_the_hint_command() {
    for (puzzle, id) in [("tents", TENTS), ("loopy", LOOPY)] {
        let html = page(puzzle, &[puzzle, "solve", id], &[]);
        let hints = page_hints(&html, events(&html));
        let start = hints.at(None).expect("the start has a hint");
        assert_eq!(start.kind, "step", "{puzzle}");
        assert_eq!(
            zoo_lines(start),
            cli_hint(&[puzzle, "hint", id]),
            "{puzzle}"
        );
        // The cell it changes is outlined: the variable named in its effect.
        let names = variables(&html);
        let changed: Vec<&str> = start.changed.iter().map(|&v| names[v].as_str()).collect();
        assert_eq!(changed.len(), 1, "{puzzle}: {changed:?}");
        assert!(
            start.effect.starts_with(changed[0]),
            "{puzzle}: {changed:?}"
        );
        assert!(!start.scope.is_empty(), "{puzzle}: its rule's cells");
    }
}

#[test]
fn every_root_state_of_a_solve_without_search_has_a_hint_ending_solved() {
    let html = page("tents-root", &["tents", "solve", TENTS], &[]);
    let count = events(&html);
    let hints = page_hints(&html, count);
    // Tents at this size needs no search: every step is at the root.
    for step in std::iter::once(None).chain((0..count).map(Some)) {
        assert!(hints.at(step).is_some(), "step {step:?} has no hint");
    }
    let last = hints.at(Some(count - 1)).unwrap();
    assert_eq!(
        (last.kind.as_str(), last.message.as_str()),
        ("solved", "already solved")
    );
    // Consecutive states share hints: the table is smaller than the steps.
    assert!(
        hints.hints.len() < count,
        "{} hints for {count} steps",
        hints.hints.len()
    );
    assert!(hints.about.contains("of the"), "{}", hints.about);
}

#[test]
fn a_sudoku_page_gives_at_the_start_the_hint_of_sudoku_hint() {
    let html = page("sudoku", &["sudoku", "solve", CLASSIC], &[]);
    let hints = page_hints(&html, events(&html));
    let start = hints.at(None).expect("the start has a hint");
    let names = variables(&html);
    let cells: Vec<&str> = start.changed.iter().map(|&v| names[v].as_str()).collect();
    // `tier 1 (naked-single)` is written `(tier 1, naked-single)` by the command.
    let (number, name) = (start.tier.strip_prefix("tier "))
        .and_then(|rest| rest.strip_suffix(')'))
        .and_then(|rest| rest.split_once(" ("))
        .expect("tier N (name)");
    let expected = format!(
        "technique: {} (tier {number}, {})\nwhere: {}\ncells: {}\ndeduction: [{}] {}\n",
        start.inference,
        name,
        start.rule,
        cells.join(", "),
        start.inference,
        start.text
    );
    assert_eq!(expected, cli_hint(&["sudoku", "hint", CLASSIC]));
    assert_eq!(cells, ["r5c5"]);
    // Its rule's cells: the 20 peers of r5c5 and the cell itself; the cells it
    // rests on: peers that hold the eight other values.
    assert_eq!(start.scope.len(), 21, "{start:?}");
    assert!(start.uses.len() >= 8, "{start:?}");
    assert!(
        start.uses.iter().all(|cell| start.scope.contains(cell)),
        "{start:?}"
    );
}

#[test]
fn a_page_without_time_for_hints_says_how_to_have_them() {
    let html = page(
        "tents-budget",
        &["tents", "solve", TENTS],
        &["--hint-budget", "0"],
    );
    let count = events(&html);
    let hints = page_hints(&html, count);
    assert!(hints.at(None).is_some(), "the start always has its hint");
    assert!(hints.at(Some(count - 1)).is_none());
    assert!(hints.missing.contains("--hint-budget"), "{}", hints.missing);
    let refused = common::run(
        &[
            "tents",
            "solve",
            TENTS,
            "--trace",
            "html",
            "--hint-budget",
            "-1",
        ],
        None,
    );
    common::assert_exit(&refused, 2);
}
