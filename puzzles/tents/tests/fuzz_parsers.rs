//! Fuzzing the Tents game-ID parser (proptest; cargo-fuzz needs a nightly
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
use sieve_tents::{Puzzle, Square, format_tents_id, parse_tents_id};

fn check(text: &str) -> Result<(), String> {
    match parse_tents_id(text) {
        Ok(_) => Ok(()),
        Err(error) => error.check_points_into(text),
    }
}

/// A random puzzle: sides 4 to 30 (long runs need `z`), about one tree in
/// five, now and then a marked square, counts anywhere in range.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        4usize..=30,
        4usize..=12,
        proptest::collection::vec(0u8..40, 360),
        proptest::collection::vec(0usize..=30, 42),
    )
        .prop_map(|(width, height, draws, counts)| {
            let squares = (draws.iter().take(width * height))
                .map(|&draw| match draw {
                    0..=7 => Square::Tree,
                    8 => Square::MarkedTent,
                    9 => Square::MarkedGrass,
                    _ => Square::Open,
                })
                .collect();
            let columns = counts[..width].iter().map(|&c| c % (height + 1)).collect();
            let rows = counts[30..30 + height]
                .iter()
                .map(|&c| c % (width + 1))
                .collect();
            Puzzle::new(width, height, squares, columns, rows).expect("a valid puzzle")
        })
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            ',', ':', '_', '!', '-', 'a', 'y', 'z', 'x', 'd', 'e', 't', '0', '1', '9', ' '
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
    fn id_alphabet_never_panics(text in "[0-9]{0,3}(x[0-9]{0,3})?(d[a-z])?:[_a-z!-]{0,40}(,[0-9]{0,2}){0,20}") {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn written_puzzles_read_back(puzzle in puzzles()) {
        let id = format_tents_id(&puzzle);
        let read = parse_tents_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(format_tents_id(&read), id);
        prop_assert_eq!(read, puzzle);
    }

    #[test]
    fn mutated_ids_never_panic(puzzle in puzzles(), edits in edits(interesting)) {
        let text = mutate(&format_tents_id(&puzzle), &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn errors_name_what_is_wrong_and_where() {
    for (id, message) in [
        (
            "4x4:g_d?b,1,0,1,1,1,0,0,2",
            "description at offset 3: expected a letter a-z or '_' (the trees), '!' or '-'",
        ),
        (
            "4x4:g_d,1,0,1,1,1,0,0,2",
            "description at offset 3: expected more of the grid: 14 of its 16 squares read",
        ),
        (
            "4x4:g_dc,1,0,1,1,1,0,0,2",
            "description at offset 3: expected a run of at most 2 open squares",
        ),
        (
            "4x4:g_db_,1,0,1,1,1,0,0,2",
            "description at offset 4: expected ',' before the counts",
        ),
        (
            "4x4:!g_db,1,0,1,1,1,0,0,2",
            "description at offset 0: expected a square of the grid before the mark (no square",
        ),
        (
            "4x4:g_db!,1,0,1,1,1,0,0,2",
            "description at offset 4: expected a square of the grid before the mark (the last tree",
        ),
        (
            "4x4:g_db,1,0,1,1,1,0,0",
            "description at offset 18: expected ',' before the tent count of row 4",
        ),
        (
            "4x4:g_db,1,0,5,1,1,0,0,2",
            "description at offset 9: expected the tent count of column 3 from 0 to 4, found 5",
        ),
        (
            "4x4:g_db,1,0,1,1,1,0,0,2,",
            "description at offset 20: expected the end of the description after the column and row counts",
        ),
        (
            "4x4:g_db,1,,1,1,1,0,0,2",
            "description at offset 7: expected the tent count of column 2 (a number from 0 to 4)",
        ),
        (
            "4x4dq:g_db,1,0,1,1,1,0,0,2",
            "parameters at offset 4: expected a difficulty e or t after 'd', found 'q'",
        ),
        (
            "3x4:g_db,1,0,1,1,1,0,0,2",
            "parameters at offset 0: expected the width of the grid from 4 to 100, found 3",
        ),
        (
            "4x4t:g_db,1,0,1,1,1,0,0,2",
            "parameters at offset 3: expected the end of the parameters after the grid size",
        ),
    ] {
        let error = parse_tents_id(id).expect_err(id);
        assert!(error.to_string().starts_with(message), "{id}: {error}");
        assert_eq!(check(id), Ok(()));
    }
}

#[test]
fn square_sizes_marks_and_long_runs_read_as_his_game_reads_them() {
    // `N` alone is N×N; a difficulty is read and ignored.
    let square = parse_tents_id("4de:g_db,1,0,1,1,1,0,0,2").expect("4×4");
    assert_eq!((square.width(), square.height()), (4, 4));
    // `z` is 25 open squares and no tree; `y` 25 and a tree.
    let long = parse_tents_id(
        "30x4:zybzzp,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,1,0",
    )
    .expect("long runs");
    let trees: Vec<usize> = (long.squares().iter().enumerate())
        .filter(|(_, square)| **square == Square::Tree)
        .map(|(index, _)| index)
        .collect();
    assert_eq!(trees, [50, 53]);
    // A mark replaces the tree of the letter before it.
    let marked = parse_tents_id("4x4:_!a-m,0,0,0,0,0,0,0,0").expect("marks");
    assert_eq!(
        marked.squares()[..3],
        [Square::MarkedTent, Square::Open, Square::MarkedGrass]
    );
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
