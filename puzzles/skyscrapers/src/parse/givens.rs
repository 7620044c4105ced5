//! The givens list (`--givens`) and the solved-grid output.

use super::{ParseError, decimal_value};
use crate::puzzle::{Grid, MAX_SIZE, PuzzleError};

/// Parses N·N givens, row by row, separated by whitespace; `0` or `.` is empty.
pub fn parse_givens(text: &str, size: usize) -> Result<Vec<Option<u8>>, ParseError> {
    if !(1..=MAX_SIZE).contains(&size) {
        return Err(PuzzleError::SizeOutOfRange { size }.into());
    }
    let mut tokens = Vec::new();
    for (line_index, line) in text.lines().enumerate() {
        let mut current: Option<(usize, String)> = None;
        for (offset, character) in line.chars().chain(std::iter::once(' ')).enumerate() {
            if character.is_whitespace() {
                if let Some((column, token)) = current.take() {
                    tokens.push((line_index + 1, column, token));
                }
            } else {
                let (_, token) = current.get_or_insert_with(|| (offset + 1, String::new()));
                token.push(character);
            }
        }
    }
    if tokens.len() != size * size {
        return Err(ParseError::GivensCount {
            found: tokens.len(),
            size,
        });
    }
    tokens
        .into_iter()
        .enumerate()
        .map(|(cell, (line, column, text))| read_given(line, column, text, size, cell))
        .collect()
}

/// Reads one given token for cell `cell` (row-major).
fn read_given(
    line: usize,
    column: usize,
    text: String,
    size: usize,
    cell: usize,
) -> Result<Option<u8>, ParseError> {
    let (row, cell_column) = (cell / size, cell % size);
    if text == "." {
        return Ok(None);
    }
    if !text.chars().all(|c| c.is_ascii_digit()) {
        return Err(ParseError::GivenNotANumber {
            line,
            column,
            text,
            row,
            cell_column,
        });
    }
    let chars: Vec<char> = text.chars().collect();
    let value = decimal_value(&chars);
    if value > size {
        return Err(ParseError::GivenTooLarge {
            line,
            column,
            text,
            size,
            row,
            cell_column,
        });
    }
    Ok((value > 0).then_some(value as u8))
}

/// Writes givens as N·N space-separated heights, `0` for an empty cell.
pub fn format_givens(givens: &[Option<u8>]) -> String {
    givens
        .iter()
        .map(|given| given.unwrap_or(0).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes a solved grid as N lines of space-separated heights (each ending in
/// a newline): the output of `solve`.
pub fn format_solution(grid: &Grid) -> String {
    grid.to_string()
}
