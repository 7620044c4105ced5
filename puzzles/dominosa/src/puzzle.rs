//! The puzzle as plain data: N, and the (N+1)×(N+2) grid of numbers `0..=N`
//! that a full set of dominoes 0-0 … N-N covers; a solution pairs every cell
//! with the neighbour on the same domino.
//!
//! Cells are numbered row by row from 0 (`row * (N + 2) + column`).

use std::fmt;

use thiserror::Error;

/// The smallest N (Tatham's Dominosa allows 1).
pub const MIN_N: usize = 1;

/// The largest N Sieve reads (Tatham sets no limit but the grid's area).
pub const MAX_N: usize = 40;

/// The side of a cell its partner lies on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The cell to the left.
    Left,
    /// The cell to the right.
    Right,
    /// The cell above.
    Up,
    /// The cell below.
    Down,
}

impl Side {
    /// Every side, in the order of their letters L, R, U, D.
    pub const ALL: [Side; 4] = [Side::Left, Side::Right, Side::Up, Side::Down];

    /// The letter of the zoo's one-line answers: `L`, `R`, `U`, `D`.
    pub fn letter(self) -> char {
        match self {
            Side::Left => 'L',
            Side::Right => 'R',
            Side::Up => 'U',
            Side::Down => 'D',
        }
    }

    /// The side of a letter `L`, `R`, `U` or `D`.
    pub fn from_letter(letter: char) -> Option<Side> {
        Side::ALL.into_iter().find(|side| side.letter() == letter)
    }

    /// The side the partner sees this cell on.
    pub fn opposite(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
            Side::Up => Side::Down,
            Side::Down => Side::Up,
        }
    }

    /// The cell on this side of `cell` in a grid `width` cells wide and
    /// `cells` in all, if it is inside the grid.
    pub fn of(self, cell: usize, width: usize, cells: usize) -> Option<usize> {
        let column = cell % width;
        match self {
            Side::Left => (column > 0).then(|| cell - 1),
            Side::Right => (column + 1 < width).then_some(cell + 1),
            Side::Up => cell.checked_sub(width),
            Side::Down => Some(cell + width).filter(|&below| below < cells),
        }
    }
}

/// Why a puzzle could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// N out of `MIN_N..=MAX_N`.
    #[error("N = {0}: it must be between {MIN_N} and {MAX_N}")]
    Size(usize),
    /// Not (N+1)·(N+2) numbers.
    #[error("{found} numbers for a grid of {expected} cells")]
    Cells {
        /// How many were given.
        found: usize,
        /// (N+1)·(N+2).
        expected: usize,
    },
    /// A number above N.
    #[error("cell {cell}: {number} is above N = {size}")]
    Number {
        /// The cell.
        cell: usize,
        /// The number.
        number: u8,
        /// N.
        size: usize,
    },
    /// A number not written N+2 times, as a full set has it.
    #[error("{number} is written {times} times; a full set of dominoes has it {expected} times")]
    Balance {
        /// The number.
        number: u8,
        /// How often it is written.
        times: usize,
        /// N+2.
        expected: usize,
    },
}

/// A Dominosa puzzle: N and the grid of numbers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    size: usize,
    numbers: Vec<u8>,
}

impl Puzzle {
    /// The puzzle of the dominoes 0-0 … N-N on these (N+1)·(N+2) numbers,
    /// row by row over N+2 columns, each number `0..=N` written N+2 times.
    pub fn new(size: usize, numbers: Vec<u8>) -> Result<Puzzle, PuzzleError> {
        if !(MIN_N..=MAX_N).contains(&size) {
            return Err(PuzzleError::Size(size));
        }
        let expected = (size + 1) * (size + 2);
        if numbers.len() != expected {
            return Err(PuzzleError::Cells {
                found: numbers.len(),
                expected,
            });
        }
        let mut times = vec![0usize; size + 1];
        for (cell, &number) in numbers.iter().enumerate() {
            match times.get_mut(usize::from(number)) {
                Some(count) => *count += 1,
                None => return Err(PuzzleError::Number { cell, number, size }),
            }
        }
        if let Some((number, &times)) = (times.iter().enumerate()).find(|&(_, &t)| t != size + 2) {
            return Err(PuzzleError::Balance {
                number: number as u8,
                times,
                expected: size + 2,
            });
        }
        Ok(Puzzle { size, numbers })
    }

    /// N, the largest number.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Cells across: N+2.
    pub fn width(&self) -> usize {
        self.size + 2
    }

    /// Cells down: N+1.
    pub fn height(&self) -> usize {
        self.size + 1
    }

    /// The numbers, row by row.
    pub fn numbers(&self) -> &[u8] {
        &self.numbers
    }

    /// How many dominoes the set has: (N+1)(N+2)/2.
    pub fn dominoes(&self) -> usize {
        (self.size + 1) * (self.size + 2) / 2
    }
}

/// The index of the domino with ends `a` and `b` (either way round) in the
/// set 0-0, 0-1, 1-1, 0-2, 1-2, 2-2, …: the larger end's triangle number
/// plus the smaller end.
pub fn domino_index(a: u8, b: u8) -> usize {
    let (low, high) = (usize::from(a.min(b)), usize::from(a.max(b)));
    high * (high + 1) / 2 + low
}

/// The ends of domino `index`, smaller first (the inverse of
/// [`domino_index`]).
pub fn domino_ends(index: usize) -> (u8, u8) {
    let mut high = 0;
    while (high + 1) * (high + 2) / 2 <= index {
        high += 1;
    }
    ((index - high * (high + 1) / 2) as u8, high as u8)
}

/// A laid set: each cell's partner side, row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tiling {
    width: usize,
    sides: Vec<Side>,
}

impl Tiling {
    /// The tiling with these sides, row by row over `width` columns;
    /// `None` when they do not fill whole rows.
    pub fn new(width: usize, sides: Vec<Side>) -> Option<Tiling> {
        (width > 0 && sides.len().is_multiple_of(width)).then_some(Tiling { width, sides })
    }

    /// Cells across.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The side of each cell's partner, row by row.
    pub fn sides(&self) -> &[Side] {
        &self.sides
    }
}

impl fmt::Display for Tiling {
    /// One line of letters L, R, U, D a row.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.sides.chunks(self.width) {
            let line: String = row.iter().map(|side| side.letter()).collect();
            writeln!(formatter, "{line}")?;
        }
        Ok(())
    }
}
