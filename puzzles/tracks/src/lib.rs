//! Train tracks for Sieve, read from Simon Tatham's Tracks game IDs: lay one
//! track through the grid, from where it enters on the left to where it
//! leaves at the bottom, through every given piece, so that each row and each
//! column holds as many track cells as its count says.
//!
//! ```
//! use sieve::Config;
//! use sieve::Uniqueness;
//! use sieve_tracks::{check, format_tracks_line, parse_tracks_id, solve};
//!
//! let puzzle = parse_tracks_id("4x4de:Cm9a,3,1,S3,3,S1,3,4,2")?;
//! let solved = solve(&puzzle, &Config::default())?;
//! let Uniqueness::Unique(found) = solved.answer else { panic!("one solution") };
//! assert_eq!(check(&puzzle, &found), Ok(())); // the independent checker agrees
//! // One hex digit a cell, row by row: up 1, right 2, down 4, left 8; the
//! // entrance cell leads left and the exit cell down, off the grid.
//! assert_eq!(format_tracks_line(&found), "c000506c3a950069");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`puzzle`] (the data, and how links are numbered), [`parse`]
//! (game IDs in and out, the one-line answer, a picture), [`shapes`] (what the
//! track does in a cell, as one variable), [`lines`] (each row and column as
//! a word of shapes), [`model`] (links under one path, and the counts),
//! [`solve`](mod@solve), [`check`](mod@check) (the independent checker).

pub mod check;
pub mod lines;
pub mod model;
pub mod parse;
pub mod puzzle;
pub mod shapes;
pub mod solve;

pub use check::{Violation, check};
pub use model::{Rules, TracksModel};
pub use parse::{DIFFICULTIES, draw, format_tracks_id, format_tracks_line, parse_tracks_id};
pub use puzzle::{
    Board, DIRECTIONS, DOWN, LEFT, MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError, RIGHT, Track, UP,
};
pub use solve::{Solved, count, solve};
