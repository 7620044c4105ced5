//! Shared by the puzzle crates' `tests/fuzz_parsers.rs` (included with `#[path]`):
//! near-valid mutations of a valid text, and the regression corpus runner.

use std::fs;
use std::path::Path;

use proptest::prelude::*;

/// One edit of a text: replace, insert or delete a character.
#[derive(Debug, Clone)]
pub enum Edit {
    /// Replace the character at a position (taken modulo the length).
    Replace(usize, char),
    /// Insert a character before a position.
    Insert(usize, char),
    /// Delete the character at a position.
    Delete(usize),
}

/// Up to five edits drawing characters from `characters` (a crate's interesting ones).
pub fn edits<S: Strategy<Value = char> + 'static>(
    characters: fn() -> S,
) -> impl Strategy<Value = Vec<Edit>> {
    let edit = prop_oneof![
        (any::<usize>(), characters()).prop_map(|(at, c)| Edit::Replace(at, c)),
        (any::<usize>(), characters()).prop_map(|(at, c)| Edit::Insert(at, c)),
        any::<usize>().prop_map(Edit::Delete),
    ];
    proptest::collection::vec(edit, 0..6)
}

/// Applies the edits, positions taken modulo the current length.
pub fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut characters: Vec<char> = text.chars().collect();
    for edit in edits {
        let length = characters.len();
        match *edit {
            Edit::Replace(at, c) if length > 0 => characters[at % length] = c,
            Edit::Insert(at, c) => characters.insert(at % (length + 1), c),
            Edit::Delete(at) if length > 0 => {
                characters.remove(at % length);
            }
            _ => {}
        }
    }
    characters.into_iter().collect()
}

/// Runs `check` on every file of `<manifest_dir>/tests/regressions`, panicking with the
/// file's name on the first failure; the corpus must not be empty.
pub fn check_regressions(manifest_dir: &str, check: impl Fn(&str) -> Result<(), String>) {
    let folder = Path::new(manifest_dir).join("tests/regressions");
    let mut checked = 0;
    for entry in fs::read_dir(&folder).expect("the regressions folder exists") {
        let path = entry.expect("a readable entry").path();
        let bytes = fs::read(&path).expect("a readable corpus file");
        let text = String::from_utf8_lossy(&bytes);
        if let Err(failure) = check(&text) {
            panic!("{}: {failure}", path.display());
        }
        checked += 1;
    }
    assert!(checked > 0, "the corpus in {} is empty", folder.display());
}
