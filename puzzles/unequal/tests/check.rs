//! The independent checker catches each kind of fault.

use sieve_unequal::{Grid, Mode, Puzzle, Violation, check};

fn grid(size: usize, digits: &str) -> Grid {
    let values = digits.bytes().map(|byte| byte - b'0').collect();
    Grid::new(size, values).expect("N·N values")
}

#[test]
fn each_fault_is_named() {
    // 3×3 unequal: r1c1 > r1c2, r1c1 given 3.
    let mut puzzle = Puzzle::new(3, Mode::Unequal)
        .unwrap()
        .with_givens(vec![
            Some(3),
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
        ])
        .unwrap();
    puzzle.add_sign(0, 1).unwrap();
    assert_eq!(check(&puzzle, &grid(3, "312231123")), Ok(()));
    assert!(matches!(check(&puzzle, &grid(3, "321213132")), Ok(())));
    assert!(matches!(
        check(&puzzle, &grid(3, "213132321")),
        Err(Violation::Given { .. })
    ));
    assert!(matches!(
        check(&puzzle, &grid(3, "312312312")),
        Err(Violation::Repeated { .. })
    ));
    assert!(matches!(
        check(&puzzle, &grid(3, "342231123")),
        Err(Violation::Range { .. })
    ));
    assert!(matches!(
        check(&puzzle, &grid(2, "1221")),
        Err(Violation::Size { .. })
    ));

    let mut flipped = Puzzle::new(3, Mode::Unequal).unwrap();
    flipped.add_sign(1, 0).unwrap();
    assert!(matches!(
        check(&flipped, &grid(3, "312231123")),
        Err(Violation::Mark { .. })
    ));
}

#[test]
fn the_adjacent_mode_needs_bars_exactly_where_values_differ_by_one() {
    // 3×3 solution 123/231/312: pairs differing by one get bars.
    let solution = grid(3, "123231312");
    let mut puzzle = Puzzle::new(3, Mode::Adjacent).unwrap();
    let pairs: Vec<(usize, usize)> = puzzle.neighbour_pairs().collect();
    let values = solution.values().to_vec();
    for &(a, b) in &pairs {
        if values[a].abs_diff(values[b]) == 1 {
            puzzle.add_bar(a, b).unwrap();
        }
    }
    assert_eq!(check(&puzzle, &solution), Ok(()));
    // Without one of its bars, the grid breaks "no bar: not by one".
    let mut missing = Puzzle::new(3, Mode::Adjacent).unwrap();
    for &(a, b) in puzzle.bars().iter().skip(1) {
        missing.add_bar(a, b).unwrap();
    }
    let Err(Violation::Mark { rule, .. }) = check(&missing, &solution) else {
        panic!("a missing bar is a fault");
    };
    assert!(rule.contains("no bar"), "{rule}");
}
