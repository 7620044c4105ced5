//! Binary relations: `x + offset` against `y` by `<`, `≤`, `=` or `≠`.
//!
//! ```
//! use sieve::prelude::*;
//!
//! let mut model = Model::new();
//! let x = model.new_var(4);
//! let y = model.new_var(4);
//! // x + 2 ≤ y: x is at most 1, y at least 2.
//! model.add_rule(Compare::new("gap", x, Comparison::AtMost, y).offset(2))?;
//! let mut state = model.domains();
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert_eq!(state.max(x), Some(1));
//! assert_eq!(state.min(y), Some(2));
//! assert_eq!(Search::new(&model, Config::default())?.count(None).solutions, 3);
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! `x > y` is `y < x`, and `x ≥ y` is `y ≤ x`. Values may be negative and the offset
//! too, so the rule works in `i64`: `x + offset` may lie outside
//! every value of `y`.
//!
//! `<` and `≤` reason on bounds (inference `"comparison bounds"`), `=` keeps the
//! values with a partner on the other side (`"equal"`) and `≠` takes a fixed side's
//! value from the other (`"not equal"`). A rule whose relation holds for every pair
//! left declares itself entailed. Sentences can be a puzzle's own
//! ([`Compare::wording`]).

use crate::domain::{Value, VarId};
use crate::names::Names;
use crate::propagation::{Conflict, Context, Cost, Events, Fact, Rule, Watch, Why};
use crate::rules::wording::{Deduction, Wording};
use crate::value_set::ValueSet;

/// How `x + offset` compares to `y`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Comparison {
    /// `x + offset < y`
    LessThan,
    /// `x + offset ≤ y`
    AtMost,
    /// `x + offset = y`
    Equal,
    /// `x + offset ≠ y`
    NotEqual,
}

impl Comparison {
    /// Whether `left` and `right` stand in this relation.
    pub fn holds(self, left: i64, right: i64) -> bool {
        match self {
            Comparison::LessThan => left < right,
            Comparison::AtMost => left <= right,
            Comparison::Equal => left == right,
            Comparison::NotEqual => left != right,
        }
    }

    /// The relation's sign: `<`, `≤`, `=` or `≠`.
    pub fn sign(self) -> &'static str {
        match self {
            Comparison::LessThan => "<",
            Comparison::AtMost => "≤",
            Comparison::Equal => "=",
            Comparison::NotEqual => "≠",
        }
    }
}

/// The largest offset that changes what a comparison of two `i32` values means.
const OFFSET_LIMIT: i64 = 1 << 33;

/// `x + offset (comparison) y` for two variables (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct Compare {
    name: String,
    x: VarId,
    y: VarId,
    comparison: Comparison,
    offset: i64,
    wording: Wording,
}

impl Compare {
    /// `x (comparison) y`, with offset 0.
    pub fn new(name: impl Into<String>, x: VarId, comparison: Comparison, y: VarId) -> Self {
        Compare {
            name: name.into(),
            x,
            y,
            comparison,
            offset: 0,
            wording: Wording::default(),
        }
    }

    /// Compare `x + offset` instead of `x`. Values are `i32`, so an offset
    /// beyond ±2^33 means what ±2^33 means; it is kept there, so that no sum of
    /// the rule overflows.
    pub fn offset(mut self, offset: i64) -> Self {
        self.offset = offset.clamp(-OFFSET_LIMIT, OFFSET_LIMIT);
        self
    }

    /// Word the rule's changes in a puzzle's own sentences (see [`Wording`]).
    pub fn wording(
        mut self,
        say: impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static,
    ) -> Self {
        self.wording = Wording::new(say);
        self
    }

    /// One change with its facts: `narrow` applies it, `change` is the fact it
    /// establishes (also the default sentence's conclusion).
    fn change(
        &self,
        ctx: &mut Context<'_>,
        (inference, facts): (&'static str, &[Fact]),
        change: Fact,
        narrow: impl FnOnce(&mut Context<'_>, &Why<'_>) -> Result<bool, Conflict>,
    ) -> Result<bool, Conflict> {
        let value = match change {
            Fact::Is(_, value)
            | Fact::IsNot(_, value)
            | Fact::AtLeast(_, value)
            | Fact::AtMost(_, value) => value,
        };
        let deduction = Deduction {
            inference,
            var: change.var(),
            value: Some(value),
            facts,
        };
        let text = |names: &Names| {
            let default = |names: &Names| self.explain(names, facts, change);
            self.wording.sentence(names, &deduction, default)
        };
        let cause = [if change.var() == self.x {
            self.y
        } else {
            self.x
        }];
        let why = Why::new(inference)
            .cause(&cause)
            .because(facts)
            .named_text(&text);
        narrow(ctx, &why)
    }

    fn explain(&self, names: &Names, facts: &[Fact], change: Fact) -> String {
        let (x, y) = (names.var_name(self.x), names.var_name(self.y));
        let left = match self.offset {
            0 => x,
            offset if offset > 0 => format!("{x} + {offset}"),
            offset => format!("{x} − {}", offset.unsigned_abs()),
        };
        let known: Vec<String> = facts.iter().map(|fact| fact.describe(names)).collect();
        format!(
            "{left} {} {y} and {}, so {}",
            self.comparison.sign(),
            known.join(", "),
            change.describe(names)
        )
    }

    /// `x + offset < y + slack`, by bounds: `LessThan` has slack 0, `AtMost` 1.
    fn below(&self, ctx: &mut Context<'_>, slack: i64) -> Result<bool, Conflict> {
        let why = Why::new("comparison bounds");
        let domains = ctx.domains();
        let (Some(x_min), Some(y_max)) = (domains.min(self.x), domains.max(self.y)) else {
            return Err(ctx.conflict(&why));
        };
        let inference = "comparison bounds";
        // y ≥ x_min + offset + 1 − slack
        let y_low = i64::from(x_min) + self.offset + 1 - slack;
        if let Some(low) = at_least(ctx, self.y, y_low, &why)? {
            let facts = [Fact::AtLeast(self.x, x_min)];
            let change = Fact::AtLeast(self.y, low);
            self.change(ctx, (inference, &facts), change, |ctx, why| {
                ctx.remove_below(self.y, low, why)
            })?;
        }
        // x ≤ y_max − offset − 1 + slack
        let x_high = i64::from(y_max) - self.offset - 1 + slack;
        if let Some(high) = at_most(ctx, self.x, x_high, &why)? {
            let facts = [Fact::AtMost(self.y, y_max)];
            let change = Fact::AtMost(self.x, high);
            self.change(ctx, (inference, &facts), change, |ctx, why| {
                ctx.remove_above(self.x, high, why)
            })?;
        }
        let domains = ctx.domains();
        let (x_max, y_min) = (domains.max(self.x), domains.min(self.y));
        Ok(matches!((x_max, y_min), (Some(x_max), Some(y_min))
            if i64::from(x_max) + self.offset < i64::from(y_min) + slack))
    }

    /// `x + offset = y`: each side keeps the values with a partner on the other.
    fn equal(&self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let offset = self.offset;
        let (x, y) = (self.x, self.y);
        if ctx.domains().is_bounds(x) || ctx.domains().is_bounds(y) {
            return self.equal_bounds(ctx);
        }
        let partner_in = |ctx: &Context<'_>, var: VarId, shifted: i64| {
            Value::try_from(shifted).is_ok_and(|value| ctx.domains().contains(var, value))
        };
        for (from, to, shift) in [(y, x, offset), (x, y, -offset)] {
            let lost: Vec<Value> = ctx
                .domains()
                .iter(to)
                .filter(|&value| !partner_in(ctx, from, i64::from(value) + shift))
                .collect();
            for value in lost {
                let facts = Value::try_from(i64::from(value) + shift)
                    .map(|gone| [Fact::IsNot(from, gone)])
                    .ok();
                let facts = facts.as_ref().map_or(&[][..], |facts| &facts[..]);
                let change = Fact::IsNot(to, value);
                self.change(ctx, ("equal", facts), change, |ctx, why| {
                    ctx.remove(to, value, why)
                })?;
            }
        }
        Ok(ctx.domains().is_assigned(x))
    }

    /// `x + offset = y` where a side is an interval: each side keeps the other's
    /// shifted bounds, and an interval snaps to a bitset side's values.
    fn equal_bounds(&self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let scope = [self.x, self.y];
        let why = Why::new("equal bounds").cause(&scope);
        for (from, to, shift) in [
            (self.y, self.x, self.offset),
            (self.x, self.y, -self.offset),
        ] {
            let domains = ctx.domains();
            let (Some(low), Some(high)) = (domains.min(from), domains.max(from)) else {
                return Err(ctx.conflict(&why));
            };
            let clamp = |value: i64| value.clamp(Value::MIN.into(), Value::MAX.into()) as Value;
            let (low, high) = (i64::from(low) - shift, i64::from(high) - shift);
            if high < i64::from(Value::MIN) || low > i64::from(Value::MAX) {
                return Err(ctx.conflict(&why));
            }
            ctx.remove_below(to, clamp(low), &why)?;
            ctx.remove_above(to, clamp(high), &why)?;
            if !ctx.domains().is_bounds(from) {
                let shifted: ValueSet = (ctx.domains().iter(from))
                    .filter_map(|value| Value::try_from(i64::from(value) - shift).ok())
                    .collect();
                ctx.retain(to, &shifted, &why)?;
            }
        }
        Ok(ctx.domains().is_assigned(self.x))
    }

    /// `x + offset ≠ y`: a fixed side's value leaves the other.
    fn not_equal(&self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let (x, y) = (self.x, self.y);
        for (from, to, shift) in [(x, y, self.offset), (y, x, -self.offset)] {
            let Some(value) = ctx.domains().value(from) else {
                continue;
            };
            let Ok(target) = Value::try_from(i64::from(value) + shift) else {
                return Ok(true);
            };
            let facts = [Fact::Is(from, value)];
            let change = Fact::IsNot(to, target);
            self.change(ctx, ("not equal", &facts), change, |ctx, why| {
                ctx.remove(to, target, why)
            })?;
            // An interval cannot lose a value strictly inside: the rule then
            // still has to be checked on the solutions below.
            return Ok(!ctx.domains().contains(to, target));
        }
        Ok(false)
    }
}

/// The bound `low` for `var` as a value when it removes something; `Err` when it
/// removes everything.
fn at_least(
    ctx: &Context<'_>,
    var: VarId,
    low: i64,
    why: &Why<'_>,
) -> Result<Option<Value>, Conflict> {
    let min = ctx.domains().min(var).map_or(0, i64::from);
    let max = ctx.domains().max(var).map_or(-1, i64::from);
    if low > max {
        return Err(ctx.conflict(why));
    }
    Ok((low > min).then_some(low as Value))
}

/// The bound `high` for `var` as a value when it removes something; `Err` when it
/// removes everything.
fn at_most(
    ctx: &Context<'_>,
    var: VarId,
    high: i64,
    why: &Why<'_>,
) -> Result<Option<Value>, Conflict> {
    let min = ctx.domains().min(var).map_or(0, i64::from);
    let max = ctx.domains().max(var).map_or(-1, i64::from);
    if high < min {
        return Err(ctx.conflict(why));
    }
    Ok((high < max).then_some(high as Value))
}

impl Rule for Compare {
    /// Bounds reasoning on intervals (see [`crate::domain`]).
    fn handles_intervals(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        let events = match self.comparison {
            Comparison::LessThan | Comparison::AtMost => Events::BOUNDS,
            Comparison::Equal => Events::REMOVED,
            Comparison::NotEqual => Events::ASSIGNED,
        };
        Watch::all(&[self.x, self.y], events)
    }

    fn cost(&self) -> Cost {
        match self.comparison {
            Comparison::Equal => Cost::Linear,
            _ => Cost::Constant,
        }
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let entailed = match self.comparison {
            Comparison::LessThan => self.below(ctx, 0)?,
            Comparison::AtMost => self.below(ctx, 1)?,
            Comparison::Equal => self.equal(ctx)?,
            Comparison::NotEqual => self.not_equal(ctx)?,
        };
        if entailed {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let left = i64::from(values[self.x.index()]) + self.offset;
        let right = i64::from(values[self.y.index()]);
        self.comparison.holds(left, right)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{Random, after, assert_sound, candidates, random_case, supported};

    const ALL: [Comparison; 4] = [
        Comparison::LessThan,
        Comparison::AtMost,
        Comparison::Equal,
        Comparison::NotEqual,
    ];

    #[test]
    fn every_relation_is_sound() {
        let mut random = Random::new(3);
        for _ in 0..2000 {
            let size = 1 + random.below(5) as u32;
            let offset = random.below(7) as i64 - 3;
            let comparison = ALL[random.below(4) as usize];
            let (model, state) = random_case(&mut random, 2, size, |vars| {
                Compare::new("c", vars[0], comparison, vars[1]).offset(offset)
            });
            assert_sound(&model, &state);
        }
    }

    #[test]
    fn equal_and_bounds_are_exact_where_they_should_be() {
        let mut random = Random::new(4);
        for _ in 0..2000 {
            let size = 1 + random.below(6) as u32;
            let offset = random.below(7) as i64 - 3;
            let comparison = ALL[random.below(3) as usize];
            let (model, state) = random_case(&mut random, 2, size, |vars| {
                Compare::new("c", vars[0], comparison, vars[1]).offset(offset)
            });
            let Some(after) = after(&model, &state) else {
                assert_eq!(supported(&model, &state), None, "{state:?}");
                continue;
            };
            let kept = candidates(&model, &after);
            let expected = supported(&model, &state);
            if comparison == Comparison::Equal {
                assert_eq!(Some(kept), expected, "{state:?}");
            } else if let Some(expected) = expected {
                // Bounds: the smallest and largest values left have a support.
                for (kept, expected) in kept.iter().zip(&expected) {
                    assert_eq!(kept.first(), expected.first(), "{state:?}");
                    assert_eq!(kept.last(), expected.last(), "{state:?}");
                }
            }
        }
    }
}
