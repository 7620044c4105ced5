//! The rules' deductions read in the puzzle's words: tents, grass, trees and
//! the sides their tents stand on.

use sieve::{Schedule, TextTrace, propagate};
use sieve_tents::{TentsModel, parse_tents_id};

#[test]
fn deductions_speak_of_tents_and_trees() {
    let puzzle = parse_tents_id("4x4:g_db,1,0,1,1,1,0,0,2").expect("a valid ID");
    let tents = TentsModel::new(&puzzle).expect("the model builds");
    let model = tents.model();
    let mut state = tents.start();
    let mut trace = TextTrace::new(model, Vec::new()).with_wakes(false);
    propagate(model, &mut state, Schedule::Queue, Some(&mut trace)).expect("no conflict");
    let text = String::from_utf8(trace.finish().expect("written")).expect("UTF-8");
    // Row 1 holds one tent, and r1c4 is the only square of it beside a tree.
    assert!(text.contains("r1c4 must be a tent"), "{text}");
    assert!(
        text.contains("cannot be a tent: no way of placing"),
        "{text}"
    );
    assert!(
        text.contains("the tree at r2c4 cannot have its tent left of it: "),
        "{text}"
    );
    assert!(
        text.contains("is a tent exactly when one tree beside it has its tent there"),
        "{text}"
    );
}
