//! Masyu for Sieve, read from Simon Tatham's Pearl game IDs: draw one loop
//! through the centres of cells, passing every pearl; it turns on a black
//! pearl and goes straight through the cells on either side, and it goes
//! straight through a white pearl and turns in at least one of the cells on
//! either side.
//!
//! ```
//! use sieve::Config;
//! use sieve::Uniqueness;
//! use sieve_pearl::{check, format_pearl_line, parse_pearl_id, solve};
//!
//! let puzzle = parse_pearl_id("6x6de:BgWeWaBhWWfBaB")?;
//! let solved = solve(&puzzle, &Config::default())?;
//! let Uniqueness::Unique(found) = solved.answer else { panic!("one solution") };
//! assert_eq!(check(&puzzle, &found), Ok(())); // the independent checker agrees
//! // One hex digit a cell, row by row: up 1, right 2, down 4, left 8.
//! assert_eq!(format_pearl_line(&found), "6aac6c56a95553aa953c6c050555050393a9");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`puzzle`] (the data, and how links are numbered), [`parse`]
//! (game IDs in and out, the one-line answer, a picture), [`shapes`] (what the
//! loop does in a cell, as one variable), [`model`] (links under one loop, and
//! the pearls' tables), [`solve`](mod@solve), [`check`](mod@check) (the
//! independent checker).

pub mod check;
pub mod model;
pub mod parse;
pub mod puzzle;
pub mod shapes;
pub mod solve;

pub use check::{Violation, check};
pub use model::PearlModel;
pub use parse::{DIFFICULTIES, draw, format_pearl_id, format_pearl_line, parse_pearl_id};
pub use puzzle::{Board, Loop, MAX_SIZE, MIN_SIZE, Pearl, Puzzle, PuzzleError};
pub use solve::{Solved, count, solve};
