//! Magnets for Sieve, read from Simon Tatham's Magnets game IDs: the grid is
//! cut into dominoes; each is a magnet, one half `+` and the other `−`, or
//! neutral; two like poles are never side by side; and each column and row
//! holds the number of `+` and of `−` its counts say, where it has counts.
//!
//! ```
//! use sieve::Config;
//! use sieve::Uniqueness;
//! use sieve_magnets::{check, format_magnets_line, parse_magnets_id, solve};
//!
//! let puzzle = parse_magnets_id("5x5:22221,22221,21312,22212,TLRTTBTTBBTBBTTBTTBB*BBLR")?;
//! let solved = solve(&puzzle, &Config::default())?;
//! let Uniqueness::Unique(grid) = solved.answer else { panic!("one solution") };
//! assert_eq!(check(&puzzle, &grid), Ok(())); // the independent checker agrees
//! assert_eq!(format_magnets_line(&grid), "-+-.++-+.--+-+.+.+-...-+-");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`puzzle`] (the data), [`parse`] (game IDs in and out, the
//! one-line answer, a picture), [`model`] (a variable a square, and an
//! automaton along each line), [`solve`](mod@solve), [`check`](mod@check)
//! (the independent checker).

pub mod check;
mod line;
pub mod model;
pub mod parse;
pub mod puzzle;
pub mod solve;

pub use check::{Violation, check};
pub use model::{MagnetsModel, Tier};
pub use parse::{DIFFICULTIES, draw, format_magnets_id, format_magnets_line, parse_magnets_id};
pub use puzzle::{Counts, Grid, MAX_SIZE, MIN_SIZE, Pole, Puzzle, PuzzleError};
pub use solve::{Solved, count, solve};
