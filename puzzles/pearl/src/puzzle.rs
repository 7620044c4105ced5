//! The puzzle as plain data: a W×H grid of cells, some holding a black or a
//! white pearl, and the numbering of the links between neighbouring cells that
//! the model and the answer share.
//!
//! Cells are numbered row by row from 0. A link joins two neighbouring cells:
//! first the horizontal ones, row by row (H rows of W−1), then the vertical
//! ones (H−1 rows of W). A cell's connections are a mask of directions: up 1,
//! right 2, down 4, left 8, as the zoo's one-line answer writes them.

use sieve::names::push_cell_name;
use sieve::rules::graph::lines::cell_names;
use std::fmt;

use thiserror::Error;

/// The smallest width or height: Tatham's Pearl asks for at least 5.
pub const MIN_SIZE: usize = 5;

/// The largest width or height Sieve reads (Tatham sets none).
pub const MAX_SIZE: usize = 100;

/// The directions, as bits of a cell's connections: the sides of the
/// engine's grid cells, so that a cell's connections are its shape's mask.
pub use sieve::rules::graph::lines::{DOWN, LEFT, RIGHT, UP};

/// The four directions, in the order of their bits.
pub const DIRECTIONS: [u8; 4] = [UP, RIGHT, DOWN, LEFT];

/// The direction opposite `direction`.
pub fn opposite(direction: u8) -> u8 {
    match direction {
        UP => DOWN,
        RIGHT => LEFT,
        DOWN => UP,
        _ => RIGHT,
    }
}

/// A pearl: the loop turns on a black one and goes straight on either side; it
/// goes straight through a white one and turns on at least one side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Pearl {
    /// A black pearl (`B` in IDs).
    Black,
    /// A white pearl (`W`).
    White,
}

/// The cells and links of a W×H grid, numbered as the module docs say.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: usize,
    height: usize,
}

impl Board {
    /// The board of a `width × height` grid.
    pub fn new(width: usize, height: usize) -> Board {
        Board { width, height }
    }

    /// W.
    pub fn width(self) -> usize {
        self.width
    }

    /// H.
    pub fn height(self) -> usize {
        self.height
    }

    /// How many cells.
    pub fn cells(self) -> usize {
        self.width * self.height
    }

    /// How many links between neighbouring cells.
    pub fn links(self) -> usize {
        self.height * (self.width - 1) + (self.height - 1) * self.width
    }

    /// The cell one step from `cell` in `direction`, if it is on the board.
    pub fn step(self, cell: usize, direction: u8) -> Option<usize> {
        let (row, column) = (cell / self.width, cell % self.width);
        match direction {
            UP if row > 0 => Some(cell - self.width),
            RIGHT if column + 1 < self.width => Some(cell + 1),
            DOWN if row + 1 < self.height => Some(cell + self.width),
            LEFT if column > 0 => Some(cell - 1),
            _ => None,
        }
    }

    /// The link from `cell` in `direction`, if the neighbour is on the board.
    pub fn link(self, cell: usize, direction: u8) -> Option<usize> {
        let neighbour = self.step(cell, direction)?;
        let (first, horizontal) = match direction {
            UP => (neighbour, false),
            RIGHT => (cell, true),
            DOWN => (cell, false),
            _ => (neighbour, true),
        };
        let (row, column) = (first / self.width, first % self.width);
        Some(if horizontal {
            row * (self.width - 1) + column
        } else {
            self.height * (self.width - 1) + row * self.width + column
        })
    }

    /// The directions in which `cell` has a neighbour, as a mask.
    pub fn directions(self, cell: usize) -> u8 {
        (DIRECTIONS.iter())
            .filter(|&&direction| self.step(cell, direction).is_some())
            .fold(0, |mask, &direction| mask | direction)
    }

    /// `r2c3` for a cell.
    pub fn cell_name(self, cell: usize) -> String {
        format!("r{}c{}", cell / self.width + 1, cell % self.width + 1)
    }

    /// `words` then the name of `cell`: `black pearl at r2c3`, the name of a
    /// rule about the cell, written into one string without `format!` (a
    /// model names a hundred pearls' rules).
    pub fn about_cell(self, words: &str, cell: usize) -> String {
        let mut name = String::with_capacity(words.len() + "r10c10".len());
        name.push_str(words);
        push_cell_name(&mut name, cell / self.width, cell % self.width);
        name
    }

    /// Every cell's [`Board::cell_name`], row by row, each number written once
    /// (see [`cell_names`]).
    pub fn cell_names(self) -> Vec<String> {
        cell_names(self.height, self.width)
    }
}

/// Why a puzzle could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// A side out of `MIN_SIZE..=MAX_SIZE`.
    #[error("a {width}×{height} grid: each side must be {MIN_SIZE} to {MAX_SIZE}")]
    Size {
        /// W.
        width: usize,
        /// H.
        height: usize,
    },
    /// Not one entry a cell.
    #[error("{found} cells given for a grid of {expected}")]
    Cells {
        /// How many were given.
        found: usize,
        /// W·H.
        expected: usize,
    },
}

/// A Masyu puzzle: a grid with pearls, to be joined by one loop.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    board: Board,
    pearls: Vec<Option<Pearl>>,
}

impl Puzzle {
    /// A `width × height` puzzle with one entry of `pearls` a cell, row by row.
    pub fn new(
        width: usize,
        height: usize,
        pearls: Vec<Option<Pearl>>,
    ) -> Result<Puzzle, PuzzleError> {
        let in_range = |side: usize| (MIN_SIZE..=MAX_SIZE).contains(&side);
        if !in_range(width) || !in_range(height) {
            return Err(PuzzleError::Size { width, height });
        }
        if pearls.len() != width * height {
            return Err(PuzzleError::Cells {
                found: pearls.len(),
                expected: width * height,
            });
        }
        Ok(Puzzle {
            board: Board::new(width, height),
            pearls,
        })
    }

    /// The cells and links.
    pub fn board(&self) -> Board {
        self.board
    }

    /// W.
    pub fn width(&self) -> usize {
        self.board.width
    }

    /// H.
    pub fn height(&self) -> usize {
        self.board.height
    }

    /// The pearls, one entry a cell, row by row.
    pub fn pearls(&self) -> &[Option<Pearl>] {
        &self.pearls
    }
}

/// What a solution does in each cell: the mask of directions it leaves in
/// (`0` for a cell off the loop), row by row. The checker judges whether it is
/// one loop.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Loop {
    board: Board,
    connections: Vec<u8>,
}

impl Loop {
    /// The loop with these connections; `None` unless there is one mask a cell.
    pub fn new(board: Board, connections: Vec<u8>) -> Option<Loop> {
        (connections.len() == board.cells()).then_some(Loop { board, connections })
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// Each cell's connections, row by row.
    pub fn connections(&self) -> &[u8] {
        &self.connections
    }
}

impl fmt::Display for Loop {
    /// The one-line answer: a hex digit a cell.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &mask in &self.connections {
            write!(formatter, "{mask:x}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_numbered_horizontal_first() {
        // 5×5: 5 rows of 4 horizontal links (0..20), then 4 rows of 5 (20..40).
        let board = Board::new(5, 5);
        assert_eq!(board.links(), 40);
        assert_eq!(board.link(0, RIGHT), Some(0));
        assert_eq!(board.link(1, LEFT), Some(0));
        assert_eq!(board.link(24, LEFT), Some(19));
        assert_eq!(board.link(0, DOWN), Some(20));
        assert_eq!(board.link(24, UP), Some(39));
        assert_eq!(board.link(4, RIGHT), None);
        assert_eq!(board.link(0, UP), None);
        assert_eq!(board.directions(0), RIGHT | DOWN);
        assert_eq!(board.directions(12), 15);
        assert_eq!(board.cell_name(7), "r2c3");
        assert_eq!(
            board.about_cell("black pearl at ", 7),
            "black pearl at r2c3"
        );
        assert_eq!(opposite(LEFT), RIGHT);
    }

    #[test]
    fn bad_puzzles_are_refused() {
        assert!(matches!(
            Puzzle::new(4, 5, vec![None; 20]),
            Err(PuzzleError::Size { .. })
        ));
        assert!(matches!(
            Puzzle::new(5, 5, vec![None; 24]),
            Err(PuzzleError::Cells { .. })
        ));
    }
}
