//! Solving, counting and rating with the engine, checked by the independent
//! checker and against the brute-force reference solver.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sieve::{Config, Restore, Schedule, VarOrder};
use sieve_skyscrapers::latin::random_latin_square;
use sieve_skyscrapers::rate::{Difficulty, RateError, rate};
use sieve_skyscrapers::solve::{Answer, count, solve};
use sieve_skyscrapers::{
    Clues, Order, Puzzle, Side, SkyscrapersModel, Tier, check, format_solution, parse_clues,
    reference,
};

/// The rush exercise's example (the source's format) and its published answer.
const RUSH_INPUT: &str = "4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2";
const RUSH_OUTPUT: &str = "1 2 3 4\n2 3 4 1\n3 4 1 2\n4 1 2 3\n";

#[test]
fn the_source_example_is_solved_uniquely_by_the_engine() {
    let puzzle: Puzzle = RUSH_INPUT.parse().expect("the example parses");
    let solved = solve(&puzzle, &Config::default()).expect("the model builds");
    let Answer::Unique(grid) = &solved.answer else {
        panic!("expected one solution, got {:?}", solved.answer);
    };
    assert_eq!(check(&puzzle, grid), Ok(()));
    assert_eq!(format_solution(grid), RUSH_OUTPUT);
    assert_eq!(solved.counters.nodes, 1, "propagation alone solves it");
}

#[test]
fn the_source_example_needs_the_viewpoint_rules() {
    let puzzle: Puzzle = RUSH_INPUT.parse().expect("parses");
    let rating = rate(&puzzle).expect("rated");
    assert_eq!(rating.difficulty, Difficulty::Logic(Tier::Viewpoint));
    assert_eq!(format_solution(&rating.solution), RUSH_OUTPUT);
    assert!(!sieve_skyscrapers::rate::solves_within(&puzzle, Tier::Edge).expect("builds"));
}

/// A random puzzle of size `size`: the clues of a random square, each kept
/// with probability `keep`/10, and a few cells of the square given.
fn random_puzzle(size: usize, seed: u64, keep: u32) -> Puzzle {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let square = random_latin_square(size, &mut rng).expect("valid size");
    let mut clues = Clues::from_solution(&square);
    for side in Side::ALL {
        for clue in clues.side_mut(side) {
            if rng.random_range(0..10) >= keep {
                *clue = None;
            }
        }
    }
    let mut puzzle = Puzzle::new(size, clues).expect("clues in range");
    for _ in 0..rng.random_range(0..=size / 2) {
        let (row, column) = (rng.random_range(0..size), rng.random_range(0..size));
        let height = square.get(row, column);
        puzzle
            .set_given(row, column, Some(height))
            .expect("in range");
    }
    puzzle
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// The engine and the reference count the same solutions (up to a
    /// limit), and every solution the engine finds passes the checker.
    #[test]
    fn engine_and_reference_agree(size in 1usize..=5, seed in any::<u64>(), keep in 3u32..=10) {
        let puzzle = random_puzzle(size, seed, keep);
        let limit = 40;
        let engine = count(&puzzle, Some(limit), &Config::default()).expect("builds");
        let expected = reference::count_solutions(&puzzle, limit as usize) as u64;
        prop_assert_eq!(engine.count.solutions, expected, "{:?}", puzzle);
        let model = SkyscrapersModel::solver(&puzzle).expect("builds");
        let search = model.search(Config::default()).expect("search starts");
        for solution in search.take(limit as usize) {
            let grid = model.grid_of_values(&solution.values);
            prop_assert_eq!(check(&puzzle, &grid), Ok(()));
        }
    }
}

#[test]
fn every_strategy_gives_the_same_answers() {
    for seed in 0..12 {
        let size = 4 + (seed % 3) as usize;
        let puzzle = random_puzzle(size, seed, 7);
        let baseline = solve(&puzzle, &Config::default()).expect("builds").answer;
        for schedule in Schedule::ALL {
            for restore in Restore::ALL {
                for order in VarOrder::ALL {
                    let config = Config::default()
                        .schedule(schedule)
                        .restore(restore)
                        .var_order(order);
                    let answer = solve(&puzzle, &config).expect("builds").answer;
                    assert_eq!(
                        answer.grid().is_some(),
                        baseline.grid().is_some(),
                        "seed {seed}, {config:?}"
                    );
                    assert_eq!(
                        std::mem::discriminant(&answer),
                        std::mem::discriminant(&baseline),
                        "seed {seed}, {config:?}"
                    );
                    if let Some(grid) = answer.grid() {
                        assert_eq!(check(&puzzle, grid), Ok(()), "seed {seed}");
                    }
                }
            }
        }
    }
}

#[test]
fn contradictory_clues_have_no_solution() {
    // Clue 1 on both ends of row 1: the tallest cannot stand at both.
    let puzzle =
        parse_clues("0 0 0 0 0 0 0 0 1 0 0 0 1 0 0 0", Order::Source, None).expect("parses");
    assert_eq!(
        solve(&puzzle, &Config::default()).expect("builds").answer,
        Answer::NoSolution
    );
    assert_eq!(rate(&puzzle), Err(RateError::NoSolution));
    assert_eq!(reference::count_solutions(&puzzle, 1), 0);
}

#[test]
fn open_grids_count_the_latin_squares() {
    for (size, squares) in [(1, 1), (2, 2), (3, 12), (4, 576)] {
        let puzzle = Puzzle::new(size, Clues::empty(size)).expect("valid");
        let counted = count(&puzzle, None, &Config::default()).expect("builds");
        assert_eq!(counted.count.solutions, squares, "N = {size}");
        assert!(counted.count.is_exact());
    }
    let three = Puzzle::new(3, Clues::empty(3)).expect("valid");
    let Answer::Several(first, second) = solve(&three, &Config::default()).expect("builds").answer
    else {
        panic!("an open 3×3 grid has several solutions");
    };
    assert_ne!(first, second);
    assert_eq!(check(&three, &first), Ok(()));
    assert_eq!(check(&three, &second), Ok(()));
    let rating = rate(&three).expect("rated");
    assert!(rating.difficulty.needs_guessing() && !rating.unique);
    // Three decisions: r1c1, r1c2, then r2c1; the lines tier does the rest.
    assert_eq!(
        rating.to_string(),
        "needs guessing (3 guesses), several solutions"
    );
}

#[test]
fn large_grids_solve_and_check() {
    for (size, seed) in [(10, 1), (12, 2), (16, 3)] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let square = random_latin_square(size, &mut rng).expect("valid size");
        let mut puzzle = Puzzle::new(size, Clues::from_solution(&square)).expect("valid");
        for cell in (0..size * size).filter(|cell| cell % 2 == 0) {
            let (row, column) = (cell / size, cell % size);
            puzzle
                .set_given(row, column, Some(square.get(row, column)))
                .expect("in range");
        }
        let solved = solve(&puzzle, &Config::default().node_limit(100_000)).expect("builds");
        let grid = solved.answer.grid().expect("a solution");
        assert_eq!(check(&puzzle, grid), Ok(()), "N = {size}");
    }
}
