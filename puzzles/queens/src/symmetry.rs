//! The eight symmetries of the square, acting on queen boards.
//!
//! Rotating or reflecting an N-queens solution gives another solution, so the
//! 92 solutions for N = 8 fall into 12 classes (OEIS A002562). This module
//! maps boards through the symmetries, picks a canonical representative of a
//! class, and reduces a list of solutions to one per class.
//!
//! Coordinates: column 1 is on the left and row 1 at the bottom, as
//! [`Board::draw`] shows them. The rotations and the two diagonal reflections
//! swap rows with columns, so they need a *permutation board* (one queen per
//! row as well as per column); the other four symmetries act on any board.

use std::collections::HashSet;

use thiserror::Error;

use crate::board::Board;

/// One of the eight symmetries of the square (the dihedral group D4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves the board as it is.
    Identity,
    /// Quarter turn clockwise.
    Rotate90,
    /// Half turn.
    Rotate180,
    /// Quarter turn anticlockwise.
    Rotate270,
    /// Mirror left ↔ right: column c goes to column N + 1 − c.
    ReflectColumns,
    /// Mirror top ↔ bottom: row r goes to row N + 1 − r.
    ReflectRows,
    /// Mirror in the diagonal through (1, 1) and (N, N): swaps row and column.
    ReflectDiagonal,
    /// Mirror in the anti-diagonal through (1, N) and (N, 1).
    ReflectAntiDiagonal,
}

/// A symmetry that swaps rows with columns was applied to a board with two
/// queens on one row (or a queen off the board), which has no image that is
/// again one queen per column.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{symmetry:?} needs one queen per row, but row {row} has {queens} queens")]
pub struct NotAPermutation {
    /// The symmetry that was asked for.
    pub symmetry: Symmetry,
    /// A row (1-based) without exactly one queen, or the off-board row itself.
    pub row: u32,
    /// How many queens that row holds (0, 2 or more; 0 also for off-board).
    pub queens: usize,
}

impl Symmetry {
    /// All eight symmetries, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::ReflectColumns,
        Symmetry::ReflectRows,
        Symmetry::ReflectDiagonal,
        Symmetry::ReflectAntiDiagonal,
    ];

    /// Whether this symmetry swaps rows with columns (and so needs a
    /// permutation board).
    pub fn swaps_axes(self) -> bool {
        matches!(
            self,
            Symmetry::Rotate90
                | Symmetry::Rotate270
                | Symmetry::ReflectDiagonal
                | Symmetry::ReflectAntiDiagonal
        )
    }

    /// The image of `board` under this symmetry.
    pub fn apply(self, board: &Board) -> Result<Board, NotAPermutation> {
        if self.swaps_axes() {
            self.check_permutation(board)?;
        }
        let size = board.size() as u32;
        let mut rows = vec![0; board.size()];
        for (index, &row) in board.rows.iter().enumerate() {
            let column = index as u32 + 1;
            // (column, row) -> (new column, new row), all 1-based.
            let (new_column, new_row) = match self {
                Symmetry::Identity => (column, row),
                Symmetry::Rotate90 => (row, size + 1 - column),
                Symmetry::Rotate180 => (size + 1 - column, size + 1 - row),
                Symmetry::Rotate270 => (size + 1 - row, column),
                Symmetry::ReflectColumns => (size + 1 - column, row),
                Symmetry::ReflectRows => (column, size + 1 - row),
                Symmetry::ReflectDiagonal => (row, column),
                Symmetry::ReflectAntiDiagonal => (size + 1 - row, size + 1 - column),
            };
            rows[new_column as usize - 1] = new_row;
        }
        Ok(Board { rows })
    }

    /// Fails unless every row 1..=N holds exactly one queen.
    fn check_permutation(self, board: &Board) -> Result<(), NotAPermutation> {
        let size = board.size();
        let mut queens_per_row = vec![0usize; size];
        for &row in &board.rows {
            match queens_per_row.get_mut((row as usize).wrapping_sub(1)) {
                Some(count) => *count += 1,
                None => {
                    return Err(NotAPermutation {
                        symmetry: self,
                        row,
                        queens: 0,
                    });
                }
            }
        }
        match queens_per_row.iter().position(|&count| count != 1) {
            Some(index) => Err(NotAPermutation {
                symmetry: self,
                row: index as u32 + 1,
                queens: queens_per_row[index],
            }),
            None => Ok(()),
        }
    }
}

/// The distinct images of a permutation board under the eight symmetries, in
/// the order of [`Symmetry::ALL`] (1, 2, 4 or 8 boards).
pub fn orbit(board: &Board) -> Result<Vec<Board>, NotAPermutation> {
    let mut images: Vec<Board> = Vec::with_capacity(8);
    for symmetry in Symmetry::ALL {
        let image = symmetry.apply(board)?;
        if !images.contains(&image) {
            images.push(image);
        }
    }
    Ok(images)
}

/// The canonical representative of a board's class: the smallest of its
/// eight images, comparing rows column by column.
pub fn canonical(board: &Board) -> Result<Board, NotAPermutation> {
    let images = orbit(board)?;
    Ok(images.into_iter().min().unwrap_or_else(|| board.clone()))
}

/// Keeps the first board of each symmetry class, in input order.
///
/// For the 92 solutions of N = 8 it keeps 12.
pub fn unique_up_to_symmetry(boards: &[Board]) -> Result<Vec<Board>, NotAPermutation> {
    let mut seen_classes = HashSet::new();
    let mut unique = Vec::new();
    for board in boards {
        if seen_classes.insert(canonical(board)?) {
            unique.push(board.clone());
        }
    }
    Ok(unique)
}
