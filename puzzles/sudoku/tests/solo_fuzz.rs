//! Fuzzing the Solo game-ID parser (proptest; cargo-fuzz needs a nightly
//! toolchain).
//!
//! The property: any text either reads, or fails with an error whose offset
//! lies inside the part of the ID it names and whose message names it.
//! Never a panic. Inputs are arbitrary strings, strings over the ID's own
//! alphabet, and near-valid mutations of Tatham's IDs in every variant
//! (tests/tatham/solo_ids.txt) with random givens; those puzzles, written as
//! IDs, also read back the same.
//!
//! CI runs the default 256 cases per property; the long run sets
//! `PROPTEST_CASES`. Every file in `tests/regressions/` runs through the same
//! property as an ordinary test.

#[path = "../../../test-support/fuzz_text.rs"]
mod fuzz_text;

use fuzz_text::{edits, mutate};
use proptest::prelude::*;
use sieve_sudoku::solo::{SoloPuzzle, format_solo_id, parse_solo_id};

fn check(text: &str) -> Result<(), String> {
    match parse_solo_id(text) {
        Ok(_) => Ok(()),
        Err(error) => error.check_points_into(text),
    }
}

/// Tatham's IDs, read.
fn tatham_puzzles() -> Vec<SoloPuzzle> {
    let path = format!("{}/tests/tatham/solo_ids.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{path}: {error}"))
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|id| parse_solo_id(id).unwrap_or_else(|error| panic!("{id}: {error}")))
        .collect()
}

/// One of Tatham's puzzles (any variant and size) with random givens.
fn puzzles() -> impl Strategy<Value = SoloPuzzle> {
    let all = tatham_puzzles();
    (0..all.len(), proptest::collection::vec(0u8..=40, 256)).prop_map(move |(index, values)| {
        let puzzle = all[index].clone();
        let size = puzzle.size();
        let givens = values[..size * size]
            .iter()
            .map(|&value| (value >= 1 && usize::from(value) <= size).then_some(value))
            .collect();
        puzzle.with_givens(givens).expect("givens in range")
    })
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            ',', ':', '_', 'a', 'y', 'z', '0', '1', '9', 'x', 'j', 'k', 'd', 'u', 'r', 'm', ' '
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
    fn id_alphabet_never_panics(
        text in "[0-9]{0,2}(x[0-9]{0,2})?[jxkdtbiaeurm0-9]{0,4}:[0-9a-z_,]{0,120}"
    ) {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn small_jigsaws_and_killers_never_panic(
        text in "(2j|3j|4j|2x2k|2x2jk|4jx|2x2xk):[a-p_1-4]{0,6}(,[a-z_]{0,30}){0,2}(,[a-z_0-9]{0,20})?"
    ) {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn written_puzzles_read_back(puzzle in puzzles()) {
        let id = format_solo_id(&puzzle);
        let read = parse_solo_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(format_solo_id(&read), id);
        prop_assert_eq!(read, puzzle);
    }

    #[test]
    fn mutated_ids_never_panic(puzzle in puzzles(), edits in edits(interesting)) {
        let text = mutate(&format_solo_id(&puzzle), &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn errors_name_what_is_wrong_and_where() {
    for (id, message) in [
        (
            "2x2:5o",
            "description at offset 0: expected a given from 1 to 4, found 5",
        ),
        (
            "2x2:p,",
            "description at offset 1: expected the end of the description after the 16 cells",
        ),
        (
            "2j:d,aa_",
            "description at offset 2: expected a block structure of 2 blocks of 2 cells, found a block of 3 cells at r1c1",
        ),
        (
            "2j:d",
            "description at offset 1: expected ',' then the jigsaw's block structure",
        ),
        (
            "2j:d,a!",
            "description at offset 3: expected a letter a-z or '_' in the jigsaw's block structure",
        ),
        (
            "2j:d,aaa",
            "description at offset 4: expected ',' or the end after the jigsaw's block structure",
        ),
        (
            "2j:d,a",
            "description at offset 3: expected more of the jigsaw's block structure",
        ),
        (
            "2x2k:p,_________________________",
            "description at offset 2: expected killer cages of 2 to 4 cells, found a cage of 1 cell at r1c1",
        ),
        (
            "4x4k:p",
            "parameters at offset 0: expected a killer grid of at most 9 values",
        ),
        (
            "2x1x:d,a_a_",
            "parameters at offset 0: expected an X grid of at least 4 values",
        ),
        (
            "8x4:a",
            "parameters at offset 0: expected a grid of at most 31 values",
        ),
        (
            "1:a",
            "parameters at offset 0: expected the rows of a box from 2 to 31, found 1",
        ),
        (
            "3x:a",
            "parameters at offset 2: expected the columns of a box after 'x'",
        ),
        ("3x3q:a", "parameters at offset 3: expected j (jigsaw)"),
        ("3x3d:a", "parameters at offset 4: expected a difficulty"),
    ] {
        let error = parse_solo_id(id).expect_err(id);
        assert!(error.to_string().starts_with(message), "{id}: {error}");
    }
}

#[test]
fn the_variants_read_from_their_params() {
    // 3 is 3x3; 3x3j and 9x1 are jigsaws of side 9, like 9j; the suffixes
    // come in any order, with a difficulty and a symmetry ignored.
    let blank = "zzzc";
    let plain = parse_solo_id(&format!("3:{blank}")).expect("3x3");
    assert_eq!(plain.box_shape(), Some((3, 3)));
    assert!(plain.is_plain());
    let wide = parse_solo_id("2x3dur4:zj").expect("2x3");
    assert_eq!(wide.box_shape(), Some((2, 3)));
    // 2 rows by 3 columns: cells r1c1..r1c3 and r2c1..r2c3 share block 0.
    assert_eq!(&wide.blocks()[..6], &[0, 0, 0, 1, 1, 1]);
    assert_eq!(wide.blocks()[6], 0);
    // On a 2×2 grid the inner edges are r1c1|r1c2, r2c1|r2c2, then r1c1|r2c1,
    // r1c2|r2c2: the rows as blocks join the first two ("b"), then two
    // separators and the final one ("__").
    let two = parse_solo_id("2j:d,b__").expect("two rows as blocks");
    assert!(two.is_jigsaw());
    assert_eq!(two.blocks(), &[0, 0, 1, 1]);
    assert_eq!(format_solo_id(&two), "2j:d,b__");
    let error = parse_solo_id("1x2j:d,b__").expect_err("a box needs two rows");
    assert!(
        error.to_string().starts_with("parameters at offset 0"),
        "{error}"
    );
    assert_eq!(parse_solo_id("2x1:d,b__"), Ok(two.clone()));
    let error = parse_solo_id("2jkxmd2:d,b__,__b,3c").expect_err("X needs N >= 4");
    assert!(error.to_string().contains("X grid"), "{error}");
    let killer = parse_solo_id("2jk:d,b__,__b,3c").expect("two columns as cages");
    assert_eq!(killer.cages().len(), 2);
    assert_eq!(killer.cages()[0].cells, vec![0, 2]);
    assert_eq!(killer.cages()[0].sum, Some(3));
    assert_eq!(killer.cages()[1].sum, None);
    let error = parse_solo_id("2jk:d,b__,__b,3a4a").expect_err("two sums in a cage");
    assert!(
        error
            .to_string()
            .starts_with("description at offset 12: expected one sum a cage"),
        "{error}"
    );
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
