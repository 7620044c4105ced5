//! Fuzzing the Unruly game-ID parser (proptest; cargo-fuzz needs a nightly
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
use sieve_unruly::{Puzzle, format_unruly_id, parse_unruly_id};

fn check(text: &str) -> Result<(), String> {
    match parse_unruly_id(text) {
        Ok(_) => Ok(()),
        Err(error) => error.check_points_into(text),
    }
}

/// A random puzzle: even sides up to 40, either mode, givens sparse or
/// dense (long runs of blanks need `z`).
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        1usize..=20,
        1usize..=20,
        any::<bool>(),
        1u8..=40,
        proptest::collection::vec((0u8..40, any::<bool>()), 1600),
    )
        .prop_map(|(half_width, half_height, unique, density, draws)| {
            let (width, height) = (2 * half_width, 2 * half_height);
            let givens = (draws.iter().take(width * height))
                .map(|&(draw, one)| (draw < density / 4).then_some(one))
                .collect();
            Puzzle::new(width, height, unique, givens).expect("even sides in range")
        })
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            ':', 'x', 'u', 'd', 't', 'n', 'a', 'A', 'y', 'Y', 'z', 'Z', '0', '1', '9', ' '
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
    fn id_alphabet_never_panics(text in "[0-9]{0,2}(x[0-9]{0,2})?u?(d[a-z])?:[a-zA-Z]{0,60}") {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn written_puzzles_read_back(puzzle in puzzles()) {
        let id = format_unruly_id(&puzzle);
        let read = parse_unruly_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(format_unruly_id(&read), id);
        prop_assert_eq!(read, puzzle);
    }

    #[test]
    fn mutated_ids_never_panic(puzzle in puzzles(), edits in edits(interesting)) {
        let text = mutate(&format_unruly_id(&puzzle), &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn errors_name_what_is_wrong_and_where() {
    for (id, message) in [
        (
            "2x2:Ba!",
            "description at offset 2: expected a letter a-z or A-Z (2 of the 4 cells and the virtual one after them left), found '!'",
        ),
        (
            "2x2:Ba",
            "description at offset 2: expected a letter a-z or A-Z (2 of the 4 cells",
        ),
        (
            "2x2:Bac",
            "description at offset 2: expected a letter that ends at most 2 cells on (the 4 cells and the virtual one), found 'c' (3 cells on)",
        ),
        (
            "2x2:Baba",
            "description at offset 3: expected the end of the description after the cells and the virtual cell after them, found 'a'",
        ),
        (
            "5x6:z",
            "parameters at offset 0: expected the width W (W or WxH), an even number (each line holds as many 1s as 0s), found 5",
        ),
        (
            "6x7:z",
            "parameters at offset 2: expected the height H after 'x', an even number",
        ),
        (
            "66:z",
            "parameters at offset 0: expected the width W (W or WxH) from 2 to 64, found 66",
        ),
        (
            "6x6dh:z",
            "parameters at offset 4: expected a difficulty t, e or n after 'd', found 'h'",
        ),
        (
            "6x6du:z",
            "parameters at offset 4: expected a difficulty t, e or n after 'd', found 'u'",
        ),
        (
            "6x6q:z",
            "parameters at offset 3: expected the end of the parameters after the grid size",
        ),
    ] {
        let error = parse_unruly_id(id).expect_err(id);
        assert!(error.to_string().starts_with(message), "{id}: {error}");
        assert_eq!(check(id), Ok(()));
    }
}

#[test]
fn the_cells_read_as_his_game_reads_them() {
    // 6×6 blank: 37 positions; `z` skips 25, and `l` 11 then gives the
    // virtual cell, as does `L` (an upper-case given there is dropped).
    for description in ["zl", "ZL", "Zl"] {
        let puzzle = parse_unruly_id(&format!("6x6:{description}")).expect(description);
        assert!(puzzle.givens().iter().all(Option::is_none), "{description}");
    }
    assert_eq!(
        format_unruly_id(&parse_unruly_id("6x6:ZL").expect("valid")),
        "6x6:zl"
    );
    // `Y` skips 24 and gives r5c1 a 1; `l` ends at the virtual cell.
    let puzzle = parse_unruly_id("6x6:Yl").expect("valid");
    assert_eq!(puzzle.givens()[24], Some(true));
    assert_eq!(puzzle.givens().iter().filter(|g| g.is_some()).count(), 1);
    // The unique mode and a difficulty, in that order.
    let puzzle = parse_unruly_id("8x6udn:zx").expect("valid");
    assert!(puzzle.unique());
    assert_eq!((puzzle.width(), puzzle.height()), (8, 6));
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
