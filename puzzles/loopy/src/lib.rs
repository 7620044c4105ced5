//! Slitherlink for Sieve, read from Simon Tatham's Loopy game IDs on the
//! square grid: draw one loop along the edges of a grid of dots, so that each
//! numbered square has that many of its sides on the loop.
//!
//! ```
//! use sieve::Config;
//! use sieve::Uniqueness;
//! use sieve_loopy::{check, format_loopy_line, parse_loopy_id, solve};
//!
//! let puzzle = parse_loopy_id("3x3t0de:c2a20a3")?;
//! let solved = solve(&puzzle, &Config::default())?;
//! let Uniqueness::Unique(found) = solved.answer else { panic!("one solution") };
//! assert_eq!(check(&puzzle, &found), Ok(())); // the independent checker agrees
//! // The top edges, the edges under rows 1, 2 and 3, then the upright ones
//! // of rows 1 to 3.
//! assert_eq!(format_loopy_line(&found), "110101010001101001010011");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`puzzle`] (the data, and how edges are numbered), [`parse`]
//! (game IDs in and out, the one-line answer, a picture), [`model`] (edges as
//! booleans under one loop and the clues' counts), [`corners`] (what the loop
//! does at each dot), [`colours`] (the squares inside and outside it),
//! [`solve`](mod@solve),
//! [`check`](mod@check) (the independent checker).

pub mod check;
mod clue_square;
pub mod colours;
pub mod corners;
mod edge_sides;
pub mod model;
mod naming;
pub mod parse;
pub mod puzzle;
pub mod solve;

pub use check::{Violation, check};
pub use model::{LoopyModel, Rules};
pub use parse::{DIFFICULTIES, draw, format_loopy_id, format_loopy_line, parse_loopy_id};
pub use puzzle::{Edge, Lattice, Loop, MAX_CLUE, MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError};
pub use solve::{Solved, count, solve};
