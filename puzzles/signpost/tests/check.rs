//! The independent checker, and the model against brute force: on small
//! random puzzles, the number of solutions Sieve counts equals the number of
//! numberings a plain enumeration of paths along the arrows finds that the
//! checker accepts.

use proptest::prelude::*;
use sieve::Config;
use sieve_signpost::{Direction, Numbering, Puzzle, Violation, check, count, parse_signpost_id};

/// The solution of `3x3:d1d9aaegbgh` (Tatham's answer).
fn solved() -> (Puzzle, Numbering) {
    let puzzle = parse_signpost_id("3x3:d1d9aaegbgh").expect("a valid ID");
    (puzzle, Numbering::new(3, vec![4, 1, 9, 3, 6, 2, 8, 7, 5]))
}

#[test]
fn the_checker_accepts_the_answer_and_names_each_fault() {
    let (puzzle, numbering) = solved();
    assert_eq!(check(&puzzle, &numbering), Ok(()));
    let wrong = |numbers: Vec<usize>| check(&puzzle, &Numbering::new(3, numbers));
    assert!(matches!(
        wrong(vec![4, 1, 9]),
        Err(Violation::Size { found: 3, .. })
    ));
    assert!(matches!(
        wrong(vec![4, 1, 9, 3, 6, 2, 8, 7, 4]),
        Err(Violation::Number { number: 4, .. })
    ));
    assert!(matches!(
        wrong(vec![4, 1, 10, 3, 6, 2, 8, 7, 5]),
        Err(Violation::Number { number: 10, .. })
    ));
    assert_eq!(
        wrong(vec![4, 2, 9, 3, 6, 1, 8, 7, 5]),
        Err(Violation::Given {
            cell: "r1c2".into(),
            given: 1,
            number: 2
        })
    );
    // 3 and 5 swapped: 2 at r2c3 points left, at r2c2 and r2c1, not at r3c3.
    assert_eq!(
        wrong(vec![4, 1, 9, 5, 6, 2, 8, 7, 3]).map_err(|v| v.to_string()),
        Err("2 at r2c3 does not point at 3 at r3c3".to_string())
    );
}

/// Every numbering of `puzzle` that follows the arrows from some first cell,
/// found by walking paths (no rule, no model), each kept if the checker
/// accepts it.
fn brute_force(puzzle: &Puzzle) -> usize {
    fn walk(puzzle: &Puzzle, numbers: &mut Vec<usize>, at: usize, next: usize, found: &mut usize) {
        if next > puzzle.cells() {
            let numbering = Numbering::new(puzzle.width(), numbers.clone());
            *found += usize::from(check(puzzle, &numbering).is_ok());
            return;
        }
        for to in puzzle.pointed_at(at) {
            if numbers[to] == 0 {
                numbers[to] = next;
                walk(puzzle, numbers, to, next + 1, found);
                numbers[to] = 0;
            }
        }
    }
    let mut found = 0;
    for first in 0..puzzle.cells() {
        let mut numbers = vec![0; puzzle.cells()];
        numbers[first] = 1;
        walk(puzzle, &mut numbers, first, 2, &mut found);
    }
    found
}

/// Small random puzzles: sides 1 to 3 by 1 to 4, random arrows, a few cells
/// given random distinct numbers (often no solution, sometimes several).
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        (1usize..=3, 1usize..=4),
        proptest::collection::vec(0usize..8, 12),
        proptest::collection::vec(0usize..40, 12),
    )
        .prop_map(|((width, height), arrows, draws)| {
            let cells = width * height;
            let arrows = arrows[..cells].iter().map(|&a| Direction::ALL[a]).collect();
            let mut used = vec![false; cells + 1];
            let givens = (draws[..cells].iter())
                .map(|&draw| {
                    let number = draw + 1;
                    (number <= cells && !used[number]).then(|| {
                        used[number] = true;
                        number
                    })
                })
                .collect();
            Puzzle::new((width, height), arrows, givens).expect("a valid puzzle")
        })
}

proptest! {
    #[test]
    fn counts_equal_brute_force(puzzle in puzzles()) {
        let (counted, _) = count(&puzzle, None, &Config::default()).expect("the model builds");
        prop_assert_eq!(counted.solutions, brute_force(&puzzle) as u64, "{:?}", puzzle);
    }
}

#[test]
fn every_2x2_and_2x3_arrow_grid_without_givens_counts_as_brute_force() {
    let mut with_solutions = [0usize; 3];
    for (width, height, grids) in [(2usize, 2usize, 8usize.pow(4)), (3, 2, 8usize.pow(6))] {
        // Every grid of arrows of the 2×2; every 61st of the 3×2 (a spread sample).
        let step = if width * height == 4 { 1 } else { 61 };
        for code in (0..grids).step_by(step) {
            let cells = width * height;
            let arrows = (0..cells)
                .map(|cell| Direction::ALL[(code >> (3 * cell)) & 7])
                .collect();
            let puzzle = Puzzle::new((width, height), arrows, vec![None; cells]).expect("a puzzle");
            let (counted, _) = count(&puzzle, None, &Config::default()).expect("the model builds");
            let expected = brute_force(&puzzle);
            assert_eq!(counted.solutions, expected as u64, "{puzzle:?}");
            with_solutions[expected.min(2)] += 1;
        }
    }
    // The enumeration meets grids without a path, with one and with several.
    assert!(
        with_solutions.iter().all(|&grids| grids > 10),
        "{with_solutions:?}"
    );
}

proptest! {
    /// Signpost's own rule, `Links`, checked by brute force (`sieve::oracle`) on
    /// small random puzzles from random partial states: it never removes a value
    /// some solution has, and its claims (idempotence, entailment) hold.
    #[test]
    fn the_links_rule_is_sound_and_keeps_its_claims(
        puzzle in puzzles(),
        fixes in proptest::collection::vec((0usize..12, 1i32..13), 0..3),
    ) {
        // Brute force enumerates numbers and successors together: up to 4 cells.
        prop_assume!(puzzle.cells() <= 4);
        let signpost = sieve_signpost::SignpostModel::new(&puzzle).expect("the model builds");
        let model = signpost.model();
        let mut state = signpost.start();
        for (cell, number) in fixes {
            let var = signpost.numbers()[cell % puzzle.cells()];
            if state.contains(var, number) {
                state.assign(var, number).expect("a candidate");
            }
        }
        let links = (model.rules())
            .find(|(_, rule)| rule.kind().contains("Links"))
            .map(|(id, _)| id)
            .expect("the model has its links rule");
        let verdict = sieve::oracle::check_rule(model, &state, links).expect("small enough");
        prop_assert_eq!(verdict, Ok(()), "{:?}", puzzle);
    }
}
