//! The [`Rule`] trait and the cost classes of its actions.

use crate::ids::Value;
use crate::propagation::conflict::Conflict;
use crate::propagation::context::Context;
use crate::propagation::events::Watch;
use crate::propagation::state::Posting;
use crate::repair::moves::{Move, Reaction};

/// How expensive a rule's action is: the `Priority` schedule runs cheaper classes first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Cost {
    /// Constant time, such as a binary constraint.
    Constant = 0,
    /// Linear in the rule's variables.
    #[default]
    Linear = 1,
    /// Quadratic in the rule's variables.
    Quadratic = 2,
    /// Anything heavier (subsets, enumeration of arrangements).
    Expensive = 3,
}

impl Cost {
    /// How many cost classes there are.
    pub const CLASSES: usize = 4;
}

/// A constraint written as condition, action and reaction. See the [module
/// docs](self) for a walk-through.
///
/// Rules are shared between threads and hold no mutable state: everything a run changes
/// lives in the [`Domains`].
pub trait Rule: Send + Sync {
    /// A name people can read, such as `"row 3 all different"`.
    fn name(&self) -> &str;

    /// Every variable the rule reads, with the events that wake it.
    fn watches(&self) -> Vec<Watch>;

    /// The action's cost class, used by the `Priority` schedule.
    fn cost(&self) -> Cost {
        Cost::Linear
    }

    /// Whether running the action twice in a row never changes more than running it
    /// once. An idempotent rule is not woken by its own changes.
    fn idempotent(&self) -> bool {
        false
    }

    /// Ask for reversible state (see [`crate::propagation::state`]): called once, when
    /// the rule is added to a model. The default asks for none.
    fn post(&mut self, _posting: &mut Posting<'_>) {}

    /// Propagation: remove candidates that cannot be part of any solution.
    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict>;

    /// The constraint's meaning on a full assignment (`values[var.index()]`).
    fn holds(&self, values: &[Value]) -> bool;

    /// Repair: the move that corrects a full assignment on which [`Rule::holds`] is
    /// false. `None` means the rule has no corrective move.
    fn repair(&self, _values: &[Value]) -> Option<Move> {
        None
    }

    /// Repair: what to do when the action's result was already visited.
    fn reaction(&self, _values: &[Value]) -> Reaction {
        Reaction::Backtrack
    }
}
