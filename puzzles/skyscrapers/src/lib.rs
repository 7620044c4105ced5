//! Skyscrapers puzzles for Sieve: an N×N grid (N = 1..=16) of buildings of
//! heights `1..=N`, each row and column a permutation (the Latin rule), with
//! clues around the border saying how many buildings are seen from there.
//!
//! The source is a 4×4 solver (SEEDS §001, the "rush" format): one line of 16
//! clues, top, bottom, left, right. This crate reads that line for any N, a
//! clockwise variant and a drawn grid, checks solutions independently, solves
//! by brute force as a reference, enumerates the arrangements of one line (the
//! core of the per-line rule), and draws seeded random Latin squares.
//!
//! ```
//! use sieve_skyscrapers::{check, parse_clues, reference, Grid, Order};
//!
//! // The rush subject's example, in the source's order: top, bottom, left, right.
//! let puzzle = parse_clues("4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2", Order::Source, None)?;
//! let known = Grid::new(4, vec![
//!     1, 2, 3, 4,
//!     2, 3, 4, 1,
//!     3, 4, 1, 2,
//!     4, 1, 2, 3,
//! ])?;
//! assert_eq!(check(&puzzle, &known), Ok(()));
//! assert_eq!(reference::count_solutions(&puzzle, 2), 1);
//! assert_eq!(reference::solve(&puzzle), Some(known.clone()));
//! assert_eq!(known.to_string(), "1 2 3 4\n2 3 4 1\n3 4 1 2\n4 1 2 3\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules, one concern each:
//! - [`puzzle`]: the data ([`Puzzle`], [`Clues`], [`Grid`], [`Side`], [`Line`]);
//! - [`parse`]: the clue line in either [`Order`], the drawn grid, givens,
//!   and formatting back;
//! - [`check`](mod@check): the independent solution checker;
//! - [`lines`]: one line's visible count and its surviving arrangements;
//! - [`reference`](mod@reference): the brute-force oracle;
//! - [`latin`]: seeded random Latin squares for generation.

pub mod check;
pub mod latin;
pub mod lines;
pub mod parse;
pub mod puzzle;
pub mod reference;

pub use check::{Violation, check};
pub use parse::{
    Order, ParseError, format_clues, format_givens, format_grid, format_solution, parse_clues,
    parse_givens, parse_grid, parse_puzzle,
};
pub use puzzle::{Clues, Grid, Line, MAX_SIZE, Puzzle, PuzzleError, Side};
