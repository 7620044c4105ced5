//! Magic squares: the SRMagic constructions and its visible-cell puzzle.
//!
//! ```
//! use sieve_magic::{construct, magic_constant, Method};
//!
//! // Order 5 is odd, so it is built by the siamese method, as SRMagic does.
//! assert_eq!(Method::for_order(5)?, Method::Siamese);
//! let square = construct(5)?;
//! assert_eq!(square.row(0), Some(&[17, 24, 1, 8, 15][..]));
//!
//! // Every row, column and diagonal sums to 5 · (25 + 1) / 2 = 65.
//! assert_eq!(magic_constant(5), 65);
//! square.verify()?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Completing and counting run the engine on a rule set (all different, one
//! sum rule per line), and every square they return is checked by
//! [`Square::verify`]:
//!
//! ```
//! use sieve::Config;
//! use sieve_magic::{MagicModel, PartialSquare, parse_partial};
//!
//! // The siamese square of order 3 with five cells hidden.
//! let partial = parse_partial("8 . 6\n. 5 .\n4 . .")?;
//! let magic = MagicModel::new(3)?;
//! let completion = magic.complete(&partial, &Config::default(), None)?;
//! let square = completion.square.expect("it completes");
//! assert_eq!(square.to_string(), "8 1 6\n3 5 7\n4 9 2");
//!
//! // All 7,040 squares of order 4, with the search's statistics.
//! let empty = PartialSquare::empty(4)?;
//! let counted = MagicModel::new(4)?.count(&empty, None, &Config::default(), None)?;
//! assert_eq!(counted.count.solutions, 7040);
//! println!("{} nodes, {} propagations", counted.counters.nodes, counted.counters.propagations);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The crate follows SRMagic, a Spanish magic-square and sudoku generator that builds
//! odd-order magic squares by the siamese method and lets a player uncover
//! them cell by cell, and extends it to every order:
//!
//! - [`square`]: [`Square`], [`magic_constant`] and [`Square::verify`], whose
//!   error [`NotMagic`] names the failing row, column or diagonal and its sum;
//! - [`partial`]: [`PartialSquare`], a square with unknown cells
//!   (`Vec<Option<u32>>`), the input a solver completes;
//! - [`construct`](mod@construct): a normal magic square of every order
//!   except 2 — siamese (odd), complemented diagonals (multiple of 4), LUX
//!   (`4m + 2`);
//! - [`text`]: reading and writing squares (`0` or `.` for unknown cells),
//!   with errors that give line, column and token;
//! - [`puzzle`]: the SRMagic puzzle mode — visible cells chosen by seeded
//!   random visibility plus the source's refinement rules, and the service
//!   API (counts, visible sums per row and column, reveal / hide, reading
//!   cells in the source's order);
//! - [`random`]: the source's random helpers on a seeded generator;
//! - [`solve`](mod@solve): the rule set over the Sieve engine ([`MagicModel`],
//!   [`Rules`]): complete a partial square, enumerate or count its
//!   completions, with the engine's counters and observers;
//! - the lines use the engine's [`DistinctSum`] (re-exported here): a line of
//!   different values with a fixed sum, pruned to domain consistency, in this
//!   crate's words ([`solve::line_wording`]).
//!
//! ```
//! use sieve_magic::{Puzzle, PuzzleOptions};
//!
//! let options = PuzzleOptions { hidden: Some(5), ..PuzzleOptions::default() };
//! let mut puzzle = Puzzle::generate_for_order(3, &options, 2024)?;
//! assert_eq!(puzzle.hidden_count(), 5);
//! let hidden = puzzle.hidden_cell(puzzle.visible_count()).expect("a hidden cell");
//! puzzle.reveal(hidden.row, hidden.column)?;
//! assert_eq!(puzzle.hidden_count(), 4);
//! println!("{puzzle}");
//! # Ok::<(), sieve_magic::PuzzleError>(())
//! ```

pub mod construct;
pub mod partial;
pub mod puzzle;
pub mod random;
mod refine;
pub mod solve;
pub mod square;
pub mod text;

pub use construct::{ConstructError, Method, construct, doubly_even, lux, siamese};
pub use partial::PartialSquare;
pub use puzzle::{Cell, Puzzle, PuzzleError, PuzzleOptions};
pub use sieve::DistinctSum;
pub use solve::{Completion, Counted, MagicModel, Rules, SolveError};
pub use square::{GridError, MAX_ORDER, NotMagic, Position, Square, magic_constant};
pub use text::{ParseError, parse_partial, parse_square};
