//! Element: `array[index] = value`, where `index` is a variable whose values are
//! positions `0..len` of the array, `value` a variable, and the array's entries
//! variables ([`Element::of_vars`]) or constants ([`Element::of_constants`]).
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::rules::Element;
//!
//! // The cost of the item picked: costs [30, 10, 20, 10]; the cost is at most 15.
//! let mut model = Model::new();
//! let item = model.new_var(4);
//! let cost = model.new_var_in(0..=15)?;
//! model.add_rule(Element::of_constants("cost of item", &[30, 10, 20, 10], item, cost)?)?;
//! let mut state = model.domains();
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert!(state.iter(item).eq([1, 3]));
//! assert!(state.iter(cost).eq([10]));
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! # What it achieves
//!
//! A run removes from `index` every position outside `0..len` and every position
//! whose entry shares no value with `value` (inference `"element index"`); removes
//! from `value` every value no entry that `index` can still point at holds
//! (`"element value"`); and once `index` is fixed to `i`, keeps in `array[i]` and
//! `value` only their common values (`"element equal"`).
//!
//! When `index`, `value` and the entries are different variables, that is
//! generalised arc consistency on all of them ([`Consistency::Domain`], checked by
//! the oracle): a position or value kept has a support by construction, and while
//! two positions are left an entry's every value has one too, since the index can
//! point elsewhere. A variable used twice (`value` also an entry, say) keeps the
//! same reasoning, which is then sound but may leave values without support, and
//! the rule claims no consistency. The constants form is domain consistent unless
//! `index` is `value`. Sentences can be a puzzle's own ([`Element::wording`]).

use smallvec::SmallVec;

use crate::domain::{Value, VarId};
use crate::error::Error;
use crate::names::Names;
use crate::propagation::{Conflict, Consistency, Context, Events, Fact, Rule, Watch, Why};
use crate::rules::wording::{Deduction, Wording};
use crate::value_set::ValueSet;

/// The facts and cause variables of one removal.
type Reasons = (SmallVec<[Fact; 2]>, SmallVec<[VarId; 2]>);

/// The entries of an [`Element`]'s array.
#[derive(Clone, Debug)]
enum Entries {
    Vars(Vec<VarId>),
    Constants(Vec<Value>),
}

/// `array[index] = value` (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct Element {
    name: String,
    array: Entries,
    index: VarId,
    value: VarId,
    /// Every variable of the rule, each once.
    scope: Vec<VarId>,
    /// No variable plays two parts: the reasoning is then domain consistent.
    distinct: bool,
    wording: Wording,
}

impl Element {
    /// `array[index] = value` over an array of variables. An empty array, or one of
    /// more than `i32::MAX` entries, is [`Error::InvalidRule`].
    ///
    /// ```
    /// use sieve::prelude::*;
    /// use sieve::rules::Element;
    /// let mut model = Model::new();
    /// let array = model.new_vars(3, 5);
    /// let (index, value) = (model.new_var(3), model.new_var(5));
    /// model.add_rule(Element::of_vars("pick", array.clone(), index, value)?)?;
    /// model.fix(index, 2)?;
    /// model.fix(value, 4)?;
    /// let mut state = model.domains();
    /// propagate(&model, &mut state, Schedule::Queue, None)?;
    /// assert_eq!(state.value(array[2]), Some(4));
    /// assert!(Element::of_vars("none", vec![], index, value).is_err());
    /// # Ok::<(), sieve::Error>(())
    /// ```
    pub fn of_vars(
        name: impl Into<String>,
        array: Vec<VarId>,
        index: VarId,
        value: VarId,
    ) -> Result<Self, Error> {
        let mut scope = vec![index, value];
        scope.extend_from_slice(&array);
        Self::build(name.into(), Entries::Vars(array), index, value, scope)
    }

    /// `array[index] = value` over an array of constants (a lookup table). An
    /// empty array, or one of more than `i32::MAX` entries, is
    /// [`Error::InvalidRule`].
    pub fn of_constants(
        name: impl Into<String>,
        array: &[Value],
        index: VarId,
        value: VarId,
    ) -> Result<Self, Error> {
        let entries = Entries::Constants(array.to_vec());
        Self::build(name.into(), entries, index, value, vec![index, value])
    }

    fn build(
        name: String,
        array: Entries,
        index: VarId,
        value: VarId,
        mut scope: Vec<VarId>,
    ) -> Result<Self, Error> {
        let len = match &array {
            Entries::Vars(vars) => vars.len(),
            Entries::Constants(values) => values.len(),
        };
        if len == 0 || Value::try_from(len).is_err() {
            return Err(Error::InvalidRule {
                rule: name,
                problem: format!("an array of {len} entries (at least one, at most i32::MAX)"),
            });
        }
        let all = scope.len();
        scope.sort_unstable();
        scope.dedup();
        Ok(Element {
            name,
            array,
            index,
            value,
            distinct: scope.len() == all,
            scope,
            wording: Wording::default(),
        })
    }

    /// Word the rule's changes in a puzzle's own sentences (see [`Wording`]); the
    /// deduction's value is the value removed (for `index`, the position).
    pub fn wording(
        mut self,
        say: impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static,
    ) -> Self {
        self.wording = Wording::new(say);
        self
    }

    fn len(&self) -> usize {
        match &self.array {
            Entries::Vars(vars) => vars.len(),
            Entries::Constants(values) => values.len(),
        }
    }

    /// Entry `position`'s candidates (a constant's one value).
    fn entry(&self, ctx: &Context<'_>, position: usize) -> ValueSet {
        match &self.array {
            Entries::Vars(vars) => ctx.domains().candidates(vars[position]),
            Entries::Constants(values) => ValueSet::single(values[position]),
        }
    }

    /// Remove from `var` each value of `gone`, one change each with its facts and
    /// causes (`reasons`, asked only when someone reads explanations) and its
    /// sentence (`say` writes the reason after "x cannot be v: ").
    fn remove_each(
        &self,
        ctx: &mut Context<'_>,
        (inference, var): (&'static str, VarId),
        gone: &[Value],
        reasons: impl Fn(&Context<'_>, Value) -> Reasons,
        say: impl Fn(&Names, Value) -> String,
    ) -> Result<(), Conflict> {
        for &value in gone {
            let deduction_value = value;
            let (facts, cause) = if ctx.explaining() {
                reasons(ctx, value)
            } else {
                Reasons::default()
            };
            let deduction = Deduction {
                inference,
                var,
                value: Some(value),
                facts: &facts,
            };
            let text = |names: &Names| {
                let default = |names: &Names| {
                    let (var, value) = (names.var_name(var), names.label_of(var, value));
                    format!("{var} cannot be {value}: {}", say(names, deduction_value))
                };
                self.wording.sentence(names, &deduction, default)
            };
            let why = Why::new(inference)
                .because(&facts)
                .cause(&cause)
                .named_text(&text);
            ctx.remove(var, value, &why)?;
        }
        Ok(())
    }

    /// `index` keeps the positions in `0..len` whose entry shares a value with
    /// `value`.
    fn narrow_index(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let values = ctx.domains().candidates(self.value);
        let gone: SmallVec<[Value; 16]> = (ctx.domains().iter(self.index))
            .filter(|&i| {
                self.position(i)
                    .is_none_or(|i| !self.entry(ctx, i).intersects(&values))
            })
            .collect();
        if gone.is_empty() {
            return Ok(());
        }
        let reasons = |ctx: &Context<'_>, i: Value| -> Reasons {
            match (&self.array, self.position(i)) {
                (_, None) => Reasons::default(),
                (Entries::Constants(constants), Some(i)) => {
                    let constant = constants[i];
                    let range = ctx.domains().range(self.value);
                    let facts = range
                        .contains(&constant)
                        .then_some(Fact::IsNot(self.value, constant));
                    (facts.into_iter().collect(), SmallVec::new())
                }
                (Entries::Vars(vars), Some(i)) => {
                    (SmallVec::new(), [vars[i], self.value].into_iter().collect())
                }
            }
        };
        let say = |names: &Names, i: Value| self.index_reason(names, i);
        self.remove_each(ctx, ("element index", self.index), &gone, reasons, say)
    }

    /// The array position `i` names, if any.
    fn position(&self, i: Value) -> Option<usize> {
        usize::try_from(i).ok().filter(|&i| i < self.len())
    }

    /// Why position `i` is gone, after "index cannot be i: ".
    fn index_reason(&self, names: &Names, i: Value) -> String {
        let value = names.var_name(self.value);
        match &self.array {
            _ if self.position(i).is_none() => {
                format!("{} has positions 0 to {} only", self.name, self.len() - 1)
            }
            Entries::Constants(constants) => format!(
                "entry {i} of {} is {}, which {value} cannot be",
                self.name,
                names.value_label(constants[i as usize])
            ),
            Entries::Vars(vars) => format!(
                "{} and {value} have no value in common ({})",
                names.var_name(vars[i as usize]),
                self.name
            ),
        }
    }

    /// `value` keeps the values of the entries `index` can still point at.
    fn narrow_value(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let mut held = ValueSet::new();
        for i in ctx.domains().iter(self.index) {
            held |= &self.entry(ctx, i as usize);
        }
        let gone: SmallVec<[Value; 16]> = (ctx.domains().iter(self.value))
            .filter(|&v| !held.contains(v))
            .collect();
        if gone.is_empty() {
            return Ok(());
        }
        if !ctx.explaining() {
            return ctx
                .retain(self.value, &held, &Why::new("element value"))
                .map(|_| ());
        }
        let index = self.index;
        let reasons = |_: &Context<'_>, _: Value| -> Reasons {
            (SmallVec::new(), [index].into_iter().collect())
        };
        let say = |names: &Names, _: Value| {
            format!(
                "no entry of {} that {} can still point at holds it",
                self.name,
                names.var_name(index)
            )
        };
        self.remove_each(ctx, ("element value", self.value), &gone, reasons, say)
    }

    /// Once `index` is fixed to `i`, `array[i]` and `value` keep their common values.
    fn narrow_equal(&self, ctx: &mut Context<'_>, i: usize) -> Result<(), Conflict> {
        let Entries::Vars(vars) = &self.array else {
            return Ok(()); // the value kept only the constant already
        };
        let entry = vars[i];
        for (from, to) in [(self.value, entry), (entry, self.value)] {
            let keep = ctx.domains().candidates(from);
            let gone: SmallVec<[Value; 16]> = (ctx.domains().iter(to))
                .filter(|&v| !keep.contains(v))
                .collect();
            let fixed = Fact::Is(self.index, i as Value);
            let reasons = |ctx: &Context<'_>, v: Value| -> Reasons {
                let gone = ctx
                    .domains()
                    .range(from)
                    .contains(&v)
                    .then_some(Fact::IsNot(from, v));
                ([fixed].into_iter().chain(gone).collect(), SmallVec::new())
            };
            let say = |names: &Names, _: Value| {
                format!(
                    "{} = {i}, so {} equals {}, which cannot be it",
                    names.var_name(self.index),
                    names.var_name(to),
                    names.var_name(from)
                )
            };
            self.remove_each(ctx, ("element equal", to), &gone, reasons, say)?;
        }
        Ok(())
    }
}

impl Rule for Element {
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

    fn idempotent(&self) -> bool {
        self.distinct
    }

    fn consistency(&self) -> Consistency {
        if self.distinct {
            Consistency::Domain
        } else {
            Consistency::Unspecified
        }
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if self.is_wide(ctx.domains()) {
            self.wide_action(ctx)?;
        } else {
            self.narrow_index(ctx)?;
            self.narrow_value(ctx)?;
            let Some(i) = ctx.domains().value(self.index) else {
                return Ok(());
            };
            self.narrow_equal(ctx, i as usize)?;
        }
        // Read again: with a variable in two parts, the narrowing may have moved
        // the index.
        let domains = ctx.domains();
        let entry = |i: usize| match &self.array {
            Entries::Vars(vars) => domains.value(vars[i]),
            Entries::Constants(constants) => Some(constants[i]),
        };
        let index = domains.value(self.index).and_then(|i| self.position(i));
        if index
            .and_then(entry)
            .is_some_and(|entry| domains.value(self.value) == Some(entry))
        {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let Ok(i) = usize::try_from(values[self.index.index()]) else {
            return false;
        };
        let value = values[self.value.index()];
        match &self.array {
            Entries::Vars(vars) => vars.get(i).is_some_and(|var| values[var.index()] == value),
            Entries::Constants(constants) => constants.get(i) == Some(&value),
        }
    }
}

#[cfg(test)]
mod tests;
mod wide;
