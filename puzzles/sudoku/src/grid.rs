//! The grid of a puzzle or a solution: a shape and one optional value per cell.
//!
//! Values are **0-based**: a cell written `1` holds `Some(0)`, a cell written `9`
//! holds `Some(8)`, and an empty cell holds `None`. This matches the engine's
//! domains (values `0..N`); [`crate::symbols`] maps them to their characters.

use std::fmt;
use std::str::FromStr;

use crate::parse::{self, ParseError};
use crate::shape::{CellPos, MAX_SIZE, Shape, UnitKind};
use crate::symbols;
use crate::write::{self, Format, WriteError};

/// A grid of any box shape: a puzzle (with blanks) or a solution (complete).
///
/// Invariant: there are exactly N² cells and every value is below N.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<Option<u8>>,
}

/// Why cells do not make a grid of the given shape.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// The number of cells is not N².
    #[error("a {shape} grid has {expected} cells, got {found}")]
    CellCount {
        /// The intended shape.
        shape: Shape,
        /// N².
        expected: usize,
        /// How many were given.
        found: usize,
    },
    /// A value is not below N.
    #[error("{cell} holds {number}, but a {size}x{size} grid holds values 1 to {size}")]
    ValueOutOfRange {
        /// Where.
        cell: CellPos,
        /// The value as a 1-based number.
        number: usize,
        /// The grid side.
        size: usize,
    },
}

/// Two givens that repeat a value within a row, column or box.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{first} and {second} both hold {label}")]
pub struct Conflict {
    /// The repeated value, 0-based.
    pub value: u8,
    /// How the value is written (`7`, `A`, or `10` for the numbers form).
    pub label: String,
    /// The first cell holding it, in reading order of the unit.
    pub first: CellPos,
    /// The second cell holding it.
    pub second: CellPos,
    /// The kind of unit they share (the first of row, column, box found).
    pub unit: UnitKind,
}

impl Grid {
    /// An empty grid of the given shape.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![None; shape.cell_count()],
        }
    }

    /// A grid from its cells (0-based values, `None` for a blank), checked.
    pub fn from_cells(shape: Shape, cells: Vec<Option<u8>>) -> Result<Grid, GridError> {
        if cells.len() != shape.cell_count() {
            return Err(GridError::CellCount {
                shape,
                expected: shape.cell_count(),
                found: cells.len(),
            });
        }
        let size = shape.size();
        if let Some(cell) = cells
            .iter()
            .position(|value| value.is_some_and(|v| usize::from(v) >= size))
        {
            return Err(GridError::ValueOutOfRange {
                cell: shape.position(cell),
                number: usize::from(cells[cell].unwrap_or(0)) + 1,
                size,
            });
        }
        Ok(Grid { shape, cells })
    }

    /// A grid from cells the caller has already checked against the shape.
    pub(crate) fn from_checked_cells(shape: Shape, cells: Vec<Option<u8>>) -> Grid {
        debug_assert!(cells.len() == shape.cell_count());
        debug_assert!(
            cells
                .iter()
                .flatten()
                .all(|&v| usize::from(v) < shape.size())
        );
        Grid { shape, cells }
    }

    /// A grid from 1-based numbers with 0 for a blank, the way people write them.
    pub fn from_numbers(shape: Shape, numbers: &[u8]) -> Result<Grid, GridError> {
        let cells = numbers
            .iter()
            .map(|&number| number.checked_sub(1))
            .collect();
        Grid::from_cells(shape, cells)
    }

    /// Reads a grid in any of the forms, detecting which (see [`crate::parse`]).
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        parse::parse(text).map(|parsed| parsed.grid)
    }

    /// Reads a grid whose shape is known (needed for prime sides, or to choose
    /// between shapes such as 2x3 and 3x2).
    pub fn parse_with_shape(text: &str, shape: Shape) -> Result<Grid, ParseError> {
        parse::parse_with_shape(text, shape).map(|parsed| parsed.grid)
    }

    /// The box shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The grid side N.
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// Every cell in reading order.
    pub fn cells(&self) -> &[Option<u8>] {
        &self.cells
    }

    /// The value of a cell, `None` when blank.
    ///
    /// # Panics
    /// If `cell` is not below N², like slice indexing.
    pub fn get(&self, cell: usize) -> Option<u8> {
        self.cells[cell]
    }

    /// The value at `row`, `col`.
    ///
    /// # Panics
    /// If the position is outside the grid.
    pub fn get_at(&self, row: usize, col: usize) -> Option<u8> {
        assert!(
            row < self.size() && col < self.size(),
            "r{}c{} is outside the grid",
            row + 1,
            col + 1
        );
        self.cells[self.shape.cell(row, col)]
    }

    /// Sets or clears a cell.
    ///
    /// # Panics
    /// If `cell` is not below N² or the value is not below N.
    pub fn set(&mut self, cell: usize, value: Option<u8>) {
        assert!(
            value.is_none_or(|v| usize::from(v) < self.size()),
            "value {value:?} is out of range for a {}x{} grid",
            self.size(),
            self.size()
        );
        self.cells[cell] = value;
    }

    /// How many cells hold a value.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|value| value.is_some()).count()
    }

    /// Whether every cell holds a value.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// Checks that no value repeats within a row, column or box.
    ///
    /// Rows are examined first, then columns, then boxes; the first repeat
    /// found is reported, naming both cells.
    pub fn validate(&self) -> Result<(), Conflict> {
        if !self.has_repeat() {
            return Ok(());
        }
        for unit in self.shape.units() {
            let mut holder: Vec<Option<usize>> = vec![None; self.size()];
            for &cell in &unit.cells {
                let Some(value) = self.cells[cell] else {
                    continue;
                };
                match holder[usize::from(value)] {
                    Some(first) => {
                        return Err(Conflict {
                            value,
                            label: symbols::label(self.size(), value),
                            first: self.shape.position(first),
                            second: self.shape.position(cell),
                            unit: unit.kind,
                        });
                    }
                    None => holder[usize::from(value)] = Some(cell),
                }
            }
        }
        Ok(())
    }

    /// Whether some value repeats within a unit: one pass over the cells with a
    /// set of values per row, column and box, so that a valid grid (every solve's
    /// case) costs no allocation; [`Grid::validate`] then finds the first repeat
    /// in its order only when there is one. Building every unit for the check
    /// took 39 k instructions a 9×9 puzzle, 1.1 % of solving the hardest ones.
    fn has_repeat(&self) -> bool {
        let mut seen = [[0u64; MAX_SIZE]; 3];
        for (cell, value) in self.cells.iter().enumerate() {
            let Some(value) = value else {
                continue;
            };
            let bit = 1u64 << value;
            let houses = [
                self.shape.row_of(cell),
                self.shape.col_of(cell),
                self.shape.box_of(cell),
            ];
            for (seen, house) in seen.iter_mut().zip(houses) {
                if seen[house] & bit != 0 {
                    return true;
                }
                seen[house] |= bit;
            }
        }
        false
    }

    /// Writes the grid in one of the forms (see [`crate::write`]).
    pub fn write(&self, format: Format) -> Result<String, WriteError> {
        write::write(self, format)
    }

    /// The one-line form: N² symbols, `.` for a blank.
    pub fn to_line(&self) -> Result<String, WriteError> {
        write::write_line(self)
    }

    /// The block form: one row a line, with box separators.
    pub fn to_block(&self) -> Result<String, WriteError> {
        write::write_block(self)
    }

    /// The numbers form: one row a line, 1-based numbers, 0 for a blank.
    pub fn to_numbers(&self) -> String {
        write::write_numbers(self)
    }
}

impl FromStr for Grid {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Grid, ParseError> {
        Grid::parse(text)
    }
}

impl fmt::Display for Grid {
    /// The block form, or the numbers form for grids beyond the 61 symbols.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_block() {
            Ok(text) => f.write_str(&text),
            Err(_) => f.write_str(&self.to_numbers()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validation_names_both_cells() {
        let mut grid = Grid::empty(Shape::classic());
        grid.set(0, Some(6));
        grid.set(4, Some(6));
        let conflict = grid.validate().unwrap_err();
        assert_eq!(conflict.to_string(), "r1c1 and r1c5 both hold 7");
        assert_eq!(conflict.unit, UnitKind::Row);
    }

    #[test]
    fn from_cells_rejects_bad_input() {
        let shape = Shape::new(2, 2).unwrap();
        assert!(matches!(
            Grid::from_cells(shape, vec![None; 15]),
            Err(GridError::CellCount { found: 15, .. })
        ));
        let mut cells = vec![None; 16];
        cells[5] = Some(4);
        let error = Grid::from_cells(shape, cells).unwrap_err();
        assert_eq!(
            error.to_string(),
            "r2c2 holds 5, but a 4x4 grid holds values 1 to 4"
        );
    }
}
