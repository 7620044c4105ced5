//! `sieve towers`: Simon Tatham's Towers game IDs through the built binary,
//! against his own solver's answers (puzzles/skyscrapers/tests/tatham/, which
//! says how the files were made).

mod common;

use common::{assert_exit, run, stderr, stdout};

/// The committed data file `name`, and its non-comment lines.
fn data(name: &str) -> (String, Vec<String>) {
    let path = format!(
        "{}/../puzzles/skyscrapers/tests/tatham/{name}",
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
    let (path, ids) = data("towers_ids.txt");
    let (_, answers) = data("towers_solutions.txt");
    let output = run(
        &["towers", "solve", "--format", "line", "--file", &path],
        None,
    );
    assert_exit(&output, 0);
    let lines: Vec<String> = stdout(&output).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), ids.len(), "one line an ID");
    let agreed = lines
        .iter()
        .zip(&answers)
        .filter(|(ours, his)| ours == his)
        .count();
    for ((id, ours), his) in ids.iter().zip(&lines).zip(&answers) {
        assert_eq!(ours, his, "{id}");
    }
    assert_eq!(agreed, ids.len());
    assert_eq!(stderr(&output), "");
}

#[test]
fn one_id_as_an_argument_and_from_standard_input() {
    let (_, ids) = data("towers_ids.txt");
    let (_, answers) = data("towers_solutions.txt");
    let output = run(&["towers", "solve", "--format", "line", &ids[5]], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), format!("{}\n", answers[5]));

    let input = format!("# a comment\n\n{}\n{}\n", ids[0], ids[1]);
    let output = run(
        &["towers", "solve", "--format", "line", "--file", "-"],
        Some(&input),
    );
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), format!("{}\n{}\n", answers[0], answers[1]));
}

#[test]
fn the_picture_draws_the_clues_around_the_solution() {
    let output = run(
        &["towers", "solve", "5:/3////2/////3//1//3/2////,r1b1c"],
        None,
    );
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "    3\n3 1 3 5 2 4 2\n  4 2 3 5 1\n1 5 4 1 3 2\n  2 5 4 1 3\n3 3 1 2 4 5\n  2\n"
    );
}

#[test]
fn skyscrapers_reads_the_same_ids() {
    let (_, ids) = data("towers_ids.txt");
    let towers = run(&["towers", "solve", &ids[3]], None);
    let skyscrapers = run(&["skyscrapers", "solve", &ids[3]], None);
    assert_exit(&skyscrapers, 0);
    let digits = |text: String| {
        text.chars()
            .filter(char::is_ascii_digit)
            .collect::<String>()
    };
    let (_, answers) = data("towers_solutions.txt");
    assert_eq!(digits(stdout(&skyscrapers)), answers[3]);
    assert!(digits(stdout(&towers)).contains(&answers[3][..4]));
}

#[test]
fn a_puzzle_with_several_solutions_exits_1_with_an_empty_line() {
    let output = run(
        &["towers", "solve", "--format", "line", "3:///////////"],
        None,
    );
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(
        stderr(&output).contains("several solutions"),
        "{}",
        stderr(&output)
    );

    let output = run(&["towers", "count", "3:///////////"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "12\n");
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    for (id, offset) in [
        ("5:/3////2//x///3//1//3/2////", "description at offset 9"),
        ("3:1/4", "description at offset 2"),
        ("3:1/2///2/1/3/////2,a4", "description at offset 19"),
        ("3:1/2///2/1/3/////2,a", "description at offset 19"),
        ("3x:1/2///2/1/3/////2", "parameters at offset 1"),
        ("3", "game ID at offset 1"),
    ] {
        let output = run(&["towers", "solve", id], None);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains(offset),
            "{id}: {}",
            stderr(&output)
        );
        assert_eq!(stdout(&output), "");
    }
    let output = run(
        &["towers", "solve", "--format", "line", "--file", "-"],
        Some("3:1/4\n"),
    );
    assert_exit(&output, 2);
    assert!(
        stderr(&output).starts_with("line 1: description at offset 2"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn no_id_is_a_usage_error() {
    let output = run(&["towers", "solve"], None);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("give a game ID"));
}

#[test]
fn help_shows_a_real_game_id() {
    let output = run(&["towers", "--help"], None);
    assert_exit(&output, 0);
    let help = stdout(&output);
    let example = "5:/3////2/////3//1//3/2////,r1b1c";
    assert!(help.contains(example), "{help}");
    sieve_skyscrapers::parse_towers_id(example).expect("the example is a valid ID");
}
