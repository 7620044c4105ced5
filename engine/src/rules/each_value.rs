//! Each value somewhere: each of some values is taken by some variable of a group.
//!
//! ```
//! use sieve::prelude::*;
//!
//! // Three cells share the values 0, 1 and 2; only the last cell can still hold 2.
//! let mut model = Model::new();
//! let cells = model.new_vars(3, 3);
//! model.add_rule(EachValueSomewhere::new("row", cells.clone(), vec![0, 1, 2]))?;
//! let mut state = model.domains();
//! state.remove(cells[0], 2);
//! state.remove(cells[1], 2);
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert_eq!(state.value(cells[2]), Some(2));
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! A value possible in only one variable goes there (a *hidden single*, inference
//! `"hidden single"`), a value possible nowhere is a conflict (`"value has no
//! place"`), and so is a variable that is the only place of two values (`"two
//! values need the same cell"`). Each pass reads the group once and assigns every
//! hidden single it found; by default the rule repeats passes until nothing moves,
//! and [`EachValueSomewhere::one_pass`] leaves the next pass to the engine, as a
//! player who writes down what they see at once would. The sentences can be a
//! puzzle's own ([`EachValueSomewhere::wording`]).

use smallvec::SmallVec;

use crate::domain::{Value, VarId};
use crate::names::Names;
use crate::propagation::{Conflict, Context, Events, Fact, Posting, Rule, Watch, Why};
use crate::rules::wording::{Deduction, Wording};

/// Each of the given values is taken by some variable of the group (see the
/// [module docs](self)).
#[derive(Clone, Debug)]
pub struct EachValueSomewhere {
    name: String,
    vars: Vec<VarId>,
    values: Vec<Value>,
    /// The smallest first value of the variables: the sweep's bit 0.
    base: Value,
    repeat: bool,
    wording: Wording,
}

/// Where the 64 values from the rule's base can go, read in one sweep over the
/// group, one word a variable.
#[derive(Default)]
struct Sweep {
    /// Values with at least one place.
    once: u64,
    /// Values with two places or more.
    twice: u64,
}

impl EachValueSomewhere {
    /// Every value of `values` is taken by at least one of `vars`.
    pub fn new(name: impl Into<String>, vars: Vec<VarId>, values: Vec<Value>) -> Self {
        EachValueSomewhere {
            name: name.into(),
            vars,
            values,
            base: 0,
            repeat: true,
            wording: Wording::default(),
        }
    }

    /// One pass per run: the engine wakes the rule again for its own changes.
    pub fn one_pass(mut self) -> Self {
        self.repeat = false;
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

    /// The places of the 64 values from the base at once.
    fn sweep(&self, ctx: &Context<'_>) -> Sweep {
        let mut sweep = Sweep::default();
        let domains = ctx.domains();
        for &var in &self.vars {
            let word = domains.word_from(var, i64::from(self.base), 0);
            sweep.twice |= sweep.once & word;
            sweep.once |= word;
        }
        sweep
    }

    /// How many places `value` has, counting to two at most.
    fn places(&self, ctx: &Context<'_>, sweep: &Sweep, value: Value) -> u32 {
        let bit = i64::from(value) - i64::from(self.base);
        if (0..64).contains(&bit) {
            return (sweep.once >> bit & 1) as u32 + (sweep.twice >> bit & 1) as u32;
        }
        let places = self.vars.iter();
        places
            .filter(|&&var| ctx.domains().contains(var, value))
            .take(2)
            .count() as u32
    }

    /// One pass: `Ok(true)` when it assigned something.
    fn pass(&self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let sweep = self.sweep(ctx);
        let mut progress = false;
        for &value in &self.values {
            match self.places(ctx, &sweep, value) {
                0 => return Err(ctx.conflict(&Why::new("value has no place"))),
                1 => progress |= self.place(ctx, value)?,
                _ => {}
            }
        }
        Ok(progress)
    }

    /// `value` had one place when the pass began: it goes there, unless it is there
    /// already. `Ok(true)` when it was assigned.
    #[inline(never)]
    fn place(&self, ctx: &mut Context<'_>, value: Value) -> Result<bool, Conflict> {
        let Some(index) = (self.vars.iter()).position(|&var| ctx.domains().contains(var, value))
        else {
            // The place took another value earlier in this pass.
            return Err(ctx.conflict(&Why::new("two values need the same cell")));
        };
        let var = self.vars[index];
        if ctx.domains().count(var) == 1 {
            return Ok(false);
        }
        let others = self.vars.iter().copied().filter(|&other| other != var);
        // On the stack for groups up to 17 variables: a search allocates nothing.
        let cause: SmallVec<[VarId; 16]> = others.collect();
        let facts: SmallVec<[Fact; 16]> = cause
            .iter()
            .map(|&other| Fact::IsNot(other, value))
            .collect();
        let deduction = Deduction {
            inference: "hidden single",
            var,
            value: Some(value),
            facts: &facts,
        };
        let text = |names: &Names| {
            let default = |names: &Names| {
                let (var, value) = (names.var_name(var), names.label_of(var, value));
                format!(
                    "{value} can only go in {var} within {}, so {var} = {value}",
                    self.name
                )
            };
            self.wording.sentence(names, &deduction, default)
        };
        let why = Why::new("hidden single")
            .cause(&cause)
            .because(&facts)
            .named_text(&text);
        ctx.assign(var, value, &why)
    }
}

impl Rule for EachValueSomewhere {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    fn post(&mut self, posting: &mut Posting<'_>) -> Result<(), crate::Error> {
        self.base = posting.lowest_first(&self.vars);
        Ok(())
    }

    fn idempotent(&self) -> bool {
        self.repeat
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        while self.pass(ctx)? && self.repeat {}
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        self.values
            .iter()
            .all(|value| self.vars.iter().any(|var| values[var.index()] == *value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{Random, assert_sound, random_case};

    #[test]
    fn both_modes_are_sound() {
        let mut random = Random::new(5);
        for round in 0..1500 {
            let count = 1 + random.below(5) as usize;
            let size = 1 + random.below(5) as u32;
            let values: Vec<Value> = (-2..size as Value)
                .filter(|_| random.below(3) > 0)
                .collect();
            let (model, state) = random_case(&mut random, count, size, |vars| {
                let rule = EachValueSomewhere::new("g", vars, values.clone());
                if round % 2 == 0 {
                    rule
                } else {
                    rule.one_pass()
                }
            });
            assert_sound(&model, &state);
        }
    }

    #[test]
    fn values_beyond_a_word_find_their_place() {
        let mut model = crate::Model::new();
        let vars = model.new_vars(2, 100);
        model
            .add_rule(EachValueSomewhere::new("g", vars.clone(), vec![99]))
            .unwrap();
        let mut state = model.domains();
        state.remove(vars[0], 99).unwrap();
        crate::propagate(&model, &mut state, crate::Schedule::Queue, None).unwrap();
        assert_eq!(state.value(vars[1]), Some(99));
    }
}
