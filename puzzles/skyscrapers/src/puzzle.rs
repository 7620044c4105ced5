//! The puzzle itself: its size, the clues around its border, the given cells,
//! and the [`Grid`] of heights a solution fills in.
//!
//! Everything here is plain data with validated constructors, so the parsers,
//! the checker, the reference solver and (later) the rules all agree on what a
//! well-formed puzzle is: N in `1..=16`, heights and clues in `1..=N`, `None`
//! for "no clue" and for an empty cell.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::lines::visible_count;

/// The largest supported side length. Heights `1..=16` fit the `u32`
/// candidate masks of [`crate::lines`] and the drawn-grid form's 2-wide fields.
pub const MAX_SIZE: usize = 16;

/// One side of the grid, where a row of clues sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// Above the grid; clue `i` looks down column `i`.
    Top,
    /// Below the grid; clue `i` looks up column `i`.
    Bottom,
    /// Left of the grid; clue `i` looks right along row `i`.
    Left,
    /// Right of the grid; clue `i` looks left along row `i`.
    Right,
}

impl Side {
    /// The four sides in the source's input order.
    pub const ALL: [Side; 4] = [Side::Top, Side::Bottom, Side::Left, Side::Right];

    /// The lowercase name used in messages ("top", "bottom", "left", "right").
    pub fn name(self) -> &'static str {
        match self {
            Side::Top => "top",
            Side::Bottom => "bottom",
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    /// Whether this side's clues index columns ("column") or rows ("row").
    pub fn index_noun(self) -> &'static str {
        match self {
            Side::Top | Side::Bottom => "column",
            Side::Left | Side::Right => "row",
        }
    }

    /// The line that clue `index` of this side looks along.
    pub fn line(self, index: usize) -> Line {
        match self {
            Side::Top | Side::Bottom => Line::Column(index),
            Side::Left | Side::Right => Line::Row(index),
        }
    }

    /// Whether this side looks along its line from the line's start (top or
    /// left) rather than from its end (bottom or right).
    pub fn looks_from_start(self) -> bool {
        matches!(self, Side::Top | Side::Left)
    }
}

impl fmt::Display for Side {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

/// A row or a column: the unit the Latin rule and every clue work on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Line {
    /// Row `r` (0-based, top to bottom), read left to right.
    Row(usize),
    /// Column `c` (0-based, left to right), read top to bottom.
    Column(usize),
}

impl Line {
    /// The `(row, column)` of the `position`-th cell (0-based) of this line,
    /// counted from the line's start (its left or top end).
    pub fn cell(self, position: usize) -> (usize, usize) {
        match self {
            Line::Row(row) => (row, position),
            Line::Column(column) => (position, column),
        }
    }

    /// The row-major cell indexes of this line, from its start to its end.
    pub fn cell_indexes(self, size: usize) -> impl Iterator<Item = usize> {
        (0..size).map(move |position| {
            let (row, column) = self.cell(position);
            row * size + column
        })
    }

    /// All 2N lines of a grid: the rows, then the columns.
    pub fn all(size: usize) -> impl Iterator<Item = Line> {
        (0..size).map(Line::Row).chain((0..size).map(Line::Column))
    }

    /// The sides whose clues look along this line: (from its start, from its end).
    pub fn sides(self) -> (Side, Side) {
        match self {
            Line::Row(_) => (Side::Left, Side::Right),
            Line::Column(_) => (Side::Top, Side::Bottom),
        }
    }

    /// The 0-based index of this line among the rows or among the columns.
    pub fn index(self) -> usize {
        match self {
            Line::Row(index) | Line::Column(index) => index,
        }
    }
}

impl fmt::Display for Line {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Row(row) => write!(formatter, "row {}", row + 1),
            Line::Column(column) => write!(formatter, "column {}", column + 1),
        }
    }
}

/// Why a puzzle, its clues, its givens or a grid could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// N must lie in `1..=MAX_SIZE`.
    #[error("size {size} is out of range: N must be between 1 and {MAX_SIZE}")]
    SizeOutOfRange {
        /// The rejected size.
        size: usize,
    },
    /// One side holds a number of clues other than N.
    #[error("the {side} side has {found} clues, expected {expected}")]
    WrongClueCount {
        /// The side with the wrong count.
        side: Side,
        /// How many clues it holds.
        found: usize,
        /// N.
        expected: usize,
    },
    /// A clue is 0 (write `None`) or taller than N.
    #[error("clue {value} on the {side} side, {} {}, is out of range: clues are 1..={size}", side.index_noun(), index + 1)]
    ClueOutOfRange {
        /// The clue's side.
        side: Side,
        /// The clue's 0-based index along its side.
        index: usize,
        /// The rejected value.
        value: u8,
        /// N.
        size: usize,
    },
    /// The givens (or a grid) hold a number of cells other than N·N.
    #[error("found {found} cells, expected N·N = {expected} for N = {size}")]
    WrongCellCount {
        /// How many cells were supplied.
        found: usize,
        /// N·N.
        expected: usize,
        /// N.
        size: usize,
    },
    /// A clue index past the end of its side.
    #[error("the {side} side has no {} {}: N = {size}", side.index_noun(), index + 1)]
    ClueIndexOutOfBounds {
        /// The side addressed.
        side: Side,
        /// The 0-based index addressed.
        index: usize,
        /// N.
        size: usize,
    },
    /// A cell outside the N×N grid.
    #[error("row {}, column {} is outside the {size}×{size} grid", row + 1, column + 1)]
    CellOutOfBounds {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// N.
        size: usize,
    },
    /// A given height is 0 (write `None`) or taller than N.
    #[error("given height {value} at row {}, column {} is out of range: heights are 1..={size}", row + 1, column + 1)]
    GivenOutOfRange {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// The rejected value.
        value: u8,
        /// N.
        size: usize,
    },
}

/// The clues around the border, one `Vec` per side, each of length N.
///
/// Top and bottom are indexed by column (left to right), left and right by row
/// (top to bottom), whatever order the input listed them in. `None` means no clue.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Clues {
    /// Clues above the grid, column by column, looking down.
    pub top: Vec<Option<u8>>,
    /// Clues below the grid, column by column, looking up.
    pub bottom: Vec<Option<u8>>,
    /// Clues left of the grid, row by row, looking right.
    pub left: Vec<Option<u8>>,
    /// Clues right of the grid, row by row, looking left.
    pub right: Vec<Option<u8>>,
}

impl Clues {
    /// N blank clues on every side: the starting point of a generator.
    pub fn empty(size: usize) -> Clues {
        Clues {
            top: vec![None; size],
            bottom: vec![None; size],
            left: vec![None; size],
            right: vec![None; size],
        }
    }

    /// The clues of one side, in the side's own index order.
    pub fn side(&self, side: Side) -> &[Option<u8>] {
        match side {
            Side::Top => &self.top,
            Side::Bottom => &self.bottom,
            Side::Left => &self.left,
            Side::Right => &self.right,
        }
    }

    /// Mutable access to one side's clues.
    pub fn side_mut(&mut self, side: Side) -> &mut Vec<Option<u8>> {
        match side {
            Side::Top => &mut self.top,
            Side::Bottom => &mut self.bottom,
            Side::Left => &mut self.left,
            Side::Right => &mut self.right,
        }
    }

    /// The clue of `side` at `index`, `None` if absent or out of bounds.
    pub fn get(&self, side: Side, index: usize) -> Option<u8> {
        self.side(side).get(index).copied().flatten()
    }

    /// The clues looking along `line`: (from its start, from its end).
    pub fn for_line(&self, line: Line) -> (Option<u8>, Option<u8>) {
        let (start, end) = line.sides();
        (self.get(start, line.index()), self.get(end, line.index()))
    }

    /// Every clue a solved grid shows, on all four sides: the full clue set a
    /// generator starts from before removing clues.
    pub fn from_solution(grid: &Grid) -> Clues {
        let size = grid.size();
        let seen = |line: Line, from_start: bool| {
            let mut heights = grid.line(line);
            if !from_start {
                heights.reverse();
            }
            Some(visible_count(&heights))
        };
        let mut clues = Clues::empty(size);
        for side in Side::ALL {
            for index in 0..size {
                clues.side_mut(side)[index] = seen(side.line(index), side.looks_from_start());
            }
        }
        clues
    }

    /// How many clues are present, for rating and generation statistics.
    pub fn count(&self) -> usize {
        Side::ALL
            .iter()
            .map(|&side| self.side(side).iter().flatten().count())
            .sum()
    }

    /// Checks that every side has N clues, each in `1..=N` or absent.
    pub fn validate(&self, size: usize) -> Result<(), PuzzleError> {
        for side in Side::ALL {
            let clues = self.side(side);
            if clues.len() != size {
                return Err(PuzzleError::WrongClueCount {
                    side,
                    found: clues.len(),
                    expected: size,
                });
            }
            for (index, clue) in clues.iter().enumerate() {
                if let Some(value) = *clue
                    && (value == 0 || usize::from(value) > size)
                {
                    return Err(PuzzleError::ClueOutOfRange {
                        side,
                        index,
                        value,
                        size,
                    });
                }
            }
        }
        Ok(())
    }
}

/// A Skyscrapers puzzle: N, the clues, and the given heights (row-major).
///
/// Built only through [`Puzzle::new`] and checked setters, so every value in
/// it is in range (hence `Serialize` only: reading one back goes through the
/// parsers or `new`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Puzzle {
    size: usize,
    clues: Clues,
    givens: Vec<Option<u8>>,
}

impl Puzzle {
    /// A puzzle with these clues and no given cells.
    pub fn new(size: usize, clues: Clues) -> Result<Puzzle, PuzzleError> {
        check_size(size)?;
        clues.validate(size)?;
        Ok(Puzzle {
            size,
            clues,
            givens: vec![None; size * size],
        })
    }

    /// The same puzzle with these N·N givens (row-major, `None` = empty).
    pub fn with_givens(mut self, givens: Vec<Option<u8>>) -> Result<Puzzle, PuzzleError> {
        validate_givens(self.size, &givens)?;
        self.givens = givens;
        Ok(self)
    }

    /// N: the side length, and the tallest height.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The clues around the border.
    pub fn clues(&self) -> &Clues {
        &self.clues
    }

    /// The given heights, row-major, `None` for an empty cell.
    pub fn givens(&self) -> &[Option<u8>] {
        &self.givens
    }

    /// The given height at (`row`, `column`), 0-based.
    pub fn given(&self, row: usize, column: usize) -> Option<u8> {
        if row >= self.size || column >= self.size {
            return None;
        }
        self.givens[row * self.size + column]
    }

    /// Whether any cell is given.
    pub fn has_givens(&self) -> bool {
        self.givens.iter().any(Option::is_some)
    }

    /// Replaces one clue (a generator removes clues this way).
    pub fn set_clue(
        &mut self,
        side: Side,
        index: usize,
        clue: Option<u8>,
    ) -> Result<(), PuzzleError> {
        let mut clues = self.clues.clone();
        match clues.side_mut(side).get_mut(index) {
            Some(slot) => *slot = clue,
            None => {
                return Err(PuzzleError::ClueIndexOutOfBounds {
                    side,
                    index,
                    size: self.size,
                });
            }
        }
        clues.validate(self.size)?;
        self.clues = clues;
        Ok(())
    }

    /// Replaces one given cell (0-based row and column).
    pub fn set_given(
        &mut self,
        row: usize,
        column: usize,
        height: Option<u8>,
    ) -> Result<(), PuzzleError> {
        if row >= self.size || column >= self.size {
            return Err(PuzzleError::CellOutOfBounds {
                row,
                column,
                size: self.size,
            });
        }
        if let Some(value) = height {
            check_height(self.size, row, column, value)?;
        }
        self.givens[row * self.size + column] = height;
        Ok(())
    }
}

/// A full or partial N×N grid of heights, row-major; 0 marks an empty cell.
///
/// Solvers return it and the checker judges it; it deliberately holds any `u8`
/// so the checker, not the constructor, reports out-of-range heights.
/// `Serialize` only, so its length always matches N·N.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Grid {
    size: usize,
    heights: Vec<u8>,
}

impl Grid {
    /// A grid from N·N row-major heights.
    pub fn new(size: usize, heights: Vec<u8>) -> Result<Grid, PuzzleError> {
        check_size(size)?;
        if heights.len() != size * size {
            return Err(PuzzleError::WrongCellCount {
                found: heights.len(),
                expected: size * size,
                size,
            });
        }
        Ok(Grid { size, heights })
    }

    /// N.
    pub fn size(&self) -> usize {
        self.size
    }

    /// All heights, row-major.
    pub fn heights(&self) -> &[u8] {
        &self.heights
    }

    /// The height at (`row`, `column`), 0-based; 0 if out of bounds.
    pub fn get(&self, row: usize, column: usize) -> u8 {
        if row >= self.size || column >= self.size {
            return 0;
        }
        self.heights[row * self.size + column]
    }

    /// One row, left to right.
    pub fn row(&self, row: usize) -> &[u8] {
        let start = (row * self.size).min(self.heights.len());
        let end = (start + self.size).min(self.heights.len());
        &self.heights[start..end]
    }

    /// The heights along `line`, from its start to its end.
    pub fn line(&self, line: Line) -> Vec<u8> {
        (0..self.size)
            .map(|position| {
                let (row, column) = line.cell(position);
                self.get(row, column)
            })
            .collect()
    }
}

impl fmt::Display for Grid {
    /// N lines of space-separated heights, the output format of `solve`.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.size {
            let line: Vec<String> = self.row(row).iter().map(u8::to_string).collect();
            writeln!(formatter, "{}", line.join(" "))?;
        }
        Ok(())
    }
}

fn check_size(size: usize) -> Result<(), PuzzleError> {
    if (1..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(PuzzleError::SizeOutOfRange { size })
    }
}

fn check_height(size: usize, row: usize, column: usize, value: u8) -> Result<(), PuzzleError> {
    if value == 0 || usize::from(value) > size {
        return Err(PuzzleError::GivenOutOfRange {
            row,
            column,
            value,
            size,
        });
    }
    Ok(())
}

fn validate_givens(size: usize, givens: &[Option<u8>]) -> Result<(), PuzzleError> {
    if givens.len() != size * size {
        return Err(PuzzleError::WrongCellCount {
            found: givens.len(),
            expected: size * size,
            size,
        });
    }
    for (index, given) in givens.iter().enumerate() {
        if let Some(value) = *given {
            check_height(size, index / size, index % size, value)?;
        }
    }
    Ok(())
}
