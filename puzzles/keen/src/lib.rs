//! KenKen for Sieve, read from Simon Tatham's Keen game IDs: an N×N Latin
//! square cut into cages, each with a target and an operation (`+`, `−`,
//! `×`, `÷`; a `−` or `÷` cage has two cells, taken either way round), and
//! his multiplication-only mode.
//!
//! ```
//! use sieve::Config;
//! use sieve::Uniqueness;
//! use sieve_keen::{check, format_keen_line, parse_keen_id, solve};
//!
//! let puzzle = parse_keen_id("4:b_a_aa__a_5ba,m8m3m8m12m6m8m3")?;
//! let solved = solve(&puzzle, &Config::default())?;
//! let Uniqueness::Unique(grid) = solved.answer else { panic!("one solution") };
//! assert_eq!(check(&puzzle, &grid), Ok(())); // the independent checker agrees
//! assert_eq!(format_keen_line(&grid), "1243243143123124");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`puzzle`] (the data), [`parse`] (game IDs in and out, the
//! one-line answer, a picture), [`model`] (cages as tables, and what happens
//! to cages too big for one), [`solve`](mod@solve), [`check`](mod@check)
//! (the independent checker).

pub mod check;
pub mod model;
pub mod parse;
pub mod puzzle;
pub mod solve;

pub use check::{Violation, check};
pub use model::KeenModel;
pub use parse::{DIFFICULTIES, draw, format_keen_id, format_keen_line, parse_keen_id};
pub use puzzle::{Cage, Grid, MAX_SIZE, MIN_SIZE, Operation, Puzzle, PuzzleError};
pub use solve::{Solved, count, solve};
