//! The rules' deductions read with their line, and the unique mode's with
//! the two lines it keeps apart.

use sieve::{Schedule, TextTrace, propagate};
use sieve_unruly::{UnrulyModel, parse_unruly_id};

/// The text trace of propagating an ID's start state.
fn trace(id: &str) -> String {
    let puzzle = parse_unruly_id(id).expect("a valid ID");
    let unruly = UnrulyModel::new(&puzzle).expect("the model builds");
    let model = unruly.model();
    let mut state = unruly.start();
    let mut trace = TextTrace::new(model, Vec::new()).with_wakes(false);
    propagate(model, &mut state, Schedule::Queue, Some(&mut trace)).expect("no conflict");
    assert!(state.all_assigned(), "{id}: propagation alone solves it");
    String::from_utf8(trace.finish().expect("written")).expect("UTF-8")
}

#[test]
fn a_line_removal_names_the_line() {
    let text = trace("6x6:BBDECbdbcFAba");
    assert!(
        text.contains("no filling of row 1 with as many 1s as 0s and never three alike"),
        "{text}"
    );
}

#[test]
fn the_unique_mode_keeps_two_lines_apart() {
    // The committed unique-mode IDs, of every size and difficulty.
    let ids = std::fs::read_to_string(format!(
        "{}/tests/tatham/unruly_ids.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("the data file");
    let unique: Vec<&str> = (ids.lines())
        .filter(|line| !line.starts_with('#'))
        .filter(|line| {
            line.split(':')
                .next()
                .is_some_and(|params| params.contains('u'))
        })
        .collect();
    assert!(unique.len() >= 10);
    let apart = unique
        .iter()
        .filter(|id| trace(id).contains("makes it the same as"))
        .count();
    // Most unique-mode puzzles need the rule somewhere.
    assert!(2 * apart >= unique.len(), "{apart} of {}", unique.len());
}

#[test]
fn cells_are_found_by_row_and_column() {
    let puzzle = parse_unruly_id("6x8:zx").expect("a valid ID");
    let unruly = UnrulyModel::new(&puzzle).expect("the model builds");
    assert_eq!(unruly.var_at(1, 2), Some(unruly.cells()[8]));
    assert_eq!(unruly.var_at(7, 5), Some(unruly.cells()[47]));
    assert_eq!(unruly.var_at(8, 0), None);
    assert_eq!(unruly.var_at(0, 6), None);
}
