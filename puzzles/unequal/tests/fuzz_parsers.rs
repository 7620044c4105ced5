//! Fuzzing the Unequal game-ID parser (proptest; cargo-fuzz needs a nightly
//! toolchain).
//!
//! The property: any text either reads, or fails with an error whose offset
//! lies inside the part of the ID it names and whose message names it.
//! Never a panic. Inputs are arbitrary strings, strings over the ID's own
//! alphabet, and near-valid mutations of random puzzles written as IDs in
//! both modes; written puzzles also read back to the same ID.
//!
//! CI runs the default 256 cases per property; the long run sets
//! `PROPTEST_CASES`. Every file in `tests/regressions/` runs through the same
//! property as an ordinary test.

#[path = "../../../test-support/fuzz_text.rs"]
mod fuzz_text;

use fuzz_text::{edits, mutate};
use proptest::prelude::*;
use sieve_unequal::{Mode, Puzzle, format_unequal_id, parse_unequal_id};

fn check(text: &str) -> Result<(), String> {
    match parse_unequal_id(text) {
        Ok(_) => Ok(()),
        Err(error) => error.check_points_into(text),
    }
}

/// A random puzzle: N in 1..=7, either mode, some givens, marks on some pairs.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        1usize..=7,
        any::<bool>(),
        proptest::collection::vec(0u8..=7, 49),
        proptest::collection::vec(0u8..3, 84),
    )
        .prop_map(|(size, adjacent, values, marks)| {
            let mode = if adjacent {
                Mode::Adjacent
            } else {
                Mode::Unequal
            };
            let givens = values[..size * size]
                .iter()
                .map(|&value| (value >= 1 && usize::from(value) <= size).then_some(value))
                .collect();
            let mut puzzle = Puzzle::new(size, mode)
                .and_then(|puzzle| puzzle.with_givens(givens))
                .expect("a valid puzzle");
            let pairs: Vec<(usize, usize)> = puzzle.neighbour_pairs().collect();
            for ((a, b), mark) in pairs.into_iter().zip(marks) {
                let added = match (mode, mark) {
                    (_, 0) => Ok(()),
                    (Mode::Adjacent, _) => puzzle.add_bar(a, b),
                    (Mode::Unequal, 1) => puzzle.add_sign(a, b),
                    (Mode::Unequal, _) => puzzle.add_sign(b, a),
                };
                added.expect("neighbours");
            }
            puzzle
        })
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            ',', ':', 'U', 'R', 'D', 'L', 'a', 'z', '0', '9', 'd', ' '
        ]),
        proptest::char::any(),
    ]
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn id_alphabet_never_panics(text in "[0-9]{0,2}a?(d[a-z])?:[0-9URDLa-z,]{0,80}") {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn written_puzzles_read_back(puzzle in puzzles()) {
        let id = format_unequal_id(&puzzle);
        let read = parse_unequal_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(format_unequal_id(&read), id);
        prop_assert_eq!(read.givens(), puzzle.givens());
        prop_assert_eq!(read.signs().len(), puzzle.signs().len());
        prop_assert_eq!(read.bars().len(), puzzle.bars().len());
    }

    #[test]
    fn mutated_ids_never_panic(puzzle in puzzles(), edits in edits(interesting)) {
        let text = mutate(&format_unequal_id(&puzzle), &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn errors_name_what_is_wrong_and_where() {
    for (id, message) in [
        (
            "3:0,0,0,0,0,0,0,0",
            "description at offset 15: expected ','",
        ),
        (
            "3:0,0,0,0,4,0,0,0,0",
            "description at offset 8: expected a cell's value (0 for empty) from 0 to 3, found 4",
        ),
        (
            "3:0U,0,0,0,0,0,0,0,0",
            "description at offset 1: expected a flag pointing at a neighbour inside the grid",
        ),
        (
            "3:0R,0L,0,0,0,0,0,0,0",
            "description at offset 1: expected signs that agree",
        ),
        (
            "3a:0R,0,0,0,0,0,0,0,0",
            "description at offset 1: expected a bar on both cells",
        ),
        (
            "3:0,0,0,0,0,0,0,0,0,0",
            "description at offset 18: expected the end of the description after the 9 cells",
        ),
        (
            "3:i0",
            "description at offset 0: expected a run of fewer than 9 empty cells",
        ),
        ("3b:0", "parameters at offset 1"),
        (
            "40:0",
            "parameters at offset 0: expected the grid size N from 1 to 32, found 40",
        ),
    ] {
        let error = parse_unequal_id(id).expect_err(id);
        assert!(error.to_string().starts_with(message), "{id}: {error}");
    }
    // Letters skip empty cells before a value.
    let puzzle = parse_unequal_id("3:h2").expect("eight empty cells, then a 2");
    assert_eq!(puzzle.givens()[8], Some(2));
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
