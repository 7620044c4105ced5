//! Seeded random Latin squares: the solutions puzzles are generated from.
//!
//! Uses the Jacobson–Matthews Markov chain, whose stationary distribution is
//! uniform over the (proper) Latin squares of order N, started from the cyclic
//! square and run for N³ moves; then, while the square is improper, for N²
//! more moves at a time. (Stopping at the very first proper square instead
//! would be biased: squares are not all entered from improper ones equally
//! often. The `latin` tests measure this with a chi-square over all 576
//! squares of order 4.) A random shuffle of rows, columns and symbols follows. Everything is driven by one
//! [`ChaCha8Rng`], so a seed always gives the same square on every platform.
//!
//! ```
//! use sieve_skyscrapers::latin::random_latin_square_seeded;
//!
//! let square = random_latin_square_seeded(6, 42)?;
//! assert_eq!(square, random_latin_square_seeded(6, 42)?);
//! # Ok::<(), sieve_skyscrapers::PuzzleError>(())
//! ```

use rand::Rng;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::puzzle::{Grid, MAX_SIZE, PuzzleError};

/// The incidence cube of a (possibly improper) Latin square: entry
/// (row, column, symbol) is 1 when the cell holds the symbol; an improper
/// square has exactly one −1 entry.
struct IncidenceCube {
    size: usize,
    entries: Vec<i8>,
    /// The −1 entry while the square is improper.
    improper: Option<[usize; 3]>,
}

/// The three axes of the cube.
#[derive(Clone, Copy)]
enum Axis {
    Row,
    Column,
    Symbol,
}

impl IncidenceCube {
    /// The cyclic square: cell (r, c) holds (r + c) mod N.
    fn cyclic(size: usize) -> IncidenceCube {
        let mut entries = vec![0; size * size * size];
        for row in 0..size {
            for column in 0..size {
                entries[(row * size + column) * size + (row + column) % size] = 1;
            }
        }
        IncidenceCube {
            size,
            entries,
            improper: None,
        }
    }

    fn index(&self, [row, column, symbol]: [usize; 3]) -> usize {
        (row * self.size + column) * self.size + symbol
    }

    fn add(&mut self, at: [usize; 3], delta: i8) {
        let index = self.index(at);
        self.entries[index] += delta;
    }

    /// The coordinates along `axis` through `at` whose entry is 1.
    fn ones_along(&self, at: [usize; 3], axis: Axis) -> Vec<usize> {
        (0..self.size)
            .filter(|&value| {
                let mut point = at;
                point[axis as usize] = value;
                self.entries[self.index(point)] == 1
            })
            .collect()
    }

    /// A random cell whose entry is 0, from a proper square.
    fn random_zero(&self, rng: &mut ChaCha8Rng) -> [usize; 3] {
        let row = rng.random_range(0..self.size);
        let column = rng.random_range(0..self.size);
        let held = self.ones_along([row, column, 0], Axis::Symbol)[0];
        let mut symbol = rng.random_range(0..self.size - 1);
        if symbol >= held {
            symbol += 1;
        }
        [row, column, symbol]
    }

    /// One Jacobson–Matthews move.
    fn step(&mut self, rng: &mut ChaCha8Rng) {
        let at = match self.improper {
            Some(at) => at,
            None => self.random_zero(rng),
        };
        let mut pick = |axis: Axis| {
            let ones = self.ones_along(at, axis);
            ones[rng.random_range(0..ones.len())]
        };
        let (other_row, other_column, other_symbol) =
            (pick(Axis::Row), pick(Axis::Column), pick(Axis::Symbol));
        let [row, column, symbol] = at;
        for (point, delta) in [
            ([row, column, symbol], 1),
            ([row, other_column, other_symbol], 1),
            ([other_row, column, other_symbol], 1),
            ([other_row, other_column, symbol], 1),
            ([row, column, other_symbol], -1),
            ([row, other_column, symbol], -1),
            ([other_row, column, symbol], -1),
            ([other_row, other_column, other_symbol], -1),
        ] {
            self.add(point, delta);
        }
        let corner = [other_row, other_column, other_symbol];
        self.improper = (self.entries[self.index(corner)] == -1).then_some(corner);
    }

    /// The symbol (0-based) of each cell, row-major; only for a proper square.
    fn symbols(&self) -> Vec<usize> {
        (0..self.size * self.size)
            .map(|cell| {
                let at = [cell / self.size, cell % self.size, 0];
                self.ones_along(at, Axis::Symbol)[0]
            })
            .collect()
    }
}

/// A random Latin square of order `size` (1..=16) drawn from `rng`, as a grid of heights `1..=N`.
pub fn random_latin_square(size: usize, rng: &mut ChaCha8Rng) -> Result<Grid, PuzzleError> {
    if !(1..=MAX_SIZE).contains(&size) {
        return Err(PuzzleError::SizeOutOfRange { size });
    }
    let mut cube = IncidenceCube::cyclic(size);
    if size > 1 {
        for _ in 0..size.pow(3) {
            cube.step(rng);
        }
        while cube.improper.is_some() {
            for _ in 0..size * size {
                cube.step(rng);
            }
        }
    }
    let symbols = cube.symbols();
    let mut rows: Vec<usize> = (0..size).collect();
    let mut columns: Vec<usize> = (0..size).collect();
    let mut relabel: Vec<u8> = (1..=size as u8).collect();
    rows.shuffle(rng);
    columns.shuffle(rng);
    relabel.shuffle(rng);
    let heights = rows
        .iter()
        .flat_map(|&row| columns.iter().map(move |&column| (row, column)))
        .map(|(row, column)| relabel[symbols[row * size + column]])
        .collect();
    Grid::new(size, heights)
}

/// A random Latin square from `ChaCha8Rng::seed_from_u64(seed)`.
pub fn random_latin_square_seeded(size: usize, seed: u64) -> Result<Grid, PuzzleError> {
    random_latin_square(size, &mut ChaCha8Rng::seed_from_u64(seed))
}
