//! A board of N queens, one per column, in the form the source prints it.
//!
//! Constraint.Queen keeps every queen in its own column and records a board as
//! the rows of the queens of columns 1..N, written as one digit each:
//! `11111111` is all eight queens on the first row. Rows and columns are
//! 1-based, exactly as the source prints them. Boards larger than 9 are written
//! as space-separated numbers (`1 3 5 2 4 ...`), because a row no longer fits a
//! digit.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The largest N whose board is written as a plain digit string.
pub const MAX_DIGIT_SIZE: usize = 9;

/// The row (1-based) of the queen in each column 1..N.
///
/// `rows[0]` is the row of the queen in column 1. A board built through
/// [`Board::parse`], [`Board::from_rows`] or deserialisation always has
/// N ≥ 1 and every row in 1..=N; the field is public so that solvers can move
/// queens cheaply, and [`crate::check_solution`] re-checks the range.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "Vec<u32>", into = "Vec<u32>")]
pub struct Board {
    /// Row of the queen in each column, columns in order 1..N.
    pub rows: Vec<u32>,
}

/// Why a text or a list of rows is not a board.
///
/// Columns and character positions are 1-based, so they can be matched
/// against the text a user typed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// The board has no columns (N = 0), or the text is blank.
    #[error("the board is empty: N must be at least 1")]
    Empty,
    /// A character of a digit-string board is not a digit.
    #[error("column {column} (character {position}): {character:?} is not a digit")]
    NotADigit {
        /// Column the character stands for.
        column: usize,
        /// Character position in the text, 1-based.
        position: usize,
        /// The offending character.
        character: char,
    },
    /// A token of a space-separated board is not a whole number.
    #[error("column {column} (character {position}): {token:?} is not a whole number")]
    NotANumber {
        /// Column the token stands for.
        column: usize,
        /// Character position of the token's first character, 1-based.
        position: usize,
        /// The offending token.
        token: String,
    },
    /// A row is 0 or larger than N.
    #[error("column {column}: row {row} is outside 1..={size}")]
    RowOutOfRange {
        /// Column of the queen.
        column: usize,
        /// The row that was given.
        row: u32,
        /// N, the number of columns (and rows).
        size: usize,
    },
    /// The board does not have the N columns that were asked for.
    #[error("expected {expected} columns, found {found}")]
    WrongLength {
        /// N as given by the caller.
        expected: usize,
        /// Columns found in the text.
        found: usize,
    },
}

impl Board {
    /// Builds a board from rows, checking N ≥ 1 and every row in 1..=N.
    pub fn from_rows(rows: Vec<u32>) -> Result<Self, ParseError> {
        if rows.is_empty() {
            return Err(ParseError::Empty);
        }
        let size = rows.len();
        for (index, &row) in rows.iter().enumerate() {
            if row == 0 || row as usize > size {
                return Err(ParseError::RowOutOfRange {
                    column: index + 1,
                    row,
                    size,
                });
            }
        }
        Ok(Board { rows })
    }

    /// The board with all N queens on row 1: the source's classic start
    /// (`11111111` for N = 8).
    pub fn first_row(size: usize) -> Result<Self, ParseError> {
        Self::from_rows(vec![1; size])
    }

    /// Parses a board, taking N from the text.
    ///
    /// Text without whitespace is a digit string, one digit per column
    /// (`"15863724"`); text with whitespace is a list of numbers, one per
    /// column (`"1 3 5 2 4"`, needed when N > 9). Leading and trailing
    /// whitespace is ignored.
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        Self::from_rows(parse_rows(text)?)
    }

    /// Parses a board that must have exactly `size` columns. The length is
    /// checked before the rows, so a short board is reported as short.
    pub fn parse_with_size(text: &str, size: usize) -> Result<Self, ParseError> {
        if size == 0 {
            return Err(ParseError::Empty);
        }
        let rows = parse_rows(text)?;
        if rows.len() != size {
            return Err(ParseError::WrongLength {
                expected: size,
                found: rows.len(),
            });
        }
        Self::from_rows(rows)
    }

    /// N: the number of columns, which is also the number of rows.
    pub fn size(&self) -> usize {
        self.rows.len()
    }

    /// Row of the queen in `column` (1-based), or `None` outside 1..=N.
    pub fn row(&self, column: usize) -> Option<u32> {
        column
            .checked_sub(1)
            .and_then(|index| self.rows.get(index).copied())
    }

    /// Draws the board as text, the way the source's JavaScript traces do.
    ///
    /// Row N is the top line, row 1 the bottom; column 1 is on the left.
    /// A square is light (`.`) when row + column is odd and dark (`X`) when
    /// it is even; a queen is `O` on a light square and `Q` on a dark one.
    /// Every line ends with a newline.
    pub fn draw(&self) -> String {
        let size = self.size();
        let mut text = String::with_capacity(size * (size + 1));
        for row in (1..=size as u32).rev() {
            for (index, &queen_row) in self.rows.iter().enumerate() {
                let light = (row as usize + index + 1) % 2 == 1;
                text.push(match (queen_row == row, light) {
                    (true, true) => 'O',
                    (true, false) => 'Q',
                    (false, true) => '.',
                    (false, false) => 'X',
                });
            }
            text.push('\n');
        }
        text
    }
}

/// Reads the rows, digit string or space-separated, without range checks.
fn parse_rows(text: &str) -> Result<Vec<u32>, ParseError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(ParseError::Empty);
    }
    if trimmed.contains(char::is_whitespace) {
        parse_numbers(text)
    } else {
        let leading = text.chars().take_while(|c| c.is_whitespace()).count();
        parse_digits(trimmed, leading)
    }
}

/// Reads one digit per column.
fn parse_digits(text: &str, offset: usize) -> Result<Vec<u32>, ParseError> {
    text.chars()
        .enumerate()
        .map(|(index, character)| {
            character.to_digit(10).ok_or(ParseError::NotADigit {
                column: index + 1,
                position: offset + index + 1,
                character,
            })
        })
        .collect()
}

/// Reads one whitespace-separated whole number per column.
fn parse_numbers(text: &str) -> Result<Vec<u32>, ParseError> {
    tokens_with_positions(text)
        .into_iter()
        .enumerate()
        .map(|(index, (position, token))| {
            token.parse::<u32>().map_err(|_| ParseError::NotANumber {
                column: index + 1,
                position,
                token: token.to_string(),
            })
        })
        .collect()
}

/// Splits at whitespace, keeping each token's 1-based character position.
fn tokens_with_positions(text: &str) -> Vec<(usize, &str)> {
    let mut tokens = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (position, (byte, character)) in text.char_indices().enumerate() {
        match (character.is_whitespace(), start) {
            (false, None) => start = Some((position + 1, byte)),
            (true, Some((token_position, token_byte))) => {
                tokens.push((token_position, &text[token_byte..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((token_position, token_byte)) = start {
        tokens.push((token_position, &text[token_byte..]));
    }
    tokens
}

impl FromStr for Board {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::parse(text)
    }
}

impl TryFrom<Vec<u32>> for Board {
    type Error = ParseError;

    fn try_from(rows: Vec<u32>) -> Result<Self, Self::Error> {
        Self::from_rows(rows)
    }
}

impl From<Board> for Vec<u32> {
    fn from(board: Board) -> Self {
        board.rows
    }
}

impl fmt::Display for Board {
    /// Digit string for N ≤ 9, space-separated numbers for N > 9.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if self.size() > MAX_DIGIT_SIZE {
            " "
        } else {
            ""
        };
        for (index, row) in self.rows.iter().enumerate() {
            if index > 0 {
                formatter.write_str(separator)?;
            }
            write!(formatter, "{row}")?;
        }
        Ok(())
    }
}
