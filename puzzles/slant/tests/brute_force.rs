//! The model against brute force: on small random puzzles, the number of
//! solutions the engine counts equals the number of fillings the
//! independent checker accepts out of all 2^(W·H). A rule that left out a
//! real solution (a window table too strict) or let a wrong one through
//! would show here; the engine's oracle also checks each rule's removals.

use proptest::prelude::*;
use sieve::Config;
use sieve::oracle::{Checks, check_all_rules_with};
use sieve_slant::{Diagonal, Grid, Puzzle, SlantModel, check, count};

/// Every filling the checker accepts.
fn brute_force(puzzle: &Puzzle) -> u64 {
    let cells = puzzle.width() * puzzle.height();
    (0u32..1 << cells)
        .filter(|&filling| {
            let diagonals = (0..cells)
                .map(|cell| match filling >> cell & 1 {
                    1 => Diagonal::Backslash,
                    _ => Diagonal::Slash,
                })
                .collect();
            let grid = Grid::new(puzzle.width(), puzzle.height(), diagonals).expect("W·H cells");
            check(puzzle, &grid).is_ok()
        })
        .count() as u64
}

/// Up to 3×4 cells: the clues a random filling makes (loops and all),
/// each corner shown with probability about a half.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        2usize..=3,
        2usize..=4,
        proptest::collection::vec(any::<bool>(), 12),
        proptest::collection::vec(any::<bool>(), 20),
    )
        .prop_map(|(width, height, backslashes, shown)| {
            let across = width + 1;
            let mut lines = vec![0u8; across * (height + 1)];
            for (cell, &backslash) in backslashes.iter().enumerate().take(width * height) {
                let (row, column) = (cell / width, cell % width);
                let (a, b) = if backslash {
                    (row * across + column, (row + 1) * across + column + 1)
                } else {
                    (row * across + column + 1, (row + 1) * across + column)
                };
                lines[a] += 1;
                lines[b] += 1;
            }
            let clues = (lines.iter().zip(&shown))
                .map(|(&count, &shown)| shown.then_some(count))
                .collect();
            Puzzle::new(width, height, clues).expect("a valid puzzle")
        })
}

/// At most 3×3 cells, so that the oracle's brute force stays quick.
fn small_puzzles() -> impl Strategy<Value = Puzzle> {
    puzzles().prop_filter("at most 9 cells", |puzzle| {
        puzzle.width() * puzzle.height() <= 9
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_engine_counts_what_the_checker_accepts(puzzle in puzzles()) {
        let (counted, _) = count(&puzzle, None, &Config::default()).expect("the model builds");
        prop_assert!(counted.is_exact());
        prop_assert_eq!(counted.solutions, brute_force(&puzzle), "{:?}", puzzle);
    }

}

proptest! {
    // The oracle enumerates every assignment of each rule's cells: a few
    // dozen puzzles keep it to a second or so.
    #![proptest_config(ProptestConfig::with_cases(20))]

    #[test]
    fn every_rule_keeps_its_claims(puzzle in small_puzzles()) {
        let slant = SlantModel::new(&puzzle).expect("the model builds");
        // A clue its corner cannot meet starts the model with an empty
        // domain: nothing left to check.
        prop_assume!(!slant.start().any_empty());
        let verdict = check_all_rules_with(slant.model(), &slant.start(), Checks::default())
            .expect("small enough for brute force");
        prop_assert_eq!(verdict, Ok(()));
    }
}

proptest! {
    // Past the start: the clue counts and the no-loop rule are the puzzle's
    // own, so they are checked on states a search reaches too, with some
    // cells drawn at random (loops and broken clues included).
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn every_rule_keeps_its_claims_part_way(
        puzzle in small_puzzles(),
        drawn in proptest::collection::vec(0u8..3, 9),
    ) {
        let slant = SlantModel::new(&puzzle).expect("the model builds");
        let mut state = slant.start();
        prop_assume!(!state.any_empty());
        let width = puzzle.width();
        for (cell, &value) in drawn.iter().enumerate().take(width * puzzle.height()) {
            // 0 draws `/`, 1 draws `\`, 2 leaves the cell open.
            if let Some(var) = slant.var_at(cell / width, cell % width)
                && value < 2
            {
                state.assign(var, i32::from(value)).expect("a cell's value");
            }
        }
        prop_assume!(!state.any_empty());
        let verdict = check_all_rules_with(slant.model(), &state, Checks::default())
            .expect("small enough for brute force");
        prop_assert_eq!(verdict, Ok(()));
    }
}
