//! `sieve tents`: Simon Tatham's Tents game IDs through the built binary,
//! against his own solver's answers (puzzles/tents/tests/tatham/, which says
//! how the files were made).

mod common;

use common::zoo::{
    TathamSet, assert_bad_second_line_reported, assert_help_shows, assert_malformed_ids_exit_2,
};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let set = TathamSet::load("tents", "tents");
    set.assert_solved_by(&["tents"]);
    // One ID at a time, as an argument, too.
    set.assert_first_solved_as_argument("tents");
}

#[test]
fn the_picture_shows_tents_trees_and_counts() {
    let output = run(&["tents", "solve", "4x4:g_db,1,0,1,1,1,0,0,2"], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        ". . . A  1\n. . . T  0\nT . . .  0\nA T A .  2\n1 0 1 1\n"
    );
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts_placements() {
    // Trees at r2c1 and r2c3: two placements.
    let output = run(
        &[
            "tents",
            "solve",
            "--format",
            "line",
            "4x4:dai,1,0,1,0,1,0,1,0",
        ],
        None,
    );
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["tents", "count", "4x4:dai,1,0,1,0,1,0,1,0"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "2\n");
    // One placement with two pairings: one solution.
    let output = run(&["tents", "count", "4x4:ababf,2,0,2,0,2,0,2,0"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "1\n");
    // A count no tent can meet.
    let output = run(&["tents", "solve", "4x4:an,0,0,0,1,1,0,0,0"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    assert_malformed_ids_exit_2(
        "tents",
        &[
            ("4x4:g_d?b,1,0,1,1,1,0,0,2", "description at offset 3"),
            ("4x4:g_d,1,0,1,1,1,0,0,2", "description at offset 3"),
            ("4x4:g_dc,1,0,1,1,1,0,0,2", "description at offset 3"),
            ("4x4:g_db,1,0,5,1,1,0,0,2", "description at offset 9"),
            ("4x4:g_db,1,0,1,1,1,0,0", "description at offset 18"),
            ("4x4dq:g_db,1,0,1,1,1,0,0,2", "parameters at offset 4"),
            ("3x4:g_db,1,0,1,1,1,0,0,2", "parameters at offset 0"),
            ("4x4g_db,1,0,1,1,1,0,0,2", "game ID at offset"),
        ],
    );
    let set = TathamSet::load("tents", "tents");
    assert_bad_second_line_reported("tents", &set.ids[0], "4x4:g_d,1", "description at offset 3");
}

#[test]
fn help_shows_a_real_game_id() {
    let example = "8x8:bdalfcamab_fa,2,1,0,3,1,1,2,2,2,0,1,2,1,2,2,2";
    assert_help_shows(&["tents"], example);
    sieve_tents::parse_tents_id(example).expect("the example is a valid ID");
}
