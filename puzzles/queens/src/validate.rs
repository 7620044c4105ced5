//! An independent check that a board is an N-queens solution.
//!
//! This module deliberately shares no code with any rule set, solver or
//! search in the crate: it only reads [`Board::rows`] and marks occupied rows
//! and diagonals in its own bit sets. A solver's answer is trusted only after
//! it passes here. It runs in O(N) time and O(N) bits, so it also checks
//! repair results with millions of queens.

use thiserror::Error;

use crate::board::Board;

/// Why a board is not a solution: the first pair of attacking queens found,
/// scanning columns from left to right, or a queen off the board.
///
/// Columns are 1-based, `first` < `second`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Attack {
    /// Two queens share a row.
    #[error("columns {first} and {second} attack each other: both queens are on row {row}")]
    SameRow {
        /// The left column of the pair.
        first: usize,
        /// The right column of the pair.
        second: usize,
        /// The row both queens are on.
        row: u32,
    },
    /// Two queens share a diagonal or an anti-diagonal.
    #[error(
        "columns {first} and {second} attack each other on a diagonal \
         (rows {first_row} and {second_row})"
    )]
    SameDiagonal {
        /// The left column of the pair.
        first: usize,
        /// The right column of the pair.
        second: usize,
        /// Row of the queen in the left column.
        first_row: u32,
        /// Row of the queen in the right column.
        second_row: u32,
    },
    /// A queen's row is 0 or larger than N (only possible when
    /// [`Board::rows`] was edited by hand).
    #[error("column {column}: row {row} is off a board of size {size}")]
    OffBoard {
        /// Column of the queen.
        column: usize,
        /// The row it claims.
        row: u32,
        /// N.
        size: usize,
    },
}

/// Checks that no two queens of `board` attack each other.
///
/// Every column holds exactly one queen by construction, so the check is that
/// rows, diagonals (row − column) and anti-diagonals (row + column) are all
/// distinct. On failure it names the two attacking columns.
pub fn check_solution(board: &Board) -> Result<(), Attack> {
    let size = board.rows.len();
    let mut rows_taken = BitMarks::new(size);
    let mut diagonals_taken = BitMarks::new(2 * size);
    let mut anti_diagonals_taken = BitMarks::new(2 * size);
    for (index, &row) in board.rows.iter().enumerate() {
        let column = index + 1;
        if row == 0 || row as usize > size {
            return Err(Attack::OffBoard { column, row, size });
        }
        let row_index = row as usize - 1;
        if !rows_taken.mark(row_index) {
            return Err(same_row(board, column, row));
        }
        if !diagonals_taken.mark(row_index + size - index)
            || !anti_diagonals_taken.mark(row_index + index)
        {
            return Err(same_diagonal(board, column, row));
        }
    }
    Ok(())
}

/// Finds the earlier queen on `row`, which the bit marks say exists.
fn same_row(board: &Board, second: usize, row: u32) -> Attack {
    let first = board.rows[..second - 1]
        .iter()
        .position(|&other| other == row)
        .map_or(0, |index| index + 1);
    Attack::SameRow { first, second, row }
}

/// Finds the earlier queen on a diagonal through (`second`, `second_row`).
fn same_diagonal(board: &Board, second: usize, second_row: u32) -> Attack {
    let (first, first_row) = board.rows[..second - 1]
        .iter()
        .enumerate()
        .find(|&(index, &other)| {
            (second - (index + 1)) as u64 == u64::from(other.abs_diff(second_row))
        })
        .map_or((0, 0), |(index, &other)| (index + 1, other));
    Attack::SameDiagonal {
        first,
        second,
        first_row,
        second_row,
    }
}

/// A plain bit set: one bit per row or diagonal, private to this check.
struct BitMarks {
    words: Vec<u64>,
}

impl BitMarks {
    fn new(bits: usize) -> Self {
        BitMarks {
            words: vec![0; bits.div_ceil(64)],
        }
    }

    /// Sets bit `index`; returns `false` if it was already set.
    fn mark(&mut self, index: usize) -> bool {
        let word = &mut self.words[index / 64];
        let bit = 1u64 << (index % 64);
        let fresh = *word & bit == 0;
        *word |= bit;
        fresh
    }
}
