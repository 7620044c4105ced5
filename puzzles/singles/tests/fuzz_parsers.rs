//! Fuzzing the Singles game-ID parser (proptest; cargo-fuzz needs a
//! nightly toolchain).
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

use sieve_singles::{Puzzle, format_singles_id, largest_number, parse_singles_id};

fn check(text: &str) -> Result<(), String> {
    match parse_singles_id(text) {
        Ok(_) => Ok(()),
        Err(error) => error.check_points_into(text),
    }
}

/// A random puzzle: sides from 2 to 62, any numbers in range.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        2usize..=62,
        2usize..=62,
        proptest::collection::vec(any::<u64>(), 62 * 62),
    )
        .prop_map(|(width, height, draws)| {
            let largest = u64::from(largest_number(width, height));
            let numbers = (draws.iter().take(width * height))
                .map(|&draw| (1 + draw % largest) as u8)
                .collect();
            Puzzle::new(width, height, numbers).expect("numbers in range")
        })
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            ':', 'x', 'd', 'e', 'k', '0', '1', '9', 'a', 'z', 'A', 'Z', ' '
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
    fn id_alphabet_never_panics(text in "[0-9]{0,2}(x[0-9]{0,2})?(d[a-z])?:[0-9a-zA-Z]{0,40}") {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn written_puzzles_read_back(puzzle in puzzles()) {
        let id = format_singles_id(&puzzle);
        let read = parse_singles_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(format_singles_id(&read), id);
        prop_assert_eq!(read, puzzle);
    }

    #[test]
    fn mutated_ids_never_panic(puzzle in puzzles(), edits in edits(interesting)) {
        let text = mutate(&format_singles_id(&puzzle), &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn errors_name_what_is_wrong_and_where() {
    for (id, message) in [
        (
            "3x2:1213!2",
            "description at offset 4: expected a number from 1 to 3 (1-9, then a-z for 10-35, A-Z for 36-61; 4 of 6 cells read), found '!'",
        ),
        (
            "3x2:121302",
            "description at offset 4: expected a number from 1 to 3",
        ),
        (
            "3x2:121342",
            "description at offset 4: expected a number from 1 to 3",
        ),
        (
            "3x2:12131",
            "description at offset 5: expected a number from 1 to 3 (1-9, then a-z for 10-35, A-Z for 36-61; 5 of 6 cells read), found the end",
        ),
        (
            "3x2:1213121",
            "description at offset 6: expected the end of the description after the 6 cells, found '1'",
        ),
        (
            "3x2dh:121312",
            "parameters at offset 4: expected a difficulty e or k after 'd', found 'h'",
        ),
        (
            "1x2:12",
            "parameters at offset 0: expected the width of the grid from 2 to 62, found 1",
        ),
        (
            "3x63:1",
            "parameters at offset 2: expected the height of the grid from 2 to 62, found 63",
        ),
        (
            "3x2u:121312",
            "parameters at offset 3: expected the end of the parameters after the grid size",
        ),
    ] {
        let error = parse_singles_id(id).expect_err(id);
        assert!(error.to_string().starts_with(message), "{id}: {error}");
        assert_eq!(check(id), Ok(()));
    }
}

#[test]
fn numbers_past_nine_read_as_his_game_reads_them() {
    let numbers: String = "123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".into();
    let puzzle = parse_singles_id(&format!("61x2:{numbers}{numbers}")).expect("valid");
    assert_eq!(puzzle.numbers()[9], 10);
    assert_eq!(puzzle.numbers()[35], 36);
    assert_eq!(puzzle.numbers()[60], 61);
    assert_eq!(
        format_singles_id(&puzzle),
        format!("61x2:{numbers}{numbers}")
    );
    // A side of 62 allows 62 in his rules, but no character writes it.
    let error = parse_singles_id(&format!("62x2:{numbers}[")).expect_err("no 62");
    assert!(
        error.to_string().contains("a number from 1 to 61"),
        "{error}"
    );
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
