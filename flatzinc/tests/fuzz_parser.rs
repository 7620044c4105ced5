//! Fuzzing the FlatZinc reader and its translation (proptest; cargo-fuzz needs
//! a nightly toolchain).
//!
//! The property: any text either reads, or fails with a syntax error whose
//! line and column lie inside the text; a text that reads either translates or
//! fails with an error naming a line of the text. Never a panic. Inputs are
//! arbitrary strings, strings over FlatZinc's own alphabet, and near-valid
//! mutations of the committed test models. Every file in
//! `tests/regressions/` runs through the same property as an ordinary test.

#[path = "../../test-support/fuzz_text.rs"]
mod fuzz_text;

use fuzz_text::{edits, mutate};
use proptest::prelude::*;
use sieve_flatzinc::{Error, parse, translate};

fn check(text: &str) -> Result<(), String> {
    let lines = text.split('\n').count();
    let parsed = match parse(text) {
        Ok(parsed) => parsed,
        Err(Error::Syntax { position, .. }) => {
            let line = text.split('\n').nth(position.line - 1);
            let width = line.map_or(0, |line| line.chars().count());
            return if position.line <= lines && position.column >= 1 && position.column <= width + 1
            {
                Ok(())
            } else {
                Err(format!(
                    "the error's position {position} lies outside the text"
                ))
            };
        }
        Err(other) => return Err(format!("reading gave a non-syntax error: {other}")),
    };
    match translate(&parsed) {
        Ok(_) => Ok(()),
        Err(error) if (1..=lines).contains(&error.line()) => Ok(()),
        Err(error) => Err(format!("`{error}` names no line of the text")),
    }
}

fn characters() -> impl Strategy<Value = char> {
    prop::sample::select(
        "abcintvarbool_0123456789-.,;:=[](){}%\"\n :: .. x"
            .chars()
            .collect::<Vec<_>>(),
    )
}

fn models() -> Vec<String> {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/models");
    let mut texts: Vec<String> = std::fs::read_dir(folder)
        .expect("the models")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.to_string_lossy().ends_with(".fzn"))
        .filter(|path| !path.to_string_lossy().ends_with(".gecode.fzn"))
        .map(|path| std::fs::read_to_string(path).expect("a model"))
        .collect();
    texts.sort();
    texts
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in ".{0,200}") {
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn flatzinc_alphabet_never_panics(text in proptest::collection::vec(characters(), 0..120)) {
        let text: String = text.into_iter().collect();
        prop_assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn near_valid_models_never_panic(which in 0usize..64, edits in edits(characters)) {
        let texts = models();
        let text = mutate(&texts[which % texts.len()], &edits);
        prop_assert_eq!(check(&text), Ok(()));
    }
}

#[test]
fn the_committed_models_read_and_translate() {
    for text in models() {
        let parsed = parse(&text).expect("a committed model reads");
        translate(&parsed).expect("a committed model translates");
    }
}

#[test]
fn regressions() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check);
}
