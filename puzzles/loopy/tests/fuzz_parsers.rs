//! Fuzzing the Loopy game-ID parser (proptest; cargo-fuzz needs a nightly
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
use sieve_loopy::{Puzzle, format_loopy_id, parse_loopy_id};

fn check(text: &str) -> Result<(), String> {
    let Err(error) = parse_loopy_id(text) else {
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

/// A random puzzle: sides 3 to 12, about a third of the squares clued 0-4.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        3usize..=12,
        3usize..=12,
        proptest::collection::vec(0u8..15, 144),
    )
        .prop_map(|(width, height, draws)| {
            let clues = (draws.into_iter().take(width * height))
                .map(|draw| (draw < 5).then_some(draw))
                .collect();
            Puzzle::new(width, height, clues).expect("a valid puzzle")
        })
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            ':', 'x', 't', 'd', 'a', 'z', '0', '4', '5', 'A', '_', ' '
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
    fn id_alphabet_never_panics(text in "[0-9]{0,3}(x[0-9]{0,3})?(t[0-9])?(d[a-z])?:[0-9a-zA-Z_]{0,80}") {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn written_puzzles_read_back(puzzle in puzzles()) {
        let id = format_loopy_id(&puzzle);
        let read = parse_loopy_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(format_loopy_id(&read), id);
        prop_assert_eq!(read, puzzle);
    }

    #[test]
    fn mutated_ids_never_panic(puzzle in puzzles(), edits in edits(interesting)) {
        let text = mutate(&format_loopy_id(&puzzle), &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn errors_name_what_is_wrong_and_where() {
    for (id, message) in [
        (
            "3x3t0:c2a20a",
            "description at offset 6: expected a clue 0-4 or a letter a-z (a run of squares \
             without one): 1 of 9 squares left, found the end",
        ),
        (
            "3x3t0:c2a20a3b",
            "description at offset 7: expected the end of the description after the 9 squares",
        ),
        (
            "3x3t0:c2a50a3",
            "description at offset 3: expected a clue 0 to 4 (a square has four sides), found '5'",
        ),
        (
            "3x3t0:c2a20c",
            "description at offset 5: expected a run of at most 2 squares (the grid has 9), \
             found 'c' (3 squares)",
        ),
        (
            "3x3t0:c2a2a0b",
            "description at offset 6: expected a run of at most 1 square (the grid has 9)",
        ),
        (
            "3x3t0:c2a2!a3",
            "description at offset 4: expected a clue 0-4 or a letter a-z",
        ),
        (
            "3x3t0:0_c2a20a3",
            "description at offset 1: expected a clue 0-4 or a letter a-z (the square grid has \
             no grid description before '_')",
        ),
        (
            "3x3t1:c2a20a3",
            "parameters at offset 4: expected grid type 0 after 't' (Sieve reads only Loopy's \
             square grid), found 1",
        ),
        (
            "3x3t0dq:c2a20a3",
            "parameters at offset 6: expected a difficulty e, n, t or h after 'd', found 'q'",
        ),
        (
            "2x3t0:f",
            "parameters at offset 0: expected the grid width from 3 to 100, found 2",
        ),
        (
            "3x101:f",
            "parameters at offset 2: expected the grid height after 'x' from 3 to 100, found 101",
        ),
        ("3x3t0c2a20a3", "game ID at offset 12: expected ':'"),
    ] {
        let error = parse_loopy_id(id).expect_err(id);
        assert!(error.to_string().starts_with(message), "{id}: {error}");
        assert_eq!(check(id), Ok(()));
    }
}

#[test]
fn his_short_forms_read() {
    // A square size alone, no grid type, no difficulty.
    let puzzle = parse_loopy_id("3:c2a20a3").expect("a valid ID");
    assert_eq!((puzzle.width(), puzzle.height()), (3, 3));
    assert_eq!(format_loopy_id(&puzzle), "3x3t0:c2a20a3");
    // Runs longer than 26 squares are written as several letters.
    let blank = Puzzle::new(10, 3, vec![None; 30]).expect("a puzzle");
    assert_eq!(format_loopy_id(&blank), "10x3t0:zd");
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
