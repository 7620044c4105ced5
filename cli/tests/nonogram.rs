//! `sieve nonogram` / `sieve pattern`: Simon Tatham's Pattern game IDs
//! through the built binary, against his own solver's answers
//! (puzzles/pattern/tests/tatham/, which says how the files were made).

mod common;

use common::{assert_exit, run, stderr, stdout};

/// The committed data file `name`, and its non-comment lines (comments
/// start with `# `; an answer may start with `#`).
fn data(name: &str) -> (String, Vec<String>) {
    let path = format!(
        "{}/../puzzles/pattern/tests/tatham/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
    let lines = text
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with("# "))
        .map(str::to_string)
        .collect();
    (path, lines)
}

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let (path, ids) = data("pattern_ids.txt");
    let (_, answers) = data("pattern_solutions.txt");
    for command in ["nonogram", "pattern"] {
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
    let output = run(&["nonogram", "solve", "--format", "line", &ids[0]], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), format!("{}\n", answers[0]));
}

#[test]
fn the_picture_shows_the_clues() {
    let output = run(&["nonogram", "solve", "5x5:2/3/1.1/4/2/4/2.1/3/2/1"], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "    1\n2 3 1 4 2\n# # # # .  4\n# # . # .  2 1\n. # # # .  3\n. . . # #  2\n. . . . #  1\n"
    );
    // A two-digit column run widens every cell; an empty line's clue shows
    // as 0.
    let output = run(
        &["pattern", "solve", &format!("2x10:10/{}", "/1".repeat(10))],
        None,
    );
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        format!("10  0\n{}", " #  .  1\n".repeat(10))
    );
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    // Two runs of one in a 2×2 grid: either diagonal.
    let output = run(
        &["nonogram", "solve", "--format", "line", "2x2:1/1/1/1"],
        None,
    );
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["pattern", "count", "2x2:1/1/1/1"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "2\n");
    // A given cell settles it.
    let output = run(
        &["nonogram", "solve", "--format", "line", "2x2:1/1/1/1,Ad"],
        None,
    );
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "#..#\n");

    // Columns with three filled cells, rows with two.
    let output = run(&["nonogram", "solve", "2x2:2/1/1/1"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
    let output = run(&["nonogram", "count", "2x2:2/1/1/1"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "0\n");
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    for (id, offset) in [
        // A character that is no digit, '.', '/' or ','.
        ("5x5:2/3/1.1/4/2/4/2!1/3/2/1", "description at offset 15"),
        // Too few clues, then too many.
        ("5x5:2/3/1.1/4/2/4/2.1/3/2", "description at offset 21"),
        ("5x5:2/3/1.1/4/2/4/2.1/3/2/1/1", "description at offset 23"),
        // Runs that do not fit their row.
        ("5x5:2/3/1.1/4/2/4/2.1.1/3/2/1", "description at offset 14"),
        // A given-cells letter that runs past the grid.
        ("5x5:2/3/1.1/4/2/4/2.1/3/2/1,zb", "description at offset 25"),
        // Parameters: a missing height, a size of 0.
        ("5x:2/3/1.1/4/2/4/2.1/3/2/1", "parameters at offset 2"),
        ("0:", "parameters at offset 0"),
    ] {
        let output = run(&["nonogram", "solve", id], None);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains(offset),
            "{id}: {}",
            stderr(&output)
        );
        assert_eq!(stdout(&output), "");
    }
    let (_, ids) = data("pattern_ids.txt");
    let input = format!("{}\n5x5:2/3\n", ids[0]);
    let output = run(
        &["pattern", "solve", "--format", "line", "--file", "-"],
        Some(&input),
    );
    assert_exit(&output, 2);
    assert_eq!(
        stdout(&output).lines().count(),
        1,
        "the good ID is still solved"
    );
    assert!(
        stderr(&output).starts_with("line 2: description at offset 3"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn help_shows_a_real_game_id() {
    for command in ["nonogram", "pattern"] {
        let output = run(&[command, "--help"], None);
        assert_exit(&output, 0);
        let help = stdout(&output);
        let example = "10x5:3/1/1/1.1/1.1/3/4/3/2/3.1/2.7/1.5/1.3.1/1/3.1";
        assert!(help.contains(example), "{help}");
        sieve_pattern::parse_pattern_id(example).expect("the example is a valid ID");
    }
}
