//! `sieve tents`: Simon Tatham's Tents game IDs through the built binary,
//! against his own solver's answers (puzzles/tents/tests/tatham/, which says
//! how the files were made).

mod common;

use common::{assert_exit, run, stderr, stdout};

/// The committed data file `name`, and its non-comment lines.
fn data(name: &str) -> (String, Vec<String>) {
    let path = format!(
        "{}/../puzzles/tents/tests/tatham/{name}",
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
    let (path, ids) = data("tents_ids.txt");
    let (_, answers) = data("tents_solutions.txt");
    let output = run(
        &["tents", "solve", "--format", "line", "--file", &path],
        None,
    );
    assert_exit(&output, 0);
    let lines: Vec<String> = stdout(&output).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), ids.len(), "one line an ID");
    for ((id, ours), his) in ids.iter().zip(&lines).zip(&answers) {
        assert_eq!(ours, his, "{id}");
    }
    assert_eq!(stderr(&output), "");
    // One ID at a time, as an argument, too.
    let output = run(&["tents", "solve", "--format", "line", &ids[0]], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), format!("{}\n", answers[0]));
}

#[test]
fn the_picture_shows_tents_trees_and_counts() {
    let output = run(&["tents", "solve", "4x4:g_db,1,0,1,1,1,0,0,2"], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        ". . . A  1\n. . . T  0\nT . . .  0\nA T A .  2\n1 0 1 1\n"
    );
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts_placements() {
    // Trees at r2c1 and r2c3: two placements.
    let output = run(
        &[
            "tents",
            "solve",
            "--format",
            "line",
            "4x4:dai,1,0,1,0,1,0,1,0",
        ],
        None,
    );
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["tents", "count", "4x4:dai,1,0,1,0,1,0,1,0"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "2\n");
    // One placement with two pairings: one solution.
    let output = run(&["tents", "count", "4x4:ababf,2,0,2,0,2,0,2,0"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "1\n");
    // A count no tent can meet.
    let output = run(&["tents", "solve", "4x4:an,0,0,0,1,1,0,0,0"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    for (id, offset) in [
        ("4x4:g_d?b,1,0,1,1,1,0,0,2", "description at offset 3"),
        ("4x4:g_d,1,0,1,1,1,0,0,2", "description at offset 3"),
        ("4x4:g_dc,1,0,1,1,1,0,0,2", "description at offset 3"),
        ("4x4:g_db,1,0,5,1,1,0,0,2", "description at offset 9"),
        ("4x4:g_db,1,0,1,1,1,0,0", "description at offset 18"),
        ("4x4dq:g_db,1,0,1,1,1,0,0,2", "parameters at offset 4"),
        ("3x4:g_db,1,0,1,1,1,0,0,2", "parameters at offset 0"),
        ("4x4g_db,1,0,1,1,1,0,0,2", "game ID at offset"),
    ] {
        let output = run(&["tents", "solve", id], None);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains(offset),
            "{id}: {}",
            stderr(&output)
        );
        assert_eq!(stdout(&output), "");
    }
    let (_, ids) = data("tents_ids.txt");
    let input = format!("{}\n4x4:g_d,1\n", ids[0]);
    let output = run(
        &["tents", "solve", "--format", "line", "--file", "-"],
        Some(&input),
    );
    assert_exit(&output, 2);
    assert_eq!(stdout(&output).lines().count(), 1, "the good ID is solved");
    assert!(
        stderr(&output).starts_with("line 2: description at offset 3"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn help_shows_a_real_game_id() {
    let output = run(&["tents", "--help"], None);
    assert_exit(&output, 0);
    let help = stdout(&output);
    let example = "8x8:bdalfcamab_fa,2,1,0,3,1,1,2,2,2,0,1,2,1,2,2,2";
    assert!(help.contains(example), "{help}");
    sieve_tents::parse_tents_id(example).expect("the example is a valid ID");
}
