//! The SRMagic random helpers, on a seeded generator.
//!
//! The source exports three helpers built on C's `rand()`:
//! `SRmagic_Random(N)` (an integer in `1..=N`), `SRmagic_RandImpar(N)` (an
//! odd integer up to `N`) and `SRmagic_RandCuadrado(N)` (an odd square
//! `n²`, `n` odd, up to `N`), used to pick sizes. Here they take the
//! generator explicitly — pass a `rand_chacha::ChaCha8Rng` seeded with
//! `seed_from_u64` for portable, reproducible results — and fix two quirks of
//! the source, which are noted on each function.

use rand::Rng;
use thiserror::Error;

/// The helpers' only failure: the range `1..=max` is empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("the range 1..={max} is empty, so no number can be drawn from it")]
pub struct EmptyRange {
    /// The bound given (always 0).
    pub max: u64,
}

/// An integer drawn uniformly from `1..=max` (`SRmagic_Random`).
///
/// ```
/// use rand::SeedableRng;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let drawn = sieve_magic::random::random_integer(&mut rng, 6)?;
/// assert!((1..=6).contains(&drawn));
/// # Ok::<(), sieve_magic::random::EmptyRange>(())
/// ```
pub fn random_integer<R: Rng + ?Sized>(rng: &mut R, max: u64) -> Result<u64, EmptyRange> {
    if max == 0 {
        return Err(EmptyRange { max });
    }
    Ok(rng.random_range(1..=max))
}

/// An odd integer drawn uniformly from the odd numbers in `1..=max`
/// (`SRmagic_RandImpar`).
///
/// The source computes `1 + 2·(Random(max) / 2)`, which makes 1 half as
/// likely as the other odd numbers and can return `max + 1` for an even
/// `max`; this version is uniform and never exceeds `max`.
pub fn random_odd<R: Rng + ?Sized>(rng: &mut R, max: u64) -> Result<u64, EmptyRange> {
    if max == 0 {
        return Err(EmptyRange { max });
    }
    let odd_count = max.div_ceil(2);
    Ok(2 * rng.random_range(0..odd_count) + 1)
}

/// An odd square `n²` with `n` odd and `n² ≤ max`, `n` drawn uniformly
/// (`SRmagic_RandCuadrado`) — the sizes 1, 9, 25, 49, ... of SRMagic.
///
/// The source draws `n` with its `RandImpar(√max)`, so for some bounds
/// (e.g. 16) it can return a square above `max`; this version cannot.
pub fn random_odd_square<R: Rng + ?Sized>(rng: &mut R, max: u64) -> Result<u64, EmptyRange> {
    if max == 0 {
        return Err(EmptyRange { max });
    }
    let root = random_odd(rng, max.isqrt())?;
    Ok(root * root)
}
