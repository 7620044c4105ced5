//! Many puzzles at once, in parallel, reproducibly.
//!
//! Puzzle `i` of a batch with seed `s` is generated from its own seed
//! [`puzzle_seed(s, i)`](puzzle_seed), so it does not depend on which thread
//! makes it, on how many threads there are, or on the puzzles before it: a
//! batch is the same on one thread and on sixty-four, and its first `k`
//! puzzles are the batch of `k`. Work is spread with rayon over the current
//! thread pool (wrap a call in `ThreadPool::install` to choose the threads).
//!
//! ```
//! use sieve_sudoku::Shape;
//! use sieve_sudoku::generate::{Method, UniqueOptions, generate_many};
//!
//! let method = Method::Unique(UniqueOptions::new(Shape::new(2, 3)?));
//! let puzzles = generate_many(&method, 42, 4)?;
//! assert_eq!(puzzles.len(), 4);
//! assert_eq!(generate_many(&method, 42, 2)?, puzzles[..2]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::ops::Range;
use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::transform::{self, Variety};
use super::unique::{UniqueGenerator, UniqueOptions, passed};
use super::{GenerateError, GeneratedPuzzle, srmagic};

/// A generation method and its options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// Random full grids, clues removed while the solution stays unique.
    Unique(UniqueOptions),
    /// The SRMagic pipeline for a side N = n².
    SrMagic {
        /// The side: 4, 9, 16, 25, 36, 49 or 64.
        size: usize,
    },
    /// The MZ-80B transforms of a stored 9×9 grid, `8·level` cells hidden.
    Transform {
        /// 1 (easy) to 8 (hard).
        level: u8,
        /// Which transforms.
        variety: Variety,
    },
}

impl Method {
    /// The method's name on the command line: `unique`, `srmagic` or `transform`.
    pub fn name(&self) -> &'static str {
        match self {
            Method::Unique(_) => "unique",
            Method::SrMagic { .. } => "srmagic",
            Method::Transform { .. } => "transform",
        }
    }
}

impl fmt::Display for Method {
    /// The method's [`name`](Method::name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The seed of puzzle `index` in a batch with seed `seed`: the `index`-th
/// output (counting from 0) of a SplitMix64 generator whose state starts at
/// `seed`.
///
/// That is, with wrapping 64-bit arithmetic, `z = seed + (index + 1) ·
/// 0x9E37_79B9_7F4A_7C15`, then `z = (z ^ z >> 30) · 0xBF58_476D_1CE4_E5B9`,
/// `z = (z ^ z >> 27) · 0x94D0_49BB_1331_11EB`, and the seed is `z ^ z >> 31`.
/// Nearby batch seeds and indices give unrelated puzzle seeds, and the value
/// is the same on every machine.
///
/// ```
/// use sieve_sudoku::generate::puzzle_seed;
/// // SplitMix64's first output from state 0.
/// assert_eq!(puzzle_seed(0, 0), 0xE220_A839_7B1D_CDAF);
/// ```
pub const fn puzzle_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Generates `count` puzzles in parallel, puzzle `i` from
/// [`puzzle_seed(seed, i)`](puzzle_seed), in index order.
pub fn generate_many(
    method: &Method,
    seed: u64,
    count: usize,
) -> Result<Vec<GeneratedPuzzle>, GenerateError> {
    generate_many_with_progress(method, seed, 0..count, &|| {})
}

/// Generates the puzzles with the `indices` of a batch in parallel, in index
/// order, calling `on_each` as each one is done (from any thread), for a
/// progress bar. Consecutive ranges give the batch piece by piece.
pub fn generate_many_with_progress(
    method: &Method,
    seed: u64,
    indices: Range<usize>,
    on_each: &(dyn Fn() + Sync),
) -> Result<Vec<GeneratedPuzzle>, GenerateError> {
    generate_many_until(method, seed, indices, on_each, None)
}

/// [`generate_many_with_progress`], stopping with [`GenerateError::TimedOut`]
/// once `deadline` has passed (checked before each puzzle, and within each
/// attempt of [`Method::Unique`]): the puzzles are the same as without it
/// whenever it does not stop.
pub fn generate_many_until(
    method: &Method,
    seed: u64,
    indices: Range<usize>,
    on_each: &(dyn Fn() + Sync),
    deadline: Option<Instant>,
) -> Result<Vec<GeneratedPuzzle>, GenerateError> {
    let seeds = indices
        .into_par_iter()
        .map(|index| puzzle_seed(seed, index as u64));
    match *method {
        Method::Unique(options) => {
            let generator = UniqueGenerator::new(options)?;
            seeds
                .map_init(
                    || generator.worker(),
                    |worker, puzzle| {
                        let generated = worker
                            .as_mut()
                            .map_err(|error| error.clone())?
                            .generate_until(puzzle, deadline);
                        on_each();
                        generated
                    },
                )
                .collect()
        }
        Method::SrMagic { size } => seeds
            .map(|puzzle| {
                passed(deadline)?;
                let generated = srmagic::generate(size, puzzle);
                on_each();
                generated
            })
            .collect(),
        Method::Transform { level, variety } => seeds
            .map(|puzzle| {
                passed(deadline)?;
                let mut rng = ChaCha8Rng::seed_from_u64(puzzle);
                let generated = transform::generate_with_rng(level, variety, &mut rng);
                on_each();
                generated
            })
            .collect(),
    }
}
