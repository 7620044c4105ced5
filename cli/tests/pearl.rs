//! `sieve masyu` / `sieve pearl`: Simon Tatham's Pearl game IDs through the
//! built binary, against his own solver's answers
//! (puzzles/pearl/tests/tatham/, which says how the files were made).

mod common;

use common::zoo::{TathamSet, assert_help_shows, assert_malformed_ids_exit_2};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let set = TathamSet::load("pearl", "pearl");
    set.assert_solved_by(&["masyu", "pearl"]);
}

#[test]
fn the_picture_draws_the_loop_through_the_pearls() {
    let output = run(&["masyu", "solve", "6x6de:BgWeWaBhWWfBaB"], None);
    assert_exit(&output, 0);
    let picture = stdout(&output);
    assert_eq!(picture.lines().count(), 11, "{picture}");
    assert!(
        picture.starts_with("B-+-+-+ +-+\n|     | | |\n"),
        "{picture}"
    );
    assert!(picture.ends_with(". +-+ B-+-B\n"), "{picture}");
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    // No pearl: every loop through the cells of a 5×5 grid.
    let output = run(&["pearl", "solve", "--format", "line", "5x5:y"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["pearl", "count", "5x5:y"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "9349\n");
    // A white pearl in a corner cannot go straight.
    let output = run(&["masyu", "solve", "5x5:Wx"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
    let output = run(&["masyu", "count", "5x5:Wx"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "0\n");
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    assert_malformed_ids_exit_2(
        "masyu",
        &[
            ("6x6:BgWeWaBhWXfBaB", "description at offset 9"),
            ("6x6:BgWeWaBhWWfBa", "description at offset 13"),
            ("6x6:BgWeWaBhWWfBaBa", "description at offset 14"),
            ("6x6:BgWeWaBhWWfBcB", "description at offset 12"),
            ("6x6dh:BgWeWaBhWWfBaB", "parameters at offset 4"),
            ("4x6:x", "parameters at offset 0"),
            ("6x6q:BgWeWaBhWWfBaB", "parameters at offset 3"),
        ],
    );
}

#[test]
fn rate_solves_every_committed_id_with_the_rules_alone() {
    let set = TathamSet::load("pearl", "pearl");
    for (id, line) in set.ids.iter().zip(set.ratings("masyu")) {
        assert_eq!(line, "tier 1 (rules)", "{id}");
    }
}

#[test]
fn explain_asks_what_the_loop_does_in_a_cell() {
    let id = "6x6de:BgWeWaBhWWfBaB";
    let output = run(&["pearl", "explain", id, "--cell", "r3c4"], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert!(
        text.starts_with("r3c4 holds right and left because:"),
        "{text}"
    );
    assert!(
        text.contains("the loop through the black pearl at r3c5 turns"),
        "{text}"
    );
    let output = run(&["pearl", "explain", id, "--cell", "r7c1"], None);
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("r7c1 is not a cell"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn help_shows_a_real_game_id() {
    let example = "8x8dt:cWbWaWdBbWjWcWBaBaBdBaBkWcWWc";
    assert_help_shows(&["masyu", "pearl"], example);
    sieve_pearl::parse_pearl_id(example).expect("the example is a valid ID");
}
