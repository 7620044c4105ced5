//! Futoshiki for Sieve, read from Simon Tatham's Unequal game IDs, in both
//! of his modes: inequality signs between neighbours, and the adjacent mode,
//! where a bar between two neighbours means their values differ by exactly
//! one and no bar means they do not.
//!
//! ```
//! use sieve::Config;
//! use sieve::Uniqueness;
//! use sieve_unequal::{check, format_unequal_line, parse_unequal_id, solve};
//!
//! let puzzle = parse_unequal_id("4:3,0,0,0,0D,0U,0L,0,0,0,0,0,0,0L,0R,0,")?;
//! let solved = solve(&puzzle, &Config::default())?;
//! let Uniqueness::Unique(grid) = solved.answer else { panic!("one solution") };
//! assert_eq!(check(&puzzle, &grid), Ok(())); // the independent checker agrees
//! assert_eq!(format_unequal_line(&grid).len(), 16);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`puzzle`] (the data), [`parse`] (game IDs in and out, the
//! one-line answer, a picture), [`model`] (the bars are the engine's
//! [`sieve::rules::Distance`]), [`solve`](mod@solve), [`check`](mod@check) (the
//! independent checker).

pub mod check;
pub mod model;
pub mod parse;
pub mod puzzle;
pub mod solve;

pub use check::{Violation, check};
pub use model::UnequalModel;
pub use parse::{draw, format_unequal_id, format_unequal_line, parse_unequal_id};
pub use puzzle::{Grid, MAX_SIZE, Mode, Puzzle, PuzzleError, Sign};
pub use solve::{Solved, count, solve};
