//! A linear test `Σ coefficient · x (test) rhs`, on its own or tied to a boolean:
//! `b ⇔ test` ([`Reification::Equivalent`]) or `b ⇒ test`
//! ([`Reification::Implied`]). This is the reified form MiniZinc's FlatZinc asks
//! for (`int_le_reif`, `int_lin_eq_imp`, `bool_clause`, `array_bool_or`, ...):
//! one rule for every comparison of sums, so that each of those builtins is a
//! choice of coefficients.
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::rules::{LinearTest, Reification, ReifiedLinear};
//!
//! // b ⇔ x + y ≤ 2, over x, y in 0..=3: once x ≥ 3, b is false.
//! let mut model = Model::new();
//! let (x, y, b) = (model.new_var(4), model.new_var(4), model.new_var(2));
//! let rule = ReifiedLinear::new("b ⇔ x + y ≤ 2", vec![(1, x), (1, y)], LinearTest::AtMost, 2)
//!     .reified(b, Reification::Equivalent);
//! model.add_rule(rule)?;
//! model.fix(x, 3)?;
//! let mut state = model.domains();
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert_eq!(state.value(b), Some(0));
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! # What it achieves
//!
//! The rule reasons on bounds. The sum's smallest and largest value decide the
//! test when they can (entailed: `b` becomes true under `Equivalent`; refuted: `b`
//! becomes false). Once the test must hold (no boolean, or `b` true) `=` and `≤`
//! narrow each term by the others' bounds, and `≠` removes the one value left to
//! the last open term. Once it must fail (`b` false under `Equivalent`) the
//! negation is enforced alike (`=` becomes `≠`, `≤` becomes `≥ rhs + 1`). No
//! consistency is claimed: bounds reasoning leaves holes, and the search's check
//! of every solution against [`Rule::holds`] keeps answers right.

use crate::domain::{Value, VarId};
use crate::error::Error;
use crate::names::Names;
use crate::propagation::{Conflict, Context, Events, Posting, Rule, Watch, Why};

/// The comparison a [`ReifiedLinear`] makes of its sum with the right-hand side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LinearTest {
    /// `sum == rhs`
    Equal,
    /// `sum != rhs`
    NotEqual,
    /// `sum <= rhs`
    AtMost,
    /// `sum >= rhs`
    AtLeast,
}

impl LinearTest {
    fn sign(self) -> &'static str {
        match self {
            LinearTest::Equal => "=",
            LinearTest::NotEqual => "≠",
            LinearTest::AtMost => "≤",
            LinearTest::AtLeast => "≥",
        }
    }

    fn holds(self, sum: i64, rhs: i64) -> bool {
        match self {
            LinearTest::Equal => sum == rhs,
            LinearTest::NotEqual => sum != rhs,
            LinearTest::AtMost => sum <= rhs,
            LinearTest::AtLeast => sum >= rhs,
        }
    }
}

/// How the boolean of a [`ReifiedLinear`] is tied to its test.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reification {
    /// `b ⇔ test`
    Equivalent,
    /// `b ⇒ test`
    Implied,
}

/// `Σ coefficient · x (test) rhs`, optionally tied to a boolean (see the
/// [module docs](self)).
#[derive(Clone, Debug)]
pub struct ReifiedLinear {
    name: String,
    terms: Vec<(i64, VarId)>,
    test: LinearTest,
    rhs: i64,
    boolean: Option<(VarId, Reification)>,
    /// Every variable of the rule: what its changes are caused by.
    scope: Vec<VarId>,
}

/// A sum's magnitude beyond which the rule refuses to be posted: far from `i64`'s
/// edge, so that no bound computed from it overflows.
const LIMIT: i64 = 1 << 60;

/// What the bounds of the sum say about the test.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Verdict {
    Holds,
    Fails,
    Open,
}

impl ReifiedLinear {
    /// The test `Σ coefficient · x (test) rhs`, which must hold.
    pub fn new(
        name: impl Into<String>,
        terms: Vec<(i64, VarId)>,
        test: LinearTest,
        rhs: i64,
    ) -> Self {
        let scope = terms.iter().map(|&(_, var)| var).collect();
        ReifiedLinear {
            name: name.into(),
            terms,
            test,
            rhs,
            boolean: None,
            scope,
        }
    }

    /// Tie the test to `boolean` (values 0 false, 1 true) as `how` says.
    pub fn reified(mut self, boolean: VarId, how: Reification) -> Self {
        self.boolean = Some((boolean, how));
        self.scope.push(boolean);
        self
    }

    /// The sum's smallest and largest value in the current state.
    fn sum_bounds(&self, ctx: &Context<'_>) -> Option<(i64, i64)> {
        let (mut low, mut high) = (0i64, 0i64);
        for &(coefficient, var) in &self.terms {
            let (min, max) = bounds(ctx, var)?;
            let (a, b) = (coefficient * min, coefficient * max);
            low += a.min(b);
            high += a.max(b);
        }
        Some((low, high))
    }

    fn verdict(test: LinearTest, rhs: i64, (low, high): (i64, i64)) -> Verdict {
        let (holds, fails) = match test {
            LinearTest::Equal => (low == rhs && high == rhs, rhs < low || rhs > high),
            LinearTest::NotEqual => (rhs < low || rhs > high, low == rhs && high == rhs),
            LinearTest::AtMost => (high <= rhs, low > rhs),
            LinearTest::AtLeast => (low >= rhs, high < rhs),
        };
        match (holds, fails) {
            (true, _) => Verdict::Holds,
            (_, true) => Verdict::Fails,
            _ => Verdict::Open,
        }
    }

    fn sentence(&self, names: &Names, test: LinearTest, rhs: i64) -> String {
        let sum: Vec<String> = (self.terms.iter())
            .map(|&(coefficient, var)| match coefficient {
                1 => names.var_name(var),
                -1 => format!("−{}", names.var_name(var)),
                _ => format!("{coefficient}·{}", names.var_name(var)),
            })
            .collect();
        let sum = if sum.is_empty() {
            "0".to_string()
        } else {
            sum.join(" + ")
        };
        format!("{}: {sum} {} {rhs} must hold", self.name, test.sign())
    }

    /// Make `test` hold on the terms, by bounds (`≠`: once one term is open).
    fn enforce(&self, ctx: &mut Context<'_>, test: LinearTest, rhs: i64) -> Result<(), Conflict> {
        let text = |names: &Names| self.sentence(names, test, rhs);
        let why = Why::new("linear bounds")
            .cause(&self.scope)
            .named_text(&text);
        let Some((low, high)) = self.sum_bounds(ctx) else {
            return Err(ctx.conflict(&why));
        };
        if Self::verdict(test, rhs, (low, high)) == Verdict::Fails {
            return Err(ctx.conflict(&why));
        }
        match test {
            LinearTest::NotEqual => return self.not_equal(ctx, rhs, &why),
            LinearTest::AtMost => self.narrow(ctx, (low, high), (i64::MIN / 4, rhs), &why)?,
            LinearTest::AtLeast => self.narrow(ctx, (low, high), (rhs, i64::MAX / 4), &why)?,
            LinearTest::Equal => self.narrow(ctx, (low, high), (rhs, rhs), &why)?,
        }
        Ok(())
    }

    /// Each term within what the needed range leaves it after the others' bounds.
    fn narrow(
        &self,
        ctx: &mut Context<'_>,
        (low, high): (i64, i64),
        (need_low, need_high): (i64, i64),
        why: &Why<'_>,
    ) -> Result<(), Conflict> {
        for &(coefficient, var) in &self.terms {
            if coefficient == 0 {
                continue;
            }
            let Some((min, max)) = bounds(ctx, var) else {
                return Err(ctx.conflict(why));
            };
            let (a, b) = (coefficient * min, coefficient * max);
            let (own_low, own_high) = (a.min(b), a.max(b));
            // The term's contribution must lie in [term_low, term_high].
            let term_low = need_low - (high - own_high);
            let term_high = need_high - (low - own_low);
            let (var_low, var_high) = if coefficient > 0 {
                (
                    div_ceil(term_low, coefficient),
                    div_floor(term_high, coefficient),
                )
            } else {
                (
                    div_ceil(term_high, coefficient),
                    div_floor(term_low, coefficient),
                )
            };
            if var_low > min {
                ctx.remove_below(var, clamp(var_low), why)?;
            }
            if var_high < max {
                ctx.remove_above(var, clamp(var_high), why)?;
            }
        }
        Ok(())
    }

    /// `≠`: with one open term left, its value that would make the sum `rhs` goes.
    fn not_equal(&self, ctx: &mut Context<'_>, rhs: i64, why: &Why<'_>) -> Result<(), Conflict> {
        let mut fixed = 0i64;
        let mut open = None;
        for &(coefficient, var) in &self.terms {
            match ctx.domains().value(var) {
                Some(value) => fixed += coefficient * i64::from(value),
                None if open.is_some() => return Ok(()),
                None => open = Some((coefficient, var)),
            }
        }
        let Some((coefficient, var)) = open else {
            return Ok(()); // every term fixed and the verdict was not `Fails`
        };
        let rest = rhs - fixed;
        if coefficient != 0
            && rest % coefficient == 0
            && let Ok(value) = Value::try_from(rest / coefficient)
        {
            ctx.remove(var, value, why)?;
        }
        Ok(())
    }

    fn negation(test: LinearTest, rhs: i64) -> (LinearTest, i64) {
        match test {
            LinearTest::Equal => (LinearTest::NotEqual, rhs),
            LinearTest::NotEqual => (LinearTest::Equal, rhs),
            LinearTest::AtMost => (LinearTest::AtLeast, rhs + 1),
            LinearTest::AtLeast => (LinearTest::AtMost, rhs - 1),
        }
    }

    /// Set the boolean to what the bounds decided.
    fn decide(&self, ctx: &mut Context<'_>, boolean: VarId, truth: bool) -> Result<(), Conflict> {
        let text = |names: &Names| {
            format!(
                "{}: the sum's bounds decide the test, so {} is {truth}",
                self.name,
                names.var_name(boolean)
            )
        };
        let why = Why::new("reified test decided")
            .cause(&self.scope)
            .named_text(&text);
        ctx.assign(boolean, Value::from(truth), &why)?;
        Ok(())
    }
}

/// A variable's smallest and largest value; `None` when its domain is empty.
fn bounds(ctx: &Context<'_>, var: VarId) -> Option<(i64, i64)> {
    let domains = ctx.domains();
    Some((i64::from(domains.min(var)?), i64::from(domains.max(var)?)))
}

fn clamp(value: i64) -> Value {
    value.clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value
}

fn div_floor(a: i64, b: i64) -> i64 {
    let quotient = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        quotient - 1
    } else {
        quotient
    }
}

fn div_ceil(a: i64, b: i64) -> i64 {
    let quotient = a / b;
    if a % b != 0 && ((a < 0) == (b < 0)) {
        quotient + 1
    } else {
        quotient
    }
}

impl Rule for ReifiedLinear {
    /// Bounds reasoning on intervals (see [`crate::domain`]).
    fn handles_intervals(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.scope, Events::BOUNDS | Events::ASSIGNED)
    }

    fn post(&mut self, posting: &mut Posting<'_>) -> Result<(), Error> {
        let mut magnitude = self.rhs.unsigned_abs() as i128;
        for &(coefficient, var) in &self.terms {
            let range = posting.range(var);
            let largest = i64::from(*range.start())
                .unsigned_abs()
                .max(i64::from(*range.end()).unsigned_abs());
            magnitude += i128::from(coefficient.unsigned_abs()) * i128::from(largest);
        }
        if magnitude >= i128::from(LIMIT) {
            return Err(Error::InvalidRule {
                rule: self.name.clone(),
                problem: format!("the sum may reach {magnitude}, beyond 2^60"),
            });
        }
        if let Some((boolean, _)) = self.boolean {
            let range = posting.range(boolean);
            if *range.start() < 0 || *range.end() > 1 {
                return Err(Error::InvalidRule {
                    rule: self.name.clone(),
                    problem: "the boolean must range over 0 (false) and 1 (true)".into(),
                });
            }
        }
        Ok(())
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let truth = match self.boolean {
            None => Some(true),
            Some((boolean, _)) => ctx.domains().value(boolean).map(|value| value == 1),
        };
        match (truth, self.boolean) {
            (Some(true), _) => self.enforce(ctx, self.test, self.rhs),
            (Some(false), Some((_, Reification::Equivalent))) => {
                let (test, rhs) = Self::negation(self.test, self.rhs);
                self.enforce(ctx, test, rhs)
            }
            (Some(false), _) => {
                ctx.declare_entailed();
                Ok(())
            }
            (None, Some((boolean, how))) => {
                let Some(sum) = self.sum_bounds(ctx) else {
                    return Err(ctx.conflict(&Why::new("linear bounds")));
                };
                match Self::verdict(self.test, self.rhs, sum) {
                    Verdict::Holds if how == Reification::Equivalent => {
                        self.decide(ctx, boolean, true)
                    }
                    Verdict::Fails => self.decide(ctx, boolean, false),
                    _ => Ok(()),
                }
            }
            (None, None) => Ok(()),
        }
    }

    fn holds(&self, values: &[Value]) -> bool {
        let sum: i64 = (self.terms.iter())
            .map(|&(coefficient, var)| coefficient * i64::from(values[var.index()]))
            .sum();
        let test = self.test.holds(sum, self.rhs);
        match self.boolean {
            None => test,
            Some((boolean, how)) => {
                let truth = values[boolean.index()] == 1;
                match how {
                    Reification::Equivalent => truth == test,
                    Reification::Implied => !truth || test,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{Random, after, assert_sound, random_case};

    const TESTS: [LinearTest; 4] = [
        LinearTest::Equal,
        LinearTest::NotEqual,
        LinearTest::AtMost,
        LinearTest::AtLeast,
    ];

    /// Random sums of three terms, sound on every random state (the oracle's
    /// brute force).
    #[test]
    fn sound_on_random_states() {
        let mut random = Random::new(27);
        for round in 0..3000 {
            let test = TESTS[round % 4];
            let coefficients: Vec<i64> = (0..3).map(|_| random.below(7) as i64 - 3).collect();
            let rhs = random.below(9) as i64 - 3;
            let (model, state) = random_case(&mut random, 3, 4, |vars| {
                let terms = coefficients.iter().copied().zip(vars.iter().copied());
                ReifiedLinear::new("sum", terms.collect(), test, rhs)
            });
            assert_sound(&model, &state);
        }
    }

    /// With a boolean: its variable over 0..=1, the rest random.
    #[test]
    fn sound_with_booleans() {
        let mut random = Random::new(8);
        for round in 0..3000 {
            let test = TESTS[round % 4];
            let coefficients: Vec<i64> = (0..3).map(|_| random.below(5) as i64 - 2).collect();
            let rhs = random.below(7) as i64 - 3;
            let how = if round % 2 == 0 {
                Reification::Equivalent
            } else {
                Reification::Implied
            };
            let mut model = crate::Model::new();
            let vars = model.new_vars_in(3, -1..=2).unwrap();
            let boolean = model.new_var(2);
            let terms = coefficients.iter().copied().zip(vars.iter().copied());
            let rule = ReifiedLinear::new("sum", terms.collect(), test, rhs).reified(boolean, how);
            model.add_rule(rule).unwrap();
            let mut state = model.domains();
            for var in vars.iter().copied().chain([boolean]) {
                let range = state.range(var);
                let keep = random.below(1 << range.clone().count()).max(1);
                for (bit, value) in range.enumerate() {
                    if keep >> bit & 1 == 0 {
                        state.remove(var, value).unwrap();
                    }
                }
            }
            assert_sound(&model, &state);
        }
    }

    /// The boolean is decided as soon as the bounds decide the test, and a true
    /// boolean narrows the terms.
    #[test]
    fn decides_and_enforces() {
        let mut model = crate::Model::new();
        let x = model.new_var(5);
        let boolean = model.new_var(2);
        let rule = ReifiedLinear::new("x ≤ 2", vec![(1, x)], LinearTest::AtMost, 2)
            .reified(boolean, Reification::Equivalent);
        model.add_rule(rule).unwrap();
        let mut state = model.domains();
        state.assign(boolean, 1).unwrap();
        let narrowed = after(&model, &state).expect("no conflict");
        assert_eq!(narrowed.max(x), Some(2));
        let mut state = model.domains();
        state.assign(boolean, 0).unwrap();
        let narrowed = after(&model, &state).expect("no conflict");
        assert_eq!(narrowed.min(x), Some(3));
        let mut state = model.domains();
        state.remove(x, 0).unwrap();
        for value in 3..5 {
            state.remove(x, value).unwrap();
        }
        let decided = after(&model, &state).expect("no conflict");
        assert_eq!(decided.value(boolean), Some(1));
    }

    #[test]
    fn refuses_a_wide_boolean_and_a_huge_sum() {
        let mut model = crate::Model::new();
        let x = model.new_var_in(0..=(1 << 23)).unwrap();
        let wide = model.new_var(3);
        let rule = ReifiedLinear::new("b", vec![(1, x)], LinearTest::Equal, 1)
            .reified(wide, Reification::Implied);
        assert!(model.add_rule(rule).is_err());
        let huge = ReifiedLinear::new("huge", vec![(1 << 40, x)], LinearTest::Equal, 1);
        assert!(model.add_rule(huge).is_err());
    }
}
