//! The SUDOKU-80B method of the Sharp MZ-80B (a BASIC game for that home computer):
//! transform a stored solved grid, then hide cells.
//!
//! Following the BASIC listing (lines 2000-2330):
//!
//! 1. pick one of the stored grids (`B$=A$(INT(RND(1)*3)+1)`; here any of
//!    [`STORED_GRIDS`]);
//! 2. with probability 1/2 reverse it, cell 81 becoming cell 1 (a half turn);
//! 3. draw `N` in 0..=2 and move the last band to the top `N + 1` times
//!    (`FOR G=0 TO N`: `B$=RIGHT$(B$,27)+LEFT$(B$,54)`); three moves are the
//!    identity, so the outcome is 0, 1 or 2 effective rotations;
//! 4. the same for stacks, moving the first stack to the right end
//!    (`MID$(B$,I+3,6)+MID$(B$,I,3)` on each row);
//! 5. hide `8·L` distinct random cells for difficulty `L` = 1..8, drawing a
//!    column then a row and drawing again when the cell is already hidden.
//!
//! [`Variety::Extended`] (the default of [`generate`]) adds, between steps 4
//! and 5, the other transforms that keep a grid valid, which the author
//! suggested ("incorporar nuevas formas de desordenarlos"): relabelling the
//! digits, transposing (probability 1/2), shuffling the rows within each band
//! and the columns within each stack. [`Variety::Classic`] is the listing's
//! 18 variants per stored grid exactly.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{GenerateError, GeneratedPuzzle};
use crate::grid::Grid;
use crate::shape::Shape;

/// The stored solved grids, 81 digits each. The first three are the MZ-80B
/// listing's `A$(1)`-`A$(3)` (lines 9000-9020) exactly; the others are the
/// solutions of published puzzles (the first of `magictour_top1465.txt`, its
/// second and fourth, the first of `17_clue.txt` and of
/// `forum_hardest_1106.txt`), each checked valid by the test suite.
pub const STORED_GRIDS: [&str; 8] = [
    "835416927296857431417293658569134782123678549748529163652781394981345276374962815",
    "357964281468123579912587463631795842724318695895246137176459328583672914249831756",
    "845967312723814956961532748359178624617243895284659137576491283492386571138725469",
    "468931527751624839392578461134756298289413675675289314846192753513867942927345186",
    "728946315934251678516738249147593826369482157852167493293615784481379562675824931",
    "317849265245736891869512473456398712732164958981257634174925386693481527528673149",
    "953168742862734951417952836746893125281645397395271468138529674574386219629417583",
    "621943758783615492594728361142879635357461289869532174238197546916354827475286913",
];

/// How many of [`STORED_GRIDS`] come from the MZ-80B listing.
pub const MZ80B_GRID_COUNT: usize = 3;

/// Which transforms to apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Variety {
    /// The listing's own: reversal and band and stack rotations.
    Classic,
    /// Those, plus relabelling, transposition and swaps within bands and stacks.
    #[default]
    Extended,
}

/// Generates a 9×9 puzzle of difficulty `level` (1 = easy, 8 = hard) from a
/// seed, with every transform.
///
/// ```
/// let puzzle = sieve_sudoku::generate::transform::generate(3, 7)?;
/// assert_eq!(puzzle.hidden_count(), 24);
/// # Ok::<(), sieve_sudoku::generate::GenerateError>(())
/// ```
pub fn generate(level: u8, seed: u64) -> Result<GeneratedPuzzle, GenerateError> {
    generate_with_rng(
        level,
        Variety::Extended,
        &mut ChaCha8Rng::seed_from_u64(seed),
    )
}

/// Generates a puzzle with the chosen transforms, drawing from `rng`.
pub fn generate_with_rng(
    level: u8,
    variety: Variety,
    rng: &mut ChaCha8Rng,
) -> Result<GeneratedPuzzle, GenerateError> {
    if !(1..=8).contains(&level) {
        return Err(GenerateError::LevelOutOfRange { level });
    }
    let solution = transformed_grid(variety, rng);
    let visible = hide_cells(usize::from(level) * 8, rng);
    GeneratedPuzzle::new(solution, visible)
}

/// Steps 1-4 (and the extended transforms): a solved 9×9 grid.
pub fn transformed_grid(variety: Variety, rng: &mut ChaCha8Rng) -> Grid {
    let stored = STORED_GRIDS[rng.random_range(0..STORED_GRIDS.len())];
    let mut digits: Vec<u8> = stored.bytes().map(|b| b - b'1').collect();
    if rng.random_range(0..2) == 1 {
        digits.reverse();
    }
    for _ in 0..=rng.random_range(0..3) {
        digits.rotate_right(27);
    }
    for _ in 0..=rng.random_range(0..3) {
        for row in digits.chunks_mut(9) {
            row.rotate_left(3);
        }
    }
    if variety == Variety::Extended {
        relabel(&mut digits, rng);
        if rng.random_range(0..2) == 1 {
            transpose(&mut digits);
        }
        shuffle_rows_within_bands(&mut digits, rng);
        transpose(&mut digits);
        shuffle_rows_within_bands(&mut digits, rng);
        transpose(&mut digits);
    }
    Grid::from_checked_cells(Shape::classic(), digits.into_iter().map(Some).collect())
}

fn relabel(digits: &mut [u8], rng: &mut ChaCha8Rng) {
    let mut labels: Vec<u8> = (0..9).collect();
    labels.shuffle(rng);
    for digit in digits.iter_mut() {
        *digit = labels[usize::from(*digit)];
    }
}

fn transpose(digits: &mut [u8]) {
    for row in 0..9 {
        for col in row + 1..9 {
            digits.swap(row * 9 + col, col * 9 + row);
        }
    }
}

fn shuffle_rows_within_bands(digits: &mut [u8], rng: &mut ChaCha8Rng) {
    let original = digits.to_vec();
    for band in 0..3 {
        let mut order = [0, 1, 2];
        order.shuffle(rng);
        for (target, &source) in order.iter().enumerate() {
            let (to, from) = ((band * 3 + target) * 9, (band * 3 + source) * 9);
            digits[to..to + 9].copy_from_slice(&original[from..from + 9]);
        }
    }
}

/// Step 5: the visible mask with `count` distinct cells hidden, drawn the
/// listing's way (column, then row; again if already hidden).
fn hide_cells(count: usize, rng: &mut ChaCha8Rng) -> Vec<bool> {
    let mut visible = vec![true; 81];
    for _ in 0..count {
        loop {
            let col = rng.random_range(0..9);
            let row = rng.random_range(0..9);
            if visible[row * 9 + col] {
                visible[row * 9 + col] = false;
                break;
            }
        }
    }
    visible
}
