//! Cardinality: how many of some variables take a value of a set — exactly, at
//! most, at least `k` ([`Cardinality`]), or, for several values at once, each
//! between its own bounds ([`GlobalCardinality`]). Binairo rows with as many black
//! as white cells, tent counts, light-up numbers, magnets.
//!
//! ```
//! use sieve::prelude::*;
//!
//! // A row of 4 cells over {0, 1} with exactly two 1s: once two cells are 1, the
//! // others are 0.
//! let mut model = Model::new();
//! let row = model.new_vars(4, 2);
//! let ones = ValueSet::single(1);
//! model.add_rule(Cardinality::exactly("row 1", row.clone(), ones, 2)?)?;
//! let mut state = model.domains();
//! state.assign(row[0], 1)?;
//! state.assign(row[2], 1)?;
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert_eq!((state.value(row[1]), state.value(row[3])), (Some(0), Some(0)));
//! assert_eq!(Search::new(&model, Config::default())?.count(None).solutions, 6);
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! # How values are filtered
//!
//! A variable *must* count when all its candidates lie in the set, and *can*
//! count when some do. When the variables that must count reach the upper bound,
//! the set's values leave every other variable (inference `"cardinality full"`);
//! when the variables that can count are just as many as the lower bound, they
//! keep only the set's values (`"cardinality needs all"`); when more must than the
//! upper bound allows, or fewer can than the lower bound asks, it is a conflict.
//! Each variable counts on its own, so this is domain consistent for
//! [`Cardinality`].
//!
//! [`GlobalCardinality`] filters each value so, over and over until nothing moves.
//! That is not the flow-based filter of Régin's global cardinality constraint,
//! which sees how the values compete for the same variables (three variables over
//! {1, 2} cannot give 1 and 2 two each): the rule claims value consistency only,
//! which the per-value counts reach once all variables but one are fixed.
//!
//! Both rules declare themselves entailed once every count holds for every
//! assignment left. Sentences can be a puzzle's own (`wording`).

mod count;
mod global;

use std::ops::RangeInclusive;

use crate::domain::{Value, VarId};
use crate::error::Error;
use crate::names::Names;
use crate::propagation::{Conflict, Consistency, Context, Events, Rule, Watch};
use crate::rules::wording::{Deduction, Wording};
use crate::value_set::ValueSet;

use count::Counted;
pub use global::GlobalCardinality;

/// Between `low` and `high` of the variables take a value of the set; domain
/// consistent (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct Cardinality {
    name: String,
    vars: Vec<VarId>,
    values: ValueSet,
    bounds: RangeInclusive<usize>,
    wording: Wording,
}

impl Cardinality {
    /// Exactly `k` of `vars` take a value of `values`; refuses `k` above the number
    /// of variables.
    pub fn exactly(
        name: impl Into<String>,
        vars: Vec<VarId>,
        values: ValueSet,
        k: usize,
    ) -> Result<Self, Error> {
        Self::between(name, vars, values, k..=k)
    }

    /// At most `k` of `vars` take a value of `values`; refuses `k` above the number
    /// of variables.
    pub fn at_most(
        name: impl Into<String>,
        vars: Vec<VarId>,
        values: ValueSet,
        k: usize,
    ) -> Result<Self, Error> {
        Self::between(name, vars, values, 0..=k)
    }

    /// At least `k` of `vars` take a value of `values`; refuses `k` above the
    /// number of variables.
    pub fn at_least(
        name: impl Into<String>,
        vars: Vec<VarId>,
        values: ValueSet,
        k: usize,
    ) -> Result<Self, Error> {
        let count = vars.len();
        Self::between(name, vars, values, k..=count.max(k))
    }

    /// Between `bounds.start()` and `bounds.end()` of `vars` take a value of
    /// `values`; refuses an empty range and bounds above the number of variables.
    pub fn between(
        name: impl Into<String>,
        vars: Vec<VarId>,
        values: ValueSet,
        bounds: RangeInclusive<usize>,
    ) -> Result<Self, Error> {
        let name = name.into();
        check_bounds(&name, vars.len(), &bounds, "")?;
        Ok(Cardinality {
            name,
            vars,
            values,
            bounds,
            wording: Wording::default(),
        })
    }

    /// Word the rule's changes in a puzzle's own sentences (see [`Wording`]).
    pub fn wording(
        mut self,
        say: impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static,
    ) -> Self {
        self.wording = Wording::new(say);
        self
    }

    /// The variables counted.
    pub fn vars(&self) -> &[VarId] {
        &self.vars
    }

    /// The values that count.
    pub fn values(&self) -> &ValueSet {
        &self.values
    }

    /// How many of the variables may take them, at least and at most.
    pub fn bounds(&self) -> RangeInclusive<usize> {
        self.bounds.clone()
    }
}

/// Refuse bounds no count of `count` variables can meet: an empty range, or a
/// bound above the number of variables. `what` names the value bounded, if any.
fn check_bounds(
    rule: &str,
    count: usize,
    bounds: &RangeInclusive<usize>,
    what: &str,
) -> Result<(), Error> {
    let invalid = |problem: String| Error::InvalidRule {
        rule: rule.to_string(),
        problem,
    };
    let (low, high) = (*bounds.start(), *bounds.end());
    if low > high {
        return Err(invalid(format!(
            "the count{what} must be at least {low} and at most {high}"
        )));
    }
    if high > count {
        return Err(invalid(format!(
            "the count{what} goes up to {high}, but there are only {count} variables"
        )));
    }
    Ok(())
}

/// How many of `vars` take a value `counts` (of the full assignment `values`).
fn occurrences(vars: &[VarId], values: &[Value], counts: impl Fn(Value) -> bool) -> usize {
    vars.iter()
        .filter(|var| counts(values[var.index()]))
        .count()
}

impl Rule for Cardinality {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    fn idempotent(&self) -> bool {
        // A narrowing leaves the count entailed; no narrowing changes nothing.
        true
    }

    fn consistency(&self) -> Consistency {
        Consistency::Domain
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let counted = Counted {
            name: &self.name,
            vars: &self.vars,
            values: &self.values,
            bounds: self.bounds.clone(),
            wording: &self.wording,
        };
        if counted.filter(ctx)?.entailed {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let count = occurrences(&self.vars, values, |value| self.values.contains(value));
        self.bounds.contains(&count)
    }
}

#[cfg(test)]
mod tests;
