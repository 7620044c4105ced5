//! The clue line: 4N clues separated by single spaces, in either [`Order`].

use super::{CluePosition, Order, ParseError, decimal_value, field_width};
use crate::puzzle::{Clues, MAX_SIZE, Puzzle, PuzzleError};

/// One space-separated token of a clue line, with its 1-based start column.
struct Token {
    column: usize,
    text: Vec<char>,
}

/// Splits on single spaces, reporting leading, trailing and doubled spaces.
fn split_clue_line(chars: &[char]) -> Result<Vec<Token>, ParseError> {
    let mut tokens = Vec::new();
    let mut current = Token {
        column: 1,
        text: Vec::new(),
    };
    for (index, &character) in chars.iter().enumerate() {
        let column = index + 1;
        if character != ' ' {
            current.text.push(character);
            continue;
        }
        if index == 0 {
            return Err(ParseError::LeadingSpace);
        }
        if index + 1 == chars.len() {
            return Err(ParseError::TrailingSpace { column });
        }
        if current.text.is_empty() {
            return Err(ParseError::DoubledSpace { column });
        }
        let next = Token {
            column: column + 1,
            text: Vec::new(),
        };
        tokens.push(std::mem::replace(&mut current, next));
    }
    tokens.push(current);
    Ok(tokens)
}

/// N implied by a clue count, if the count is 4N for an allowed N.
fn size_from_count(count: usize) -> Option<usize> {
    (count.is_multiple_of(4) && (1..=MAX_SIZE).contains(&(count / 4))).then_some(count / 4)
}

/// Parses a clue line (see the module docs) into a puzzle without givens.
///
/// `size` fixes N; `None` infers it from the count (4N clues). Errors come in
/// reading order: spacing and non-digits first, then the count, then ranges.
pub fn parse_clues(text: &str, order: Order, size: Option<usize>) -> Result<Puzzle, ParseError> {
    if let Some(size) = size
        && !(1..=MAX_SIZE).contains(&size)
    {
        return Err(PuzzleError::SizeOutOfRange { size }.into());
    }
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return Err(ParseError::Empty);
    }
    let tokens = split_clue_line(&chars)?;
    let inferred = size.or_else(|| size_from_count(tokens.len()));
    let position = |number: usize| CluePosition {
        number: number + 1,
        place: inferred
            .filter(|&n| tokens.len() == 4 * n)
            .map(|n| order.place(n, number)),
    };
    for (number, token) in tokens.iter().enumerate() {
        if let Some(offset) = token.text.iter().position(|c| !c.is_ascii_digit()) {
            return Err(ParseError::NonDigit {
                column: token.column + offset,
                character: token.text[offset],
                clue: position(number),
            });
        }
    }
    let size = match inferred {
        Some(n) if tokens.len() == 4 * n => n,
        _ => {
            return Err(ParseError::WrongCount {
                found: tokens.len(),
                size,
            });
        }
    };
    let mut clues = Clues::empty(size);
    for (number, token) in tokens.iter().enumerate() {
        let value = decimal_value(&token.text);
        if value > size {
            return Err(ParseError::ClueTooLarge {
                column: token.column,
                value: token.text.iter().collect(),
                size,
                clue: position(number),
            });
        }
        if token.text.len() > field_width(size) {
            return Err(ParseError::ClueTooLong {
                column: token.column,
                text: token.text.iter().collect(),
                size,
                clue: position(number),
            });
        }
        let (side, index) = order.place(size, number);
        clues.side_mut(side)[index] = (value > 0).then_some(value as u8);
    }
    Ok(Puzzle::new(size, clues)?)
}

/// Writes the clues as a clue line in `order`, `0` for a missing clue.
pub fn format_clues(clues: &Clues, order: Order) -> String {
    let size = clues.top.len();
    (0..4 * size)
        .map(|position| {
            let (side, index) = order.place(size, position);
            clues.get(side, index).unwrap_or(0).to_string()
        })
        .collect::<Vec<_>>()
        .join(" ")
}
