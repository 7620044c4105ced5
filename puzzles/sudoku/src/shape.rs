//! Box shapes: how a grid of side N splits into boxes, and the cells, units and
//! peers that follow from it.
//!
//! A [`Shape`] is `box_rows × box_cols`; the grid side is `N = box_rows * box_cols`
//! (so a 2x3 shape is the 6×6 sudoku whose boxes are 2 rows high and 3 columns
//! wide). Cells are numbered row by row from 0: cell `row * N + col`. Boxes are
//! numbered the same way, row by row from the top left.
//!
//! ```
//! use sieve_sudoku::Shape;
//! let shape: Shape = "2x3".parse()?;
//! assert_eq!(shape.size(), 6);
//! assert_eq!(shape.box_of(shape.cell(3, 4)), 3);
//! assert_eq!(Shape::for_size(9)?, Shape::new(3, 3)?);
//! # Ok::<(), sieve_sudoku::ShapeError>(())
//! ```

use std::fmt;
use std::str::FromStr;

/// The largest grid side: every cell's candidates fit in one `u64` mask.
pub const MAX_SIZE: usize = 64;

/// Why a shape cannot be built or read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// A box needs at least one row and one column.
    #[error("a box needs at least one row and one column, got {box_rows}x{box_cols}")]
    ZeroSide {
        /// The requested rows per box.
        box_rows: usize,
        /// The requested columns per box.
        box_cols: usize,
    },
    /// The grid side would exceed [`MAX_SIZE`].
    #[error(
        "a {box_rows}x{box_cols} box makes a {size}x{size} grid; the largest supported is 64x64"
    )]
    TooLarge {
        /// The requested rows per box.
        box_rows: usize,
        /// The requested columns per box.
        box_cols: usize,
        /// The grid side they multiply to.
        size: usize,
    },
    /// The grid side is outside `1..=64`.
    #[error("a grid side must be between 1 and 64, got {size}")]
    SizeOutOfRange {
        /// The requested side.
        size: usize,
    },
    /// A prime side has no box shape other than a full row, so none is inferred.
    #[error("a {size}x{size} grid has no box shape: {size} is prime (give one such as 1x{size})")]
    PrimeSize {
        /// The requested side.
        size: usize,
    },
    /// The text is not a box side (`3`) nor `rows x columns` (`2x3`).
    #[error(
        "cannot read the shape \"{text}\": write a box side such as 3, or rows x columns such as 2x3"
    )]
    Syntax {
        /// The text that was given.
        text: String,
    },
}

/// The box shape of a grid: `box_rows` rows by `box_cols` columns per box.
///
/// Invariant: both sides are at least 1 and their product is at most [`MAX_SIZE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    box_rows: usize,
    box_cols: usize,
}

/// A cell's position, 0-based; it displays 1-based as `r3c5`, the usual sudoku notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellPos {
    /// Row, from 0 at the top.
    pub row: usize,
    /// Column, from 0 at the left.
    pub col: usize,
}

impl fmt::Display for CellPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// The three kinds of unit that must each hold every value once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UnitKind {
    /// A row of the grid.
    Row,
    /// A column of the grid.
    Column,
    /// A box (block, region).
    Box,
}

impl fmt::Display for UnitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
        })
    }
}

/// One unit: its kind, its 0-based index among units of that kind, and its cells in order.
///
/// It displays 1-based, as `row 3` or `box 9`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Unit {
    /// Row, column or box.
    pub kind: UnitKind,
    /// The 0-based index among the units of this kind.
    pub index: usize,
    /// Its cells, in reading order.
    pub cells: Vec<usize>,
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind, self.index + 1)
    }
}

impl Shape {
    /// A shape with boxes of `box_rows` rows and `box_cols` columns.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        if box_rows == 0 || box_cols == 0 {
            return Err(ShapeError::ZeroSide { box_rows, box_cols });
        }
        let size = box_rows.saturating_mul(box_cols);
        if size > MAX_SIZE {
            return Err(ShapeError::TooLarge {
                box_rows,
                box_cols,
                size,
            });
        }
        Ok(Shape { box_rows, box_cols })
    }

    /// Square boxes of side `box_side`: `square(3)` is the classic 9×9.
    pub fn square(box_side: usize) -> Result<Shape, ShapeError> {
        Shape::new(box_side, box_side)
    }

    /// The classic 9×9 sudoku with 3×3 boxes.
    pub const fn classic() -> Shape {
        Shape {
            box_rows: 3,
            box_cols: 3,
        }
    }

    /// The default shape for a grid side: the factorisation `r × c` with `r ≤ c`
    /// closest to square (4→2x2, 6→2x3, 8→2x4, 12→3x4, 9→3x3, 16→4x4, ...).
    ///
    /// Side 1 gives 1x1; prime sides above 1 are an error because their only
    /// factorisation makes every box a whole row.
    pub fn for_size(size: usize) -> Result<Shape, ShapeError> {
        if size == 0 || size > MAX_SIZE {
            return Err(ShapeError::SizeOutOfRange { size });
        }
        let box_rows = (1..=size)
            .take_while(|r| r * r <= size)
            .filter(|r| size.is_multiple_of(*r))
            .last()
            .unwrap_or(1);
        if box_rows == 1 && size > 1 {
            return Err(ShapeError::PrimeSize { size });
        }
        Shape::new(box_rows, size / box_rows)
    }

    /// Rows per box.
    pub const fn box_rows(&self) -> usize {
        self.box_rows
    }

    /// Columns per box.
    pub const fn box_cols(&self) -> usize {
        self.box_cols
    }

    /// The grid side N, which is also the number of values.
    pub const fn size(&self) -> usize {
        self.box_rows * self.box_cols
    }

    /// The number of cells, N².
    pub const fn cell_count(&self) -> usize {
        self.size() * self.size()
    }

    /// The number of bands (horizontal rows of boxes): `N / box_rows`.
    pub const fn bands(&self) -> usize {
        self.box_cols
    }

    /// The number of stacks (vertical columns of boxes): `N / box_cols`.
    pub const fn stacks(&self) -> usize {
        self.box_rows
    }

    /// The mask with one bit for each of the N values (bit `v` = value `v`, 0-based).
    pub const fn full_mask(&self) -> u64 {
        if self.size() == 64 {
            u64::MAX
        } else {
            (1u64 << self.size()) - 1
        }
    }

    /// The index of the cell at `row`, `col` (both 0-based).
    pub const fn cell(&self, row: usize, col: usize) -> usize {
        row * self.size() + col
    }

    /// The row of a cell.
    pub const fn row_of(&self, cell: usize) -> usize {
        cell / self.size()
    }

    /// The column of a cell.
    pub const fn col_of(&self, cell: usize) -> usize {
        cell % self.size()
    }

    /// The box of a cell; boxes are numbered row by row from the top left.
    pub const fn box_of(&self, cell: usize) -> usize {
        self.box_at(self.row_of(cell), self.col_of(cell))
    }

    /// The box holding `row`, `col`.
    pub const fn box_at(&self, row: usize, col: usize) -> usize {
        (row / self.box_rows) * self.stacks() + col / self.box_cols
    }

    /// The position of a cell, which displays as `r3c5`.
    pub const fn position(&self, cell: usize) -> CellPos {
        CellPos {
            row: self.row_of(cell),
            col: self.col_of(cell),
        }
    }

    /// The top-left cell's row and column of a box.
    pub const fn box_origin(&self, box_index: usize) -> (usize, usize) {
        (
            (box_index / self.stacks()) * self.box_rows,
            (box_index % self.stacks()) * self.box_cols,
        )
    }

    /// The cells of a row, left to right.
    pub fn row_cells(&self, row: usize) -> Vec<usize> {
        (0..self.size()).map(|col| self.cell(row, col)).collect()
    }

    /// The cells of a column, top to bottom.
    pub fn col_cells(&self, col: usize) -> Vec<usize> {
        (0..self.size()).map(|row| self.cell(row, col)).collect()
    }

    /// The cells of a box, in reading order.
    pub fn box_cells(&self, box_index: usize) -> Vec<usize> {
        let (top, left) = self.box_origin(box_index);
        (0..self.box_rows)
            .flat_map(|r| (0..self.box_cols).map(move |c| (top + r, left + c)))
            .map(|(row, col)| self.cell(row, col))
            .collect()
    }

    /// The cells of one unit.
    pub fn unit_cells(&self, kind: UnitKind, index: usize) -> Vec<usize> {
        match kind {
            UnitKind::Row => self.row_cells(index),
            UnitKind::Column => self.col_cells(index),
            UnitKind::Box => self.box_cells(index),
        }
    }

    /// Every unit: the N rows, then the N columns, then the N boxes.
    pub fn units(&self) -> Vec<Unit> {
        [UnitKind::Row, UnitKind::Column, UnitKind::Box]
            .into_iter()
            .flat_map(|kind| {
                (0..self.size()).map(move |index| Unit {
                    kind,
                    index,
                    cells: self.unit_cells(kind, index),
                })
            })
            .collect()
    }

    /// The three units (row, column, box) holding a cell.
    pub fn units_of(&self, cell: usize) -> [Unit; 3] {
        let row = self.row_of(cell);
        let col = self.col_of(cell);
        let box_index = self.box_of(cell);
        [
            Unit {
                kind: UnitKind::Row,
                index: row,
                cells: self.row_cells(row),
            },
            Unit {
                kind: UnitKind::Column,
                index: col,
                cells: self.col_cells(col),
            },
            Unit {
                kind: UnitKind::Box,
                index: box_index,
                cells: self.box_cells(box_index),
            },
        ]
    }

    /// The peers of a cell: every other cell sharing its row, column or box,
    /// sorted and without repeats.
    pub fn peers(&self, cell: usize) -> Vec<usize> {
        let mut peers: Vec<usize> = self
            .units_of(cell)
            .into_iter()
            .flat_map(|unit| unit.cells)
            .filter(|&other| other != cell)
            .collect();
        peers.sort_unstable();
        peers.dedup();
        peers
    }
}

impl Default for Shape {
    fn default() -> Shape {
        Shape::classic()
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

impl FromStr for Shape {
    type Err = ShapeError;

    /// Reads a box side (`3` means 3x3 boxes) or `rows x columns` (`2x3`, `2X3`, `2×3`).
    fn from_str(text: &str) -> Result<Shape, ShapeError> {
        let syntax = || ShapeError::Syntax {
            text: text.to_string(),
        };
        let number = |part: &str| part.trim().parse::<usize>().map_err(|_| syntax());
        let trimmed = text.trim();
        match trimmed.split_once(['x', 'X', '×']) {
            Some((rows, cols)) => Shape::new(number(rows)?, number(cols)?),
            None => Shape::square(number(trimmed)?),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_shapes_follow_the_closest_factorisation() {
        let expected = [
            (1, "1x1"),
            (4, "2x2"),
            (6, "2x3"),
            (8, "2x4"),
            (9, "3x3"),
            (10, "2x5"),
            (12, "3x4"),
            (16, "4x4"),
            (18, "3x6"),
            (20, "4x5"),
            (25, "5x5"),
            (36, "6x6"),
            (49, "7x7"),
            (64, "8x8"),
        ];
        for (size, shape) in expected {
            assert_eq!(Shape::for_size(size).unwrap().to_string(), shape);
        }
        assert_eq!(
            Shape::for_size(7),
            Err(ShapeError::PrimeSize { size: 7 }),
            "primes have no box shape"
        );
        assert_eq!(
            Shape::for_size(65),
            Err(ShapeError::SizeOutOfRange { size: 65 })
        );
    }

    #[test]
    fn units_and_peers_of_a_6x6() {
        let shape = Shape::new(2, 3).unwrap();
        assert_eq!(shape.box_cells(3), vec![15, 16, 17, 21, 22, 23]);
        assert_eq!(shape.units().len(), 18);
        let peers = shape.peers(0);
        assert_eq!(peers.len(), 5 + 5 + 2);
        assert!(!peers.contains(&0));
        assert_eq!(shape.position(shape.cell(2, 4)).to_string(), "r3c5");
    }

    #[test]
    fn every_box_partitions_the_grid() {
        for shape in [Shape::new(2, 3).unwrap(), Shape::new(3, 4).unwrap()] {
            let mut seen = vec![0; shape.cell_count()];
            for b in 0..shape.size() {
                for cell in shape.box_cells(b) {
                    assert_eq!(shape.box_of(cell), b);
                    seen[cell] += 1;
                }
            }
            assert!(seen.iter().all(|&count| count == 1));
        }
    }
}
