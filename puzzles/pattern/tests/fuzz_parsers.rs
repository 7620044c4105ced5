//! Fuzzing the Pattern game-ID parser (proptest; cargo-fuzz needs a nightly
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
use sieve_pattern::{Puzzle, format_pattern_id, parse_pattern_id};

fn check(text: &str) -> Result<(), String> {
    match parse_pattern_id(text) {
        Ok(_) => Ok(()),
        Err(error) => error.check_points_into(text),
    }
}

/// The runs of `true` in a line.
fn runs(cells: impl Iterator<Item = bool>) -> Vec<usize> {
    let mut runs = vec![0];
    for filled in cells {
        match (filled, runs.last_mut()) {
            (true, Some(run)) => *run += 1,
            (false, Some(0)) => {}
            (false, _) => runs.push(0),
            (true, None) => unreachable!("never empty"),
        }
    }
    runs.retain(|&run| run > 0);
    runs
}

/// A random puzzle: a random picture of up to 40×40 cells, its runs as
/// clues, and about one cell in eight given.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        1usize..=40,
        1usize..=40,
        proptest::collection::vec(any::<bool>(), 1600),
        proptest::collection::vec(0u8..8, 1600),
    )
        .prop_map(|(width, height, filled, give)| {
            let on = |row: usize, column: usize| filled[row * width + column];
            let columns = (0..width)
                .map(|column| runs((0..height).map(|row| on(row, column))))
                .collect();
            let rows = (0..height)
                .map(|row| runs((0..width).map(|column| on(row, column))))
                .collect();
            let givens = (0..width * height)
                .map(|cell| (give[cell] == 0).then_some(filled[cell]))
                .collect();
            Puzzle::new(columns, rows, givens).expect("a picture's own runs fit")
        })
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            ',', ':', '/', '.', 'x', 'a', 'y', 'z', 'Z', 'A', '0', '1', '9', ' '
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
    fn id_alphabet_never_panics(text in "[0-9]{0,2}(x[0-9]{0,2})?:[0-9./]{0,60}(,[a-zA-Z]{0,30})?") {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn written_puzzles_read_back(puzzle in puzzles()) {
        let id = format_pattern_id(&puzzle);
        let read = parse_pattern_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(format_pattern_id(&read), id);
        prop_assert_eq!(read, puzzle);
    }

    #[test]
    fn mutated_ids_never_panic(puzzle in puzzles(), edits in edits(interesting)) {
        let text = mutate(&format_pattern_id(&puzzle), &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn errors_name_what_is_wrong_and_where() {
    for (id, message) in [
        (
            "3x2:1//2/1.1",
            "description at offset 8: expected '/' between two clues (4 of 5 read, columns first)",
        ),
        (
            "3x2:1//2/1.1/1/2",
            "description at offset 10: expected the end of the description after the 5 clues",
        ),
        (
            "3x2:1//3/1.1/1",
            "description at offset 3: expected a run length of column 3 from 1 to 2, found 3",
        ),
        (
            "3x2:1//2/2.1/1",
            "description at offset 5: expected runs that fit in the 3 cells of row 1, found 2.1 (4 cells with the gaps)",
        ),
        (
            "3x2:1//2/0/1",
            "description at offset 5: expected a run length of row 1 from 1 to 3, found 0",
        ),
        (
            "3x2:1//2/1./1",
            "description at offset 7: expected a run length of row 1 (a number from 1 to 3), found '/'",
        ),
        (
            "3x2:1//2/1.1/1,h",
            "description at offset 11: expected a skip of at most 6 cells (the grid has 6), found 'h' (a skip of 7)",
        ),
        (
            "3x2:1//2/1.1/1,b",
            "description at offset 12: expected a letter a-z or A-Z for the given cells (4 of 6 cells left), found the end",
        ),
        (
            "3x2:1//2/1.1/1,be!",
            "description at offset 13: expected the end of the description after the 5 clues",
        ),
        (
            "3x:1//2/1.1/1",
            "parameters at offset 2: expected the height of the grid (a number from 1 to 255), found the end",
        ),
        (
            "0x2:1//2/1.1/1",
            "parameters at offset 0: expected the width of the grid from 1 to 255, found 0",
        ),
        (
            "3x2dd:1//2/1.1/1",
            "parameters at offset 3: expected the end of the parameters after the grid size (W or WxH), found 'd'",
        ),
    ] {
        let error = parse_pattern_id(id).expect_err(id);
        assert!(error.to_string().starts_with(message), "{id}: {error}");
        assert_eq!(check(id), Ok(()));
    }
}

#[test]
fn the_given_cells_read_as_his_game_reads_them() {
    // 26×1: `z` skips 25 cells, then `A` gives the last one filled.
    let clues = format!("{}/26", "1/".repeat(25));
    let puzzle = parse_pattern_id(&format!("26x1:{clues},zA")).expect("valid");
    assert_eq!(puzzle.givens()[25], Some(true));
    assert!(puzzle.givens()[..25].iter().all(Option::is_none));
    assert_eq!(format_pattern_id(&puzzle), format!("26x1:{clues},zA"));
    // A letter whose skip ends at the end of the grid gives nothing: `Z`
    // and `z` skip 25 alike.
    let clues = format!("{}/25", "1/".repeat(24));
    for ending in ["z", "Z", "ay"] {
        let puzzle = parse_pattern_id(&format!("25x1:{clues},{ending}")).expect(ending);
        assert_eq!(
            puzzle.givens().iter().filter(|g| g.is_some()).count(),
            usize::from(ending == "ay")
        );
    }
    // A square grid may be written with one number.
    let puzzle = parse_pattern_id("2:1/1/1/1").expect("valid");
    assert_eq!((puzzle.width(), puzzle.height()), (2, 2));
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
