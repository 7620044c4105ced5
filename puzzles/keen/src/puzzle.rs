//! The puzzle as plain data: N, and the cages that cover the grid, each with
//! its operation and target.
//!
//! Cells are numbered row by row from 0 (`row * N + column`); values are
//! `1..=N`.

use std::fmt;

use thiserror::Error;

/// The largest N: Tatham's Keen allows 3 to 9.
pub const MAX_SIZE: usize = 9;

/// The smallest N Tatham's Keen allows.
pub const MIN_SIZE: usize = 3;

/// A cage's arithmetic.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Operation {
    /// The values add up to the target (`+`, written `a` in IDs).
    Add,
    /// The two values differ by the target, either way round (`−`, `s`).
    Subtract,
    /// The values multiply to the target (`×`, `m`).
    Multiply,
    /// One of the two values is the other times the target (`÷`, `d`).
    Divide,
}

impl Operation {
    /// The sign as the puzzle prints it: `+`, `−`, `×`, `÷`.
    pub fn sign(self) -> char {
        match self {
            Operation::Add => '+',
            Operation::Subtract => '−',
            Operation::Multiply => '×',
            Operation::Divide => '÷',
        }
    }

    /// The letter of Tatham's IDs: `a`, `s`, `m`, `d`.
    pub fn letter(self) -> char {
        match self {
            Operation::Add => 'a',
            Operation::Subtract => 's',
            Operation::Multiply => 'm',
            Operation::Divide => 'd',
        }
    }

    /// The operation of an ID letter.
    pub fn from_letter(letter: char) -> Option<Operation> {
        match letter {
            'a' => Some(Operation::Add),
            's' => Some(Operation::Subtract),
            'm' => Some(Operation::Multiply),
            'd' => Some(Operation::Divide),
            _ => None,
        }
    }

    /// Whether the operation needs exactly two cells (`−` and `÷`).
    pub fn needs_two_cells(self) -> bool {
        matches!(self, Operation::Subtract | Operation::Divide)
    }
}

/// One cage: its cells (in increasing order), its operation and target.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The cells, smallest first.
    pub cells: Vec<usize>,
    /// The arithmetic.
    pub operation: Operation,
    /// The number the cage's values must make.
    pub target: u64,
}

impl Cage {
    /// The clue as printed: `12×`, `7+`, `2−`, `3÷`.
    pub fn clue(&self) -> String {
        format!("{}{}", self.target, self.operation.sign())
    }
}

/// Why a puzzle could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// N out of `MIN_SIZE..=MAX_SIZE`.
    #[error("size {0} is out of range: N must be between {MIN_SIZE} and {MAX_SIZE}")]
    Size(usize),
    /// A cage without cells.
    #[error("cage {0} has no cells")]
    EmptyCage(usize),
    /// A cell outside the grid, in no cage, or in two.
    #[error("cell {0} is not in exactly one cage")]
    Cover(usize),
    /// A `−` or `÷` cage of other than two cells.
    #[error("cage {cage}: a {sign} cage has two cells, not {cells}")]
    TwoCells {
        /// The cage's index.
        cage: usize,
        /// Its sign.
        sign: char,
        /// How many cells it has.
        cells: usize,
    },
}

/// A Keen puzzle: an N×N Latin square cut into cages with arithmetic clues.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    size: usize,
    multiplication_only: bool,
    cages: Vec<Cage>,
    cage_of: Vec<usize>,
}

impl Puzzle {
    /// An N×N puzzle with these cages, which must cover every cell once
    /// (their cells are sorted; the cages keep their order).
    /// `multiplication_only` records the mode of the parameters (`m`): it
    /// changes what the generator makes, not the rules.
    pub fn new(
        size: usize,
        multiplication_only: bool,
        mut cages: Vec<Cage>,
    ) -> Result<Puzzle, PuzzleError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(PuzzleError::Size(size));
        }
        let cells = size * size;
        let mut cage_of = vec![usize::MAX; cells];
        for (index, cage) in cages.iter_mut().enumerate() {
            cage.cells.sort_unstable();
            if cage.cells.is_empty() {
                return Err(PuzzleError::EmptyCage(index));
            }
            if cage.operation.needs_two_cells() && cage.cells.len() != 2 {
                return Err(PuzzleError::TwoCells {
                    cage: index,
                    sign: cage.operation.sign(),
                    cells: cage.cells.len(),
                });
            }
            for &cell in &cage.cells {
                if cell >= cells || cage_of[cell] != usize::MAX {
                    return Err(PuzzleError::Cover(cell));
                }
                cage_of[cell] = index;
            }
        }
        if let Some(cell) = cage_of.iter().position(|&cage| cage == usize::MAX) {
            return Err(PuzzleError::Cover(cell));
        }
        Ok(Puzzle {
            size,
            multiplication_only,
            cages,
            cage_of,
        })
    }

    /// N.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Whether the parameters asked for the multiplication-only mode.
    pub fn multiplication_only(&self) -> bool {
        self.multiplication_only
    }

    /// The cages.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The index of the cage holding `cell`.
    pub fn cage_of(&self, cell: usize) -> usize {
        self.cage_of[cell]
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
