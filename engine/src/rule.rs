//! The rule trait: *condition*, *action* and *reaction*.
//!
//! # How to write a new rule
//!
//! A rule is a constraint with three parts:
//!
//! - **condition** — when the rule must look. [`Rule::watches`] names the variables it
//!   reads and the [`Events`] on them that wake it; [`Rule::condition`] is a cheap test
//!   of whether the constraint already holds for every assignment left, so a rule that
//!   is satisfied sleeps. On a full assignment (repair mode) the condition is
//!   [`Rule::holds`].
//! - **action** — the corrective step. In propagation, [`Rule::action`] removes
//!   candidates through a [`Propagator`], which records the rule, the inference and the
//!   cells involved for every change. In repair, [`Rule::repair`] proposes a [`Move`].
//! - **reaction** — what happens when the action leads nowhere. In search a conflict is
//!   always answered by backtracking; in repair, when the action's result was already
//!   visited, [`Rule::reaction`] decides: [`Reaction::Backtrack`] (the default) or a
//!   move of the rule set's own (the queens rules move the master queen).
//!
//! An action that leaves nothing which could break its rule may declare it *entailed*
//! ([`Propagator::declare_entailed`]): the search then skips the rule's check on the
//! solutions of that branch. The oracle checks such claims too.
//!
//! Two methods are required besides the name and the watches: `action` and `holds`.
//! `holds` is the rule's meaning on a full assignment; the correctness harness
//! ([`crate::oracle`]) uses it to check that `action` never removes a value that is part
//! of a solution.
//!
//! ```
//! use sieve::prelude::*;
//!
//! /// x < y for two variables.
//! struct LessThan { x: VarId, y: VarId }
//!
//! impl Rule for LessThan {
//!     fn name(&self) -> &str { "less than" }
//!     fn watches(&self) -> Vec<Watch> {
//!         vec![Watch::new(self.x, Events::BOUNDS), Watch::new(self.y, Events::BOUNDS)]
//!     }
//!     fn action(&self, ctx: &mut Propagator<'_>) -> Result<(), Conflict> {
//!         let why = Why::new("bounds");
//!         let y_max = ctx.domains().max(self.y).unwrap_or(0);
//!         if y_max == 0 { return Err(ctx.conflict(&why)); }
//!         ctx.remove_above(self.x, y_max - 1, &why)?;
//!         let x_min = ctx.domains().min(self.x).unwrap_or(0);
//!         ctx.remove_below(self.y, x_min + 1, &why)?;
//!         Ok(())
//!     }
//!     fn holds(&self, values: &[Value]) -> bool {
//!         values[self.x.index()] < values[self.y.index()]
//!     }
//! }
//!
//! let mut model = Model::new();
//! let x = model.new_var(3);
//! let y = model.new_var(3);
//! model.add_rule(LessThan { x, y });
//! assert_eq!(Search::new(&model, Config::default()).unwrap().count(None).solutions, 3);
//! ```

use std::ops::BitOr;

use smallvec::SmallVec;

use crate::domain::{Domains, Value, VarId};
use crate::model::Model;
use crate::propagate::Propagator;

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

/// The kinds of domain change that can wake a rule, as a small set.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Events(u8);

impl Events {
    /// No event: the variable is read but never wakes the rule.
    pub const NONE: Events = Events(0);
    /// The variable has exactly one candidate left.
    pub const ASSIGNED: Events = Events(1);
    /// Any candidate was removed.
    pub const REMOVED: Events = Events(2);
    /// The smallest or largest candidate changed.
    pub const BOUNDS: Events = Events(4);
    /// Every event.
    pub const ANY: Events = Events(7);

    /// Whether the two sets share an event.
    #[inline]
    pub fn intersects(self, other: Events) -> bool {
        self.0 & other.0 != 0
    }
}

impl BitOr for Events {
    type Output = Events;
    fn bitor(self, rhs: Events) -> Events {
        Events(self.0 | rhs.0)
    }
}

/// One variable a rule reads, with the events that wake it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Watch {
    /// The variable.
    pub var: VarId,
    /// The events on it that wake the rule.
    pub events: Events,
}

impl Watch {
    /// Watch `var` for `events`.
    pub fn new(var: VarId, events: Events) -> Self {
        Watch { var, events }
    }
}

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

/// Why a change was made: the provenance every [`Propagator`] change carries.
///
/// The sentence is produced only when an observer asks for explanations, so a rule can
/// describe its reasoning in full without slowing down a run nobody watches.
#[derive(Copy, Clone)]
pub struct Why<'a> {
    /// A short label of the inference, such as `"naked single"`.
    pub inference: &'static str,
    /// The variables whose state led to the change.
    pub cause: &'a [VarId],
    /// A sentence a person can read, made on demand.
    pub text: Option<Sentence<'a>>,
}

/// How a rule writes its sentence: by itself, or with the model's names for variables
/// and values (what generic rules use, since they know neither).
#[derive(Copy, Clone)]
pub enum Sentence<'a> {
    /// The rule writes the whole sentence.
    Plain(&'a dyn Fn() -> String),
    /// The rule writes the sentence from the model's names ([`Model::var_name`],
    /// [`Model::value_label`]).
    Named(&'a dyn Fn(&Model) -> String),
}

impl<'a> Why<'a> {
    /// A reason with only an inference label.
    pub const fn new(inference: &'static str) -> Self {
        Why {
            inference,
            cause: &[],
            text: None,
        }
    }

    /// Add the variables that caused the change.
    pub const fn cause(self, cause: &'a [VarId]) -> Self {
        Why { cause, ..self }
    }

    /// Add a sentence for people, built only when someone reads it.
    pub fn text(self, text: &'a dyn Fn() -> String) -> Self {
        Why {
            text: Some(Sentence::Plain(text)),
            ..self
        }
    }

    /// Add a sentence built from the model's names, only when someone reads it.
    pub fn named_text(self, text: &'a dyn Fn(&Model) -> String) -> Self {
        Why {
            text: Some(Sentence::Named(text)),
            ..self
        }
    }

    /// The sentence, or the inference label when the rule gave none.
    pub fn sentence(&self, model: &Model) -> String {
        match self.text {
            Some(Sentence::Plain(text)) => text(),
            Some(Sentence::Named(text)) => text(model),
            None => self.inference.to_string(),
        }
    }
}

/// A contradiction found by a rule: some variable has no candidate left, or the rule
/// proved that none of the remaining assignments can satisfy it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The rule that found it.
    pub rule: Option<RuleId>,
    /// The variable whose domain became empty, when there is one.
    pub var: Option<VarId>,
    /// The inference that failed.
    pub inference: &'static str,
}

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

    /// A cheap test: `true` when the constraint holds for every assignment the domains
    /// still allow, so the action has nothing to do. The default always looks.
    fn condition(&self, _domains: &Domains) -> bool {
        false
    }

    /// Propagation: remove candidates that cannot be part of any solution.
    fn action(&self, ctx: &mut Propagator<'_>) -> Result<(), Conflict>;

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
