//! Nonograms for Sieve, read from Simon Tatham's Pattern game IDs: a grid
//! whose every column and row is clued by the lengths of its runs of filled
//! cells, in order.
//!
//! ```
//! use sieve::{Config, Uniqueness};
//! use sieve_pattern::{check, format_pattern_line, parse_pattern_id, solve};
//!
//! let puzzle = parse_pattern_id("5x5:2/3/1.1/4/2/4/2.1/3/2/1")?;
//! let solved = solve(&puzzle, &Config::default())?;
//! let Uniqueness::Unique(picture) = solved.answer else { panic!("one solution") };
//! assert_eq!(check(&puzzle, &picture), Ok(())); // the independent checker agrees
//! assert_eq!(picture.to_string(), "####.\n##.#.\n.###.\n...##\n....#\n");
//! assert_eq!(format_pattern_line(&picture), "####.##.#..###....##....#");
//! assert_eq!(solved.counters.nodes, 1); // the line rules alone solve it
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`puzzle`] (the data), [`parse`] (game IDs in and out, the
//! one-line answer, a picture), [`model`] (one [`sieve::Regular`] rule a
//! line), [`solve`](mod@solve), [`check`](mod@check) (the independent
//! checker).

pub mod check;
pub mod model;
pub mod parse;
pub mod puzzle;
pub mod solve;

pub use check::{Violation, check};
pub use model::{EMPTY, FILLED, PatternModel};
pub use parse::{draw, format_pattern_id, format_pattern_line, parse_pattern_id};
pub use puzzle::{Line, MAX_SIZE, Picture, Puzzle, PuzzleError, cells_needed, clue_text};
pub use solve::{Solved, count, solve};
