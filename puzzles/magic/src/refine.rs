//! Choosing the visible cells of a new puzzle: SRMagic's `PrRandActiva` and
//! the `PrRefinoActivas` rules that apply to a magic square.
//!
//! The rules and why some of the source's are left out are documented on
//! [`crate::puzzle`]. Every function here keeps one invariant once
//! [`fill_empty_lines`] has run: every row and every column has a visible cell.

use rand::Rng;
use rand::seq::SliceRandom;

use crate::puzzle::PuzzleOptions;

/// The visibility mask (row-major, `true` = visible) for a new puzzle of `order`.
///
/// The caller has checked that `options.hidden`, if any, is at most `order² − order`.
pub(crate) fn choose_visible<R: Rng + ?Sized>(
    order: usize,
    options: &PuzzleOptions,
    rng: &mut R,
) -> Vec<bool> {
    let mut visible = random_start(order, rng);
    if options.clear_diagonals {
        clear_diagonals(order, &mut visible);
    }
    fill_empty_lines(order, &mut visible, rng);
    if let Some(hidden) = options.hidden {
        let target_visible = order * order - hidden;
        let visible_now = visible.iter().filter(|cell| **cell).count();
        if visible_now < target_visible {
            reveal_more(order, &mut visible, target_visible - visible_now, rng);
        } else if visible_now > target_visible {
            hide_more(order, &mut visible, target_visible, rng);
        }
    }
    visible
}

/// A uniform index in `0..len` (`len ≥ 1`), drawn as `u32` so that streams
/// are the same on 32- and 64-bit targets.
fn pick<R: Rng + ?Sized>(rng: &mut R, len: usize) -> usize {
    rng.random_range(0..len as u32) as usize
}

/// `PrRandActiva`: each cell visible with probability ½.
fn random_start<R: Rng + ?Sized>(order: usize, rng: &mut R) -> Vec<bool> {
    (0..order * order)
        .map(|_| rng.random_range(0..2_u32) == 0)
        .collect()
}

/// `true` when the cell lies on the main diagonal or the anti-diagonal.
pub(crate) fn on_a_diagonal(order: usize, index: usize) -> bool {
    let (row, column) = (index / order, index % order);
    row == column || row + column + 1 == order
}

/// `PrRefinoActivasDesactivar`: hide both diagonals.
fn clear_diagonals(order: usize, visible: &mut [bool]) {
    for (index, cell) in visible.iter_mut().enumerate() {
        if on_a_diagonal(order, index) {
            *cell = false;
        }
    }
}

/// "No empty row, no empty column": reveal a random cell of each row, then
/// of each column, that has no visible cell.
fn fill_empty_lines<R: Rng + ?Sized>(order: usize, visible: &mut [bool], rng: &mut R) {
    for row in 0..order {
        if !(0..order).any(|column| visible[row * order + column]) {
            visible[row * order + pick(rng, order)] = true;
        }
    }
    for column in 0..order {
        if !(0..order).any(|row| visible[row * order + column]) {
            visible[pick(rng, order) * order + column] = true;
        }
    }
}

/// Reveals `count` random hidden cells, off-diagonal cells first so that the
/// cleared diagonals stay hidden as long as possible.
fn reveal_more<R: Rng + ?Sized>(order: usize, visible: &mut [bool], count: usize, rng: &mut R) {
    let mut hidden: Vec<usize> = (0..visible.len()).filter(|&cell| !visible[cell]).collect();
    hidden.shuffle(rng);
    hidden.sort_by_key(|&cell| on_a_diagonal(order, cell));
    for cell in hidden.into_iter().take(count) {
        visible[cell] = true;
    }
}

/// Hides random cells until `target_visible` remain, never emptying a row or
/// a column: a set of keepers covering every line stays visible.
fn hide_more<R: Rng + ?Sized>(
    order: usize,
    visible: &mut [bool],
    target_visible: usize,
    rng: &mut R,
) {
    let mut keepers = covering_visible_cells(order, visible, rng);
    if keepers.len() > target_visible {
        keepers = random_transversal(order, rng);
    }
    let mut is_keeper = vec![false; visible.len()];
    for &cell in &keepers {
        is_keeper[cell] = true;
        visible[cell] = true;
    }
    let mut candidates: Vec<usize> = (0..visible.len())
        .filter(|&cell| visible[cell] && !is_keeper[cell])
        .collect();
    candidates.shuffle(rng);
    let visible_now = keepers.len() + candidates.len();
    for cell in candidates.into_iter().take(visible_now - target_visible) {
        visible[cell] = false;
    }
}

/// Visible cells that cover every row and column, chosen greedily at random:
/// one per row (preferring columns not yet covered), then one per uncovered
/// column. At most `2·order − 1` cells; often `order`.
fn covering_visible_cells<R: Rng + ?Sized>(
    order: usize,
    visible: &[bool],
    rng: &mut R,
) -> Vec<usize> {
    let mut keepers = Vec::with_capacity(order);
    let mut column_covered = vec![false; order];
    let mut rows: Vec<usize> = (0..order).collect();
    rows.shuffle(rng);
    for row in rows {
        let in_row: Vec<usize> = (0..order)
            .filter(|&column| visible[row * order + column])
            .collect();
        let fresh: Vec<usize> = in_row
            .iter()
            .copied()
            .filter(|&column| !column_covered[column])
            .collect();
        let pool = if fresh.is_empty() { in_row } else { fresh };
        let column = pool.get(pick(rng, pool.len().max(1))).copied().unwrap_or(0);
        column_covered[column] = true;
        keepers.push(row * order + column);
    }
    for column in (0..order).filter(|&column| !column_covered[column]) {
        let in_column: Vec<usize> = (0..order)
            .filter(|&row| visible[row * order + column])
            .collect();
        let row = in_column
            .get(pick(rng, in_column.len().max(1)))
            .copied()
            .unwrap_or(0);
        keepers.push(row * order + column);
    }
    keepers
}

/// `order` cells, one in each row and each column, at random.
fn random_transversal<R: Rng + ?Sized>(order: usize, rng: &mut R) -> Vec<usize> {
    let mut columns: Vec<usize> = (0..order).collect();
    columns.shuffle(rng);
    columns
        .into_iter()
        .enumerate()
        .map(|(row, column)| row * order + column)
        .collect()
}
