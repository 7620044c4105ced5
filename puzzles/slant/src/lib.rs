//! Slant (Gokigen Naname) for Sieve, read from Simon Tatham's Slant game
//! IDs: draw one diagonal in every cell of a grid so that each numbered
//! corner is touched by that many lines and the lines form no loop.
//!
//! ```
//! use sieve::{Config, Uniqueness};
//! use sieve_slant::{check, format_slant_line, parse_slant_id, solve};
//!
//! let puzzle = parse_slant_id("3x3:b0b2b2a11b2a")?;
//! let solved = solve(&puzzle, &Config::default())?;
//! let Uniqueness::Unique(grid) = solved.answer else { panic!("one solution") };
//! assert_eq!(check(&puzzle, &grid), Ok(())); // the independent checker agrees
//! assert_eq!(format_slant_line(&grid), r"\\////\\/");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`puzzle`] (the data), [`parse`] (game IDs in and out),
//! [`text`] (the one-line answer and a picture), [`model`] (one boolean a
//! cell; each clue a count of the diagonals at its corner, clues near each
//! other together as window rules over their fillings (which word what one
//! clue alone leaves out as that clue), no loop as a
//! union-find of the corners; the rules are the private `clue_rule`,
//! `window_rule` and `no_loop` modules, the fillings come from `window`),
//! [`solve`](mod@solve), [`check`](mod@check) (the independent checker).

pub mod check;
mod clue_rule;
pub mod model;
mod no_loop;
pub mod parse;
pub mod puzzle;
pub mod solve;
pub mod text;
mod window;
mod window_rule;

pub use check::{Violation, check};
pub use model::SlantModel;
pub use parse::{DIFFICULTIES, format_slant_id, parse_slant_id};
pub use puzzle::{Diagonal, Grid, MAX_CLUE, MAX_SIDE, MIN_SIDE, Puzzle, PuzzleError};
pub use solve::{Solved, count, solve};
pub use text::{draw, format_slant_line, parse_slant_line};
