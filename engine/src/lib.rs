//! # Sieve: a generic constraint-propagation engine
//!
//! Variables have **bitset domains** (the values still possible). **Rules** are
//! written as *condition*, *action* and *reaction*: the condition says when a rule must
//! look, the action removes candidates (or, in repair mode, moves a value), and the
//! reaction says what to do when the action leads nowhere. Rule sets run three ways:
//! **propagate** to a fixpoint under a chosen [`Schedule`], **search** with chosen
//! variable and value orders and [`Restore`] strategy, or **repair** a full assignment
//! with a [`StateMemory`] that refuses to revisit states.
//!
//! ```
//! use sieve::prelude::*;
//!
//! // SEND-free warm-up: three variables 0..3, all different, and x0 + x1 == 3.
//! let mut model = Model::new();
//! let x = model.new_vars(3, 3);
//! model.add_rule(AllDifferent::new("all different", x.clone()))?;
//! model.add_rule(LinearSum::sum_equals("x0 + x1", &x[..2], 3))?;
//!
//! let mut search = Search::new(&model, Config::default())?;
//! let first = search.next_solution().expect("a solution");
//! assert_eq!(first.values[0] + first.values[1], 3);
//! assert_eq!(first.values[2], 0);
//! assert_eq!(search.count_in_place(None).solutions, 1); // one more: x0 and x1 swapped
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! A long search splits into independent parts ([`split`]): the subtrees below
//! its own first decisions, numbered alike on every machine, so that shards of a
//! count run anywhere and add up to the count of one search.
//!
//! Writing a new rule is one trait, [`Rule`]; its module docs walk through it.
//! Every change a rule makes carries its provenance ([`Why`]): the inference, the
//! variables that caused it and a sentence for people, produced only when an
//! [`Observer`] asks for it.

pub mod branch;
pub mod domain;
pub mod error;
pub mod fast;
pub mod hash;
pub mod ids;
mod interval;
pub mod matrix;
pub mod model;
pub mod names;
pub mod observe;
pub mod oracle;
pub mod propagation;
pub mod provenance;
pub mod repair;
pub mod rules;
pub mod search;
pub mod split;
mod summary;
pub mod trace;
pub mod value_set;

pub use domain::{Candidates, Domains};
pub use error::Error;
pub use ids::{RuleId, Value, VarId};
pub use matrix::{
    BrancherFactory, Disagreement, MatrixError, MatrixOptions, MatrixReport, Strategy, Subject,
    TreeKey, run_matrix,
};
pub use model::Model;
pub use names::Names;
pub use observe::{Both, Change, Event, Flow, Observer, RuleStats, Stats};
#[allow(deprecated)]
pub use propagation::Propagator;
pub use propagation::{
    Conflict, Consistency, Context, Cost, Events, Fact, Fixpoint, Posting, Rule, Schedule,
    Sentence, StateBitset, StateInt, Watch, Why, apply_rule, propagate,
};
pub use provenance::{Provenance, Record};
pub use repair::memory::{StateMemory, Step, StepKind};
pub use repair::moves::{Move, Reaction};
pub use repair::{ModelRepair, Repair, RepairConfig, RepairEnd, RepairProblem, RepairReport};
pub use rules::{
    Acyclic, AllDifferent, Automaton, Cardinality, Circuit, Compare, Comparison, Connected,
    Deduction, Distance, DistanceRelation, DistinctSum, EachValueSomewhere, Element,
    GlobalCardinality, Graph, LinearSum, Probing, Regular, Relation, SingleLoop, SinglePath, Table,
    Wording,
};
pub use search::{
    Config, Count, Counters, Objective, Optimum, Restore, Search, Solution, StopReason, Uniqueness,
    ValueOrder, VarOrder,
};
pub use trace::{JsonTrace, TextTrace, TraceDocument, TraceEvent, TraceFact};
pub use value_set::ValueSet;

/// The README's examples, run as doctests so that they stay true.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The guide's examples, run as doctests so that they stay true.
#[doc = include_str!("../../docs/guide.md")]
#[cfg(doctest)]
pub struct GuideDoctests;

/// Everything a rule set needs, in one import.
pub mod prelude {
    pub use crate::{
        Acyclic, AllDifferent, Automaton, Cardinality, Circuit, Compare, Comparison, Config,
        Conflict, Connected, Consistency, Context, Cost, Count, Counters, Deduction, Distance,
        DistanceRelation, DistinctSum, Domains, EachValueSomewhere, Element, Error, Events, Fact,
        Fixpoint, GlobalCardinality, Graph, LinearSum, Model, Move, Names, Objective, Observer,
        Optimum, Probing, Reaction, Regular, Relation, Restore, Rule, RuleId, Schedule, Search,
        SingleLoop, SinglePath, Solution, Stats, StopReason, Table, Uniqueness, Value, ValueOrder,
        ValueSet, VarId, VarOrder, Watch, Why, propagate,
    };
}
