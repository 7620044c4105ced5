//! `z = x op y` for the integer operations a linear sum cannot say: product,
//! quotient, remainder, minimum, maximum, absolute value and power (FlatZinc's
//! `int_times`, `int_div`, `int_mod`, `int_min`, `int_max`, `int_abs`,
//! `int_pow`).
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::rules::{Arithmetic, Operation};
//!
//! // z = x × y with x, y in 0..=3 and z = 6: x and y are 2 and 3 in some order.
//! let mut model = Model::new();
//! let (x, y) = (model.new_var(4), model.new_var(4));
//! let z = model.new_var_in(6..=6)?;
//! model.add_rule(Arithmetic::new("x × y = z", Operation::Times, x, y, z))?;
//! let mut state = model.domains();
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert!(state.iter(x).eq([2, 3]));
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! # What it achieves
//!
//! While `x` and `y` have at most [`Arithmetic::SUPPORT_LIMIT`] pairs of
//! candidates, the rule keeps exactly the values with a support (domain
//! consistency when `x`, `y` and `z` are different variables; the oracle checks
//! it). Beyond that it narrows `z` to the range the operation can reach from the
//! inputs' bounds (product, minimum, maximum, absolute value) and, once both inputs
//! are fixed, fixes `z`. A quotient or remainder by zero has no value: such pairs
//! are no support.

use smallvec::SmallVec;

use crate::domain::{Value, VarId};
use crate::names::Names;
use crate::propagation::{Conflict, Consistency, Context, Events, Rule, Watch, Why};
use crate::value_set::ValueSet;

/// The operation of an [`Arithmetic`] rule. Integer division truncates towards
/// zero and the remainder takes the sign of the dividend (as in FlatZinc and Rust).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Operation {
    /// `x × y`
    Times,
    /// `x ÷ y`, truncated; no value for `y = 0`
    Divide,
    /// `x mod y`, the sign of `x`; no value for `y = 0`
    Modulo,
    /// `min(x, y)`
    Minimum,
    /// `max(x, y)`
    Maximum,
    /// `|x|` (`y` is ignored: pass `x` again)
    Absolute,
    /// `x ^ y`; no value for a negative `y`
    Power,
}

impl Operation {
    /// The operation on two values; `None` where it has no value or leaves `i32`.
    pub fn apply(self, x: Value, y: Value) -> Option<Value> {
        let (x, y) = (i64::from(x), i64::from(y));
        let result = match self {
            Operation::Times => x * y,
            Operation::Divide => x.checked_div(y)?,
            Operation::Modulo => x.checked_rem(y)?,
            Operation::Minimum => x.min(y),
            Operation::Maximum => x.max(y),
            Operation::Absolute => x.abs(),
            Operation::Power => x.checked_pow(u32::try_from(y).ok()?)?,
        };
        Value::try_from(result).ok()
    }

    fn describe(self, x: &str, y: &str) -> String {
        match self {
            Operation::Times => format!("{x} × {y}"),
            Operation::Divide => format!("{x} div {y}"),
            Operation::Modulo => format!("{x} mod {y}"),
            Operation::Minimum => format!("min({x}, {y})"),
            Operation::Maximum => format!("max({x}, {y})"),
            Operation::Absolute => format!("|{x}|"),
            Operation::Power => format!("{x}^{y}"),
        }
    }

    /// The range of the result over the inputs' bounds, where the operation is
    /// monotone enough for the corners to give it.
    fn range(self, x: (i64, i64), y: (i64, i64)) -> Option<(i64, i64)> {
        match self {
            Operation::Times => {
                let corners = [x.0 * y.0, x.0 * y.1, x.1 * y.0, x.1 * y.1];
                Some((*corners.iter().min()?, *corners.iter().max()?))
            }
            Operation::Minimum => Some((x.0.min(y.0), x.1.min(y.1))),
            Operation::Maximum => Some((x.0.max(y.0), x.1.max(y.1))),
            Operation::Absolute => {
                let low = if x.0 <= 0 && x.1 >= 0 {
                    0
                } else {
                    x.0.abs().min(x.1.abs())
                };
                Some((low, x.0.abs().max(x.1.abs())))
            }
            Operation::Divide | Operation::Modulo | Operation::Power => None,
        }
    }
}

/// How many values (or flags) a run keeps inline before it allocates: a
/// branch and bound over a product ran the rule at every node with a handful
/// of candidates, and its short lists were a quarter of its cost on the heap.
const INLINE: usize = 16;

/// A short list of values, inline up to [`INLINE`].
type Values = SmallVec<[Value; INLINE]>;

/// `z = x op y` (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct Arithmetic {
    name: String,
    operation: Operation,
    x: VarId,
    y: VarId,
    z: VarId,
    scope: Vec<VarId>,
}

impl Arithmetic {
    /// The most pairs of input candidates the rule enumerates for domain
    /// consistency; beyond, it reasons on bounds.
    pub const SUPPORT_LIMIT: u64 = 1 << 12;

    /// `z = x op y`; for [`Operation::Absolute`], `y` is not read (pass `x`).
    pub fn new(
        name: impl Into<String>,
        operation: Operation,
        x: VarId,
        y: VarId,
        z: VarId,
    ) -> Self {
        let mut scope = vec![x, y, z];
        scope.sort_unstable();
        scope.dedup();
        Arithmetic {
            name: name.into(),
            operation,
            x,
            y,
            z,
            scope,
        }
    }

    fn unary(&self) -> bool {
        self.operation == Operation::Absolute || self.x == self.y
    }

    fn sentence(&self, names: &Names) -> String {
        let (x, y) = (names.var_name(self.x), names.var_name(self.y));
        format!(
            "{}: {} = {} leaves these values no support",
            self.name,
            names.var_name(self.z),
            self.operation.describe(&x, &y)
        )
    }

    /// Keep every value with a support. Each input value is marked once it
    /// has one (no list of a value per pair to sort), and an interval `z`
    /// keeps only the smallest and largest supported result.
    fn supports(&self, ctx: &mut Context<'_>, why: &Why<'_>) -> Result<(), Conflict> {
        let domains = ctx.domains();
        let xs: Values = domains.iter(self.x).collect();
        let unary = self.unary();
        let ys: Values = match unary {
            true => xs.clone(),
            false => domains.iter(self.y).collect(),
        };
        let mut x_kept: SmallVec<[bool; INLINE]> = SmallVec::from_elem(false, xs.len());
        let mut y_kept: SmallVec<[bool; INLINE]> = SmallVec::from_elem(false, ys.len());
        let interval = domains.is_bounds(self.z);
        let mut results = Supported::new(interval);
        // An interval result is a range test, read once rather than asked of
        // the store at every pair.
        let (low, high) = (domains.min(self.z), domains.max(self.z));
        let (low, high) = (low.unwrap_or(Value::MAX), high.unwrap_or(Value::MIN));
        if interval && !unary && self.operation == Operation::Times {
            let bounds = (i64::from(low), i64::from(high));
            return self.product_supports(ctx, why, &xs, &ys, bounds);
        }
        let holds = |z: Value| match interval {
            true => (low..=high).contains(&z),
            false => domains.contains(self.z, z),
        };
        for (i, &x) in xs.iter().enumerate() {
            // The pairs to try: only `x = y` when both are one variable or `y`
            // is not read.
            let pairs = if unary { i..i + 1 } else { 0..ys.len() };
            for j in pairs {
                let Some(z) = self.operation.apply(x, ys[j]) else {
                    continue;
                };
                if holds(z) {
                    (x_kept[i], y_kept[j]) = (true, true);
                    results.add(z);
                }
            }
        }
        let kept = |values: &[Value], kept: &[bool]| -> Values {
            let pairs = values.iter().zip(kept);
            pairs.filter(|(_, kept)| **kept).map(|(&v, _)| v).collect()
        };
        let y_read = self.operation != Operation::Absolute || self.y == self.x;
        let x_kept = kept(&xs, &x_kept);
        let y_kept = kept(&ys, &y_kept);
        for (var, kept) in [
            (self.x, x_kept),
            (self.y, y_kept),
            (self.z, results.values()),
        ] {
            if var == self.y && !y_read {
                continue;
            }
            keep_sorted(ctx, var, &kept, why)?;
        }
        Ok(())
    }

    /// [`Arithmetic::supports`] of `x × y` into an interval `z` of bounds
    /// `low..=high`: for each `x`, the `y` whose product lies in the bounds
    /// are one run of the ascending `ys`, found by two binary searches, so the
    /// supports take `|xs| log |ys|` steps instead of `|xs| |ys|`, with the
    /// same result (a product in an interval of `i32` bounds fits an `i32`).
    fn product_supports(
        &self,
        ctx: &mut Context<'_>,
        why: &Why<'_>,
        xs: &[Value],
        ys: &[Value],
        (low, high): (i64, i64),
    ) -> Result<(), Conflict> {
        let mut x_kept = Values::new();
        // +1 where a run of supported `y` starts, −1 past its end.
        let mut run_edges: SmallVec<[i64; INLINE]> = SmallVec::from_elem(0, ys.len() + 1);
        let mut results = Supported::new(true);
        for &x in xs {
            let Some((from, to)) = factor_run(x, ys, low, high) else {
                continue;
            };
            x_kept.push(x);
            run_edges[from] += 1;
            run_edges[to] -= 1;
            // The product is monotone in `y`: its extremes are at the ends.
            for y in [ys[from], ys[to - 1]] {
                results.add((i64::from(x) * i64::from(y)) as Value);
            }
        }
        let mut runs = 0;
        let y_kept: Values = (ys.iter().zip(&run_edges))
            .filter(|&(_, &edge)| {
                runs += edge;
                runs > 0
            })
            .map(|(&y, _)| y)
            .collect();
        for (var, kept) in [
            (self.x, x_kept),
            (self.y, y_kept),
            (self.z, results.values()),
        ] {
            keep_sorted(ctx, var, &kept, why)?;
        }
        Ok(())
    }

    /// Bounds of `z` from the inputs', and `z` fixed once they are.
    fn bounds(&self, ctx: &mut Context<'_>, why: &Why<'_>) -> Result<(), Conflict> {
        let domains = ctx.domains();
        let (Some(x), Some(y)) = (span(domains, self.x), span(domains, self.y)) else {
            return Err(ctx.conflict(why));
        };
        if x.0 == x.1 && y.0 == y.1 {
            return match self.operation.apply(x.0 as Value, y.0 as Value) {
                Some(z) => ctx.assign(self.z, z, why).map(|_| ()),
                None => Err(ctx.conflict(why)),
            };
        }
        if let Some((low, high)) = self.operation.range(x, y) {
            let clamp = |value: i64| value.clamp(Value::MIN.into(), Value::MAX.into()) as Value;
            ctx.remove_below(self.z, clamp(low), why)?;
            ctx.remove_above(self.z, clamp(high), why)?;
        }
        Ok(())
    }
}

/// The run `from..to` of the ascending `ys` whose product with `x` lies in
/// `low..=high`, or `None` when no `y` has one.
fn factor_run(x: Value, ys: &[Value], low: i64, high: i64) -> Option<(usize, usize)> {
    let x = i64::from(x);
    let (smallest, largest) = match x.cmp(&0) {
        std::cmp::Ordering::Equal if low <= 0 && 0 <= high => (i64::MIN, i64::MAX),
        std::cmp::Ordering::Equal => return None,
        std::cmp::Ordering::Greater => (ceil_div(low, x), floor_div(high, x)),
        std::cmp::Ordering::Less => (ceil_div(high, x), floor_div(low, x)),
    };
    let from = ys.partition_point(|&y| i64::from(y) < smallest);
    let to = ys.partition_point(|&y| i64::from(y) <= largest);
    (from < to).then_some((from, to))
}

/// `a / b` rounded down (`b` not 0).
fn floor_div(a: i64, b: i64) -> i64 {
    let quotient = a / b;
    match a % b != 0 && (a < 0) != (b < 0) {
        true => quotient - 1,
        false => quotient,
    }
}

/// `a / b` rounded up (`b` not 0).
fn ceil_div(a: i64, b: i64) -> i64 {
    let quotient = a / b;
    match a % b != 0 && (a < 0) == (b < 0) {
        true => quotient + 1,
        false => quotient,
    }
}

/// Keep only the values of `kept` (ascending, no repeats) in `var`; an
/// interval keeps no holes, so its bounds jump to the smallest and largest
/// (walking the values between, as many as the whole range, could remove
/// nothing).
fn keep_sorted(
    ctx: &mut Context<'_>,
    var: VarId,
    kept: &[Value],
    why: &Why<'_>,
) -> Result<(), Conflict> {
    if let (true, Some(&low), Some(&high)) =
        (ctx.domains().is_bounds(var), kept.first(), kept.last())
    {
        ctx.remove_below(var, low, why)?;
        ctx.remove_above(var, high, why)?;
        return Ok(());
    }
    if let [value] = kept {
        // One value: no set to build.
        return ctx.assign(var, *value, why).map(|_| ());
    }
    let set: ValueSet = kept.iter().copied().collect();
    ctx.retain(var, &set, why).map(|_| ())
}

/// The supported results of `z`: every one for a bitset, the smallest and
/// largest for an interval (which holds no holes).
enum Supported {
    Values(Values),
    Bounds(Option<(Value, Value)>),
}

impl Supported {
    fn new(interval: bool) -> Self {
        match interval {
            true => Supported::Bounds(None),
            false => Supported::Values(Values::new()),
        }
    }

    fn add(&mut self, value: Value) {
        match self {
            Supported::Values(values) => values.push(value),
            Supported::Bounds(bounds) => {
                let (low, high) = bounds.get_or_insert((value, value));
                (*low, *high) = ((*low).min(value), (*high).max(value));
            }
        }
    }

    /// The results, ascending, without repeats (an interval's two bounds).
    fn values(self) -> Values {
        match self {
            Supported::Values(mut values) => {
                values.sort_unstable();
                values.dedup();
                values
            }
            Supported::Bounds(None) => Values::new(),
            Supported::Bounds(Some((low, high))) => SmallVec::from_slice(&[low, high]),
        }
    }
}

fn span(domains: &crate::Domains, var: VarId) -> Option<(i64, i64)> {
    Some((domains.min(var)?.into(), domains.max(var)?.into()))
}

impl Rule for Arithmetic {
    /// Bounds reasoning on intervals (see [`crate::domain`]).
    fn handles_intervals(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.scope, Events::REMOVED)
    }

    fn consistency(&self) -> Consistency {
        Consistency::Unspecified
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let text = |names: &Names| self.sentence(names);
        let why = Why::new("arithmetic support")
            .cause(&self.scope)
            .named_text(&text);
        let domains = ctx.domains();
        let pairs = if self.unary() {
            u64::from(domains.count(self.x))
        } else {
            u64::from(domains.count(self.x)) * u64::from(domains.count(self.y))
        };
        if pairs <= Self::SUPPORT_LIMIT {
            self.supports(ctx, &why)
        } else {
            self.bounds(ctx, &why)
        }
    }

    fn holds(&self, values: &[Value]) -> bool {
        let (x, y) = (values[self.x.index()], values[self.y.index()]);
        self.operation.apply(x, y) == Some(values[self.z.index()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{Random, after, assert_sound, random_case, supported};

    const OPERATIONS: [Operation; 7] = [
        Operation::Times,
        Operation::Divide,
        Operation::Modulo,
        Operation::Minimum,
        Operation::Maximum,
        Operation::Absolute,
        Operation::Power,
    ];

    /// Sound on random states, and with three different variables every value
    /// kept has a support (domain consistency, by brute force).
    #[test]
    fn sound_and_domain_consistent_on_random_states() {
        let mut random = Random::new(11);
        for round in 0..4000 {
            let operation = OPERATIONS[round % OPERATIONS.len()];
            let (model, state) = random_case(&mut random, 3, 5, |vars| {
                Arithmetic::new("op", operation, vars[0], vars[1], vars[2])
            });
            assert_sound(&model, &state);
            let Some(narrowed) = after(&model, &state) else {
                assert!(supported(&model, &state).is_none(), "{state:?}");
                continue;
            };
            if operation == Operation::Absolute {
                continue; // y is not read: its values all stay
            }
            let expected = supported(&model, &state).expect("a solution");
            let kept = crate::rules::testing::candidates(&model, &narrowed);
            assert_eq!(kept, expected, "{operation:?} on {state:?}");
        }
    }

    /// Inputs too many to enumerate: bounds, and a fixed result once both are fixed.
    #[test]
    fn bounds_beyond_the_limit() {
        let mut model = crate::Model::new();
        let x = model.new_var_in(-100..=100).unwrap();
        let y = model.new_var_in(0..=100).unwrap();
        let z = model.new_var_in(-100_000..=100_000).unwrap();
        model
            .add_rule(Arithmetic::new("x × y", Operation::Times, x, y, z))
            .unwrap();
        let narrowed = after(&model, &model.domains()).unwrap();
        assert_eq!(
            (narrowed.min(z), narrowed.max(z)),
            (Some(-10_000), Some(10_000))
        );
        let mut state = model.domains();
        state.assign(x, -7).unwrap();
        state.assign(y, 6).unwrap();
        assert_eq!(after(&model, &state).unwrap().value(z), Some(-42));
    }

    /// Few enough pairs, an interval result: the inputs keep exactly their
    /// supported values, the result moves to the smallest and largest
    /// supported product (brute force).
    #[test]
    fn supports_with_an_interval_result() {
        let mut model = crate::Model::new();
        let x = model.new_var_in(0..=20).unwrap();
        let y = model.new_var_in(-5..=20).unwrap();
        let z = model.new_var_in(0..=1_000_000).unwrap();
        model
            .add_rule(Arithmetic::new("x × y", Operation::Times, x, y, z))
            .unwrap();
        let mut state = model.domains();
        state.retain(z, &ValueSet::inclusive(150..=160));
        let narrowed = after(&model, &state).unwrap();
        let products: Vec<(Value, Value)> = (0..=20)
            .flat_map(|x| (-5..=20).map(move |y| (x, y)))
            .filter(|(x, y)| (150..=160).contains(&(x * y)))
            .collect();
        let xs: Vec<Value> = narrowed.iter(x).collect();
        let mut expected: Vec<Value> = products.iter().map(|&(x, _)| x).collect();
        expected.sort_unstable();
        expected.dedup();
        assert_eq!(xs, expected);
        let low = products.iter().map(|(x, y)| x * y).min();
        let high = products.iter().map(|(x, y)| x * y).max();
        assert_eq!((narrowed.min(z), narrowed.max(z)), (low, high));
    }

    /// The same with random inputs of both signs and random result bounds:
    /// the binary searches of a product keep what enumerating every pair
    /// keeps.
    #[test]
    fn product_supports_match_brute_force() {
        let mut random = Random::new(27);
        for _ in 0..300 {
            let mut model = crate::Model::new();
            let x = model.new_var_in(-30..=30).unwrap();
            let y = model.new_var_in(-30..=30).unwrap();
            let z = model.new_var_in(-1_000_000..=1_000_000).unwrap();
            model
                .add_rule(Arithmetic::new("x × y", Operation::Times, x, y, z))
                .unwrap();
            let mut state = model.domains();
            let keep = |random: &mut Random| -> ValueSet {
                (-30..=30).filter(|_| random.below(3) > 0).collect()
            };
            state.retain(x, &keep(&mut random));
            state.retain(y, &keep(&mut random));
            let low = random.below(1200) as Value - 600;
            let high = low + random.below(400) as Value;
            state.retain(z, &ValueSet::inclusive(low..=high));
            let pairs: Vec<(Value, Value)> = (state.iter(x))
                .flat_map(|a| state.iter(y).map(move |b| (a, b)))
                .filter(|(a, b)| (low..=high).contains(&(a * b)))
                .collect();
            let Some(narrowed) = after(&model, &state) else {
                assert!(pairs.is_empty(), "{state:?}");
                continue;
            };
            let values = |pick: fn(&(Value, Value)) -> Value| {
                let mut values: Vec<Value> = pairs.iter().map(pick).collect();
                values.sort_unstable();
                values.dedup();
                values
            };
            assert_eq!(narrowed.iter(x).collect::<Vec<_>>(), values(|p| p.0));
            assert_eq!(narrowed.iter(y).collect::<Vec<_>>(), values(|p| p.1));
            let products = values(|p| p.0 * p.1);
            let bounds = (products.first().copied(), products.last().copied());
            assert_eq!((narrowed.min(z), narrowed.max(z)), bounds, "{state:?}");
        }
    }

    #[test]
    fn floor_and_ceiling_division() {
        for (a, b) in [(7, 2), (-7, 2), (7, -2), (-7, -2), (6, 3), (-6, 3), (0, -5)] {
            let exact = a as f64 / b as f64;
            assert_eq!(floor_div(a, b), exact.floor() as i64, "{a} / {b}");
            assert_eq!(ceil_div(a, b), exact.ceil() as i64, "{a} / {b}");
        }
    }

    #[test]
    fn division_truncates_and_zero_has_no_value() {
        assert_eq!(Operation::Divide.apply(-7, 2), Some(-3));
        assert_eq!(Operation::Modulo.apply(-7, 2), Some(-1));
        assert_eq!(Operation::Divide.apply(1, 0), None);
        assert_eq!(Operation::Power.apply(2, -1), None);
        assert_eq!(Operation::Power.apply(-2, 3), Some(-8));
    }
}
