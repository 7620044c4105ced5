//! Fuzzing the Map game-ID parser (proptest; cargo-fuzz needs a nightly
//! toolchain).
//!
//! The property: any text either reads, or fails with an error whose offset
//! lies inside the part of the ID it names, whose message names it, and
//! which, when it quotes one character, quotes the one that stands there.
//! Never a panic. Inputs are arbitrary strings, strings over the ID's own
//! alphabet, and near-valid mutations of random maps written as IDs;
//! written maps also read back to the same puzzle and the same ID.
//!
//! CI runs the default 256 cases per property; the long run sets
//! `PROPTEST_CASES`. Every file in `tests/regressions/` runs through the same
//! property as an ordinary test.

#[path = "../../../test-support/fuzz_text.rs"]
mod fuzz_text;

use fuzz_text::{edits, mutate};
use proptest::prelude::*;
use sieve_map::parse::{line_cells, line_count};
use sieve_map::{Puzzle, format_map_id, parse_map_id};

fn check(text: &str) -> Result<(), String> {
    match parse_map_id(text) {
        Ok(_) => Ok(()),
        Err(error) => error.check_points_into(text),
    }
}

/// A random map: 2..=12 by 2..=12 cells, regions made by opening random
/// lines between neighbours (long runs of one kind included), a third of
/// the regions given a colour.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        2usize..=12,
        2usize..=12,
        0u8..4,
        proptest::collection::vec(0u8..8, 264),
        proptest::collection::vec(0u8..12, 144),
    )
        .prop_map(|(width, height, openness, lines, colours)| {
            let cells = width * height;
            let mut parent: Vec<usize> = (0..cells).collect();
            fn root(parent: &mut [usize], mut cell: usize) -> usize {
                while parent[cell] != cell {
                    cell = parent[cell];
                }
                cell
            }
            for (line, &draw) in lines.iter().enumerate().take(line_count(width, height)) {
                if draw < 2 * openness {
                    let (a, b) = line_cells(width, height, line);
                    let (a, b) = (root(&mut parent, a), root(&mut parent, b));
                    parent[a.max(b)] = a.min(b);
                }
            }
            let mut number = vec![usize::MAX; cells];
            let mut regions = 0;
            let region_of: Vec<usize> = (0..cells)
                .map(|cell| {
                    let first = root(&mut parent, cell);
                    if number[first] == usize::MAX {
                        number[first] = regions;
                        regions += 1;
                    }
                    number[first]
                })
                .collect();
            let givens = colours[..regions]
                .iter()
                .map(|&draw| (draw < 4).then_some(draw))
                .collect();
            Puzzle::new(width, height, region_of, givens).expect("a valid puzzle")
        })
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            ':', ',', 'x', 'n', 'd', 'a', 'y', 'z', '0', '3', '4', '9', ' '
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
        text in "[0-9]{0,2}(x[0-9]{0,2})?(n[0-9]{0,3})?(d[a-z])?:[a-z]{0,40},[a-z0-9]{0,20}"
    ) {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn written_puzzles_read_back(puzzle in puzzles()) {
        let id = format_map_id(&puzzle);
        let read = parse_map_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(format_map_id(&read), id);
        prop_assert_eq!(read, puzzle);
    }

    #[test]
    fn mutated_ids_never_panic(puzzle in puzzles(), edits in edits(interesting)) {
        let text = mutate(&format_map_id(&puzzle), &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn errors_name_what_is_wrong_and_where() {
    for (id, message) in [
        (
            "3x2n5:bf!,0d",
            "description at offset 2: expected a letter a-z (the edge list), or ',' before the colours, found '!'",
        ),
        (
            "3x2n5:be,0d",
            "description at offset 2: expected more of the edge list (6 of its 7 lines read), found ','",
        ),
        (
            "3x2n5:bfa,0d",
            "description at offset 2: expected no more of the edge list: its 7 lines between cells are all read, found 'a'",
        ),
        (
            "3x2n4:bf,0d",
            "description at offset 2: expected an edge list of 4 regions, as the parameters say, found one of 5",
        ),
        (
            "3x2n5:bf0d",
            "description at offset 2: expected a letter a-z (the edge list), or ',' before the colours, found '0'",
        ),
        (
            "3x2n5:bf,4d",
            "description at offset 3: expected a colour 0-3 or a letter a-z (a run of blanks) (5 of 5 left), found '4'",
        ),
        (
            "3x2n5:bf,0c",
            "description at offset 5: expected a colour 0-3 or a letter a-z (a run of blanks) (1 of 5 left), found the end",
        ),
        (
            "3x2n5:bf,0e",
            "description at offset 4: expected a run of at most 4 blanks (there are 5 in all), found 'e' (5 blanks)",
        ),
        (
            "3x2n5:bf,0d1",
            "description at offset 5: expected the end of the description after the colours of the 5 regions, found '1'",
        ),
        (
            "3x2n7:bf,0d",
            "parameters at offset 4: expected the number of regions from 1 to 6, found 7",
        ),
        (
            "3x2n5dx:bf,0d",
            "parameters at offset 6: expected a difficulty e, n, h or u after 'd', found 'x'",
        ),
        (
            "3x2m5:bf,0d",
            "parameters at offset 3: expected the end of the parameters after the grid size",
        ),
    ] {
        let error = parse_map_id(id).expect_err(id);
        assert!(error.to_string().starts_with(message), "{id}: {error}");
        assert_eq!(check(id), Ok(()));
    }
}

#[test]
fn long_runs_and_the_default_region_count_read_as_his_game_reads_them() {
    // 8×8: 112 lines, all inside one region: `z` four times is 100 lines
    // (the notional one among them) without switching, then `m` 13 more.
    // Without `n` the parameters mean 64 / 8 = 8 regions, so `n1` is needed.
    let id = "8x8n1:zzzzm,a";
    let puzzle = parse_map_id(id).expect("one region");
    assert_eq!(puzzle.regions(), 1);
    assert_eq!(format_map_id(&puzzle), id);
    let error = parse_map_id("8x8:zzzzm,a").expect_err("8 regions by default");
    assert!(
        error.to_string().contains("an edge list of 8 regions"),
        "{error}"
    );
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
