//! The model against brute force: on small random grids, the number of
//! solutions the engine counts equals the number of domino tilings of the
//! grid that the independent checker accepts; and the engine's oracle finds
//! every rule keeping its claims.

use proptest::prelude::*;
use sieve::Config;
use sieve::oracle::{Checks, check_all_rules_with};
use sieve_dominosa::{DominosaModel, Puzzle, Side, Tiling, check, count};

/// Every tiling of the grid by dominoes: the first open cell pairs right or
/// down, in turn.
fn tilings(width: usize, sides: &mut Vec<Option<Side>>, found: &mut Vec<Tiling>) {
    let Some(cell) = sides.iter().position(Option::is_none) else {
        let sides = sides.iter().map(|side| side.expect("filled")).collect();
        found.push(Tiling::new(width, sides).expect("whole rows"));
        return;
    };
    let cells = sides.len();
    for side in [Side::Right, Side::Down] {
        if let Some(partner) = side.of(cell, width, cells).filter(|&p| sides[p].is_none()) {
            sides[cell] = Some(side);
            sides[partner] = Some(side.opposite());
            tilings(width, sides, found);
            sides[cell] = None;
            sides[partner] = None;
        }
    }
}

/// The tilings the checker accepts.
fn brute_force(puzzle: &Puzzle) -> u64 {
    let mut all = Vec::new();
    tilings(
        puzzle.width(),
        &mut vec![None; puzzle.numbers().len()],
        &mut all,
    );
    all.iter()
        .filter(|tiling| check(puzzle, tiling).is_ok())
        .count() as u64
}

/// N = 2 or 3, each number N+2 times, shuffled by random swaps.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (2usize..=3, proptest::collection::vec(any::<u8>(), 20)).prop_map(|(size, swaps)| {
        let mut numbers: Vec<u8> = (0..=size as u8)
            .flat_map(|number| std::iter::repeat_n(number, size + 2))
            .collect();
        let cells = numbers.len();
        for (at, &swap) in swaps.iter().enumerate() {
            numbers.swap(at % cells, usize::from(swap) % cells);
        }
        Puzzle::new(size, numbers).expect("a valid puzzle")
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
    // The oracle enumerates every assignment of each rule's cells: a dozen
    // grids of N = 2 keep it to a second or so.
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn every_rule_keeps_its_claims(puzzle in puzzles().prop_filter("N = 2", |p| p.size() == 2)) {
        let dominosa = DominosaModel::new(&puzzle).expect("the model builds");
        let verdict = check_all_rules_with(dominosa.model(), &dominosa.start(), Checks::default())
            .expect("small enough for brute force");
        prop_assert_eq!(verdict, Ok(()));
    }
}

#[test]
fn the_tilings_of_small_grids_are_all_found() {
    // 3×4 has 11 domino tilings, 4×5 has 95.
    for (width, cells, expected) in [(4, 12, 11), (5, 20, 95)] {
        let mut all = Vec::new();
        tilings(width, &mut vec![None; cells], &mut all);
        assert_eq!(all.len(), expected, "{width} wide");
    }
}
