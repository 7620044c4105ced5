//! Constructions of a normal magic square of every order except 2.
//!
//! | order          | method                         | function       |
//! |----------------|--------------------------------|----------------|
//! | odd (incl. 1)  | siamese (the SRMagic source's) | [`siamese`]    |
//! | `n % 4 == 0`   | complement the diagonals       | [`doubly_even`]|
//! | `n % 4 == 2`   | Conway's LUX                   | [`lux`]        |
//!
//! Order 2 has no normal magic square ([`ConstructError::OrderTwo`]).
//! [`construct`] picks the method from the order. Every result is checked
//! with [`Square::verify`] in debug builds.

use std::fmt;

use thiserror::Error;

use crate::square::{MAX_ORDER, Square};

/// Why no square was built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ConstructError {
    /// Order 0 is not a square.
    #[error("there is no magic square of order 0")]
    ZeroOrder,
    /// No arrangement of 1..4 in a 2 × 2 grid is magic.
    #[error("there is no normal magic square of order 2")]
    OrderTwo,
    /// The values would not fit in 32 bits.
    #[error("order {order} is too large: the largest supported order is {MAX_ORDER}")]
    OrderTooLarge {
        /// The order asked for.
        order: usize,
    },
    /// A specific method was asked for an order it does not build.
    #[error("the {method} method builds {} orders, not order {order}", method.orders())]
    WrongMethod {
        /// The method asked for.
        method: Method,
        /// The order asked for.
        order: usize,
    },
}

/// A construction method; each builds one class of orders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// Odd orders: the siamese (de la Loubère) method, as SRMagic does it.
    Siamese,
    /// Orders divisible by 4: count 1..n² row by row and complement the
    /// cells on the diagonals of every 4 × 4 block.
    DoublyEven,
    /// Orders `4m + 2`: Conway's LUX method over a siamese square of order `2m + 1`.
    Lux,
}

impl Method {
    /// The method [`construct`] uses for `order`.
    pub fn for_order(order: usize) -> Result<Self, ConstructError> {
        check_order(order)?;
        Ok(match order % 4 {
            0 => Self::DoublyEven,
            2 => Self::Lux,
            _ => Self::Siamese,
        })
    }

    /// `true` when this method builds squares of `order`.
    pub fn accepts(self, order: usize) -> bool {
        match self {
            Self::Siamese => order % 2 == 1,
            Self::DoublyEven => order > 0 && order.is_multiple_of(4),
            Self::Lux => order >= 6 && order % 4 == 2,
        }
    }

    /// Builds the square of `order` with this method.
    pub fn build(self, order: usize) -> Result<Square, ConstructError> {
        check_order(order)?;
        if !self.accepts(order) {
            return Err(ConstructError::WrongMethod {
                method: self,
                order,
            });
        }
        let cells = match self {
            Self::Siamese => siamese_cells(order),
            Self::DoublyEven => doubly_even_cells(order),
            Self::Lux => lux_cells(order),
        };
        let square = Square::from_valid_cells(order, cells);
        debug_assert_eq!(
            square.verify(),
            Ok(()),
            "{self} construction of order {order}"
        );
        Ok(square)
    }

    /// The method's name, as used in messages.
    pub fn name(self) -> &'static str {
        match self {
            Self::Siamese => "siamese",
            Self::DoublyEven => "doubly even",
            Self::Lux => "LUX",
        }
    }

    /// The orders the method builds, in words.
    fn orders(self) -> &'static str {
        match self {
            Self::Siamese => "odd",
            Self::DoublyEven => "multiple-of-4",
            Self::Lux => "4m + 2 (6, 10, 14, ...)",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Builds a normal magic square of `order` with the method for its class.
///
/// ```
/// let square = sieve_magic::construct(4)?;
/// assert_eq!(square.row(0), Some(&[16, 2, 3, 13][..]));
/// # Ok::<(), sieve_magic::ConstructError>(())
/// ```
pub fn construct(order: usize) -> Result<Square, ConstructError> {
    Method::for_order(order)?.build(order)
}

/// The siamese square of an odd order, exactly as SRMagic's `PrGeneraMagic`
/// builds it.
///
/// 1 goes in the first row, middle column (column `n/2 + 1` counting from 1).
/// Each next number goes one row up and one column right, wrapping around
/// the edges; if that cell is taken, it goes directly below the previous
/// number instead.
///
/// ```
/// let square = sieve_magic::siamese(3)?;
/// assert_eq!(square.cells(), &[8, 1, 6, 3, 5, 7, 4, 9, 2]);
/// # Ok::<(), sieve_magic::ConstructError>(())
/// ```
pub fn siamese(order: usize) -> Result<Square, ConstructError> {
    Method::Siamese.build(order)
}

/// The doubly even square of an order divisible by 4.
///
/// Numbers 1..n² are written row by row; every cell on a diagonal of its
/// 4 × 4 block (`i % 4 == j % 4` or `i % 4 + j % 4 == 3`) takes the
/// complement `n² + 1 − v` instead.
pub fn doubly_even(order: usize) -> Result<Square, ConstructError> {
    Method::DoublyEven.build(order)
}

/// Conway's LUX square of an order `n = 4m + 2` (6, 10, 14, ...).
///
/// Each cell of the siamese square of order `2m + 1` becomes a 2 × 2 block
/// holding `4(v − 1) + 1 ..= 4v`, filled in the pattern of its letter: the
/// first `m + 1` rows are L, the next row U, the remaining `m − 1` rows X,
/// and the middle cell of the last L row swaps letters with the U below it.
///
/// ```text
/// L: 4 1    U: 1 4    X: 1 4
///    2 3       2 3       3 2
/// ```
pub fn lux(order: usize) -> Result<Square, ConstructError> {
    Method::Lux.build(order)
}

/// Rejects orders no method builds.
fn check_order(order: usize) -> Result<(), ConstructError> {
    match order {
        0 => Err(ConstructError::ZeroOrder),
        2 => Err(ConstructError::OrderTwo),
        _ if order > MAX_ORDER => Err(ConstructError::OrderTooLarge { order }),
        _ => Ok(()),
    }
}

/// The siamese walk for an odd `n` (0 marks a free cell while walking).
fn siamese_cells(n: usize) -> Vec<u32> {
    let mut cells = vec![0_u32; n * n];
    let (mut row, mut column) = (0, n / 2);
    cells[column] = 1;
    for value in 2..=(n * n) as u32 {
        let up = (row + n - 1) % n;
        let right = (column + 1) % n;
        if cells[up * n + right] == 0 {
            (row, column) = (up, right);
        } else {
            row = (row + 1) % n;
        }
        cells[row * n + column] = value;
    }
    cells
}

/// The complement-diagonals construction for `n % 4 == 0`.
fn doubly_even_cells(n: usize) -> Vec<u32> {
    let last = (n * n) as u32;
    (0..n * n)
        .map(|index| {
            let (row, column) = (index / n % 4, index % n % 4);
            let counted = index as u32 + 1;
            if row == column || row + column == 3 {
                last + 1 - counted
            } else {
                counted
            }
        })
        .collect()
}

/// The LUX construction for `n % 4 == 2`, `n ≥ 6`.
fn lux_cells(n: usize) -> Vec<u32> {
    let half = n / 2;
    let m = (half - 1) / 2;
    let base = siamese_cells(half);
    let mut cells = vec![0_u32; n * n];
    for row in 0..half {
        for column in 0..half {
            let pattern = lux_pattern(row, column, m);
            let start = 4 * (base[row * half + column] - 1);
            for (offset, value) in pattern.iter().enumerate() {
                let (dr, dc) = (offset / 2, offset % 2);
                cells[(2 * row + dr) * n + 2 * column + dc] = start + value;
            }
        }
    }
    cells
}

/// The 2 × 2 fill order (row-major) of the LUX letter at a cell of the
/// order-`2m + 1` square.
fn lux_pattern(row: usize, column: usize, m: usize) -> [u32; 4] {
    const L: [u32; 4] = [4, 1, 2, 3];
    const U: [u32; 4] = [1, 4, 2, 3];
    const X: [u32; 4] = [1, 4, 3, 2];
    let middle = column == m;
    match row {
        _ if row == m && middle => U,
        _ if row == m + 1 && middle => L,
        _ if row <= m => L,
        _ if row == m + 1 => U,
        _ => X,
    }
}
