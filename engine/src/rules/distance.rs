//! `|x − y| = d` or `|x − y| ≠ d` for two variables, domain consistent: for
//! instance Futoshiki's adjacent mode, where a bar between two cells means their
//! values differ by exactly one and no bar means they do not.
//!
//! Neither relation is a [`Compare`](crate::rules::Compare): `|x − y| = d`
//! is "x + d = y or y + d = x", and `|x − y| ≠ d` is "x + d ≠ y and y + d ≠
//! x", which two `Compare(≠)` rules would state but only prune once a side is
//! fixed. This rule keeps, at its fixpoint, exactly the values with a
//! support on the other side:
//!
//! - `= d` (inference `"distance"`): a value `v` of x stays while y still
//!   has `v − d` or `v + d`;
//! - `≠ d` (inference `"not distance"`): a value `v` of x goes only when
//!   every value left to y is `v − d` or `v + d`, which happens when y is
//!   fixed, or when y has just the two values `v − d` and `v + d`.
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::rules::{Distance, DistanceRelation};
//!
//! let mut model = Model::new();
//! let x = model.new_var_in(1..=5)?;
//! let y = model.new_var_in(1..=5)?;
//! model.add_rule(Distance::new("bar", x, DistanceRelation::Is, 1, y))?;
//! model.fix(y, 1)?;
//! let mut state = model.domains();
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert_eq!(state.value(x), Some(2));
//! # Ok::<(), sieve::Error>(())
//! ```

use crate::domain::{Value, VarId};
use crate::names::Names;
use crate::propagation::{Conflict, Consistency, Context, Cost, Events, Fact, Rule, Watch, Why};
use crate::rules::wording::{Deduction, Wording};

/// Whether the distance between the two values must be `d` or must not be.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DistanceRelation {
    /// `|x − y| = d`.
    Is,
    /// `|x − y| ≠ d`.
    IsNot,
}

impl DistanceRelation {
    fn sign(self) -> &'static str {
        match self {
            DistanceRelation::Is => "=",
            DistanceRelation::IsNot => "≠",
        }
    }
}

/// `|x − y| = d` or `|x − y| ≠ d` (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct Distance {
    name: String,
    x: VarId,
    y: VarId,
    relation: DistanceRelation,
    distance: i64,
    wording: Wording,
}

impl Distance {
    /// `|x − y| (relation) distance`. A negative distance is read as its
    /// absolute value; one beyond 2^33 as 2^33 (the same meaning for `i32`
    /// values).
    pub fn new(
        name: impl Into<String>,
        x: VarId,
        relation: DistanceRelation,
        distance: i64,
        y: VarId,
    ) -> Self {
        Distance {
            name: name.into(),
            x,
            y,
            relation,
            // Two `i32` values are never more than 2^32 apart: a larger distance
            // means what 2^33 means, and is kept there so no sum overflows.
            distance: distance.unsigned_abs().min(1 << 33) as i64,
            wording: Wording::default(),
        }
    }

    /// Word the rule's changes in a puzzle's own sentences (see [`Wording`]).
    pub fn wording(
        mut self,
        say: impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static,
    ) -> Self {
        self.wording = Wording::new(say);
        self
    }

    /// The two values at distance d from `value`, those a `Value` can hold.
    fn partners(&self, value: Value) -> impl Iterator<Item = Value> {
        let centre = i64::from(value);
        [centre - self.distance, centre + self.distance]
            .into_iter()
            .filter_map(|partner| Value::try_from(partner).ok())
    }

    /// Removes `value` from `var` (whose partner variable is `other`) for
    /// `facts`, with the sentence.
    fn remove(
        &self,
        ctx: &mut Context<'_>,
        inference: &'static str,
        (var, value, other): (VarId, Value, VarId),
        facts: &[Fact],
    ) -> Result<bool, Conflict> {
        let deduction = Deduction {
            inference,
            var,
            value: Some(value),
            facts,
        };
        let text = |names: &Names| {
            let default = |names: &Names| {
                let known: Vec<String> = facts.iter().map(|fact| fact.describe(names)).collect();
                format!(
                    "|{} − {}| {} {} and {}, so {}",
                    names.var_name(self.x),
                    names.var_name(self.y),
                    self.relation.sign(),
                    self.distance,
                    known.join(", "),
                    Fact::IsNot(var, value).describe(names)
                )
            };
            self.wording.sentence(names, &deduction, default)
        };
        let cause = [other];
        let why = Why::new(inference)
            .cause(&cause)
            .because(facts)
            .named_text(&text);
        ctx.remove(var, value, &why)
    }

    /// `= d`: each value of `var` keeps a partner in `other`.
    fn keep_partnered(
        &self,
        ctx: &mut Context<'_>,
        var: VarId,
        other: VarId,
    ) -> Result<bool, Conflict> {
        let lost: Vec<Value> = ctx
            .domains()
            .iter(var)
            .filter(|&value| {
                !self
                    .partners(value)
                    .any(|partner| ctx.domains().contains(other, partner))
            })
            .collect();
        let mut changed = false;
        for value in lost {
            let facts: Vec<Fact> = self
                .partners(value)
                .map(|partner| Fact::IsNot(other, partner))
                .collect();
            changed |= self.remove(ctx, "distance", (var, value, other), &facts)?;
        }
        Ok(changed)
    }

    /// `≠ d`: a value of `var` goes when every value of `other` is one of its
    /// two partners.
    fn drop_cornered(
        &self,
        ctx: &mut Context<'_>,
        var: VarId,
        other: VarId,
    ) -> Result<bool, Conflict> {
        let domains = ctx.domains();
        let (Some(low), Some(high)) = (domains.min(other), domains.max(other)) else {
            return Err(ctx.conflict(&Why::new("not distance")));
        };
        let count = domains.count(other);
        // The value of var whose partners are all of other's values, if any.
        let (target, facts) = if count == 1 {
            // Both partners of the fixed value go.
            let mut changed = false;
            let facts = [Fact::Is(other, low)];
            for value in self.partners(low).collect::<Vec<_>>() {
                if ctx.domains().contains(var, value) {
                    changed |= self.remove(ctx, "not distance", (var, value, other), &facts)?;
                }
            }
            return Ok(changed);
        } else if count == 2 && i64::from(high) - i64::from(low) == 2 * self.distance {
            let middle = i64::from(low) + self.distance;
            let mut facts = vec![Fact::AtLeast(other, low), Fact::AtMost(other, high)];
            facts.extend(
                (low + 1..high)
                    .filter(|&between| between as i64 != middle)
                    .map(|between| Fact::IsNot(other, between)),
            );
            (Value::try_from(middle).ok(), facts)
        } else {
            (None, Vec::new())
        };
        match target {
            Some(value) if self.distance > 0 && ctx.domains().contains(var, value) => {
                self.remove(ctx, "not distance", (var, value, other), &facts)
            }
            _ => Ok(false),
        }
    }

    /// Whether no pair left is at distance d (so `≠ d` holds for every pair).
    fn no_pair_at_distance(&self, ctx: &Context<'_>) -> bool {
        let domains = ctx.domains();
        domains.iter(self.x).all(|value| {
            !self
                .partners(value)
                .any(|partner| domains.contains(self.y, partner))
        })
    }
}

impl Rule for Distance {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&[self.x, self.y], Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        match self.relation {
            DistanceRelation::Is => Cost::Linear,
            DistanceRelation::IsNot => Cost::Constant,
        }
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn consistency(&self) -> Consistency {
        Consistency::Domain
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (x, y) = (self.x, self.y);
        match self.relation {
            DistanceRelation::Is => {
                // Two passes reach the fixpoint: a value of y removed in the
                // second had no partner left in x, so it partnered no value
                // of x that stays.
                self.keep_partnered(ctx, x, y)?;
                self.keep_partnered(ctx, y, x)?;
                if ctx.domains().is_assigned(x) && ctx.domains().is_assigned(y) {
                    ctx.declare_entailed();
                }
            }
            DistanceRelation::IsNot => {
                // Each removal can corner a value on the other side: repeat
                // until neither side changes (a handful of rounds at most).
                loop {
                    let from_x = self.drop_cornered(ctx, x, y)?;
                    let from_y = self.drop_cornered(ctx, y, x)?;
                    if !(from_x || from_y) {
                        break;
                    }
                }
                if self.no_pair_at_distance(ctx) {
                    ctx.declare_entailed();
                }
            }
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let gap = (i64::from(values[self.x.index()]) - i64::from(values[self.y.index()])).abs();
        match self.relation {
            DistanceRelation::Is => gap == self.distance,
            DistanceRelation::IsNot => gap != self.distance,
        }
    }
}
