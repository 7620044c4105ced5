//! `Square`, `PartialSquare` and the magic test with its error messages.

use sieve_magic::{
    GridError, NotMagic, PartialSquare, Position, Square, construct, magic_constant,
};

fn lo_shu() -> Square {
    Square::new(3, vec![8, 1, 6, 3, 5, 7, 4, 9, 2]).unwrap()
}

#[test]
fn magic_constants() {
    let known = [
        (1, 1),
        (3, 15),
        (4, 34),
        (5, 65),
        (6, 111),
        (7, 175),
        (8, 260),
    ];
    for (order, constant) in known {
        assert_eq!(magic_constant(order), constant);
    }
    assert_eq!(magic_constant(usize::MAX), u64::MAX / 2);
}

#[test]
fn shape_is_checked() {
    assert_eq!(Square::new(0, vec![]), Err(GridError::ZeroOrder));
    assert_eq!(
        Square::new(3, vec![1; 8]),
        Err(GridError::WrongCellCount {
            order: 3,
            expected: 9,
            found: 8
        })
    );
    let ragged = Square::from_rows(&[vec![1, 2], vec![3]]).unwrap_err();
    assert_eq!(
        ragged.to_string(),
        "row 2 has 1 cells, but a square with 2 rows needs 2"
    );
    assert_eq!(
        Square::from_rows(&[vec![8, 1, 6], vec![3, 5, 7], vec![4, 9, 2]]),
        Ok(lo_shu())
    );
}

#[test]
fn accessors() {
    let square = lo_shu();
    assert_eq!(square.value(1, 2), Some(7));
    assert_eq!(square.value(3, 0), None);
    assert_eq!(square.row(2), Some(&[4, 9, 2][..]));
    assert_eq!(square.row(3), None);
    assert_eq!(square.rows().len(), 3);
    assert_eq!(square.magic_constant(), 15);
    assert!(square.is_magic());
}

#[test]
fn a_bad_row_is_named_with_its_sum() {
    // Swapping two cells of a column breaks rows 1 and 2, keeps the columns.
    let square = Square::new(3, vec![3, 1, 6, 8, 5, 7, 4, 9, 2]).unwrap();
    let error = square.verify().unwrap_err();
    assert_eq!(
        error,
        NotMagic::Row {
            row: 0,
            sum: 10,
            expected: 15
        }
    );
    assert_eq!(error.to_string(), "row 1 sums to 10, not 15");
}

#[test]
fn a_bad_column_is_named_with_its_sum() {
    // Swapping two cells of a row keeps the rows, breaks columns 1 and 2.
    let square = Square::new(3, vec![1, 8, 6, 3, 5, 7, 4, 9, 2]).unwrap();
    let error = square.verify().unwrap_err();
    assert_eq!(error.to_string(), "column 1 sums to 8, not 15");
}

#[test]
fn bad_diagonals_are_named() {
    // A Latin-style arrangement: rows and columns are fine, diagonals are not.
    let semi = Square::new(3, vec![1, 5, 9, 6, 7, 2, 8, 3, 4]).unwrap();
    assert_eq!(
        semi.verify().unwrap_err().to_string(),
        "the main diagonal (top left to bottom right) sums to 12, not 15"
    );
    let anti = Square::new(3, vec![2, 4, 9, 6, 8, 1, 7, 3, 5]).unwrap();
    assert_eq!(
        anti.verify().unwrap_err(),
        NotMagic::AntiDiagonal {
            sum: 24,
            expected: 15
        }
    );
}

#[test]
fn values_must_be_a_permutation() {
    let out_of_range = Square::new(3, vec![8, 1, 6, 3, 5, 7, 4, 10, 2]).unwrap();
    assert_eq!(
        out_of_range.check_permutation().unwrap_err().to_string(),
        "value 10 at row 3, column 2 is outside 1..=9"
    );
    let repeated = Square::new(3, vec![8, 1, 6, 3, 5, 7, 4, 9, 8]).unwrap();
    assert_eq!(
        repeated.verify().unwrap_err(),
        NotMagic::DuplicateValue {
            value: 8,
            first: Position { row: 0, column: 0 },
            second: Position { row: 2, column: 2 },
        }
    );
    // Five everywhere: every line sums to 15, but it is not a permutation.
    let fives = Square::new(3, vec![5; 9]).unwrap();
    assert_eq!(fives.check_sums(), Ok(()));
    assert_eq!(
        fives.verify().unwrap_err().to_string(),
        "value 5 appears twice: at row 1, column 1 and at row 1, column 2"
    );
    let zero = Square::new(1, vec![0]).unwrap();
    assert!(matches!(
        zero.verify(),
        Err(NotMagic::ValueOutOfRange { value: 0, .. })
    ));
}

#[test]
fn partial_squares_check_their_givens() {
    let partial = PartialSquare::new(
        3,
        vec![
            Some(8),
            None,
            Some(6),
            None,
            Some(5),
            None,
            None,
            None,
            None,
        ],
    )
    .unwrap();
    assert_eq!(partial.given_count(), 3);
    assert_eq!(partial.unknown_count(), 6);
    assert_eq!(partial.given(0, 2), Some(6));
    assert_eq!(partial.given(0, 1), None);
    assert_eq!(partial.given(5, 5), None);
    assert!(!partial.is_complete());
    assert_eq!(partial.to_square(), None);
    assert!(partial.is_completed_by(&lo_shu()));
    let rotated: Vec<u32> = lo_shu().cells().iter().rev().copied().collect();
    let rotated = Square::new(3, rotated).unwrap();
    assert!(rotated.is_magic());
    assert!(!partial.is_completed_by(&rotated));
    assert!(!partial.is_completed_by(&construct(5).unwrap()));

    let duplicate = PartialSquare::new(2, vec![Some(1), None, None, Some(1)]).unwrap_err();
    assert_eq!(
        duplicate.to_string(),
        "value 1 appears twice: at row 1, column 1 and at row 2, column 2"
    );
    let out_of_range = PartialSquare::new(2, vec![Some(5), None, None, None]).unwrap_err();
    assert_eq!(
        out_of_range.to_string(),
        "value 5 at row 1, column 1 is outside 1..=4"
    );
    assert_eq!(PartialSquare::empty(0), Err(GridError::ZeroOrder));
    assert_eq!(PartialSquare::empty(4).unwrap().unknown_count(), 16);
}

#[test]
fn full_partial_squares_round_trip() {
    let square = lo_shu();
    let partial = PartialSquare::from(&square);
    assert!(partial.is_complete());
    assert_eq!(partial.to_square(), Some(square));
}
