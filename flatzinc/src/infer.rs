//! Bounds for `var int` declared without a domain. MiniZinc leaves a variable
//! unbounded where it cannot compute its range, typically one that a constraint
//! defines (`int_lin_eq`, `int_times`, an element lookup). The engine's domains
//! are over a declared range, so such a variable takes the range its defining
//! constraint gives from the bounds of its inputs, found by passes over the
//! constraints until nothing changes. A range wider than [`crate::MAX_DOMAIN`]
//! values becomes an interval; one beyond `i32`, or still unknown, is declined
//! when the variable is created.

use std::collections::HashMap;

use crate::ast::{BaseType, Domain, Expr, FlatZinc};

/// A closed range of integers.
pub(crate) type Bounds = (i64, i64);

/// How many passes over the constraints to make at most: each pass bounds at
/// least one more variable of a chain.
const PASSES: usize = 64;

/// The bounds found for the model's unbounded integer variables, by name.
pub(crate) fn inferred_bounds(flatzinc: &FlatZinc) -> HashMap<String, Bounds> {
    let mut known = Known::new(flatzinc);
    let mut found = HashMap::new();
    for _ in 0..PASSES {
        let mut changed = false;
        for constraint in &flatzinc.constraints {
            let Some((name, bounds)) = known.defined_by(&constraint.name, &constraint.args) else {
                continue;
            };
            known.scalars.insert(name.clone(), bounds);
            found.insert(name, bounds);
            changed = true;
        }
        if !changed {
            break;
        }
    }
    found
}

/// What is known of each name: scalar bounds, and arrays' elements.
struct Known<'f> {
    scalars: HashMap<String, Bounds>,
    arrays: HashMap<String, &'f [Expr]>,
    array_bounds: HashMap<String, Bounds>,
}

impl<'f> Known<'f> {
    fn new(flatzinc: &'f FlatZinc) -> Self {
        let mut known = Known {
            scalars: HashMap::new(),
            arrays: HashMap::new(),
            array_bounds: HashMap::new(),
        };
        for parameter in &flatzinc.parameters {
            match &parameter.value {
                Expr::Int(value) => {
                    known
                        .scalars
                        .insert(parameter.name.clone(), (*value, *value));
                }
                Expr::Array(items) => {
                    known.arrays.insert(parameter.name.clone(), items);
                }
                _ => {}
            }
        }
        for variable in &flatzinc.variables {
            let declared = match (&variable.base, &variable.domain) {
                (BaseType::Bool, _) => Some((0, 1)),
                (_, Domain::Range(low, high)) => Some((*low, *high)),
                (_, Domain::Set(values)) => Some((
                    values.iter().copied().min().unwrap_or(0),
                    values.iter().copied().max().unwrap_or(0),
                )),
                _ => None,
            };
            match (&variable.value, variable.array_len, declared) {
                (Some(Expr::Array(items)), Some(_), _) => {
                    known.arrays.insert(variable.name.clone(), items);
                }
                (None, Some(_), Some(bounds)) => {
                    known.array_bounds.insert(variable.name.clone(), bounds);
                }
                (_, None, Some(bounds)) => {
                    known.scalars.insert(variable.name.clone(), bounds);
                }
                _ => {}
            }
        }
        known
    }

    fn bounds(&self, expr: &Expr) -> Option<Bounds> {
        match expr {
            Expr::Int(value) => Some((*value, *value)),
            Expr::Bool(value) => Some((i64::from(*value), i64::from(*value))),
            Expr::Ident(name) => self.scalars.get(name).copied(),
            Expr::Access(name, index) => match self.arrays.get(name) {
                Some(items) => self.bounds(items.get(usize::try_from(*index - 1).ok()?)?),
                None => self.array_bounds.get(name).copied(),
            },
            _ => None,
        }
    }

    fn items(&self, expr: &'f Expr) -> Option<Vec<&'f Expr>> {
        match expr {
            Expr::Array(items) => Some(items.iter().collect()),
            Expr::Ident(name) => self.arrays.get(name).map(|items| items.iter().collect()),
            _ => None,
        }
    }

    fn unbounded_name(&self, expr: &Expr) -> Option<String> {
        match expr {
            Expr::Ident(name) if self.bounds(expr).is_none() => Some(name.clone()),
            _ => None,
        }
    }

    /// The variable a constraint defines and its bounds, when it is the one
    /// unbounded variable of a functional or linear equality constraint.
    fn defined_by(&self, name: &str, args: &'f [Expr]) -> Option<(String, Bounds)> {
        match (name, args) {
            ("int_lin_eq", [coefficients, items, rhs]) => self.linear(coefficients, items, rhs),
            ("int_plus", [a, b, c]) => {
                let target = self.unbounded_name(c)?;
                let ((la, ha), (lb, hb)) = (self.bounds(a)?, self.bounds(b)?);
                Some((target, (la.checked_add(lb)?, ha.checked_add(hb)?)))
            }
            ("int_times", [a, b, c]) => {
                let target = self.unbounded_name(c)?;
                let ((la, ha), (lb, hb)) = (self.bounds(a)?, self.bounds(b)?);
                let corners = [
                    la.checked_mul(lb)?,
                    la.checked_mul(hb)?,
                    ha.checked_mul(lb)?,
                    ha.checked_mul(hb)?,
                ];
                Some((target, (*corners.iter().min()?, *corners.iter().max()?)))
            }
            ("int_abs", [a, b]) => {
                let target = self.unbounded_name(b)?;
                let (low, high) = self.bounds(a)?;
                let top = low.checked_abs()?.max(high.checked_abs()?);
                Some((target, (0, top)))
            }
            ("int_min" | "int_max", [a, b, c]) => {
                let target = self.unbounded_name(c)?;
                let ((la, ha), (lb, hb)) = (self.bounds(a)?, self.bounds(b)?);
                Some((target, (la.min(lb), ha.max(hb))))
            }
            ("int_div" | "int_mod", [a, _, c]) => {
                let target = self.unbounded_name(c)?;
                let (low, high) = self.bounds(a)?;
                let top = low.checked_abs()?.max(high.checked_abs()?);
                Some((target, (-top, top)))
            }
            ("bool2int", [_, b]) => Some((self.unbounded_name(b)?, (0, 1))),
            ("array_int_element" | "array_var_int_element", [_, array, c]) => {
                let target = self.unbounded_name(c)?;
                let mut hull: Option<Bounds> = None;
                for item in self.items(array)? {
                    let (low, high) = self.bounds(item)?;
                    hull = Some(hull.map_or((low, high), |(l, h)| (l.min(low), h.max(high))));
                }
                Some((target, hull?))
            }
            _ => None,
        }
    }

    /// `Σ a·x = rhs` with one unbounded `x`: its range from the others'.
    fn linear(&self, coefficients: &Expr, items: &'f Expr, rhs: &Expr) -> Option<(String, Bounds)> {
        let coefficients: Vec<i64> = (self.items_of_ints(coefficients))?;
        let items = self.items(items)?;
        let (rhs, _) = self.bounds(rhs)?;
        let mut target = None;
        let (mut low, mut high) = (0i64, 0i64);
        for (&coefficient, item) in coefficients.iter().zip(&items) {
            match self.bounds(item) {
                Some((l, h)) => {
                    let (a, b) = (coefficient.checked_mul(l)?, coefficient.checked_mul(h)?);
                    low = low.checked_add(a.min(b))?;
                    high = high.checked_add(a.max(b))?;
                }
                None if target.is_none() => {
                    target = Some((coefficient, self.unbounded_name(item)?))
                }
                None => return None,
            }
        }
        let (coefficient, name) = target?;
        // coefficient · x ∈ [rhs − high, rhs − low]
        let (from, to) = (rhs.checked_sub(high)?, rhs.checked_sub(low)?);
        let (a, b) = (from / coefficient, to / coefficient);
        // Truncated quotients widened by one keep every integer solution inside.
        Some((name, (a.min(b).checked_sub(1)?, a.max(b).checked_add(1)?)))
    }

    fn items_of_ints(&self, expr: &'f Expr) -> Option<Vec<i64>> {
        (self.items(expr)?.into_iter())
            .map(|item| match item {
                Expr::Int(value) => Some(*value),
                _ => None,
            })
            .collect()
    }
}
