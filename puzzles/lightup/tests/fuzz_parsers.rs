//! Fuzzing the Light Up game-ID parser (proptest; cargo-fuzz needs a
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
use sieve_lightup::{Puzzle, Square, format_lightup_id, parse_lightup_id};

fn check(text: &str) -> Result<(), String> {
    match parse_lightup_id(text) {
        Ok(_) => Ok(()),
        Err(error) => error.check_points_into(text),
    }
}

/// A random puzzle: sides 2 to 40 (long runs of empty squares), about one
/// square in five a wall, numbered or not.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        2usize..=40,
        2usize..=8,
        proptest::collection::vec(0u8..30, 320),
    )
        .prop_map(|(width, height, draws)| {
            let squares = (draws.iter().take(width * height))
                .map(|&draw| match draw {
                    0 => Square::Wall,
                    1..=5 => Square::Clue(draw - 1),
                    _ => Square::Empty,
                })
                .collect();
            Puzzle::new(width, height, squares).expect("a valid puzzle")
        })
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            ':', 'B', 'a', 'z', 'x', 'b', 's', 'r', 'd', '0', '4', '5', '9', ' '
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
    fn id_alphabet_never_panics(text in "[0-9]{0,3}(x[0-9]{0,3})?(b[0-9]{0,3})?(s[0-9])?r?(d[0-9])?:[a-zB0-9]{0,40}") {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn written_puzzles_read_back(puzzle in puzzles()) {
        let id = format_lightup_id(&puzzle);
        let read = parse_lightup_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(format_lightup_id(&read), id);
        prop_assert_eq!(read, puzzle);
    }

    #[test]
    fn mutated_ids_never_panic(puzzle in puzzles(), edits in edits(interesting)) {
        let text = mutate(&format_lightup_id(&puzzle), &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn errors_name_what_is_wrong_and_where() {
    for (id, message) in [
        (
            "5x5:a0gBe0g3?",
            "description at offset 8: expected a square: 'B' (a wall), 0-4 (a numbered wall) or a-z (empty squares); 1 of 25 left",
        ),
        (
            "5x5:a0gBe0g5a",
            "description at offset 7: expected a square: 'B' (a wall), 0-4",
        ),
        (
            "5x5:a0gBe0g3",
            "description at offset 8: expected a square: 'B' (a wall), 0-4 (a numbered wall) or a-z (empty squares); 1 of 25 left, found the end",
        ),
        (
            "5x5:a0gBe0g3b",
            "description at offset 8: expected a run of at most 1 empty square (1 of the grid's 25 left), found a run of 2",
        ),
        (
            "5x5:a0gBe0g3aB",
            "description at offset 9: expected the end of the description after the 25 squares",
        ),
        (
            "5:a0gBe0g3a",
            "parameters at offset 1: expected 'x' between the width and the height (WxH), found the end",
        ),
        (
            "5x1:a0gBe0g3a",
            "parameters at offset 2: expected the grid height from 2 to 100, found 1",
        ),
        (
            "5x5b20s7:a0gBe0g3a",
            "parameters at offset 7: expected the symmetry after 's' from 0 to 4, found 7",
        ),
        (
            "5x5d3:a0gBe0g3a",
            "parameters at offset 4: expected the difficulty after 'd' from 0 to 2, found 3",
        ),
        (
            "5x5s4b20:a0gBe0g3a",
            "parameters at offset 5: expected the end of the parameters after the grid size",
        ),
    ] {
        let error = parse_lightup_id(id).expect_err(id);
        assert!(error.to_string().starts_with(message), "{id}: {error}");
        assert_eq!(check(id), Ok(()));
    }
}

#[test]
fn settings_and_long_runs_read_as_his_game_reads_them() {
    for id in [
        "5x5:a0gBe0g3a",
        "5x5b20s4d0:a0gBe0g3a",
        "5x5b20s2rd2:a0gBe0g3a",
        "5x5r:a0gBe0g3a",
    ] {
        let puzzle = parse_lightup_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        assert_eq!((puzzle.width(), puzzle.height()), (5, 5));
    }
    // 29 empty squares and a wall, written `mp` (13 and 16) by hand: his
    // generator writes `z` (26) then `c` (3).
    let long = parse_lightup_id("10x3:mpB").expect("long run");
    assert_eq!(
        long.squares()
            .iter()
            .filter(|s| **s == Square::Empty)
            .count(),
        29
    );
    assert_eq!(format_lightup_id(&long), "10x3:zcB");
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
