//! `sieve binairo` / `sieve unruly`: Simon Tatham's Unruly game IDs
//! through the built binary, against his own solver's answers
//! (puzzles/unruly/tests/tatham/, which says how the files were made).

mod common;

use common::{assert_exit, run, stderr, stdout};

/// The committed data file `name`, and its non-comment lines.
fn data(name: &str) -> (String, Vec<String>) {
    let path = format!(
        "{}/../puzzles/unruly/tests/tatham/{name}",
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
    let (path, ids) = data("unruly_ids.txt");
    let (_, answers) = data("unruly_solutions.txt");
    for command in ["binairo", "unruly"] {
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
    let output = run(&["binairo", "solve", "--format", "line", &ids[0]], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), format!("{}\n", answers[0]));
}

#[test]
fn the_picture_brackets_the_given_cells() {
    let output = run(&["binairo", "solve", "6x6:BBDECbdbcFAba"], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        " 0 [1] 0 [1] 0  1\n 0 [1] 0  0  1  1\n[1] 0  1 [1] 0 [0]\n 1  0  1 [0] 1 [0]\n \
         0  1 [0] 0  1  1\n 1  0 [1][1] 0 [0]\n"
    );
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    // A blank 4×4: 90 grids, 72 of them with unique rows and columns.
    let output = run(&["binairo", "solve", "--format", "line", "4x4:q"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    for (id, count) in [("4x4:q", "90\n"), ("4x4u:q", "72\n")] {
        let output = run(&["unruly", "count", id], None);
        assert_exit(&output, 0);
        assert_eq!(stdout(&output), count, "{id}");
    }
    // 2×2 with r1c2 a 1: 0 1 over 1 0, in either mode.
    for id in ["2x2:Bc", "2x2u:Bc"] {
        let output = run(&["binairo", "solve", "--format", "line", id], None);
        assert_exit(&output, 0);
        assert_eq!(stdout(&output), "0110\n");
    }
    // r1c2 a 1 and r2c1 a 0: column 1 would hold two 0s.
    let output = run(&["binairo", "solve", "2x2:Bab"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
    let output = run(&["binairo", "count", "2x2:Bab"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "0\n");
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    for (id, offset) in [
        // A character that is no letter.
        ("6x6:BBDECbd!bcFAba", "description at offset 7"),
        // Too few positions, then too many.
        ("6x6:BBDECbdbcFAb", "description at offset 12"),
        ("6x6:BBDECbdbcFAbaa", "description at offset 13"),
        // Parameters: an odd side, a side too large, an unknown difficulty.
        ("7x6:z", "parameters at offset 0"),
        ("6x66:z", "parameters at offset 2"),
        ("6x6udx:z", "parameters at offset 5"),
    ] {
        let output = run(&["binairo", "solve", id], None);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains(offset),
            "{id}: {}",
            stderr(&output)
        );
        assert_eq!(stdout(&output), "");
    }
    let (_, ids) = data("unruly_ids.txt");
    let input = format!("{}\n6x6:zk\n", ids[0]);
    let output = run(
        &["unruly", "solve", "--format", "line", "--file", "-"],
        Some(&input),
    );
    assert_exit(&output, 2);
    assert_eq!(
        stdout(&output).lines().count(),
        1,
        "the good ID is still solved"
    );
    assert!(
        stderr(&output).starts_with("line 2: description at offset 2"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn help_shows_a_real_game_id() {
    for command in ["binairo", "unruly"] {
        let output = run(&[command, "--help"], None);
        assert_exit(&output, 0);
        let help = stdout(&output);
        let example = "10x10u:ccBAcdCEdCkaiCAcbIBcCEACdeDa";
        assert!(help.contains(example), "{help}");
        sieve_unruly::parse_unruly_id(example).expect("the example is a valid ID");
    }
}
