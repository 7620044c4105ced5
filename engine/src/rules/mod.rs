//! Generic rules that ship with the engine, usable by any rule set.
//!
//! Each has a slow from-scratch checker in its tests, and each is checked for
//! soundness against the brute-force [`crate::oracle`].

mod all_different;
mod each_value;
mod linear;

pub use all_different::AllDifferent;
pub use each_value::EachValueSomewhere;
pub use linear::{LinearSum, Relation};
