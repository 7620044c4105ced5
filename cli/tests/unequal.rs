//! `sieve unequal` / `sieve futoshiki`: Simon Tatham's Unequal game IDs, both
//! modes, through the built binary, against his own solver's answers
//! (puzzles/unequal/tests/tatham/, which says how the files were made).

mod common;

use common::zoo::{
    TathamSet, assert_bad_second_line_reported, assert_help_shows, assert_malformed_ids_exit_2,
};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id_in_both_modes() {
    let set = TathamSet::load("unequal", "unequal");
    set.assert_solved_by(&["unequal", "futoshiki"]);
    let adjacent = (set.ids)
        .iter()
        .filter(|id| id.split(':').next().unwrap().contains('a'));
    assert!(adjacent.count() >= 10);
}

#[test]
fn the_picture_draws_signs_and_bars() {
    let output = run(
        &[
            "unequal",
            "solve",
            "4:3,0,0,0,0D,0U,0L,0,0,0,0,0,0,0L,0R,0,",
        ],
        None,
    );
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "3 1 2 4\n  ^\n4 2<3 1\nv\n2 4 1 3\n\n1<3 4>2\n"
    );
    let output = run(
        &[
            "futoshiki",
            "solve",
            "5a:0R,1L,0RD,0L,5,0R,0L,3U,0RD,2L,0,0D,5,0U,4,3R,4UL,0D,0D,0,0,0R,0UL,0UR,0L,",
        ],
        None,
    );
    assert_exit(&output, 0);
    assert!(
        stdout(&output).starts_with("2|1 4|3 5\n    -\n"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn several_solutions_exit_1_and_count_counts() {
    let output = run(
        &[
            "unequal",
            "solve",
            "--format",
            "line",
            "3:0,0,0,0,0,0,0,0,0,",
        ],
        None,
    );
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));

    let output = run(&["unequal", "count", "3:0,0,0,0,0,0,0,0,0,"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "12\n");
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    assert_malformed_ids_exit_2(
        "unequal",
        &[
            ("3:0,0,0,0,4,0,0,0,0,", "description at offset 8"),
            ("3:0U,0,0,0,0,0,0,0,0,", "description at offset 1"),
            ("3a:0R,0,0,0,0,0,0,0,0,", "description at offset 1"),
            ("3:0,0,0", "description at offset 5"),
            ("3q:0,0,0,0,0,0,0,0,0,", "parameters at offset 1"),
        ],
    );
    let set = TathamSet::load("unequal", "unequal");
    assert_bad_second_line_reported(
        "futoshiki",
        &set.ids[0],
        "3:0,0,0",
        "description at offset 5",
    );
}

#[test]
fn help_shows_a_real_game_id() {
    let example = "4:3,0,0,0,0D,0U,0L,0,0,0,0,0,0,0L,0R,0,";
    assert_help_shows(&["unequal", "futoshiki"], example);
    sieve_unequal::parse_unequal_id(example).expect("the example is a valid ID");
}
