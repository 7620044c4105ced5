//! Graph rules: connectivity, a single loop or path, forests and sized regions,
//! over the vertices or the edges of a [`Graph`].
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::rules::graph::{Graph, SingleLoop};
//!
//! // The loops along the edges of a 3×3 grid of points: four unit squares, four
//! // 2×1 rectangles, four L shapes and the border.
//! let grid = Graph::grid(3, 3);
//! let mut model = Model::new();
//! let edges = model.new_vars(grid.edges().len(), 2);
//! model.add_rule(SingleLoop::new("loop", grid, edges)?)?;
//! assert_eq!(Search::new(&model, Config::default())?.count(None).solutions, 13);
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! - [`Connected`]: one boolean per vertex, the true vertices form one connected set;
//! - [`ConnectedValues`]: one label per vertex, the vertices of each label form one
//!   connected set (a partition into connected regions);
//! - [`SingleLoop`] and [`SinglePath`]: one boolean per edge, the chosen edges form
//!   one cycle, or one path between two given ends;
//! - [`Acyclic`]: one boolean per edge, the chosen edges form a forest;
//! - [`SizedRegions`]: one size per vertex, the vertices of equal value form regions
//!   of exactly that many vertices (Fillomino).
//!
//! Booleans are variables whose value 1 means true (or chosen) and any other value
//! false, as made by `Model::new_var(2)`; the rules check nothing about the
//! domains. None claims a [`Consistency`](crate::Consistency) level; each is sound,
//! and on a full assignment that breaks it each reports a conflict.

pub mod acyclic;
mod articulation;
pub mod connected;
pub mod connected_values;
mod layers;
pub mod lines;
pub mod sized_regions;
#[cfg(test)]
mod testing;
mod truth;
pub mod undirected;
pub mod union_find;
mod vertex_sets;

pub use acyclic::Acyclic;
pub use connected::Connected;
pub use connected_values::ConnectedValues;
pub use lines::{EdgeCount, SingleLoop, SinglePath};
pub use sized_regions::SizedRegions;
pub use undirected::Graph;
pub use union_find::Fragments;
