//! Moves of repair mode: new values for a few variables of a full assignment, and
//! what a rule does when its move would revisit a state.
//!
//! ```
//! use sieve::{Move, VarId};
//! let (a, b) = (VarId::from_index(0), VarId::from_index(1));
//! let swap = Move::swap(&[4, 7], a, b);
//! assert_eq!(swap.changes.as_slice(), &[(a, 7), (b, 4)]);
//! ```

use smallvec::SmallVec;

use crate::ids::{Value, VarId};

/// A change to a full assignment in repair mode: new values for a few variables.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Move {
    /// The variables and the values they move to.
    pub changes: SmallVec<[(VarId, Value); 2]>,
}

impl Move {
    /// Move one variable to a value.
    pub fn set(var: VarId, value: Value) -> Self {
        let mut changes = SmallVec::new();
        changes.push((var, value));
        Move { changes }
    }

    /// Exchange the values of two variables of a full assignment.
    pub fn swap(values: &[Value], a: VarId, b: VarId) -> Self {
        let mut changes = SmallVec::new();
        changes.push((a, values[b.index()]));
        changes.push((b, values[a.index()]));
        Move { changes }
    }
}

/// What a rule does when its action leads to a state already visited (repair mode).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Reaction {
    /// Undo the last action that was accepted: the default.
    #[default]
    Backtrack,
    /// Make this move instead.
    Move(Move),
}
