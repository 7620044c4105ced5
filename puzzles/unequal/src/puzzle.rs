//! The puzzle as plain data: N, the mode, the given cells, and the marks
//! between neighbouring cells (inequality signs, or the adjacent mode's bars).
//!
//! Cells are numbered row by row from 0 (`row * N + column`); values are
//! `1..=N`.

use std::fmt;

use thiserror::Error;

/// The largest N: Tatham's games allow 3 to 32.
pub const MAX_SIZE: usize = 32;

/// Which marks the puzzle has between cells.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Futoshiki: an inequality sign says which of two neighbours is greater.
    Unequal,
    /// Adjacent: a bar between two neighbours says their values differ by
    /// exactly one, and two neighbours without a bar differ by more.
    Adjacent,
}

/// One inequality sign: the value of `greater` is larger than that of `less`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sign {
    /// The cell with the larger value.
    pub greater: usize,
    /// The neighbouring cell with the smaller value.
    pub less: usize,
}

/// Why a puzzle could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// N out of `1..=MAX_SIZE`.
    #[error("size {0} is out of range: N must be between 1 and {MAX_SIZE}")]
    Size(usize),
    /// Givens of the wrong length.
    #[error("{found} givens for {expected} cells")]
    GivenCount {
        /// How many.
        found: usize,
        /// N·N.
        expected: usize,
    },
    /// A given outside `1..=N`.
    #[error("given {value} at cell {cell} is out of range 1..={size}")]
    GivenValue {
        /// The cell.
        cell: usize,
        /// The value.
        value: u8,
        /// N.
        size: usize,
    },
    /// Two cells that are not neighbours, or outside the grid.
    #[error("cells {0} and {1} are not neighbours on the grid")]
    NotNeighbours(usize, usize),
    /// A sign in the adjacent mode, or a bar in the unequal mode.
    #[error("a {mark} does not belong to a puzzle in the {mode:?} mode")]
    WrongMode {
        /// "sign" or "bar".
        mark: &'static str,
        /// The puzzle's mode.
        mode: Mode,
    },
    /// Two marks on the same pair of cells.
    #[error("cells {0} and {1} carry two marks")]
    Duplicate(usize, usize),
}

/// A Futoshiki puzzle in either mode.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    size: usize,
    mode: Mode,
    givens: Vec<Option<u8>>,
    signs: Vec<Sign>,
    bars: Vec<(usize, usize)>,
}

impl Puzzle {
    /// An N×N puzzle in `mode`, with no givens and no marks.
    pub fn new(size: usize, mode: Mode) -> Result<Puzzle, PuzzleError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(PuzzleError::Size(size));
        }
        Ok(Puzzle {
            size,
            mode,
            givens: vec![None; size * size],
            signs: Vec::new(),
            bars: Vec::new(),
        })
    }

    /// The same puzzle with these N·N givens (row by row, `None` = empty).
    pub fn with_givens(mut self, givens: Vec<Option<u8>>) -> Result<Puzzle, PuzzleError> {
        if givens.len() != self.size * self.size {
            return Err(PuzzleError::GivenCount {
                found: givens.len(),
                expected: self.size * self.size,
            });
        }
        for (cell, given) in givens.iter().enumerate() {
            if let Some(value) = *given
                && (value == 0 || usize::from(value) > self.size)
            {
                return Err(PuzzleError::GivenValue {
                    cell,
                    value,
                    size: self.size,
                });
            }
        }
        self.givens = givens;
        Ok(self)
    }

    /// Whether two cells share a side.
    pub fn are_neighbours(&self, a: usize, b: usize) -> bool {
        let cells = self.size * self.size;
        if a >= cells || b >= cells {
            return false;
        }
        let (ra, ca, rb, cb) = (a / self.size, a % self.size, b / self.size, b % self.size);
        ra.abs_diff(rb) + ca.abs_diff(cb) == 1
    }

    fn marked(&self, a: usize, b: usize) -> bool {
        let pair = (a.min(b), a.max(b));
        self.bars.contains(&pair)
            || self
                .signs
                .iter()
                .any(|sign| (sign.greater.min(sign.less), sign.greater.max(sign.less)) == pair)
    }

    /// Adds an inequality sign (unequal mode only).
    pub fn add_sign(&mut self, greater: usize, less: usize) -> Result<(), PuzzleError> {
        if self.mode != Mode::Unequal {
            return Err(PuzzleError::WrongMode {
                mark: "sign",
                mode: self.mode,
            });
        }
        if !self.are_neighbours(greater, less) {
            return Err(PuzzleError::NotNeighbours(greater, less));
        }
        if self.marked(greater, less) {
            return Err(PuzzleError::Duplicate(greater, less));
        }
        self.signs.push(Sign { greater, less });
        Ok(())
    }

    /// Adds a bar: the two neighbours differ by one (adjacent mode only).
    pub fn add_bar(&mut self, a: usize, b: usize) -> Result<(), PuzzleError> {
        if self.mode != Mode::Adjacent {
            return Err(PuzzleError::WrongMode {
                mark: "bar",
                mode: self.mode,
            });
        }
        if !self.are_neighbours(a, b) {
            return Err(PuzzleError::NotNeighbours(a, b));
        }
        if self.marked(a, b) {
            return Err(PuzzleError::Duplicate(a, b));
        }
        self.bars.push((a.min(b), a.max(b)));
        Ok(())
    }

    /// N.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The givens, row by row.
    pub fn givens(&self) -> &[Option<u8>] {
        &self.givens
    }

    /// The inequality signs.
    pub fn signs(&self) -> &[Sign] {
        &self.signs
    }

    /// The bars, each pair of cells smaller first.
    pub fn bars(&self) -> &[(usize, usize)] {
        &self.bars
    }

    /// Whether the two cells carry a bar.
    pub fn has_bar(&self, a: usize, b: usize) -> bool {
        self.bars.contains(&(a.min(b), a.max(b)))
    }

    /// Every pair of neighbouring cells, the smaller first: right neighbours,
    /// then those below, row by row.
    pub fn neighbour_pairs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let size = self.size;
        (0..size * size).flat_map(move |cell| {
            let right = (cell % size + 1 < size).then_some((cell, cell + 1));
            let down = (cell / size + 1 < size).then_some((cell, cell + size));
            right.into_iter().chain(down)
        })
    }
}

/// A filled grid, row by row (any values: the checker judges them).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    size: usize,
    values: Vec<u8>,
}

impl Grid {
    /// A grid of N·N values; `None` when the length is not N·N.
    pub fn new(size: usize, values: Vec<u8>) -> Option<Grid> {
        (values.len() == size * size).then_some(Grid { size, values })
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

impl fmt::Display for Grid {
    /// N lines of space-separated values.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.values.chunks(self.size.max(1)) {
            let line: Vec<String> = row.iter().map(u8::to_string).collect();
            writeln!(formatter, "{}", line.join(" "))?;
        }
        Ok(())
    }
}
