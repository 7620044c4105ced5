//! The puzzle as plain data: the grid's size and its clues, and a filled grid.
//!
//! Cells are numbered row by row from 0 (`row * width + column`).

use std::fmt;

use thiserror::Error;

/// The smallest width or height, as in Tatham's game.
pub const MIN_SIZE: usize = 1;

/// The largest width or height Sieve reads: his game sets no limit, but a clue
/// is written as the character that many places after `0`, which past 40 runs
/// into the letters that stand for blank cells.
pub const MAX_SIZE: usize = 40;

/// The largest number a player writes in a cell: Tatham's game takes the digit
/// keys 1 to 9 (a clue may be larger; see [`Puzzle::largest_value`]).
pub const LARGEST_DIGIT: u8 = 9;

/// The largest clue a `width` × `height` game ID may write: the larger side, at
/// least 3, as his game checks it.
pub fn largest_clue(width: usize, height: usize) -> u8 {
    width.max(height).max(3) as u8
}

/// Why a puzzle could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// A width or height out of `MIN_SIZE..=MAX_SIZE`.
    #[error("the grid is {width}×{height}: each side must be from {MIN_SIZE} to {MAX_SIZE}")]
    Size {
        /// The width.
        width: usize,
        /// The height.
        height: usize,
    },
    /// Another number of cells than the grid has.
    #[error("{found} cells for a grid of {expected}")]
    CellCount {
        /// How many were given.
        found: usize,
        /// How many the grid has.
        expected: usize,
    },
    /// A clue out of `1..=largest_clue(width, height)`.
    #[error("r{}c{} holds {clue}: clues run from 1 to {largest}", cell / width + 1, cell % width + 1)]
    Clue {
        /// The cell.
        cell: usize,
        /// The grid's width, to name the cell.
        width: usize,
        /// The clue.
        clue: u8,
        /// The largest allowed.
        largest: u8,
    },
}

/// A Fillomino: write a number in every cell so that each region of equal
/// numbers side by side holds exactly that many cells; some cells are given.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    width: usize,
    height: usize,
    clues: Vec<Option<u8>>,
}

impl Puzzle {
    /// A `width` × `height` puzzle with these clues, row by row (`None` for an
    /// empty cell), each in `1..=`[`largest_clue`]`(width, height)`.
    pub fn new(width: usize, height: usize, clues: Vec<Option<u8>>) -> Result<Puzzle, PuzzleError> {
        let sides = MIN_SIZE..=MAX_SIZE;
        if !sides.contains(&width) || !sides.contains(&height) {
            return Err(PuzzleError::Size { width, height });
        }
        if clues.len() != width * height {
            return Err(PuzzleError::CellCount {
                found: clues.len(),
                expected: width * height,
            });
        }
        let largest = largest_clue(width, height);
        let out_of_range = |clue: &Option<u8>| clue.is_some_and(|c| c == 0 || c > largest);
        if let Some(cell) = clues.iter().position(out_of_range) {
            return Err(PuzzleError::Clue {
                cell,
                width,
                clue: clues[cell].unwrap_or(0),
                largest,
            });
        }
        Ok(Puzzle {
            width,
            height,
            clues,
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

    /// The clues, row by row: `None` for an empty cell.
    pub fn clues(&self) -> &[Option<u8>] {
        &self.clues
    }

    /// The largest number a cell may hold: 9, the largest key of his game, or
    /// the largest clue when one is larger; never more than the cells.
    pub fn largest_value(&self) -> u8 {
        let clue = self.clues.iter().flatten().copied().max().unwrap_or(0);
        let cells = (self.width * self.height).min(usize::from(u8::MAX)) as u8;
        LARGEST_DIGIT.min(cells).max(clue)
    }

    /// The cells beside `cell` (up, left, right, down, those in the grid).
    pub fn neighbours(&self, cell: usize) -> Vec<usize> {
        neighbours(self.width, self.height, cell).collect()
    }
}

/// The cells beside `cell` of a `width` × `height` grid, up, left, right, down
/// (no list made: the checker asks for every cell's).
pub(crate) fn neighbours(width: usize, height: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (row, column) = (cell / width, cell % width);
    let up = (row > 0).then(|| cell - width);
    let left = (column > 0).then(|| cell - 1);
    let right = (column + 1 < width).then(|| cell + 1);
    let down = (row + 1 < height).then(|| cell + width);
    [up, left, right, down].into_iter().flatten()
}

/// A filled grid, row by row (any size and numbers: the checker judges it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Filling {
    width: usize,
    values: Vec<u8>,
}

impl Filling {
    /// A grid `width` cells wide; `None` when the cells do not make whole rows
    /// of that width.
    pub fn new(width: usize, values: Vec<u8>) -> Option<Filling> {
        (width > 0 && values.len().is_multiple_of(width)).then_some(Filling { width, values })
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.values.len() / self.width
    }

    /// The numbers, row by row.
    pub fn values(&self) -> &[u8] {
        &self.values
    }
}

impl fmt::Display for Filling {
    /// One line a row, the numbers separated by spaces.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.values.chunks(self.width) {
            let line: Vec<String> = row.iter().map(u8::to_string).collect();
            writeln!(formatter, "{}", line.join(" "))?;
        }
        Ok(())
    }
}
