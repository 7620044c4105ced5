//! The puzzle as plain data: the grid's size, whether rows and columns
//! must be unique, and the given cells.
//!
//! Cells are numbered row by row from 0 (`row * width + column`). A cell is
//! `true` (written `1`) for the colour the ID writes in upper case and
//! `false` (`0`) for the other, as Tatham's own text format writes them.

use std::fmt;

use thiserror::Error;

/// The smallest width or height: a line needs one cell of each colour.
/// (Tatham's game asks for at least 6; the rules make sense from 2.)
pub const MIN_SIZE: usize = 2;

/// The largest width or height read: a line is kept in one 64-bit word.
pub const MAX_SIZE: usize = 64;

/// A line of the grid: a row or a column, 0-based.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// Row `r`, read left to right.
    Row(usize),
    /// Column `c`, read top to bottom.
    Column(usize),
}

impl fmt::Display for Line {
    /// `row 1` or `column 3`, counted from 1.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Row(row) => write!(formatter, "row {}", row + 1),
            Line::Column(column) => write!(formatter, "column {}", column + 1),
        }
    }
}

/// Why a puzzle could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// A width or height that is odd or out of `MIN_SIZE..=MAX_SIZE`.
    #[error("the grid is {width}×{height}: each side must be even, from {MIN_SIZE} to {MAX_SIZE}")]
    Size {
        /// The width.
        width: usize,
        /// The height.
        height: usize,
    },
    /// Another number of given cells than the grid has cells.
    #[error("{found} cells given for a grid of {expected}")]
    GivenCount {
        /// How many were given.
        found: usize,
        /// How many the grid has.
        expected: usize,
    },
}

/// Whether `size` is a side the puzzle allows: even, in range.
pub fn is_valid_side(size: usize) -> bool {
    (MIN_SIZE..=MAX_SIZE).contains(&size) && size.is_multiple_of(2)
}

/// A Binairo: every row and column holds as many 1s as 0s, never three alike
/// in a row, and, in the unique mode, no two rows and no two columns are
/// the same.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    width: usize,
    height: usize,
    unique: bool,
    givens: Vec<Option<bool>>,
}

impl Puzzle {
    /// A `width` × `height` puzzle; `givens` has one entry a cell, row by
    /// row (`Some(true)` a given 1). `unique` asks for unique rows and
    /// columns.
    pub fn new(
        width: usize,
        height: usize,
        unique: bool,
        givens: Vec<Option<bool>>,
    ) -> Result<Puzzle, PuzzleError> {
        if !is_valid_side(width) || !is_valid_side(height) {
            return Err(PuzzleError::Size { width, height });
        }
        if givens.len() != width * height {
            return Err(PuzzleError::GivenCount {
                found: givens.len(),
                expected: width * height,
            });
        }
        Ok(Puzzle {
            width,
            height,
            unique,
            givens,
        })
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether no two rows and no two columns may be the same.
    pub fn unique(&self) -> bool {
        self.unique
    }

    /// The given cells, row by row.
    pub fn givens(&self) -> &[Option<bool>] {
        &self.givens
    }

    /// Every row, then every column.
    pub fn lines(&self) -> impl Iterator<Item = Line> + use<> {
        let columns = (0..self.width).map(Line::Column);
        (0..self.height).map(Line::Row).chain(columns)
    }

    /// The cells of a line, in reading order.
    pub fn cells_of(&self, line: Line) -> Vec<usize> {
        match line {
            Line::Row(row) => (0..self.width)
                .map(|column| row * self.width + column)
                .collect(),
            Line::Column(column) => (0..self.height)
                .map(|row| row * self.width + column)
                .collect(),
        }
    }
}

/// A filled grid, row by row: `true` for a 1 (any size: the checker judges
/// it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    width: usize,
    ones: Vec<bool>,
}

impl Grid {
    /// A grid `width` cells wide; `None` when the cells do not make whole
    /// rows of that width.
    pub fn new(width: usize, ones: Vec<bool>) -> Option<Grid> {
        (width > 0 && ones.len().is_multiple_of(width)).then_some(Grid { width, ones })
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.ones.len() / self.width
    }

    /// The cells, row by row: `true` for a 1.
    pub fn ones(&self) -> &[bool] {
        &self.ones
    }
}

impl fmt::Display for Grid {
    /// One line a row, `1` and `0` separated by spaces.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.ones.chunks(self.width) {
            let cells: Vec<&str> = row.iter().map(|&one| if one { "1" } else { "0" }).collect();
            writeln!(formatter, "{}", cells.join(" "))?;
        }
        Ok(())
    }
}
