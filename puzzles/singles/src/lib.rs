//! Hitori for Sieve, read from Simon Tatham's Singles game IDs: shade cells
//! of a grid of numbers so that no number is unshaded twice in a row or
//! column, no two shaded cells are side by side, and the unshaded cells
//! are all connected.
//!
//! ```
//! use sieve::{Config, Uniqueness};
//! use sieve_singles::{check, format_singles_line, parse_singles_id, solve};
//!
//! let puzzle = parse_singles_id("5x5:5512221453242554512111533")?;
//! let solved = solve(&puzzle, &Config::default())?;
//! let Uniqueness::Unique(shading) = solved.answer else { panic!("one solution") };
//! assert_eq!(check(&puzzle, &shading), Ok(())); // the independent checker agrees
//! assert_eq!(format_singles_line(&shading), ".#.#......#..#...#...#..#");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`puzzle`] (the data), [`parse`] (game IDs in and out, the
//! one-line answer, a picture), [`line`](mod@line) (the automata of a line and
//! of a band), [`line_rule`] (a line's rule), [`connected`](mod@connected) (the
//! unshaded cells connected),
//! [`model`], [`whole`] (every rule of the model without bands in one, for
//! solving), [`solve`](mod@solve), [`check`](mod@check) (the independent
//! checker).

pub mod check;
pub mod connected;
pub mod corner;
pub mod line;
pub mod line_rule;
pub mod model;
pub mod parse;
pub mod puzzle;
pub mod solve;
pub mod whole;

pub use check::{Violation, check};
pub use model::{LINE_STATE_LIMIT, SinglesModel};
pub use parse::{DIFFICULTIES, draw, format_singles_id, format_singles_line, parse_singles_id};
pub use puzzle::{
    Line, MAX_NUMBER, MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError, Shading, largest_number,
};
pub use solve::{Solved, count, solve};
