//! Deductions read with the clue, or the loop, that made them.

use sieve::{Schedule, TextTrace, propagate};
use sieve_slant::{SlantModel, parse_slant_id};

fn trace_of(id: &str) -> String {
    let puzzle = parse_slant_id(id).expect("a valid ID");
    let slant = SlantModel::new(&puzzle).expect("the model builds");
    let model = slant.model();
    let mut state = slant.start();
    let mut trace = TextTrace::new(model, Vec::new()).with_wakes(false);
    propagate(model, &mut state, Schedule::Queue, Some(&mut trace)).expect("no conflict");
    String::from_utf8(trace.finish().expect("written")).expect("UTF-8")
}

#[test]
fn clue_deductions_name_the_clue_and_its_corner() {
    let text = trace_of("3x3:b0b2b2a11b2a");
    // The 0 on the top edge, between r1c2 and r1c3.
    assert!(
        text.contains("r1c3 is /: the 0 at corner r1c3 already has its 0 lines"),
        "{text}"
    );
}

#[test]
fn loop_deductions_name_the_cell() {
    // The 0s in three corners of the grid force three sides of the diamond
    // around the centre; the fourth, a / in r2c2, would close it.
    let text = trace_of("2x2:0a0c0b");
    assert!(
        text.contains(r"r2c2 is \: a / there would close a loop"),
        "{text}"
    );
}

#[test]
fn clues_together_name_their_corners() {
    // One of Tatham's Hard puzzles (tests/tatham/slant_ids.txt): deductions
    // no single clue makes come from clues near each other.
    let text = trace_of("9x4dh:b111111b1d312211a1a2c3a0a121a33h1c");
    assert!(
        text.contains("there leaves no way to meet the clues of corners"),
        "{text}"
    );
}

#[test]
fn a_clue_a_window_holds_reads_as_the_clue() {
    // The same Hard puzzle: its clues lie in windows, which word what one
    // clue leaves out alone as that clue's rule would.
    let text = trace_of("9x4dh:b111111b1d312211a1a2c3a0a121a33h1c");
    let worded_alone = (text.lines())
        .filter(|line| line.contains("together: cardinality"))
        .collect::<Vec<_>>();
    assert!(!worded_alone.is_empty(), "{text}");
    for line in worded_alone {
        assert!(
            line.contains("already has its") || line.contains("needs every line it can still have"),
            "{line}"
        );
    }
}
