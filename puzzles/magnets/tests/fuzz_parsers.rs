//! Fuzzing the Magnets game-ID parser (proptest; cargo-fuzz needs a nightly
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
use sieve_magnets::{Counts, Puzzle, format_magnets_id, parse_magnets_id};

fn check(text: &str) -> Result<(), String> {
    match parse_magnets_id(text) {
        Ok(_) => Ok(()),
        Err(error) => error.check_points_into(text),
    }
}

/// A random puzzle: sides 2 to 12, dominoes laid greedily (across or down
/// as the draw says, alone when neither fits), counts now and then missing.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        2usize..=12,
        2usize..=12,
        proptest::collection::vec(0u8..8, 144),
        proptest::collection::vec(0usize..40, 48),
    )
        .prop_map(|(width, height, draws, counts)| {
            let cells = width * height;
            let mut partner: Vec<Option<usize>> = vec![None; cells];
            for square in 0..cells {
                if partner[square].is_some() {
                    continue;
                }
                let right = (square % width + 1 < width && partner[square + 1].is_none())
                    .then_some(square + 1);
                let below = (square + width < cells).then_some(square + width);
                let other = match draws[square] {
                    0 => None,
                    1..=3 => right.or(below),
                    _ => below.or(right),
                };
                let other = other.unwrap_or(square);
                partner[square] = Some(other);
                partner[other] = Some(square);
            }
            let partner = partner.into_iter().map(|p| p.unwrap_or(0)).collect();
            // A count, or none, that fits a line of `length` beside its other.
            let count = |draw: usize, length: usize| {
                (!draw.is_multiple_of(5)).then_some(draw % (length / 2 + 1))
            };
            let plus = Counts {
                columns: (0..width).map(|c| count(counts[c], height)).collect(),
                rows: (0..height).map(|r| count(counts[12 + r], width)).collect(),
            };
            let minus = Counts {
                columns: (0..width).map(|c| count(counts[24 + c], height)).collect(),
                rows: (0..height).map(|r| count(counts[36 + r], width)).collect(),
            };
            Puzzle::new(width, height, partner, plus, minus).expect("a valid puzzle")
        })
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            ',', ':', '.', 'L', 'R', 'T', 'B', '*', 'x', 'd', 'e', 't', 'S', '0', '9', 'a', 'Z',
            ' '
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
    fn id_alphabet_never_panics(text in "[0-9]{0,2}(x[0-9]{0,2})?(d[a-z])?S?:([0-9a-zA-Z.]{0,6},){0,4}[LRTB*,]{0,30}") {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn written_puzzles_read_back(puzzle in puzzles()) {
        let id = format_magnets_id(&puzzle);
        let read = parse_magnets_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(format_magnets_id(&read), id);
        prop_assert_eq!(read, puzzle);
    }

    #[test]
    fn mutated_ids_never_panic(puzzle in puzzles(), edits in edits(interesting)) {
        let text = mutate(&format_magnets_id(&puzzle), &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn errors_name_what_is_wrong_and_where() {
    for (id, message) in [
        (
            "3x2:1.1,01,.10,10,LRTLRX",
            "description at offset 19: expected a square: L, R (a domino across), T, B (a domino standing) or * (alone); 5 of 6 read",
        ),
        (
            "3x2:1.1,01,.10,10,LRTLR",
            "description at offset 19: expected a square: L, R",
        ),
        (
            "3x2:1.1,01,.10,10,LRTLRBL",
            "description at offset 20: expected the end of the description after the 6 squares",
        ),
        (
            "3x2:1.1,01,.10,10,LRTRLB",
            "description at offset 17: expected a square whose domino is whole: R at r2c1 needs L on its left, found 'R'",
        ),
        (
            "3x2:1.1,01,.10,10,LRBLRT",
            "description at offset 16: expected a square whose domino is whole: B at r1c3 needs T above it",
        ),
        (
            "3x2:1.1,01,.10,10,LRTL*B",
            "description at offset 17: expected a square whose domino is whole: L at r2c1 needs R on its right",
        ),
        (
            "3x2:1.3,01,.10,10,LRTLRB",
            "description at offset 2: expected the + count of column 3 (0-9, a-z, A-Z, or '.' for none; at most 2)",
        ),
        (
            "3x2:1.1,01,.10,1,LRTLRB",
            "description at offset 12: expected the − count of row 2",
        ),
        (
            "3x2:1.1,01,.10,10LRTLRB",
            "description at offset 13: expected ',' after the 2 of each − count of row",
        ),
        (
            "3x2:2.1,01,2.0,10,LRTLRB",
            "description at offset 0: expected a puzzle, found column 1 asks for 4 poles in 2 squares",
        ),
        (
            "3x2dq:1.1,01,.10,10,LRTLRB",
            "parameters at offset 4: expected a difficulty e or t after 'd', found 'q'",
        ),
        (
            "3x1:1.1,01,.10,10,LRTLRB",
            "parameters at offset 2: expected the height of the grid from 2 to 61, found 1",
        ),
        (
            "3x2s:1.1,01,.10,10,LRTLRB",
            "parameters at offset 3: expected the end of the parameters after the grid size",
        ),
    ] {
        let error = parse_magnets_id(id).expect_err(id);
        assert!(error.to_string().starts_with(message), "{id}: {error}");
        assert_eq!(check(id), Ok(()));
    }
}

#[test]
fn params_and_spacers_read_as_his_game_reads_them() {
    for id in [
        "3x2:1.1,01,.10,10,LRTLRB",
        "3x2dtS:1.1,01,.10,10,LRTLRB",
        "3x2de:1.1,01,.10,10,LRT,LRB",
    ] {
        let puzzle = parse_magnets_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        assert_eq!(puzzle.partner(2), 5, "{id}");
    }
    let square = parse_magnets_id("2:..,..,..,..,LRLR").expect("2×2");
    assert_eq!((square.width(), square.height()), (2, 2));
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
