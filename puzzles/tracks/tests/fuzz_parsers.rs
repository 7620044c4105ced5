//! Fuzzing the Tracks game-ID parser (proptest; cargo-fuzz needs a nightly
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
use sieve_tracks::{Puzzle, format_tracks_id, parse_tracks_id};

fn check(text: &str) -> Result<(), String> {
    let Err(error) = parse_tracks_id(text) else {
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

/// The six pieces of track, as masks.
const PIECES: [u8; 6] = [3, 5, 6, 9, 10, 12];

/// A random puzzle: sides 4 to 12, about one cell in eight a given piece,
/// counts within their lines, random ends.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        (4usize..=12, 4usize..=12),
        proptest::collection::vec(0u8..48, 144),
        proptest::collection::vec(0usize..=12, 24),
        (0usize..12, 0usize..12),
    )
        .prop_map(|((width, height), draws, counts, (entrance, exit))| {
            let pieces = (draws.into_iter().take(width * height))
                .map(|draw| PIECES.get(usize::from(draw)).copied())
                .collect();
            let columns = counts[..width]
                .iter()
                .map(|&count| count % (height + 1))
                .collect();
            let rows = counts[12..12 + height]
                .iter()
                .map(|&count| count % (width + 1))
                .collect();
            let ends = (entrance % height, exit % width);
            Puzzle::new((width, height), pieces, (columns, rows), ends).expect("a valid puzzle")
        })
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            ':', 'x', 'd', 'e', 't', 'h', 'o', 'a', 'z', 'S', ',', '0', '5', '7', 'C', 'F', ' '
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
    fn id_alphabet_never_panics(text in "[0-9]{0,3}(x[0-9]{0,3})?(d[a-z])?o?:[a-z0-9A-F]{0,40}(,S?[0-9]{0,2}){0,20}") {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn written_puzzles_read_back(puzzle in puzzles()) {
        let id = format_tracks_id(&puzzle);
        let read = parse_tracks_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(format_tracks_id(&read), id);
        prop_assert_eq!(read, puzzle);
    }

    #[test]
    fn mutated_ids_never_panic(puzzle in puzzles(), edits in edits(interesting)) {
        let text = mutate(&format_tracks_id(&puzzle), &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn errors_name_what_is_wrong_and_where() {
    for (id, message) in [
        (
            "4x4:Cm7a,3,1,S3,3,S1,3,4,2",
            "description at offset 2: expected a piece of exactly two directions (3, 5, 6, 9, A \
             or C), found '7'",
        ),
        (
            "4x4:Cm9G,3,1,S3,3,S1,3,4,2",
            "description at offset 3: expected a piece 1-9 or A-F",
        ),
        (
            "4x4:Cp9a,3,1,S3,3,S1,3,4,2",
            "description at offset 1: expected a run of at most 15 cells",
        ),
        (
            "4x4:Cm9,3,1,S3,3,S1,3,4,2",
            "description at offset 3: expected a piece 1-9 or A-F",
        ),
        (
            "4x4:Cm9a,3,1,S3,3,S1,3,4",
            "description at offset 20: expected ',' before the count of row 4",
        ),
        (
            "4x4:Cm9a,3,1,S3,3,S1,3,4,2,",
            "description at offset 22: expected the end of the description after the column \
             and row counts",
        ),
        (
            "4x4:Cm9a,3,1,S3,S3,S1,3,4,2",
            "description at offset 12: expected the count of column 4 (only one column has an \
             S), found 'S'",
        ),
        (
            "4x4:Cm9a,3,1,3,3,S1,3,4,2",
            "description at offset 12: expected an S before one column's count",
        ),
        (
            "4x4:Cm9a,3,1,S3,3,1,3,4,2",
            "description at offset 21: expected an S before one row's count",
        ),
        (
            "4x4:Cm9a,3,1,S5,3,S1,3,4,2",
            "description at offset 10: expected the count of column 3 from 0 to 4, found 5",
        ),
        (
            "4x4dq:Cm9a,3,1,S3,3,S1,3,4,2",
            "parameters at offset 4: expected a difficulty e, t or h after 'd', found 'q'",
        ),
        (
            "3x4:Cm9a,3,1,S3,3,S1,3,4,2",
            "parameters at offset 0: expected the grid width from 4 to 100, found 3",
        ),
    ] {
        let error = parse_tracks_id(id).expect_err(id);
        assert!(error.to_string().starts_with(message), "{id}: {error}");
        assert_eq!(check(id), Ok(()));
    }
}

#[test]
fn his_short_forms_and_a_zero_read() {
    // A square size alone, a difficulty and the generator's `o`; `0` is a cell
    // without a piece, written back as a run.
    for id in ["4:Cm9a,3,1,S3,3,S1,3,4,2", "4x4dho:C0l9a,3,1,S3,3,S1,3,4,2"] {
        let puzzle = parse_tracks_id(id).expect("a valid ID");
        assert_eq!(format_tracks_id(&puzzle), "4x4:Cm9a,3,1,S3,3,S1,3,4,2");
    }
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
