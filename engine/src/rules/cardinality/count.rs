//! The filter both cardinality rules share: how many variables must and how many
//! can take a value of a set, against the bounds of that number.

use std::ops::RangeInclusive;

use smallvec::SmallVec;

use crate::domain::{Domains, VarId};
use crate::names::Names;
use crate::propagation::{Conflict, Context, Why};
use crate::rules::wording::{Deduction, Wording};
use crate::value_set::ValueSet;

/// What a variable's domain says about the set: within it, meeting it, or apart.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Place {
    /// Every candidate is in the set: the variable counts, whatever it takes.
    Within,
    /// Some candidates are in the set, some not.
    Meets,
    /// No candidate is in the set.
    Apart,
}

/// Where `var`'s candidates lie with respect to `values`, word by word.
#[inline(never)]
fn place(domains: &Domains, var: VarId, values: &ValueSet) -> Place {
    let (mut inside, mut outside) = (false, false);
    if domains.is_bounds(var) {
        // An interval: walk the set, not the (wide) domain.
        let (Some(low), Some(high)) = (domains.min(var), domains.max(var)) else {
            return Place::Apart;
        };
        let shared = values.iter().filter(|value| (low..=high).contains(value));
        let shared = shared.count() as i64;
        inside = shared > 0;
        outside = shared < i64::from(high) - i64::from(low) + 1;
    }
    let first = domains.first(var);
    let bitset_words = if domains.is_bounds(var) {
        &[][..]
    } else {
        domains.words(var)
    };
    for (index, &word) in bitset_words.iter().enumerate() {
        let set = values.aligned_word(first, index);
        inside |= word & set != 0;
        outside |= word & !set != 0;
    }
    place_of(inside, outside)
}

/// The place of a domain with candidates in the set (`inside`) and out of it.
fn place_of(inside: bool, outside: bool) -> Place {
    match (inside, outside) {
        (true, false) => Place::Within,
        (true, true) => Place::Meets,
        _ => Place::Apart,
    }
}

/// The set as it is read from every domain: when it spans at most 64 values
/// (every puzzle's set of values that count), as one word aligned to the
/// domain's first value, so that a one-word domain's place is two masks; the
/// aligned word is kept for the next variable, which mostly starts at the
/// same value. Else, and for longer domains, read word by word ([`place`]).
struct Reading<'r> {
    values: &'r ValueSet,
    /// The set's values as bits from `base`, when it spans at most 64.
    window: Option<(i64, u64)>,
    /// The first value of the domain last read, and the set aligned to it.
    aligned: (i64, u64),
}

impl<'r> Reading<'r> {
    /// How `values` is read.
    fn of(values: &'r ValueSet) -> Self {
        let window = match (values.min(), values.max()) {
            (Some(low), Some(high)) if i64::from(high) - i64::from(low) < 64 => {
                let base = i64::from(low);
                Some((base, values.aligned_word(base, 0)))
            }
            (None, _) | (_, None) => Some((0, 0)),
            _ => None,
        };
        let aligned = window.unwrap_or((0, 0));
        Reading {
            values,
            window,
            aligned,
        }
    }

    /// Where `var`'s candidates lie with respect to the set.
    #[inline(always)]
    fn place(&mut self, domains: &Domains, var: VarId) -> Place {
        let (Some((base, mask)), Some(offset)) = (self.window, domains.single_word_offset(var))
        else {
            return place(domains, var, self.values);
        };
        let first = i64::from(domains.first(var));
        if self.aligned.0 != first {
            // Bit `i` of the set is value `base + i`, of the domain `first + i`.
            let shifted = match base - first {
                shift @ 0..64 => mask << shift,
                shift @ -63..0 => mask >> -shift,
                _ => 0,
            };
            self.aligned = (first, shifted);
        }
        let word = domains.store()[offset];
        place_of(word & self.aligned.1 != 0, word & !self.aligned.1 != 0)
    }
}

/// One count to filter: `vars` take a value of `values` between `bounds` times.
pub(super) struct Counted<'r> {
    /// The rule's name, for sentences.
    pub(super) name: &'r str,
    pub(super) vars: &'r [VarId],
    pub(super) values: &'r ValueSet,
    pub(super) bounds: RangeInclusive<usize>,
    pub(super) wording: &'r Wording,
}

/// What a filter found: whether it narrowed a domain, and whether the count holds
/// on every assignment left.
pub(super) struct Outcome {
    pub(super) narrowed: bool,
    pub(super) entailed: bool,
}

impl Counted<'_> {
    /// When the variables that must count reach the upper bound, the others lose
    /// the set; when those that can count are just the lower bound, they keep only
    /// the set; a conflict when neither bound can be met.
    pub(super) fn filter(&self, ctx: &mut Context<'_>) -> Result<Outcome, Conflict> {
        let mut reading = Reading::of(self.values);
        let (mut must, mut can) = (0, 0);
        for &var in self.vars {
            match reading.place(ctx.domains(), var) {
                Place::Within => must += 1,
                Place::Meets => can += 1,
                Place::Apart => {}
            }
        }
        let can = must + can;
        let (low, high) = (*self.bounds.start(), *self.bounds.end());
        if must > high || can < low {
            return Err(ctx.conflict(&Why::new("cardinality").cause(self.vars)));
        }
        let narrowed = can > must && (must == high || can == low);
        if narrowed {
            self.narrow_open(ctx, &mut reading, must == high)?;
        }
        Ok(Outcome {
            narrowed,
            // A narrowing leaves exactly `high` (or `low`) variables able to count,
            // all of which must: the count holds from now on.
            entailed: narrowed || (must >= low && can <= high),
        })
    }

    /// Narrow every variable that meets the set: it loses the set when the
    /// count is `full` (the cause: the variables within it), else keeps only
    /// the set (the cause: those apart from it). The places are read again
    /// here, so that the count above stores none.
    fn narrow_open(
        &self,
        ctx: &mut Context<'_>,
        reading: &mut Reading<'_>,
        full: bool,
    ) -> Result<(), Conflict> {
        let cause_place = if full { Place::Within } else { Place::Apart };
        let (mut cause, mut open) = (
            SmallVec::<[VarId; 16]>::new(),
            SmallVec::<[VarId; 16]>::new(),
        );
        for &var in self.vars {
            match reading.place(ctx.domains(), var) {
                Place::Meets => open.push(var),
                place if place == cause_place => cause.push(var),
                _ => {}
            }
        }
        for var in open {
            self.narrow(ctx, var, full, &cause)?;
        }
        Ok(())
    }

    /// Take the set from `var` (`full`) or keep only the set, with its sentence.
    fn narrow(
        &self,
        ctx: &mut Context<'_>,
        var: VarId,
        full: bool,
        cause: &[VarId],
    ) -> Result<bool, Conflict> {
        let inference = if full {
            "cardinality full"
        } else {
            "cardinality needs all"
        };
        let deduction = Deduction {
            inference,
            var,
            value: (self.values.len() == 1)
                .then(|| self.values.min())
                .flatten(),
            facts: &[],
        };
        let text = |names: &Names| {
            let default = |names: &Names| self.explain(names, var, full, cause);
            self.wording.sentence(names, &deduction, default)
        };
        let why = Why::new(inference).cause(cause).named_text(&text);
        if full {
            ctx.remove_all(var, self.values, &why)
        } else {
            ctx.retain(var, self.values, &why)
        }
    }

    /// The default sentence: "x4 cannot be 1: at most 2 of row 1 can be 1 and x1,
    /// x2 already are", or "x4 must be 1: at least 2 of row 1 must be 1 and only
    /// x3, x4 still can".
    fn explain(&self, names: &Names, var: VarId, full: bool, cause: &[VarId]) -> String {
        let labels: Vec<String> = self.values.iter().map(|v| names.value_label(v)).collect();
        let values = labels.join(" or ");
        let cell = names.var_name(var);
        let listed = |vars: &mut dyn Iterator<Item = VarId>| {
            let names: Vec<String> = vars.map(|var| names.var_name(var)).collect();
            names.join(", ")
        };
        let (name, low, high) = (self.name, self.bounds.start(), self.bounds.end());
        if full {
            let taken = listed(&mut cause.iter().copied());
            format!(
                "{cell} cannot be {values}: at most {high} of {name} can be {values} and {taken} already are"
            )
        } else {
            let apart: Vec<VarId> = cause.to_vec();
            let able = listed(&mut self.vars.iter().copied().filter(|v| !apart.contains(v)));
            format!(
                "{cell} must be {values}: at least {low} of {name} must be {values} and only {able} still can"
            )
        }
    }
}
