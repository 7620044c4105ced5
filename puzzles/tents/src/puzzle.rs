//! The puzzle as plain data: the grid's size, the trees, the number of tents
//! of each column and row, and any square the ID already marks as a tent or
//! as grass; and a solved grid.
//!
//! Squares are numbered row by row from 0 (`row * width + column`).

use std::fmt;

use thiserror::Error;

/// The smallest width and height: Tatham's Tents refuses anything under 4×4.
pub const MIN_SIZE: usize = 4;

/// The largest width and height Sieve reads (his game has no fixed limit).
pub const MAX_SIZE: usize = 100;

/// What the ID says about one square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Square {
    /// Nothing yet: a tent or grass.
    Open,
    /// A tree.
    Tree,
    /// Marked as a tent by the ID (`!`).
    MarkedTent,
    /// Marked as grass, no tent, by the ID (`-`).
    MarkedGrass,
}

/// One square of a solved grid.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A tree, as the puzzle gives it.
    Tree,
    /// A tent.
    Tent,
    /// Grass: neither.
    Grass,
}

impl Cell {
    /// The character of the zoo's one-line answer: `T`, `A`, `.`.
    pub fn letter(self) -> char {
        match self {
            Cell::Tree => 'T',
            Cell::Tent => 'A',
            Cell::Grass => '.',
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
    /// Not one count a column and one a row.
    #[error("{found} {line} counts for {expected} {line}s")]
    Counts {
        /// "column" or "row".
        line: &'static str,
        /// How many were given.
        found: usize,
        /// How many lines there are.
        expected: usize,
    },
    /// A count larger than its line.
    #[error("{line} {} asks for {count} tents in {length} squares", index + 1)]
    CountTooLarge {
        /// "column" or "row".
        line: &'static str,
        /// 0-based index of the line.
        index: usize,
        /// The count.
        count: usize,
        /// The line's length.
        length: usize,
    },
}

/// A Tents puzzle: trees on a grid, and how many tents each column and row
/// holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    width: usize,
    height: usize,
    squares: Vec<Square>,
    column_counts: Vec<usize>,
    row_counts: Vec<usize>,
}

impl Puzzle {
    /// A `width`×`height` puzzle with these squares (row by row) and counts
    /// (columns left to right, rows top to bottom).
    pub fn new(
        width: usize,
        height: usize,
        squares: Vec<Square>,
        column_counts: Vec<usize>,
        row_counts: Vec<usize>,
    ) -> Result<Puzzle, PuzzleError> {
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
        for (line, counts, lines, length) in [
            ("column", &column_counts, width, height),
            ("row", &row_counts, height, width),
        ] {
            if counts.len() != lines {
                return Err(PuzzleError::Counts {
                    line,
                    found: counts.len(),
                    expected: lines,
                });
            }
            if let Some(index) = counts.iter().position(|&count| count > length) {
                return Err(PuzzleError::CountTooLarge {
                    line,
                    index,
                    count: counts[index],
                    length,
                });
            }
        }
        Ok(Puzzle {
            width,
            height,
            squares,
            column_counts,
            row_counts,
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

    /// How many tents each column holds, left to right.
    pub fn column_counts(&self) -> &[usize] {
        &self.column_counts
    }

    /// How many tents each row holds, top to bottom.
    pub fn row_counts(&self) -> &[usize] {
        &self.row_counts
    }

    /// How many trees there are (and so tents, in a solution).
    pub fn trees(&self) -> usize {
        self.squares.iter().filter(|&&s| s == Square::Tree).count()
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
    /// One line a row, one letter a cell: `A` tent, `T` tree, `.` grass.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(self.width.max(1)) {
            let line: String = row.iter().map(|cell| cell.letter()).collect();
            writeln!(formatter, "{line}")?;
        }
        Ok(())
    }
}
