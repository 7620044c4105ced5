//! `sieve binairo` / `sieve unruly`: Simon Tatham's Unruly game IDs
//! through the built binary, against his own solver's answers
//! (puzzles/unruly/tests/tatham/, which says how the files were made).

mod common;

use common::zoo::{
    TathamSet, assert_bad_second_line_reported, assert_help_shows, assert_malformed_ids_exit_2,
};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let set = TathamSet::load("unruly", "unruly");
    set.assert_solved_by(&["binairo", "unruly"]);
    set.assert_first_solved_as_argument("binairo");
}

#[test]
fn the_picture_brackets_the_given_cells() {
    let output = run(&["binairo", "solve", "6x6:BBDECbdbcFAba"], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        " 0 [1] 0 [1] 0  1\n 0 [1] 0  0  1  1\n[1] 0  1 [1] 0 [0]\n 1  0  1 [0] 1 [0]\n \
         0  1 [0] 0  1  1\n 1  0 [1][1] 0 [0]\n"
    );
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    // A blank 4×4: 90 grids, 72 of them with unique rows and columns.
    let output = run(&["binairo", "solve", "--format", "line", "4x4:q"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    for (id, count) in [("4x4:q", "90\n"), ("4x4u:q", "72\n")] {
        let output = run(&["unruly", "count", id], None);
        assert_exit(&output, 0);
        assert_eq!(stdout(&output), count, "{id}");
    }
    // 2×2 with r1c2 a 1: 0 1 over 1 0, in either mode.
    for id in ["2x2:Bc", "2x2u:Bc"] {
        let output = run(&["binairo", "solve", "--format", "line", id], None);
        assert_exit(&output, 0);
        assert_eq!(stdout(&output), "0110\n");
    }
    // r1c2 a 1 and r2c1 a 0: column 1 would hold two 0s.
    let output = run(&["binairo", "solve", "2x2:Bab"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
    let output = run(&["binairo", "count", "2x2:Bab"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "0\n");
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    assert_malformed_ids_exit_2(
        "binairo",
        &[
            // A character that is no letter.
            ("6x6:BBDECbd!bcFAba", "description at offset 7"),
            // Too few positions, then too many.
            ("6x6:BBDECbdbcFAb", "description at offset 12"),
            ("6x6:BBDECbdbcFAbaa", "description at offset 13"),
            // Parameters: an odd side, a side too large, an unknown difficulty.
            ("7x6:z", "parameters at offset 0"),
            ("6x66:z", "parameters at offset 2"),
            ("6x6udx:z", "parameters at offset 5"),
        ],
    );
    let set = TathamSet::load("unruly", "unruly");
    assert_bad_second_line_reported("unruly", &set.ids[0], "6x6:zk", "description at offset 2");
}

#[test]
fn help_shows_a_real_game_id() {
    let example = "10x10u:ccBAcdCEdCkaiCAcbIBcCEACdeDa";
    assert_help_shows(&["binairo", "unruly"], example);
    sieve_unruly::parse_unruly_id(example).expect("the example is a valid ID");
}
