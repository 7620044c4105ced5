//! `sieve magnets`: Simon Tatham's Magnets game IDs through the built binary,
//! against his own solver's answers (puzzles/magnets/tests/tatham/, which says
//! how the files were made).

mod common;

use common::{assert_exit, run, stderr, stdout};

/// The committed data file `name`, and its non-comment lines.
fn data(name: &str) -> (String, Vec<String>) {
    let path = format!(
        "{}/../puzzles/magnets/tests/tatham/{name}",
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
    let (path, ids) = data("magnets_ids.txt");
    let (_, answers) = data("magnets_solutions.txt");
    let output = run(
        &["magnets", "solve", "--format", "line", "--file", &path],
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
    let output = run(&["magnets", "solve", "--format", "line", &ids[0]], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), format!("{}\n", answers[0]));
}

#[test]
fn the_picture_is_tathams_text_format() {
    let output = run(
        &[
            "magnets",
            "solve",
            "5x5:22221,22221,21312,22212,TLRTTBTTBBTBBTTBTTBB*BBLR",
        ],
        None,
    );
    assert_exit(&output, 0);
    let expected = "\
+ 2 2 2 2 1
 +---------+
2|-|+ -|.|+|2
 | +-+-+ + |
2|+|-|+|.|-|2
 |-+ + +-+-|
2|-|+|-|+|.|2
 | +-+-+ + |
2|+|.|+|-|.|1
 |-+ + +-+-|
1|#|.|-|+ -|2
 +---------+
  2 1 3 1 2 -
";
    assert_eq!(stdout(&output), expected);
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    let output = run(
        &[
            "magnets",
            "solve",
            "--format",
            "line",
            "2x2:..,..,..,..,LRLR",
        ],
        None,
    );
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["magnets", "count", "2x2:..,..,..,..,LRLR"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "7\n");
    let output = run(&["magnets", "solve", "2x2:..,11,..,00,LRLR"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    for (id, offset) in [
        ("3x2:1.1,01,.10,10,LRTLRX", "description at offset 19"),
        ("3x2:1.1,01,.10,10,LRTRLB", "description at offset 17"),
        ("3x2:1.3,01,.10,10,LRTLRB", "description at offset 2"),
        ("3x2:1.1,01,.10,10LRTLRB", "description at offset 13"),
        ("3x2dq:1.1,01,.10,10,LRTLRB", "parameters at offset 4"),
        ("3x1:1.1,01,.10,10,LRTLRB", "parameters at offset 2"),
    ] {
        let output = run(&["magnets", "solve", id], None);
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
    let output = run(&["magnets", "--help"], None);
    assert_exit(&output, 0);
    let help = stdout(&output);
    let example = "6x6:113221,211222,131212,222202,TLRLRTBTTLRBTBBTLRBTTBTTTBBTBBBLRBLR";
    assert!(help.contains(example), "{help}");
    sieve_magnets::parse_magnets_id(example).expect("the example is a valid ID");
}
