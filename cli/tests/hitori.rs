//! `sieve hitori` / `sieve singles`: Simon Tatham's Singles game IDs
//! through the built binary, against his own solver's answers
//! (puzzles/singles/tests/tatham/, which says how the files were made).

mod common;

use common::zoo::{
    TathamSet, assert_bad_second_line_reported, assert_help_shows, assert_malformed_ids_exit_2,
};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let set = TathamSet::load("singles", "singles");
    set.assert_solved_by(&["hitori", "singles"]);
    set.assert_first_solved_as_argument("hitori");
}

#[test]
fn the_picture_shades_the_cells() {
    let output = run(&["hitori", "solve", "5x5:5512221453242554512111533"], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "5 # 1 # 2\n2 1 4 5 3\n# 4 2 # 5\n4 5 # 2 1\n1 # 5 3 #\n"
    );
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    // A Latin square needs no shading, and allows many.
    let output = run(
        &["hitori", "solve", "--format", "line", "3x3:123231312"],
        None,
    );
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["singles", "count", "3x3:123231312"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "39\n");
    // Two 1s in each line of a 2×2: the shaded cells would be diagonal,
    // and the unshaded ones too, cut apart.
    let output = run(&["hitori", "solve", "2x2:1111"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
    let output = run(&["hitori", "count", "2x2:1111"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "0\n");
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    assert_malformed_ids_exit_2(
        "hitori",
        &[
            // A character that is no number, a 0, a number above the side.
            ("5x5:55122214532425545121115!3", "description at offset 23"),
            ("5x5:5512221453242554512111503", "description at offset 23"),
            ("5x5:5512221453242554512111563", "description at offset 23"),
            // Too few cells, then too many.
            ("5x5:551222145324255451211153", "description at offset 24"),
            ("5x5:55122214532425545121115331", "description at offset 25"),
            // Parameters: a side too small, an unknown difficulty.
            ("1x5:55122", "parameters at offset 0"),
            ("5x5dx:5512221453242554512111533", "parameters at offset 4"),
        ],
    );
    let set = TathamSet::load("singles", "singles");
    assert_bad_second_line_reported("singles", &set.ids[0], "5x5:55", "description at offset 2");
}

#[test]
fn help_shows_a_real_game_id() {
    let example = "8x8:2353761166133857584731247582443365788415711645741428653827415287";
    assert_help_shows(&["hitori", "singles"], example);
    sieve_singles::parse_singles_id(example).expect("the example is a valid ID");
}
