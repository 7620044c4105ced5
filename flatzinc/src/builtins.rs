//! FlatZinc's builtins and Sieve's native globals as engine rules: comparisons
//! and sums as `Compare`, `LinearSum` and `ReifiedLinear`; arithmetic as
//! `Arithmetic`; lookups as `Element`; and the globals the mznlib declares
//! (`fzn_all_different_int`, `fzn_table_int`, `fzn_regular`, counts, global
//! cardinality, and `circuit` as `sieve_circuit(offset, x)`) as the engine's
//! own rules.

use sieve::rules::{
    AllDifferent, Arithmetic, Automaton, Cardinality, Circuit, Compare, Comparison, Element,
    GlobalCardinality, LinearSum, LinearTest, Operation, Regular, Reification, ReifiedLinear,
    Relation, Table,
};
use sieve::{Rule, Value, ValueSet, VarId};

use crate::ast::Constraint;
use crate::error::Error;
use crate::translate::{Arg, Translator};

/// Terms of a sum and the constant the constants among them add up to.
type Terms = (Vec<(i64, VarId)>, i64);

/// Translates one constraint into the translator's model.
pub(crate) fn post(t: &mut Translator, constraint: &Constraint) -> Result<(), Error> {
    let args: Vec<Arg> = (constraint.args.iter())
        .map(|expr| t.resolve(expr))
        .collect::<Result<_, _>>()?;
    let name = constraint.name.as_str();
    let label = format!("{name} (line {})", constraint.position.line);
    let wanted = arity(name).ok_or_else(|| {
        t.unsupported(format!(
            "the constraint `{name}` (not a builtin Sieve knows)"
        ))
    })?;
    if !wanted.contains(&args.len()) {
        return Err(t.invalid(format!(
            "`{name}` takes {wanted:?} arguments, not {}",
            args.len()
        )));
    }
    let mut poster = Poster { t, label, args };
    poster.dispatch(name)
}

/// The numbers of arguments each constraint Sieve translates may take; `None`
/// for the others.
fn arity(name: &str) -> Option<&'static [usize]> {
    const COMPARISONS: [&str; 8] = [
        "int_eq", "int_ne", "int_le", "int_lt", "bool_eq", "bool_le", "bool_lt", "set_in",
    ];
    const LINEAR: [&str; 3] = ["int_lin_eq", "int_lin_ne", "int_lin_le"];
    let (base, reified) = split_reification(name);
    Some(match base {
        _ if COMPARISONS.contains(&base) => {
            if reified {
                &[3]
            } else {
                &[2]
            }
        }
        _ if LINEAR.contains(&base) => {
            if reified {
                &[4]
            } else {
                &[3]
            }
        }
        "bool_clause" => {
            if reified {
                &[3]
            } else {
                &[2]
            }
        }
        "bool_xor" => {
            if reified {
                &[3]
            } else {
                &[2, 3]
            }
        }
        "array_bool_and" | "array_bool_or" => &[2],
        "bool_and" | "bool_or" => &[3],
        _ if reified => return None,
        "bool2int" | "bool_not" | "int_abs" | "fzn_table_int" | "table_int"
        | "array_int_maximum" | "array_int_minimum" => &[2],
        "int_plus"
        | "int_times"
        | "int_div"
        | "int_mod"
        | "int_min"
        | "int_max"
        | "int_pow"
        | "int_pow_fixed"
        | "array_int_element"
        | "array_var_int_element"
        | "array_bool_element"
        | "array_var_bool_element"
        | "bool_lin_eq"
        | "bool_lin_le"
        | "fzn_count_eq_par"
        | "fzn_count_leq_par"
        | "fzn_count_geq_par"
        | "fzn_count_lt_par"
        | "fzn_count_gt_par" => &[3],
        "array_bool_xor" | "fzn_all_different_int" | "all_different_int" | "fzn_circuit" => &[1],
        "sieve_circuit" => &[2],
        "fzn_global_cardinality_low_up" | "fzn_global_cardinality_low_up_closed" => &[4],
        "fzn_regular" => &[6],
        _ => return None,
    })
}

/// `int_le_reif` → (`int_le`, true); `bool_or_imp` → (`bool_or`, true).
fn split_reification(name: &str) -> (&str, bool) {
    match name
        .strip_suffix("_reif")
        .or_else(|| name.strip_suffix("_imp"))
    {
        Some(base) => (base, true),
        None => (name, false),
    }
}

struct Poster<'t> {
    t: &'t mut Translator,
    label: String,
    args: Vec<Arg>,
}

impl Poster<'_> {
    fn add(&mut self, rule: impl Rule + 'static) -> Result<(), Error> {
        let label = self.label.clone();
        self.t
            .model
            .add_rule(rule)
            .map(|_| ())
            .map_err(|e| self.t.engine(label, e))
    }

    fn overflow(&self) -> Error {
        self.t.unsupported(format!(
            "{}: constants beyond 64-bit arithmetic",
            self.label
        ))
    }

    fn engine(&self, error: sieve::Error) -> Error {
        self.t.engine(self.label.clone(), error)
    }

    fn var(&mut self, index: usize) -> Result<VarId, Error> {
        let arg = self.args[index].clone();
        self.t.var_of(&arg)
    }

    fn vars(&mut self, index: usize) -> Result<Vec<VarId>, Error> {
        let Arg::Array(items) = self.args[index].clone() else {
            return Err(self.t.invalid(format!(
                "argument {} of {} must be an array",
                index + 1,
                self.label
            )));
        };
        items.iter().map(|item| self.t.var_of(item)).collect()
    }

    fn int(&self, index: usize) -> Result<i64, Error> {
        int_of(&self.args[index]).ok_or_else(|| {
            self.t.invalid(format!(
                "argument {} of {} must be a constant",
                index + 1,
                self.label
            ))
        })
    }

    fn ints(&self, index: usize) -> Result<Vec<i64>, Error> {
        match &self.args[index] {
            Arg::Array(items) => items
                .iter()
                .map(|item| int_of(item).ok_or(()))
                .collect::<Result<_, _>>(),
            _ => Err(()),
        }
        .map_err(|()| {
            self.t.invalid(format!(
                "argument {} of {} must be an array of constants",
                index + 1,
                self.label
            ))
        })
    }

    fn values(&self, index: usize) -> Result<Vec<Value>, Error> {
        (self.ints(index)?.into_iter())
            .map(|value| {
                Value::try_from(value).map_err(|_| {
                    self.t
                        .unsupported(format!("the value {value} (beyond 32 bits)"))
                })
            })
            .collect()
    }

    /// `Σ coefficient · item`, constants folded into the second element.
    fn terms(&mut self, coefficients: &[i64], index: usize) -> Result<Terms, Error> {
        let Arg::Array(items) = self.args[index].clone() else {
            return Err(self.t.invalid(format!(
                "argument {} of {} must be an array",
                index + 1,
                self.label
            )));
        };
        if items.len() != coefficients.len() {
            return Err(self.t.invalid(format!(
                "{} has {} coefficients for {} variables",
                self.label,
                coefficients.len(),
                items.len()
            )));
        }
        let (mut terms, mut constant) = (Vec::new(), 0i64);
        for (&coefficient, item) in coefficients.iter().zip(&items) {
            match int_of(item) {
                Some(value) => {
                    constant = (coefficient.checked_mul(value))
                        .and_then(|term| constant.checked_add(term))
                        .ok_or_else(|| self.overflow())?;
                }
                None => terms.push((coefficient, self.t.var_of(item)?)),
            }
        }
        Ok((terms, constant))
    }

    /// `a − b` (or `a + b` with `sign` +1) as terms.
    fn pair(&mut self, a: usize, b: usize, sign: i64) -> Result<Terms, Error> {
        let items = Arg::Array(vec![self.args[a].clone(), self.args[b].clone()]);
        self.args.push(items);
        let last = self.args.len() - 1;
        let terms = self.terms(&[1, sign], last);
        self.args.pop();
        terms
    }

    /// The test `terms (test) rhs`, tied to the boolean argument `boolean` as
    /// `how` says, or alone.
    fn linear(
        &mut self,
        (terms, constant): Terms,
        test: LinearTest,
        rhs: i64,
        boolean: Option<(usize, Reification)>,
    ) -> Result<(), Error> {
        let rhs = rhs.checked_sub(constant).ok_or_else(|| self.overflow())?;
        let label = self.label.clone();
        let Some((index, how)) = boolean else {
            return self.enforce(terms, test, rhs);
        };
        match (int_of(&self.args[index]), how) {
            (Some(1), _) => self.enforce(terms, test, rhs),
            (Some(0), Reification::Equivalent) => {
                let (test, rhs) = negation(test, rhs);
                self.enforce(terms, test, rhs)
            }
            (Some(_), _) => Ok(()),
            (None, _) => {
                let boolean = self.var(index)?;
                self.add(ReifiedLinear::new(label, terms, test, rhs).reified(boolean, how))
            }
        }
    }

    /// The test must hold: the engine's incremental `LinearSum` where it says it.
    fn enforce(
        &mut self,
        terms: Vec<(i64, VarId)>,
        test: LinearTest,
        rhs: i64,
    ) -> Result<(), Error> {
        let label = self.label.clone();
        let relation = match test {
            LinearTest::Equal => Relation::Equal,
            LinearTest::AtMost => Relation::AtMost,
            LinearTest::AtLeast => Relation::AtLeast,
            LinearTest::NotEqual => return self.add(ReifiedLinear::new(label, terms, test, rhs)),
        };
        if terms.is_empty() {
            return self.add(ReifiedLinear::new(label, terms, test, rhs));
        }
        // `x − y = c` (MiniZinc's offset views, `q[i] + i`): `Compare` keeps each
        // side's values with a partner on the other, holes included, where the
        // sum would reason on bounds only.
        if let (Relation::Equal, [(a, x), (b, y)]) = (relation, terms.as_slice())
            && *a == -*b
            && a.abs() == 1
            && x != y
            && let Ok(offset) = Value::try_from(-rhs * a)
        {
            let rule = Compare::new(label, *x, Comparison::Equal, *y).offset(i64::from(offset));
            return self.add(rule);
        }
        self.add(LinearSum::new(label, terms, relation, rhs))
    }

    fn compare(&mut self, comparison: Comparison) -> Result<(), Error> {
        let (x, y) = (self.var(0)?, self.var(1)?);
        let label = self.label.clone();
        self.add(Compare::new(label, x, comparison, y))
    }

    fn arithmetic(&mut self, operation: Operation) -> Result<(), Error> {
        let (x, y, z) = (self.var(0)?, self.var(1)?, self.var(2)?);
        let label = self.label.clone();
        self.add(Arithmetic::new(label, operation, x, y, z))
    }

    fn reification(&self, name: &str) -> Reification {
        if name.ends_with("_imp") {
            Reification::Implied
        } else {
            Reification::Equivalent
        }
    }

    fn dispatch(&mut self, name: &str) -> Result<(), Error> {
        let how = self.reification(name);
        let (base, reified) = split_reification(name);
        let boolean = |index: usize| reified.then_some((index, how));
        match base {
            "int_eq" | "bool_eq" | "bool2int" if !reified => self.compare(Comparison::Equal),
            "int_ne" if !reified => self.compare(Comparison::NotEqual),
            "int_le" | "bool_le" if !reified => self.compare(Comparison::AtMost),
            "int_lt" | "bool_lt" if !reified => self.compare(Comparison::LessThan),
            "int_eq" | "bool_eq" => self.pair_test(LinearTest::Equal, 0, boolean(2)),
            "int_ne" => self.pair_test(LinearTest::NotEqual, 0, boolean(2)),
            "int_le" | "bool_le" => self.pair_test(LinearTest::AtMost, 0, boolean(2)),
            "int_lt" | "bool_lt" => self.pair_test(LinearTest::AtMost, -1, boolean(2)),
            "bool_xor" if self.args.len() == 2 => self.pair_test(LinearTest::NotEqual, 0, None),
            "bool_xor" => {
                let how = if reified {
                    how
                } else {
                    Reification::Equivalent
                };
                self.pair_test(LinearTest::NotEqual, 0, Some((2, how)))
            }
            "bool_not" => {
                let terms = self.pair(0, 1, 1)?;
                self.linear(terms, LinearTest::Equal, 1, None)
            }
            "int_lin_eq" | "int_lin_ne" | "int_lin_le" => {
                let coefficients = self.ints(0)?;
                let terms = self.terms(&coefficients, 1)?;
                let test = match base {
                    "int_lin_eq" => LinearTest::Equal,
                    "int_lin_ne" => LinearTest::NotEqual,
                    _ => LinearTest::AtMost,
                };
                let rhs = self.int(2)?;
                self.linear(terms, test, rhs, boolean(3))
            }
            "bool_lin_eq" | "bool_lin_le" => {
                let coefficients = self.ints(0)?;
                let (mut terms, constant) = self.terms(&coefficients, 1)?;
                let test = if base == "bool_lin_eq" {
                    LinearTest::Equal
                } else {
                    LinearTest::AtMost
                };
                let rhs = match int_of(&self.args[2]) {
                    Some(rhs) => rhs,
                    None => {
                        terms.push((-1, self.var(2)?));
                        0
                    }
                };
                self.linear((terms, constant), test, rhs, None)
            }
            "int_plus" => {
                let items = Arg::Array(self.args.clone());
                self.args.push(items);
                let terms = self.terms(&[1, 1, -1], 3)?;
                self.linear(terms, LinearTest::Equal, 0, None)
            }
            "int_times" => self.arithmetic(Operation::Times),
            "int_div" => self.arithmetic(Operation::Divide),
            "int_mod" => self.arithmetic(Operation::Modulo),
            "int_min" => self.arithmetic(Operation::Minimum),
            "int_max" => self.arithmetic(Operation::Maximum),
            "int_pow" | "int_pow_fixed" => self.arithmetic(Operation::Power),
            "array_int_maximum" => self.extremum(Operation::Maximum),
            "array_int_minimum" => self.extremum(Operation::Minimum),
            "int_abs" => {
                let (x, z) = (self.var(0)?, self.var(1)?);
                let label = self.label.clone();
                self.add(Arithmetic::new(label, Operation::Absolute, x, x, z))
            }
            "array_bool_and" | "array_bool_or" | "bool_and" | "bool_or" => {
                self.conjunction(base, how)
            }
            "bool_clause" => {
                let (positive, negative) = (self.vars(0)?, self.vars(1)?);
                let mut terms: Vec<(i64, VarId)> = positive.iter().map(|&var| (1, var)).collect();
                terms.extend(negative.iter().map(|&var| (-1, var)));
                let rhs = 1 - negative.len() as i64;
                self.linear((terms, 0), LinearTest::AtLeast, rhs, boolean(2))
            }
            "array_bool_xor" => self.parity(),
            "set_in" if !reified => self.set_in(),
            "set_in" => self.set_in_reified(how),
            "array_int_element"
            | "array_bool_element"
            | "array_var_int_element"
            | "array_var_bool_element" => self.element(base.starts_with("array_var")),
            _ => self.global(base),
        }
    }

    /// `a − b + shift (test) 0`, tied to a boolean or alone.
    fn pair_test(
        &mut self,
        test: LinearTest,
        shift: i64,
        boolean: Option<(usize, Reification)>,
    ) -> Result<(), Error> {
        let terms = self.pair(0, 1, -1)?;
        self.linear(terms, test, shift, boolean)
    }

    /// `m = max(xs)` (or min) as a chain of two-argument rules through fresh
    /// variables over the hull of the elements' ranges.
    fn extremum(&mut self, operation: Operation) -> Result<(), Error> {
        let result = self.var(0)?;
        let items = self.vars(1)?;
        let Some((&first, rest)) = items.split_first() else {
            return Err(self.t.invalid(format!("{}: an empty array", self.label)));
        };
        let mut hull = (i64::MAX, i64::MIN);
        for &item in &items {
            let range = self.t.model.range(item).map_err(|e| self.engine(e))?;
            hull = (
                hull.0.min(i64::from(*range.start())),
                hull.1.max(i64::from(*range.end())),
            );
        }
        let mut acc = first;
        for (at, &item) in rest.iter().enumerate() {
            let label = self.label.clone();
            let next = if at + 1 == rest.len() {
                result
            } else {
                self.t
                    .var_in(hull.0, hull.1, &format!("{label} part {}", at + 1))?
            };
            self.add(Arithmetic::new(label, operation, acc, item, next))?;
            acc = next;
        }
        if rest.is_empty() {
            let label = self.label.clone();
            self.add(Compare::new(label, result, Comparison::Equal, first))?;
        }
        Ok(())
    }

    /// `r ⇔ ∧ as` or `r ⇔ ∨ as` (and `⇒` for `_imp`).
    fn conjunction(&mut self, base: &str, how: Reification) -> Result<(), Error> {
        let (items, result) = if base.starts_with("array_") {
            (self.vars(0)?, 1)
        } else {
            (vec![self.var(0)?, self.var(1)?], 2)
        };
        let terms: Vec<(i64, VarId)> = items.iter().map(|&var| (1, var)).collect();
        let need = if base.ends_with("and") {
            items.len() as i64
        } else {
            1
        };
        self.linear((terms, 0), LinearTest::AtLeast, need, Some((result, how)))
    }

    /// An odd number of `as` true: a chain of `≠` through fresh booleans.
    fn parity(&mut self) -> Result<(), Error> {
        let items = self.vars(0)?;
        let Some((&first, rest)) = items.split_first() else {
            return self.linear((Vec::new(), 0), LinearTest::Equal, 1, None);
        };
        let mut odd = first;
        for &item in rest {
            let label = self.label.clone();
            let next = self.t.var_in(0, 1, &format!("{label} parity"))?;
            let rule =
                ReifiedLinear::new(label, vec![(1, odd), (-1, item)], LinearTest::NotEqual, 0)
                    .reified(next, Reification::Equivalent);
            self.add(rule)?;
            odd = next;
        }
        self.linear((vec![(1, odd)], 0), LinearTest::Equal, 1, None)
    }

    fn set_of(&self, index: usize) -> Result<Vec<i64>, Error> {
        match &self.args[index] {
            Arg::Set(values) => Ok(values.clone()),
            _ => Err(self.t.invalid(format!(
                "argument {} of {} must be a set",
                index + 1,
                self.label
            ))),
        }
    }

    fn set_in(&mut self) -> Result<(), Error> {
        let values = self.set_of(1)?;
        match self.args[0].clone() {
            Arg::Var(var) => self.t.restrict_to(var, &values),
            constant => {
                let value =
                    int_of(&constant).ok_or_else(|| self.t.invalid("set_in needs an integer"))?;
                if values.contains(&value) {
                    Ok(())
                } else {
                    self.linear((Vec::new(), 0), LinearTest::Equal, 1, None)
                }
            }
        }
    }

    /// `r ⇔ x ∈ S` as a table over `x`'s range and `r`.
    fn set_in_reified(&mut self, how: Reification) -> Result<(), Error> {
        let values = self.set_of(1)?;
        let (x, r) = (self.var(0)?, self.var(2)?);
        let label = self.label.clone();
        let member = move |tuple: &[Value]| {
            let inside = values.binary_search(&i64::from(tuple[0])).is_ok();
            match how {
                Reification::Equivalent => inside == (tuple[1] == 1),
                Reification::Implied => tuple[1] != 1 || inside,
            }
        };
        let table = Table::from_predicate(label, vec![x, r], &self.t.model, member)
            .map_err(|e| self.engine(e))?;
        self.add(table)
    }

    /// `array[index] = value`, FlatZinc's index counted from 1: position 0 of
    /// the engine's array is a pad the index never takes.
    fn element(&mut self, of_vars: bool) -> Result<(), Error> {
        let (index, value) = (self.var(0)?, self.var(2)?);
        let label = self.label.clone();
        let rule = if of_vars {
            let array = self.vars(1)?;
            let Some(&pad) = array.first() else {
                return Err(self.t.invalid(format!("{label}: an empty array")));
            };
            self.t.restrict_to_range(index, 1, array.len() as i64)?;
            Element::of_vars(
                label,
                [pad].into_iter().chain(array).collect(),
                index,
                value,
            )
        } else {
            let array = self.values(1)?;
            let Some(&pad) = array.first() else {
                return Err(self.t.invalid(format!("{label}: an empty array")));
            };
            self.t.restrict_to_range(index, 1, array.len() as i64)?;
            let padded: Vec<Value> = [pad].into_iter().chain(array).collect();
            Element::of_constants(label, &padded, index, value)
        };
        let rule = rule.map_err(|e| self.engine(e))?;
        self.add(rule)
    }

    fn global(&mut self, base: &str) -> Result<(), Error> {
        let label = self.label.clone();
        match base {
            "fzn_all_different_int" | "all_different_int" => {
                let vars = self.vars(0)?;
                self.add(AllDifferent::new(label, vars))
            }
            "fzn_table_int" | "table_int" => {
                let vars = self.vars(0)?;
                let flat = self.values(1)?;
                if vars.is_empty() || flat.len() % vars.len() != 0 {
                    return Err(self.t.invalid(format!(
                        "{label}: the table's length is not a multiple of its arity"
                    )));
                }
                if flat.is_empty() {
                    return self.linear((Vec::new(), 0), LinearTest::Equal, 1, None);
                }
                match Table::new(label, vars.clone(), flat.chunks(vars.len())) {
                    Ok(table) => self.add(table),
                    // Only "no tuple is allowed" (repeated variables) reaches here.
                    Err(_) => self.linear((Vec::new(), 0), LinearTest::Equal, 1, None),
                }
            }
            "fzn_regular" => self.regular(),
            // MiniZinc numbers a circuit's nodes by its array's index set: the
            // mznlib passes the first index as the offset (`fzn_circuit` alone
            // is FlatZinc's 1-based array).
            "fzn_circuit" => self.circuit(1, 0),
            "sieve_circuit" => {
                let offset = self.int(0)?;
                self.circuit(offset, 1)
            }
            "fzn_count_eq_par" | "fzn_count_leq_par" | "fzn_count_geq_par" | "fzn_count_lt_par"
            | "fzn_count_gt_par" => self.count(base),
            "fzn_global_cardinality_low_up" | "fzn_global_cardinality_low_up_closed" => {
                self.global_cardinality(base.ends_with("closed"))
            }
            _ => Err(self.t.unsupported(format!("the constraint `{base}`"))),
        }
    }

    /// The successors in argument `index` form one circuit, node `i` (from 0)
    /// named by the value `offset + i`.
    fn circuit(&mut self, offset: i64, index: usize) -> Result<(), Error> {
        let successors = self.vars(index)?;
        let label = self.label.clone();
        let offset = Value::try_from(offset)
            .map_err(|_| self.t.invalid(format!("{label}: the node offset {offset}")))?;
        let rule = Circuit::new(label, successors)
            .and_then(|rule| rule.offset(offset))
            .map_err(|e| self.engine(e))?;
        self.add(rule)
    }

    /// `fzn_regular(x, Q, S, d, q0, F)`: states 1..Q (0 fails), values 1..S.
    fn regular(&mut self) -> Result<(), Error> {
        let vars = self.vars(0)?;
        let (states, symbols) = (self.int(1)?, self.int(2)?);
        let table = self.ints(3)?;
        let start = self.int(4)?;
        let accepting = self.set_of(5)?;
        if states < 1 || symbols < 1 || Some(table.len() as i64) != states.checked_mul(symbols) {
            return Err(self.t.invalid(format!(
                "{}: the transition table has {} entries for {states} states × {symbols} values",
                self.label,
                table.len()
            )));
        }
        let mut transitions = Vec::new();
        for (at, &to) in table.iter().enumerate() {
            let (from, symbol) = (at as i64 / symbols, at as i64 % symbols + 1);
            if to < 0 || to > states {
                return Err(self
                    .t
                    .invalid(format!("{}: the transition to state {to}", self.label)));
            }
            if to > 0 {
                transitions.push((from as usize, symbol as Value, (to - 1) as usize));
            }
        }
        let accepting: Vec<usize> = (accepting.iter())
            .filter(|&&state| (1..=states).contains(&state))
            .map(|&state| (state - 1) as usize)
            .collect();
        if !(1..=states).contains(&start) {
            return Err(self
                .t
                .invalid(format!("{}: the start state {start}", self.label)));
        }
        let automaton = Automaton::new(
            states as usize,
            (start - 1) as usize,
            accepting,
            transitions,
        )
        .map_err(|e| self.engine(e))?;
        let label = self.label.clone();
        self.add(Regular::new(label, vars, automaton))
    }

    /// `count(x = y)` against the constant `c`.
    fn count(&mut self, base: &str) -> Result<(), Error> {
        let vars = self.vars(0)?;
        let (value, c) = (self.int(1)?, self.int(2)?);
        let n = vars.len() as i64;
        let (low, high) = match base {
            "fzn_count_eq_par" => (c, c),
            "fzn_count_leq_par" => (c, n),
            "fzn_count_lt_par" => (c.saturating_add(1), n),
            "fzn_count_geq_par" => (0, c),
            _ => (0, c.saturating_sub(1)),
        };
        let (low, high) = (low.max(0), high.min(n));
        let Ok(value) = Value::try_from(value) else {
            return if low == 0 {
                Ok(())
            } else {
                self.linear((Vec::new(), 0), LinearTest::Equal, 1, None)
            };
        };
        if low > high {
            return self.linear((Vec::new(), 0), LinearTest::Equal, 1, None);
        }
        let label = self.label.clone();
        let rule = Cardinality::between(
            label,
            vars,
            ValueSet::single(value),
            low as usize..=high as usize,
        )
        .map_err(|e| self.engine(e))?;
        self.add(rule)
    }

    fn global_cardinality(&mut self, closed: bool) -> Result<(), Error> {
        let vars = self.vars(0)?;
        let cover = self.values(1)?;
        let (lower, upper) = (self.ints(2)?, self.ints(3)?);
        if cover.len() != lower.len() || cover.len() != upper.len() {
            return Err(self
                .t
                .invalid(format!("{}: cover and bounds differ in length", self.label)));
        }
        let n = vars.len() as i64;
        let mut counts = Vec::new();
        for ((&value, &low), &high) in cover.iter().zip(&lower).zip(&upper) {
            let (low, high) = (low.max(0), high.min(n));
            if low > high {
                return self.linear((Vec::new(), 0), LinearTest::Equal, 1, None);
            }
            counts.push((value, low as usize..=high as usize));
        }
        let label = self.label.clone();
        let rule = GlobalCardinality::new(label, vars, counts).map_err(|e| self.engine(e))?;
        self.add(if closed { rule.closed() } else { rule })
    }
}

fn int_of(arg: &Arg) -> Option<i64> {
    match arg {
        Arg::Int(value) => Some(*value),
        Arg::Bool(value) => Some(i64::from(*value)),
        _ => None,
    }
}

fn negation(test: LinearTest, rhs: i64) -> (LinearTest, i64) {
    match test {
        LinearTest::Equal => (LinearTest::NotEqual, rhs),
        LinearTest::NotEqual => (LinearTest::Equal, rhs),
        LinearTest::AtMost => (LinearTest::AtLeast, rhs.saturating_add(1)),
        LinearTest::AtLeast => (LinearTest::AtMost, rhs.saturating_sub(1)),
    }
}
