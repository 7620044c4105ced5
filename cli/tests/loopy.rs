//! `sieve slitherlink` / `sieve loopy`: Simon Tatham's Loopy game IDs through
//! the built binary, against his own solver's answers
//! (puzzles/loopy/tests/tatham/, which says how the files were made).

mod common;

use common::zoo::{TathamSet, assert_help_shows, assert_malformed_ids_exit_2};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let set = TathamSet::load("loopy", "loopy");
    set.assert_solved_by(&["slitherlink", "loopy"]);
}

#[test]
fn the_picture_draws_the_loop_round_the_clues() {
    let output = run(&["slitherlink", "solve", "3x3t0:c2a20a3"], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "+-+-+ +\n|   |\n+-+ +-+\n 2|  2|\n+ +-+ +\n 0  |3|\n+ + +-+\n"
    );
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    // No clue at all: every loop on a 4×4 grid of dots.
    let output = run(&["loopy", "solve", "--format", "line", "3x3t0:i"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["loopy", "count", "3x3t0:i"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "213\n");
    // Two 4s are two closed squares: no single loop.
    let output = run(&["slitherlink", "solve", "3x3t0:4a4f"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
    let output = run(&["slitherlink", "count", "3x3t0:4a4f"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "0\n");
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    assert_malformed_ids_exit_2(
        "slitherlink",
        &[
            // A clue a square cannot have, a character that is no clue or run.
            ("3x3t0:c2a50a3", "description at offset 3"),
            ("3x3t0:c2a2!a3", "description at offset 4"),
            // Too few squares, then too many.
            ("3x3t0:c2a20a", "description at offset 6"),
            ("3x3t0:c2a20a3a", "description at offset 7"),
            // Another grid type; a size out of range; an unknown difficulty.
            ("7x7t1:a", "parameters at offset 4"),
            ("2x3t0:f", "parameters at offset 0"),
            ("3x3t0dq:c2a20a3", "parameters at offset 6"),
        ],
    );
    let output = run(&["loopy", "count", "3x3t0:c2a20a3_"], None);
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("expected the end of the description"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn rate_puts_every_committed_id_in_a_tier_probing_at_the_latest() {
    let set = TathamSet::load("loopy", "loopy");
    for (id, line) in set.ids.iter().zip(set.ratings("slitherlink")) {
        let known = [
            "tier 1 (loop and clues)",
            "tier 2 (corners)",
            "tier 3 (inside and outside)",
            "tier 4 (probing)",
        ];
        assert!(known.contains(&line.as_str()), "{id}: {line}");
        let hard = (id.split_once(':')).is_some_and(|(params, _)| params.ends_with("dh"));
        if !hard {
            assert!(
                known[..2].contains(&line.as_str()),
                "{id}: below hard, the corners do"
            );
        }
    }
}

#[test]
fn explain_names_an_edge_by_its_place_in_the_picture() {
    // r1c2 of the picture is the top edge of the top-left square.
    let output = run(
        &["loopy", "explain", "3x3t0:c2a20a3", "--cell", "r1c2"],
        None,
    );
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert!(
        text.starts_with("top of r1c1 holds a line because:"),
        "{text}"
    );
    // A rule's own sentence writes the edge's value by its label too.
    assert!(
        text.contains("left of r1c1 cannot be no line: no shape of edges at dot 2,1"),
        "{text}"
    );
    assert!(
        text.contains("the clue 0 at r3c1 is met, so top of r3c1 is off the loop"),
        "{text}"
    );
    assert!(
        text.contains(
            "dot 3,1 has no chosen edge and only edge left of r2c1 open, so left of r2c1 is \
             left out"
        ),
        "{text}"
    );
    // The middle of a square: inside the loop or not. A dot is nothing to ask.
    let output = run(
        &["loopy", "explain", "3x3t0:c2a20a3", "--cell", "r2c2"],
        None,
    );
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert!(text.starts_with("r1c1 inside holds 1 because:"), "{text}");
    let output = run(
        &["loopy", "explain", "3x3t0:c2a20a3", "--cell", "r1c1"],
        None,
    );
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("r1c1 is not a cell"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn help_shows_a_real_game_id() {
    let example = "7x7t0de:a233a3c2a3a33a3c22b3b0b311e2b3e3a";
    assert_help_shows(&["slitherlink", "loopy"], example);
    sieve_loopy::parse_loopy_id(example).expect("the example is a valid ID");
}
