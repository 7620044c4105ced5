//! Reading and writing squares: formats, round trips and positioned errors.

use sieve_magic::{ParseError, PartialSquare, Square, construct, parse_partial, parse_square};

#[test]
fn rows_on_lines_or_all_on_one_line() {
    let by_rows = parse_square("8 1 6\n3 5 7\n4 9 2\n").unwrap();
    let one_line = parse_square("  8 1 6 3 5 7 4 9 2  ").unwrap();
    let spaced = parse_square("\n8\t1  6\r\n\n3 5 7\n4 9 2").unwrap();
    assert_eq!(by_rows, one_line);
    assert_eq!(by_rows, spaced);
    assert_eq!(by_rows.cells(), &[8, 1, 6, 3, 5, 7, 4, 9, 2]);
}

#[test]
fn unknown_cells_are_zero_or_dot() {
    let partial = parse_partial("8 . 6\n0 5 7\n4 9 .").unwrap();
    let expected = [
        Some(8),
        None,
        Some(6),
        None,
        Some(5),
        Some(7),
        Some(4),
        Some(9),
        None,
    ];
    assert_eq!(partial.cells(), &expected);
    let via_trait: PartialSquare = "8 . 6 0 5 7 4 9 .".parse().unwrap();
    assert_eq!(via_trait, partial);
}

#[test]
fn display_round_trips() {
    for order in [1, 3, 4, 6, 10] {
        let square = construct(order).unwrap();
        let text = square.to_string();
        assert_eq!(text.parse::<Square>().unwrap(), square, "order {order}");
    }
    let partial = parse_partial("16 . 3 13\n5 11 . 8\n9 7 6 12\n. 14 15 1").unwrap();
    assert_eq!(
        partial.to_string(),
        "16  .  3 13\n 5 11  .  8\n 9  7  6 12\n . 14 15  1"
    );
    assert_eq!(parse_partial(&partial.to_string()).unwrap(), partial);
}

fn error(text: &str) -> String {
    parse_partial(text).unwrap_err().to_string()
}

#[test]
fn errors_name_line_column_and_token() {
    assert_eq!(
        error(""),
        "no cells found: a square needs at least one number"
    );
    assert_eq!(
        error(" \n\t\n"),
        "no cells found: a square needs at least one number"
    );
    assert_eq!(
        error("8 1 6\n3 x5 7\n4 9 2"),
        "line 2, column 3: `x5` is not a number, `0` or `.`"
    );
    assert_eq!(
        error("8 1 6\n3 -5 7\n4 9 2"),
        "line 2, column 3: `-5` is not a number, `0` or `.`"
    );
    assert_eq!(
        error("8 1 6\n3 +5 7\n4 9 2"),
        "line 2, column 3: `+5` is not a number, `0` or `.`"
    );
    assert_eq!(
        error("8 1 6\n3 5\n4 9 2"),
        "line 2: 2 cells, but the square has 3 rows, so each row needs 3"
    );
    assert_eq!(
        error("1 2 3 4 5 6 7 8"),
        "8 cells on one line do not make a square (the count must be a perfect square)"
    );
    assert_eq!(
        error("8 1 6\n3 5 7\n4 10 2"),
        "line 3, column 3: `10` is outside 1..=9"
    );
    assert_eq!(
        error("8 1 6\n3 5 99999999999999999999999\n4 9 2"),
        "line 2, column 5: `99999999999999999999999` is outside 1..=9"
    );
    assert_eq!(
        error("8 1 6\n3 5 7\n4 9 8"),
        "line 3, column 5: `8` repeats the value at line 1, column 1"
    );
}

#[test]
fn columns_count_characters_not_bytes() {
    assert_eq!(
        error("8 1 6\n3 5 7\n4 9 ×"),
        "line 3, column 5: `×` is not a number, `0` or `.`"
    );
    assert_eq!(
        error("× 1 6\n3 5 7\n4 9 é"),
        "line 1, column 1: `×` is not a number, `0` or `.`"
    );
    assert_eq!(
        error("1 2 3\n4 5 6\néé 8 é"),
        "line 3, column 1: `éé` is not a number, `0` or `.`"
    );
    let partial = parse_partial("8 1 6\n3 5 7\n4 9 2").unwrap();
    assert_eq!(partial.given_count(), 9);
}

#[test]
fn error_values_carry_the_position() {
    assert_eq!(
        parse_partial("1 2\n3 3"),
        Err(ParseError::DuplicateValue {
            line: 2,
            column: 3,
            token: "3".to_owned(),
            first_line: 2,
            first_column: 1,
        })
    );
}

#[test]
fn complete_squares_reject_unknown_cells() {
    assert_eq!(
        parse_square("8 1 6\n3 . 7\n4 9 2").unwrap_err(),
        ParseError::UnknownCell {
            line: 2,
            column: 3,
            token: ".".to_owned()
        }
    );
    assert_eq!(
        "8 1 6 3 5 7 4 9 0"
            .parse::<Square>()
            .unwrap_err()
            .to_string(),
        "line 1, column 17: `0` marks an unknown cell, but a complete square is expected"
    );
}

#[test]
fn parsing_does_not_demand_magic() {
    let square = parse_square("1 2\n3 4").unwrap();
    assert!(!square.is_magic());
    assert_eq!(
        square.verify().unwrap_err().to_string(),
        "row 1 sums to 3, not 5"
    );
}

#[test]
fn comments_run_from_hash_to_the_end_of_the_line() {
    let text =
        "# a puzzle\n8 . 6 # row sum 14\n3 5 7\n4 9 .\n# visible sums per column: 15 14 13\n";
    let partial = parse_partial(text).unwrap();
    assert_eq!(partial.unknown_count(), 2);
    assert_eq!(partial.given(0, 2), Some(6));
    // Columns still count from the start of the line.
    let error = parse_partial("8 1 6\n3 x 7 # comment\n4 9 2").unwrap_err();
    assert_eq!(
        error,
        ParseError::InvalidToken {
            line: 2,
            column: 3,
            token: "x".to_owned()
        }
    );
    assert_eq!(parse_partial("# only a comment"), Err(ParseError::Empty));
}
