//! The puzzle as plain data: the grid's size, the run clue of every column
//! and row, and the cells the ID gives.
//!
//! Cells are numbered row by row from 0 (`row * width + column`).

use std::fmt;

use sieve::names::push_number;
use thiserror::Error;

/// The largest width or height read: far beyond what Tatham's generator
/// makes (his line solver slows down past about 30), small enough that a
/// model of every cell stays cheap.
pub const MAX_SIZE: usize = 255;

/// A line of the grid: a column or a row, 0-based.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// Column `c`, read top to bottom.
    Column(usize),
    /// Row `r`, read left to right.
    Row(usize),
}

impl fmt::Display for Line {
    /// `column 3` or `row 1`, counted from 1.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Column(column) => write!(formatter, "column {}", column + 1),
            Line::Row(row) => write!(formatter, "row {}", row + 1),
        }
    }
}

/// A clue written as the game shows it: the run lengths with spaces
/// (`3 1 2`), or `0` for a line without filled cells.
pub fn clue_text(runs: &[usize]) -> String {
    if runs.is_empty() {
        return "0".to_string();
    }
    // Digit by digit into one string: a model names each of its lines by
    // its clue.
    let mut text = String::with_capacity(3 * runs.len());
    for (index, &length) in runs.iter().enumerate() {
        if index > 0 {
            text.push(' ');
        }
        push_number(&mut text, length);
    }
    text
}

/// The cells a clue's runs need at least: each run, and one gap between
/// each two.
pub fn cells_needed(runs: &[usize]) -> usize {
    runs.iter().sum::<usize>() + runs.len().saturating_sub(1)
}

/// Why a puzzle could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// A width or height out of `1..=MAX_SIZE`.
    #[error("the grid is {width}×{height}: each side must be between 1 and {MAX_SIZE}")]
    Size {
        /// The width.
        width: usize,
        /// The height.
        height: usize,
    },
    /// Another number of column or row clues than the grid has lines.
    #[error("{found} {what} clues for a grid of {expected}")]
    ClueCount {
        /// `column` or `row`.
        what: &'static str,
        /// How many were given.
        found: usize,
        /// How many the grid has.
        expected: usize,
    },
    /// A run of length 0.
    #[error("{line}: a run of length 0 (a line without runs has an empty clue)")]
    EmptyRun {
        /// The line.
        line: Line,
    },
    /// Runs that cannot fit in their line.
    #[error(
        "{line}: the runs {} need {needed} cells, the line has {length}",
        clue_text(runs)
    )]
    TooLong {
        /// The line.
        line: Line,
        /// Its runs.
        runs: Vec<usize>,
        /// The cells they need.
        needed: usize,
        /// The line's length.
        length: usize,
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

/// A nonogram: a width × height grid, the runs of filled cells each column
/// and row holds, in order, and cells the ID gives as filled or empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    width: usize,
    height: usize,
    columns: Vec<Vec<usize>>,
    rows: Vec<Vec<usize>>,
    givens: Vec<Option<bool>>,
}

impl Puzzle {
    /// A puzzle of `columns.len()` × `rows.len()` cells; `givens` has one
    /// entry a cell (row by row): `Some(true)` filled, `Some(false)` empty,
    /// `None` for the solver to find. Refuses runs that do not fit.
    pub fn new(
        columns: Vec<Vec<usize>>,
        rows: Vec<Vec<usize>>,
        givens: Vec<Option<bool>>,
    ) -> Result<Puzzle, PuzzleError> {
        let (width, height) = (columns.len(), rows.len());
        if !(1..=MAX_SIZE).contains(&width) || !(1..=MAX_SIZE).contains(&height) {
            return Err(PuzzleError::Size { width, height });
        }
        if givens.len() != width * height {
            return Err(PuzzleError::GivenCount {
                found: givens.len(),
                expected: width * height,
            });
        }
        let puzzle = Puzzle {
            width,
            height,
            columns,
            rows,
            givens,
        };
        for line in puzzle.lines() {
            let runs = puzzle.runs(line);
            let length = puzzle.length(line);
            if runs.contains(&0) {
                return Err(PuzzleError::EmptyRun { line });
            }
            let needed = cells_needed(runs);
            if needed > length {
                return Err(PuzzleError::TooLong {
                    line,
                    runs: runs.to_vec(),
                    needed,
                    length,
                });
            }
        }
        Ok(puzzle)
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Every line: the columns left to right, then the rows top to bottom
    /// (the order of the ID's clues).
    pub fn lines(&self) -> impl Iterator<Item = Line> + use<> {
        let rows = (0..self.height).map(Line::Row);
        (0..self.width).map(Line::Column).chain(rows)
    }

    /// The runs of a line, in order (top to bottom, left to right).
    pub fn runs(&self, line: Line) -> &[usize] {
        match line {
            Line::Column(column) => &self.columns[column],
            Line::Row(row) => &self.rows[row],
        }
    }

    /// The cells of a line, in reading order.
    pub fn cells_of(&self, line: Line) -> Vec<usize> {
        match line {
            Line::Column(column) => (0..self.height)
                .map(|row| row * self.width + column)
                .collect(),
            Line::Row(row) => (0..self.width)
                .map(|column| row * self.width + column)
                .collect(),
        }
    }

    /// How many cells a line has.
    pub fn length(&self, line: Line) -> usize {
        match line {
            Line::Column(_) => self.height,
            Line::Row(_) => self.width,
        }
    }

    /// The given cells, row by row: `Some(true)` filled, `Some(false)` empty.
    pub fn givens(&self) -> &[Option<bool>] {
        &self.givens
    }
}

/// A shaded grid, row by row: `true` for a filled cell (any size: the
/// checker judges it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Picture {
    width: usize,
    filled: Vec<bool>,
}

impl Picture {
    /// A picture `width` cells wide; `None` when the cells do not make whole
    /// rows of that width.
    pub fn new(width: usize, filled: Vec<bool>) -> Option<Picture> {
        (width > 0 && filled.len().is_multiple_of(width)).then_some(Picture { width, filled })
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.filled.len() / self.width
    }

    /// The cells, row by row: `true` filled.
    pub fn filled(&self) -> &[bool] {
        &self.filled
    }
}

impl fmt::Display for Picture {
    /// One line a row: `#` filled, `.` empty.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.filled.chunks(self.width) {
            let line: String = row.iter().map(|&on| if on { '#' } else { '.' }).collect();
            writeln!(formatter, "{line}")?;
        }
        Ok(())
    }
}
