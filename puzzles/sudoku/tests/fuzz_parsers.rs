//! Fuzzing the grid and shape parsers (proptest; cargo-fuzz needs a nightly toolchain).
//!
//! The property: any text either parses, or fails with an error that names the
//! line and column of the offending character (and that character really stands
//! there), or with a whole-text error (empty, a cell count that fits no grid).
//! Never a panic. Inputs are arbitrary strings and near-valid mutations of
//! valid grids written in the line, block and numbers forms, in several shapes
//! (including the big-symbol 16x16 and 25x25 forms).
//!
//! CI runs proptest's default 256 cases per property; the long run sets
//! `PROPTEST_CASES` (see docs/robustness.md). Every file in
//! `tests/regressions/` is an input that once crashed or stresses an edge, and
//! runs through the same property as an ordinary test.

#[path = "../../../test-support/fuzz_text.rs"]
mod fuzz_text;

use fuzz_text::{Edit, mutate};
use proptest::prelude::*;
use sieve_sudoku::parse::{parse, parse_with_shape};
use sieve_sudoku::write::{write_block, write_line, write_numbers};
use sieve_sudoku::{Grid, ParseError, Shape};

/// The character at a 1-based line and column, counted as the parser counts them.
fn character_at(text: &str, line: usize, column: usize) -> Option<char> {
    text.lines()
        .nth(line.checked_sub(1)?)?
        .chars()
        .nth(column.checked_sub(1)?)
}

/// Checks the property for one text and, when given, one forced shape.
fn check_text(text: &str, shape: Option<Shape>) -> Result<(), String> {
    let result = match shape {
        Some(shape) => parse_with_shape(text, shape),
        None => parse(text),
    };
    let error = match result {
        Ok(parsed) => {
            let grid = parsed.grid;
            let size = grid.size();
            return if grid.cells().len() == size * size
                && grid
                    .cells()
                    .iter()
                    .flatten()
                    .all(|&value| usize::from(value) < size)
            {
                Ok(())
            } else {
                Err(format!(
                    "{text:?}: parsed grid holds values outside 0..{size} (0-based)"
                ))
            };
        }
        Err(error) => error,
    };
    let message = error.to_string();
    let (line, column, character) = match error {
        ParseError::InvalidCharacter {
            line,
            column,
            character,
        }
        | ParseError::SymbolOutOfRange {
            line,
            column,
            character,
            ..
        } => (line, column, Some(character)),
        ParseError::NumberOutOfRange { line, column, .. } => (line, column, None),
        ParseError::Empty
        | ParseError::NotSquare { .. }
        | ParseError::WrongCount { .. }
        | ParseError::Shape { .. } => return Ok(()),
    };
    if !message.contains(&format!("line {line}, column {column}")) {
        return Err(format!(
            "{text:?}: message {message:?} does not name its position"
        ));
    }
    let found = character_at(text, line, column);
    let expected_digit = found.is_some_and(|c| c.is_ascii_digit());
    match character {
        Some(character) if found == Some(character) => Ok(()),
        None if expected_digit => Ok(()),
        _ => Err(format!(
            "{text:?}: error at line {line}, column {column} but {found:?} stands there ({message})"
        )),
    }
}

/// The shapes the structured inputs are drawn in.
fn shapes() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just((2, 2)),
        Just((2, 3)),
        Just((3, 2)),
        Just((3, 3)),
        Just((3, 4)),
        Just((4, 4)),
        Just((5, 5)),
    ]
    .prop_map(|(rows, cols)| Shape::new(rows, cols).expect("a valid test shape"))
}

/// A grid of the shape with random (possibly clashing) 0-based givens and blanks.
fn grids() -> impl Strategy<Value = Grid> {
    shapes().prop_flat_map(|shape| {
        let size = shape.size();
        proptest::collection::vec(proptest::option::of(0..size as u8), size * size)
            .prop_map(move |cells| Grid::from_cells(shape, cells).expect("values in range"))
    })
}

/// Characters that matter to the parser, plus some that do not.
fn interesting_characters() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            '.', '0', '1', '9', 'A', 'G', 'P', 'Z', 'a', 'z', '|', '-', '+', ' ', '\t', '\n', '\r',
            '#', 'é', '\u{0}', '\u{feff}', '١',
        ]),
        any::<char>(),
    ]
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    fuzz_text::edits(interesting_characters)
}

/// The grid written in one of the three forms.
fn written(grid: &Grid, form: u8) -> String {
    match form {
        0 => write_line(grid).expect("sides up to 25 have symbols"),
        1 => write_block(grid).expect("sides up to 25 have symbols"),
        _ => write_numbers(grid),
    }
}

proptest! {
    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        check_text(&text, None).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn parser_alphabet_strings_never_panic(text in "[.0-9A-Za-z|+ \\t\\n-]{0,100}") {
        check_text(&text, None).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn written_grids_read_back(grid in grids(), form in 0u8..3) {
        let text = written(&grid, form);
        let parsed = parse_with_shape(&text, grid.shape()).map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
        prop_assert_eq!(parsed.grid, grid);
    }

    #[test]
    fn mutated_grids_never_panic(grid in grids(), form in 0u8..3, edits in edits(), forced in any::<bool>()) {
        let text = mutate(&written(&grid, form), &edits);
        let shape = forced.then(|| grid.shape());
        check_text(&text, shape).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn shapes_parse_or_fail_cleanly(text in "[0-9xX* ]{0,8}|\\PC{0,8}") {
        match text.parse::<Shape>() {
            Ok(shape) => prop_assert!(shape.size() >= 1 && shape.size() <= 64),
            Err(error) => prop_assert!(!error.to_string().is_empty()),
        }
    }
}

#[test]
fn regression_corpus_holds() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), |text| check_text(text, None));
}
