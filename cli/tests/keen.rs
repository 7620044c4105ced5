//! `sieve keen` / `sieve kenken`: Simon Tatham's Keen game IDs through the
//! built binary, against his own solver's answers
//! (puzzles/keen/tests/tatham/, which says how the files were made).

mod common;

use common::zoo::{
    TathamSet, assert_bad_second_line_reported, assert_help_shows, assert_malformed_ids_exit_2,
};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let set = TathamSet::load("keen", "keen");
    set.assert_solved_by(&["keen", "kenken"]);
    // One ID at a time, as an argument, too.
    set.assert_first_solved_as_argument("keen");
}

#[test]
fn the_picture_draws_the_cage_walls() {
    let output = run(&["keen", "solve", "3:a_a3_a_,s1a6m3m2"], None);
    assert_exit(&output, 0);
    // Cages: {r1c1 r1c2} 1−, {r1c3 r2c2 r2c3} 6+, {r2c1 r3c1} 3×, {r3c2 r3c3} 2×.
    assert_eq!(stdout(&output), "2 3|1\n- -\n1|2 3\n  - -\n3|1 2\n");
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    // One cage of all 16 cells: every 4×4 Latin square (its sum is 40).
    let output = run(&["keen", "solve", "--format", "line", "4:x,a40"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["kenken", "count", "4:x,a40"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "576\n");

    // A 9× cage of two cells in 1..=3 cannot be filled.
    let output = run(&["keen", "solve", "3:a_a3_a_,s1a6m9m2"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
    let output = run(&["keen", "count", "3:a_a3_a_,s1a6m9m2"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "0\n");
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    assert_malformed_ids_exit_2(
        "keen",
        &[
            // A character that is no letter, '_' or ','.
            ("3:a_a3_a!,s1a6m3m2", "description at offset 6"),
            // The structure ends short of the virtual line.
            ("3:a_a3_a,s1a6m3m2", "description at offset 6"),
            // Too much structure: the last letter runs past the lines.
            ("3:a_a3_a_b,s1a6m3m2", "description at offset 7"),
            // A − clue on a cage of three cells.
            ("3:a_a3_a_,s1s6m3m2", "description at offset 10"),
            // A clue letter that is no operation.
            ("3:a_a3_a_,s1a6x3m2", "description at offset 12"),
            // Too few clues, then too many.
            ("3:a_a3_a_,s1a6m3", "description at offset 14"),
            ("3:a_a3_a_,s1a6m3m2a1", "description at offset 16"),
            // A target of 0, a repeat count of 0.
            ("3:a_a3_a_,s0a6m3m2", "description at offset 9"),
            ("3:a_a0_a_,s1a6m3m2", "description at offset 3"),
            // No ',' before the clues.
            ("3:a_a3_a_", "description at offset 7"),
            // Parameters: an unknown difficulty, a size out of range, junk.
            ("3dq:a_a3_a_,s1a6m3m2", "parameters at offset 2"),
            ("10:a_a3_a_,s1a6m3m2", "parameters at offset 0"),
            ("3mx:a_a3_a_,s1a6m3m2", "parameters at offset 2"),
        ],
    );
    let set = TathamSet::load("keen", "keen");
    assert_bad_second_line_reported("kenken", &set.ids[0], "3:a_a3_a", "description at offset 6");
}

#[test]
fn a_product_cage_too_big_to_tabulate_is_an_error() {
    // 9×9: one cage of twelve cells (row 1 and r2c1..r2c3), then 69 cages
    // of one cell. The 12-cell × cage has more fillings than a table holds:
    // refused as an error naming the cage, not answered wrongly.
    let id = format!("9:j_61a_6a_6a_55,m{}{}", 362_880 * 24 * 36, "a1".repeat(69));
    let output = run(&["keen", "solve", &id], None);
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("cage 313528320× at r1c1"),
        "{}",
        stderr(&output)
    );
    assert_eq!(stdout(&output), "");
    // The same cage as a + cage falls back to a sum rule and is answered.
    let id = format!("9:j_61a_6a_6a_55,a{}{}", 45 + 6, "a1".repeat(69));
    let output = run(&["keen", "count", &id], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "0\n");
}

#[test]
fn help_shows_a_real_game_id() {
    let example = "5:aa_a_aa__a__aa_a__a_3a__ab,a7m60d2a8m6a5m60s2s3s3d2";
    assert_help_shows(&["keen", "kenken"], example);
    sieve_keen::parse_keen_id(example).expect("the example is a valid ID");
}
