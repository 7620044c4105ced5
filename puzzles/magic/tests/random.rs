//! The SRMagic random helpers on a seeded ChaCha8 generator.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sieve_magic::random::{EmptyRange, random_integer, random_odd, random_odd_square};

#[test]
fn integers_cover_exactly_one_to_max() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut seen = [false; 7];
    for _ in 0..500 {
        let drawn = random_integer(&mut rng, 6).unwrap();
        assert!((1..=6).contains(&drawn));
        seen[drawn as usize] = true;
    }
    assert!(seen[1..].iter().all(|&hit| hit));
    assert_eq!(random_integer(&mut rng, 1), Ok(1));
}

#[test]
fn odd_numbers_cover_the_odd_values_up_to_max() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for max in [1_u64, 2, 7, 8] {
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..300 {
            let drawn = random_odd(&mut rng, max).unwrap();
            assert!(drawn % 2 == 1 && drawn <= max, "{drawn} for max {max}");
            seen.insert(drawn);
        }
        let expected: Vec<u64> = (1..=max).filter(|value| value % 2 == 1).collect();
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), expected);
    }
}

#[test]
fn odd_squares_stay_under_the_bound() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for max in [1_u64, 8, 9, 16, 24, 25, 48, 49, 100] {
        for _ in 0..100 {
            let drawn = random_odd_square(&mut rng, max).unwrap();
            let root = drawn.isqrt();
            assert_eq!(root * root, drawn);
            assert!(root % 2 == 1 && drawn <= max, "{drawn} for max {max}");
        }
    }
    let sizes: std::collections::BTreeSet<u64> = (0..200)
        .map(|_| random_odd_square(&mut rng, 50).unwrap())
        .collect();
    assert_eq!(sizes.into_iter().collect::<Vec<_>>(), [1, 9, 25, 49]);
}

#[test]
fn an_empty_range_is_an_error() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    assert_eq!(random_integer(&mut rng, 0), Err(EmptyRange { max: 0 }));
    assert_eq!(random_odd(&mut rng, 0), Err(EmptyRange { max: 0 }));
    assert_eq!(
        random_odd_square(&mut rng, 0).unwrap_err().to_string(),
        "the range 1..=0 is empty, so no number can be drawn from it"
    );
}

#[test]
fn draws_are_reproducible_from_the_seed() {
    let draws = |seed| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (0..20)
            .map(|_| random_integer(&mut rng, 1000).unwrap())
            .collect::<Vec<_>>()
    };
    assert_eq!(draws(5), draws(5));
    assert_ne!(draws(5), draws(6));
}
