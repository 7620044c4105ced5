//! The puzzle as plain data: a grid of W×H cells and the clues on its
//! (W+1)×(H+1) corners; a solution is one diagonal a cell.
//!
//! Cells are numbered row by row from 0 (`row * W + column`), corners the
//! same way over their own grid (`row * (W + 1) + column`): cell `(r, c)`
//! has corners `(r, c)`, `(r, c + 1)`, `(r + 1, c)` and `(r + 1, c + 1)`.

use std::fmt;

use thiserror::Error;

/// The smallest width and height (Tatham's Slant refuses 1).
pub const MIN_SIDE: usize = 2;

/// The largest width and height Sieve reads (Tatham sets no limit but the
/// grid's area; this keeps a hand-written ID from asking for a model of
/// millions of variables).
pub const MAX_SIDE: usize = 200;

/// The largest clue: a corner touches at most four cells.
pub const MAX_CLUE: u8 = 4;

/// The line drawn across a cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Diagonal {
    /// `\`: from the top-left corner to the bottom-right one.
    Backslash,
    /// `/`: from the bottom-left corner to the top-right one.
    Slash,
}

impl Diagonal {
    /// The character the zoo's answers and pictures use: `\` or `/`.
    pub fn symbol(self) -> char {
        match self {
            Diagonal::Backslash => '\\',
            Diagonal::Slash => '/',
        }
    }

    /// The diagonal of a character `\` or `/`.
    pub fn from_symbol(symbol: char) -> Option<Diagonal> {
        match symbol {
            '\\' => Some(Diagonal::Backslash),
            '/' => Some(Diagonal::Slash),
            _ => None,
        }
    }
}

/// Why a puzzle could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// A width or height out of `MIN_SIDE..=MAX_SIDE`.
    #[error("a {width}×{height} grid: each side must be between {MIN_SIDE} and {MAX_SIDE}")]
    Size {
        /// Cells across.
        width: usize,
        /// Cells down.
        height: usize,
    },
    /// Not one clue entry a corner.
    #[error("{found} corner entries for a grid of {expected} corners")]
    Corners {
        /// How many were given.
        found: usize,
        /// (W+1)·(H+1).
        expected: usize,
    },
    /// A clue above 4.
    #[error("corner {corner}: clue {clue} is above {MAX_CLUE}")]
    Clue {
        /// The corner's index.
        corner: usize,
        /// The clue.
        clue: u8,
    },
}

/// A Slant puzzle: W×H cells, and a clue or nothing on each corner.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    width: usize,
    height: usize,
    clues: Vec<Option<u8>>,
}

impl Puzzle {
    /// A W×H puzzle with one entry a corner, row by row over the
    /// (W+1)×(H+1) corners. A clue that its corner's cells cannot meet (a 2
    /// on a corner of the grid) is allowed: the puzzle then has no solution.
    pub fn new(width: usize, height: usize, clues: Vec<Option<u8>>) -> Result<Puzzle, PuzzleError> {
        let sides = MIN_SIDE..=MAX_SIDE;
        if !sides.contains(&width) || !sides.contains(&height) {
            return Err(PuzzleError::Size { width, height });
        }
        let expected = (width + 1) * (height + 1);
        if clues.len() != expected {
            return Err(PuzzleError::Corners {
                found: clues.len(),
                expected,
            });
        }
        if let Some((corner, clue)) = (clues.iter().enumerate())
            .find_map(|(corner, clue)| clue.filter(|&clue| clue > MAX_CLUE).map(|c| (corner, c)))
        {
            return Err(PuzzleError::Clue { corner, clue });
        }
        Ok(Puzzle {
            width,
            height,
            clues,
        })
    }

    /// Cells across (W).
    pub fn width(&self) -> usize {
        self.width
    }

    /// Cells down (H).
    pub fn height(&self) -> usize {
        self.height
    }

    /// The corners' entries, row by row over (W+1)×(H+1).
    pub fn clues(&self) -> &[Option<u8>] {
        &self.clues
    }

    /// The clue on the corner at `row`, `column` (0-based, of H+1 and W+1).
    pub fn clue(&self, row: usize, column: usize) -> Option<u8> {
        self.clues[row * (self.width + 1) + column]
    }
}

/// A filled grid: one diagonal a cell, row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    width: usize,
    height: usize,
    cells: Vec<Diagonal>,
}

impl Grid {
    /// A grid of W·H diagonals; `None` when the length is not W·H.
    pub fn new(width: usize, height: usize, cells: Vec<Diagonal>) -> Option<Grid> {
        (cells.len() == width * height).then_some(Grid {
            width,
            height,
            cells,
        })
    }

    /// Cells across.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Cells down.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The diagonals, row by row.
    pub fn cells(&self) -> &[Diagonal] {
        &self.cells
    }
}

impl fmt::Display for Grid {
    /// H lines of W characters `\` and `/`.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(self.width.max(1)) {
            let line: String = row.iter().map(|cell| cell.symbol()).collect();
            writeln!(formatter, "{line}")?;
        }
        Ok(())
    }
}
