//! Skyscrapers puzzles for Sieve: an N×N grid (N = 1..=16) of buildings of
//! heights `1..=N`, each row and column a permutation (the Latin rule), with
//! clues around the border saying how many buildings are seen from there.
//!
//! The puzzle is a model over the Sieve engine: one variable per cell, named
//! `r1c1`…, whose values `0..N` stand for the heights `1..=N`, and rules in
//! four tiers (edge, viewpoint, Latin, lines). Propagation runs the tiers to a
//! fixpoint, and search guesses only when they are not enough:
//!
//! ```
//! use sieve::{Config, Uniqueness};
//! use sieve_skyscrapers::{SkyscrapersModel, Tier, check, parse_clues, Order};
//!
//! // The source's format: 16 clues, top, bottom, left, right; 0 is no clue.
//! let puzzle = parse_clues("0 3 0 0 2 0 0 1 2 0 0 0 0 4 0 0", Order::Source, None)?;
//! let model = SkyscrapersModel::new(&puzzle, Tier::Lines)?;
//! let mut search = model.search(Config::default())?;
//! let Uniqueness::Unique(solution) = search.uniqueness() else {
//!     panic!("the puzzle has one solution");
//! };
//! let grid = model.grid_of_values(&solution.values);
//! assert_eq!(check(&puzzle, &grid), Ok(())); // the independent checker agrees
//! print!("{grid}"); // four lines of space-separated heights
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The source is a 4×4 solver (SEEDS §001, the "rush" format): one line of 16
//! clues, top, bottom, left, right; its edge rules, five viewpoint rules and
//! Latin elimination are the first three tiers here, for any N.
//!
//! Modules, one concern each:
//! - [`puzzle`]: the data ([`Puzzle`], [`Clues`], [`Grid`], [`Side`], [`Line`]);
//! - [`parse`]: the clue line in either [`Order`], the drawn grid, givens,
//!   one puzzle a line, and formatting back;
//! - [`check`](mod@check): the independent solution checker;
//! - [`lines`]: one line's visible count and its surviving arrangements;
//! - [`rules`]: the engine rules, each change with a sentence for people;
//! - [`tiers`]: which rules make up each [`Tier`];
//! - [`model`]: a puzzle as an engine model ([`SkyscrapersModel`]);
//! - [`solve`](mod@solve): solving and counting with search;
//! - [`rate`](mod@rate): the lowest tier that solves a puzzle, or guessing;
//! - [`generate`](mod@generate): unique puzzles by tier, seeded;
//! - [`reference`](mod@reference): the brute-force oracle;
//! - [`latin`]: seeded random Latin squares for generation.

pub mod check;
pub mod generate;
pub mod latin;
pub mod lines;
pub mod model;
pub mod parse;
pub mod puzzle;
pub mod rate;
pub mod reference;
pub mod rules;
pub mod solve;
pub mod tiers;

pub use check::{Violation, check};
pub use generate::{
    GenerateError, GenerateOptions, Generated, Target, generate, generate_many, puzzle_seeds,
};
pub use model::{ModelError, SkyscrapersModel};
pub use parse::{
    Order, ParseError, format_clues, format_givens, format_grid, format_puzzle_line,
    format_solution, format_towers_id, format_towers_line, parse_clues, parse_givens, parse_grid,
    parse_puzzle, parse_puzzle_line, parse_towers_id,
};
pub use puzzle::{Clues, Grid, Line, MAX_SIZE, Puzzle, PuzzleError, Side};
pub use rate::{Difficulty, RateError, Rating, rate};
pub use solve::{Answer, Solved, count, solve};
pub use tiers::Tier;
