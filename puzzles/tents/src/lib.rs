//! Tents for Sieve, read from Simon Tatham's Tents game IDs: place a tent
//! beside each tree (up, down, left or right of it), so that trees and
//! tents pair off one to one; no two tents touch, not even diagonally; and
//! each column and row holds the number of tents its count says.
//!
//! ```
//! use sieve::Config;
//! use sieve::Uniqueness;
//! use sieve_tents::{check, format_tents_line, parse_tents_id, solve};
//!
//! let puzzle = parse_tents_id("4x4:g_db,1,0,1,1,1,0,0,2")?;
//! let solved = solve(&puzzle, &Config::default())?;
//! let Uniqueness::Unique(grid) = solved.answer else { panic!("one solution") };
//! assert_eq!(check(&puzzle, &grid), Ok(())); // the independent checker agrees
//! assert_eq!(format_tents_line(&grid), "...A...TT...ATA.");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`puzzle`] (the data), [`parse`] (game IDs in and out, the
//! one-line answer, a picture), [`model`] (cells and trees' directions, and
//! the rules over them), [`solve`](mod@solve) (counting placements, not
//! pairings), [`check`](mod@check) (the independent checker).

pub mod band;
pub mod check;
pub mod model;
pub mod parse;
pub mod puzzle;
pub mod solve;

pub use check::{Violation, check};
pub use model::{DIRECTIONS, TentsModel, Tier};
pub use parse::{DIFFICULTIES, draw, format_tents_id, format_tents_line, parse_tents_id};
pub use puzzle::{Cell, Grid, MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError, Square};
pub use solve::{Solved, count, solve};
