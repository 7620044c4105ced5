//! The counts' and the lines' deductions read with the cells, the line and its
//! count named.

use sieve::{Schedule, TextTrace, propagate};
use sieve_tracks::{Rules, TracksModel, parse_tracks_id};

/// The trace of propagating `id` with `rules`, and whether it settled every
/// variable.
fn traced(id: &str, rules: Rules) -> (String, bool) {
    let puzzle = parse_tracks_id(id).expect("a valid ID");
    let tracks = TracksModel::with_rules(&puzzle, rules).expect("the model builds");
    let model = tracks.model();
    let mut state = tracks.start();
    let mut trace = TextTrace::new(model, Vec::new()).with_wakes(false);
    propagate(model, &mut state, Schedule::Priority, Some(&mut trace)).expect("no conflict");
    let text = String::from_utf8(trace.finish().expect("written")).expect("UTF-8");
    (text, state.all_assigned())
}

#[test]
fn a_count_names_its_line_and_its_cells() {
    let (text, solved) = traced("4x4de:Cm9a,3,1,S3,3,S1,3,4,2", Rules::Counts);
    assert!(
        text.contains("r1c2 = empty  [row 1 count 1: cardinality full] r1c2 is empty: row 1 has its 1 track cell"),
        "{text}"
    );
    assert!(
        text.contains("r3c2 holds track: row 3 needs 4 track cells, and no other cell can"),
        "{text}"
    );
    assert!(solved, "{text}");
}

#[test]
fn a_line_names_its_count_and_the_piece_it_rules_out() {
    let (text, solved) = traced(
        "8x8dt:hC3zv9e,2,3,S4,4,2,5,4,5,3,S8,6,1,3,3,3,2",
        Rules::Lines,
    );
    assert!(
        text.contains(
            "r1c2 cannot be right and left: no way of laying 3 track cells in column 2, joined \
             up along it, has it"
        ),
        "{text}"
    );
    assert!(solved, "{text}");
}

#[test]
fn the_lines_word_what_the_count_alone_settles_as_the_count_does() {
    let (text, solved) = traced("4x4de:Cm9a,3,1,S3,3,S1,3,4,2", Rules::Lines);
    assert!(
        text.contains("[row 1 pieces: line pieces] r1c2 is empty: row 1 has its 1 track cell"),
        "{text}"
    );
    assert!(
        text.contains("[row 3 pieces: line pieces] r3c2 holds track: row 3 needs 4 track cells"),
        "{text}"
    );
    assert!(solved, "{text}");
}
