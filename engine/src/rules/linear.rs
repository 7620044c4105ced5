//! Linear sums: `Σ coefficient · x (=, ≤ or ≥) rhs`, by bounds.
//!
//! ```
//! use sieve::prelude::*;
//!
//! // 2·x − y = 3 with x, y in 0..4: only x = 2, y = 1 and x = 3, y = 3.
//! let mut model = Model::new();
//! let (x, y) = (model.new_var(4), model.new_var(4));
//! model.add_rule(LinearSum::new("2x - y", vec![(2, x), (-1, y)], Relation::Equal, 3))?;
//! let mut state = model.domains();
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert_eq!(state.min(x), Some(2));
//! assert_eq!(Search::new(&model, Config::default())?.count(None).solutions, 2);
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! Each term's value must fit between what the other terms can at least and at most
//! contribute (inference `"sum bounds"`). For different values with a fixed sum,
//! [`DistinctSum`](super::DistinctSum) removes more.

use crate::domain::{Value, VarId};
use crate::names::Names;
use crate::propagation::{Conflict, Consistency, Events, Fact, Rule, Watch, Why};
use crate::propagation::{Context, Posting, StateInt};

/// How the sum compares to the right-hand side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// `sum == rhs`
    Equal,
    /// `sum <= rhs`
    AtMost,
    /// `sum >= rhs`
    AtLeast,
}

/// A linear sum `Σ coefficient · value (relation) rhs`, propagated by bounds
/// reasoning: each term's value must fit between what the other terms can at least and
/// at most contribute.
///
/// The rule keeps, as reversible state, each term's bounds as it last saw them and the
/// totals of the smallest and largest contributions, so that a run updates the totals
/// only for the terms that changed and skips the narrowing pass when no term is wide
/// enough to be narrowed. Once the relation holds for every assignment left it
/// declares itself entailed and sleeps for the rest of the branch.
///
/// With every coefficient in `-1..=1` its fixpoint is bounds(Z) consistency
/// ([`Consistency::Bounds`], checked by the oracle); larger coefficients skip values
/// (`2x` is even), so the rule then claims no consistency.
#[derive(Clone, Debug)]
pub struct LinearSum {
    name: String,
    terms: Vec<(i64, VarId)>,
    relation: Relation,
    rhs: i64,
    state: Option<SumState>,
}

/// Each term's smallest and largest value when a round of reasoning began: what its
/// explanations cite (gathered only when an observer wants explanations).
type KnownBounds = Vec<(Value, Value)>;

/// The reversible state of a [`LinearSum`].
#[derive(Clone, Debug)]
struct SumState {
    /// Per term: its variable's smallest and largest value when last seen, packed
    /// by [`pack`], or [`UNSEEN`].
    seen: Vec<StateInt>,
    /// The sum of the seen terms' smallest contributions.
    low: StateInt,
    /// The sum of the seen terms' largest contributions.
    high: StateInt,
}

/// A term not seen yet: it contributes nothing to the totals. Its bounds, smallest
/// above largest, belong to no domain, so no seen term packs to it.
const UNSEEN: u64 = pack(Value::MAX, Value::MIN);

/// A variable's smallest and largest value in one word.
const fn pack(min: Value, max: Value) -> u64 {
    (min as u32 as u64) << 32 | max as u32 as u64
}

fn unpack(word: u64) -> (Value, Value) {
    ((word >> 32) as u32 as Value, word as u32 as Value)
}

/// The totals after a refresh, and the widest term's span of contributions.
#[derive(Copy, Clone)]
struct Totals {
    low: i64,
    high: i64,
    widest: i64,
}

impl LinearSum {
    /// `Σ coefficient · var (relation) rhs`, over the variables' own values.
    pub fn new(
        name: impl Into<String>,
        terms: Vec<(i64, VarId)>,
        relation: Relation,
        rhs: i64,
    ) -> Self {
        LinearSum {
            name: name.into(),
            terms,
            relation,
            rhs,
            state: None,
        }
    }

    /// The sum of `vars` equals `rhs`.
    pub fn sum_equals(name: impl Into<String>, vars: &[VarId], rhs: i64) -> Self {
        Self::new(
            name,
            vars.iter().map(|&var| (1, var)).collect(),
            Relation::Equal,
            rhs,
        )
    }

    /// The range the sum must lie in.
    fn needed(&self) -> (i64, i64) {
        match self.relation {
            Relation::Equal => (self.rhs, self.rhs),
            Relation::AtMost => (i64::MIN / 4, self.rhs),
            Relation::AtLeast => (self.rhs, i64::MAX / 4),
        }
    }

    /// The largest magnitude the rule's arithmetic may meet: every term's
    /// `|coefficient| × |value|` at the ends of its range, and the right-hand side.
    /// The rule works in `i64` with differences of totals, so it refuses sums that
    /// could reach beyond 2⁶¹ instead of overflowing.
    fn check_reach(&self, posting: &Posting<'_>) -> Result<(), crate::Error> {
        let term = |&(coefficient, var): &(i64, VarId)| {
            let range = posting.range(var);
            let widest = i128::from(range.start().unsigned_abs().max(range.end().unsigned_abs()));
            i128::from(coefficient.unsigned_abs()) * widest
        };
        let reach: i128 =
            self.terms.iter().map(term).sum::<i128>() + i128::from(self.rhs.unsigned_abs());
        if reach > 1 << 61 {
            return Err(crate::Error::InvalidRule {
                rule: self.name.clone(),
                problem: format!(
                    "its terms and right-hand side can reach {reach} in magnitude, beyond the 2^61 its arithmetic allows"
                ),
            });
        }
        Ok(())
    }

    /// Bring the totals up to date with the terms whose bounds changed since the
    /// rule last saw them.
    ///
    /// Without state (a rule that wraps this one and does not forward
    /// [`Rule::post`]) every term counts as unseen: the totals are summed afresh.
    fn refresh(&self, ctx: &mut Context<'_>) -> Result<Totals, Conflict> {
        let state = self.state.as_ref();
        let read = |ctx: &Context<'_>, handle: Option<StateInt>, unset: i64| {
            handle.map_or(unset, |handle| ctx.int(handle))
        };
        let mut low = read(ctx, state.map(|state| state.low), 0);
        let mut high = read(ctx, state.map(|state| state.high), 0);
        let mut widest = 0;
        for (index, &(coefficient, var)) in self.terms.iter().enumerate() {
            let domains = ctx.domains();
            let (Some(min), Some(max)) = (domains.min(var), domains.max(var)) else {
                return Err(ctx.conflict(&Why::new("sum bounds")));
            };
            let (term_low, term_high) = contribution(coefficient, min, max);
            let packed = pack(min, max);
            let seen = state.map(|state| state.seen[index]);
            let was = read(ctx, seen, UNSEEN as i64) as u64;
            if was != packed {
                if was != UNSEEN {
                    let (old_min, old_max) = unpack(was);
                    let (old_low, old_high) = contribution(coefficient, old_min, old_max);
                    low -= old_low;
                    high -= old_high;
                }
                low += term_low;
                high += term_high;
                if let Some(seen) = seen {
                    ctx.set_int(seen, packed as i64);
                }
            }
            widest = widest.max(term_high - term_low);
        }
        if let Some(state) = state {
            ctx.set_int(state.low, low);
            ctx.set_int(state.high, high);
        }
        Ok(Totals { low, high, widest })
    }

    /// One pass over the terms: narrow each to what the others leave it.
    fn narrow_terms(&self, ctx: &mut Context<'_>, totals: Totals) -> Result<bool, Conflict> {
        let (need_low, need_high) = self.needed();
        let known = self.known_bounds(ctx);
        let mut changed = false;
        for (index, &(coefficient, var)) in self.terms.iter().enumerate() {
            let domains = ctx.domains();
            let (Some(min), Some(max)) = (domains.min(var), domains.max(var)) else {
                return Err(ctx.conflict(&Why::new("sum bounds")));
            };
            let (low, high) = contribution(coefficient, min, max);
            let term_low = need_low.saturating_sub(totals.high - high);
            let term_high = need_high.saturating_sub(totals.low - low);
            changed |= self.narrow_term(ctx, index, (term_low, term_high), &known)?;
        }
        Ok(changed)
    }

    /// Narrow term `index` so that `low <= coefficient · value <= high`; `known` are
    /// the bounds the narrowing rests on (empty when nobody wants explanations).
    fn narrow_term(
        &self,
        ctx: &mut Context<'_>,
        index: usize,
        (low, high): (i64, i64),
        known: &[(Value, Value)],
    ) -> Result<bool, Conflict> {
        let (coefficient, var) = self.terms[index];
        if coefficient == 0 {
            return Ok(false);
        }
        let (lowest, highest) = if coefficient > 0 {
            (div_ceil(low, coefficient), div_floor(high, coefficient))
        } else {
            (div_ceil(high, coefficient), div_floor(low, coefficient))
        };
        let values = i64::from(Value::MIN)..=i64::from(Value::MAX);
        if lowest > highest || lowest > *values.end() || highest < *values.start() {
            return Err(ctx.conflict(&Why::new("sum bounds")));
        }
        let mut changed = false;
        if ctx
            .domains()
            .min(var)
            .is_some_and(|min| i64::from(min) < lowest)
        {
            let bound = clamp_value(lowest);
            let facts = self.facts_of_others(ctx, index, known, coefficient > 0);
            let text = |names: &Names| self.sentence(names, var, "≥", bound);
            let why = Why::new("sum bounds").because(&facts).named_text(&text);
            changed |= ctx.remove_below(var, bound, &why)?;
        }
        if ctx
            .domains()
            .max(var)
            .is_some_and(|max| i64::from(max) > highest)
        {
            let bound = clamp_value(highest);
            let facts = self.facts_of_others(ctx, index, known, coefficient < 0);
            let text = |names: &Names| self.sentence(names, var, "≤", bound);
            let why = Why::new("sum bounds").because(&facts).named_text(&text);
            changed |= ctx.remove_above(var, bound, &why)?;
        }
        Ok(changed)
    }

    /// Every term's bounds now, for explanations; empty (no allocation) when nobody
    /// wants them.
    fn known_bounds(&self, ctx: &Context<'_>) -> KnownBounds {
        if !ctx.explaining() {
            return Vec::new();
        }
        let domains = ctx.domains();
        (self.terms.iter())
            .map(|&(_, var)| (domains.min(var).unwrap_or(0), domains.max(var).unwrap_or(0)))
            .collect()
    }

    /// The facts a bound of term `index` rests on: the other terms' largest
    /// contributions (`largest`: `x ≤ max` for a positive coefficient, `x ≥ min` for
    /// a negative one) or their smallest ones. Bounds that hold in every state (the
    /// universe's own ends) are left out.
    fn facts_of_others(
        &self,
        ctx: &Context<'_>,
        index: usize,
        known: &[(Value, Value)],
        largest: bool,
    ) -> Vec<Fact> {
        let others = (self.terms.iter().zip(known).enumerate())
            .filter(|&(other, (&(coefficient, _), _))| other != index && coefficient != 0);
        let mut facts = Vec::new();
        for (_, (&(coefficient, var), &(min, max))) in others {
            if largest == (coefficient > 0) {
                if max < *ctx.domains().range(var).end() {
                    facts.push(Fact::AtMost(var, max));
                }
            } else if min > *ctx.domains().range(var).start() {
                facts.push(Fact::AtLeast(var, min));
            }
        }
        facts
    }

    /// `r1c1 + r1c2 + r1c3 = 15 (row 1 sum), and the other terms' bounds leave
    /// r1c1 ≥ 4`.
    fn sentence(&self, names: &Names, var: VarId, relation: &str, bound: Value) -> String {
        let mut terms = String::new();
        for (position, &(coefficient, term)) in self.terms.iter().enumerate() {
            let sign = match (position, coefficient < 0) {
                (0, false) => "",
                (0, true) => "−",
                (_, false) => " + ",
                (_, true) => " − ",
            };
            let factor = match coefficient.unsigned_abs() {
                1 => String::new(),
                factor => format!("{factor}·"),
            };
            terms.push_str(&format!("{sign}{factor}{}", names.var_name(term)));
        }
        let target = self.rhs;
        let sum_relation = match self.relation {
            Relation::Equal => "=",
            Relation::AtMost => "≤",
            Relation::AtLeast => "≥",
        };
        let sum = format!("{terms} {sum_relation} {target}");
        // The clue's name, unless it is the sum itself.
        let clue = if self.name == sum {
            String::new()
        } else {
            format!(" ({})", self.name)
        };
        format!(
            "{sum}{clue}, and the other terms' bounds leave {} {relation} {}",
            names.var_name(var),
            names.value_label(bound)
        )
    }
}

/// The smallest and largest contribution of a term whose variable lies in
/// `min..=max`.
fn contribution(coefficient: i64, min: Value, max: Value) -> (i64, i64) {
    let (a, b) = (i64::from(min) * coefficient, i64::from(max) * coefficient);
    (a.min(b), a.max(b))
}

fn clamp_value(x: i64) -> Value {
    x.clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value
}

fn div_floor(a: i64, b: i64) -> i64 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn div_ceil(a: i64, b: i64) -> i64 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

impl Rule for LinearSum {
    /// Bounds reasoning on intervals (see [`crate::domain`]).
    fn handles_intervals(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(self.terms.iter().map(|(_, var)| var), Events::BOUNDS)
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn post(&mut self, posting: &mut Posting<'_>) -> Result<(), crate::Error> {
        self.check_reach(posting)?;
        self.state = Some(SumState {
            seen: self
                .terms
                .iter()
                .map(|_| posting.int(UNSEEN as i64))
                .collect(),
            low: posting.int(0),
            high: posting.int(0),
        });
        Ok(())
    }

    fn consistency(&self) -> Consistency {
        if self
            .terms
            .iter()
            .all(|&(coefficient, _)| coefficient.abs() <= 1)
        {
            Consistency::Bounds
        } else {
            Consistency::Unspecified
        }
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let why = Why::new("sum bounds");
        let (need_low, need_high) = self.needed();
        loop {
            let totals = self.refresh(ctx)?;
            if totals.low > need_high || totals.high < need_low {
                return Err(ctx.conflict(&why));
            }
            if need_low <= totals.low && totals.high <= need_high {
                ctx.declare_entailed();
                return Ok(());
            }
            // No term spans more than the slack on either side: nothing to narrow.
            let slack = (need_high - totals.low).min(totals.high - need_low);
            if totals.widest <= slack || !self.narrow_terms(ctx, totals)? {
                return Ok(());
            }
        }
    }

    fn holds(&self, values: &[Value]) -> bool {
        let sum: i64 = self
            .terms
            .iter()
            .map(|&(coefficient, var)| coefficient * i64::from(values[var.index()]))
            .sum();
        match self.relation {
            Relation::Equal => sum == self.rhs,
            Relation::AtMost => sum <= self.rhs,
            Relation::AtLeast => sum >= self.rhs,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{Random, assert_sound, random_case};

    #[test]
    fn sums_over_any_ranges_are_sound() {
        let mut random = Random::new(9);
        let relations = [Relation::Equal, Relation::AtMost, Relation::AtLeast];
        for _ in 0..1500 {
            let count = 1 + random.below(4) as usize;
            let size = 1 + random.below(5) as u32;
            let relation = relations[random.below(3) as usize];
            let coefficients: Vec<i64> = (0..count).map(|_| random.below(7) as i64 - 3).collect();
            let rhs = random.below(17) as i64 - 8;
            let (model, state) = random_case(&mut random, count, size, |vars| {
                let terms = coefficients.iter().copied().zip(vars).collect();
                LinearSum::new("sum", terms, relation, rhs)
            });
            assert_sound(&model, &state);
        }
    }

    #[test]
    fn rounding_division_goes_the_right_way() {
        assert_eq!(div_floor(7, 2), 3);
        assert_eq!(div_floor(-7, 2), -4);
        assert_eq!(div_ceil(7, 2), 4);
        assert_eq!(div_ceil(-7, 2), -3);
        assert_eq!(div_floor(7, -2), -4);
        assert_eq!(div_ceil(7, -2), -3);
    }
}
