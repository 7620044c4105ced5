//! The [`Rule`] trait, the cost classes of its actions and the consistency they claim.

use std::fmt;

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

/// The strength a rule's action claims once it has run to its own fixpoint (repeated
/// until a run changes nothing). The oracle ([`crate::oracle::check_rule`]) checks the
/// claim by brute force over the rule's scope (the variables of [`Rule::watches`]).
///
/// A *support* of a value `v` of a variable `x` is an assignment of the scope, with
/// `x = v`, on which [`Rule::holds`] is true; what the other variables may take
/// depends on the level. Each level implies the ones above it in this list.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Consistency {
    /// No claim (the default): the action removes only values without a solution, of
    /// no stated strength.
    #[default]
    Unspecified,
    /// Value consistency (forward checking): once every other variable of the scope
    /// is fixed, every candidate left of the last one has a support.
    Value,
    /// Bounds(Z) consistency: the smallest and the largest candidate of every
    /// variable of the scope have a support in which every other variable takes an
    /// integer between its own smallest and largest candidate (holes count as values).
    /// The weakest of the bounds consistencies usual in the field; bounds(D), whose
    /// supports avoid holes, implies it, and so does domain consistency.
    Bounds,
    /// Domain consistency (generalised arc consistency): every candidate left in every
    /// variable of the scope has a support in which every other variable takes one of
    /// its own candidates.
    Domain,
}

impl fmt::Display for Consistency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Consistency::Unspecified => "no stated consistency",
            Consistency::Value => "value consistency",
            Consistency::Bounds => "bounds(Z) consistency",
            Consistency::Domain => "domain consistency",
        })
    }
}

/// A constraint written as condition, action and reaction. See the [module
/// docs](self) for a walk-through.
///
/// Rules are shared between threads and hold no mutable state: everything a run changes
/// lives in the [`Domains`].
pub trait Rule: Send + Sync {
    /// A name people can read, such as `"row 3 all different"`.
    fn name(&self) -> &str;

    /// What kind of rule this is, for profiles that add up the rules of a kind
    /// (`AllDifferent`, `Table`): by default the type's own name.
    fn kind(&self) -> &'static str {
        let path = std::any::type_name::<Self>();
        let generic = path.find('<').unwrap_or(path.len());
        let start = path[..generic].rfind("::").map_or(0, |at| at + 2);
        &path[start..]
    }

    /// Every variable the rule reads, with the events that wake it: read once,
    /// when the rule is added to a model (before [`Rule::post`], which must not
    /// change it).
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

    /// Whether the rule is sound and quick on interval variables (see
    /// [`crate::domain`]): it reasons on bounds, or walks only small domains,
    /// and never reads an interval value by value or builds a set of it. A
    /// model refuses a rule that watches an interval unless this is `true`
    /// (the default is `false`: most rules read candidates one by one, which
    /// an interval of a billion values would make a hang).
    fn handles_intervals(&self) -> bool {
        false
    }

    /// Ask for reversible state (see [`crate::propagation::state`]) and check the
    /// rule's parts against the variables' ranges (`Posting::range`): called once,
    /// when the rule is added to a model, whose `add_rule` returns the error. The
    /// default asks for nothing and accepts. A rule that wraps another forwards this
    /// call, or the inner rule runs without its state.
    fn post(&mut self, _posting: &mut Posting<'_>) -> Result<(), crate::Error> {
        Ok(())
    }

    /// The strength the action reaches at its own fixpoint; the oracle checks the
    /// claim. The default claims nothing.
    fn consistency(&self) -> Consistency {
        Consistency::Unspecified
    }

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
