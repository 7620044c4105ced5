//! The four-colour map puzzle for Sieve, read from Simon Tatham's Map game
//! IDs: a grid cut into regions, some already coloured; give every region
//! one of four colours so that no two regions sharing a side are alike.
//!
//! ```
//! use sieve::{Config, Uniqueness};
//! use sieve_map::{check, format_map_line, parse_map_id, solve};
//!
//! let puzzle = parse_map_id("4x4n6:adccfdbb,320a11")?;
//! let solved = solve(&puzzle, &Config::default())?;
//! let Uniqueness::Unique(colouring) = solved.answer else { panic!("one solution") };
//! assert_eq!(check(&puzzle, &colouring), Ok(())); // the independent checker agrees
//! assert_eq!(format_map_line(&colouring), "320311"); // one colour a region
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`puzzle`] (the data), [`parse`] (game IDs in and out),
//! [`text`] (the one-line answer and a picture), [`cliques`] (the groups of
//! regions that all touch each other), [`model`] (each such group all
//! different), [`solve`](mod@solve), [`check`](mod@check) (the independent
//! checker).

pub mod check;
pub mod cliques;
pub mod model;
pub mod parse;
pub mod puzzle;
pub mod solve;
pub mod text;

pub use check::{Violation, check};
pub use model::MapModel;
pub use parse::{DIFFICULTIES, format_map_id, parse_map_id};
pub use puzzle::{COLOURS, Colouring, MAX_SIDE, MIN_SIDE, Puzzle, PuzzleError};
pub use solve::{Solved, count, solve};
pub use text::{draw, format_map_line, parse_map_line};
