//! The puzzle as plain data: the grid's size and its numbers.
//!
//! Cells are numbered row by row from 0 (`row * width + column`). Numbers
//! run from 1 to the larger side.

use std::fmt;

use thiserror::Error;

/// The smallest width or height, as in Tatham's game.
pub const MIN_SIZE: usize = 2;

/// The largest width or height, as in Tatham's game (`1`–`9`, `a`–`z`,
/// `A`–`Z` write the numbers).
pub const MAX_SIZE: usize = 62;

/// The largest number a game ID can write (`Z`); on a grid of 62 a side
/// it is one short of the side.
pub const MAX_NUMBER: u8 = 61;

/// The largest number a cell of a `width` × `height` grid may hold: the
/// larger side, at most [`MAX_NUMBER`].
pub fn largest_number(width: usize, height: usize) -> u8 {
    width.max(height).min(usize::from(MAX_NUMBER)) as u8
}

/// A line of the grid: a row or a column, 0-based.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// Row `r`, read left to right.
    Row(usize),
    /// Column `c`, read top to bottom.
    Column(usize),
}

impl Line {
    /// `row 1` or `column 3`, counted from 1.
    pub fn name(self) -> String {
        let mut name = String::with_capacity(12);
        self.push_name(&mut name);
        name
    }

    /// Write [`Line::name`] at the end of `text`, digit by digit: a model
    /// names every line of every puzzle solved, and the formatter was a
    /// cost of its own there.
    pub fn push_name(self, text: &mut String) {
        let (word, index) = match self {
            Line::Row(row) => ("row ", row),
            Line::Column(column) => ("column ", column),
        };
        text.push_str(word);
        sieve::names::push_number(text, index + 1);
    }
}

impl fmt::Display for Line {
    /// [`Line::name`].
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.name())
    }
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
    #[error("{found} numbers for a grid of {expected} cells")]
    CellCount {
        /// How many were given.
        found: usize,
        /// How many the grid has.
        expected: usize,
    },
    /// A number out of `1..=largest_number(width, height)`.
    #[error("r{}c{} holds {number}: numbers run from 1 to {largest}", cell / width + 1, cell % width + 1)]
    Number {
        /// The cell.
        cell: usize,
        /// The grid's width, to name the cell.
        width: usize,
        /// The number.
        number: u8,
        /// The largest allowed.
        largest: u8,
    },
}

/// A Hitori: shade some cells so that no number is unshaded twice in a row
/// or column, no two shaded cells are side by side, and the unshaded cells
/// are all connected.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    width: usize,
    height: usize,
    numbers: Vec<u8>,
}

impl Puzzle {
    /// A `width` × `height` puzzle with these numbers, row by row, each in
    /// `1..=`[`largest_number`]`(width, height)`.
    pub fn new(width: usize, height: usize, numbers: Vec<u8>) -> Result<Puzzle, PuzzleError> {
        let sides = MIN_SIZE..=MAX_SIZE;
        if !sides.contains(&width) || !sides.contains(&height) {
            return Err(PuzzleError::Size { width, height });
        }
        if numbers.len() != width * height {
            return Err(PuzzleError::CellCount {
                found: numbers.len(),
                expected: width * height,
            });
        }
        let largest = largest_number(width, height);
        if let Some(cell) = (numbers.iter()).position(|&n| n == 0 || n > largest) {
            return Err(PuzzleError::Number {
                cell,
                width,
                number: numbers[cell],
                largest,
            });
        }
        Ok(Puzzle {
            width,
            height,
            numbers,
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

    /// The numbers, row by row.
    pub fn numbers(&self) -> &[u8] {
        &self.numbers
    }

    /// Every row, then every column.
    pub fn lines(&self) -> impl Iterator<Item = Line> + use<> {
        let columns = (0..self.width).map(Line::Column);
        (0..self.height).map(Line::Row).chain(columns)
    }

    /// The cells of a line, in reading order.
    pub fn cells_of(&self, line: Line) -> Vec<usize> {
        self.cells_along(line).collect()
    }

    /// The cells of a line, in reading order, one by one (a model reads
    /// every line of every puzzle, and needs no list of them).
    pub fn cells_along(&self, line: Line) -> impl Iterator<Item = usize> + use<> {
        let (start, step, length) = match line {
            Line::Row(row) => (row * self.width, 1, self.width),
            Line::Column(column) => (column, self.width, self.height),
        };
        (0..length).map(move |index| start + index * step)
    }

    /// The cells beside `cell` (up, left, right, down, those in the grid).
    pub fn neighbours(&self, cell: usize) -> Vec<usize> {
        let (row, column) = (cell / self.width, cell % self.width);
        let mut around = Vec::with_capacity(4);
        if row > 0 {
            around.push(cell - self.width);
        }
        if column > 0 {
            around.push(cell - 1);
        }
        if column + 1 < self.width {
            around.push(cell + 1);
        }
        if row + 1 < self.height {
            around.push(cell + self.width);
        }
        around
    }
}

/// A shading of the grid, row by row: `true` for a shaded cell (any size:
/// the checker judges it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shading {
    width: usize,
    shaded: Vec<bool>,
}

impl Shading {
    /// A shading `width` cells wide; `None` when the cells do not make
    /// whole rows of that width.
    pub fn new(width: usize, shaded: Vec<bool>) -> Option<Shading> {
        (width > 0 && shaded.len().is_multiple_of(width)).then_some(Shading { width, shaded })
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.shaded.len() / self.width
    }

    /// The cells, row by row: `true` shaded.
    pub fn shaded(&self) -> &[bool] {
        &self.shaded
    }
}

impl fmt::Display for Shading {
    /// One line a row: `#` shaded, `.` unshaded.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.shaded.chunks(self.width) {
            let line: String = row.iter().map(|&on| if on { '#' } else { '.' }).collect();
            writeln!(formatter, "{line}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_named_from_one() {
        let lines = [
            Line::Row(0),
            Line::Row(11),
            Line::Column(2),
            Line::Column(99),
        ];
        let names = ["row 1", "row 12", "column 3", "column 100"];
        for (line, name) in lines.into_iter().zip(names) {
            assert_eq!(line.name(), name);
            assert_eq!(line.to_string(), name);
        }
    }
}
