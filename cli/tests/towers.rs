//! `sieve towers`: Simon Tatham's Towers game IDs through the built binary,
//! against his own solver's answers (puzzles/skyscrapers/tests/tatham/, which
//! says how the files were made).

mod common;

use common::zoo::{TathamSet, assert_help_shows, assert_malformed_ids_exit_2};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    TathamSet::load("skyscrapers", "towers").assert_solved_by(&["towers"]);
}

#[test]
fn one_id_as_an_argument_and_from_standard_input() {
    let TathamSet { ids, answers, .. } = TathamSet::load("skyscrapers", "towers");
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
    let TathamSet { ids, answers, .. } = TathamSet::load("skyscrapers", "towers");
    let towers = run(&["towers", "solve", &ids[3]], None);
    let skyscrapers = run(&["skyscrapers", "solve", &ids[3]], None);
    assert_exit(&skyscrapers, 0);
    let digits = |text: String| {
        text.chars()
            .filter(char::is_ascii_digit)
            .collect::<String>()
    };
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
    assert_malformed_ids_exit_2(
        "towers",
        &[
            ("5:/3////2//x///3//1//3/2////", "description at offset 9"),
            ("3:1/4", "description at offset 2"),
            ("3:1/2///2/1/3/////2,a4", "description at offset 19"),
            ("3:1/2///2/1/3/////2,a", "description at offset 19"),
            ("3x:1/2///2/1/3/////2", "parameters at offset 1"),
            ("3", "game ID at offset 1"),
        ],
    );
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
    let example = "5:/3////2/////3//1//3/2////,r1b1c";
    assert_help_shows(&["towers"], example);
    sieve_skyscrapers::parse_towers_id(example).expect("the example is a valid ID");
}
