//! The identities everything else refers to: values, variables and rules.
//!
//! A leaf of the crate: it depends on nothing else in it.
//!
//! ```
//! use sieve::{RuleId, VarId};
//! let var = VarId::from_index(3);
//! assert_eq!(var.index(), 3);
//! assert_eq!(var.to_string(), "x3");
//! assert_eq!(RuleId::first().index(), 0);
//! ```

use std::fmt;

/// A value of a variable's domain, in the range the variable was declared with:
/// `0..size` by [`crate::Model::new_var`], its own by [`crate::Model::new_var_in`].
pub type Value = i32;

/// Identifies a variable of a [`crate::Model`]; its index is the order of creation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VarId(pub(crate) u32);

impl VarId {
    /// The variable's position in creation order, usable as an index.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The variable at position `index` (no check that the model has it).
    pub fn from_index(index: usize) -> Self {
        VarId(index as u32)
    }
}

impl fmt::Display for VarId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x{}", self.0)
    }
}

/// Identifies a rule of a [`crate::Model`], in the order rules were added.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RuleId(pub(crate) u32);

impl RuleId {
    /// The first rule added to a model.
    pub const fn first() -> Self {
        RuleId(0)
    }

    /// The rule at position `index` (no check that the model has it).
    pub fn from_index(index: usize) -> Self {
        RuleId(index as u32)
    }

    /// The rule's position in the model, usable as an index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
