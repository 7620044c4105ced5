use crate::domain::{Value, VarId};
use crate::names::Names;
use crate::propagation::Context;
use crate::propagation::{Conflict, Events, Fact, Rule, Watch, Why};

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
    target_label: Option<String>,
}

/// Each term's smallest and largest value when a round of reasoning began: what its
/// explanations cite (gathered only when an observer wants explanations).
type KnownBounds = Vec<(Value, Value)>;

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
            target_label: None,
        }
    }

    /// How sentences write the right-hand side, when the model's value labels are not
    /// the raw values: a magic square labels raw value `v` as `v + 1`, so its line of
    /// three raw values summing to 12 reads `r1c1 + r1c2 + r1c3 = 15`.
    pub fn with_target_label(mut self, label: impl Into<String>) -> Self {
        self.target_label = Some(label.into());
        self
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
        if highest < 0 || lowest > highest {
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
                if max + 1 < ctx.domains().size(var) {
                    facts.push(Fact::AtMost(var, max));
                }
            } else if min > 0 {
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
        let target = (self.target_label.clone()).unwrap_or_else(|| self.rhs.to_string());
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
        self.terms
            .iter()
            .map(|&(_, var)| Watch::new(var, Events::BOUNDS))
            .collect()
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let why = Why::new("sum bounds");
        let (need_low, need_high) = match self.relation {
            Relation::Equal => (self.rhs, self.rhs),
            Relation::AtMost => (i64::MIN / 4, self.rhs),
            Relation::AtLeast => (self.rhs, i64::MAX / 4),
        };
        loop {
            let mut low_total = 0i64;
            let mut high_total = 0i64;
            for &(coefficient, var) in &self.terms {
                let (low, high) =
                    Self::term_bounds(ctx, coefficient, var).ok_or_else(|| ctx.conflict(&why))?;
                low_total += low;
                high_total += high;
            }
            if low_total > need_high || high_total < need_low {
                return Err(ctx.conflict(&why));
            }
            let known = self.known_bounds(ctx);
            let mut changed = false;
            for (index, &(coefficient, var)) in self.terms.iter().enumerate() {
                let (low, high) =
                    Self::term_bounds(ctx, coefficient, var).ok_or_else(|| ctx.conflict(&why))?;
                let term_low = need_low.saturating_sub(high_total - high);
                let term_high = need_high.saturating_sub(low_total - low);
                changed |= self.narrow_term(ctx, index, (term_low, term_high), &known)?;
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
