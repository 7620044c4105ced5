//! The pearls' deductions read with the cells and the pearl named.

use sieve::{Schedule, TextTrace, propagate};
use sieve_pearl::{PearlModel, parse_pearl_id};

#[test]
fn a_pearls_deduction_names_the_cell_its_shape_and_the_pearl() {
    let puzzle = parse_pearl_id("6x6:BgWeWaBhWWfBaB").expect("a valid ID");
    let pearl = PearlModel::new(&puzzle).expect("the model builds");
    let model = pearl.model();
    let mut state = pearl.start();
    let mut trace = TextTrace::new(model, Vec::new()).with_wakes(false);
    propagate(model, &mut state, Schedule::Priority, Some(&mut trace)).expect("no conflict");
    let text = String::from_utf8(trace.finish().expect("written")).expect("UTF-8");
    // The black pearl in the top-left corner turns right and down, so the
    // cells right of and below it go straight on.
    assert!(
        text.contains("r1c2 = right and left  [black pearl at r1c1: table] r1c2 cannot be"),
        "{text}"
    );
    assert!(
        text.contains("the loop through the black pearl at r1c1 turns, and goes straight on"),
        "{text}"
    );
    assert!(
        text.contains(
            "r4c3 cannot be up and down: the loop through the white pearl at r3c3 goes straight, \
             and turns on at least one side"
        ),
        "{text}"
    );
    assert!(state.all_assigned(), "{text}");
}
