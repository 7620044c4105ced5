//! Fuzzing the board and state-memory parsers and the solution validator
//! (proptest; cargo-fuzz needs a nightly toolchain).
//!
//! The property: any text either parses, or fails with an error whose message
//! names the column (and character) or memory entry at fault, pointing inside
//! the text; or with a whole-text error (empty, wrong length). Never a panic.
//! Inputs are arbitrary strings and near-valid mutations of boards (digit and
//! spaced forms) and of the state memory of real classic walks. A board with
//! two queens on one row is not a crash either: the validator names the pair.
//!
//! CI runs proptest's default 256 cases per property; the long run sets
//! `PROPTEST_CASES` (see docs/robustness.md). Every file in
//! `tests/regressions/` runs through the same property as an ordinary test.

#[path = "../../../test-support/fuzz_text.rs"]
mod fuzz_text;

use fuzz_text::{Edit, mutate};
use proptest::prelude::*;
use sieve_queens::{
    Attack, Board, Classic, LogParseError, ParseError, check_solution, parse_memory,
};

/// Checks a board error: its message names the column, and a character
/// position points at that character of the text.
fn check_board_error(text: &str, error: &ParseError) -> Result<(), String> {
    let message = error.to_string();
    let columns = text
        .split_whitespace()
        .count()
        .max(text.trim().chars().count());
    let fine = match error {
        ParseError::Empty | ParseError::WrongLength { .. } => !message.is_empty(),
        ParseError::NotADigit {
            column,
            position,
            character,
        } => {
            message.contains(&format!("column {column} (character {position})"))
                && text.chars().nth(position - 1) == Some(*character)
        }
        ParseError::NotANumber {
            column, position, ..
        } => {
            message.contains(&format!("column {column} (character {position})"))
                && (1..=text.chars().count()).contains(position)
        }
        ParseError::RowOutOfRange { column, .. } => {
            message.contains(&format!("column {column}")) && (1..=columns).contains(column)
        }
    };
    if fine {
        Ok(())
    } else {
        Err(format!("{text:?}: {message:?} does not name its position"))
    }
}

/// Checks a memory error: its message names an entry of the text.
fn check_memory_error(text: &str, error: &LogParseError) -> Result<(), String> {
    let message = error.to_string();
    let entries = text.split('|').count();
    let named = (1..=entries).any(|entry| message.starts_with(&format!("entry {entry}:")));
    if named {
        Ok(())
    } else {
        Err(format!(
            "{text:?}: {message:?} does not name an entry of the text"
        ))
    }
}

/// Runs the board parsers (free size and a fixed one) and the memory parser.
fn check_text(text: &str, size: usize) -> Result<(), String> {
    for result in [Board::parse(text), Board::parse_with_size(text, size)] {
        match result {
            Ok(board) => check_validator(&board)?,
            Err(error) => check_board_error(text, &error)?,
        }
    }
    match parse_memory(text) {
        Ok(_) => Ok(()),
        Err(error) => check_memory_error(text, &error),
    }
}

/// The validator agrees with a pairwise check written here, and names a real pair.
fn check_validator(board: &Board) -> Result<(), String> {
    let rows: Vec<i64> = (1..=board.size())
        .map(|column| i64::from(board.row(column).expect("a column of the board")))
        .collect();
    let attacking = |a: usize, b: usize| {
        rows[a] == rows[b] || (rows[a] - rows[b]).unsigned_abs() as usize == b - a
    };
    let any_attack = (0..rows.len()).any(|a| (a + 1..rows.len()).any(|b| attacking(a, b)));
    match check_solution(board) {
        Ok(()) if !any_attack => Ok(()),
        Ok(()) => Err(format!("{rows:?}: validator accepted attacking queens")),
        Err(Attack::SameRow { first, second, .. }) if attacking(first - 1, second - 1) => Ok(()),
        Err(Attack::SameRow { .. }) if any_attack => Ok(()),
        Err(attack) if any_attack => {
            if attack.to_string().contains("column") {
                Ok(())
            } else {
                Err(format!("{rows:?}: {attack} names no column"))
            }
        }
        Err(attack) => Err(format!("{rows:?}: validator rejected a solution: {attack}")),
    }
}

fn interesting_characters() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            '0', '1', '9', ' ', '\t', '\n', '|', ':', 'A', 'R', 'I', 'N', 'T', '-', '+', 'é',
            '\u{0}', '٣',
        ]),
        any::<char>(),
    ]
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    fuzz_text::edits(interesting_characters)
}

/// A board of size 1..=14 with random rows in range, written in either form.
fn boards() -> impl Strategy<Value = (Vec<u32>, bool)> {
    (1u32..=14).prop_flat_map(|size| {
        (
            proptest::collection::vec(1..=size, size as usize),
            any::<bool>(),
        )
    })
}

fn written(rows: &[u32], spaced: bool) -> String {
    let texts: Vec<String> = rows.iter().map(u32::to_string).collect();
    if spaced || rows.len() > 9 {
        texts.join(" ")
    } else {
        texts.concat()
    }
}

proptest! {
    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>(), size in 0usize..20) {
        check_text(&text, size).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn parser_alphabet_strings_never_panic(text in "[0-9 |:AIRNT]{0,60}", size in 0usize..20) {
        check_text(&text, size).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn written_boards_read_back_and_validate((rows, spaced) in boards()) {
        let text = written(&rows, spaced);
        let board = Board::parse_with_size(&text, rows.len())
            .map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
        let read: Vec<u32> = (1..=board.size()).filter_map(|column| board.row(column)).collect();
        prop_assert_eq!(&read, &rows);
        check_validator(&board).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn mutated_boards_never_panic((rows, spaced) in boards(), edits in edits()) {
        let text = mutate(&written(&rows, spaced), &edits);
        check_text(&text, rows.len()).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn mutated_memories_never_panic(size in 4usize..=6, start in 0u32..1000, edits in edits()) {
        let rows: Vec<u32> = (0..size as u32).map(|column| (start / (column + 1)) % size as u32 + 1).collect();
        let board = Board::from_rows(rows).expect("rows in range");
        let run = Classic::new(size)
            .and_then(|classic| classic.solve(&board))
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let memory = run.memory_text();
        prop_assert!(parse_memory(&memory).is_ok(), "the walk's own memory reads back");
        let text = mutate(&memory, &edits);
        check_text(&text, size).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn two_queens_on_one_row_are_named_by_the_validator() {
    let board = Board::parse("1423").expect("a well-formed board");
    let attack = check_solution(&board).expect_err("two queens share a row or diagonal");
    assert!(attack.to_string().contains("column"), "{attack}");
    let same_row = Board::parse("1 3 5 2 2").expect("a well-formed board");
    match check_solution(&same_row) {
        Err(Attack::SameRow { first, second, row }) => {
            assert_eq!((first, second, row), (4, 5, 2));
        }
        other => panic!("expected a same-row attack, got {other:?}"),
    }
}

#[test]
fn regression_corpus_holds() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), |text| {
        [0, 1, 8, 20]
            .iter()
            .try_for_each(|&size| check_text(text, size))
    });
}
