//! Malformed inputs give messages that name the position.

use sieve_skyscrapers::{Order, ParseError, parse_clues, parse_givens, parse_grid};

const RUSH: &str = "4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2";

fn clue_error(text: &str) -> String {
    clue_error_in(text, Order::Source, None)
}

fn clue_error_in(text: &str, order: Order, size: Option<usize>) -> String {
    match parse_clues(text, order, size) {
        Ok(puzzle) => panic!("{text:?} parsed as N = {}", puzzle.size()),
        Err(error) => error.to_string(),
    }
}

fn grid_error(text: &str) -> String {
    match parse_grid(text) {
        Ok(puzzle) => panic!("{text:?} parsed as N = {}", puzzle.size()),
        Err(error) => error.to_string(),
    }
}

fn givens_error(text: &str, size: usize) -> String {
    match parse_givens(text, size) {
        Ok(_) => panic!("{text:?} parsed"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn empty_input() {
    assert_eq!(
        clue_error(""),
        "empty input: expected 4N clues separated by single spaces"
    );
}

#[test]
fn wrong_count_says_found_expected_and_implied_size() {
    assert_eq!(
        clue_error("4 3 2 1 1 2 2 2 4 3 2 1 1 2 2"),
        "found 15 clues, expected 4N clues for N between 1 and 16; 15 is not a multiple of 4, \
         so it fits no N (nearest: 12 for N = 3, 16 for N = 4)"
    );
    assert_eq!(
        clue_error("1 2 3"),
        "found 3 clues, expected 4N clues for N between 1 and 16; 3 is not a multiple of 4, \
         so it fits no N (nearest: 4 for N = 1)"
    );
    assert_eq!(
        clue_error("1"),
        "found 1 clue, expected 4N clues for N between 1 and 16; 1 is not a multiple of 4, \
         so it fits no N (nearest: 4 for N = 1)"
    );
    assert_eq!(
        clue_error(&vec!["1"; 68].join(" ")),
        "found 68 clues, expected 4N clues for N between 1 and 16; \
         68 clues would mean N = 17, above the maximum 16"
    );
    assert_eq!(
        clue_error_in(&format!("{RUSH} 1 1 1 1"), Order::Source, Some(4)),
        "found 20 clues, expected 16 (4N for N = 4); 20 clues would mean N = 5"
    );
    assert_eq!(
        clue_error_in("4 3 2 1 1 2 2 2 4 3 2 1 1 2 2", Order::Source, Some(4)),
        "found 15 clues, expected 16 (4N for N = 4); 15 is not a multiple of 4, \
         so it fits no N (nearest: 12 for N = 3, 16 for N = 4)"
    );
}

#[test]
fn explicit_size_out_of_range() {
    assert_eq!(
        clue_error_in(RUSH, Order::Source, Some(17)),
        "size 17 is out of range: N must be between 1 and 16"
    );
}

#[test]
fn non_digit_names_column_and_clue() {
    assert_eq!(
        clue_error("4 3 2 1 1 2 x 2 4 3 2 1 1 2 2 2"),
        "non-digit character 'x' at column 13 in clue 7 (bottom, column 3)"
    );
    assert_eq!(
        clue_error_in("4 3 2 1 1 2 x 2 4 3 2 1 1 2 2 2", Order::Clockwise, None),
        "non-digit character 'x' at column 13 in clue 7 (right, row 3)"
    );
    assert_eq!(
        clue_error_in("4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 x", Order::Clockwise, None),
        "non-digit character 'x' at column 31 in clue 16 (left, row 1)"
    );
    assert_eq!(
        clue_error("4,3"),
        "non-digit character ',' at column 2 in clue 1"
    );
    assert_eq!(
        clue_error(&format!("{RUSH}\t")),
        "non-digit character '\\t' at column 32 in clue 16 (right, row 4)"
    );
    assert_eq!(
        clue_error("4 3 2 1 1 2 2 2 -4 3 2 1 1 2 2 2"),
        "non-digit character '-' at column 17 in clue 9 (left, row 1)"
    );
}

#[test]
fn clue_greater_than_n() {
    assert_eq!(
        clue_error("4 3 2 1 1 5 2 2 4 3 2 1 1 2 2 2"),
        "clue 5 at column 11 is greater than N = 4 in clue 6 (bottom, column 2)"
    );
    assert_eq!(
        clue_error("4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 12"),
        "clue 12 at column 31 is greater than N = 4 in clue 16 (right, row 4)"
    );
    let twelve = vec!["0"; 47].join(" ") + " 13";
    assert_eq!(
        clue_error(&twelve),
        "clue 13 at column 95 is greater than N = 12 in clue 48 (right, row 12)"
    );
}

#[test]
fn clue_with_too_many_digits() {
    assert_eq!(
        clue_error("4 3 2 1 1 2 2 2 4 03 2 1 1 2 2 2"),
        "clue \"03\" at column 19 has 2 digits, but clues for N = 4 have at most 1 \
         in clue 10 (left, row 2)"
    );
    let twelve = vec!["0"; 47].join(" ") + " 007";
    assert_eq!(
        clue_error(&twelve),
        "clue \"007\" at column 95 has 3 digits, but clues for N = 12 have at most 2 \
         in clue 48 (right, row 12)"
    );
}

#[test]
fn spacing_errors() {
    assert_eq!(
        clue_error(&format!(" {RUSH}")),
        "leading space at column 1: the first clue must start the line"
    );
    assert_eq!(
        clue_error(&format!("{RUSH} ")),
        "trailing space at column 32: the last clue must end the line"
    );
    assert_eq!(
        clue_error("4 3 2 1 1 2  2 2 4 3 2 1 1 2 2 2"),
        "doubled space at column 13: clues are separated by exactly one space"
    );
    assert_eq!(
        clue_error(" "),
        "leading space at column 1: the first clue must start the line"
    );
}

#[test]
fn spacing_is_reported_before_a_later_non_digit() {
    assert_eq!(
        clue_error("4 3  2 1 1 2 x 2 4 3 2 1 1 2 2 2"),
        "doubled space at column 5: clues are separated by exactly one space"
    );
}

const DRAWN: &str = "  4 3 2 1\n4 . . . . 1\n3 . . 4 . 2\n2 . . . . 2\n1 . . . . 2\n  1 2 2 2\n";

#[test]
fn drawn_grid_errors() {
    assert_eq!(
        grid_error("4 3 2 1\n"),
        "the drawn grid has 1 line, expected N + 2 lines (3 to 18) for N = 1..=16"
    );
    assert_eq!(
        grid_error(&DRAWN.replacen("  4", "1 4", 1)),
        "line 1, column 1: the corner must be blank, '.' or '0', found \"1\""
    );
    assert_eq!(
        grid_error(&DRAWN.replacen("3 . . 4 . 2", "3 . . 5 . 2", 1)),
        "line 3, column 7: 5 is greater than N = 4 (cell at row 2, column 3)"
    );
    assert_eq!(
        grid_error(&DRAWN.replacen("  1 2 2 2", "  1 2 9 2", 1)),
        "line 6, column 7: 9 is greater than N = 4 (bottom clue, column 3)"
    );
    assert_eq!(
        grid_error(&DRAWN.replacen("4 . . . . 1", "4 . . x . 1", 1)),
        "line 2, column 7: \"x\" is not a number, '.' or blank (cell at row 1, column 3)"
    );
    assert_eq!(
        grid_error(&DRAWN.replacen("2 . . . . 2", "? . . . . 2", 1)),
        "line 4, column 1: \"?\" is not a number, '.' or blank (left clue, row 3)"
    );
    assert_eq!(
        grid_error(&DRAWN.replacen("4 . . . . 1", "4 . . . . 1 7", 1)),
        "line 2, column 12: text after the last of the N + 2 = 6 fields"
    );
    assert_eq!(
        grid_error(&DRAWN.replacen("4 . . . . 1", "4 . .. . 1", 1)),
        "line 2, column 6: expected a space between fields, found '.' (fields are 1 character(s) wide for N = 4)"
    );
}

#[test]
fn givens_errors() {
    assert_eq!(
        givens_error("0 0 1 0", 4),
        "found 4 givens, expected N·N = 16 for N = 4"
    );
    assert_eq!(
        givens_error("0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 x", 4),
        "line 1, column 31: \"x\" is not a height, '0' or '.' (given for row 4, column 4)"
    );
    assert_eq!(
        givens_error("0 0 1 0\n0 0 0 0\n0 0 0 0\n0 0 9 0", 4),
        "line 4, column 5: height 9 is greater than N = 4 (given for row 4, column 3)"
    );
    assert_eq!(
        givens_error("0", 0),
        "size 0 is out of range: N must be between 1 and 16"
    );
}

#[test]
fn unknown_order() {
    let error = "diagonal".parse::<Order>().expect_err("not an order");
    assert_eq!(
        error.to_string(),
        "unknown clue order \"diagonal\": expected \"source\" or \"clockwise\""
    );
    assert_eq!("Clockwise".parse::<Order>(), Ok(Order::Clockwise));
    assert!(matches!(
        "".parse::<Order>(),
        Err(ParseError::UnknownOrder { .. })
    ));
}
