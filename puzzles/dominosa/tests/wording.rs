//! Deductions read with cells and dominoes by name.

use sieve::{Schedule, TextTrace, propagate};
use sieve_dominosa::{DominosaModel, parse_dominosa_id};

#[test]
fn removals_name_cells_and_dominoes() {
    let puzzle = parse_dominosa_id("2:211010210022").expect("a valid ID");
    let dominosa = DominosaModel::new(&puzzle).expect("the model builds");
    let model = dominosa.model();
    let mut state = dominosa.start();
    let mut trace = TextTrace::new(model, Vec::new()).with_wakes(false);
    propagate(model, &mut state, Schedule::Queue, Some(&mut trace)).expect("no conflict");
    let text = String::from_utf8(trace.finish().expect("written")).expect("UTF-8");
    // Partners are named as cells, dominoes as their two ends.
    assert!(
        text.contains(
            "r1c3 domino ≠ 1-2  [r1c3's domino is its number and its partner's: table] \
             r1c3 does not lie on 1-2: no partner left makes it"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "r1c2 ≠ r2c2  [around r1c2: pairs agree, no domino twice: table] \
             r1c2 does not pair with r2c2: around r1c2 that leaves no way"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "r1c2 = r1c3  [r1c2's domino is its number and its partner's: table] \
             r1c2 does not pair with r1c1: that domino is not left for r1c2"
        ),
        "{text}"
    );
    // Propagation alone lays every domino of this trivial puzzle.
    assert!((0..3).all(|row| (0..4).all(|column| {
        let var = dominosa.var_at(row, column).expect("inside");
        state.value(var).is_some()
    })));
}
