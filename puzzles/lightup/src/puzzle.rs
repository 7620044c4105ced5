//! The puzzle as plain data: the grid's size and its squares (empty, a
//! wall, or a wall with a number), and a solved grid.
//!
//! Squares are numbered row by row from 0 (`row * width + column`).

use std::fmt;

use thiserror::Error;

/// The smallest width and height Tatham's Light Up allows.
pub const MIN_SIZE: usize = 2;

/// The largest width and height Sieve reads (his game has no fixed limit).
pub const MAX_SIZE: usize = 100;

/// The largest number a wall can carry: it has four sides.
pub const MAX_CLUE: u8 = 4;

/// One square of the puzzle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Square {
    /// An empty square: a light, or lit by one.
    Empty,
    /// A wall without a number.
    Wall,
    /// A wall with a number: how many lights stand on its four sides.
    Clue(u8),
}

impl Square {
    /// Whether the square is a wall, numbered or not.
    pub fn is_wall(self) -> bool {
        self != Square::Empty
    }
}

/// One square of a solved grid.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A light.
    Light,
    /// A wall, numbered or not.
    Wall,
    /// An empty square without a light (lit by one, in a solution).
    Empty,
}

impl Cell {
    /// The character of the zoo's one-line answer: `L`, `#`, `.`.
    pub fn letter(self) -> char {
        match self {
            Cell::Light => 'L',
            Cell::Wall => '#',
            Cell::Empty => '.',
        }
    }
}

/// Why a puzzle could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// A side out of `MIN_SIZE..=MAX_SIZE`.
    #[error("a {width}×{height} grid: each side must be between {MIN_SIZE} and {MAX_SIZE}")]
    Size {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// Not one square a cell.
    #[error("{found} squares for a grid of {expected}")]
    Squares {
        /// How many were given.
        found: usize,
        /// width × height.
        expected: usize,
    },
    /// A number above [`MAX_CLUE`].
    #[error("row {}, column {}: a wall cannot have {clue} lights beside it", row + 1, column + 1)]
    Clue {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// The number.
        clue: u8,
    },
}

/// A Light Up puzzle: a grid of empty squares and walls, some numbered.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    width: usize,
    height: usize,
    squares: Vec<Square>,
}

impl Puzzle {
    /// A `width`×`height` puzzle with these squares, row by row.
    pub fn new(width: usize, height: usize, squares: Vec<Square>) -> Result<Puzzle, PuzzleError> {
        let sides = MIN_SIZE..=MAX_SIZE;
        if !sides.contains(&width) || !sides.contains(&height) {
            return Err(PuzzleError::Size { width, height });
        }
        if squares.len() != width * height {
            return Err(PuzzleError::Squares {
                found: squares.len(),
                expected: width * height,
            });
        }
        for (index, &square) in squares.iter().enumerate() {
            if let Square::Clue(clue) = square
                && clue > MAX_CLUE
            {
                return Err(PuzzleError::Clue {
                    row: index / width,
                    column: index % width,
                    clue,
                });
            }
        }
        Ok(Puzzle {
            width,
            height,
            squares,
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

    /// The squares, row by row.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// The square at `row`, `column` (0-based).
    pub fn square(&self, row: usize, column: usize) -> Square {
        self.squares[row * self.width + column]
    }
}

/// A filled grid, row by row (any cells: the checker judges them).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
}

impl Grid {
    /// A grid of `width`×`height` cells; `None` when the length differs.
    pub fn new(width: usize, height: usize, cells: Vec<Cell>) -> Option<Grid> {
        (cells.len() == width * height).then_some(Grid {
            width,
            height,
            cells,
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

    /// The cells, row by row.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
}

impl fmt::Display for Grid {
    /// One line a row, one letter a cell: `L` light, `#` wall, `.` empty.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(self.width.max(1)) {
            let line: String = row.iter().map(|cell| cell.letter()).collect();
            writeln!(formatter, "{line}")?;
        }
        Ok(())
    }
}
