//! The loop's and the clues' deductions read with dots, edges and clues named
//! as the puzzle shows them.

use sieve::{Schedule, TextTrace, propagate};
use sieve_loopy::{LoopyModel, Rules, parse_loopy_id};

/// The trace of propagating `3x3t0:c2a20a3` with `rules`, and whether it fixed
/// every variable.
fn traced(rules: Rules) -> (String, bool) {
    traced_id("3x3t0:c2a20a3", rules)
}

/// The trace of propagating `id` with `rules`, and whether it fixed every
/// variable.
fn traced_id(id: &str, rules: Rules) -> (String, bool) {
    let puzzle = parse_loopy_id(id).expect("a valid ID");
    let loopy = LoopyModel::with_rules(&puzzle, rules).expect("the model builds");
    let model = loopy.model();
    let mut state = loopy.start();
    let mut trace = TextTrace::new(model, Vec::new()).with_wakes(false);
    propagate(model, &mut state, Schedule::Queue, Some(&mut trace)).expect("no conflict");
    let text = String::from_utf8(trace.finish().expect("written")).expect("UTF-8");
    (text, state.all_assigned())
}

#[test]
fn the_loop_names_dots_by_row_and_column_and_edges_by_their_squares() {
    let (text, _) = traced(Rules::Loop);
    assert!(
        text.contains("the clue 0 at r3c1 is met, so top of r3c1 is off the loop"),
        "{text}"
    );
    assert!(
        text.contains(
            "dot 3,1 has no chosen edge and only edge left of r2c1 open, so left of r2c1 is left \
             out"
        ),
        "{text}"
    );
}

#[test]
fn the_corners_name_what_the_loop_does_at_a_dot() {
    let (text, solved) = traced(Rules::Corners);
    assert!(
        text.contains("dot 2,1 = up and right  [corners of clue 2 at r2c1: table]"),
        "{text}"
    );
    // The sentence names the clue as the board shows it.
    assert!(
        text.contains(
            "no way to draw exactly 2 sides of the 2 at r2c1, with what is left at its corners"
        ),
        "{text}"
    );
    assert!(solved, "the corners solve it: {text}");
}

#[test]
fn each_side_stays_connected_in_words_of_squares() {
    // Made by `sgt-loopy --generate 30 5x5t0dh`: its inside and its outside are
    // each kept in one piece by a square that must join it.
    let (text, _) = traced_id("5x5t0:3c22b3a2b112d3333a", Rules::Colours);
    assert!(
        text.contains(
            "r4c3 inside = 1  [the inside and the outside are each connected: articulation \
             point] r4c3 is inside: without it the inside would be cut in two"
        ),
        "{text}"
    );
    assert!(
        text.contains("r2c3 is outside: without it the outside would be cut in two"),
        "{text}"
    );
}
