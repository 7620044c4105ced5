//! Fuzzing the Galaxies game-ID parser (proptest; cargo-fuzz needs a nightly
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

use sieve_galaxies::{Dot, Puzzle, format_galaxies_id, parse_galaxies_id};

fn check(text: &str) -> Result<(), String> {
    match parse_galaxies_id(text) {
        Ok(_) => Ok(()),
        Err(error) => error.check_points_into(text),
    }
}

/// A random puzzle: sides from 3 to 40, dots dropped at random places and kept
/// when they touch no cell another dot touches.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        3usize..=40,
        3usize..=40,
        proptest::collection::vec(any::<u64>(), 1..200),
    )
        .prop_map(|(width, height, draws)| {
            let mut dots: Vec<Dot> = Vec::new();
            for draw in draws {
                let dot = Dot {
                    y: 1 + (draw % (2 * height as u64 - 1)) as usize,
                    x: 1 + (draw / 97 % (2 * width as u64 - 1)) as usize,
                    black: draw % 5 == 0,
                };
                let mut tried = dots.clone();
                tried.push(dot);
                tried.sort();
                if Puzzle::new(width, height, tried.clone()).is_ok() {
                    dots = tried;
                }
            }
            Puzzle::new(width, height, dots).expect("dots kept only when apart")
        })
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            ':', 'x', 'd', 'n', 'u', '3', 'a', 'y', 'z', 'A', 'Y', 'Z', ' '
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
    fn id_alphabet_never_panics(text in "[0-9]{0,2}(x[0-9]{0,2})?(d[a-z])?:[a-zA-Z]{0,40}") {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn written_puzzles_read_back(puzzle in puzzles()) {
        let id = format_galaxies_id(&puzzle);
        let read = parse_galaxies_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(format_galaxies_id(&read), id);
        prop_assert_eq!(read, puzzle);
    }

    #[test]
    fn mutated_ids_never_panic(puzzle in puzzles(), edits in edits(interesting)) {
        let text = mutate(&format_galaxies_id(&puzzle), &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn errors_name_what_is_wrong_and_where() {
    for (id, message) in [
        (
            "3x3:ch!i",
            "description at offset 2: expected a letter a-y or A-Y (a dot after that many empty places) or z (25 empty places) (2 dots read), found '!'",
        ),
        (
            "3x3:chcq",
            "description at offset 3: expected a dot inside the 25 places of a 3×3 grid",
        ),
        (
            "3x3:cha",
            "description at offset 2: expected a dot that touches no cell another dot touches, found the dot at r2c1 and the dot between r2c1 and r2c2 both touch r2c1",
        ),
        (
            "3x3:",
            "description at offset 0: expected a puzzle, found the puzzle has no dot",
        ),
        (
            "3x3dq:chci",
            "parameters at offset 4: expected a difficulty n or u after 'd', found 'q'",
        ),
        (
            "2x3:chci",
            "parameters at offset 0: expected the width of the grid from 3 to 40, found 2",
        ),
        (
            "3x3u:chci",
            "parameters at offset 3: expected the end of the parameters after the grid size",
        ),
    ] {
        let error = parse_galaxies_id(id).expect_err(id);
        assert!(error.to_string().starts_with(message), "{id}: {error}");
        assert_eq!(check(id), Ok(()));
    }
}

#[test]
fn black_dots_and_long_gaps_read_as_his_game_reads_them() {
    let puzzle = parse_galaxies_id("7x7:zzCb").expect("valid");
    assert_eq!(puzzle.dots().len(), 2);
    assert!(puzzle.dots()[0].black && !puzzle.dots()[1].black);
    assert_eq!(format_galaxies_id(&puzzle), "7x7:zzCb");
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
