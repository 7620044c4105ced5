//! The model against brute force: on small random maps, the number of
//! colourings the engine counts equals the number the independent checker
//! accepts out of all 4^regions; and the engine's oracle finds every rule
//! keeping its claims.

use proptest::prelude::*;
use sieve::Config;
use sieve::oracle::{Checks, check_all_rules_with};
use sieve_map::parse::{line_cells, line_count};
use sieve_map::{Colouring, MapModel, Puzzle, check, count};

/// Every colouring the checker accepts.
fn brute_force(puzzle: &Puzzle) -> u64 {
    let regions = puzzle.regions() as u32;
    (0u32..4u32.pow(regions))
        .filter(|&code| {
            let colours = (0..regions)
                .map(|region| (code >> (2 * region) & 3) as u8)
                .collect();
            check(puzzle, &Colouring::new(colours)).is_ok()
        })
        .count() as u64
}

/// A 3×3 or 4×3 grid cut by random walls into at most 8 regions, a few of
/// them given a random colour.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        3usize..=4,
        proptest::collection::vec(0u8..3, 17),
        proptest::collection::vec(0u8..10, 12),
    )
        .prop_map(|(width, open, colours)| {
            let height = 3;
            let cells = width * height;
            let mut parent: Vec<usize> = (0..cells).collect();
            fn root(parent: &mut [usize], mut cell: usize) -> usize {
                while parent[cell] != cell {
                    cell = parent[cell];
                }
                cell
            }
            for (line, &draw) in open.iter().enumerate().take(line_count(width, height)) {
                if draw == 0 {
                    let (a, b) = line_cells(width, height, line);
                    let (a, b) = (root(&mut parent, a), root(&mut parent, b));
                    parent[a.max(b)] = a.min(b);
                }
            }
            let mut number = vec![usize::MAX; cells];
            let mut regions = 0;
            let region_of: Vec<usize> = (0..cells)
                .map(|cell| {
                    let first = root(&mut parent, cell);
                    if number[first] == usize::MAX {
                        number[first] = regions;
                        regions += 1;
                    }
                    number[first]
                })
                .collect();
            let givens = colours[..regions]
                .iter()
                .map(|&draw| (draw < 4).then_some(draw))
                .collect();
            Puzzle::new(width, height, region_of, givens).expect("a valid puzzle")
        })
        .prop_filter("at most 8 regions", |puzzle| puzzle.regions() <= 8)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_engine_counts_what_the_checker_accepts(puzzle in puzzles()) {
        let (counted, _) = count(&puzzle, None, &Config::default()).expect("the model builds");
        prop_assert!(counted.is_exact());
        prop_assert_eq!(counted.solutions, brute_force(&puzzle), "{:?}", puzzle);
    }

    #[test]
    fn every_rule_keeps_its_claims(puzzle in puzzles()) {
        let map = MapModel::new(&puzzle).expect("the model builds");
        let verdict = check_all_rules_with(map.model(), &map.start(), Checks::default())
            .expect("small enough for brute force");
        prop_assert_eq!(verdict, Ok(()));
    }
}
