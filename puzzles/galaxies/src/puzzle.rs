//! The puzzle as plain data: the grid's size and its dots, and a solved grid.
//!
//! Positions are read on the grid of half cells, as Tatham's game reads them:
//! `x` runs from 0 (the left edge) to `2 * width` (the right edge), `y` from 0
//! to `2 * height`; the cell in row `r`, column `c` (0-based) has its centre at
//! (`2c + 1`, `2r + 1`), its edges' midpoints and its corners around it. A dot
//! lies strictly inside the grid. Cells are numbered row by row from 0.

use std::fmt;

use thiserror::Error;

/// The smallest width or height, as in Tatham's game.
pub const MIN_SIZE: usize = 3;

/// The largest width or height Sieve reads (his game sets no practical limit;
/// his presets go to 15).
pub const MAX_SIZE: usize = 40;

/// A dot, on the grid of half cells.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dot {
    /// Its row on the grid of half cells, from 1 to `2 * height - 1`.
    pub y: usize,
    /// Its column on the grid of half cells, from 1 to `2 * width - 1`.
    pub x: usize,
    /// Whether his game draws it black (it means nothing to the rules).
    pub black: bool,
}

impl Dot {
    /// The cells the dot touches, which its region must hold: the cell it marks
    /// the centre of, the two beside an edge it sits on, or the four round a
    /// corner.
    pub fn cells(&self, width: usize) -> impl Iterator<Item = usize> + use<> {
        // An odd place is a cell's centre, an even one the line between two
        // cells: the rows (columns) round it, one or two, without a vector
        // of each (making them was 2 % of solving 15×15 puzzles).
        let rows = self.y.saturating_sub(1) / 2..=self.y / 2;
        let columns = self.x.saturating_sub(1) / 2..=self.x / 2;
        rows.flat_map(move |row| columns.clone().map(move |column| row * width + column))
    }
}

impl fmt::Display for Dot {
    /// `the dot at r2c3`, `the dot between r2c3 and r2c4`, `the dot at the corner
    /// of r2c3 and r3c4`, counted from 1.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (row, column) = (self.y.div_ceil(2), self.x.div_ceil(2));
        match (self.y % 2, self.x % 2) {
            (1, 1) => write!(formatter, "the dot at r{row}c{column}"),
            (1, _) => write!(
                formatter,
                "the dot between r{row}c{column} and r{row}c{}",
                column + 1
            ),
            (_, 1) => write!(
                formatter,
                "the dot between r{row}c{column} and r{}c{column}",
                row + 1
            ),
            _ => write!(
                formatter,
                "the dot at the corner of r{row}c{column} and r{}c{}",
                row + 1,
                column + 1
            ),
        }
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
    /// No dot at all: no cell could belong anywhere.
    #[error("the puzzle has no dot")]
    NoDots,
    /// A dot outside the inside of the grid.
    #[error("a dot at ({x}, {y}) on the grid of half cells lies outside the grid")]
    Outside {
        /// Its column on the grid of half cells.
        x: usize,
        /// Its row.
        y: usize,
    },
    /// Two dots in the same place, or out of reading order.
    #[error("{second} comes after {first}: dots are given once each, row by row")]
    Order {
        /// The earlier dot.
        first: Dot,
        /// The later one.
        second: Dot,
    },
    /// Two dots touching the same cell, which would belong to both ("dots too close
    /// together", his game says).
    #[error("{first} and {second} both touch r{}c{}: dots too close together", cell / width + 1, cell % width + 1)]
    TooClose {
        /// The earlier dot.
        first: Dot,
        /// The later one.
        second: Dot,
        /// The cell both touch.
        cell: usize,
        /// The grid's width, to name the cell.
        width: usize,
    },
}

/// A Spiral galaxies puzzle: divide the grid into regions, one a dot, each
/// connected and symmetric by a half turn about its dot.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    width: usize,
    height: usize,
    dots: Vec<Dot>,
}

impl Puzzle {
    /// A `width` × `height` puzzle with these dots, in reading order (row by row
    /// on the grid of half cells), none touching a cell another touches.
    pub fn new(width: usize, height: usize, dots: Vec<Dot>) -> Result<Puzzle, PuzzleError> {
        let sides = MIN_SIZE..=MAX_SIZE;
        if !sides.contains(&width) || !sides.contains(&height) {
            return Err(PuzzleError::Size { width, height });
        }
        if dots.is_empty() {
            return Err(PuzzleError::NoDots);
        }
        let mut owner: Vec<Option<usize>> = vec![None; width * height];
        for index in 0..dots.len() {
            place_dot(width, height, &dots[..=index], &mut owner)?;
        }
        Ok(Puzzle {
            width,
            height,
            dots,
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

    /// The dots, in reading order: a dot's index is its number in the answers.
    pub fn dots(&self) -> &[Dot] {
        &self.dots
    }

    /// The cell a half turn about `dot` takes `cell` to, if inside the grid.
    pub fn mirror(&self, cell: usize, dot: &Dot) -> Option<usize> {
        mirror(self.width, self.height, cell, dot)
    }
}

/// Checks the last of `dots` against the grid and the dots before it, and
/// marks the cells it touches in `owner` (each cell's dot, by index): inside
/// the grid, after the one before in reading order, and touching no cell
/// another dot touches. A parser places dots one at a time, so that an error
/// names the dot that caused it.
pub(crate) fn place_dot(
    width: usize,
    height: usize,
    dots: &[Dot],
    owner: &mut [Option<usize>],
) -> Result<(), PuzzleError> {
    let Some((dot, before)) = dots.split_last() else {
        return Ok(());
    };
    if !(1..2 * width).contains(&dot.x) || !(1..2 * height).contains(&dot.y) {
        return Err(PuzzleError::Outside { x: dot.x, y: dot.y });
    }
    if let Some(last) = before.last()
        && (last.y, last.x) >= (dot.y, dot.x)
    {
        return Err(PuzzleError::Order {
            first: *last,
            second: *dot,
        });
    }
    for cell in dot.cells(width) {
        if let Some(other) = owner[cell] {
            return Err(PuzzleError::TooClose {
                first: dots[other],
                second: *dot,
                cell,
                width,
            });
        }
        owner[cell] = Some(before.len());
    }
    Ok(())
}

/// The cell of a `width` × `height` grid that a half turn about `dot` takes
/// `cell` to, if inside the grid.
pub(crate) fn mirror(width: usize, height: usize, cell: usize, dot: &Dot) -> Option<usize> {
    let (x, y) = (2 * (cell % width) + 1, 2 * (cell / width) + 1);
    let x = (2 * dot.x).checked_sub(x)?;
    let y = (2 * dot.y).checked_sub(y)?;
    (x < 2 * width && y < 2 * height).then_some((y / 2) * width + x / 2)
}

/// A solved grid: for each cell, row by row, the index of its dot (any size and
/// indices: the checker judges it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Galaxies {
    width: usize,
    dots: Vec<usize>,
}

impl Galaxies {
    /// A grid `width` cells wide; `None` when the cells do not make whole rows of
    /// that width.
    pub fn new(width: usize, dots: Vec<usize>) -> Option<Galaxies> {
        (width > 0 && dots.len().is_multiple_of(width)).then_some(Galaxies { width, dots })
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.dots.len() / self.width
    }

    /// Each cell's dot, row by row.
    pub fn dots(&self) -> &[usize] {
        &self.dots
    }
}
