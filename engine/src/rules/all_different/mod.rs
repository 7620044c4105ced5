//! All different: no two variables of a group take the same value, optionally after
//! adding an offset to each (`x_i + offset_i` all different).
//!
//! ```
//! use sieve::prelude::*;
//!
//! // Four queens, one per column: the rows, the rows plus the column and the rows
//! // minus the column are each all different (Gecode's queens model).
//! let mut model = Model::new();
//! let rows = model.new_vars(4, 4);
//! let up: Vec<i64> = (0..4).collect();
//! let down: Vec<i64> = (0..4).map(|column| -column).collect();
//! model.add_rule(AllDifferent::new("rows", rows.clone()))?;
//! model.add_rule(AllDifferent::new("rising", rows.clone()).offsets(up)?)?;
//! model.add_rule(
//!     AllDifferent::new("falling", rows.clone())
//!         .offsets(down)?
//!         .with_consistency(Consistency::Domain),
//! )?;
//! assert_eq!(Search::new(&model, Config::default())?.count(None).solutions, 2);
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! # Consistency levels
//!
//! How much a run removes, each level doing what the one before does and more:
//!
//! - [`Consistency::Value`] (the default): a variable fixed to a value takes that
//!   value from every other one. It wakes only when a variable is assigned, so an
//!   undecided group costs nothing: what the hot paths of sudoku and skyscrapers use.
//! - [`Consistency::Bounds`]: besides, Hall intervals. When `k` variables have their
//!   values within an interval of `k` values, they take the whole interval between
//!   them, and every other variable loses it from its bounds.
//! - [`Consistency::Domain`]: Régin's filter. A value stays only when some way of
//!   giving every variable a different value uses it (a matching of variables to
//!   values, see [`super::matching`]). It needs at most 64 variables and the values
//!   (after offsets) within a span of 64; larger groups get bounds consistency.
//!
//! # Offsets
//!
//! Values and offsets may be negative, and variables may have different ranges, so
//! the shifted values
//! `x_i + offset_i` are worked out in `i64`: a shifted value that falls outside a
//! variable's values simply removes nothing there.
//!
//! # Inferences
//!
//! `"all different"` (a fixed value leaves the others), `"hall interval"` and
//! `"all different matching"`; their sentences can be a puzzle's own
//! ([`AllDifferent::wording`]).

mod hall;
mod regin;

use crate::domain::{Domains, Value, VarId};
use crate::error::Error;
use crate::fast::Words;
use crate::names::Names;
use crate::propagation::{
    Conflict, Consistency, Context, Cost, Events, Fact, Posting, Rule, StateBitset, Watch, Why,
};
use crate::rules::wording::{Deduction, Wording};

/// The values `x_i + offset_i` of a group of variables are all different (see the
/// [module docs](self)).
#[derive(Clone, Debug)]
pub struct AllDifferent {
    name: String,
    vars: Vec<VarId>,
    /// One offset per variable, or empty when every offset is 0.
    offsets: Vec<i64>,
    consistency: Consistency,
    wording: Wording,
    /// Reversible, once posted: the variables whose value this rule has already
    /// taken from the others on this branch. Domains only shrink along a branch, so
    /// such a value stays gone, and a run clears only the variables fixed since.
    cleared: Option<StateBitset>,
    /// Set when posted if every variable starts at this value, has at most 64
    /// values and no offset applies: each domain is then read as its own word
    /// ([`crate::fast`]), the same bit standing for the same value everywhere.
    /// Skyscrapers' lines spent twice base's instructions in this rule before
    /// (callgrind, bench/README "Start of the engine-API work").
    aligned_first: Option<Value>,
}

impl AllDifferent {
    /// All of `vars` take different values, at [`Consistency::Value`].
    pub fn new(name: impl Into<String>, vars: Vec<VarId>) -> Self {
        AllDifferent {
            name: name.into(),
            vars,
            offsets: Vec::new(),
            consistency: Consistency::Value,
            wording: Wording::default(),
            cleared: None,
            aligned_first: None,
        }
    }

    /// Compare `x_i + offsets[i]` instead of `x_i`; an error unless there is one
    /// offset per variable.
    pub fn offsets(mut self, offsets: impl IntoIterator<Item = i64>) -> Result<Self, Error> {
        let offsets: Vec<i64> = offsets.into_iter().collect();
        if offsets.len() != self.vars.len() {
            return Err(Error::TermCount {
                rule: self.name,
                vars: self.vars.len(),
                terms: offsets.len(),
            });
        }
        self.offsets = if offsets.iter().all(|&offset| offset == 0) {
            Vec::new()
        } else {
            offsets
        };
        Ok(self)
    }

    /// Filter at another level (see [`Consistency`]; [`Consistency::Unspecified`]
    /// means the default, [`Consistency::Value`]). The level is also the rule's
    /// claim, which the oracle checks ([`Rule::consistency`]).
    pub fn with_consistency(mut self, consistency: Consistency) -> Self {
        self.consistency = consistency;
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

    /// The variables of the group.
    pub fn vars(&self) -> &[VarId] {
        &self.vars
    }

    /// The offset of the variable at `index` in the group.
    #[inline]
    fn offset(&self, index: usize) -> i64 {
        self.offsets.get(index).copied().unwrap_or(0)
    }

    /// The shifted value `x_index + offset_index`.
    #[inline]
    fn shifted(&self, index: usize, value: Value) -> i64 {
        i64::from(value) + self.offset(index)
    }

    /// The value of the variable at `index` whose shifted value is `shifted`, if it
    /// is a value at all.
    #[inline]
    fn unshifted(&self, index: usize, shifted: i64) -> Option<Value> {
        Value::try_from(shifted - self.offset(index)).ok()
    }

    /// Value consistency to a fixpoint; `Ok(true)` when every variable is fixed (to
    /// different values, or a conflict would have come first).
    /// Each fixed variable not cleared yet on this branch gives its value up from
    /// the others; a variable that this leaves with one value is handled at once
    /// from a worklist, so the fixpoint takes one pass. Two variables fixed to the
    /// same value meet as a conflict: the first one's clearing empties the other.
    fn fixed_values(&self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let words = self.vars.len().div_ceil(64);
        // A group of at most 64 variables (every puzzle's line) keeps its sets in
        // plain words on the stack: growable vectors there cost skyscrapers' rule
        // a third of its run (callgrind, bench/README "Start of the engine-API work").
        if words == 1 {
            return self.fixed_values_word(ctx);
        }
        let mut sets = vec![0u64; 3 * words];
        let (cleared, rest) = sets.split_at_mut(words);
        let (pending, newly_fixed) = rest.split_at_mut(words);
        self.fixed_values_in(ctx, cleared, pending, newly_fixed)
    }

    /// [`AllDifferent::fixed_values`] for a group of 1 to 64 variables: the same
    /// walk as [`AllDifferent::fixed_values_in`] (always the lowest variable
    /// left to look at first), with its three sets in registers instead of
    /// slices (a skyscrapers line's run took half as many instructions again
    /// through the slices: callgrind, bench/README "Start of the engine-API work").
    fn fixed_values_word(&self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let mut cleared = match self.cleared {
            Some(handle) => ctx.bitset(handle)[0],
            None => 0,
        };
        let mut pending = !cleared & low_bits(self.vars.len());
        // Made at the first value to clear, if any: most runs clear none.
        let mut holders = None;
        let by_holders = self
            .aligned_first
            .filter(|_| self.consistency == Consistency::Domain);
        while pending != 0 {
            let index = pending.trailing_zeros() as usize;
            pending &= pending - 1;
            let Some(value) = self.fixed_value(ctx.domains(), index) else {
                continue;
            };
            cleared |= 1 << index;
            let mut newly_fixed = [0u64];
            match by_holders {
                Some(first) => {
                    let holders = holders.get_or_insert_with(|| self.holders(ctx.domains()));
                    let others = crate::fast::bits(holders[(value - first) as usize]);
                    let others = others.map(|other| other as usize);
                    self.clear_value(ctx, index, value, others, &mut newly_fixed)?;
                }
                None => {
                    self.clear_value(ctx, index, value, 0..self.vars.len(), &mut newly_fixed)?
                }
            }
            pending |= newly_fixed[0] & !cleared;
        }
        if let Some(handle) = self.cleared {
            ctx.set_bitset_word(handle, 0, cleared);
        }
        Ok(cleared.count_ones() as usize == self.vars.len())
    }

    /// [`AllDifferent::fixed_values`] with its three sets of variable indices
    /// given, one word for each 64 variables: those cleared, those to look at,
    /// and those the last clearing fixed.
    fn fixed_values_in(
        &self,
        ctx: &mut Context<'_>,
        cleared: &mut [u64],
        pending: &mut [u64],
        newly_fixed: &mut [u64],
    ) -> Result<bool, Conflict> {
        let words = cleared.len();
        if let Some(handle) = self.cleared {
            cleared.copy_from_slice(ctx.bitset(handle));
        }
        // The variables to look at: every one not cleared yet, and again any
        // that a clearing leaves with one value.
        for (word, pending) in pending.iter_mut().enumerate() {
            *pending = !cleared[word] & low_bits(self.vars.len() - 64 * word);
        }
        let mut word = 0;
        while word < words {
            if pending[word] == 0 {
                word += 1;
                continue;
            }
            let bit = pending[word].trailing_zeros() as usize;
            pending[word] &= pending[word] - 1;
            let index = 64 * word + bit;
            let Some(value) = self.fixed_value(ctx.domains(), index) else {
                continue;
            };
            cleared[word] |= 1 << bit;
            newly_fixed.fill(0);
            self.clear_value(ctx, index, value, 0..self.vars.len(), newly_fixed)?;
            for (pending, (newly, cleared)) in
                pending.iter_mut().zip(newly_fixed.iter().zip(&*cleared))
            {
                *pending |= newly & !cleared;
            }
            // A variable fixed by this clearing may lie before `word`.
            word = newly_fixed
                .iter()
                .position(|&bits| bits != 0)
                .map_or(word, |at| at.min(word));
        }
        if let Some(handle) = self.cleared {
            for (word, &bits) in cleared.iter().enumerate() {
                ctx.set_bitset_word(handle, word, bits);
            }
        }
        let count: u32 = cleared.iter().map(|word| word.count_ones()).sum();
        Ok(count as usize == self.vars.len())
    }

    /// For a domain-consistent group read as words ([`AllDifferent::aligned_first`]),
    /// per value (bit `p` for `first + p`) the variables that hold it, as a set
    /// of indices: domains only shrink while a run clears values, so a value
    /// fixed later leaves only these, and each clearing reads a few variables
    /// instead of all of them. Dominosa's 55 domino variables spent most of
    /// their value clearing reading variables without the value (callgrind,
    /// dominosa-9dh). The other levels run when a variable is assigned, mostly
    /// to clear one value, and read every variable instead.
    fn holders(&self, domains: &Domains) -> [u64; 64] {
        let mut holders = [0u64; 64];
        for (index, &var) in self.vars.iter().enumerate() {
            for position in crate::fast::bits(domains.word(var)) {
                holders[position as usize] |= 1 << index;
            }
        }
        holders
    }

    /// The value of the variable at `index` leaves the variables of `others`
    /// (indices, increasing; those without the value are skipped): the
    /// variables this leaves with one value are added to `newly_fixed` (a set of
    /// indices).
    #[inline]
    fn clear_value(
        &self,
        ctx: &mut Context<'_>,
        index: usize,
        value: Value,
        others: impl Iterator<Item = usize>,
        newly_fixed: &mut [u64],
    ) -> Result<(), Conflict> {
        let shifted = self.shifted(index, value);
        for other_index in others {
            let other = self.vars[other_index];
            let target = if self.offsets.is_empty() {
                value
            } else {
                match self.unshifted(other_index, shifted) {
                    Some(target) => target,
                    None => continue,
                }
            };
            if other_index != index
                && self.holds_value(ctx.domains(), other, target)
                && self.remove_placed(ctx, (self.vars[index], value), other, target)?
                && self.fixed_value(ctx.domains(), other_index).is_some()
            {
                newly_fixed[other_index / 64] |= 1 << (other_index % 64);
            }
        }
        Ok(())
    }

    /// The value of the variable at `index`, if it has one.
    #[inline(always)]
    fn fixed_value(&self, domains: &Domains, index: usize) -> Option<Value> {
        let var = self.vars[index];
        match self.aligned_first {
            Some(first) => {
                let word = domains.word(var);
                (word.is_power_of_two()).then(|| first + word.trailing_zeros() as Value)
            }
            None => domains.value(var),
        }
    }

    /// Whether `value` is a candidate of `var`.
    #[inline]
    fn holds_value(&self, domains: &Domains, var: VarId, value: Value) -> bool {
        match self.aligned_first {
            // `value` is another variable's of the group: within the 64 bits.
            Some(first) => domains.word(var) >> (value - first) & 1 == 1,
            None => domains.contains(var, value),
        }
    }

    /// `placed` (a variable and its value) takes `target` from `other`.
    fn remove_placed(
        &self,
        ctx: &mut Context<'_>,
        (var, value): (VarId, Value),
        other: VarId,
        target: Value,
    ) -> Result<bool, Conflict> {
        let cause = [var];
        let facts = [Fact::Is(var, value)];
        let deduction = Deduction {
            inference: "all different",
            var: other,
            value: Some(target),
            facts: &facts,
        };
        let text = |names: &Names| {
            let default = |names: &Names| self.explain(names, var, value);
            self.say(names, &deduction, default)
        };
        let why = Why::new("all different")
            .cause(&cause)
            .because(&facts)
            .named_text(&text);
        ctx.remove(other, target, &why)
    }

    fn explain(&self, names: &Names, var: VarId, value: Value) -> String {
        let label = names.label_of(var, value);
        if self.offsets.is_empty() {
            format!(
                "{} = {label}, so {label} leaves every other variable of {}",
                names.var_name(var),
                self.name
            )
        } else {
            format!(
                "{} = {label}, so every other variable of {} loses the value its offset \
                 would make equal",
                names.var_name(var),
                self.name
            )
        }
    }

    /// A sentence for a change `deduction` made, in the puzzle's words when given.
    fn say(
        &self,
        names: &Names,
        deduction: &Deduction<'_>,
        default: impl FnOnce(&Names) -> String,
    ) -> String {
        self.wording.sentence(names, deduction, default)
    }
}

impl Rule for AllDifferent {
    fn name(&self) -> &str {
        &self.name
    }

    fn consistency(&self) -> Consistency {
        match self.consistency {
            Consistency::Unspecified => Consistency::Value,
            level => level,
        }
    }

    fn watches(&self) -> Vec<Watch> {
        let events = match self.consistency {
            Consistency::Unspecified | Consistency::Value => Events::ASSIGNED,
            Consistency::Bounds => Events::BOUNDS | Events::ASSIGNED,
            Consistency::Domain => Events::REMOVED,
        };
        Watch::all(&self.vars, events)
    }

    fn cost(&self) -> Cost {
        match self.consistency {
            Consistency::Unspecified | Consistency::Value => Cost::Linear,
            Consistency::Bounds | Consistency::Domain => Cost::Quadratic,
        }
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn post(&mut self, posting: &mut Posting<'_>) -> Result<(), Error> {
        self.cleared = Some(posting.bitset(self.vars.len(), false));
        let first = self.vars.first().map(|&var| *posting.range(var).start());
        self.aligned_first = first.filter(|&first| {
            self.offsets.is_empty()
                && self.vars.iter().all(|&var| {
                    let range = posting.range(var);
                    *range.start() == first && i64::from(*range.end()) - i64::from(first) < 64
                })
        });
        Ok(())
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let entailed = match self.consistency {
            Consistency::Unspecified | Consistency::Value => self.fixed_values(ctx)?,
            Consistency::Bounds => self.bounds(ctx)?,
            Consistency::Domain => self.matching(ctx)?,
        };
        if entailed {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let shifted = |index: usize| self.shifted(index, values[self.vars[index].index()]);
        (0..self.vars.len()).all(|a| (a + 1..self.vars.len()).all(|b| shifted(a) != shifted(b)))
    }
}

#[cfg(test)]
mod tests;

/// The lowest `count` bits of a word (all 64 for a count of 64 or more).
fn low_bits(count: usize) -> u64 {
    if count >= 64 {
        u64::MAX
    } else {
        (1u64 << count) - 1
    }
}
