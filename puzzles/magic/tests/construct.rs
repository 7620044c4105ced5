//! Constructions checked by a checker written here, independent of `Square::verify`.

use sieve_magic::{ConstructError, Method, construct, doubly_even, lux, siamese};

/// Checks a normal magic square from scratch: the sorted values are exactly
/// 1..=n², and every line sums to the total divided by n.
fn check_magic(order: usize, cells: &[u32]) -> Result<(), String> {
    if cells.len() != order * order {
        return Err(format!("{} cells for order {order}", cells.len()));
    }
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    if !sorted
        .iter()
        .zip(1_u32..)
        .all(|(&value, wanted)| value == wanted)
    {
        return Err("values are not a permutation of 1..=n²".to_owned());
    }
    let total: u64 = cells.iter().map(|&value| u64::from(value)).sum();
    let line = total / order as u64;
    let at = |row: usize, column: usize| u64::from(cells[row * order + column]);
    for k in 0..order {
        let row: u64 = (0..order).map(|column| at(k, column)).sum();
        let column: u64 = (0..order).map(|row| at(row, k)).sum();
        if row != line || column != line {
            return Err(format!(
                "row or column {k}: {row}, {column} instead of {line}"
            ));
        }
    }
    let main: u64 = (0..order).map(|k| at(k, k)).sum();
    let anti: u64 = (0..order).map(|k| at(k, order - 1 - k)).sum();
    if main != line || anti != line {
        return Err(format!("diagonals {main}, {anti} instead of {line}"));
    }
    Ok(())
}

#[test]
fn every_order_from_3_to_30_is_magic() {
    for order in 3..=30 {
        let square = construct(order).unwrap_or_else(|error| panic!("order {order}: {error}"));
        assert_eq!(square.order(), order);
        if let Err(problem) = check_magic(order, square.cells()) {
            panic!(
                "order {order} ({}):\n{square}\n{problem}",
                Method::for_order(order).unwrap()
            );
        }
        assert_eq!(
            square.verify(),
            Ok(()),
            "library verify disagrees at order {order}"
        );
    }
}

#[test]
fn the_checker_rejects_broken_squares() {
    let mut cells = construct(5).unwrap().into_cells();
    assert_eq!(check_magic(5, &cells), Ok(()));
    cells.swap(0, 1);
    assert!(check_magic(5, &cells).is_err());
    cells.swap(0, 1);
    cells[3] = 3;
    assert!(check_magic(5, &cells).is_err());
}

#[test]
fn order_one_is_trivial() {
    let square = construct(1).unwrap();
    assert_eq!(square.cells(), &[1]);
    assert_eq!(check_magic(1, square.cells()), Ok(()));
}

#[test]
fn siamese_order_3_is_the_lo_shu() {
    let square = siamese(3).unwrap();
    let rows: Vec<&[u32]> = square.rows().collect();
    assert_eq!(rows, [&[8, 1, 6][..], &[3, 5, 7], &[4, 9, 2]]);
}

#[test]
fn siamese_order_5_matches_the_source_walk() {
    let square = siamese(5).unwrap();
    let rows: Vec<&[u32]> = square.rows().collect();
    assert_eq!(
        rows,
        [
            &[17, 24, 1, 8, 15][..],
            &[23, 5, 7, 14, 16],
            &[4, 6, 13, 20, 22],
            &[10, 12, 19, 21, 3],
            &[11, 18, 25, 2, 9],
        ]
    );
}

#[test]
fn siamese_places_one_top_middle_and_follows_the_moves() {
    for order in (3..=15).step_by(2) {
        let square = siamese(order).unwrap();
        let position_of = |value: u32| {
            let index = square
                .cells()
                .iter()
                .position(|&cell| cell == value)
                .unwrap();
            (index / order, index % order)
        };
        assert_eq!(position_of(1), (0, order / 2));
        for value in 2..=(order * order) as u32 {
            let (row, column) = position_of(value - 1);
            let diagonal = ((row + order - 1) % order, (column + 1) % order);
            let below = ((row + 1) % order, column);
            // Taken = filled by an earlier number.
            let taken = square.cells()[diagonal.0 * order + diagonal.1] < value;
            let expected = if taken { below } else { diagonal };
            assert_eq!(position_of(value), expected, "order {order}, value {value}");
        }
    }
}

#[test]
fn doubly_even_order_4_is_the_classic_square() {
    let square = doubly_even(4).unwrap();
    let expected = [16, 2, 3, 13, 5, 11, 10, 8, 9, 7, 6, 12, 4, 14, 15, 1];
    assert_eq!(square.cells(), &expected);
}

#[test]
fn lux_order_6_builds_on_the_lo_shu() {
    let square = lux(6).unwrap();
    // Block of the Lo Shu's 8 (an L): 4·7 + [4, 1; 2, 3].
    assert_eq!(square.row(0).unwrap()[..2], [32, 29]);
    assert_eq!(square.row(1).unwrap()[..2], [30, 31]);
    assert_eq!(check_magic(6, square.cells()), Ok(()));
}

#[test]
fn methods_are_chosen_by_order_class() {
    assert_eq!(Method::for_order(1), Ok(Method::Siamese));
    assert_eq!(Method::for_order(7), Ok(Method::Siamese));
    assert_eq!(Method::for_order(8), Ok(Method::DoublyEven));
    assert_eq!(Method::for_order(10), Ok(Method::Lux));
    assert!(Method::Lux.accepts(6) && !Method::Lux.accepts(2) && !Method::Lux.accepts(8));
}

#[test]
fn impossible_orders_are_errors() {
    assert_eq!(construct(2), Err(ConstructError::OrderTwo));
    assert_eq!(construct(0), Err(ConstructError::ZeroOrder));
    assert_eq!(
        construct(70_000),
        Err(ConstructError::OrderTooLarge { order: 70_000 })
    );
    assert_eq!(
        construct(2).unwrap_err().to_string(),
        "there is no normal magic square of order 2"
    );
}

#[test]
fn a_method_refuses_the_wrong_class() {
    let error = siamese(4).unwrap_err();
    assert_eq!(
        error,
        ConstructError::WrongMethod {
            method: Method::Siamese,
            order: 4
        }
    );
    assert_eq!(
        error.to_string(),
        "the siamese method builds odd orders, not order 4"
    );
    assert!(doubly_even(6).is_err());
    assert!(lux(8).is_err());
}
