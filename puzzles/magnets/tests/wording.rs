//! The line rules' deductions read in the puzzle's words.

use sieve::{Schedule, TextTrace, propagate};
use sieve_magnets::{MagnetsModel, parse_magnets_id};

#[test]
fn deductions_name_the_line_and_its_counts() {
    let puzzle = parse_magnets_id("5x5:22221,22221,21312,22212,TLRTTBTTBBTBBTTBTTBB*BBLR")
        .expect("a valid ID");
    let magnets = MagnetsModel::new(&puzzle).expect("the model builds");
    let model = magnets.model();
    let mut state = magnets.start();
    let mut trace = TextTrace::new(model, Vec::new()).with_wakes(false);
    propagate(model, &mut state, Schedule::Queue, Some(&mut trace)).expect("no conflict");
    let text = String::from_utf8(trace.finish().expect("written")).expect("UTF-8");
    assert!(
        text.contains(
            "r1c3 cannot be +: no way of filling column 3 (2 +, 3 −), like poles never side by side \
             and each magnet + and −, agrees with what is left"
        ),
        "{text}"
    );
}
