//! Deductions read with the regions that touch.

use sieve::{Schedule, TextTrace, propagate};
use sieve_map::{MapModel, parse_map_id};

#[test]
fn a_removal_names_the_touching_regions() {
    // Region 0 is given colour 0; regions 1 and 3 touch it and each other.
    let puzzle = parse_map_id("3x2n5:bf,0d").expect("a valid ID");
    let map = MapModel::new(&puzzle).expect("the model builds");
    let model = map.model();
    let mut state = map.start();
    let mut trace = TextTrace::new(model, Vec::new()).with_wakes(false);
    propagate(model, &mut state, Schedule::Queue, Some(&mut trace)).expect("no conflict");
    let text = String::from_utf8(trace.finish().expect("written")).expect("UTF-8");
    assert!(
        text.contains("regions 0, 1, 3 all touch each other"),
        "{text}"
    );
    assert!(text.contains("region 1 ≠ 0"), "{text}");
}
