//! Dominosa for Sieve, read from Simon Tatham's Dominosa game IDs: a grid
//! of (N+1)×(N+2) numbers from 0 to N is covered by a full set of dominoes
//! 0-0 … N-N, each laid once; find where each lies.
//!
//! ```
//! use sieve::{Config, Uniqueness};
//! use sieve_dominosa::{check, format_dominosa_line, parse_dominosa_id, solve};
//!
//! let puzzle = parse_dominosa_id("2:211010210022")?;
//! let solved = solve(&puzzle, &Config::default())?;
//! let Uniqueness::Unique(tiling) = solved.answer else { panic!("one solution") };
//! assert_eq!(check(&puzzle, &tiling), Ok(())); // the independent checker agrees
//! // Each cell's partner side, row by row: 2|1-1|0 / 1|0-2|1 / 0-0 2-2.
//! assert_eq!(format_dominosa_line(&tiling), "DRLDURLURLRL");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`puzzle`] (the data), [`parse`] (game IDs in and out),
//! [`text`] (the one-line answer and a picture), [`model`] (two matchings
//! of a chessboard colouring: partners, and dominoes),
//! [`solve`](mod@solve), [`check`](mod@check) (the independent checker).

pub mod check;
pub mod model;
pub mod parse;
pub mod puzzle;
pub mod solve;
pub mod text;
mod window;

pub use check::{Violation, check};
pub use model::DominosaModel;
pub use parse::{DIFFICULTIES, format_dominosa_id, parse_dominosa_id};
pub use puzzle::{MAX_N, MIN_N, Puzzle, PuzzleError, Side, Tiling, domino_ends, domino_index};
pub use solve::{Solved, count, solve};
pub use text::{draw, format_dominosa_line, parse_dominosa_line};
