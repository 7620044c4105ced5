//! Partly given squares: the input a solver completes.
//!
//! A [`PartialSquare`] holds `Option<u32>` per cell: `Some(v)` is a given
//! value, `None` an unknown one. Its constructor already rejects values
//! outside `1..=order²` and repeated values, so a solver can rely on the
//! givens being consistent with *some* permutation (not that a magic
//! completion exists: finding out is the solver's job).

use crate::square::{GridError, Position, Square, ValueProblem, check_shape, find_value_problem};

/// An `order × order` square where some cells are known and the rest are not.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PartialSquare {
    order: usize,
    cells: Vec<Option<u32>>,
}

impl PartialSquare {
    /// Makes a partial square from its cells in row-major order.
    ///
    /// Fails on a bad shape (see [`Square::new`]), on a given value outside
    /// `1..=order²`, or on a value given twice.
    pub fn new(order: usize, cells: Vec<Option<u32>>) -> Result<Self, GridError> {
        check_shape(order, cells.len())?;
        let givens = cells
            .iter()
            .enumerate()
            .filter_map(|(index, cell)| cell.map(|value| (index, value)));
        match find_value_problem(order, givens) {
            None => Ok(Self { order, cells }),
            Some(ValueProblem::OutOfRange { index, value }) => Err(GridError::ValueOutOfRange {
                position: Position::from_index(index, order),
                value,
                max: (order * order) as u64,
            }),
            Some(ValueProblem::Duplicate {
                value,
                first,
                second,
            }) => Err(GridError::DuplicateValue {
                value,
                first: Position::from_index(first, order),
                second: Position::from_index(second, order),
            }),
        }
    }

    /// A square of the given order with no cell known.
    pub fn empty(order: usize) -> Result<Self, GridError> {
        check_shape(order, order.saturating_mul(order))?;
        Ok(Self {
            order,
            cells: vec![None; order * order],
        })
    }

    /// Wraps cells already known to be valid (taken from a checked square).
    pub(crate) fn from_valid_cells(order: usize, cells: Vec<Option<u32>>) -> Self {
        debug_assert_eq!(cells.len(), order * order);
        Self { order, cells }
    }

    /// The number of rows (and of columns).
    pub fn order(&self) -> usize {
        self.order
    }

    /// All cells, row by row: `Some(value)` when given, `None` when unknown.
    pub fn cells(&self) -> &[Option<u32>] {
        &self.cells
    }

    /// Gives the cells back, row by row.
    pub fn into_cells(self) -> Vec<Option<u32>> {
        self.cells
    }

    /// The given value at (`row`, `column`); `None` when unknown or outside the square.
    pub fn given(&self, row: usize, column: usize) -> Option<u32> {
        if row < self.order && column < self.order {
            self.cells[row * self.order + column]
        } else {
            None
        }
    }

    /// How many cells are given.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|cell| cell.is_some()).count()
    }

    /// How many cells are unknown.
    pub fn unknown_count(&self) -> usize {
        self.cells.len() - self.given_count()
    }

    /// `true` when every cell is given.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// The filled square, when every cell is given.
    pub fn to_square(&self) -> Option<Square> {
        let cells: Option<Vec<u32>> = self.cells.iter().copied().collect();
        Square::new(self.order, cells?).ok()
    }

    /// `true` when `square` has the same order and agrees with every given cell:
    /// the test that a solver's answer completes this puzzle.
    pub fn is_completed_by(&self, square: &Square) -> bool {
        square.order() == self.order
            && self
                .cells
                .iter()
                .zip(square.cells())
                .all(|(given, value)| given.is_none_or(|given| given == *value))
    }
}

impl From<&Square> for PartialSquare {
    /// Every cell given.
    fn from(square: &Square) -> Self {
        Self {
            order: square.order(),
            cells: square.cells().iter().copied().map(Some).collect(),
        }
    }
}
