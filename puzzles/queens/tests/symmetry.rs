//! Symmetries of the square: group laws, canonical forms, and 92 → 12.

use sieve_queens::symmetry::orbit;
use sieve_queens::{Board, NotAPermutation, Symmetry, canonical, unique_up_to_symmetry};

/// All solutions by a plain recursive enumeration, independent of the crate:
/// rows for columns 1..N, in lexicographic order.
fn all_solutions(size: u32) -> Vec<Board> {
    fn extend(size: u32, rows: &mut Vec<u32>, found: &mut Vec<Board>) {
        if rows.len() == size as usize {
            found.push(Board { rows: rows.clone() });
            return;
        }
        let column = rows.len();
        for row in 1..=size {
            let safe = rows.iter().enumerate().all(|(other, &other_row)| {
                other_row != row && other_row.abs_diff(row) as usize != column - other
            });
            if safe {
                rows.push(row);
                extend(size, rows, found);
                rows.pop();
            }
        }
    }
    let mut found = Vec::new();
    extend(size, &mut Vec::new(), &mut found);
    found
}

#[test]
fn eight_queens_have_92_solutions_and_12_classes() {
    let solutions = all_solutions(8);
    assert_eq!(solutions.len(), 92);
    let unique = unique_up_to_symmetry(&solutions).unwrap();
    assert_eq!(unique.len(), 12);
    // The classes of the kept boards are distinct and cover all 92.
    let kept_classes: Vec<Board> = unique.iter().map(|b| canonical(b).unwrap()).collect();
    for solution in &solutions {
        assert!(kept_classes.contains(&canonical(solution).unwrap()));
    }
}

#[test]
fn unique_counts_match_oeis_a002562() {
    // OEIS A002562, N = 1..9.
    let expected = [1, 0, 0, 1, 2, 1, 6, 12, 46];
    for (index, &count) in expected.iter().enumerate() {
        let size = index as u32 + 1;
        let unique = unique_up_to_symmetry(&all_solutions(size)).unwrap();
        assert_eq!(unique.len(), count, "N = {size}");
    }
}

#[test]
fn orbits_partition_the_solutions() {
    let solutions = all_solutions(8);
    let unique = unique_up_to_symmetry(&solutions).unwrap();
    let orbit_sizes: Vec<usize> = unique.iter().map(|b| orbit(b).unwrap().len()).collect();
    assert_eq!(orbit_sizes.iter().sum::<usize>(), 92);
    // Exactly one 8-queens class is symmetric under the half turn.
    assert_eq!(orbit_sizes.iter().filter(|&&size| size == 4).count(), 1);
    for board in &unique {
        for image in orbit(board).unwrap() {
            assert!(solutions.contains(&image), "{image} is not a solution");
        }
    }
}

#[test]
fn symmetries_move_squares_as_named() {
    // One queen per row: column c holds row rows[c-1]; (1,2),(2,4),(3,1),(4,3).
    let board: Board = "2413".parse().unwrap();
    let image = |symmetry: Symmetry| symmetry.apply(&board).unwrap().to_string();
    assert_eq!(image(Symmetry::Identity), "2413");
    assert_eq!(image(Symmetry::ReflectColumns), "3142");
    assert_eq!(image(Symmetry::ReflectRows), "3142");
    // Transpose: (c, r) -> (r, c), the inverse permutation.
    assert_eq!(image(Symmetry::ReflectDiagonal), "3142");
    let lopsided: Board = "1342".parse().unwrap();
    let image = |symmetry: Symmetry| symmetry.apply(&lopsided).unwrap().to_string();
    // (1,1),(2,3),(3,4),(4,2) turned clockwise: (c, r) -> (r, 5 - c).
    assert_eq!(image(Symmetry::Rotate90), "4132");
    assert_eq!(image(Symmetry::Rotate180), "3124");
    assert_eq!(image(Symmetry::Rotate270), "3241");
    assert_eq!(image(Symmetry::ReflectDiagonal), "1423");
    assert_eq!(image(Symmetry::ReflectAntiDiagonal), "2314");
}

#[test]
fn the_group_laws_hold() {
    let apply_all = |board: &Board, symmetries: &[Symmetry]| {
        symmetries.iter().fold(board.clone(), |current, symmetry| {
            symmetry.apply(&current).unwrap()
        })
    };
    for board in all_solutions(8).iter().chain(&all_solutions(6)) {
        let quarter = Symmetry::Rotate90;
        assert_eq!(apply_all(board, &[quarter; 4]), *board);
        assert_eq!(
            apply_all(board, &[quarter, quarter]),
            Symmetry::Rotate180.apply(board).unwrap()
        );
        assert_eq!(
            apply_all(board, &[quarter; 3]),
            Symmetry::Rotate270.apply(board).unwrap()
        );
        for reflection in &Symmetry::ALL[4..] {
            assert_eq!(apply_all(board, &[*reflection, *reflection]), *board);
        }
        assert_eq!(
            apply_all(board, &[Symmetry::ReflectColumns, quarter]),
            Symmetry::ReflectDiagonal.apply(board).unwrap()
        );
        assert_eq!(
            apply_all(board, &[Symmetry::ReflectRows, quarter]),
            Symmetry::ReflectAntiDiagonal.apply(board).unwrap()
        );
    }
}

#[test]
fn canonical_is_the_smallest_image_and_shared_by_the_class() {
    let board: Board = "46827135".parse().unwrap();
    let class = canonical(&board).unwrap();
    for symmetry in Symmetry::ALL {
        let image = symmetry.apply(&board).unwrap();
        assert!(class <= image);
        assert_eq!(canonical(&image).unwrap(), class);
    }
}

#[test]
fn row_swapping_needs_a_permutation() {
    let board: Board = "11111111".parse().unwrap();
    assert_eq!(
        Symmetry::Rotate90.apply(&board),
        Err(NotAPermutation {
            symmetry: Symmetry::Rotate90,
            row: 1,
            queens: 8
        })
    );
    assert_eq!(
        Symmetry::ReflectDiagonal
            .apply(&board)
            .unwrap_err()
            .to_string(),
        "ReflectDiagonal needs one queen per row, but row 1 has 8 queens"
    );
    // The four symmetries that keep rows as rows act on any board.
    assert_eq!(
        Symmetry::ReflectRows.apply(&board).unwrap().to_string(),
        "88888888"
    );
    assert_eq!(
        Symmetry::Rotate180
            .apply(&"12".parse().unwrap())
            .unwrap()
            .to_string(),
        "12"
    );
}
