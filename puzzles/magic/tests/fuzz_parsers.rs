//! Fuzzing the square and partial-square parsers (proptest; cargo-fuzz needs
//! a nightly toolchain).
//!
//! The property: any text either parses, or fails with an error whose message
//! names the line and column of the offending token (and that token really
//! starts there), or the line of a short row; or with a whole-text error
//! (empty, a count that is not a square, an order too large). Never a panic.
//! Inputs are arbitrary strings and near-valid mutations of constructed magic
//! squares of orders 1 to 12, with cells hidden, on one line or several.
//!
//! CI runs proptest's default 256 cases per property; the long run sets
//! `PROPTEST_CASES` (see docs/robustness.md). Every file in
//! `tests/regressions/` runs through the same property as an ordinary test.

#[path = "../../../test-support/fuzz_text.rs"]
mod fuzz_text;

use fuzz_text::{Edit, mutate};
use proptest::prelude::*;
use sieve_magic::{ParseError, construct, parse_partial, parse_square};

/// Does `token` start at the 1-based line and column of `text`?
fn token_at(text: &str, line: usize, column: usize, token: &str) -> bool {
    let Some(text_line) = line
        .checked_sub(1)
        .and_then(|index| text.lines().nth(index))
    else {
        return false;
    };
    let rest: String = text_line.chars().skip(column.saturating_sub(1)).collect();
    column >= 1 && rest.starts_with(token)
}

/// Checks one error against its text.
fn check_error(text: &str, error: &ParseError) -> Result<(), String> {
    let message = error.to_string();
    let fine = match error {
        ParseError::Empty
        | ParseError::NotSquareCount { .. }
        | ParseError::OrderTooLarge { .. } => !message.is_empty(),
        ParseError::RowLength { line, .. } => {
            message.starts_with(&format!("line {line}:")) && *line <= text.lines().count()
        }
        ParseError::InvalidToken {
            line,
            column,
            token,
        }
        | ParseError::ValueOutOfRange {
            line,
            column,
            token,
            ..
        }
        | ParseError::UnknownCell {
            line,
            column,
            token,
        } => {
            message.starts_with(&format!("line {line}, column {column}:"))
                && token_at(text, *line, *column, token)
        }
        ParseError::DuplicateValue {
            line,
            column,
            token,
            first_line,
            first_column,
        } => {
            message.starts_with(&format!("line {line}, column {column}:"))
                && token_at(text, *line, *column, token)
                && (*first_line, *first_column) < (*line, *column)
        }
    };
    if fine {
        Ok(())
    } else {
        Err(format!("{text:?}: {message:?} does not name its position"))
    }
}

/// Runs both parsers; a parsed square's cells are in range and distinct.
fn check_text(text: &str) -> Result<(), String> {
    match parse_partial(text) {
        Ok(partial) => {
            let order = partial.order();
            let limit = (order * order) as u32;
            let mut seen: Vec<u32> = partial.cells().iter().flatten().copied().collect();
            let count = seen.len();
            seen.sort_unstable();
            seen.dedup();
            if seen.len() != count || seen.iter().any(|&v| v == 0 || v > limit) {
                return Err(format!(
                    "{text:?}: parsed cells repeat or leave 1..={limit}"
                ));
            }
        }
        Err(error) => check_error(text, &error)?,
    }
    match parse_square(text) {
        Ok(square) if square.cells().len() == square.order() * square.order() => Ok(()),
        Ok(_) => Err(format!("{text:?}: a square with the wrong cell count")),
        Err(error) => check_error(text, &error),
    }
}

fn interesting_characters() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            '0', '1', '5', '9', '.', ' ', '\t', '\n', '\r', '#', '-', '+', 'e', 'é', '\u{0}', '٣',
        ]),
        any::<char>(),
    ]
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    fuzz_text::edits(interesting_characters)
}

/// A constructed square of order 1..=12 (no order-2 square exists), with
/// some cells hidden, written on several lines or on one.
fn written_squares() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![1usize, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
        proptest::collection::vec(any::<bool>(), 144),
        any::<bool>(),
    )
        .prop_map(|(order, hidden, one_line)| {
            let square = construct(order).expect("orders other than 2 construct");
            let rows: Vec<String> = square
                .rows()
                .enumerate()
                .map(|(row, values)| {
                    let cells: Vec<String> = values
                        .iter()
                        .enumerate()
                        .map(|(column, value)| {
                            if hidden[(row * order + column) % hidden.len()] {
                                ".".to_string()
                            } else {
                                value.to_string()
                            }
                        })
                        .collect();
                    cells.join(" ")
                })
                .collect();
            rows.join(if one_line { " " } else { "\n" })
        })
}

proptest! {
    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        check_text(&text).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn parser_alphabet_strings_never_panic(text in "[0-9. \\n#-]{0,60}") {
        check_text(&text).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn constructed_squares_read_back(order in prop::sample::select(vec![1usize, 3, 4, 5, 6, 9, 10, 12])) {
        let square = construct(order).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let text = square.to_string();
        let read = parse_square(&text).map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
        prop_assert_eq!(read, square);
    }

    #[test]
    fn mutated_squares_never_panic(text in written_squares(), edits in edits()) {
        let text = mutate(&text, &edits);
        check_text(&text).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn regression_corpus_holds() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), check_text);
}
