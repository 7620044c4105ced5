//! Binairo for Sieve, read from Simon Tatham's Unruly game IDs: fill a grid
//! with 1s and 0s so that every row and column holds as many of each and
//! never three alike in a row, and, in his unique-rows mode, no two rows
//! and no two columns are the same.
//!
//! ```
//! use sieve::{Config, Uniqueness};
//! use sieve_unruly::{check, format_unruly_line, parse_unruly_id, solve};
//!
//! let puzzle = parse_unruly_id("6x6:BBDECbdbcFAba")?;
//! let solved = solve(&puzzle, &Config::default())?;
//! let Uniqueness::Unique(grid) = solved.answer else { panic!("one solution") };
//! assert_eq!(check(&puzzle, &grid), Ok(())); // the independent checker agrees
//! assert_eq!(format_unruly_line(&grid), "010101010011101100101010010011101100");
//! assert_eq!(solved.counters.nodes, 1); // the line rules alone solve it
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`puzzle`] (the data), [`parse`] (game IDs in and out, the
//! one-line answer, a picture), [`line`](mod@line) (the automaton of a line),
//! [`balanced`] (a line's rule, read a word at a time),
//! [`distinct`] (the unique mode's rule), [`model`], [`solve`](mod@solve),
//! [`check`](mod@check) (the independent checker).

pub mod balanced;
pub mod check;
pub mod distinct;
pub mod line;
pub mod model;
pub mod parse;
pub mod puzzle;
pub mod solve;

pub use balanced::BalancedLine;
pub use check::{Violation, check};
pub use distinct::DifferentLines;
pub use model::UnrulyModel;
pub use parse::{DIFFICULTIES, draw, format_unruly_id, format_unruly_line, parse_unruly_id};
pub use puzzle::{Grid, Line, MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError};
pub use solve::{Solved, count, solve};
