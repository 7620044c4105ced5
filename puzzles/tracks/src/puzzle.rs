//! The puzzle as plain data: a W×H grid of cells, the row where the track
//! enters from the left and the column where it leaves at the bottom, how many
//! track cells each column and row holds, and the pieces of track given; and
//! the numbering of the links between neighbouring cells that the model and
//! the answer share.
//!
//! Cells are numbered row by row from 0. A link joins two neighbouring cells:
//! first the horizontal ones, row by row (H rows of W−1), then the vertical
//! ones (H−1 rows of W). A cell's connections are a mask of directions: up 1,
//! right 2, down 4, left 8, as the zoo's one-line answer writes them; the
//! track's two end cells connect off the grid, left at the entrance and down at
//! the exit.

use sieve::rules::graph::lines::cell_names;
use std::fmt;

use thiserror::Error;

/// The smallest width or height: Tatham's Tracks asks for at least 4.
pub const MIN_SIZE: usize = 4;

/// The largest width or height Sieve reads (Tatham sets none).
pub const MAX_SIZE: usize = 100;

/// The directions, as bits of a cell's connections: the sides of the
/// engine's grid cells, so that a cell's connections are its shape's mask.
pub use sieve::rules::graph::lines::{DOWN, LEFT, RIGHT, UP};

/// The four directions, in the order of their bits.
pub const DIRECTIONS: [u8; 4] = [UP, RIGHT, DOWN, LEFT];

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

    /// The links between the cells of `row`, left to right: numbered one after
    /// another.
    pub fn row_links(self, row: usize) -> std::ops::Range<usize> {
        let first = row * (self.width - 1);
        first..first + self.width - 1
    }

    /// The links between the cells of `column`, top to bottom: one a row of
    /// vertical links apart.
    pub fn column_links(self, column: usize) -> impl Iterator<Item = usize> {
        let first = self.height * (self.width - 1) + column;
        (0..self.height - 1).map(move |row| first + row * self.width)
    }

    /// The directions in which `cell` has a neighbour, as a mask.
    pub fn directions(self, cell: usize) -> u8 {
        // The row and column worked out once, not once a direction as a step
        // does: a model asks this of every cell.
        let (row, column) = (cell / self.width, cell % self.width);
        let towards = |direction: u8, open: bool| if open { direction } else { 0 };
        towards(UP, row > 0)
            | towards(RIGHT, column + 1 < self.width)
            | towards(DOWN, row + 1 < self.height)
            | towards(LEFT, column > 0)
    }

    /// `r2c3` for a cell.
    pub fn cell_name(self, cell: usize) -> String {
        format!("r{}c{}", cell / self.width + 1, cell % self.width + 1)
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
    /// Not one entry a cell, a column or a row.
    #[error("{found} {what} given for a grid that has {expected}")]
    Count {
        /// `cells`, `column counts` or `row counts`.
        what: &'static str,
        /// How many were given.
        found: usize,
        /// How many the grid has.
        expected: usize,
    },
    /// A count above the cells of its line.
    #[error("{line} counts {count} track cells, but has only {cells}")]
    Overfull {
        /// `column 3` or `row 2`.
        line: String,
        /// The count.
        count: usize,
        /// Its cells.
        cells: usize,
    },
    /// An entrance row or exit column off the grid.
    #[error("the {what} {index} is off the grid")]
    End {
        /// `entrance row` or `exit column`.
        what: &'static str,
        /// 0-based.
        index: usize,
    },
    /// A given piece that is not two directions.
    #[error("the piece given at cell {cell} has connections {mask:#x}, not two directions")]
    Piece {
        /// The cell, row by row from 0.
        cell: usize,
        /// Its connections.
        mask: u8,
    },
}

/// A Tracks puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    board: Board,
    pieces: Vec<Option<u8>>,
    columns: Vec<usize>,
    rows: Vec<usize>,
    entrance: usize,
    exit: usize,
}

impl Puzzle {
    /// A `width × height` puzzle: the given pieces, one entry a cell row by row
    /// (the connections of a piece of track, or `None`), each column's and each
    /// row's count of track cells, the row the track enters from the left and
    /// the column it leaves at the bottom (0-based).
    pub fn new(
        (width, height): (usize, usize),
        pieces: Vec<Option<u8>>,
        (columns, rows): (Vec<usize>, Vec<usize>),
        (entrance, exit): (usize, usize),
    ) -> Result<Puzzle, PuzzleError> {
        let in_range = |side: usize| (MIN_SIZE..=MAX_SIZE).contains(&side);
        if !in_range(width) || !in_range(height) {
            return Err(PuzzleError::Size { width, height });
        }
        let lengths = [
            ("cells", pieces.len(), width * height),
            ("column counts", columns.len(), width),
            ("row counts", rows.len(), height),
        ];
        for (what, found, expected) in lengths {
            if found != expected {
                return Err(PuzzleError::Count {
                    what,
                    found,
                    expected,
                });
            }
        }
        // The line is named only when it is overfull: a `format!` a line was
        // a tenth of reading an ID.
        let lines = (columns.iter().enumerate())
            .map(|(index, &count)| ("column", index, count, height))
            .chain((rows.iter().enumerate()).map(|(index, &count)| ("row", index, count, width)));
        for (kind, index, count, cells) in lines {
            if count > cells {
                let line = format!("{kind} {}", index + 1);
                return Err(PuzzleError::Overfull { line, count, cells });
            }
        }
        if entrance >= height {
            return Err(PuzzleError::End {
                what: "entrance row",
                index: entrance,
            });
        }
        if exit >= width {
            return Err(PuzzleError::End {
                what: "exit column",
                index: exit,
            });
        }
        let bad_piece = |mask: &u8| *mask > 15 || mask.count_ones() != 2;
        if let Some((cell, &mask)) = (pieces.iter().enumerate()).find_map(|(cell, piece)| {
            piece
                .as_ref()
                .filter(|mask| bad_piece(mask))
                .map(|m| (cell, m))
        }) {
            return Err(PuzzleError::Piece { cell, mask });
        }
        Ok(Puzzle {
            board: Board::new(width, height),
            pieces,
            columns,
            rows,
            entrance,
            exit,
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

    /// The given pieces, one entry a cell, row by row.
    pub fn pieces(&self) -> &[Option<u8>] {
        &self.pieces
    }

    /// Each column's count of track cells, left to right.
    pub fn columns(&self) -> &[usize] {
        &self.columns
    }

    /// Each row's count of track cells, top to bottom.
    pub fn rows(&self) -> &[usize] {
        &self.rows
    }

    /// The row whose first cell the track enters from the left, 0-based.
    pub fn entrance(&self) -> usize {
        self.entrance
    }

    /// The column whose last cell the track leaves at the bottom, 0-based.
    pub fn exit(&self) -> usize {
        self.exit
    }

    /// The entrance cell.
    pub fn entrance_cell(&self) -> usize {
        self.entrance * self.board.width
    }

    /// The exit cell.
    pub fn exit_cell(&self) -> usize {
        (self.board.height - 1) * self.board.width + self.exit
    }

    /// The directions off the grid the track leaves `cell` in: left at the
    /// entrance, down at the exit (both, when they are one cell), else none.
    pub fn off_grid(&self, cell: usize) -> u8 {
        let mut mask = 0;
        if cell == self.entrance_cell() {
            mask |= LEFT;
        }
        if cell == self.exit_cell() {
            mask |= DOWN;
        }
        mask
    }
}

/// What a solution does in each cell: the mask of directions the track leaves
/// it in, off-grid ends included (`0` for a cell off the track), row by row.
/// The checker judges whether it is the one track.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Track {
    board: Board,
    connections: Vec<u8>,
}

impl Track {
    /// The track with these connections; `None` unless there is one mask a cell.
    pub fn new(board: Board, connections: Vec<u8>) -> Option<Track> {
        (connections.len() == board.cells()).then_some(Track { board, connections })
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

impl fmt::Display for Track {
    /// The one-line answer: a hex digit a cell, written in one piece (a
    /// `write!` a digit was 2.5% of solving Tatham's easy 15x15 IDs).
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digit = |mask: u8| char::from_digit(u32::from(mask & 0xf), 16).unwrap_or('0');
        let line: String = self.connections.iter().map(|&mask| digit(mask)).collect();
        formatter.write_str(&line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(
        pieces: Vec<Option<u8>>,
        counts: (Vec<usize>, Vec<usize>),
        ends: (usize, usize),
    ) -> Result<Puzzle, PuzzleError> {
        Puzzle::new((4, 4), pieces, counts, ends)
    }

    #[test]
    fn a_lines_links_are_those_from_each_cell_to_the_next() {
        let board = Board::new(5, 4);
        for row in 0..board.height() {
            let expected: Vec<usize> = (0..board.width() - 1)
                .filter_map(|column| board.link(row * board.width() + column, RIGHT))
                .collect();
            assert_eq!(board.row_links(row).collect::<Vec<_>>(), expected);
        }
        for column in 0..board.width() {
            let expected: Vec<usize> = (0..board.height() - 1)
                .filter_map(|row| board.link(row * board.width() + column, DOWN))
                .collect();
            assert_eq!(board.column_links(column).collect::<Vec<_>>(), expected);
        }
    }

    #[test]
    fn the_ends_connect_off_the_grid() {
        let counts = (vec![1, 1, 1, 1], vec![0, 0, 0, 4]);
        let track = puzzle(vec![None; 16], counts, (3, 3)).expect("a puzzle");
        assert_eq!((track.entrance_cell(), track.exit_cell()), (12, 15));
        assert_eq!(track.off_grid(12), LEFT);
        assert_eq!(track.off_grid(15), DOWN);
        assert_eq!(track.off_grid(13), 0);
        let board = track.board();
        assert_eq!(board.links(), 24);
        assert_eq!(board.link(5, LEFT), Some(3));
        assert_eq!(board.link(5, UP), Some(13));
    }

    #[test]
    fn bad_puzzles_are_refused() {
        let counts = || (vec![1, 1, 1, 1], vec![0, 0, 0, 4]);
        assert!(matches!(
            Puzzle::new((3, 4), vec![None; 12], (vec![1; 3], vec![0; 4]), (0, 0)),
            Err(PuzzleError::Size { .. })
        ));
        assert!(matches!(
            puzzle(vec![None; 15], counts(), (3, 3)),
            Err(PuzzleError::Count { what: "cells", .. })
        ));
        assert!(matches!(
            puzzle(vec![None; 16], (vec![5, 1, 1, 1], vec![0, 0, 0, 4]), (3, 3)),
            Err(PuzzleError::Overfull { .. })
        ));
        assert!(matches!(
            puzzle(vec![None; 16], counts(), (4, 3)),
            Err(PuzzleError::End { .. })
        ));
        let mut pieces = vec![None; 16];
        pieces[3] = Some(UP | DOWN | LEFT);
        assert!(matches!(
            puzzle(pieces, counts(), (3, 3)),
            Err(PuzzleError::Piece { cell: 3, .. })
        ));
    }
}
