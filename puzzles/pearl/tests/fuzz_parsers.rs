//! Fuzzing the Pearl game-ID parser (proptest; cargo-fuzz needs a nightly
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
use sieve_gameid::{Found, Part};
use sieve_pearl::{Pearl, Puzzle, format_pearl_id, parse_pearl_id};

fn check(text: &str) -> Result<(), String> {
    let Err(error) = parse_pearl_id(text) else {
        return Ok(());
    };
    let trimmed = text.trim();
    let part = match (error.part, trimmed.split_once(':')) {
        (Part::Params, Some((params, _))) => params,
        (Part::Description, Some((_, description))) => description,
        _ => trimmed,
    };
    let message = error.to_string();
    if error.offset > part.chars().count()
        || !message.contains(&format!("{} at offset {}", error.part, error.offset))
    {
        return Err(format!("{text:?}: the offset is wrong: {message}"));
    }
    if let Found::Char(quoted) = error.found
        && part.chars().nth(error.offset) != Some(quoted)
    {
        return Err(format!(
            "{text:?}: {quoted:?} is not at the offset: {message}"
        ));
    }
    Ok(())
}

/// A random puzzle: sides 5 to 14, about one cell in five a pearl.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        5usize..=14,
        5usize..=14,
        proptest::collection::vec(0u8..10, 196),
    )
        .prop_map(|(width, height, draws)| {
            let pearls = (draws.into_iter().take(width * height))
                .map(|draw| match draw {
                    0 => Some(Pearl::Black),
                    1 => Some(Pearl::White),
                    _ => None,
                })
                .collect();
            Puzzle::new(width, height, pearls).expect("a valid puzzle")
        })
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            ':', 'x', 'd', 'e', 't', 'n', 'a', 'z', 'B', 'W', '0', '9', ' '
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
    fn id_alphabet_never_panics(text in "[0-9]{0,3}(x[0-9]{0,3})?(d[a-z])?n?:[a-zBW]{0,80}") {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn written_puzzles_read_back(puzzle in puzzles()) {
        let id = format_pearl_id(&puzzle);
        let read = parse_pearl_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(format_pearl_id(&read), id);
        prop_assert_eq!(read, puzzle);
    }

    #[test]
    fn mutated_ids_never_panic(puzzle in puzzles(), edits in edits(interesting)) {
        let text = mutate(&format_pearl_id(&puzzle), &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn errors_name_what_is_wrong_and_where() {
    for (id, message) in [
        (
            "6x6:BgWeWaBhWWfBa",
            "description at offset 13: expected B (a black pearl), W (a white pearl) or a letter \
             a-z (a run of cells without one): 1 of 36 cells left, found the end",
        ),
        (
            "6x6:BgWeWaBhWWfBaBa",
            "description at offset 14: expected the end of the description after the 36 cells",
        ),
        (
            "6x6:BgWeWaBhWWfBcB",
            "description at offset 12: expected a run of at most 2 cells (the grid has 36), found \
             'c' (3 cells)",
        ),
        (
            "6x6:BgWeWaBhWXfBaB",
            "description at offset 9: expected B (a black pearl), W (a white pearl) or a letter \
             a-z (a run of cells without one), found 'X'",
        ),
        (
            "6x6dh:BgWeWaBhWWfBaB",
            "parameters at offset 4: expected a difficulty e or t after 'd', found 'h'",
        ),
        (
            "6x6dtq:BgWeWaBhWWfBaB",
            "parameters at offset 5: expected the end of the parameters",
        ),
        (
            "4x6:x",
            "parameters at offset 0: expected the grid width from 5 to 100, found 4",
        ),
        ("6x6BgWeWaBhWWfBaB", "game ID at offset 17: expected ':'"),
    ] {
        let error = parse_pearl_id(id).expect_err(id);
        assert!(error.to_string().starts_with(message), "{id}: {error}");
        assert_eq!(check(id), Ok(()));
    }
}

#[test]
fn his_short_forms_read() {
    // A square size alone, a difficulty and the generator's `n`.
    for id in ["6:BgWeWaBhWWfBaB", "6x6dtn:BgWeWaBhWWfBaB"] {
        let puzzle = parse_pearl_id(id).expect("a valid ID");
        assert_eq!(format_pearl_id(&puzzle), "6x6:BgWeWaBhWWfBaB");
    }
    let blank = Puzzle::new(10, 3 + 2, vec![None; 50]).expect("a puzzle");
    assert_eq!(format_pearl_id(&blank), "10x5:zx");
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
