//! Generic rules that ship with the engine, usable by any rule set.
//!
//! - [`AllDifferent`]: values pairwise different, optionally after offsets, at a
//!   chosen [`Consistency`](crate::Consistency) (value, bounds or Régin's domain filter);
//! - [`EachValueSomewhere`]: each of some values is taken somewhere (hidden singles);
//! - [`LinearSum`]: a weighted sum against a constant, by bounds;
//! - [`DistinctSum`]: different values with a fixed sum (killer cages, kakuro runs,
//!   magic lines), domain consistent;
//! - [`Compare`]: `x + c` against `y` by `<`, `≤`, `=` or `≠`;
//! - [`Distance`]: `|x − y|` equal to or different from `d`, domain consistent;
//! - [`Cardinality`], [`GlobalCardinality`]: how many variables take some values;
//! - [`Regular`]: a sequence accepted by an [`Automaton`] (nonogram lines), domain consistent;
//! - [`graph`]: [`Connected`], [`ConnectedValues`], [`SingleLoop`], [`SinglePath`],
//!   [`Acyclic`], [`SizedRegions`] on a [`Graph`];
//! - [`Circuit`]: successor variables forming one Hamiltonian circuit (no sub-tour);
//! - [`Table`]: allowed tuples (cages, any small relation), domain consistent;
//! - [`Element`]: `array[index] = value` over variables or constants;
//! - [`ReifiedLinear`]: a linear test (`=`, `≠`, `≤`, `≥`), alone or tied to a
//!   boolean (`b ⇔ test`, `b ⇒ test`), by bounds;
//! - [`Arithmetic`]: `z = x × y`, `div`, `mod`, `min`, `max`, `|x|`, `x^y`.
//!
//! Each has a slow from-scratch checker or the brute-force [`crate::oracle`] in its
//! tests, and each words its changes in general terms that a puzzle can replace by
//! its own ([`Wording`]). The bipartite matching behind the domain filter is public
//! ([`matching`]) for rules over other graphs of the same kind.

pub mod all_different;
pub mod arithmetic;
pub mod cardinality;
pub mod circuit;
pub mod compare;
pub mod distance;
pub mod distinct_sum;
pub mod each_value;
pub mod element;
pub mod graph;
pub mod linear;
pub mod matching;
pub mod probing;
pub mod regular;
pub mod reified;
pub mod table;
#[cfg(test)]
mod testing;
pub mod wording;

pub use all_different::AllDifferent;
pub use arithmetic::{Arithmetic, Operation};
pub use cardinality::{Cardinality, GlobalCardinality};
pub use circuit::Circuit;
pub use compare::{Compare, Comparison};
pub use distance::{Distance, DistanceRelation};
pub use distinct_sum::DistinctSum;
pub use each_value::EachValueSomewhere;
pub use element::Element;
pub use graph::{
    Acyclic, Connected, ConnectedValues, EdgeCount, Graph, SingleLoop, SinglePath, SizedRegions,
};
pub use linear::{LinearSum, Relation};
pub use probing::Probing;
pub use regular::{Automaton, Regular};
pub use reified::{LinearTest, Reification, ReifiedLinear};
pub use table::Table;
pub use wording::{Deduction, Wording};
