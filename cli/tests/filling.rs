//! `sieve fillomino` (alias `filling`): Simon Tatham's Filling game IDs through
//! the built binary, against his own solver's answers
//! (puzzles/filling/tests/tatham/, which says how the files were made).

mod common;

use common::zoo::{TathamSet, assert_help_shows, assert_malformed_ids_exit_2};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let set = TathamSet::load("filling", "filling");
    set.assert_solved_by(&["filling"]);
}

#[test]
fn the_picture_draws_the_regions_and_the_clues() {
    let output = run(&["fillomino", "solve", "5x4:1a4a2b455a25d3b"], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "+---+---+---+---+---+\n\
         |(1)| 4  (4)| 2  (2)|\n\
         +---+   +   +---+---+\n\
         | 3 | 4  (4)|(5) (5)|\n\
         +   +---+---+   +   +\n\
         | 3 |(2)|(5)  5   5 |\n\
         +   +   +---+---+---+\n\
         | 3 | 2 |(3)  3   3 |\n\
         +---+---+---+---+---+\n"
    );
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    // An empty 2×2: four 1s, two dominoes of 2 either way, or a 4.
    let output = run(&["fillomino", "solve", "--format", "line", "2x2:d"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["fillomino", "count", "2x2:d"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "5\n");
    // Two 2s on the diagonal of a 2×2 with a 1 between: no room for either.
    let output = run(&["fillomino", "solve", "2x2:21a2"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
    let output = run(&["fillomino", "count", "2x2:21a2"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "0\n");
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    assert_malformed_ids_exit_2(
        "fillomino",
        &[
            ("5x4:1a4a2b455a25d3!", "description at offset 14"),
            ("5x4:1a4a2b455a26d3b", "description at offset 11"),
            ("5x4:1a4a2b455a25d3", "description at offset 14"),
            ("5x4:1a4a2b455a25d3bb", "description at offset 15"),
            ("5x4dq:1a4a2b455a25d3b", "parameters at offset 3"),
            ("0x4:1a4a2b455a25d3b", "parameters at offset 0"),
        ],
    );
}

#[test]
fn rate_solves_every_id_with_the_region_rule() {
    let set = TathamSet::load("filling", "filling");
    for (id, line) in set.ids.iter().zip(set.ratings("filling")) {
        assert_eq!(line, "tier 1 (rules)", "{id}");
    }
}

#[test]
fn explain_asks_why_a_cell_holds_its_number() {
    let id = "5x4:1a4a2b455a25d3b";
    let output = run(&["fillomino", "explain", id, "--cell", "r2c2"], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert!(text.starts_with("r2c2 holds 4 because:"), "{text}");
    assert!(
        text.contains("r2c2 must be 4: a region of 4 beside it cannot reach 4 cells without it"),
        "{text}"
    );
    let output = run(&["fillomino", "explain", id, "--cell", "r5c1"], None);
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("r5c1 is not a cell"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn help_shows_a_real_game_id() {
    let example = "13x9:b3g5i48e34a7a44b6a833g66a79i4b9a54a36a944c9c4b3e9b2c446a2b96a2a9d6";
    assert_help_shows(&["fillomino"], example);
    sieve_filling::parse_filling_id(example).expect("the example is a valid ID");
}
