//! Simon Tatham's Solo: sudoku of any box shape, with his jigsaw (irregular
//! blocks), X (both diagonals all different) and killer (cages with sums)
//! variants and their combinations, read from his game IDs.
//!
//! Values here are the numbers themselves, `1..=N`, as the IDs write them.
//! The rest of the crate ([`crate::Grid`]) keeps values 0-based; the one place
//! that converts is [`solve`](mod@solve) (`to_sudoku_grid` and `from_sudoku_grid`), for a
//! plain puzzle that runs on the crate's fast [`crate::SudokuModel`].
//!
//! ```
//! use sieve::Config;
//! use sieve_sudoku::solo::{SoloAnswer, check_solo, format_solo_line, parse_solo_id, solve_solo};
//!
//! let puzzle = parse_solo_id("2x3:4b3b3b1c5a2d4a6c3b2b1b3")?;
//! let solved = solve_solo(&puzzle, &Config::default())?;
//! let SoloAnswer::Unique(grid) = solved.answer else { panic!("one solution") };
//! assert_eq!(check_solo(&puzzle, &grid), Ok(())); // the independent checker agrees
//! assert_eq!(format_solo_line(&grid), "415326362145156234234561543612621453");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`puzzle`] (the data), [`parse`] (game IDs in, the one-line
//! answer, a picture), [`model`] (the rule set of a variant),
//! [`solve`](mod@solve), [`check`](mod@check) (the independent checker).

pub mod check;
pub mod model;
pub mod parse;
pub mod puzzle;
pub mod solve;

pub use check::{SoloViolation, check_solo};
pub use model::SoloModel;
pub use parse::{draw_solo, format_solo_id, format_solo_line, parse_solo_id};
pub use puzzle::{Cage, SoloGrid, SoloPuzzle};
pub use solve::{SoloAnswer, SoloSolved, count_solo, solve_solo};
