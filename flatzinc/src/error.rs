//! What can go wrong reading or translating a FlatZinc model: each error names
//! the line (and, for syntax, the column) and the construct.

use std::fmt;

/// A place in the FlatZinc text, both counted from 1.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Position {
    /// The line, from 1.
    pub line: usize,
    /// The column (in characters), from 1.
    pub column: usize,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// An error reading or translating a FlatZinc model.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The text is not FlatZinc.
    #[error("{position}: {problem} in {construct}")]
    Syntax {
        /// Where the problem was found.
        position: Position,
        /// The construct being read (`a variable declaration`, `a constraint`, ...).
        construct: &'static str,
        /// What is wrong.
        problem: String,
    },
    /// Valid FlatZinc that Sieve does not (yet) solve: floats, set variables,
    /// domains too large for a bitset, an unknown constraint.
    #[error("line {line}: unsupported: {what}")]
    Unsupported {
        /// The line of the item.
        line: usize,
        /// What is not supported.
        what: String,
    },
    /// Well-formed FlatZinc that makes no sense: an unknown name, a wrong type
    /// or number of arguments.
    #[error("line {line}: {problem}")]
    Invalid {
        /// The line of the item.
        line: usize,
        /// What is wrong.
        problem: String,
    },
    /// The engine refused a variable or a rule built for the item.
    #[error("line {line}: {construct}: {source}")]
    Engine {
        /// The line of the item.
        line: usize,
        /// The item (`constraint int_times`, `variable x`).
        construct: String,
        /// The engine's error.
        source: sieve::Error,
    },
    /// Writing the solutions failed.
    #[error("writing the output: {0}")]
    Output(std::io::Error),
}

impl Error {
    /// The line the error names.
    pub fn line(&self) -> usize {
        match self {
            Error::Syntax { position, .. } => position.line,
            Error::Unsupported { line, .. }
            | Error::Invalid { line, .. }
            | Error::Engine { line, .. } => *line,
            Error::Output(_) => 0,
        }
    }
}
