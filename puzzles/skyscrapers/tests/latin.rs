//! Seeded random Latin squares: valid, reproducible, and close to uniform.

mod common;

use std::collections::HashMap;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sieve_skyscrapers::{Clues, Grid, MAX_SIZE, Puzzle, PuzzleError, check, latin};

fn is_latin(grid: &Grid) -> bool {
    let size = grid.size();
    let puzzle = Puzzle::new(size, Clues::empty(size)).expect("valid");
    check(&puzzle, grid).is_ok()
}

#[test]
fn every_size_gives_a_latin_square() {
    for size in 1..=MAX_SIZE {
        for seed in 0..3 {
            let grid = latin::random_latin_square_seeded(size, seed).expect("valid size");
            assert_eq!(grid.size(), size);
            assert!(is_latin(&grid), "N = {size}, seed {seed}:\n{grid}");
        }
    }
}

#[test]
fn seeds_reproduce_and_differ() {
    for size in [5, 9, 16] {
        let first = latin::random_latin_square_seeded(size, 7).expect("valid");
        assert_eq!(
            latin::random_latin_square_seeded(size, 7),
            Ok(first.clone())
        );
        assert_ne!(latin::random_latin_square_seeded(size, 8), Ok(first));
    }
}

#[test]
fn sizes_out_of_range_are_errors() {
    assert_eq!(
        latin::random_latin_square_seeded(0, 1),
        Err(PuzzleError::SizeOutOfRange { size: 0 })
    );
    assert_eq!(
        latin::random_latin_square_seeded(17, 1),
        Err(PuzzleError::SizeOutOfRange { size: 17 })
    );
}

/// Draws `samples` squares from one stream and checks every one of the
/// `expected` squares shows up with a chi-square statistic below `bound`.
fn assert_roughly_uniform(size: usize, samples: usize, bound: f64) {
    let every_square = common::all_latin_squares(size);
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut counts: HashMap<Grid, usize> = HashMap::new();
    for _ in 0..samples {
        let grid = latin::random_latin_square(size, &mut rng).expect("valid");
        *counts.entry(grid).or_default() += 1;
    }
    assert_eq!(
        counts.len(),
        every_square.len(),
        "every square of order {size} appears"
    );
    let expected = samples as f64 / every_square.len() as f64;
    let chi_square: f64 = every_square
        .iter()
        .map(|grid| {
            let observed = counts.get(grid).copied().unwrap_or(0) as f64;
            (observed - expected).powi(2) / expected
        })
        .sum();
    assert!(
        chi_square < bound,
        "order {size}: chi-square {chi_square:.1} ≥ {bound}"
    );
}

#[test]
fn order_three_is_uniform() {
    // 12 squares, 11 degrees of freedom: the 99.99th percentile is about 35.
    assert_roughly_uniform(3, 2400, 35.0);
}

#[test]
fn order_four_is_uniform_including_the_non_cyclic_class() {
    // 576 squares, 575 degrees of freedom: mean 575, standard deviation ~34;
    // permuting only the cyclic square would miss half of them.
    assert_roughly_uniform(4, 576 * 20, 575.0 + 6.0 * 34.0);
}
