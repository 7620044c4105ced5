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
use crate::propagation::Context;
use crate::propagation::{Conflict, Events, Rule, Watch, Why};

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
#[derive(Clone, Debug)]
pub struct LinearSum {
    name: String,
    terms: Vec<(i64, VarId)>,
    relation: Relation,
    rhs: i64,
}

impl LinearSum {
    /// `Σ coefficient · var (relation) rhs`, over the variables' raw values `0..size`.
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

    /// The smallest and largest contribution of one term.
    fn term_bounds(ctx: &Context<'_>, coefficient: i64, var: VarId) -> Option<(i64, i64)> {
        let min = i64::from(ctx.domains().min(var)?) * coefficient;
        let max = i64::from(ctx.domains().max(var)?) * coefficient;
        Some((min.min(max), min.max(max)))
    }

    /// Narrow one term so that `low <= coefficient · value <= high`.
    fn narrow_term(
        ctx: &mut Context<'_>,
        (coefficient, var): (i64, VarId),
        low: i64,
        high: i64,
        why: &Why<'_>,
    ) -> Result<bool, Conflict> {
        if coefficient == 0 {
            return Ok(false);
        }
        let (lowest, highest) = if coefficient > 0 {
            (div_ceil(low, coefficient), div_floor(high, coefficient))
        } else {
            (div_ceil(high, coefficient), div_floor(low, coefficient))
        };
        if highest < 0 || lowest > highest {
            return Err(ctx.conflict(why));
        }
        let mut changed = false;
        if lowest > 0 {
            changed |= ctx.remove_below(var, clamp_value(lowest), why)?;
        }
        changed |= ctx.remove_above(var, clamp_value(highest), why)?;
        Ok(changed)
    }
}

fn clamp_value(x: i64) -> Value {
    x.clamp(0, i64::from(Value::MAX)) as Value
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
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(self.terms.iter().map(|(_, var)| var), Events::BOUNDS)
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let text = || format!("bounds of the sum {}", self.name);
        let why = Why::new("sum bounds").text(&text);
        loop {
            let mut low_total = 0i64;
            let mut high_total = 0i64;
            for &(coefficient, var) in &self.terms {
                let (low, high) =
                    Self::term_bounds(ctx, coefficient, var).ok_or_else(|| ctx.conflict(&why))?;
                low_total += low;
                high_total += high;
            }
            let (need_low, need_high) = match self.relation {
                Relation::Equal => (self.rhs, self.rhs),
                Relation::AtMost => (i64::MIN / 4, self.rhs),
                Relation::AtLeast => (self.rhs, i64::MAX / 4),
            };
            if low_total > need_high || high_total < need_low {
                return Err(ctx.conflict(&why));
            }
            let mut changed = false;
            for &(coefficient, var) in &self.terms {
                let (low, high) =
                    Self::term_bounds(ctx, coefficient, var).ok_or_else(|| ctx.conflict(&why))?;
                let term_low = need_low.saturating_sub(high_total - high);
                let term_high = need_high.saturating_sub(low_total - low);
                changed |= Self::narrow_term(ctx, (coefficient, var), term_low, term_high, &why)?;
            }
            if !changed {
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
