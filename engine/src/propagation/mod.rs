//! Propagation: the rule trait (*condition*, *action* and *reaction*), the context
//! a rule works through, the events that wake it, reversible rule state, and the run
//! loop that takes a model to a fixpoint.
//!
//! # How to write a new rule
//!
//! A rule is a constraint with three parts:
//!
//! - **condition** — when the rule must look. [`Rule::watches`] names the variables it
//!   reads and the [`Events`] on them that wake it. Once the rule holds for every
//!   assignment left, its action says so ([`Context::declare_entailed`]): the rule is
//!   *entailed* and sleeps for the rest of the branch — the engine no longer wakes or
//!   runs it, and the search skips its check on the solutions below. The flag is part
//!   of the state, undone on backtrack. On a full assignment (repair mode) the
//!   condition is [`Rule::holds`].
//! - **action** — the corrective step. In propagation, [`Rule::action`] removes
//!   candidates through a [`Context`], which records the rule, the inference and the
//!   cells involved for every change. In repair, [`Rule::repair`] proposes a [`Move`].
//! - **reaction** — what happens when the action leads nowhere. In search a conflict is
//!   always answered by backtracking; in repair, when the action's result was already
//!   visited, [`Rule::reaction`] decides: [`Reaction::Backtrack`] (the default) or a
//!   move of the rule set's own (the queens rules move the master queen).
//!
//! A rule that needs memory between its runs (running totals, the live tuples of a
//! table) asks for reversible state in [`Rule::post`] ([`state`]): it lives with the
//! domains, so it is restored with them on backtrack and rules stay shared,
//! immutable values. The oracle checks entailment claims like every other claim.
//!
//! Two methods are required besides the name and the watches: `action` and `holds`.
//! `holds` is the rule's meaning on a full assignment; the correctness harness
//! ([`crate::oracle`]) uses it to check that `action` never removes a value that is part
//! of a solution.
//!
//! The example writes `x < y` by hand to show the parts; the library has it, with
//! offsets and the other relations, as [`Compare`](crate::Compare) — look in
//! [`crate::rules`] before writing a rule. [`Watch::all`] builds the usual watch list.
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
//!         Watch::all(&[self.x, self.y], Events::BOUNDS)
//!     }
//!     fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
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
//! model.add_rule(LessThan { x, y })?;
//! assert_eq!(Search::new(&model, Config::default())?.count(None).solutions, 3);
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! # Values, sets and facts
//!
//! A rule reads its variables' candidates as values ([`Domains::contains`],
//! [`Domains::min`], [`Domains::iter`]) or as a [`ValueSet`] ([`Domains::candidates`]),
//! and narrows them through the context by value, by bounds or by set
//! ([`Context::remove`], [`Context::remove_below`], [`Context::retain`]); every
//! domain size works the same way. A rule whose speed is its point may read and
//! narrow a variable's first 64 values as one machine word through [`crate::fast`].
//!
//! Every change says why ([`Why`]): an inference label, a sentence built only when
//! someone reads it, and the facts it rests on ([`Why::because`] with [`Fact`]s such
//! as `x = 3`, `y ≠ 2`, `z ≥ 4`), from which `explain` builds exact chains.
//!
//! [`Domains::contains`]: crate::Domains::contains
//! [`Domains::min`]: crate::Domains::min
//! [`Domains::iter`]: crate::Domains::iter
//! [`Domains::candidates`]: crate::Domains::candidates
//! [`ValueSet`]: crate::ValueSet
//! [`Move`]: crate::Move
//! [`Reaction::Backtrack`]: crate::Reaction::Backtrack
//!
//! # Glossary
//!
//! Sieve's words and the field's:
//!
//! | Sieve | the field (Gecode, Pumpkin, chuffed) |
//! | --- | --- |
//! | rule ([`Rule`]) | propagator |
//! | condition ([`Rule::watches`], [`Context::declare_entailed`]) | subscriptions; subsumption (Gecode's `ES_SUBSUMED`, chuffed's `satisfied` flag) |
//! | action ([`Rule::action`]) | propagate / filtering |
//! | holds ([`Rule::holds`]) | checker |
//! | context ([`Context`]) | propagation context (Pumpkin), space (Gecode) |
//! | reversible state ([`StateInt`], [`StateBitset`]) | trailed integers (Pumpkin), advisors' state (Gecode) |
//! | reaction ([`Rule::reaction`]) | — (repair mode only) |

mod conflict;
mod context;
mod engine;
mod events;
mod queue;
mod rule;
pub(crate) mod shared;
pub mod state;
mod trail;
mod why;

pub use conflict::Conflict;
pub use context::Context;
pub(crate) use engine::{Ending, Engine};
pub use engine::{Fixpoint, Schedule, apply_rule, propagate};
pub use events::{Events, Watch};
pub use rule::{Consistency, Cost, Rule};
pub use state::{Posting, StateBitset, StateInt};
pub use why::{Fact, Sentence, Why};

/// The context's old name.
#[deprecated(note = "renamed `Context`: the field calls the constraint the propagator")]
pub type Propagator<'a> = Context<'a>;
