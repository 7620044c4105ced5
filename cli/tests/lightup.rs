//! `sieve lightup` / `sieve akari`: Simon Tatham's Light Up game IDs through
//! the built binary, against his own solver's answers
//! (puzzles/lightup/tests/tatham/, which says how the files were made).

mod common;

use common::{assert_exit, run, stderr, stdout};

/// The committed data file `name`, and its non-comment lines (comments
/// start with `# `: an answer may start with `#`, a wall).
fn data(name: &str) -> (String, Vec<String>) {
    let path = format!(
        "{}/../puzzles/lightup/tests/tatham/{name}",
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
    let (path, ids) = data("lightup_ids.txt");
    let (_, answers) = data("lightup_solutions.txt");
    for command in ["lightup", "akari"] {
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
    let output = run(&["lightup", "solve", "--format", "line", &ids[0]], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), format!("{}\n", answers[0]));
}

#[test]
fn the_picture_shows_lights_walls_and_numbers() {
    let output = run(&["lightup", "solve", "5x5:a0gBe0g3a"], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        ". 0 . . L\nL . . . #\n. L . . .\n0 . . L .\n. . L 3 L\n"
    );
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    let output = run(&["lightup", "solve", "--format", "line", "2x2:d"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["akari", "count", "2x2:d"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "2\n");
    let output = run(&["lightup", "solve", "2x2:4c"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    for (id, offset) in [
        ("5x5:a0gBe0g3?", "description at offset 8"),
        ("5x5:a0gBe0g5a", "description at offset 7"),
        ("5x5:a0gBe0g3b", "description at offset 8"),
        ("5x5:a0gBe0g3aB", "description at offset 9"),
        ("5:a0gBe0g3a", "parameters at offset 1"),
        ("5x5d3:a0gBe0g3a", "parameters at offset 4"),
    ] {
        let output = run(&["lightup", "solve", id], None);
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
fn help_shows_a_real_game_id() {
    for command in ["lightup", "akari"] {
        let output = run(&[command, "--help"], None);
        assert_exit(&output, 0);
        let help = stdout(&output);
        let example = "7x7:c2mBcBa4aBa3c2m1c";
        assert!(help.contains(example), "{help}");
        sieve_lightup::parse_lightup_id(example).expect("the example is a valid ID");
    }
}
