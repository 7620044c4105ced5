//! Fillomino for Sieve, read from Simon Tatham's Filling game IDs: write a
//! number in every cell so that each region of equal numbers side by side
//! holds exactly that many cells, keeping the given clues.
//!
//! ```
//! use sieve::{Config, Uniqueness};
//! use sieve_filling::{check, format_filling_line, parse_filling_id, solve};
//!
//! let puzzle = parse_filling_id("5x4:1a4a2b455a25d3b")?;
//! let solved = solve(&puzzle, &Config::default())?;
//! let Uniqueness::Unique(filling) = solved.answer else { panic!("one solution") };
//! assert_eq!(check(&puzzle, &filling), Ok(())); // the independent checker agrees
//! assert_eq!(format_filling_line(&filling), "14422344553255532333");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`puzzle`] (the data), [`parse`] (game IDs in and out, the
//! one-line answer, a picture), [`model`] (the cells under one
//! [`SizedRegions`](sieve::rules::graph::SizedRegions) rule),
//! [`solve`](mod@solve), [`check`](mod@check) (the independent checker).

pub mod check;
pub mod model;
pub mod parse;
pub mod puzzle;
pub mod solve;

pub use check::{Violation, check};
pub use model::FillingModel;
pub use parse::{draw, format_filling_id, format_filling_line, parse_filling_id};
pub use puzzle::{Filling, LARGEST_DIGIT, MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError, largest_clue};
pub use solve::{Solved, count, solve};
