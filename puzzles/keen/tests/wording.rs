//! A cage's deductions read with the cage and its clue.

use sieve::{Schedule, TextTrace, propagate};
use sieve_keen::{KeenModel, parse_keen_id};

#[test]
fn a_cage_removal_names_the_cage_and_its_clue() {
    let puzzle = parse_keen_id("3:a_a3_a_,s1a6m3m2").expect("a valid ID");
    let keen = KeenModel::new(&puzzle).expect("the model builds");
    let model = keen.model();
    let mut state = model.domains();
    let mut trace = TextTrace::new(model, Vec::new()).with_wakes(false);
    propagate(model, &mut state, Schedule::Queue, Some(&mut trace)).expect("no conflict");
    let text = String::from_utf8(trace.finish().expect("written")).expect("UTF-8");
    // 2× over r3c2 r3c3 allows only 1 and 2.
    assert!(
        text.contains(
            "r3c2 cannot be 3: no way of filling cage 2× at r3c2 with what is left has it"
        ),
        "{text}"
    );
    assert!(text.contains("cage 3× at r2c1"), "{text}");
}
