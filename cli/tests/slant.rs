//! `sieve slant`: Simon Tatham's Slant game IDs through the built binary,
//! against his own solver's answers (puzzles/slant/tests/tatham/, which says
//! how the files were made).

mod common;

use common::{assert_exit, run, stderr, stdout};

/// The committed data file `name`, and its non-comment lines.
fn data(name: &str) -> (String, Vec<String>) {
    let path = format!(
        "{}/../puzzles/slant/tests/tatham/{name}",
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
    let (path, ids) = data("slant_ids.txt");
    let (_, answers) = data("slant_solutions.txt");
    let output = run(
        &["slant", "solve", "--format", "line", "--file", &path],
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
    let output = run(&["slant", "solve", "--format", "line", &ids[0]], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), format!("{}\n", answers[0]));
}

#[test]
fn the_picture_is_tathams_text_format() {
    let output = run(&["slant", "solve", "3x3:b0b2b2a11b2a"], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "+-+-0-+\n|\\|\\|/|\n+-2-+-+\n|/|/|/|\n2-+-1-1\n|\\|\\|/|\n+-+-2-+\n"
    );
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    // No clues on 2×2: every filling but the diamond.
    let output = run(&["slant", "solve", "--format", "line", "2x2:i"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["slant", "count", "2x2:i"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "15\n");

    // A 2 on a corner of the grid, which touches one cell.
    let output = run(&["slant", "solve", "2x2:2h"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
    // A 4 in the centre of 2×2 is the diamond's opposite: an X of four
    // lines, no loop; with a 1 beside it, which the X leaves untouched, none.
    let output = run(&["slant", "count", "2x2:d4d"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "1\n");
    let output = run(&["slant", "count", "2x2:a1b4d"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "0\n");
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    for (id, offset) in [
        // A clue above 4, a character that is no clue or run.
        ("3x3:b0b5b2a11b2a", "description at offset 3"),
        ("3x3:b0b2b!a11b2a", "description at offset 5"),
        // Too few corners, then too many.
        ("3x3:b0b2b2a11b2", "description at offset 11"),
        ("3x3:b0b2b2a11b2ab", "description at offset 12"),
        // A run past the last corner.
        ("3x3:b0b2b2a11b2b", "description at offset 11"),
        // Parameters: an unknown difficulty, a side too small, junk.
        ("3x3dq:b0b2b2a11b2a", "parameters at offset 4"),
        ("1x3:h", "parameters at offset 0"),
        ("3x3y:b0b2b2a11b2a", "parameters at offset 3"),
    ] {
        let output = run(&["slant", "solve", id], None);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains(offset),
            "{id}: {}",
            stderr(&output)
        );
        assert_eq!(stdout(&output), "");
    }
    let (_, ids) = data("slant_ids.txt");
    let input = format!("{}\n3x3:b0b2b2a11b2\n", ids[0]);
    let output = run(
        &["slant", "solve", "--format", "line", "--file", "-"],
        Some(&input),
    );
    assert_exit(&output, 2);
    assert_eq!(
        stdout(&output).lines().count(),
        1,
        "the good ID is still solved"
    );
    assert!(
        stderr(&output).starts_with("line 2: description at offset 11"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn help_shows_a_real_game_id() {
    let output = run(&["slant", "--help"], None);
    assert_exit(&output, 0);
    let help = stdout(&output);
    let example = "5x5:a2d11a3a0a112a1a2a2a1d2b10a11";
    assert!(help.contains(example), "{help}");
    sieve_slant::parse_slant_id(example).expect("the example is a valid ID");
}
