//! Filled squares and the magic test.
//!
//! A [`Square`] is an `order × order` grid of numbers stored row by row. It is
//! *normal magic* when its values are a permutation of `1..=order²` and every
//! row, every column and both diagonals add up to [`magic_constant`]. The test
//! is [`Square::verify`]; its error, [`NotMagic`], names the first failing
//! line and its sum, so a wrong square says exactly where it is wrong.
//!
//! Indices in the API count from 0 (`row`, `column` fields and arguments);
//! error messages count from 1, as a person reading a grid does.

use std::fmt;

use thiserror::Error;

/// The largest order a square may have: its `order²` cells take 4 bytes each,
/// 64 MiB at this order (and its text some 130 MB), where the order whose
/// values still fit a `u32` (65,535) would ask for 17 GB before anything is
/// printed. Larger requests are refused before any allocation.
pub const MAX_ORDER: usize = 4_096;

/// The sum of every row, column and diagonal of a normal magic square:
/// `n(n² + 1) / 2`.
///
/// Exact for every order up to [`MAX_ORDER`]; for orders beyond about three
/// million the result saturates at `u64::MAX` instead of overflowing.
///
/// ```
/// assert_eq!(sieve_magic::magic_constant(3), 15);
/// assert_eq!(sieve_magic::magic_constant(4), 34);
/// ```
pub fn magic_constant(order: usize) -> u64 {
    let n = u64::try_from(order).unwrap_or(u64::MAX);
    n.saturating_mul(n).saturating_add(1).saturating_mul(n) / 2
}

/// A cell position, used in error values so they can say where a problem is.
///
/// Fields count from 0; the `Display` form counts from 1 ("row 1, column 3").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// Row index, from 0 at the top.
    pub row: usize,
    /// Column index, from 0 at the left.
    pub column: usize,
}

impl Position {
    /// The position of cell `index` in a row-major grid of the given order.
    pub fn from_index(index: usize, order: usize) -> Self {
        Self {
            row: index / order,
            column: index % order,
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row + 1, self.column + 1)
    }
}

/// Why a list of cells cannot form a square (wrong shape or bad values).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GridError {
    /// An order-0 square has no cells and no meaning.
    #[error("a square must have order at least 1")]
    ZeroOrder,
    /// The values `1..=order²` would not fit in 32 bits.
    #[error("order {order} is too large: the largest supported order is {MAX_ORDER}")]
    OrderTooLarge {
        /// The order asked for.
        order: usize,
    },
    /// The cell list is not `order²` long.
    #[error("a square of order {order} has {expected} cells, but {found} were given")]
    WrongCellCount {
        /// The order of the square.
        order: usize,
        /// `order²`.
        expected: usize,
        /// How many cells were given.
        found: usize,
    },
    /// A row does not have as many cells as the square has rows.
    #[error("row {} has {found} cells, but a square with {expected} rows needs {expected}", .row + 1)]
    RaggedRow {
        /// Row index, from 0.
        row: usize,
        /// Its number of cells.
        found: usize,
        /// The number of rows.
        expected: usize,
    },
    /// A given value is outside `1..=order²`.
    #[error("value {value} at {position} is outside 1..={max}")]
    ValueOutOfRange {
        /// Where the value is.
        position: Position,
        /// The offending value.
        value: u32,
        /// `order²`, the largest allowed value.
        max: u64,
    },
    /// A value is given twice.
    #[error("value {value} appears twice: at {first} and at {second}")]
    DuplicateValue {
        /// The repeated value.
        value: u32,
        /// Its first place (row-major order).
        first: Position,
        /// Its second place.
        second: Position,
    },
}

/// Why a square is not a normal magic square: the first problem found.
///
/// Values are checked before sums, then rows top to bottom, columns left to
/// right, the main diagonal and the anti-diagonal.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotMagic {
    /// A value is outside `1..=order²`.
    #[error("value {value} at {position} is outside 1..={max}")]
    ValueOutOfRange {
        /// Where the value is.
        position: Position,
        /// The offending value.
        value: u32,
        /// `order²`.
        max: u64,
    },
    /// A value appears twice, so the values are not a permutation of `1..=order²`.
    #[error("value {value} appears twice: at {first} and at {second}")]
    DuplicateValue {
        /// The repeated value.
        value: u32,
        /// Its first place (row-major order).
        first: Position,
        /// Its second place.
        second: Position,
    },
    /// A row has the wrong sum.
    #[error("row {} sums to {sum}, not {expected}", .row + 1)]
    Row {
        /// Row index, from 0.
        row: usize,
        /// Its sum.
        sum: u64,
        /// The magic constant.
        expected: u64,
    },
    /// A column has the wrong sum.
    #[error("column {} sums to {sum}, not {expected}", .column + 1)]
    Column {
        /// Column index, from 0.
        column: usize,
        /// Its sum.
        sum: u64,
        /// The magic constant.
        expected: u64,
    },
    /// The main diagonal (top left to bottom right) has the wrong sum.
    #[error("the main diagonal (top left to bottom right) sums to {sum}, not {expected}")]
    MainDiagonal {
        /// Its sum.
        sum: u64,
        /// The magic constant.
        expected: u64,
    },
    /// The anti-diagonal (top right to bottom left) has the wrong sum.
    #[error("the anti-diagonal (top right to bottom left) sums to {sum}, not {expected}")]
    AntiDiagonal {
        /// Its sum.
        sum: u64,
        /// The magic constant.
        expected: u64,
    },
}

/// A problem among a square's values, found by [`find_value_problem`].
pub(crate) enum ValueProblem {
    /// Value at `index` is outside `1..=order²`.
    OutOfRange { index: usize, value: u32 },
    /// `value` appears at `first` and again at `second` (cell indices).
    Duplicate {
        value: u32,
        first: usize,
        second: usize,
    },
}

/// Checks that the order is usable and `cell_count == order²`.
pub(crate) fn check_shape(order: usize, cell_count: usize) -> Result<(), GridError> {
    if order == 0 {
        return Err(GridError::ZeroOrder);
    }
    if order > MAX_ORDER {
        return Err(GridError::OrderTooLarge { order });
    }
    let expected = order * order;
    if cell_count != expected {
        return Err(GridError::WrongCellCount {
            order,
            expected,
            found: cell_count,
        });
    }
    Ok(())
}

/// The first value (in row-major order) that is out of `1..=order²` or repeated.
///
/// `values` yields `(cell index, value)` pairs; unknown cells are simply left out.
pub(crate) fn find_value_problem(
    order: usize,
    values: impl IntoIterator<Item = (usize, u32)>,
) -> Option<ValueProblem> {
    let max = order * order;
    let mut first_seen = vec![usize::MAX; max + 1];
    for (index, value) in values {
        let slot = value as usize;
        if value == 0 || slot > max {
            return Some(ValueProblem::OutOfRange { index, value });
        }
        if first_seen[slot] != usize::MAX {
            return Some(ValueProblem::Duplicate {
                value,
                first: first_seen[slot],
                second: index,
            });
        }
        first_seen[slot] = index;
    }
    None
}

/// A filled `order × order` square of numbers, stored row by row.
///
/// Construction only checks the shape; [`Square::verify`] checks that it is a
/// normal magic square. To hand a partly known square to a solver, use
/// [`PartialSquare`](crate::PartialSquare) (`From<&Square>` makes one with
/// every cell given).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Square {
    order: usize,
    cells: Vec<u32>,
}

impl Square {
    /// Makes a square from its cells in row-major order.
    ///
    /// Fails when `order` is 0 or above [`MAX_ORDER`], or when there are not
    /// exactly `order²` cells. The values themselves are not checked here.
    pub fn new(order: usize, cells: Vec<u32>) -> Result<Self, GridError> {
        check_shape(order, cells.len())?;
        Ok(Self { order, cells })
    }

    /// Makes a square from its rows; every row must have as many cells as there are rows.
    pub fn from_rows(rows: &[Vec<u32>]) -> Result<Self, GridError> {
        let order = rows.len();
        check_shape(order, order.saturating_mul(order))?;
        let ragged = rows
            .iter()
            .enumerate()
            .find(|(_, cells)| cells.len() != order);
        if let Some((row, cells)) = ragged {
            return Err(GridError::RaggedRow {
                row,
                found: cells.len(),
                expected: order,
            });
        }
        Self::new(order, rows.concat())
    }

    /// Wraps cells whose shape is already checked (by the parser or a construction).
    pub(crate) fn from_valid_cells(order: usize, cells: Vec<u32>) -> Self {
        debug_assert_eq!(cells.len(), order * order);
        Self { order, cells }
    }

    /// The number of rows (and of columns).
    pub fn order(&self) -> usize {
        self.order
    }

    /// All cells, row by row.
    pub fn cells(&self) -> &[u32] {
        &self.cells
    }

    /// Gives the cells back, row by row.
    pub fn into_cells(self) -> Vec<u32> {
        self.cells
    }

    /// The value at (`row`, `column`), or `None` outside the square.
    pub fn value(&self, row: usize, column: usize) -> Option<u32> {
        if row < self.order && column < self.order {
            Some(self.cells[row * self.order + column])
        } else {
            None
        }
    }

    /// One row as a slice, or `None` outside the square.
    pub fn row(&self, row: usize) -> Option<&[u32]> {
        self.rows().nth(row)
    }

    /// The rows, top to bottom.
    pub fn rows(&self) -> impl ExactSizeIterator<Item = &[u32]> + '_ {
        self.cells.chunks_exact(self.order)
    }

    /// The magic constant for this square's order.
    pub fn magic_constant(&self) -> u64 {
        magic_constant(self.order)
    }

    /// Checks that the values are a permutation of `1..=order²`.
    pub fn check_permutation(&self) -> Result<(), NotMagic> {
        let values = self.cells.iter().copied().enumerate();
        match find_value_problem(self.order, values) {
            None => Ok(()),
            Some(ValueProblem::OutOfRange { index, value }) => Err(NotMagic::ValueOutOfRange {
                position: Position::from_index(index, self.order),
                value,
                max: (self.order * self.order) as u64,
            }),
            Some(ValueProblem::Duplicate {
                value,
                first,
                second,
            }) => Err(NotMagic::DuplicateValue {
                value,
                first: Position::from_index(first, self.order),
                second: Position::from_index(second, self.order),
            }),
        }
    }

    /// Checks that every row, column and both diagonals sum to the magic constant.
    pub fn check_sums(&self) -> Result<(), NotMagic> {
        let n = self.order;
        let expected = self.magic_constant();
        let sum_of = |cells: &mut dyn Iterator<Item = usize>| -> u64 {
            cells.map(|index| u64::from(self.cells[index])).sum()
        };
        for row in 0..n {
            let sum = sum_of(&mut (row * n..(row + 1) * n));
            if sum != expected {
                return Err(NotMagic::Row { row, sum, expected });
            }
        }
        for column in 0..n {
            let sum = sum_of(&mut (0..n).map(|row| row * n + column));
            if sum != expected {
                return Err(NotMagic::Column {
                    column,
                    sum,
                    expected,
                });
            }
        }
        let sum = sum_of(&mut (0..n).map(|k| k * n + k));
        if sum != expected {
            return Err(NotMagic::MainDiagonal { sum, expected });
        }
        let sum = sum_of(&mut (0..n).map(|k| k * n + (n - 1 - k)));
        if sum != expected {
            return Err(NotMagic::AntiDiagonal { sum, expected });
        }
        Ok(())
    }

    /// Checks that this is a normal magic square: a permutation of
    /// `1..=order²` whose rows, columns and diagonals all sum to the magic
    /// constant. The error names the first failing value or line.
    pub fn verify(&self) -> Result<(), NotMagic> {
        self.check_permutation()?;
        self.check_sums()
    }

    /// `true` when [`Square::verify`] succeeds.
    pub fn is_magic(&self) -> bool {
        self.verify().is_ok()
    }
}
