//! The independent checker catches each kind of fault, and agrees with the
//! solver on Tatham's puzzles.

use sieve_keen::{Cage, Grid, Operation, Puzzle, Violation, check, parse_keen_id};

fn grid(size: usize, digits: &str) -> Grid {
    let values = digits.bytes().map(|byte| byte - b'0').collect();
    Grid::new(size, values).expect("N·N values")
}

/// `3:a_a3_a_,s1a6m3m2`: {r1c1 r1c2} 1−, {r1c3 r2c2 r2c3} 6+,
/// {r2c1 r3c1} 3×, {r3c2 r3c3} 2×; its one solution is 231 123 312.
fn small() -> Puzzle {
    parse_keen_id("3:a_a3_a_,s1a6m3m2").expect("a valid ID")
}

#[test]
fn the_solution_passes() {
    assert_eq!(check(&small(), &grid(3, "231123312")), Ok(()));
}

#[test]
fn each_fault_is_named() {
    let puzzle = small();
    assert_eq!(
        check(&puzzle, &grid(2, "1221")),
        Err(Violation::Size {
            found: 2,
            expected: 3
        })
    );
    assert!(matches!(
        check(&puzzle, &grid(3, "231124312")),
        Err(Violation::Range {
            row: 1,
            column: 2,
            value: 4,
            ..
        })
    ));
    assert!(matches!(
        check(&puzzle, &grid(3, "031123312")),
        Err(Violation::Range { value: 0, .. })
    ));
    assert_eq!(
        check(&puzzle, &grid(3, "231132312")),
        Err(Violation::Repeated {
            line: "column 2".into(),
            value: 3
        })
    );
    assert_eq!(
        check(&puzzle, &grid(3, "231231312")),
        Err(Violation::Repeated {
            line: "column 1".into(),
            value: 2
        })
    );
    // A Latin square that breaks the cages: 1− holds 1 and 3.
    let wrong = check(&puzzle, &grid(3, "132213321")).unwrap_err();
    assert_eq!(
        wrong,
        Violation::Cage {
            clue: "1−".into(),
            first: (0, 0),
            values: vec![1, 3]
        }
    );
    assert_eq!(
        wrong.to_string(),
        "the 1− cage at row 1, column 1 holds [1, 3], which do not make 1−"
    );
}

#[test]
fn each_operation_either_way_round() {
    // Two-cell cages over r1c1 r1c2, the rest single cells fixed by their clue.
    let cases = [
        (Operation::Subtract, 2, "13", true),
        (Operation::Subtract, 2, "31", true),
        (Operation::Subtract, 1, "13", false),
        (Operation::Divide, 3, "13", true),
        (Operation::Divide, 3, "31", true),
        (Operation::Divide, 2, "13", false),
        (Operation::Add, 4, "31", true),
        (Operation::Multiply, 3, "31", true),
        (Operation::Multiply, 4, "31", false),
    ];
    for (operation, target, pair, holds) in cases {
        // The rest of a Latin square: 132 321 213, or 312 123 231.
        let rest = if pair == "13" { "2321213" } else { "2123231" };
        let digits = format!("{pair}{rest}");
        let mut cages = vec![Cage {
            cells: vec![0, 1],
            operation,
            target,
        }];
        for (cell, digit) in digits.bytes().enumerate().skip(2) {
            cages.push(Cage {
                cells: vec![cell],
                operation: Operation::Add,
                target: u64::from(digit - b'0'),
            });
        }
        let puzzle = Puzzle::new(3, false, cages).expect("a valid puzzle");
        let verdict = check(&puzzle, &grid(3, &digits));
        assert_eq!(
            verdict.is_ok(),
            holds,
            "{operation:?} {target} {pair}: {verdict:?}"
        );
    }
}

#[test]
fn a_big_product_does_not_overflow() {
    // One cage of all 81 cells of a 9×9 square: its product, (9!)^9, is far
    // past any target, so no grid meets a target that fits.
    let cells = (0..81).collect();
    let cage = Cage {
        cells,
        operation: Operation::Multiply,
        target: u64::MAX,
    };
    let puzzle = Puzzle::new(9, true, vec![cage]).expect("a valid puzzle");
    let digits: String = (0..81)
        .map(|cell| char::from(b'1' + ((cell / 9 + cell % 9) % 9) as u8))
        .collect();
    assert!(matches!(
        check(&puzzle, &grid(9, &digits)),
        Err(Violation::Cage { .. })
    ));
}
