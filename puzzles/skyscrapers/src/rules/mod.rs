//! The rules, as engine [`sieve::Rule`]s over one variable per cell (value
//! `h − 1` for height `h`). Each change carries an inference label and a
//! sentence a person can read, naming the clue, the cells and the heights.
//!
//! - [`view`]: a clue as a viewpoint, the cells it looks along, nearest first;
//! - [`edge`]: tier 1, clue 1 and clue N;
//! - [`viewpoint`]: tier 2, the source's five viewpoint rules, for any N;
//! - tier 3 uses the engine's [`sieve::AllDifferent`] (a placed height leaves
//!   its row and column) and [`sieve::EachValueSomewhere`] (hidden singles);
//! - [`arrangements`]: tier 4, the per-line rule;
//! - [`clue_check`]: the clues' meaning on a full line, in every tier;
//! - [`placement`]: the solver's extra rule, outside the tiers: each height
//!   once in every row and column, over the whole grid;
//! - [`positions`]: the solver's dual view, outside the tiers: where each
//!   height stands in each row and column, kept in step with the cells.
//!
//! Which rules make up each tier is [`crate::tiers`]' concern.

pub mod arrangements;
pub mod clue_check;
pub mod edge;
pub mod placement;
pub mod positions;
pub mod view;
pub mod viewpoint;

pub use arrangements::LineArrangements;
pub use clue_check::ClueCheck;
pub use edge::EdgeRule;
pub use placement::HeightPlacement;
pub use positions::{PositionPlacement, Positions};
pub use view::View;
pub use viewpoint::{HiddenCount, NearCellsBound, OneFacingTwo, RisingToTallest, TallestNotCloser};
