//! One puzzle on one line: the clue line, optionally followed by ` | ` and
//! the N·N givens. It is what `generate` prints and `solve --file` reads.

use super::{Order, ParseError, format_clues, format_givens, parse_clues, parse_givens};
use crate::puzzle::Puzzle;

/// Reads `CLUES` or `CLUES | GIVENS` (clues in `order`, N inferred from
/// their count). Columns in errors count from the start of the whole line.
pub fn parse_puzzle_line(text: &str, order: Order) -> Result<Puzzle, ParseError> {
    let Some((clues, givens)) = text.split_once('|') else {
        return parse_clues(text, order, None);
    };
    let puzzle = parse_clues(clues.trim_end(), order, None)?;
    let offset = clues.chars().count() + 1;
    let givens = parse_givens(givens, puzzle.size()).map_err(|error| shift(error, offset))?;
    Ok(puzzle.with_givens(givens)?)
}

/// Moves the column of a givens error by `offset` characters.
fn shift(error: ParseError, offset: usize) -> ParseError {
    match error {
        ParseError::GivenNotANumber {
            line,
            column,
            text,
            row,
            cell_column,
        } => ParseError::GivenNotANumber {
            line,
            column: column + offset,
            text,
            row,
            cell_column,
        },
        ParseError::GivenTooLarge {
            line,
            column,
            text,
            size,
            row,
            cell_column,
        } => ParseError::GivenTooLarge {
            line,
            column: column + offset,
            text,
            size,
            row,
            cell_column,
        },
        other => other,
    }
}

/// Writes the clue line in `order`, with ` | ` and the givens when there are any.
pub fn format_puzzle_line(puzzle: &Puzzle, order: Order) -> String {
    let clues = format_clues(puzzle.clues(), order);
    if puzzle.has_givens() {
        format!("{clues} | {}", format_givens(puzzle.givens()))
    } else {
        clues
    }
}
