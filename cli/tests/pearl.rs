//! `sieve masyu` / `sieve pearl`: Simon Tatham's Pearl game IDs through the
//! built binary, against his own solver's answers
//! (puzzles/pearl/tests/tatham/, which says how the files were made).

mod common;

use common::{assert_exit, run, stderr, stdout};

/// The committed data file `name`, and its non-comment lines.
fn data(name: &str) -> (String, Vec<String>) {
    let path = format!(
        "{}/../puzzles/pearl/tests/tatham/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
    let lines = text
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(str::to_string)
        .collect();
    (path, lines)
}

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let (path, ids) = data("pearl_ids.txt");
    let (_, answers) = data("pearl_solutions.txt");
    for command in ["masyu", "pearl"] {
        let output = run(
            &[command, "solve", "--format", "line", "--file", &path],
            None,
        );
        assert_exit(&output, 0);
        let lines: Vec<String> = stdout(&output).lines().map(str::to_string).collect();
        assert_eq!(lines.len(), ids.len(), "one line an ID");
        for ((id, ours), his) in ids.iter().zip(&lines).zip(&answers) {
            assert_eq!(ours, his, "{id}");
        }
        assert_eq!(stderr(&output), "");
    }
}

#[test]
fn the_picture_draws_the_loop_through_the_pearls() {
    let output = run(&["masyu", "solve", "6x6de:BgWeWaBhWWfBaB"], None);
    assert_exit(&output, 0);
    let picture = stdout(&output);
    assert_eq!(picture.lines().count(), 11, "{picture}");
    assert!(
        picture.starts_with("B-+-+-+ +-+\n|     | | |\n"),
        "{picture}"
    );
    assert!(picture.ends_with(". +-+ B-+-B\n"), "{picture}");
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    // No pearl: every loop through the cells of a 5×5 grid.
    let output = run(&["pearl", "solve", "--format", "line", "5x5:y"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["pearl", "count", "5x5:y"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "9349\n");
    // A white pearl in a corner cannot go straight.
    let output = run(&["masyu", "solve", "5x5:Wx"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
    let output = run(&["masyu", "count", "5x5:Wx"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "0\n");
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    for (id, offset) in [
        ("6x6:BgWeWaBhWXfBaB", "description at offset 9"),
        ("6x6:BgWeWaBhWWfBa", "description at offset 13"),
        ("6x6:BgWeWaBhWWfBaBa", "description at offset 14"),
        ("6x6:BgWeWaBhWWfBcB", "description at offset 12"),
        ("6x6dh:BgWeWaBhWWfBaB", "parameters at offset 4"),
        ("4x6:x", "parameters at offset 0"),
        ("6x6q:BgWeWaBhWWfBaB", "parameters at offset 3"),
    ] {
        let output = run(&["masyu", "solve", id], None);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains(offset),
            "{id}: {}",
            stderr(&output)
        );
        assert_eq!(stdout(&output), "");
    }
}

#[test]
fn rate_solves_every_committed_id_with_the_rules_alone() {
    let (path, ids) = data("pearl_ids.txt");
    let output = run(&["masyu", "rate", "--file", &path], None);
    assert_exit(&output, 0);
    let lines: Vec<String> = stdout(&output).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), ids.len(), "one rating an ID");
    for (id, line) in ids.iter().zip(&lines) {
        assert_eq!(line, "tier 1 (rules)", "{id}");
    }
}

#[test]
fn explain_asks_what_the_loop_does_in_a_cell() {
    let id = "6x6de:BgWeWaBhWWfBaB";
    let output = run(&["pearl", "explain", id, "--cell", "r3c4"], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert!(
        text.starts_with("r3c4 holds right and left because:"),
        "{text}"
    );
    assert!(
        text.contains("the loop through the black pearl at r3c5 turns"),
        "{text}"
    );
    let output = run(&["pearl", "explain", id, "--cell", "r7c1"], None);
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("r7c1 is not a cell"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn help_shows_a_real_game_id() {
    for command in ["masyu", "pearl"] {
        let output = run(&[command, "--help"], None);
        assert_exit(&output, 0);
        let help = stdout(&output);
        let example = "8x8dt:cWbWaWdBbWjWcWBaBaBdBaBkWcWWc";
        assert!(help.contains(example), "{help}");
        sieve_pearl::parse_pearl_id(example).expect("the example is a valid ID");
    }
}
