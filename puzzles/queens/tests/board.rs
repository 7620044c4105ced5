//! Boards: parsing, formatting, drawing, and the independent solution check.

use proptest::prelude::*;
use sieve_queens::{Attack, Board, ParseError, check_solution};

/// Parses text that must fail and returns the error message.
fn parse_error(text: &str) -> String {
    match Board::parse(text) {
        Ok(board) => panic!("{text:?} parsed as {board:?}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn digit_strings_round_trip() {
    for text in ["1", "2413", "11111111", "15863724", "123456789"] {
        let board = Board::parse(text).unwrap();
        assert_eq!(board.size(), text.len());
        assert_eq!(board.to_string(), text);
    }
}

#[test]
fn large_boards_are_space_separated() {
    let board = Board::parse("1 3 5 7 9 2 4 6 8 10").unwrap();
    assert_eq!(board.rows, vec![1, 3, 5, 7, 9, 2, 4, 6, 8, 10]);
    assert_eq!(board.to_string(), "1 3 5 7 9 2 4 6 8 10");
    // A small board may also be given with spaces; it prints as digits.
    let board = Board::parse(" 2 4\t1  3 ").unwrap();
    assert_eq!(board.to_string(), "2413");
}

#[test]
fn rows_are_one_based_by_column() {
    let board: Board = "2413".parse().unwrap();
    assert_eq!(board.row(1), Some(2));
    assert_eq!(board.row(4), Some(3));
    assert_eq!(board.row(0), None);
    assert_eq!(board.row(5), None);
}

#[test]
fn malformed_boards_name_the_position() {
    assert_eq!(parse_error(""), "the board is empty: N must be at least 1");
    assert_eq!(
        parse_error("   "),
        "the board is empty: N must be at least 1"
    );
    assert_eq!(
        parse_error("1x11"),
        "column 2 (character 2): 'x' is not a digit"
    );
    assert_eq!(
        parse_error("  12a4"),
        "column 3 (character 5): 'a' is not a digit"
    );
    assert_eq!(parse_error("1201"), "column 3: row 0 is outside 1..=4");
    assert_eq!(parse_error("1151"), "column 3: row 5 is outside 1..=4");
    assert_eq!(
        parse_error("1 2 x3"),
        "column 3 (character 5): \"x3\" is not a whole number"
    );
    assert_eq!(
        parse_error("1 -2"),
        "column 2 (character 3): \"-2\" is not a whole number"
    );
    assert_eq!(
        parse_error("1 2 3 4 5 6 7 8 9 11"),
        "column 10: row 11 is outside 1..=10"
    );
}

#[test]
fn a_given_size_is_enforced() {
    assert_eq!(
        Board::parse_with_size("1111111", 8).unwrap_err(),
        ParseError::WrongLength {
            expected: 8,
            found: 7
        }
    );
    assert_eq!(
        Board::parse_with_size("1111111", 8)
            .unwrap_err()
            .to_string(),
        "expected 8 columns, found 7"
    );
    assert_eq!(
        Board::parse_with_size("11111111", 0).unwrap_err(),
        ParseError::Empty
    );
    // A short board is reported as short, not as a row out of range.
    assert_eq!(
        Board::parse_with_size("1118", 8).unwrap_err().to_string(),
        "expected 8 columns, found 4"
    );
    assert!(Board::parse_with_size("15863724", 8).is_ok());
}

#[test]
fn rows_are_checked_when_building_and_deserialising() {
    assert_eq!(Board::from_rows(vec![]).unwrap_err(), ParseError::Empty);
    assert_eq!(
        Board::from_rows(vec![1, 3, 0]).unwrap_err(),
        ParseError::RowOutOfRange {
            column: 3,
            row: 0,
            size: 3
        }
    );
    assert_eq!(Board::first_row(3).unwrap().to_string(), "111");
    let board: Board = serde_json::from_str("[2,4,1,3]").unwrap();
    assert_eq!(serde_json::to_string(&board).unwrap(), "[2,4,1,3]");
    let error = serde_json::from_str::<Board>("[2,5,1,3]").unwrap_err();
    assert!(
        error
            .to_string()
            .contains("column 2: row 5 is outside 1..=4")
    );
}

#[test]
fn drawing_matches_the_source_colours() {
    // Row N on top; (row + column) odd is light '.', even is dark 'X';
    // a queen is 'O' on light and 'Q' on dark.
    let board: Board = "2413".parse().unwrap();
    assert_eq!(board.draw(), ".Q.X\nX.XO\nOX.X\nX.Q.\n");
}

#[test]
fn solutions_pass_the_check() {
    for text in ["1", "2413", "15863724", "46827135"] {
        assert_eq!(check_solution(&text.parse().unwrap()), Ok(()), "{text}");
    }
}

#[test]
fn attacks_name_both_columns() {
    let check = |text: &str| check_solution(&text.parse().unwrap()).unwrap_err();
    assert_eq!(
        check("2431"),
        Attack::SameDiagonal {
            first: 2,
            second: 3,
            first_row: 4,
            second_row: 3
        }
    );
    assert_eq!(
        check("15843724"),
        Attack::SameDiagonal {
            first: 1,
            second: 4,
            first_row: 1,
            second_row: 4
        }
    );
    assert_eq!(
        check("2412"),
        Attack::SameRow {
            first: 1,
            second: 4,
            row: 2
        }
    );
    assert_eq!(
        check("15863728").to_string(),
        "columns 3 and 8 attack each other: both queens are on row 8"
    );
    assert_eq!(
        check("2431").to_string(),
        "columns 2 and 3 attack each other on a diagonal (rows 4 and 3)"
    );
}

#[test]
fn hand_edited_rows_are_reported_off_board() {
    let board = Board {
        rows: vec![2, 4, 1, 7],
    };
    assert_eq!(
        check_solution(&board),
        Err(Attack::OffBoard {
            column: 4,
            row: 7,
            size: 4
        })
    );
}

/// The plain quadratic definition: no two queens share a row or a diagonal.
fn attacks_by_definition(rows: &[u32]) -> bool {
    (0..rows.len()).any(|second| {
        (0..second).any(|first| {
            rows[first] == rows[second]
                || rows[first].abs_diff(rows[second]) as usize == second - first
        })
    })
}

proptest! {
    #[test]
    fn any_board_round_trips(rows in (1usize..20).prop_flat_map(|size| {
        proptest::collection::vec(1..=size as u32, size)
    })) {
        let board = Board::from_rows(rows).unwrap();
        let text = board.to_string();
        prop_assert_eq!(Board::parse_with_size(&text, board.size()).unwrap(), board);
    }

    #[test]
    fn the_check_agrees_with_the_definition(rows in (1usize..10).prop_flat_map(|size| {
        proptest::collection::vec(1..=size as u32, size)
    })) {
        let board = Board::from_rows(rows.clone()).unwrap();
        prop_assert_eq!(check_solution(&board).is_err(), attacks_by_definition(&rows));
    }
}
