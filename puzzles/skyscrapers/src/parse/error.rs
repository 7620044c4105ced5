//! The parse errors, and how each names its position.

use std::fmt;

use thiserror::Error;

use crate::puzzle::{MAX_SIZE, PuzzleError, Side};

/// Which clue of a clue line an error is about: its 1-based number in the
/// line and, once N is known, its side and index ("clue 7 (bottom, column 3)").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CluePosition {
    /// 1-based position of the clue in the input line.
    pub number: usize,
    /// The side and 0-based index along it, when the count fixes N.
    pub place: Option<(Side, usize)>,
}

impl fmt::Display for CluePosition {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "clue {}", self.number)?;
        if let Some((side, index)) = self.place {
            write!(formatter, " ({side}, {} {})", side.index_noun(), index + 1)?;
        }
        Ok(())
    }
}

/// What a field of the drawn grid stands for, to name it in errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldRole {
    /// One of the four corners, which must stay blank.
    Corner,
    /// A clue: its side and 0-based index along it.
    Clue(Side, usize),
    /// A cell: its 0-based row and column.
    Cell(usize, usize),
}

impl fmt::Display for FieldRole {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FieldRole::Corner => formatter.write_str("corner"),
            FieldRole::Clue(side, index) => {
                write!(
                    formatter,
                    "{side} clue, {} {}",
                    side.index_noun(),
                    index + 1
                )
            }
            FieldRole::Cell(row, column) => {
                write!(formatter, "cell at row {}, column {}", row + 1, column + 1)
            }
        }
    }
}

/// Why a text could not be read as a puzzle, givens or order; each variant
/// names where (character column, line, which clue or cell).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Nothing to read.
    #[error("empty input: expected 4N clues separated by single spaces")]
    Empty,
    /// The clue line starts with a space.
    #[error("leading space at column 1: the first clue must start the line")]
    LeadingSpace,
    /// The clue line ends with a space.
    #[error("trailing space at column {column}: the last clue must end the line")]
    TrailingSpace {
        /// 1-based character column of the space.
        column: usize,
    },
    /// Two spaces in a row between clues.
    #[error("doubled space at column {column}: clues are separated by exactly one space")]
    DoubledSpace {
        /// 1-based character column of the second space.
        column: usize,
    },
    /// A character that is neither a digit nor the separating space.
    #[error("non-digit character {character:?} at column {column} in {clue}")]
    NonDigit {
        /// 1-based character column.
        column: usize,
        /// The offending character.
        character: char,
        /// The clue it is part of.
        clue: CluePosition,
    },
    /// The clue count is not 4N for an allowed N (or for the N asked for).
    #[error("{}", describe_count(*found, *size))]
    WrongCount {
        /// How many clues the line holds.
        found: usize,
        /// The N the caller asked for, if any.
        size: Option<usize>,
    },
    /// A clue taller than the tallest building.
    #[error("clue {value} at column {column} is greater than N = {size} in {clue}")]
    ClueTooLarge {
        /// 1-based character column where the clue starts.
        column: usize,
        /// The clue as written.
        value: String,
        /// N.
        size: usize,
        /// Which clue.
        clue: CluePosition,
    },
    /// A clue written with more digits than N has (for N ≤ 9 every clue is
    /// one digit, as in the source; for N ≥ 10 at most two).
    #[error("clue {text:?} at column {column} has {} digits, but clues for N = {size} have at most {} in {clue}", text.len(), if *size >= 10 { 2 } else { 1 })]
    ClueTooLong {
        /// 1-based character column where the clue starts.
        column: usize,
        /// The clue as written.
        text: String,
        /// N.
        size: usize,
        /// Which clue.
        clue: CluePosition,
    },
    /// The drawn grid has a number of lines other than N + 2.
    #[error("the drawn grid has {}, expected N + 2 lines (3 to {}) for N = 1..={MAX_SIZE}", plural(*found, "line"), MAX_SIZE + 2)]
    GridLineCount {
        /// How many lines it has.
        found: usize,
    },
    /// A drawn-grid line has something other than a space between two fields.
    #[error(
        "line {line}, column {column}: expected a space between fields, found {character:?} (fields are {width} character(s) wide for N = {size})"
    )]
    GridSeparator {
        /// 1-based line.
        line: usize,
        /// 1-based character column.
        column: usize,
        /// What was found there.
        character: char,
        /// The field width.
        width: usize,
        /// N.
        size: usize,
    },
    /// A drawn-grid line goes on past its N + 2 fields.
    #[error("line {line}, column {column}: text after the last of the N + 2 = {} fields", size + 2)]
    GridLineTooLong {
        /// 1-based line.
        line: usize,
        /// 1-based character column of the first extra character.
        column: usize,
        /// N.
        size: usize,
    },
    /// A drawn-grid field that is not blank, `.`, or a number.
    #[error("line {line}, column {column}: {text:?} is not a number, '.' or blank ({role})")]
    GridNotANumber {
        /// 1-based line.
        line: usize,
        /// 1-based character column where the field starts.
        column: usize,
        /// The field as written.
        text: String,
        /// What the field stands for.
        role: FieldRole,
    },
    /// A drawn-grid clue or height greater than N.
    #[error("line {line}, column {column}: {value} is greater than N = {size} ({role})")]
    GridValueTooLarge {
        /// 1-based line.
        line: usize,
        /// 1-based character column where the field starts.
        column: usize,
        /// The value as written.
        value: String,
        /// N.
        size: usize,
        /// What the field stands for.
        role: FieldRole,
    },
    /// A corner of the drawn grid holds a value.
    #[error("line {line}, column {column}: the corner must be blank, '.' or '0', found {text:?}")]
    GridCorner {
        /// 1-based line.
        line: usize,
        /// 1-based character column.
        column: usize,
        /// What was found.
        text: String,
    },
    /// The givens hold a number of heights other than N·N.
    #[error("found {found} givens, expected N·N = {} for N = {size}", size * size)]
    GivensCount {
        /// How many heights were found.
        found: usize,
        /// N.
        size: usize,
    },
    /// A given that is not a number (or `.`).
    #[error("line {line}, column {column}: {text:?} is not a height, '0' or '.' (given for row {}, column {})", row + 1, cell_column + 1)]
    GivenNotANumber {
        /// 1-based line of the givens text.
        line: usize,
        /// 1-based character column.
        column: usize,
        /// The token as written.
        text: String,
        /// 0-based row of the cell it would fill.
        row: usize,
        /// 0-based column of the cell it would fill.
        cell_column: usize,
    },
    /// A given height greater than N.
    #[error("line {line}, column {column}: height {text} is greater than N = {size} (given for row {}, column {})", row + 1, cell_column + 1)]
    GivenTooLarge {
        /// 1-based line of the givens text.
        line: usize,
        /// 1-based character column.
        column: usize,
        /// The token as written.
        text: String,
        /// N.
        size: usize,
        /// 0-based row of the cell.
        row: usize,
        /// 0-based column of the cell.
        cell_column: usize,
    },
    /// An order name other than `source` or `clockwise`.
    #[error("unknown clue order {text:?}: expected \"source\" or \"clockwise\"")]
    UnknownOrder {
        /// The rejected name.
        text: String,
    },
    /// The values parsed but do not make a puzzle (for example a size out of range).
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
}

fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// What the count of a clue line would mean, for [`ParseError::WrongCount`].
fn count_meaning(found: usize) -> String {
    if !found.is_multiple_of(4) {
        let lower = found / 4;
        let mut nearest = Vec::new();
        if lower >= 1 {
            nearest.push(format!("{} for N = {lower}", lower * 4));
        }
        if lower < MAX_SIZE {
            nearest.push(format!("{} for N = {}", (lower + 1) * 4, lower + 1));
        }
        format!(
            "{found} is not a multiple of 4, so it fits no N (nearest: {})",
            nearest.join(", ")
        )
    } else {
        format!(
            "{} would mean N = {}, above the maximum {MAX_SIZE}",
            plural(found, "clue"),
            found / 4
        )
    }
}

fn describe_count(found: usize, size: Option<usize>) -> String {
    match size {
        Some(size) => {
            let meaning = if found.is_multiple_of(4) && (1..=MAX_SIZE).contains(&(found / 4)) {
                format!("{} would mean N = {}", plural(found, "clue"), found / 4)
            } else {
                count_meaning(found)
            };
            format!(
                "found {}, expected {} (4N for N = {size}); {meaning}",
                plural(found, "clue"),
                4 * size
            )
        }
        None => format!(
            "found {}, expected 4N clues for N between 1 and {MAX_SIZE}; {}",
            plural(found, "clue"),
            count_meaning(found)
        ),
    }
}
