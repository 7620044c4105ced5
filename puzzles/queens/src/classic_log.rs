//! The state memory of Constraint.Queen, in the source's own text format.
//!
//! The source (`QueMemory` in `make.tol`) keeps every step of a run as one
//! text: each entry is the board's digits, then the step that wrote it, then
//! the separator `|`:
//!
//! ```text
//! 11111111INIT|12111111A2:2|13111111A2:3|13211111A3:2|...
//! ```
//!
//! - `INIT` (the source's `QueIni`) is the starting board;
//! - `A<queen>:<row>` is an action: queen `queen` moved one row up, to `row`,
//!   and the board written is the new state;
//! - `R<queen>:<row>` is a refused action: that move would have produced a
//!   board already in memory, so the source writes *that refused board* with
//!   an `R` and the refused move, then applies the reaction (queen − 1 moves
//!   up) without writing the reaction's board.
//!
//! Every entry, the last included, is followed by `|` (the source's `QueSep`).
//! For N > 9 this crate writes the board space-separated, as [`Board`]'s
//! `Display` does (`1 3 5 ... 10A3:10|`); the source only ever had N = 8.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::{Board, ParseError};

/// The label of the first entry (the source's `QueIni`).
pub const INIT_LABEL: &str = "INIT";
/// The separator written after every entry (the source's `QueSep`).
pub const SEPARATOR: char = '|';
/// The letter that marks an action.
pub const ACTION_MARK: char = 'A';
/// The letter that marks a refused action (the source's reaction entry).
pub const REFUSED_MARK: char = 'R';

/// What produced a logged board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum StepKind {
    /// The starting board (`INIT`).
    Init,
    /// Queen `queen` moved up to `row`; the logged board is the new state
    /// (`A<queen>:<row>`).
    Action {
        /// The queen (= column) that moved, 1-based.
        queen: u32,
        /// The row it moved to, 1-based.
        row: u32,
    },
    /// Moving queen `queen` to `row` was refused because the resulting board
    /// (the logged one) was already in memory; the reaction followed
    /// (`R<queen>:<row>`).
    Refused {
        /// The queen (= column) whose move was refused, 1-based.
        queen: u32,
        /// The row the refused move would have reached, 1-based.
        row: u32,
    },
}

impl fmt::Display for StepKind {
    /// `INIT`, `A<queen>:<row>` or `R<queen>:<row>`.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            StepKind::Init => formatter.write_str(INIT_LABEL),
            StepKind::Action { queen, row } => write!(formatter, "{ACTION_MARK}{queen}:{row}"),
            StepKind::Refused { queen, row } => write!(formatter, "{REFUSED_MARK}{queen}:{row}"),
        }
    }
}

/// One entry of the state memory: a board and the step that wrote it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Step {
    /// The board the entry records.
    pub board: Board,
    /// What produced it (flattened in JSON: `{"board":[..],"kind":"action","queen":2,"row":2}`).
    #[serde(flatten)]
    pub kind: StepKind,
}

impl Step {
    /// The entry exactly as the source writes it, separator included
    /// (`12111111A2:2|`).
    pub fn memory_entry(&self) -> String {
        format!("{}{}{SEPARATOR}", self.board, self.kind)
    }
}

/// Why a state-memory text could not be read. Entries are numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LogParseError {
    /// An entry's board is malformed.
    #[error("entry {entry}: bad board: {source}")]
    Board {
        /// The entry, 1-based.
        entry: usize,
        /// What is wrong with the board.
        source: ParseError,
    },
    /// An entry has no `INIT`, `A` or `R` label after its board.
    #[error("entry {entry}: {text:?} has no INIT, A or R label")]
    MissingLabel {
        /// The entry, 1-based.
        entry: usize,
        /// The entry's text.
        text: String,
    },
    /// The label is not `INIT`, `A<queen>:<row>` or `R<queen>:<row>`.
    #[error("entry {entry}: bad label {label:?}: expected INIT, A<queen>:<row> or R<queen>:<row>")]
    BadLabel {
        /// The entry, 1-based.
        entry: usize,
        /// The label text.
        label: String,
    },
    /// The label's queen is not a column of the board.
    #[error("entry {entry}: queen {queen} is outside 1..={size}")]
    QueenOutOfRange {
        /// The entry, 1-based.
        entry: usize,
        /// The queen named in the label.
        queen: u32,
        /// N.
        size: usize,
    },
    /// The label says the queen moved to a row where the board does not
    /// have it.
    #[error(
        "entry {entry}: label says queen {queen} is on row {row}, the board has row {board_row}"
    )]
    LabelMismatch {
        /// The entry, 1-based.
        entry: usize,
        /// The queen named in the label.
        queen: u32,
        /// The row named in the label.
        row: u32,
        /// The row the board actually has for that queen.
        board_row: u32,
    },
    /// An entry's board has a different N from the first entry's.
    #[error("entry {entry}: board has {found} columns, the first entry has {expected}")]
    SizeChanged {
        /// The entry, 1-based.
        entry: usize,
        /// N of the first entry.
        expected: usize,
        /// N of this entry.
        found: usize,
    },
}

/// Writes steps as the source's state memory text: every entry followed by
/// `|`, nothing else.
pub fn format_memory(steps: &[Step]) -> String {
    steps.iter().map(Step::memory_entry).collect()
}

/// Reads a state memory text back into steps.
///
/// Empty or blank pieces between separators are skipped (as the source's
/// trace writer does), so a missing final `|` is accepted. Every board must
/// have the same N, and an `A`/`R` label's queen must be on the labelled row.
pub fn parse_memory(text: &str) -> Result<Vec<Step>, LogParseError> {
    let mut steps: Vec<Step> = Vec::new();
    for (index, piece) in text
        .split(SEPARATOR)
        .filter(|piece| !piece.trim().is_empty())
        .enumerate()
    {
        let entry = index + 1;
        let step = parse_entry(entry, piece.trim())?;
        if let Some(first) = steps.first()
            && first.board.size() != step.board.size()
        {
            return Err(LogParseError::SizeChanged {
                entry,
                expected: first.board.size(),
                found: step.board.size(),
            });
        }
        steps.push(step);
    }
    Ok(steps)
}

/// Reads one entry (without its separator).
fn parse_entry(entry: usize, text: &str) -> Result<Step, LogParseError> {
    let label_start =
        text.find([ACTION_MARK, REFUSED_MARK, 'I'])
            .ok_or_else(|| LogParseError::MissingLabel {
                entry,
                text: text.to_string(),
            })?;
    let board = Board::parse(&text[..label_start])
        .map_err(|source| LogParseError::Board { entry, source })?;
    let label = &text[label_start..];
    let kind = parse_label(label).ok_or_else(|| LogParseError::BadLabel {
        entry,
        label: label.to_string(),
    })?;
    check_label(entry, &board, kind)?;
    Ok(Step { board, kind })
}

/// Reads `INIT`, `A<queen>:<row>` or `R<queen>:<row>`.
fn parse_label(label: &str) -> Option<StepKind> {
    if label == INIT_LABEL {
        return Some(StepKind::Init);
    }
    let mut characters = label.chars();
    let mark = characters.next()?;
    let (queen, row) = characters.as_str().split_once(':')?;
    let all_digits = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(queen) || !all_digits(row) {
        return None;
    }
    let (queen, row) = (queen.parse().ok()?, row.parse().ok()?);
    match mark {
        ACTION_MARK => Some(StepKind::Action { queen, row }),
        REFUSED_MARK => Some(StepKind::Refused { queen, row }),
        _ => None,
    }
}

/// Checks that an `A`/`R` label agrees with its board.
fn check_label(entry: usize, board: &Board, kind: StepKind) -> Result<(), LogParseError> {
    let (StepKind::Action { queen, row } | StepKind::Refused { queen, row }) = kind else {
        return Ok(());
    };
    let board_row = board
        .row(queen as usize)
        .ok_or(LogParseError::QueenOutOfRange {
            entry,
            queen,
            size: board.size(),
        })?;
    if board_row != row {
        return Err(LogParseError::LabelMismatch {
            entry,
            queen,
            row,
            board_row,
        });
    }
    Ok(())
}
