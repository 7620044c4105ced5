//! `sieve lightup` / `sieve akari`: Simon Tatham's Light Up game IDs through
//! the built binary, against his own solver's answers
//! (puzzles/lightup/tests/tatham/, which says how the files were made).

mod common;

use common::zoo::{TathamSet, assert_help_shows, assert_malformed_ids_exit_2};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let set = TathamSet::load("lightup", "lightup");
    set.assert_solved_by(&["lightup", "akari"]);
    set.assert_first_solved_as_argument("lightup");
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
    assert_malformed_ids_exit_2(
        "lightup",
        &[
            ("5x5:a0gBe0g3?", "description at offset 8"),
            ("5x5:a0gBe0g5a", "description at offset 7"),
            ("5x5:a0gBe0g3b", "description at offset 8"),
            ("5x5:a0gBe0g3aB", "description at offset 9"),
            ("5:a0gBe0g3a", "parameters at offset 1"),
            ("5x5d3:a0gBe0g3a", "parameters at offset 4"),
        ],
    );
}

#[test]
fn help_shows_a_real_game_id() {
    let example = "7x7:c2mBcBa4aBa3c2m1c";
    assert_help_shows(&["lightup", "akari"], example);
    sieve_lightup::parse_lightup_id(example).expect("the example is a valid ID");
}
