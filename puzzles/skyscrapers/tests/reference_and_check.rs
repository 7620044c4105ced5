//! The reference solver and the checker against each other and against the
//! plain list of all Latin squares.

mod common;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sieve_skyscrapers::{
    Clues, Grid, Order, Puzzle, Side, Violation, check, latin, parse_clues, reference,
};

/// A puzzle built from `solution`: each clue kept with probability
/// `keep_clue`, each cell given with probability `keep_given`.
fn thinned(solution: &Grid, keep_clue: f64, keep_given: f64, rng: &mut ChaCha8Rng) -> Puzzle {
    let size = solution.size();
    let mut clues = Clues::from_solution(solution);
    for side in Side::ALL {
        for clue in clues.side_mut(side).iter_mut() {
            if rng.random_range(0.0..1.0) >= keep_clue {
                *clue = None;
            }
        }
    }
    let givens = solution
        .heights()
        .iter()
        .map(|&height| (rng.random_range(0.0..1.0) < keep_given).then_some(height))
        .collect();
    Puzzle::new(size, clues)
        .and_then(|puzzle| puzzle.with_givens(givens))
        .expect("values from a solution are in range")
}

#[test]
fn reference_counts_every_latin_square_without_clues() {
    for (size, latin_squares) in [(1, 1), (2, 2), (3, 12), (4, 576)] {
        let puzzle = Puzzle::new(size, Clues::empty(size)).expect("valid");
        assert_eq!(
            reference::count_solutions(&puzzle, usize::MAX),
            latin_squares
        );
        assert_eq!(common::all_latin_squares(size).len(), latin_squares);
    }
}

#[test]
fn reference_finds_exactly_the_squares_the_checker_accepts() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    for size in [3, 4] {
        let every_square = common::all_latin_squares(size);
        for _ in 0..60 {
            let solution = &every_square[rng.random_range(0..every_square.len())];
            let puzzle = thinned(solution, 0.4, 0.1, &mut rng);
            let accepted: Vec<&Grid> = every_square
                .iter()
                .filter(|grid| check(&puzzle, grid).is_ok())
                .collect();
            let found = reference::solutions(&puzzle, usize::MAX);
            assert_eq!(found.iter().collect::<Vec<_>>(), accepted, "{puzzle:?}");
            assert_eq!(
                reference::count_solutions(&puzzle, usize::MAX),
                accepted.len()
            );
            assert!(accepted.contains(&solution));
        }
    }
}

#[test]
fn fully_clued_random_puzzles_are_solved_and_checked() {
    for size in 3..=6 {
        for seed in 0..5 {
            let solution = latin::random_latin_square_seeded(size, seed).expect("valid");
            let puzzle = Puzzle::new(size, Clues::from_solution(&solution)).expect("valid");
            assert_eq!(check(&puzzle, &solution), Ok(()));
            // Every clue of a square may still allow several (up to 34 here).
            let found = reference::solutions(&puzzle, usize::MAX);
            assert!(found.contains(&solution), "N = {size}, seed {seed}");
            assert!(
                found
                    .windows(2)
                    .all(|pair| pair[0].heights() < pair[1].heights())
            );
            for grid in &found {
                assert_eq!(check(&puzzle, grid), Ok(()));
            }
        }
    }
}

#[test]
fn limits_are_respected() {
    let puzzle = Puzzle::new(4, Clues::empty(4)).expect("valid");
    assert_eq!(reference::count_solutions(&puzzle, 0), 0);
    assert_eq!(reference::count_solutions(&puzzle, 2), 2);
    assert_eq!(reference::solutions(&puzzle, 3).len(), 3);
    let impossible =
        parse_clues("4 4 0 0 0 0 0 0 0 0 0 0 0 0 0 0", Order::Source, None).expect("parses");
    assert_eq!(reference::count_solutions(&impossible, 2), 0);
    assert_eq!(reference::solve(&impossible), None);
}

fn rush() -> (Puzzle, Grid) {
    let puzzle =
        parse_clues("4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2", Order::Source, None).expect("parses");
    let solution = reference::solve(&puzzle).expect("solvable");
    (puzzle, solution)
}

fn with_cells(grid: &Grid, changes: &[(usize, u8)]) -> Grid {
    let mut heights = grid.heights().to_vec();
    for &(cell, height) in changes {
        heights[cell] = height;
    }
    Grid::new(grid.size(), heights).expect("same size")
}

fn violation(puzzle: &Puzzle, grid: &Grid) -> String {
    match check(puzzle, grid) {
        Ok(()) => panic!("{grid:?} was accepted"),
        Err(violation) => violation.to_string(),
    }
}

#[test]
fn checker_names_each_violation() {
    let (puzzle, solution) = rush();
    // Solution rows: 1 2 3 4 / 2 3 4 1 / 3 4 1 2 / 4 1 2 3.
    let small = Grid::new(3, vec![1; 9]).expect("valid");
    assert_eq!(
        violation(&puzzle, &small),
        "the grid is 3×3, the puzzle is 4×4"
    );
    assert_eq!(
        violation(&puzzle, &with_cells(&solution, &[(5, 0)])),
        "row 2, column 2: height 0 is not in 1..=4"
    );
    assert_eq!(
        violation(&puzzle, &with_cells(&solution, &[(7, 9)])),
        "row 2, column 4: height 9 is not in 1..=4"
    );
    assert_eq!(
        violation(&puzzle, &with_cells(&solution, &[(1, 1)])),
        "row 1: height 1 appears in columns 1 and 2"
    );
    // Swapping two rows keeps every row and column Latin but breaks clues.
    let swapped = with_cells(
        &solution,
        &[
            (0, 2),
            (1, 3),
            (2, 4),
            (3, 1),
            (4, 1),
            (5, 2),
            (6, 3),
            (7, 4),
        ],
    );
    assert_eq!(
        violation(&puzzle, &swapped),
        "top clue, column 1: the clue is 4 but 3 buildings are visible"
    );
    let column_clash = with_cells(&solution, &[(0, 2), (1, 1)]);
    assert_eq!(
        violation(&puzzle, &column_clash),
        "column 1: height 2 appears in rows 1 and 2"
    );
    let mut given = puzzle.clone();
    given.set_given(2, 2, Some(1)).expect("in range");
    assert_eq!(check(&given, &solution), Ok(()));
    given.set_given(2, 2, Some(2)).expect("in range");
    assert_eq!(
        violation(&given, &solution),
        "row 3, column 3: the given is 2 but the grid holds 1"
    );
    let violation_value = check(&given, &solution).expect_err("rejected");
    assert_eq!(
        violation_value,
        Violation::GivenChanged {
            row: 2,
            column: 2,
            given: 2,
            found: 1
        }
    );
}

#[test]
fn checker_reads_every_side_in_its_own_direction() {
    let (_, solution) = rush();
    let clues = Clues::from_solution(&solution);
    assert_eq!(clues.top, [Some(4), Some(3), Some(2), Some(1)]);
    assert_eq!(clues.bottom, [Some(1), Some(2), Some(2), Some(2)]);
    for side in Side::ALL {
        for index in 0..4 {
            let mut wrong = Clues::empty(4);
            let seen = clues.get(side, index).expect("full clues");
            wrong.side_mut(side)[index] = Some(if seen == 1 { 2 } else { seen - 1 });
            let puzzle = Puzzle::new(4, wrong).expect("valid");
            let error = check(&puzzle, &solution).expect_err("wrong clue");
            assert!(
                matches!(error, Violation::ClueNotMet { side: s, index: i, .. } if s == side && i == index),
                "{error}"
            );
        }
    }
}
