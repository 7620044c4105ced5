//! Spiral galaxies for Sieve, read from Simon Tatham's Galaxies game IDs:
//! divide the grid into regions, one for each dot, each connected and
//! symmetric by a half turn about its dot (a dot sits on a cell's centre, an
//! edge's midpoint or a corner).
//!
//! ```
//! use sieve::{Config, Uniqueness};
//! use sieve_galaxies::{check, format_galaxies_line, parse_galaxies_id, solve};
//!
//! let puzzle = parse_galaxies_id("5x5dn:ecqnwb")?;
//! let solved = solve(&puzzle, &Config::default())?;
//! let Uniqueness::Unique(galaxies) = solved.answer else { panic!("one solution") };
//! assert_eq!(check(&puzzle, &galaxies), Ok(())); // the independent checker agrees
//! // Each cell's dot, numbered row by row on the grid of half cells.
//! assert_eq!(format_galaxies_line(&galaxies), "3301133222333445334453344");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`puzzle`] (the data: dots on the grid of half cells), [`parse`]
//! (game IDs in and out, the one-line answer, a picture), [`symmetry`] (the
//! half-turn rule), [`model`] (the cells, symmetry and connected regions),
//! [`solve`](mod@solve), [`check`](mod@check) (the independent checker).

pub mod check;
pub mod model;
pub mod parse;
pub mod puzzle;
pub mod solve;
pub mod symmetry;

pub use check::{Violation, check};
pub use model::GalaxiesModel;
pub use parse::{DIFFICULTIES, draw, format_galaxies_id, format_galaxies_line, parse_galaxies_id};
pub use puzzle::{Dot, Galaxies, MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError};
pub use solve::{Solved, count, solve};
