//! N-queens for Sieve: Constraint.Queen's boards, state memory, symmetry and
//! replay pages.
//!
//! ```
//! use sieve_queens::{Attack, Board, check_solution};
//!
//! // A board is the row of the queen in each column 1..N, as the source prints it.
//! let board: Board = "15863724".parse()?;
//! assert_eq!(board.size(), 8);
//! assert_eq!(board.to_string(), "15863724");
//! check_solution(&board)?;
//!
//! // The classic start, all eight queens on row 1, is not a solution:
//! let start = Board::first_row(8)?;
//! assert_eq!(
//!     check_solution(&start),
//!     Err(Attack::SameRow { first: 1, second: 2, row: 1 })
//! );
//!
//! // Malformed boards say where they are wrong.
//! let error = Board::parse("1586372x").unwrap_err();
//! assert_eq!(error.to_string(), "column 8 (character 8): 'x' is not a digit");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The crate is organised by concern:
//! - [`board`]: the [`Board`] type, its digit-string form and a text drawing;
//! - [`validate`]: [`check_solution`], an independent solution checker that
//!   shares no code with any rule set;
//! - [`symmetry`]: the eight symmetries of the square, canonical boards and
//!   reduction of solution lists (92 → 12 for N = 8);
//! - [`classic_log`]: the source's state memory text
//!   (`11111111INIT|12111111A2:2|...`), written and read back;
//! - [`replay`]: self-contained HTML pages that replay traces step by step.

pub mod board;
pub mod classic_log;
pub mod replay;
pub mod symmetry;
pub mod validate;

pub use board::{Board, ParseError};
pub use classic_log::{LogParseError, Step, StepKind, format_memory, parse_memory};
pub use replay::{ReplayError, index_page, replay_page};
pub use symmetry::{NotAPermutation, Symmetry, canonical, unique_up_to_symmetry};
pub use validate::{Attack, check_solution};
