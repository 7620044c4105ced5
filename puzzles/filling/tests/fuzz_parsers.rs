//! Fuzzing the Filling game-ID parser (proptest; cargo-fuzz needs a nightly
//! toolchain).
//!
//! The property: any text either reads, or fails with an error whose offset
//! lies inside the part of the ID it names, whose message names it, and which,
//! when it quotes one character, quotes the one that stands there. Never a
//! panic. Inputs are arbitrary strings, strings over the ID's own alphabet, and
//! near-valid mutations of random puzzles written as IDs; written puzzles also
//! read back to the same puzzle and the same ID.
//!
//! CI runs the default 256 cases per property; the long run sets
//! `PROPTEST_CASES`. Every file in `tests/regressions/` runs through the same
//! property as an ordinary test.

#[path = "../../../test-support/fuzz_text.rs"]
mod fuzz_text;

use fuzz_text::{edits, mutate};
use proptest::prelude::*;

use sieve_filling::{Puzzle, format_filling_id, largest_clue, parse_filling_id};

fn check(text: &str) -> Result<(), String> {
    match parse_filling_id(text) {
        Ok(_) => Ok(()),
        Err(error) => error.check_points_into(text),
    }
}

/// A random puzzle: sides from 1 to 40, about a third of the cells clues.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        1usize..=40,
        1usize..=40,
        proptest::collection::vec(any::<u64>(), 40 * 40),
    )
        .prop_map(|(width, height, draws)| {
            let largest = u64::from(largest_clue(width, height));
            let clues = (draws.iter().take(width * height))
                .map(|&draw| (draw % 3 == 0).then_some((1 + draw / 3 % largest) as u8))
                .collect();
            Puzzle::new(width, height, clues).expect("clues in range")
        })
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![':', 'x', '0', '1', '9', ';', '@', 'a', 'z', 'A', ' ']),
        proptest::char::any(),
    ]
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn id_alphabet_never_panics(text in "[0-9]{0,2}(x[0-9]{0,2})?:[0-9:;<=a-z]{0,40}") {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn written_puzzles_read_back(puzzle in puzzles()) {
        let id = format_filling_id(&puzzle);
        let read = parse_filling_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(format_filling_id(&read), id);
        prop_assert_eq!(read, puzzle);
    }

    #[test]
    fn mutated_ids_never_panic(puzzle in puzzles(), edits in edits(interesting)) {
        let text = mutate(&format_filling_id(&puzzle), &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn errors_name_what_is_wrong_and_where() {
    for (id, message) in [
        (
            "3x2:2a1!b",
            "description at offset 3: expected a clue 1-3 ('0' for an empty cell) or a letter a-z (a run of empty cells) (3 of 6 cells left), found '!'",
        ),
        ("3x2:2a14b", "description at offset 3: expected a clue 1-3"),
        (
            "3x2:2a1",
            "description at offset 3: expected a clue 1-3 ('0' for an empty cell) or a letter a-z (a run of empty cells) (3 of 6 cells left), found the end",
        ),
        (
            "3x2:2a1d",
            "description at offset 3: expected a run of at most 3 empty cells (the grid has 6)",
        ),
        (
            "3x2:2a1c1",
            "description at offset 4: expected the end of the description after the 6 cells, found '1'",
        ),
        (
            "0x2:a",
            "parameters at offset 0: expected the width of the grid from 1 to 40, found 0",
        ),
        (
            "3x41:a",
            "parameters at offset 2: expected the height of the grid from 1 to 40, found 41",
        ),
        (
            "3x2dh:2a1c",
            "parameters at offset 3: expected the end of the parameters after the grid size",
        ),
    ] {
        let error = parse_filling_id(id).expect_err(id);
        assert!(error.to_string().starts_with(message), "{id}: {error}");
        assert_eq!(check(id), Ok(()));
    }
}

#[test]
fn clues_past_nine_read_as_his_game_reads_them() {
    let puzzle = parse_filling_id("13x1:=l").expect("a clue of 13");
    assert_eq!(puzzle.clues()[0], Some(13));
    assert_eq!(format_filling_id(&puzzle), "13x1:=l");
    assert!(parse_filling_id("12x1:=k").is_err(), "13 on a side of 12");
    // '0' is an empty cell, written back as a run.
    let puzzle = parse_filling_id("3x1:102").expect("valid");
    assert_eq!(puzzle.clues(), [Some(1), None, Some(2)]);
    assert_eq!(format_filling_id(&puzzle), "3x1:1a2");
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
