//! Sudoku of any box shape for Sieve: grids, their text forms, an independent
//! checker and solution counter, and generation by the SRMagic and MZ-80B methods.
//!
//! ```
//! use sieve_sudoku::{Grid, check_solution, reference};
//!
//! let puzzle: Grid =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let solution = Grid::parse(
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
//! )?;
//! check_solution(&puzzle, &solution)?;
//! assert_eq!(reference::count_solutions(&puzzle, 2), 1);
//! println!("{}", puzzle.to_block()?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Modules
//! - [`shape`]: box shapes (`3x3`, `2x3`, ... up to 64×64), cells, units, peers;
//! - [`grid`]: the [`Grid`] (0-based values, `None` for a blank) and the
//!   validation of givens;
//! - [`parse`] and [`write`](mod@write): the line, block and numbers forms, and pencil
//!   marks; [`symbols`]: `1`-`9`, `A`-`Z`, `a`-`z`;
//! - [`check`]: an independent solution validator;
//! - [`reference`](mod@reference): an independent, simple solution counter for tests and
//!   uniqueness reports;
//! - [`generate`]: the [`srmagic`](generate::srmagic) and
//!   [`transform`](generate::transform) generators and the [`GeneratedPuzzle`];
//! - [`tiers`]: the explained elimination rules in five [`Tier`]s (naked single,
//!   hidden single, locked candidates, subsets, fish) and the pencil marks after a tier;
//! - [`rate`](mod@rate): a puzzle's difficulty, the hardest tier it needs or how much
//!   guessing;
//! - [`explain`]: hints and worked solutions, one [`Step`] at a time in plain words.

pub mod check;
pub mod explain;
pub mod generate;
pub mod grid;
pub mod model;
pub mod parse;
pub mod play;
pub mod rate;
pub mod reference;
pub mod shape;
pub mod singles;
pub mod solo;
pub mod symbols;
pub mod tiers;
pub mod write;

pub use check::{Violation, check_solution};
pub use explain::{CellChange, ExplainError, Explainer, Path, PathEnd, Step};
pub use generate::{CellReading, GenerateError, GeneratedPuzzle, Uniqueness};
pub use grid::{Conflict, Grid, GridError};
pub use model::{Answer, ModelError, Solver, SudokuModel};
pub use parse::{ParseError, Parsed};
pub use rate::{Difficulty, RateError, Rater, Rating, rate};
pub use shape::{CellPos, Shape, ShapeError, Unit, UnitKind};
pub use tiers::{Contradiction, Tier};
pub use write::{Format, WriteError};
