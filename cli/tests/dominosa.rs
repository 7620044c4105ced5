//! `sieve dominosa`: Simon Tatham's Dominosa game IDs through the built
//! binary, against his own solver's answers (puzzles/dominosa/tests/tatham/,
//! which says how the files were made).

mod common;

use common::{assert_exit, run, stderr, stdout};

/// The committed data file `name`, and its non-comment lines.
fn data(name: &str) -> (String, Vec<String>) {
    let path = format!(
        "{}/../puzzles/dominosa/tests/tatham/{name}",
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
    let (path, ids) = data("dominosa_ids.txt");
    let (_, answers) = data("dominosa_solutions.txt");
    let output = run(
        &["dominosa", "solve", "--format", "line", "--file", &path],
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
    let output = run(&["dominosa", "solve", "--format", "line", &ids[0]], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), format!("{}\n", answers[0]));
}

#[test]
fn the_picture_is_tathams_boxes() {
    let output = run(&["dominosa", "solve", "2:211010210022"], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "+---+-------+---+\n\
         | 2 | 1   1 | 0 |\n\
         |   +-------+   |\n\
         | 1 | 0   2 | 1 |\n\
         +---+---+---+---+\n\
         | 0   0 | 2   2 |\n\
         +-------+-------+\n"
    );
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    // 0 0 1 / 0 1 1: three ways to lay 0-0, 0-1 and 1-1.
    let output = run(&["dominosa", "solve", "--format", "line", "1:001011"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["dominosa", "count", "1:001011"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "3\n");

    // Rows 0 0 1 1 / 2 2 0 0 / 1 1 2 2: every tiling lays a double twice.
    let output = run(&["dominosa", "solve", "2:001122001122"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
    let output = run(&["dominosa", "count", "2:001122001122"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "0\n");

    // 0 1 0 1 / 1 0 1 2 / 0 2 2 2: the top-left corner pairs either way
    // into a 0-1, and its other neighbour then has only 0-1s left. No way to
    // pair the cells around r1c1 is a puzzle without a solution, not an
    // error.
    let output = run(&["dominosa", "count", "2:010110120222"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "0\n");
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    for (id, offset) in [
        // Too few numbers, too many, a number above N.
        ("2:21101021002", "description at offset 11"),
        ("2:2110102100222", "description at offset 12"),
        ("2:211310210022", "description at offset 3"),
        // One number written more often than a full set has it.
        ("2:211011210022", "description at offset 7"),
        // A bracket left open, or holding no number.
        ("12:[12", "description at offset 3"),
        ("2:2110[x]0210022", "description at offset 5"),
        // Parameters: an unknown difficulty, N out of range, junk.
        ("2dz:211010210022", "parameters at offset 2"),
        ("0:00", "parameters at offset 0"),
        ("2x:211010210022", "parameters at offset 1"),
    ] {
        let output = run(&["dominosa", "solve", id], None);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains(offset),
            "{id}: {}",
            stderr(&output)
        );
        assert_eq!(stdout(&output), "");
    }
    let (_, ids) = data("dominosa_ids.txt");
    let input = format!("{}\n2:211310210022\n", ids[0]);
    let output = run(
        &["dominosa", "solve", "--format", "line", "--file", "-"],
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
    let output = run(&["dominosa", "--help"], None);
    assert_exit(&output, 0);
    let help = stdout(&output);
    let example = "4:043100143011142024213324332204";
    assert!(help.contains(example), "{help}");
    sieve_dominosa::parse_dominosa_id(example).expect("the example is a valid ID");
}
