//! Fuzzing the Signpost game-ID parser (proptest; cargo-fuzz needs a nightly
//! toolchain).
//!
//! The property: any text either reads, or fails with an error whose offset
//! lies inside the part of the ID it names, whose message names it, and
//! which, when it quotes one character, quotes the one that stands there
//! ([`sieve_gameid::GameIdError::check_points_into`]). Never a panic. Inputs
//! are arbitrary strings, strings over the ID's own alphabet, and near-valid
//! mutations of random puzzles written as IDs; written puzzles also read back
//! to the same puzzle and the same ID.
//!
//! CI runs the default 256 cases per property; the long run sets
//! `PROPTEST_CASES`. Every file in `tests/regressions/` runs through the same
//! property as an ordinary test.

#[path = "../../../test-support/fuzz_text.rs"]
mod fuzz_text;

use fuzz_text::{edits, mutate};
use proptest::prelude::*;
use sieve_signpost::{Direction, Puzzle, format_signpost_id, parse_signpost_id};

fn check(text: &str) -> Result<(), String> {
    match parse_signpost_id(text) {
        Ok(_) => Ok(()),
        Err(error) => error.check_points_into(text),
    }
}

/// A random puzzle: sides 1 to 9, random arrows, about one cell in four
/// given its number in a random numbering.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        (1usize..=9, 1usize..=9),
        proptest::collection::vec(0usize..8, 81),
        Just(()).prop_perturb(|_, mut rng| {
            let mut order: Vec<usize> = (1..=81).collect();
            for index in (1..order.len()).rev() {
                order.swap(index, rng.random_range(0..=index));
            }
            order
        }),
        proptest::collection::vec(0u8..4, 81),
    )
        .prop_map(|((width, height), arrows, order, draws)| {
            let cells = width * height;
            let arrows = arrows[..cells].iter().map(|&a| Direction::ALL[a]).collect();
            let mut numbers: Vec<usize> = order.into_iter().filter(|&n| n <= cells).collect();
            numbers.truncate(cells);
            let givens = (numbers.iter().zip(&draws))
                .map(|(&number, &draw)| (draw == 0).then_some(number))
                .collect();
            Puzzle::new((width, height), arrows, givens).expect("a valid puzzle")
        })
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            ':', 'x', 'c', 'a', 'e', 'h', 'i', 'z', '0', '1', '6', '9', ' '
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
    fn id_alphabet_never_panics(text in "[0-9]{0,3}(x[0-9]{0,3})?c?:([0-9]{0,3}[a-j]){0,30}") {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn written_puzzles_read_back(puzzle in puzzles()) {
        let id = format_signpost_id(&puzzle);
        let read = parse_signpost_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(format_signpost_id(&read), id);
        prop_assert_eq!(read, puzzle);
    }

    #[test]
    fn mutated_ids_never_panic(puzzle in puzzles(), edits in edits(interesting)) {
        let text = mutate(&format_signpost_id(&puzzle), &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn errors_name_what_is_wrong_and_where() {
    for (id, message) in [
        (
            "3x3:d1d9aaegbgi",
            "description at offset 10: expected r3c3: a number, or its arrow a-h (a up, then \
             clockwise), found 'i'",
        ),
        (
            "3x3:d1d9aaegbg",
            "description at offset 10: expected r3c3: a number, or its arrow a-h",
        ),
        (
            "3x3:d1x9aaegbgh",
            "description at offset 2: expected the arrow of r1c2 after its number",
        ),
        (
            "3x3:d10d9aaegbgh",
            "description at offset 1: expected the number of r1c2 from 1 to 9, found 10",
        ),
        (
            "3x3:d1d1aaegbgh",
            "description at offset 3: expected a number not given before (1 is at r1c2 \
             already), found 1",
        ),
        (
            "3x3:d1d9aaegbgha",
            "description at offset 11: expected the end of the description after the last \
             cell's arrow, found 'a'",
        ),
        (
            "3x3q:d1d9aaegbgh",
            "parameters at offset 3: expected the end of the parameters after the grid size",
        ),
        (
            "21x1:a",
            "parameters at offset 0: expected the width of the grid from 1 to 20, found 21",
        ),
    ] {
        let error = parse_signpost_id(id).expect_err(id);
        assert!(error.to_string().starts_with(message), "{id}: {error}");
        assert_eq!(check(id), Ok(()));
    }
}

#[test]
fn his_short_forms_read() {
    // A square size alone, and the corner option.
    for id in ["3:d1d9aaegbgh", "3x3c:d1d9aaegbgh"] {
        let puzzle = parse_signpost_id(id).expect("a valid ID");
        assert_eq!(format_signpost_id(&puzzle), "3x3:d1d9aaegbgh");
    }
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
