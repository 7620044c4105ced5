//! A parsed FlatZinc model as a [`sieve::Model`]: parameters and variables by
//! name, the output annotations, the objective and the search annotations.
//! Constraints are translated in [`crate::builtins`].

use std::collections::{HashMap, HashSet};

use sieve::{Model, Value, ValueSet, VarId};

use crate::ast::{Annotation, BaseType, Domain, Expr, FlatZinc, Goal, Parameter, Variable};
use crate::error::Error;
use crate::search::{Phase, phases};

/// The most values a FlatZinc variable's domain holds as a bitset (the engine's
/// [`sieve::Model::BITSET_LIMIT`]): a wider range, up to every `i32`, becomes an
/// interval (its bounds only), and a wider domain with gaps is declined.
pub const MAX_DOMAIN: i64 = sieve::Model::BITSET_LIMIT as i64;

/// The most values a constant set (`1..n`) may have, and the longest array.
pub const MAX_SET: i64 = 1 << 22;

/// A value an argument stands for once names are resolved.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// An integer constant.
    Int(i64),
    /// A boolean constant.
    Bool(bool),
    /// A set of integers (sorted, each once).
    Set(Vec<i64>),
    /// A variable of the model.
    Var(VarId),
    /// An array.
    Array(Vec<Arg>),
}

/// What an output annotation prints.
#[derive(Clone, Debug)]
pub enum Output {
    /// `name = value;`
    Scalar {
        /// The name printed.
        name: String,
        /// Its value: a variable or a constant.
        item: Arg,
        /// Printed `true`/`false`.
        boolean: bool,
    },
    /// `name = arrayNd(ranges, [values]);`
    Array {
        /// The name printed.
        name: String,
        /// The index ranges of `output_array([1..2, 1..3])`.
        ranges: Vec<(i64, i64)>,
        /// The elements.
        items: Vec<Arg>,
        /// Printed `true`/`false`.
        boolean: bool,
    },
}

/// Minimise or maximise.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Sense {
    /// Smaller is better.
    Minimize,
    /// Larger is better.
    Maximize,
}

/// The objective: its variable and its sense.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    /// The variable optimised.
    pub var: VarId,
    /// Smaller or larger is better.
    pub sense: Sense,
}

impl Objective {
    /// The engine's objective, for [`sieve::Search::with_objective`].
    pub fn engine(self) -> sieve::Objective {
        match self.sense {
            Sense::Minimize => sieve::Objective::Minimize(self.var),
            Sense::Maximize => sieve::Objective::Maximize(self.var),
        }
    }
}

/// A FlatZinc model translated: the engine's model and what the solver
/// interface needs around it.
pub struct Program {
    /// The engine's model.
    pub model: Model,
    /// What to print for each solution, in declaration order.
    pub outputs: Vec<Output>,
    /// The objective, for `minimize` and `maximize`.
    pub objective: Option<Objective>,
    /// The search annotations, as phases.
    pub phases: Vec<Phase>,
    /// The variables that tell solutions apart ([`Program::output_vars`]).
    shown: Vec<VarId>,
}

impl Program {
    /// The variables that tell two solutions apart: those the outputs print,
    /// each once, in output order, or every variable of a model without outputs.
    pub fn output_vars(&self) -> &[VarId] {
        &self.shown
    }
}

/// The variables that tell two solutions apart (see [`Program::output_vars`]).
fn distinguishing(outputs: &[Output], model: &Model) -> Vec<VarId> {
    if outputs.is_empty() {
        return model.vars().collect();
    }
    let mut vars = Vec::new();
    let mut listed = HashSet::new();
    for output in outputs {
        let items = match output {
            Output::Scalar { item, .. } => std::slice::from_ref(item),
            Output::Array { items, .. } => items.as_slice(),
        };
        for item in items {
            if let Arg::Var(var) = item
                && listed.insert(*var)
            {
                vars.push(*var);
            }
        }
    }
    vars
}

/// The state of a translation: the model built so far and every name's value.
pub(crate) struct Translator {
    pub(crate) model: Model,
    names: HashMap<String, Arg>,
    constants: HashMap<i64, VarId>,
    /// Ranges for variables declared without one ([`crate::infer`]).
    inferred: HashMap<String, (i64, i64)>,
    /// The line of the item being translated.
    pub(crate) line: usize,
}

/// Translates a parsed model. Unsupported constructs (floats, set variables,
/// domains of more than [`MAX_DOMAIN`] values with gaps, values beyond `i32`,
/// constraints Sieve lacks or cannot post on an interval) are
/// [`Error::Unsupported`] naming the line.
pub fn translate(flatzinc: &FlatZinc) -> Result<Program, Error> {
    let mut translator = Translator {
        model: Model::new(),
        names: HashMap::new(),
        constants: HashMap::new(),
        inferred: crate::infer::inferred_bounds(flatzinc),
        line: 0,
    };
    for parameter in &flatzinc.parameters {
        translator.parameter(parameter)?;
    }
    let mut outputs = Vec::new();
    for variable in &flatzinc.variables {
        translator.variable(variable)?;
        if let Some(output) = translator.output_of(variable)? {
            outputs.push(output);
        }
    }
    for constraint in &flatzinc.constraints {
        translator.line = constraint.position.line;
        crate::builtins::post(&mut translator, constraint)?;
    }
    translator.line = flatzinc.solve.position.line;
    let objective = match &flatzinc.solve.goal {
        Goal::Satisfy => None,
        Goal::Minimize(expr) => Some(translator.objective(expr, Sense::Minimize)?),
        Goal::Maximize(expr) => Some(translator.objective(expr, Sense::Maximize)?),
    };
    let phases = phases(&mut translator, &flatzinc.solve.annotations)?;
    let shown = distinguishing(&outputs, &translator.model);
    Ok(Program {
        model: translator.model,
        outputs,
        objective,
        phases,
        shown,
    })
}

impl Translator {
    pub(crate) fn invalid(&self, problem: impl Into<String>) -> Error {
        Error::Invalid {
            line: self.line,
            problem: problem.into(),
        }
    }

    pub(crate) fn unsupported(&self, what: impl Into<String>) -> Error {
        Error::Unsupported {
            line: self.line,
            what: what.into(),
        }
    }

    pub(crate) fn engine(&self, construct: impl Into<String>, source: sieve::Error) -> Error {
        Error::Engine {
            line: self.line,
            construct: construct.into(),
            source,
        }
    }

    fn parameter(&mut self, parameter: &Parameter) -> Result<(), Error> {
        self.line = parameter.position.line;
        if parameter.base == BaseType::Float {
            return Err(self.unsupported(format!("the float parameter `{}`", parameter.name)));
        }
        let value = self.resolve(&parameter.value)?;
        if contains_var(&value) {
            return Err(self.invalid(format!(
                "the parameter `{}` names a variable",
                parameter.name
            )));
        }
        self.names.insert(parameter.name.clone(), value);
        Ok(())
    }

    fn variable(&mut self, variable: &Variable) -> Result<(), Error> {
        self.line = variable.position.line;
        let name = &variable.name;
        match variable.base {
            BaseType::Float => {
                return Err(self.unsupported(format!("the float variable `{name}`")));
            }
            BaseType::SetOfInt => {
                return Err(self.unsupported(format!(
                    "the set variable `{name}` (the mznlib makes MiniZinc decompose sets)"
                )));
            }
            BaseType::Bool | BaseType::Int => {}
        }
        let value = match (&variable.value, variable.array_len) {
            (Some(expr), Some(len)) => {
                let value = self.resolve(expr)?;
                match &value {
                    Arg::Array(items) if items.len() == len => value,
                    _ => {
                        return Err(self.invalid(format!(
                            "the array `{name}` is declared with {len} elements but given another value"
                        )));
                    }
                }
            }
            (None, Some(len)) if len as i64 > MAX_SET => {
                return Err(self.unsupported(format!("the array `{name}` of {len} variables")));
            }
            (None, Some(len)) => {
                let items = (0..len)
                    .map(|i| {
                        self.new_var(variable, &format!("{name}[{}]", i + 1))
                            .map(Arg::Var)
                    })
                    .collect::<Result<_, _>>()?;
                Arg::Array(items)
            }
            (Some(expr), None) => {
                let value = self.resolve(expr)?;
                self.alias(variable, value)?
            }
            (None, None) => Arg::Var(self.new_var(variable, name)?),
        };
        self.names.insert(name.clone(), value);
        Ok(())
    }

    /// `var 1..5: y = x;`: `y` is `x` (or the constant), within `y`'s domain.
    fn alias(&mut self, variable: &Variable, value: Arg) -> Result<Arg, Error> {
        let allowed: Option<Vec<i64>> = match (&variable.base, &variable.domain) {
            (BaseType::Bool, _) | (_, Domain::Unbounded) => None,
            (_, Domain::Range(low, high)) => {
                let target = self.var_of(&value)?;
                self.restrict_to_range(target, *low, *high)?;
                return Ok(value);
            }
            (_, Domain::Set(values)) => Some(values.clone()),
            (_, Domain::FloatRange(..)) => return Err(self.unsupported("float domains")),
        };
        match (&value, allowed) {
            (Arg::Var(var), Some(values)) => self.restrict_to(*var, &values)?,
            (Arg::Int(constant), Some(values)) if !values.contains(constant) => {
                return Err(self.invalid(format!(
                    "`{}` is given the value {constant}, outside its domain",
                    variable.name
                )));
            }
            (Arg::Var(_) | Arg::Int(_) | Arg::Bool(_), _) => {}
            _ => {
                return Err(self.invalid(format!("`{}` is given a set or an array", variable.name)));
            }
        }
        Ok(value)
    }

    /// Narrow `var`'s start to the values of `values` (an empty intersection
    /// leaves it empty: no solution).
    pub(crate) fn restrict_to(&mut self, var: VarId, values: &[i64]) -> Result<(), Error> {
        let range = self
            .model
            .range(var)
            .map_err(|e| self.engine("a domain", e))?;
        let set: ValueSet = (values.iter())
            .filter_map(|&value| Value::try_from(value).ok())
            .filter(|value| range.contains(value))
            .collect();
        self.model
            .restrict(var, &set)
            .map_err(|e| self.engine("a domain", e))
    }

    /// Narrow `var`'s start to `low..=high`.
    pub(crate) fn restrict_to_range(
        &mut self,
        var: VarId,
        low: i64,
        high: i64,
    ) -> Result<(), Error> {
        let range = self
            .model
            .range(var)
            .map_err(|e| self.engine("a domain", e))?;
        let low = low.max(i64::from(*range.start()));
        let high = high.min(i64::from(*range.end()));
        let set = if low > high {
            ValueSet::new()
        } else {
            ValueSet::inclusive(low as Value..=high as Value)
        };
        self.model
            .restrict(var, &set)
            .map_err(|e| self.engine("a domain", e))
    }

    /// A fresh engine variable over the declared domain.
    fn new_var(&mut self, variable: &Variable, name: &str) -> Result<VarId, Error> {
        let (low, high, holes) = match (&variable.base, &variable.domain) {
            (BaseType::Bool, _) => (0, 1, None),
            (_, Domain::Range(low, high)) => (*low, *high, None),
            (_, Domain::Set(values)) if !values.is_empty() => {
                let (low, high) = (
                    *values.iter().min().unwrap_or(&0),
                    *values.iter().max().unwrap_or(&0),
                );
                (low, high, Some(values.clone()))
            }
            (_, Domain::Set(_)) => {
                return Err(self.invalid(format!("the variable `{name}` has an empty domain")));
            }
            (BaseType::Int, Domain::Unbounded) if self.inferred.contains_key(name) => {
                let (low, high) = self.inferred[name];
                (low, high, None)
            }
            _ => {
                return Err(self.unsupported(format!(
                    "the variable `{name}` has no finite domain and none follows from its defining constraint (declare its range)"
                )));
            }
        };
        let var = self.var_in(low, high, name)?;
        if let Some(values) = holes {
            self.restrict_to(var, &values)?;
        }
        Ok(var)
    }

    /// A variable over `low..=high`, of `i32` values: an interval above
    /// [`MAX_DOMAIN`] values.
    pub(crate) fn var_in(&mut self, low: i64, high: i64, name: &str) -> Result<VarId, Error> {
        if low > high {
            return Err(self.invalid(format!(
                "the variable `{name}` has the empty domain {low}..{high}"
            )));
        }
        if Value::try_from(low).is_err() || Value::try_from(high).is_err() {
            return Err(self.unsupported(format!(
                "domain {low}..{high} for `{name}`: values must fit in 32 bits"
            )));
        }
        let var = (self.model.new_var_in(low as Value..=high as Value))
            .map_err(|e| self.engine(format!("variable `{name}`"), e))?;
        self.model.set_name(var, name);
        Ok(var)
    }

    fn output_of(&mut self, variable: &Variable) -> Result<Option<Output>, Error> {
        let boolean = variable.base == BaseType::Bool;
        let item = self.names[&variable.name].clone();
        for annotation in &variable.annotations {
            match annotation.name.as_str() {
                "output_var" => {
                    return Ok(Some(Output::Scalar {
                        name: variable.name.clone(),
                        item,
                        boolean,
                    }));
                }
                "output_array" => {
                    let ranges = self.output_ranges(annotation)?;
                    let Arg::Array(items) = item else {
                        return Err(self.invalid("`output_array` on a variable that is no array"));
                    };
                    self.name_elements(&variable.name, &ranges, &items);
                    return Ok(Some(Output::Array {
                        name: variable.name.clone(),
                        ranges,
                        items,
                        boolean,
                    }));
                }
                _ => {}
            }
        }
        Ok(None)
    }

    /// Traces and explanations call an output array's variables by the
    /// model's own names (`q[3]`, `grid[2,1]`) rather than the compiler's.
    fn name_elements(&mut self, name: &str, ranges: &[(i64, i64)], items: &[Arg]) {
        for (at, item) in items.iter().enumerate() {
            let Arg::Var(var) = item else { continue };
            if self.constants.values().any(|constant| constant == var) {
                continue;
            }
            let mut rest = at as i64;
            let mut indices = Vec::new();
            for &(low, high) in ranges.iter().rev() {
                let width = (high - low + 1).max(1);
                indices.push(low + rest % width);
                rest /= width;
            }
            indices.reverse();
            let indices: Vec<String> = indices.iter().map(i64::to_string).collect();
            self.model
                .set_name(*var, format!("{name}[{}]", indices.join(",")));
        }
    }

    fn output_ranges(&self, annotation: &Annotation) -> Result<Vec<(i64, i64)>, Error> {
        let Some(Expr::Array(ranges)) = annotation.args.first() else {
            return Err(self.invalid("`output_array` needs an array of index ranges"));
        };
        (ranges.iter())
            .map(|range| match range {
                Expr::IntRange(low, high) => Ok((*low, *high)),
                _ => Err(self.invalid("`output_array` needs index ranges such as 1..3")),
            })
            .collect()
    }

    fn objective(&mut self, expr: &Expr, sense: Sense) -> Result<Objective, Error> {
        let value = self.resolve(expr)?;
        let var = self.var_of(&value)?;
        Ok(Objective { var, sense })
    }

    /// An expression with every name replaced by its value.
    pub(crate) fn resolve(&self, expr: &Expr) -> Result<Arg, Error> {
        Ok(match expr {
            Expr::Bool(value) => Arg::Bool(*value),
            Expr::Int(value) => Arg::Int(*value),
            Expr::IntRange(low, high) => {
                if i128::from(*high) - i128::from(*low) >= i128::from(MAX_SET) {
                    return Err(self.unsupported(format!(
                        "the set {low}..{high} (more than {MAX_SET} values)"
                    )));
                }
                Arg::Set((*low..=*high).collect())
            }
            Expr::IntSet(values) => {
                let mut values = values.clone();
                values.sort_unstable();
                values.dedup();
                Arg::Set(values)
            }
            Expr::Ident(name) => self
                .names
                .get(name)
                .cloned()
                .ok_or_else(|| self.invalid(format!("unknown name `{name}`")))?,
            Expr::Access(name, index) => {
                let Some(Arg::Array(items)) = self.names.get(name) else {
                    return Err(self.invalid(format!("`{name}` is not an array")));
                };
                let item = usize::try_from(*index - 1).ok().and_then(|i| items.get(i));
                item.cloned().ok_or_else(|| {
                    self.invalid(format!("`{name}[{index}]` is out of its bounds"))
                })?
            }
            Expr::Array(items) => Arg::Array(
                items
                    .iter()
                    .map(|item| self.resolve(item))
                    .collect::<Result<_, _>>()?,
            ),
            Expr::Float(_) | Expr::FloatRange(..) => return Err(self.unsupported("float values")),
            Expr::String(_) => return Err(self.invalid("a string where a value is needed")),
            Expr::Call(call) => {
                return Err(self.invalid(format!(
                    "the annotation `{}` where a value is needed",
                    call.name
                )));
            }
        })
    }

    /// The variable an argument stands for; a constant becomes a fixed variable
    /// (one per value).
    pub(crate) fn var_of(&mut self, arg: &Arg) -> Result<VarId, Error> {
        let value = match arg {
            Arg::Var(var) => return Ok(*var),
            Arg::Int(value) => *value,
            Arg::Bool(value) => i64::from(*value),
            Arg::Set(_) | Arg::Array(_) => {
                return Err(self.invalid("a set or array where a variable is needed"));
            }
        };
        if let Some(&var) = self.constants.get(&value) {
            return Ok(var);
        }
        let var = self.var_in(value, value, &format!("constant {value}"))?;
        self.constants.insert(value, var);
        Ok(var)
    }
}

fn contains_var(arg: &Arg) -> bool {
    match arg {
        Arg::Var(_) => true,
        Arg::Array(items) => items.iter().any(contains_var),
        _ => false,
    }
}
