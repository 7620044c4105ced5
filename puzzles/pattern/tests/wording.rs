//! A line's deductions read with the line and its runs.

use sieve::{Schedule, TextTrace, propagate};
use sieve_pattern::{PatternModel, parse_pattern_id};

#[test]
fn a_removal_names_the_line_and_its_runs() {
    let puzzle = parse_pattern_id("5x5:2/3/1.1/4/2/4/2.1/3/2/1").expect("a valid ID");
    let pattern = PatternModel::new(&puzzle).expect("the model builds");
    let model = pattern.model();
    let mut state = pattern.start();
    let mut trace = TextTrace::new(model, Vec::new()).with_wakes(false);
    propagate(model, &mut state, Schedule::Queue, Some(&mut trace)).expect("no conflict");
    let text = String::from_utf8(trace.finish().expect("written")).expect("UTF-8");
    // Column 4's run of 4 covers its rows 2 to 4 wherever it lies.
    assert!(
        text.contains(
            "r2c4 cannot be empty: every way of placing column 4's runs 4 in what is left fills it"
        ),
        "{text}"
    );
    assert!(
        text.contains("cannot be filled: no way of placing"),
        "{text}"
    );
    assert_eq!(pattern.var_at(1, 3), Some(pattern.cells()[8]));
    assert_eq!(pattern.var_at(5, 0), None);
}
