//! Fuzzing the Dominosa game-ID parser (proptest; cargo-fuzz needs a
//! nightly toolchain).
//!
//! The property: any text either reads, or fails with an error whose offset
//! lies inside the part of the ID it names, whose message names it, and
//! which, when it quotes one character, quotes the one that stands there.
//! Never a panic. Inputs are arbitrary strings, strings over the ID's own
//! alphabet, and near-valid mutations of random grids written as IDs;
//! written grids also read back to the same puzzle and the same ID.
//!
//! CI runs the default 256 cases per property; the long run sets
//! `PROPTEST_CASES`. Every file in `tests/regressions/` runs through the same
//! property as an ordinary test.

#[path = "../../../test-support/fuzz_text.rs"]
mod fuzz_text;

use fuzz_text::{edits, mutate};
use proptest::prelude::*;
use sieve_dominosa::{Puzzle, format_dominosa_id, parse_dominosa_id};

fn check(text: &str) -> Result<(), String> {
    match parse_dominosa_id(text) {
        Ok(_) => Ok(()),
        Err(error) => error.check_points_into(text),
    }
}

/// A random grid: N in 1..=14 (numbers from 10 on in brackets), each
/// number N+2 times, shuffled by random swaps.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (1usize..=14, proptest::collection::vec(any::<u16>(), 240)).prop_map(|(size, swaps)| {
        let mut numbers: Vec<u8> = (0..=size as u8)
            .flat_map(|number| std::iter::repeat_n(number, size + 2))
            .collect();
        let cells = numbers.len();
        for (at, &swap) in swaps.iter().enumerate() {
            numbers.swap(at % cells, usize::from(swap) % cells);
        }
        Puzzle::new(size, numbers).expect("a valid puzzle")
    })
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![':', '[', ']', 'd', 't', 'a', '0', '1', '9', ' ']),
        proptest::char::any(),
    ]
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn id_alphabet_never_panics(text in "[0-9]{0,2}(d[a-z])?:[0-9\\[\\]]{0,60}") {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn written_puzzles_read_back(puzzle in puzzles()) {
        let id = format_dominosa_id(&puzzle);
        let read = parse_dominosa_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(format_dominosa_id(&read), id);
        prop_assert_eq!(read, puzzle);
    }

    #[test]
    fn mutated_ids_never_panic(puzzle in puzzles(), edits in edits(interesting)) {
        let text = mutate(&format_dominosa_id(&puzzle), &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn errors_name_what_is_wrong_and_where() {
    for (id, message) in [
        (
            "2:21101021002",
            "description at offset 11: expected a number 0-2 (a digit, or [12] from 10 on) (1 of 12 cells left), found the end",
        ),
        (
            "2:2110102100222",
            "description at offset 12: expected the end of the description after the 12 numbers, found '2'",
        ),
        (
            "2:211310210022",
            "description at offset 3: expected a number 0-2 (a digit, or [12] from 10 on) (9 of 12 cells left), found '3'",
        ),
        (
            "2:211011210022",
            "description at offset 7: expected a number other than 1: a full set of dominoes has each 4 times, found 1, written 5 times by here",
        ),
        (
            "2:2110[x]0210022",
            "description at offset 5: expected a number in brackets (a number from 0 to 2), found 'x'",
        ),
        (
            "12:[12",
            "description at offset 3: expected ']' after the number in brackets, found the end",
        ),
        (
            "12:[13]",
            "description at offset 1: expected a number in brackets from 0 to 12, found 13",
        ),
        (
            "2dz:211010210022",
            "parameters at offset 2: expected a difficulty t, b, h, e or a after 'd', found 'z'",
        ),
        (
            "0:00",
            "parameters at offset 0: expected N, the largest number from 1 to 40, found 0",
        ),
    ] {
        let error = parse_dominosa_id(id).expect_err(id);
        assert!(error.to_string().starts_with(message), "{id}: {error}");
        assert_eq!(check(id), Ok(()));
    }
}

#[test]
fn brackets_hold_numbers_from_ten_on() {
    // Brackets may hold a small number too, as his game reads them.
    assert!(parse_dominosa_id("2:2110[1]0210022").is_ok());
    // N = 10: twelve of each number, 10s first, in brackets.
    let description: String = (0..=10u8)
        .rev()
        .map(|number| match number {
            10 => "[10]".repeat(12),
            _ => number.to_string().repeat(12),
        })
        .collect();
    let puzzle = parse_dominosa_id(&format!("10:{description}")).expect("a valid grid");
    assert_eq!(puzzle.numbers()[11..13], [10, 9]);
    assert_eq!(puzzle.numbers()[131], 0);
    assert_eq!(format_dominosa_id(&puzzle), format!("10:{description}"));
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
