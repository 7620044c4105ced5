//! Fuzzing the Keen game-ID parser (proptest; cargo-fuzz needs a nightly
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
use sieve_keen::parse::line_cells;
use sieve_keen::{Cage, Operation, Puzzle, format_keen_id, parse_keen_id};

fn check(text: &str) -> Result<(), String> {
    match parse_keen_id(text) {
        Ok(_) => Ok(()),
        Err(error) => error.check_points_into(text),
    }
}

/// A random puzzle: N in 3..=9, cages made by opening random lines between
/// neighbours, each cage a random clue its size allows.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        3usize..=9,
        any::<bool>(),
        proptest::collection::vec(0u8..4, 144),
        proptest::collection::vec((0u8..4, 1u64..3000), 81),
    )
        .prop_map(|(size, multiplication_only, open, clues)| {
            let cells = size * size;
            let mut parent: Vec<usize> = (0..cells).collect();
            fn root(parent: &mut [usize], mut cell: usize) -> usize {
                while parent[cell] != cell {
                    cell = parent[cell];
                }
                cell
            }
            let lines = 2 * size * (size - 1);
            for (line, &draw) in open.iter().enumerate().take(lines) {
                // About one line in four is open: cages of a few cells.
                if draw == 0 {
                    let (a, b) = line_cells(size, line);
                    let (a, b) = (root(&mut parent, a), root(&mut parent, b));
                    parent[a.max(b)] = a.min(b);
                }
            }
            let mut members: Vec<Vec<usize>> = vec![Vec::new(); cells];
            for cell in 0..cells {
                let first = root(&mut parent, cell);
                members[first].push(cell);
            }
            let cages = (members.into_iter().filter(|cage| !cage.is_empty()))
                .zip(clues)
                .map(|(cells, (kind, target))| {
                    let operation = match (kind, cells.len()) {
                        (1, 2) => Operation::Subtract,
                        (2, 2) => Operation::Divide,
                        (0 | 1, _) => Operation::Add,
                        _ => Operation::Multiply,
                    };
                    Cage {
                        cells,
                        operation,
                        target,
                    }
                })
                .collect();
            Puzzle::new(size, multiplication_only, cages).expect("a valid puzzle")
        })
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            ',', ':', '_', 'a', 's', 'm', 'd', 'y', 'z', '0', '1', '9', ' '
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
    fn id_alphabet_never_panics(text in "[0-9]{0,2}(d[a-z])?m?:[_a-z0-9]{0,60},[asmd0-9]{0,60}") {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn written_puzzles_read_back(puzzle in puzzles()) {
        let id = format_keen_id(&puzzle);
        let read = parse_keen_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(format_keen_id(&read), id);
        prop_assert_eq!(read, puzzle);
    }

    #[test]
    fn mutated_ids_never_panic(puzzle in puzzles(), edits in edits(interesting)) {
        let text = mutate(&format_keen_id(&puzzle), &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn errors_name_what_is_wrong_and_where() {
    for (id, message) in [
        (
            "3:a_a3_a!,s1a6m3m2",
            "description at offset 6: expected a letter a-z or '_' (the cage structure), or ','",
        ),
        (
            "3:a_a3_a,s1a6m3m2",
            "description at offset 6: expected more of the cage structure (12 of its 13 lines read",
        ),
        (
            "3:a_a3_a_b,s1a6m3m2",
            "description at offset 7: expected no more of the cage structure",
        ),
        (
            "3:_999999999999999999999999,a1",
            "description at offset 0: expected no more of the cage structure",
        ),
        (
            "3:a_a3_a_,s1s6m3m2",
            "description at offset 10: expected a clue a or m: the cage at r1c3 has 3 cells",
        ),
        (
            "3:a_a3_a_,s1a6m3m2a1",
            "description at offset 16: expected the end of the description after the clues of the 4 cages",
        ),
        (
            "3:a_a3_a_,s0a6m3m2",
            "description at offset 9: expected the clue's target from 1 to",
        ),
        (
            "3dq:a_a3_a_,s1a6m3m2",
            "parameters at offset 2: expected a difficulty e, n, h, x or u after 'd', found 'q'",
        ),
        (
            "2:a,a1",
            "parameters at offset 0: expected the grid size N from 3 to 9, found 2",
        ),
    ] {
        let error = parse_keen_id(id).expect_err(id);
        assert!(error.to_string().starts_with(message), "{id}: {error}");
        assert_eq!(check(id), Ok(()));
    }
}

#[test]
fn repeat_counts_and_the_long_letters_read_as_his_game_reads_them() {
    // `_12`: twelve walls, `_` the virtual one: nine cages of one cell.
    let puzzle = parse_keen_id("3:_13,a1a2a3a2a3a1a3a1a2").expect("nine givens");
    assert_eq!(puzzle.cages().len(), 9);
    // 4×4: `x` is 24 lines inside a cage and the virtual wall: one cage.
    let puzzle = parse_keen_id("4:x,a40").expect("one cage");
    assert_eq!(puzzle.cages()[0].cells.len(), 16);
    // `y` is 25 lines inside cages and no wall after them; the writer uses
    // it for runs of 25 and more (5×5: 40 lines, all open).
    let puzzle = parse_keen_id("5:yo,a75").expect("one cage");
    assert_eq!(puzzle.cages()[0].cells.len(), 25);
    assert_eq!(format_keen_id(&puzzle), "5:yo,a75");
    // `z` is 26 lines inside cages and a wall: too many for 4×4 (24 lines).
    assert!(parse_keen_id("4:z,a40").is_err());
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
