//! Reading and writing squares as text.
//!
//! The format is whitespace-separated numbers, one row per line:
//!
//! ```text
//! 8 1 6
//! 3 . 7
//! 4 9 0
//! ```
//!
//! `0` or `.` marks an unknown (hidden) cell. A `#` starts a comment that
//! runs to the end of its line (`sieve magic generate --hide` writes the
//! visible sums that way, so its output reads back). Blank lines are ignored. All
//! cells may also stand on one line when their count is a perfect square
//! (`8 1 6 3 5 7 4 9 2`). [`parse_partial`] accepts unknown cells;
//! [`parse_square`] wants every cell given. Both reject values outside
//! `1..=n²` and repeated values, naming the line and column (both from 1,
//! columns counted in characters) and the offending token.
//!
//! `Display` on [`Square`] and [`PartialSquare`] writes the same format,
//! right-aligned, with `.` for unknown cells and no trailing newline.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::partial::PartialSquare;
use crate::square::{MAX_ORDER, Square, ValueProblem, find_value_problem};

/// What is wrong with a square's text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// The text holds no cell at all.
    #[error("no cells found: a square needs at least one number")]
    Empty,
    /// A token is neither a number, `0` nor `.`.
    #[error("line {line}, column {column}: `{token}` is not a number, `0` or `.`")]
    InvalidToken {
        /// Line, from 1.
        line: usize,
        /// Character column where the token starts, from 1.
        column: usize,
        /// The token.
        token: String,
    },
    /// A row has a different number of cells than the square has rows.
    #[error(
        "line {line}: {found} cells, but the square has {expected} rows, so each row needs {expected}"
    )]
    RowLength {
        /// Line, from 1.
        line: usize,
        /// Cells on that line.
        found: usize,
        /// The number of rows.
        expected: usize,
    },
    /// All cells stand on one line, and their count is not a perfect square.
    #[error("{count} cells on one line do not make a square (the count must be a perfect square)")]
    NotSquareCount {
        /// The number of cells.
        count: usize,
    },
    /// The square would be larger than [`MAX_ORDER`].
    #[error("order {order} is too large: the largest supported order is {MAX_ORDER}")]
    OrderTooLarge {
        /// The order the text describes.
        order: usize,
    },
    /// A value is outside `1..=n²`.
    #[error("line {line}, column {column}: `{token}` is outside 1..={max}")]
    ValueOutOfRange {
        /// Line, from 1.
        line: usize,
        /// Character column, from 1.
        column: usize,
        /// The token.
        token: String,
        /// `n²`.
        max: u64,
    },
    /// A value appears twice.
    #[error(
        "line {line}, column {column}: `{token}` repeats the value at line {first_line}, column {first_column}"
    )]
    DuplicateValue {
        /// Line of the repetition, from 1.
        line: usize,
        /// Character column of the repetition, from 1.
        column: usize,
        /// The token.
        token: String,
        /// Line of the first occurrence.
        first_line: usize,
        /// Column of the first occurrence.
        first_column: usize,
    },
    /// A complete square was expected, but a cell is unknown.
    #[error(
        "line {line}, column {column}: `{token}` marks an unknown cell, but a complete square is expected"
    )]
    UnknownCell {
        /// Line, from 1.
        line: usize,
        /// Character column, from 1.
        column: usize,
        /// The token (`0` or `.`).
        token: String,
    },
}

/// One whitespace-separated token with its place in the text.
struct Token<'a> {
    line: usize,
    column: usize,
    text: &'a str,
}

/// The checked cells of a text, with the tokens they came from.
struct ParsedCells<'a> {
    order: usize,
    tokens: Vec<Token<'a>>,
    cells: Vec<Option<u32>>,
}

/// Reads a square where unknown cells are written `0` or `.`.
///
/// ```
/// let partial = sieve_magic::parse_partial("8 1 6\n3 . 7\n4 9 0")?;
/// assert_eq!(partial.unknown_count(), 2);
/// assert_eq!(partial.given(0, 0), Some(8));
/// # Ok::<(), sieve_magic::ParseError>(())
/// ```
pub fn parse_partial(text: &str) -> Result<PartialSquare, ParseError> {
    let parsed = parse_cells(text)?;
    Ok(PartialSquare::from_valid_cells(parsed.order, parsed.cells))
}

/// Reads a complete square; an unknown cell is an error.
///
/// ```
/// let square = sieve_magic::parse_square("8 1 6 3 5 7 4 9 2")?;
/// assert!(square.is_magic());
/// # Ok::<(), sieve_magic::ParseError>(())
/// ```
pub fn parse_square(text: &str) -> Result<Square, ParseError> {
    let parsed = parse_cells(text)?;
    let mut values = Vec::with_capacity(parsed.cells.len());
    for (token, cell) in parsed.tokens.iter().zip(parsed.cells) {
        let Some(value) = cell else {
            return Err(ParseError::UnknownCell {
                line: token.line,
                column: token.column,
                token: token.text.to_owned(),
            });
        };
        values.push(value);
    }
    Ok(Square::from_valid_cells(parsed.order, values))
}

/// Tokenizes, reads every cell and checks ranges and repetitions.
fn parse_cells(text: &str) -> Result<ParsedCells<'_>, ParseError> {
    let (order, tokens) = tokenize(text)?;
    let cells = tokens
        .iter()
        .map(|token| read_cell(token, order))
        .collect::<Result<Vec<_>, _>>()?;
    let givens = cells
        .iter()
        .enumerate()
        .filter_map(|(index, cell)| cell.map(|value| (index, value)));
    if let Some(problem) = find_value_problem(order, givens) {
        return Err(describe_problem(problem, &tokens, order));
    }
    Ok(ParsedCells {
        order,
        tokens,
        cells,
    })
}

impl FromStr for Square {
    type Err = ParseError;

    /// See [`parse_square`].
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_square(text)
    }
}

impl FromStr for PartialSquare {
    type Err = ParseError;

    /// See [`parse_partial`].
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_partial(text)
    }
}

/// Splits the text into tokens and works out the order from its layout.
fn tokenize(text: &str) -> Result<(usize, Vec<Token<'_>>), ParseError> {
    let lines: Vec<Vec<Token<'_>>> = text
        .lines()
        .enumerate()
        .map(|(index, line)| line_tokens(index + 1, without_comment(line)))
        .filter(|tokens| !tokens.is_empty())
        .collect();
    let order = match lines.as_slice() {
        [] => return Err(ParseError::Empty),
        [single] => square_root(single.len()).ok_or(ParseError::NotSquareCount {
            count: single.len(),
        })?,
        rows => {
            let expected = rows.len();
            if let Some(row) = rows.iter().find(|row| row.len() != expected) {
                return Err(ParseError::RowLength {
                    line: row[0].line,
                    found: row.len(),
                    expected,
                });
            }
            expected
        }
    };
    if order > MAX_ORDER {
        return Err(ParseError::OrderTooLarge { order });
    }
    Ok((order, lines.into_iter().flatten().collect()))
}

/// The line up to its first `#`, where a comment starts.
fn without_comment(line: &str) -> &str {
    line.split_once('#').map_or(line, |(before, _)| before)
}

/// The tokens of one line, with their character columns.
fn line_tokens(line: usize, text: &str) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let ends = text.char_indices().map(Some).chain([None]);
    for (column, item) in ends.enumerate() {
        let is_space = item.is_none_or(|(_, character)| character.is_whitespace());
        match (start, is_space) {
            (None, false) => start = item.map(|(byte, _)| (byte, column + 1)),
            (Some((first_byte, first_column)), true) => {
                let end = item.map_or(text.len(), |(byte, _)| byte);
                tokens.push(Token {
                    line,
                    column: first_column,
                    text: &text[first_byte..end],
                });
                start = None;
            }
            _ => {}
        }
    }
    tokens
}

/// `Some(r)` when `count == r²`.
fn square_root(count: usize) -> Option<usize> {
    let root = count.isqrt();
    (root * root == count).then_some(root)
}

/// `true` for the tokens that mark an unknown cell.
fn is_unknown(text: &str) -> bool {
    text == "." || (!text.is_empty() && text.bytes().all(|byte| byte == b'0'))
}

/// One cell: `None` when unknown, else its value, checked against `1..=order²`.
fn read_cell(token: &Token<'_>, order: usize) -> Result<Option<u32>, ParseError> {
    if is_unknown(token.text) {
        return Ok(None);
    }
    if !token.text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(ParseError::InvalidToken {
            line: token.line,
            column: token.column,
            token: token.text.to_owned(),
        });
    }
    let max = (order * order) as u64;
    match token.text.parse::<u64>() {
        Ok(value) if value <= max => Ok(Some(value as u32)),
        _ => Err(ParseError::ValueOutOfRange {
            line: token.line,
            column: token.column,
            token: token.text.to_owned(),
            max,
        }),
    }
}

/// Turns a value problem found by cell index into a positioned parse error.
fn describe_problem(problem: ValueProblem, tokens: &[Token<'_>], order: usize) -> ParseError {
    match problem {
        ValueProblem::OutOfRange { index, .. } => ParseError::ValueOutOfRange {
            line: tokens[index].line,
            column: tokens[index].column,
            token: tokens[index].text.to_owned(),
            max: (order * order) as u64,
        },
        ValueProblem::Duplicate { first, second, .. } => ParseError::DuplicateValue {
            line: tokens[second].line,
            column: tokens[second].column,
            token: tokens[second].text.to_owned(),
            first_line: tokens[first].line,
            first_column: tokens[first].column,
        },
    }
}

/// Writes rows of already formatted cells, right-aligned to the widest value `order²`.
fn write_grid(
    f: &mut fmt::Formatter<'_>,
    order: usize,
    cells: impl Iterator<Item = String>,
) -> fmt::Result {
    let width = (order * order).to_string().len();
    for (index, cell) in cells.enumerate() {
        if index > 0 {
            f.write_str(if index % order == 0 { "\n" } else { " " })?;
        }
        write!(f, "{cell:>width$}")?;
    }
    Ok(())
}

impl fmt::Display for Square {
    /// One row per line, values right-aligned, no trailing newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_grid(f, self.order(), self.cells().iter().map(u32::to_string))
    }
}

impl fmt::Display for PartialSquare {
    /// One row per line, `.` for unknown cells, no trailing newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = self
            .cells()
            .iter()
            .map(|cell| cell.map_or_else(|| ".".to_owned(), |value| value.to_string()));
        write_grid(f, self.order(), cells)
    }
}
