//! The rules' deductions read with their line, band or corner.

use sieve::{Schedule, TextTrace, propagate};
use sieve_singles::{SinglesModel, parse_singles_id};

/// The text trace of propagating an ID's start state, which solves it.
fn trace(id: &str) -> String {
    let puzzle = parse_singles_id(id).expect("a valid ID");
    let singles = SinglesModel::new(&puzzle).expect("the model builds");
    let model = singles.model();
    let mut state = singles.start();
    let mut trace = TextTrace::new(model, Vec::new()).with_wakes(false);
    propagate(model, &mut state, Schedule::Queue, Some(&mut trace)).expect("no conflict");
    assert!(state.all_assigned(), "{id}: propagation alone solves it");
    String::from_utf8(trace.finish().expect("written")).expect("UTF-8")
}

#[test]
fn deductions_name_their_line_band_or_corner() {
    let text = trace("5x5:5512221453242554512111533");
    assert!(
        text.contains("cannot be shaded: every shading of row 3 with no two shaded cells side by side and no number unshaded twice leaves it unshaded"),
        "{text}"
    );
    // Over the committed IDs, corners and bands both have their say.
    let ids = std::fs::read_to_string(format!(
        "{}/tests/tatham/singles_ids.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("the data file");
    let traces: Vec<String> = (ids.lines())
        .filter(|line| !line.starts_with('#'))
        .map(trace)
        .collect();
    let saying = |words: &str| traces.iter().filter(|text| text.contains(words)).count();
    assert!(saying("no filling of the corner block at r") > 0);
    assert!(saying("cannot be shaded: that would cut the unshaded cells apart") > 0);
    assert!(saying("every shading of rows ") + saying("every shading of columns ") > 0);
}

#[test]
fn cells_are_found_by_row_and_column() {
    let puzzle = parse_singles_id("3x2:121312").expect("a valid ID");
    let singles = SinglesModel::new(&puzzle).expect("the model builds");
    assert_eq!(singles.var_at(1, 2), Some(singles.cells()[5]));
    assert_eq!(singles.var_at(2, 0), None);
    assert_eq!(singles.var_at(0, 3), None);
}
