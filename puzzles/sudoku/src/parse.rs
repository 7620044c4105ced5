//! Reading grids, with the form detected from the text.
//!
//! Three forms are read (all of them are also written, see [`crate::write`]):
//!
//! - **line**: N² characters on one line, as in the shared 81-character data
//!   sets (`53..7....6..195...`). Values are symbols `1`-`9`, `A`-`Z`, `a`-`z`
//!   (see [`crate::symbols`]); a blank is `.` or `0`.
//! - **block**: the same characters spread over several lines, with any
//!   whitespace and the separators `|`, `-` and `+` between them, which are
//!   ignored.
//! - **numbers**: whitespace-separated 1-based numbers, `0` (or `.`) for a
//!   blank; needed for values above 9 written as numbers and for sides above 61.
//!
//! Detection: the text is read as numbers when every token (split on
//! whitespace and separators) is `.` or one or two digits, at least one token
//! has two digits, and the token count is N² (a square, or the given shape's).
//! Otherwise every non-separator character is a cell. With single-digit tokens
//! both readings give the same grid. The side N is the square root of the cell
//! count and the box shape is [`Shape::for_size`]`(N)` unless one is given.

use crate::grid::Grid;
use crate::shape::{Shape, ShapeError};
use crate::symbols;
use crate::write::Format;

/// Why a text is not a grid. Positions are 1-based lines and columns (in characters).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Nothing but whitespace and separators.
    #[error("no cells found: the text is empty or holds only separators")]
    Empty,
    /// A character that is neither a value, a blank, whitespace nor a separator.
    #[error(
        "line {line}, column {column}: unexpected character '{character}' (values are 1-9, A-Z, a-z; a blank is . or 0)"
    )]
    InvalidCharacter {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The offending character.
        character: char,
    },
    /// A symbol for a value the grid's side does not have (`A` in a 9×9).
    #[error(
        "line {line}, column {column}: '{character}' stands for {number}, but a {size}x{size} grid holds values 1 to {size}"
    )]
    SymbolOutOfRange {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The offending character.
        character: char,
        /// The 1-based value it stands for.
        number: usize,
        /// The grid side.
        size: usize,
    },
    /// A number above the grid's side in the numbers form.
    #[error(
        "line {line}, column {column}: {number} is larger than {size}, the largest value of a {size}x{size} grid"
    )]
    NumberOutOfRange {
        /// 1-based line where the number starts.
        line: usize,
        /// 1-based column where the number starts.
        column: usize,
        /// The number read.
        number: usize,
        /// The grid side.
        size: usize,
    },
    /// The cell count is not a square, so no side fits.
    #[error("found {found} cells, which is not a square number (a 9x9 grid has 81)")]
    NotSquare {
        /// How many cells were read.
        found: usize,
    },
    /// The cell count does not match the shape that was given.
    #[error("found {found} cells, but a {size}x{size} grid with {shape} boxes has {expected}")]
    WrongCount {
        /// How many cells were read.
        found: usize,
        /// N² for the given shape.
        expected: usize,
        /// The grid side.
        size: usize,
        /// The given shape.
        shape: Shape,
    },
    /// The side has no default box shape (a prime, or above 64).
    #[error("found {cells} cells: {source}")]
    Shape {
        /// How many cells were read.
        cells: usize,
        /// Why no shape fits.
        source: ShapeError,
    },
}

/// A grid together with the form it was written in, so answers can be
/// written back the same way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// The grid read.
    pub grid: Grid,
    /// The form detected.
    pub format: Format,
}

/// One non-separator character and where it stands.
struct Located {
    character: char,
    line: usize,
    column: usize,
}

/// A run of non-separator characters and where it starts.
struct Token {
    text: String,
    line: usize,
    column: usize,
}

/// The characters and tokens of a text.
struct Lexed {
    characters: Vec<Located>,
    tokens: Vec<Token>,
}

/// Reads a grid in any form, inferring its side and box shape.
pub fn parse(text: &str) -> Result<Parsed, ParseError> {
    read(text, None)
}

/// Reads a grid whose box shape is known.
pub fn parse_with_shape(text: &str, shape: Shape) -> Result<Parsed, ParseError> {
    read(text, Some(shape))
}

fn read(text: &str, shape: Option<Shape>) -> Result<Parsed, ParseError> {
    let lexed = lex(text);
    if lexed.characters.is_empty() {
        return Err(ParseError::Empty);
    }
    if is_numbers_form(&lexed.tokens, shape) {
        read_numbers(&lexed.tokens, shape)
    } else {
        read_characters(&lexed.characters, shape)
    }
}

fn is_separator(character: char) -> bool {
    character.is_whitespace() || matches!(character, '|' | '-' | '+')
}

fn lex(text: &str) -> Lexed {
    let mut characters = Vec::new();
    let mut tokens: Vec<Token> = Vec::new();
    for (line_index, line) in text.lines().enumerate() {
        let mut in_token = false;
        for (column_index, character) in line.chars().enumerate() {
            if is_separator(character) {
                in_token = false;
                continue;
            }
            let (line, column) = (line_index + 1, column_index + 1);
            characters.push(Located {
                character,
                line,
                column,
            });
            match tokens.last_mut() {
                Some(token) if in_token => token.text.push(character),
                _ => tokens.push(Token {
                    text: character.to_string(),
                    line,
                    column,
                }),
            }
            in_token = true;
        }
    }
    Lexed { characters, tokens }
}

fn exact_square_root(count: usize) -> Option<usize> {
    let root = (1..=count).take_while(|r| r * r <= count).last()?;
    (root * root == count).then_some(root)
}

fn is_numbers_form(tokens: &[Token], shape: Option<Shape>) -> bool {
    let numeric = |token: &Token| {
        token.text == "."
            || (token.text.len() <= 2 && token.text.bytes().all(|b| b.is_ascii_digit()))
    };
    if !tokens.iter().all(numeric) || !tokens.iter().any(|token| token.text.len() == 2) {
        return false;
    }
    match shape {
        Some(shape) => tokens.len() == shape.cell_count(),
        None => exact_square_root(tokens.len()).is_some(),
    }
}

/// The shape for `count` cells: the given one if it fits, else the default for the side.
fn shape_for(count: usize, shape: Option<Shape>) -> Result<Shape, ParseError> {
    match shape {
        Some(shape) if shape.cell_count() == count => Ok(shape),
        Some(shape) => Err(ParseError::WrongCount {
            found: count,
            expected: shape.cell_count(),
            size: shape.size(),
            shape,
        }),
        None => {
            let size = exact_square_root(count).ok_or(ParseError::NotSquare { found: count })?;
            Shape::for_size(size).map_err(|source| ParseError::Shape {
                cells: count,
                source,
            })
        }
    }
}

fn read_numbers(tokens: &[Token], shape: Option<Shape>) -> Result<Parsed, ParseError> {
    let shape = shape_for(tokens.len(), shape)?;
    let size = shape.size();
    let mut cells = Vec::with_capacity(tokens.len());
    for token in tokens {
        // A token is "." or one or two ASCII digits here, so it always parses.
        let number: usize = token.text.parse().unwrap_or(0);
        if number > size {
            return Err(ParseError::NumberOutOfRange {
                line: token.line,
                column: token.column,
                number,
                size,
            });
        }
        cells.push(number.checked_sub(1).map(|value| value as u8));
    }
    Ok(Parsed {
        grid: Grid::from_checked_cells(shape, cells),
        format: Format::Numbers,
    })
}

fn read_characters(characters: &[Located], shape: Option<Shape>) -> Result<Parsed, ParseError> {
    let mut cells = Vec::with_capacity(characters.len());
    for located in characters {
        if symbols::is_blank(located.character) {
            cells.push(None);
        } else if let Some(value) = symbols::value_of(located.character) {
            cells.push(Some(value));
        } else {
            return Err(ParseError::InvalidCharacter {
                line: located.line,
                column: located.column,
                character: located.character,
            });
        }
    }
    let shape = shape_for(cells.len(), shape)?;
    let size = shape.size();
    for (located, value) in characters.iter().zip(&cells) {
        match *value {
            Some(value) if usize::from(value) >= size => {
                return Err(ParseError::SymbolOutOfRange {
                    line: located.line,
                    column: located.column,
                    character: located.character,
                    number: usize::from(value) + 1,
                    size,
                });
            }
            _ => {}
        }
    }
    let single_line = characters.iter().all(|c| c.line == characters[0].line);
    Ok(Parsed {
        grid: Grid::from_checked_cells(shape, cells),
        format: if single_line {
            Format::Line
        } else {
            Format::Block
        },
    })
}
