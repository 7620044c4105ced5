//! `sieve slant`: Simon Tatham's Slant game IDs through the built binary,
//! against his own solver's answers (puzzles/slant/tests/tatham/, which says
//! how the files were made).

mod common;

use common::zoo::{
    TathamSet, assert_bad_second_line_reported, assert_help_shows, assert_malformed_ids_exit_2,
};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let set = TathamSet::load("slant", "slant");
    set.assert_solved_by(&["slant"]);
    // One ID at a time, as an argument, too.
    set.assert_first_solved_as_argument("slant");
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
    assert_malformed_ids_exit_2(
        "slant",
        &[
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
        ],
    );
    let set = TathamSet::load("slant", "slant");
    assert_bad_second_line_reported(
        "slant",
        &set.ids[0],
        "3x3:b0b2b2a11b2",
        "description at offset 11",
    );
}

#[test]
fn help_shows_a_real_game_id() {
    let example = "5x5:a2d11a3a0a112a1a2a2a1d2b10a11";
    assert_help_shows(&["slant"], example);
    sieve_slant::parse_slant_id(example).expect("the example is a valid ID");
}
