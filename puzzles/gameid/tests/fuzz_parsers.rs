//! Fuzzing the shared game-ID readers (proptest; cargo-fuzz needs a nightly
//! toolchain).
//!
//! The property: any text either reads, or fails with an error whose offset
//! lies inside the part it names (at most its length, the end counting) and
//! whose message names that offset. Never a panic. Inputs are arbitrary
//! strings and near-valid mutations of IDs in the shape of Tatham's towers
//! and unequal IDs, read the way a puzzle crate reads them: the size and
//! difficulty, a clue list, then run lengths.
//!
//! CI runs proptest's default 256 cases per property; the long run sets
//! `PROPTEST_CASES`. Every file in `tests/regressions/` runs through the same
//! property as an ordinary test.

#[path = "../../../test-support/fuzz_text.rs"]
mod fuzz_text;

use fuzz_text::{edits, mutate};
use proptest::prelude::*;
use sieve_gameid::{GameId, GameIdError, Part, clue_list, run_length_grid, size_param};

/// Reads `text` as a towers-shaped ID: size, clue list, optional run-length grid.
fn read(text: &str) -> Result<(), GameIdError> {
    let id = GameId::parse(text)?;
    let mut params = id.params_reader();
    let size = size_param(&mut params, 1..=9, "the grid size")?;
    params.difficulty();
    params.finish("the grid size")?;
    let mut description = id.description_reader();
    let top = size as u64;
    clue_list(&mut description, 4 * size, '/', 1..=top, "a clue")?;
    if description.eat(',') {
        run_length_grid(&mut description, size * size, 1..=top, "a digit")?;
    }
    description.finish("the clues and the grid")
}

/// The length of the part an error names.
fn part_length(text: &str, part: Part) -> usize {
    let trimmed = text.trim();
    match (part, trimmed.split_once(':')) {
        (Part::Id, _) | (_, None) => trimmed.chars().count(),
        (Part::Params, Some((params, _))) => params.chars().count(),
        (Part::Description, Some((_, description))) => description.chars().count(),
    }
}

fn check(text: &str) -> Result<(), String> {
    match read(text) {
        Ok(()) => Ok(()),
        Err(error) => {
            let message = error.to_string();
            if error.offset > part_length(text, error.part) {
                return Err(format!("{text:?}: offset past the end: {message}"));
            }
            if !message.contains(&format!("{} at offset {}", error.part, error.offset)) {
                return Err(format!(
                    "{text:?}: the message does not name the offset: {message}"
                ));
            }
            Ok(())
        }
    }
}

fn interesting() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec!['/', ',', ':', '_', 'd', 'a', 'z', '0', '9', ' ', 'é']),
        proptest::char::any(),
    ]
}

const VALID: &[&str] = &[
    "5:/3////2/////3//1//3/2////,r1b1c",
    "5:2/////2/2///2//2//////4//3",
    "3dh:1/2//2//1/3//2/1//,a2g",
    "9:2/3/2/3/3/3/1/3/4/2/3/3/3/2/3/1/4/3/2/3/2/4/3/2/3/1/3/2/2/3/1/3/3/3/2/4",
];

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn id_shaped_text_never_panics(text in "[0-9]{0,2}(d[a-z])?:[0-9/,a-z_]{0,60}") {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn mutated_ids_never_panic(which in 0..VALID.len(), edits in edits(interesting)) {
        let text = mutate(VALID[which], &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn the_valid_ids_read() {
    for id in VALID {
        assert_eq!(read(id), Ok(()), "{id}");
    }
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
