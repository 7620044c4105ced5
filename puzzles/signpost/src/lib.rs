//! Signpost for Sieve, read from Simon Tatham's Signpost game IDs: number the
//! cells 1 to W×H, a path through every cell, each step going in the
//! direction of the arrow of the cell it leaves (any distance along it); the
//! given numbers stay where they are.
//!
//! ```
//! use sieve::Config;
//! use sieve::Uniqueness;
//! use sieve_signpost::{check, format_signpost_line, parse_signpost_id, solve};
//!
//! let puzzle = parse_signpost_id("3x3:d1d9aaegbgh")?;
//! let solved = solve(&puzzle, &Config::default())?;
//! let Uniqueness::Unique(found) = solved.answer else { panic!("one solution") };
//! assert_eq!(check(&puzzle, &found), Ok(())); // the independent checker agrees
//! // Each cell's number, row by row, comma-separated.
//! assert_eq!(format_signpost_line(&found), "4,1,9,3,6,2,8,7,5");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`puzzle`] (the data: arrows, given numbers, a numbering),
//! [`parse`] (game IDs in and out, the one-line answer, a picture), [`model`]
//! (each cell's number and each number's cell, tied together, the arrows
//! between consecutive numbers), [`solve`](mod@solve), [`check`](mod@check)
//! (the independent checker).

pub mod bits;
pub mod check;
pub mod links;
pub mod model;
pub mod parse;
pub mod puzzle;
pub mod solve;

pub use check::{Violation, check};
pub use model::{Rules, SignpostModel};
pub use parse::{draw, format_signpost_id, format_signpost_line, parse_signpost_id};
pub use puzzle::{Direction, MAX_SIZE, MIN_SIZE, Numbering, Puzzle, PuzzleError};
pub use solve::{Solved, count, solve};
