//! A Solo puzzle as plain data: the side N, the block of every cell, whether
//! the diagonals count, the killer cages, and the givens.
//!
//! Cells are numbered row by row from 0 (`row * N + column`); values are
//! `1..=N`, as the game IDs write them.

use std::fmt;

/// One killer cage: its cells (in reading order), all different, adding up
/// to `sum` when the cage has a clue.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The cells, in reading order.
    pub cells: Vec<usize>,
    /// The clue: the sum of the cage's values (`None`: no clue, the values
    /// are only different).
    pub sum: Option<u32>,
}

/// A Solo puzzle in any of Tatham's variants.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SoloPuzzle {
    /// The rows of a box (Tatham's `c`); for a jigsaw, N.
    pub(crate) box_rows: usize,
    /// The columns of a box (Tatham's `r`); 1 for a jigsaw.
    pub(crate) box_cols: usize,
    pub(crate) jigsaw: bool,
    pub(crate) x: bool,
    pub(crate) killer: bool,
    /// The block of each cell, `0..N`, numbered in reading order of their
    /// first cells.
    pub(crate) blocks: Vec<usize>,
    pub(crate) cages: Vec<Cage>,
    pub(crate) givens: Vec<Option<u8>>,
}

impl SoloPuzzle {
    /// N: the grid's side and the number of values.
    pub fn size(&self) -> usize {
        self.box_rows * self.box_cols
    }

    /// The box shape `rows × columns` of a regular puzzle (`None` for a jigsaw).
    pub fn box_shape(&self) -> Option<(usize, usize)> {
        (!self.jigsaw).then_some((self.box_rows, self.box_cols))
    }

    /// Whether the blocks are irregular (given in the ID).
    pub fn is_jigsaw(&self) -> bool {
        self.jigsaw
    }

    /// Whether both main diagonals hold every value once.
    pub fn is_x(&self) -> bool {
        self.x
    }

    /// Whether the puzzle has killer cages.
    pub fn is_killer(&self) -> bool {
        self.killer
    }

    /// Whether the puzzle is a plain sudoku (regular boxes, no diagonals, no
    /// cages), which the crate's fast model solves.
    pub fn is_plain(&self) -> bool {
        !self.jigsaw && !self.x && !self.killer
    }

    /// The block of each cell, row by row: `0..N`.
    pub fn blocks(&self) -> &[usize] {
        &self.blocks
    }

    /// The killer cages (empty unless [`SoloPuzzle::is_killer`]).
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The givens, row by row, `None` for an empty cell.
    pub fn givens(&self) -> &[Option<u8>] {
        &self.givens
    }

    /// The same puzzle with other givens (N·N of them, row by row, each
    /// `1..=N` or `None`); `None` when they do not fit.
    pub fn with_givens(mut self, givens: Vec<Option<u8>>) -> Option<SoloPuzzle> {
        let size = self.size();
        let fits = givens.len() == size * size
            && givens
                .iter()
                .flatten()
                .all(|&value| value >= 1 && usize::from(value) <= size);
        fits.then(|| {
            self.givens = givens;
            self
        })
    }
}

/// A filled grid, row by row, values `1..=N` (any values: the checker judges them).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SoloGrid {
    size: usize,
    values: Vec<u8>,
}

impl SoloGrid {
    /// A grid of N·N values; `None` when the length is not N·N.
    pub fn new(size: usize, values: Vec<u8>) -> Option<SoloGrid> {
        (values.len() == size * size).then_some(SoloGrid { size, values })
    }

    /// N.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The values, row by row.
    pub fn values(&self) -> &[u8] {
        &self.values
    }
}

impl fmt::Display for SoloGrid {
    /// N lines of space-separated values.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.values.chunks(self.size.max(1)) {
            let line: Vec<String> = row.iter().map(u8::to_string).collect();
            writeln!(formatter, "{}", line.join(" "))?;
        }
        Ok(())
    }
}
