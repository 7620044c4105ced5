//! Light Up (Akari) for Sieve, read from Simon Tatham's Light Up game IDs:
//! put lights on empty squares so that every empty square is lit (a light
//! lights its row and column until a wall), no light lights another, and
//! each numbered wall has that many lights on its four sides.
//!
//! ```
//! use sieve::Config;
//! use sieve::Uniqueness;
//! use sieve_lightup::{check, format_lightup_line, parse_lightup_id, solve};
//!
//! let puzzle = parse_lightup_id("5x5:a0gBe0g3a")?;
//! let solved = solve(&puzzle, &Config::default())?;
//! let Uniqueness::Unique(grid) = solved.answer else { panic!("one solution") };
//! assert_eq!(check(&puzzle, &grid), Ok(())); // the independent checker agrees
//! assert_eq!(format_lightup_line(&grid), ".#..LL...#.L...#..L...L#L");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`puzzle`] (the data), [`parse`] (game IDs in and out, the
//! one-line answer, a picture), [`model`] (a light variable per empty
//! square, counts over segments and numbers, and the shadows rule, with
//! which propagation alone solves Tatham's easy and tricky puzzles),
//! [`solve`](mod@solve), [`check`](mod@check) (the independent checker).

pub mod check;
pub mod model;
pub mod parse;
pub mod puzzle;
pub mod solve;

pub use check::{Violation, check};
pub use model::{LightUpModel, Shadows, Tier};
pub use parse::{DIFFICULTIES, draw, format_lightup_id, format_lightup_line, parse_lightup_id};
pub use puzzle::{Cell, Grid, MAX_CLUE, MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError, Square};
pub use solve::{Solved, count, solve};
