//! Fuzzing the Slant game-ID parser (proptest; cargo-fuzz needs a nightly
//! toolchain).
//!
//! The property: any text either reads, or fails with an error whose offset
//! lies inside the part of the ID it names, whose message names it, and
//! which, when it quotes one character, quotes the one that stands there.
//! Never a panic. Inputs are arbitrary strings, strings over the ID's own
//! alphabet, and near-valid mutations of random puzzles written as IDs;
//! written puzzles also read back to the same puzzle and the same ID.
//!
//! CI runs the default 256 cases per property; the long run sets
//! `PROPTEST_CASES`. Every file in `tests/regressions/` runs through the same
//! property as an ordinary test.

#[path = "../../../test-support/fuzz_text.rs"]
mod fuzz_text;

use fuzz_text::{edits, mutate};
use proptest::prelude::*;
use sieve_slant::{Puzzle, format_slant_id, parse_slant_id};

fn check(text: &str) -> Result<(), String> {
    match parse_slant_id(text) {
        Ok(_) => Ok(()),
        Err(error) => error.check_points_into(text),
    }
}

/// A random puzzle: 2..=12 by 2..=12 cells, about a third of the corners
/// with a clue 0..=4.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        2usize..=12,
        2usize..=12,
        proptest::collection::vec(0u8..15, 169),
    )
        .prop_map(|(width, height, draws)| {
            let corners = (width + 1) * (height + 1);
            let clues = draws[..corners]
                .iter()
                .map(|&draw| (draw < 5).then_some(draw))
                .collect();
            Puzzle::new(width, height, clues).expect("a valid puzzle")
        })
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            ':', 'x', 'd', 'e', 'h', 'a', 'z', '0', '4', '5', '9', ' '
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
    fn id_alphabet_never_panics(text in "[0-9]{0,3}(x[0-9]{0,3})?(d[a-z])?:[a-z0-9]{0,60}") {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn written_puzzles_read_back(puzzle in puzzles()) {
        let id = format_slant_id(&puzzle);
        let read = parse_slant_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(format_slant_id(&read), id);
        prop_assert_eq!(read, puzzle);
    }

    #[test]
    fn mutated_ids_never_panic(puzzle in puzzles(), edits in edits(interesting)) {
        let text = mutate(&format_slant_id(&puzzle), &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn errors_name_what_is_wrong_and_where() {
    for (id, message) in [
        (
            "3x3:b0b2b2a11b2a!",
            "description at offset 12: expected the end of the description after the 16 corners, found '!'",
        ),
        (
            "3x3:b0b2b2a11b2",
            "description at offset 11: expected a clue 0-4 or a letter a-z (a run of blanks) (1 of 16 left), found the end",
        ),
        (
            "3x3:b0b5b2a11b2a",
            "description at offset 3: expected a clue 0-4 or a letter a-z",
        ),
        (
            "3x3:b0b2b2a11b2b",
            "description at offset 11: expected a run of at most 1 blank (there are 16 in all), found 'b' (2 blanks)",
        ),
        (
            "3x3dq:b0b2b2a11b2a",
            "parameters at offset 4: expected a difficulty e or h after 'd', found 'q'",
        ),
        (
            "1x3:h",
            "parameters at offset 0: expected the width of the grid from 2 to 200, found 1",
        ),
        (
            "3x:p",
            "parameters at offset 2: expected the height of the grid (a number from 2 to 200), found the end",
        ),
        ("3x3", "game ID at offset 3: expected ':'"),
    ] {
        let error = parse_slant_id(id).expect_err(id);
        assert!(error.to_string().starts_with(message), "{id}: {error}");
        assert_eq!(check(id), Ok(()));
    }
}

#[test]
fn a_square_needs_one_side_and_runs_past_26_chain() {
    // 5×5 cells, 36 corners without a clue: `z` (26) then `j` (10).
    let puzzle = parse_slant_id("5:zj").expect("a blank square");
    assert_eq!((puzzle.width(), puzzle.height()), (5, 5));
    assert_eq!(format_slant_id(&puzzle), "5x5:zj");
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
