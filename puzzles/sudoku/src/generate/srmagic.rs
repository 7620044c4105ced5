//! The pipeline of SRMagic (a Spanish magic-square and sudoku generator), for sides N = n².
//!
//! The source gives the code of `PrGeneraSudoku`, `PrGenSudoku`,
//! `SRmagic_Random`, `PrRefinoActivas` and `PrRefinoActivasSubcubo`; those are
//! followed line by line here. It only names the other routines; they are
//! reconstructed from their names and comments, as noted on each function:
//!
//! 1. [`sample_core`] (`PrGenSudoku`): an n×n core holding 1..n² in random
//!    order, drawn by sampling without repetition (draw the k-th remaining item
//!    of a pool of K, delete it, K shrinks by one).
//! 2. [`expand_core`] (`PrSudoku`): the trivial grid; box (I, J) is the core with
//!    its rows shifted by J and its columns by I.
//! 3. [`swap_round`] (`PrSWAP`): each row swapped with a random row of its band,
//!    then each column with a random column of its stack.
//! 4. [`refine`] (`PrSudokuRefino`): exchanges between two rows of a band (two
//!    columns of a stack) along a chain of cells, which keep the grid valid and
//!    break the trivial pattern; then [`is_easy`] (`PrVerFacil`) judges it.
//!    An easy grid is regenerated, except about one time in a hundred; a kept
//!    grid gets 0-3 more swap rounds.
//! 5. [`choose_visible`] (`PrRefinoActivas`): after a random start, the
//!    visible-cell rules.
//!
//! The source never checks that the visible cells have a unique solution;
//! the [`GeneratedPuzzle`] reports it honestly.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{GenerateError, GeneratedPuzzle};
use crate::grid::Grid;
use crate::shape::Shape;

/// Generates a puzzle of side `size` (4, 9, 16, 25, 36, 49 or 64) from a seed.
///
/// ```
/// let puzzle = sieve_sudoku::generate::srmagic::generate(9, 42)?;
/// assert_eq!(puzzle.visible_count() + puzzle.hidden_count(), 81);
/// # Ok::<(), sieve_sudoku::generate::GenerateError>(())
/// ```
pub fn generate(size: usize, seed: u64) -> Result<GeneratedPuzzle, GenerateError> {
    generate_with_rng(size, &mut ChaCha8Rng::seed_from_u64(seed))
}

/// Generates a puzzle drawing from the given generator (`SRmagic_Gen`).
pub fn generate_with_rng(
    size: usize,
    rng: &mut ChaCha8Rng,
) -> Result<GeneratedPuzzle, GenerateError> {
    let solution = solved_grid(size, rng)?;
    let visible = choose_visible(&solution, rng)?;
    GeneratedPuzzle::new(solution, visible)
}

/// `SRmagic_Random`: a uniform integer in `1..=upper`.
fn random(rng: &mut ChaCha8Rng, upper: usize) -> usize {
    rng.random_range(1..=upper)
}

/// The box side n of a side N = n², n from 2 to 8, and the n×n shape.
fn square_shape(size: usize) -> Result<(usize, Shape), GenerateError> {
    let not_square = GenerateError::NotSquareSize { size };
    let n = (2..=8).find(|n| n * n == size).ok_or(not_square.clone())?;
    Ok((n, Shape::square(n).map_err(|_| not_square)?))
}

/// `PrGeneraSudoku`: a solved grid of side `size` by the whole pipeline.
pub fn solved_grid(size: usize, rng: &mut ChaCha8Rng) -> Result<Grid, GenerateError> {
    let (n, shape) = square_shape(size)?;
    let to_grid =
        |values: &[u8]| Grid::from_checked_cells(shape, values.iter().map(|&v| Some(v)).collect());
    loop {
        let mut values = expand_core(n, &sample_core(n, rng));
        swap_round(n, &mut values, rng);
        refine(n, &mut values, rng);
        let easy = is_easy(&to_grid(&values));
        // One time in a hundred on average the easy judgement is skipped.
        let roll = random(rng, 100);
        if roll <= 1 {
            return Ok(to_grid(&values));
        }
        if easy {
            continue;
        }
        // Final random swaps: three rounds a quarter of the time, two a
        // quarter, one a quarter, none the rest.
        let rounds = [75, 50, 25].iter().filter(|&&bound| roll <= bound).count();
        for _ in 0..rounds {
            swap_round(n, &mut values, rng);
        }
        return Ok(to_grid(&values));
    }
}

/// `PrGenSudoku`: the n×n core, a random order of the values `0..n²`
/// (0-based), by sampling without repetition from a shrinking pool.
pub fn sample_core(n: usize, rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut pool: Vec<u8> = (0..n * n).map(|v| v as u8).collect();
    let mut core = Vec::with_capacity(pool.len());
    while !pool.is_empty() {
        let k = random(rng, pool.len());
        core.push(pool.remove(k - 1));
    }
    core
}

/// `PrSudoku` (reconstructed): expands the core (row-major, n×n) into the
/// trivial N×N grid. Box (I, J) holds the core with its rows shifted by J and
/// its columns by I, so every row, column and box holds every value.
pub fn expand_core(n: usize, core: &[u8]) -> Vec<u8> {
    let size = n * n;
    let mut values = vec![0; size * size];
    for row in 0..size {
        let (band, i) = (row / n, row % n);
        for col in 0..size {
            let (stack, j) = (col / n, col % n);
            values[row * size + col] = core[(i + stack) % n * n + (j + band) % n];
        }
    }
    values
}

/// `PrSWAP` (reconstructed): each row of each band is swapped with a random
/// row of the same band, then each column of each stack with a random column
/// of the same stack (`PrSWAPF`, `PrSWAPC`). The grid stays valid.
pub fn swap_round(n: usize, values: &mut [u8], rng: &mut ChaCha8Rng) {
    let size = n * n;
    for band in 0..n {
        for i in 0..n {
            let other = random(rng, n) - 1;
            swap_rows(size, values, band * n + i, band * n + other);
        }
    }
    for stack in 0..n {
        for j in 0..n {
            let other = random(rng, n) - 1;
            swap_columns(size, values, stack * n + j, stack * n + other);
        }
    }
}

fn swap_rows(size: usize, values: &mut [u8], first: usize, second: usize) {
    if first != second {
        for col in 0..size {
            values.swap(first * size + col, second * size + col);
        }
    }
}

fn swap_columns(size: usize, values: &mut [u8], first: usize, second: usize) {
    if first != second {
        for row in 0..size {
            values.swap(row * size + first, row * size + second);
        }
    }
}

/// `PrSudokuRefino` (reconstructed from `PrSudokuRefinoi(N, i, ii)`,
/// `PrSudokuRefinoj(N, j, jj)` and `PrDup`): n rounds; in each, every row of
/// each band exchanges values with a random other row of its band along a
/// chain of columns, starting at a random column; then every column of each
/// stack does the same with a random other column of its stack.
///
/// Each exchange stays within one column (row) and one box, so the grid stays
/// valid, but the segments stop being shifted copies of the core rows. One
/// round mostly follows a single core column and leaves the pattern visible;
/// the rounds interleave row and column chains, which is what mixes the grid.
pub fn refine(n: usize, values: &mut [u8], rng: &mut ChaCha8Rng) {
    let size = n * n;
    for _ in 0..n {
        for band in 0..n {
            for i in 0..n {
                let partner = (i + random(rng, n - 1)) % n;
                let start = random(rng, size) - 1;
                let (first, second) = (band * n + i, band * n + partner);
                let along_row = |row: usize| move |k: usize| row * size + k;
                exchange_chain(size, values, along_row(first), along_row(second), start);
            }
        }
        for stack in 0..n {
            for j in 0..n {
                let partner = (j + random(rng, n - 1)) % n;
                let start = random(rng, size) - 1;
                let (first, second) = (stack * n + j, stack * n + partner);
                let along_col = |col: usize| move |k: usize| k * size + col;
                exchange_chain(size, values, along_col(first), along_col(second), start);
            }
        }
    }
}

/// Exchanges the values of two parallel lines (cells `first(k)`, `second(k)`
/// for position `k`) along the chain starting at position `start`: after each
/// exchange the first line holds the incoming value twice (`PrDup` finds the
/// other copy), and the chain goes on there until the value that left first
/// comes back.
fn exchange_chain(
    size: usize,
    values: &mut [u8],
    first: impl Fn(usize) -> usize,
    second: impl Fn(usize) -> usize,
    start: usize,
) {
    let departed = values[first(start)];
    let mut position = start;
    loop {
        values.swap(first(position), second(position));
        let incoming = values[first(position)];
        if incoming == departed {
            return;
        }
        match (0..size).find(|&k| k != position && values[first(k)] == incoming) {
            Some(next) => position = next,
            None => return,
        }
    }
}

/// `PrVerFacil` (reconstructed): a grid is *easy* when it keeps the trivial
/// pattern's predictable repetitions: some band in which two boxes hold the
/// same set of values in one of their rows (a row segment repeated), or some
/// stack in which two boxes hold the same set in one of their columns.
///
/// In the trivial grid every band and stack is like that; in a random grid
/// few are. In a 4×4 every band is, so every 4×4 counts as easy and is kept
/// only by the one-in-a-hundred escape. Segments with a blank are ignored.
pub fn is_easy(grid: &Grid) -> bool {
    let shape = grid.shape();
    (0..shape.bands()).any(|band| band_repeats_a_segment(grid, band))
        || (0..shape.stacks()).any(|stack| stack_repeats_a_segment(grid, stack))
}

fn band_repeats_a_segment(grid: &Grid, band: usize) -> bool {
    let shape = grid.shape();
    let mut masks = Vec::new();
    for i in 0..shape.box_rows() {
        let row = band * shape.box_rows() + i;
        for stack in 0..shape.stacks() {
            let left = stack * shape.box_cols();
            let cells = (left..left + shape.box_cols()).map(|col| shape.cell(row, col));
            masks.extend(segment_mask(grid, cells));
        }
    }
    has_repeat(masks)
}

fn stack_repeats_a_segment(grid: &Grid, stack: usize) -> bool {
    let shape = grid.shape();
    let mut masks = Vec::new();
    for j in 0..shape.box_cols() {
        let col = stack * shape.box_cols() + j;
        for band in 0..shape.bands() {
            let top = band * shape.box_rows();
            let cells = (top..top + shape.box_rows()).map(|row| shape.cell(row, col));
            masks.extend(segment_mask(grid, cells));
        }
    }
    has_repeat(masks)
}

/// The set of values of a segment, `None` if one of its cells is blank.
fn segment_mask(grid: &Grid, mut cells: impl Iterator<Item = usize>) -> Option<u64> {
    cells.try_fold(0u64, |mask, cell| grid.get(cell).map(|v| mask | 1 << v))
}

fn has_repeat(mut masks: Vec<u64>) -> bool {
    masks.sort_unstable();
    masks.windows(2).any(|pair| pair[0] == pair[1])
}

/// The visible cells while the rules run, over a solution with n×n boxes.
struct Visibility<'a> {
    solution: &'a Grid,
    n: usize,
    size: usize,
    visible: Vec<bool>,
}

/// `PrRefinoActivas`: the visible cells of an SRMagic puzzle for a solution
/// with n×n boxes, one flag per cell in reading order.
///
/// First a random start: each cell is visible when `Random(N) <= N/2`
/// (`PrRandActiva`, reconstructed with the source's own "half the time" test).
/// Then, following the source:
///
/// 1. hide the diagonals and sub-diagonals (`PrRefinoActivasDesactivar`,
///    reconstructed: the main diagonal, the anti-diagonal, and the line just
///    below each);
/// 2. every value must stay visible at least once (`PrRefinoActivasSucesion`,
///    reconstructed: a missing value is shown in a random row);
/// 3. no empty row, then no empty column (`PrActivarEnFila`/`EnColumna`,
///    reconstructed: show a random cell of it);
/// 4. each box (`PrRefinoActivasSubcubo`): an empty box shows its
///    second-to-last cell of the last row; a dense box hides visible cells
///    whose value is visible in another box. As in the C source, whose `else`
///    binds to the inner `if`, half the time (`Random(N) > N/2`) a box with
///    more than n + 1 visible cells is cut to n − 1, and otherwise a box with
///    more than n is cut to n;
/// 5. rows and columns again;
/// 6. unless n + 1 boxes show at least n cells, each diagonal box shows cells
///    of its first column until it has n, or (the other half of the time) of
///    its first row until it has n + 1.
///
/// The result has no empty row, column or box, shows every value, and at
/// least n boxes show n or more cells.
pub fn choose_visible(solution: &Grid, rng: &mut ChaCha8Rng) -> Result<Vec<bool>, GenerateError> {
    let size = solution.size();
    let (n, shape) = square_shape(size)?;
    if solution.shape() != shape {
        return Err(GenerateError::NotSquareSize { size });
    }
    let mut state = Visibility {
        solution,
        n,
        size,
        visible: (0..size * size)
            .map(|_| random(rng, size) <= size / 2)
            .collect(),
    };
    state.refine(rng);
    Ok(state.visible)
}

impl Visibility<'_> {
    fn refine(&mut self, rng: &mut ChaCha8Rng) {
        let (n, size) = (self.n, self.size);
        let nrandom = random(rng, size);
        self.clear_diagonals();
        self.show_every_value(rng);
        self.fill_empty_lines(rng);
        for band in 0..n {
            for stack in 0..n {
                self.refine_box(band, stack, rng);
            }
        }
        self.fill_empty_lines(rng);
        let full_boxes = (0..n * n)
            .filter(|&b| self.box_count(b / n, b % n) >= n)
            .count();
        if full_boxes > n {
            return;
        }
        for diagonal in 0..n {
            let corner = diagonal * n;
            for k in 0..n {
                let enough = if nrandom <= size / 2 {
                    self.set(corner + k, corner, true);
                    self.box_count(diagonal, diagonal) >= n
                } else {
                    self.set(corner, corner + k, true);
                    self.box_count(diagonal, diagonal) > n
                };
                if enough {
                    break;
                }
            }
        }
    }

    fn set(&mut self, row: usize, col: usize, visible: bool) {
        self.visible[row * self.size + col] = visible;
    }

    fn is_visible(&self, row: usize, col: usize) -> bool {
        self.visible[row * self.size + col]
    }

    fn value(&self, row: usize, col: usize) -> u8 {
        self.solution.get(row * self.size + col).unwrap_or(0)
    }

    fn clear_diagonals(&mut self) {
        let size = self.size;
        for row in 0..size {
            for col in 0..size {
                let diagonal = row == col || row == col + 1;
                let anti_diagonal = row + col == size - 1 || row + col == size;
                if diagonal || anti_diagonal {
                    self.set(row, col, false);
                }
            }
        }
    }

    fn show_every_value(&mut self, rng: &mut ChaCha8Rng) {
        for value in 0..self.size as u8 {
            let shown = (0..self.size * self.size)
                .any(|cell| self.visible[cell] && self.solution.get(cell) == Some(value));
            if !shown {
                let row = random(rng, self.size) - 1;
                if let Some(col) = (0..self.size).find(|&col| self.value(row, col) == value) {
                    self.set(row, col, true);
                }
            }
        }
    }

    fn fill_empty_lines(&mut self, rng: &mut ChaCha8Rng) {
        for row in 0..self.size {
            if !(0..self.size).any(|col| self.is_visible(row, col)) {
                let col = random(rng, self.size) - 1;
                self.set(row, col, true);
            }
        }
        for col in 0..self.size {
            if !(0..self.size).any(|row| self.is_visible(row, col)) {
                let row = random(rng, self.size) - 1;
                self.set(row, col, true);
            }
        }
    }

    fn box_cells(&self, band: usize, stack: usize) -> impl Iterator<Item = (usize, usize)> + use<> {
        let (n, top, left) = (self.n, band * self.n, stack * self.n);
        (0..n).flat_map(move |i| (0..n).map(move |j| (top + i, left + j)))
    }

    fn box_count(&self, band: usize, stack: usize) -> usize {
        self.box_cells(band, stack)
            .filter(|&(row, col)| self.is_visible(row, col))
            .count()
    }

    fn value_visible_in_box(&self, band: usize, stack: usize, value: u8) -> bool {
        self.box_cells(band, stack)
            .any(|(row, col)| self.is_visible(row, col) && self.value(row, col) == value)
    }

    /// `PrRefinoActivasSubcubo`, line by line.
    fn refine_box(&mut self, band: usize, stack: usize, rng: &mut ChaCha8Rng) {
        let (n, size) = (self.n, self.size);
        let count = self.box_count(band, stack);
        if count == 0 {
            self.set(n * (band + 1) - 1, n * (stack + 1) - 2, true);
            return;
        }
        let nrandom = random(rng, size);
        if nrandom > size / 2 && count <= n + 1 {
            return;
        }
        let excess = if nrandom > size / 2 {
            1 + count - n
        } else {
            count.saturating_sub(n)
        };
        for _ in 0..excess {
            let redundant = self.box_cells(band, stack).find(|&(row, col)| {
                self.is_visible(row, col) && {
                    let value = self.value(row, col);
                    (0..n * n)
                        .filter(|&other| other != band * n + stack)
                        .any(|other| self.value_visible_in_box(other / n, other % n, value))
                }
            });
            if let Some((row, col)) = redundant {
                self.set(row, col, false);
            }
        }
    }
}
