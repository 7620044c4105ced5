//! Reading and writing puzzles: the source's clue line (two orders), the
//! drawn grid, the `--givens` list, and solved grids.
//!
//! # The clue line (the source's format, the default)
//!
//! 4N clues separated by single spaces, in [`Order::Source`]: top (columns
//! left→right), bottom (columns left→right), left (rows top→bottom), right
//! (rows top→bottom). `0` means no clue. Each clue is a decimal number with
//! at most as many digits as N: for N ≤ 9 one digit, so the line is exactly
//! 8N − 1 characters with digits at even indexes and single spaces at odd ones
//! (the source's rule, 31 characters for N = 4, generalised); for N ≥ 10 one
//! or two digits (`7`, `07` and `12` are all fine). N is inferred from the
//! count, which must be a multiple of 4, unless the caller passes the size.
//!
//! ```
//! use sieve_skyscrapers::parse::{parse_clues, Order};
//!
//! let puzzle = parse_clues("4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2", Order::Source, None)?;
//! assert_eq!(puzzle.size(), 4);
//! assert_eq!(puzzle.clues().bottom, [Some(1), Some(2), Some(2), Some(2)]);
//! # Ok::<(), sieve_skyscrapers::parse::ParseError>(())
//! ```
//!
//! [`Order::Clockwise`] walks the border clockwise instead: top left→right,
//! right top→bottom, bottom right→left, left bottom→top.
//!
//! # The drawn grid
//!
//! N + 2 lines: the first holds the top clues, the last the bottom clues, and
//! each line between holds a left clue, the row's N cells and a right clue.
//! Each line is N + 2 fields, each field `w` characters wide (`w` = 1 for
//! N ≤ 9, 2 for N ≥ 10), separated by one space, so a clue or a cell sits in
//! the same column on every line. A missing clue is blank, `.` or `0`; an
//! empty cell is `.`, `0` or blank; a digit in a cell is a given height. The
//! four corner fields must be blank (or `.`/`0`). Trailing spaces and trailing
//! blank fields may be left out, so a border line with no clues is an empty
//! line. A line that holds exactly N + 2 space-separated fields may be spaced
//! freely.
//!
//! ```
//! use sieve_skyscrapers::parse::{format_grid, parse_grid};
//!
//! let drawn = "  4 3 2 1\n\
//!              4 . . . . 1\n\
//!              3 . . 4 . 2\n\
//!              2 . . . . 2\n\
//!              1 . . . . 2\n\
//!              \x20 1 2 2 2\n";
//! let puzzle = parse_grid(drawn)?;
//! assert_eq!(puzzle.size(), 4);
//! assert_eq!(puzzle.given(1, 2), Some(4));
//! assert_eq!(format_grid(&puzzle), drawn);
//! # Ok::<(), sieve_skyscrapers::parse::ParseError>(())
//! ```
//!
//! # Givens
//!
//! N·N heights row by row, separated by any whitespace, `0` (or `.`) for an
//! empty cell: the argument of the CLI's `--givens`.
//!
//! # Simon Tatham's Towers game IDs
//!
//! `5:/3////2/////3//1//3/2////,r1b1c`: see [`parse_towers_id`].
//!
//! # One puzzle a line
//!
//! The clue line, optionally followed by ` | ` and the givens: what the
//! generator prints and a `--file` batch holds.
//!
//! ```
//! use sieve_skyscrapers::parse::{Order, format_puzzle_line, parse_puzzle_line};
//!
//! let line = "0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 | 0 0 0 0 0 0 0 0 0 0 0 0 0 3 0 0";
//! let puzzle = parse_puzzle_line(line, Order::Source)?;
//! assert_eq!(puzzle.given(3, 1), Some(3));
//! assert_eq!(format_puzzle_line(&puzzle, Order::Source), line);
//! # Ok::<(), sieve_skyscrapers::parse::ParseError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::puzzle::{Puzzle, Side};

mod clue_line;
mod drawn;
mod error;
mod givens;
mod puzzle_line;
mod towers;

pub use clue_line::{format_clues, parse_clues};
pub use drawn::{field_width, format_grid, parse_grid};
pub use error::{CluePosition, FieldRole, ParseError};
pub use givens::{format_givens, format_solution, parse_givens};
pub use puzzle_line::{format_puzzle_line, parse_puzzle_line};
pub use towers::{format_towers_id, format_towers_line, parse_towers_id};

/// The order in which a clue line lists the 4N clues.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// The source's order: top, bottom (both columns left→right), left,
    /// right (both rows top→bottom).
    #[default]
    Source,
    /// Clockwise around the border from the top-left corner: top left→right,
    /// right top→bottom, bottom right→left, left bottom→top.
    Clockwise,
}

impl Order {
    /// Where the `position`-th clue (0-based, `position < 4N`) of a line in
    /// this order sits: its side and its 0-based index along that side.
    pub fn place(self, size: usize, position: usize) -> (Side, usize) {
        let size = size.max(1);
        let side_number = (position / size).min(3);
        let offset = position % size;
        match self {
            Order::Source => (Side::ALL[side_number], offset),
            Order::Clockwise => match side_number {
                0 => (Side::Top, offset),
                1 => (Side::Right, offset),
                2 => (Side::Bottom, size - 1 - offset),
                _ => (Side::Left, size - 1 - offset),
            },
        }
    }

    /// The name accepted by [`Order::from_str`].
    pub fn name(self) -> &'static str {
        match self {
            Order::Source => "source",
            Order::Clockwise => "clockwise",
        }
    }
}

impl FromStr for Order {
    type Err = ParseError;

    /// Accepts `source` or `clockwise` (any case).
    fn from_str(text: &str) -> Result<Order, ParseError> {
        match text.to_ascii_lowercase().as_str() {
            "source" => Ok(Order::Source),
            "clockwise" => Ok(Order::Clockwise),
            _ => Err(ParseError::UnknownOrder {
                text: text.to_string(),
            }),
        }
    }
}

impl fmt::Display for Order {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

/// Decimal value of an all-digit token, saturating so huge clues still compare as "too large".
pub(crate) fn decimal_value(digits: &[char]) -> usize {
    digits.iter().fold(0usize, |value, digit| {
        value
            .saturating_mul(10)
            .saturating_add(digit.to_digit(10).unwrap_or(0) as usize)
    })
}

/// Parses either form: a text of several lines is a drawn grid, a single line
/// is a clue line in `order` with N inferred from its count.
pub fn parse_puzzle(text: &str, order: Order) -> Result<Puzzle, ParseError> {
    if text.lines().count() > 1 {
        parse_grid(text)
    } else {
        parse_clues(text.lines().next().unwrap_or(""), order, None)
    }
}

impl FromStr for Puzzle {
    type Err = ParseError;

    /// Reads the source's clue line (default order, N inferred).
    fn from_str(text: &str) -> Result<Puzzle, ParseError> {
        parse_clues(text, Order::Source, None)
    }
}
