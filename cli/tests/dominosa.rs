//! `sieve dominosa`: Simon Tatham's Dominosa game IDs through the built
//! binary, against his own solver's answers (puzzles/dominosa/tests/tatham/,
//! which says how the files were made).

mod common;

use common::zoo::{
    TathamSet, assert_bad_second_line_reported, assert_help_shows, assert_malformed_ids_exit_2,
};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let set = TathamSet::load("dominosa", "dominosa");
    set.assert_solved_by(&["dominosa"]);
    // One ID at a time, as an argument, too.
    set.assert_first_solved_as_argument("dominosa");
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
    assert_malformed_ids_exit_2(
        "dominosa",
        &[
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
        ],
    );
    let set = TathamSet::load("dominosa", "dominosa");
    assert_bad_second_line_reported(
        "dominosa",
        &set.ids[0],
        "2:211310210022",
        "description at offset 3",
    );
}

#[test]
fn help_shows_a_real_game_id() {
    let example = "4:043100143011142024213324332204";
    assert_help_shows(&["dominosa"], example);
    sieve_dominosa::parse_dominosa_id(example).expect("the example is a valid ID");
}
