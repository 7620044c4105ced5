//! `sieve signpost`: Simon Tatham's Signpost game IDs through the built
//! binary, against his own solver's answers (puzzles/signpost/tests/tatham/,
//! which says how the files were made).

mod common;

use common::{assert_exit, run, stderr, stdout};

/// The committed data file `name`, and its non-comment lines.
fn data(name: &str) -> (String, Vec<String>) {
    let path = format!(
        "{}/../puzzles/signpost/tests/tatham/{name}",
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
    let (path, ids) = data("signpost_ids.txt");
    let (_, answers) = data("signpost_solutions.txt");
    let output = run(
        &["signpost", "solve", "--format", "line", "--file", &path],
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

#[test]
fn the_picture_draws_numbers_and_arrows() {
    let output = run(&["signpost", "solve", "3x3:d1d9aaegbgh"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "4↘  1↘* 9.*\n3↑  6↓  2←\n8↗  7←  5↖\n");
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    // Every arrow right along one row: the left-to-right order alone.
    let output = run(&["signpost", "count", "3x1:ccc"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "1\n");
    // Arrows that never reach the bottom-left cell: no path.
    let output = run(&["signpost", "solve", "2x2:cgcg"], None);
    assert_exit(&output, 1);
    assert!(
        stderr(&output).contains("no solution"),
        "{}",
        stderr(&output)
    );
    // Right, left, left in a row of three: 1-3-2, 2-1-3, 3-2-1 and 3-1-2.
    let output = run(&["signpost", "solve", "--format", "line", "3x1:cgg"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["signpost", "count", "3x1:cgg"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "4\n");
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    for (id, offset) in [
        ("3x3:d1d9aaegbgi", "description at offset 10"),
        ("3x3:d1d9aaegbg", "description at offset 10"),
        ("3x3:d10d9aaegbgh", "description at offset 1"),
        ("3x3:d1d1aaegbgh", "description at offset 3"),
        ("3x3q:d1d9aaegbgh", "parameters at offset 3"),
        ("21x1:a", "parameters at offset 0"),
    ] {
        let output = run(&["signpost", "solve", id], None);
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
fn rate_settles_every_id_with_the_links() {
    let (path, ids) = data("signpost_ids.txt");
    let output = run(&["signpost", "rate", "--file", &path], None);
    assert_exit(&output, 0);
    let lines: Vec<String> = stdout(&output).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), ids.len(), "one rating an ID");
    for (id, line) in ids.iter().zip(&lines) {
        assert_eq!(line, "tier 1 (links)", "{id}");
    }
}

#[test]
fn explain_asks_for_a_cells_number() {
    let id = "3x3:d1d9aaegbgh";
    let output = run(&["signpost", "explain", id, "--cell", "r2c2"], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert!(text.starts_with("r2c2 holds 6 because:"), "{text}");
    assert!(
        text.contains("r1c3 is not first, and only r3c1 can lead to it"),
        "{text}"
    );
    let output = run(&["signpost", "explain", id, "--cell", "r4c1"], None);
    assert_exit(&output, 2);
}

#[test]
fn help_shows_a_real_game_id() {
    let output = run(&["signpost", "--help"], None);
    assert_exit(&output, 0);
    let help = stdout(&output);
    let example = "4x4:egfeb1e16ahacfabbag";
    assert!(help.contains(example), "{help}");
    sieve_signpost::parse_signpost_id(example).expect("the example is a valid ID");
}
