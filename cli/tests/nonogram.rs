//! `sieve nonogram` / `sieve pattern`: Simon Tatham's Pattern game IDs
//! through the built binary, against his own solver's answers
//! (puzzles/pattern/tests/tatham/, which says how the files were made).

mod common;

use common::zoo::{
    TathamSet, assert_bad_second_line_reported, assert_help_shows, assert_malformed_ids_exit_2,
};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let set = TathamSet::load("pattern", "pattern");
    set.assert_solved_by(&["nonogram", "pattern"]);
    set.assert_first_solved_as_argument("nonogram");
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
    assert_malformed_ids_exit_2(
        "nonogram",
        &[
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
        ],
    );
    let set = TathamSet::load("pattern", "pattern");
    assert_bad_second_line_reported("pattern", &set.ids[0], "5x5:2/3", "description at offset 3");
}

#[test]
fn help_shows_a_real_game_id() {
    let example = "10x5:3/1/1/1.1/1.1/3/4/3/2/3.1/2.7/1.5/1.3.1/1/3.1";
    assert_help_shows(&["nonogram", "pattern"], example);
    sieve_pattern::parse_pattern_id(example).expect("the example is a valid ID");
}
