//! `sieve signpost`: Simon Tatham's Signpost game IDs through the built
//! binary, against his own solver's answers (puzzles/signpost/tests/tatham/,
//! which says how the files were made).

mod common;

use common::zoo::{TathamSet, assert_help_shows, assert_malformed_ids_exit_2};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let set = TathamSet::load("signpost", "signpost");
    set.assert_solved_by(&["signpost"]);
}

#[test]
fn the_picture_draws_numbers_and_arrows() {
    let output = run(&["signpost", "solve", "3x3:d1d9aaegbgh"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "4↘  1↘* 9.*\n3↑  6↓  2←\n8↗  7←  5↖\n");
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    // Every arrow right along one row: the left-to-right order alone.
    let output = run(&["signpost", "count", "3x1:ccc"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "1\n");
    // Arrows that never reach the bottom-left cell: no path.
    let output = run(&["signpost", "solve", "2x2:cgcg"], None);
    assert_exit(&output, 1);
    assert!(
        stderr(&output).contains("no solution"),
        "{}",
        stderr(&output)
    );
    // Right, left, left in a row of three: 1-3-2, 2-1-3, 3-2-1 and 3-1-2.
    let output = run(&["signpost", "solve", "--format", "line", "3x1:cgg"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["signpost", "count", "3x1:cgg"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "4\n");
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    assert_malformed_ids_exit_2(
        "signpost",
        &[
            ("3x3:d1d9aaegbgi", "description at offset 10"),
            ("3x3:d1d9aaegbg", "description at offset 10"),
            ("3x3:d10d9aaegbgh", "description at offset 1"),
            ("3x3:d1d1aaegbgh", "description at offset 3"),
            ("3x3q:d1d9aaegbgh", "parameters at offset 3"),
            ("21x1:a", "parameters at offset 0"),
        ],
    );
}

#[test]
fn rate_settles_every_id_with_the_links() {
    let set = TathamSet::load("signpost", "signpost");
    for (id, line) in set.ids.iter().zip(set.ratings("signpost")) {
        assert_eq!(line, "tier 1 (links)", "{id}");
    }
}

#[test]
fn explain_asks_for_a_cells_number() {
    let id = "3x3:d1d9aaegbgh";
    let output = run(&["signpost", "explain", id, "--cell", "r2c2"], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert!(text.starts_with("r2c2 holds 6 because:"), "{text}");
    assert!(
        text.contains("r1c3 is not first, and only r3c1 can lead to it"),
        "{text}"
    );
    // A successor's values are written as cells, not as cell numbers.
    assert!(text.contains("after r3c1 = r1c3"), "{text}");
    assert!(text.contains("after r1c1 ≠ the end of the path"), "{text}");
    let output = run(&["signpost", "explain", id, "--cell", "r4c1"], None);
    assert_exit(&output, 2);
}

#[test]
fn explain_writes_a_long_list_of_gone_cells_as_those_left() {
    let id = "8x8:c38dedd19ge64acee28c48gfegdchff11cg55e45ddab10bhfgadgdaecece24eae5gfaaeha43ba1ch57cb41baga17hg";
    let output = run(&["signpost", "explain", id, "--cell", "r4c4"], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    // At the start a successor keeps only the cells its arrow points at: the
    // sixty-odd cells gone are written as the few left.
    let expected = "after r1c2 ∈ {the end of the path, r2c3, r3c4, r4c5, r5c6, r6c7, r7c8}";
    assert!(text.contains(expected), "{text}");
    assert!(!text.contains(", 40, 41, 42"), "{text}");
}

#[test]
fn help_shows_a_real_game_id() {
    let example = "4x4:egfeb1e16ahacfabbag";
    assert_help_shows(&["signpost"], example);
    sieve_signpost::parse_signpost_id(example).expect("the example is a valid ID");
}
