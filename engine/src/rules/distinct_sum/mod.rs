//! Distinct sum: the values of a group are pairwise different and add up to a fixed
//! sum (killer sudoku cages, kakuro runs, the lines of a magic square).
//!
//! ```
//! use sieve::prelude::*;
//!
//! // Three different digits 0..=9 summing to 3: only {0, 1, 2} will do.
//! let mut model = Model::new();
//! let digits = model.new_vars(3, 10);
//! model.add_rule(DistinctSum::new("three digits", digits.clone(), 3))?;
//! let mut state = model.domains();
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert!(digits.iter().all(|&digit| state.iter(digit).eq([0, 1, 2])));
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! The sum is over the variables' own values: declare a kakuro run's digits over
//! `1..=9` ([`crate::Model::new_var_in`]) and its clue is the target as printed.
//!
//! [`LinearSum`] reasons on bounds only and knows nothing of the values being
//! different. [`DistinctSum`] keeps a candidate `v` of a variable only when the
//! others can take values that are all different, all different from `v`, and make
//! up the rest of the sum — a *support* for `v` (domain consistency, inference
//! `"distinct sum"`), with which a search needs far fewer nodes.
//!
//! # How supports are found
//!
//! Fixed variables are set aside first: their values leave the others and their sum
//! leaves the target. The open variables are ordered by domain size; a depth-first
//! walk gives the smaller ones every combination of different values whose partial
//! sum can still be completed (bounds pruning), and settles the last two at once
//! with bit operations on their domains: the values `a` of one whose complement
//! `rest − a` is a candidate of the other form a mirrored, shifted copy of that
//! domain. Every combination that completes marks its values as supported; the
//! rest go.
//!
//! The walk has a step budget ([`DistinctSum::with_budget`]). When it runs out,
//! the action removes nothing: keeping values is always sound, so a budget only
//! makes the rule weaker on groups too large to settle, never wrong.
//!
//! The walk works on groups of at most 16 variables whose values lie within 64 of
//! each other;
//! other groups fall back to [`LinearSum`]'s bounds reasoning (inference `"sum
//! bounds"`). The sentences can be a puzzle's own ([`DistinctSum::wording`]).

mod supports;

use smallvec::SmallVec;

use crate::domain::{Domains, Value, VarId};
use crate::fast::{WordChanges, Words};
use crate::names::Names;
use crate::propagation::{Conflict, Context, Cost, Events, Posting, Rule, Watch, Why};
use crate::rules::LinearSum;
use crate::rules::wording::{Deduction, Wording};
use crate::value_set::ValueSet;

use supports::{MAX_CELLS, Supports};

/// Pairwise different values with a fixed sum, domain consistent (see the [module
/// docs](self)).
#[derive(Clone, Debug)]
pub struct DistinctSum {
    name: String,
    vars: Vec<VarId>,
    target: i64,
    /// The smallest first value of the variables: bit 0 of the walk's words.
    base: Value,
    /// How the variables' values lie against `base`, found once when posted (the
    /// ranges never change), not at every run.
    layout: WordLayout,
    budget: u64,
    /// The same sum by bounds, for groups the walk does not handle.
    bounds: LinearSum,
    wording: Wording,
}

impl DistinctSum {
    /// The default number of walk steps one action may spend finding supports.
    pub const DEFAULT_BUDGET: u64 = 1 << 16;

    /// The values of `vars` are pairwise different and sum to `target`.
    pub fn new(name: impl Into<String>, vars: Vec<VarId>, target: i64) -> Self {
        let name = name.into();
        DistinctSum {
            bounds: LinearSum::sum_equals(name.clone(), &vars, target),
            name,
            vars,
            target,
            base: 0,
            layout: WordLayout::TooWide,
            budget: Self::DEFAULT_BUDGET,
            wording: Wording::default(),
        }
    }

    /// The same rule with another step budget per action (at least 1).
    pub fn with_budget(mut self, budget: u64) -> Self {
        self.budget = budget.max(1);
        self
    }

    /// Word the rule's changes in a puzzle's own sentences (see [`Wording`]); the
    /// bounds fallback keeps [`LinearSum`]'s words.
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

    /// The sum the values must reach.
    pub fn target(&self) -> i64 {
        self.target
    }

    /// Each variable's candidates as a word, bit `p` being value `base + p`, into
    /// `words` (filled in place: returning the array copied it at every run).
    fn words_into(&self, domains: &Domains, words: &mut [u64; MAX_CELLS]) {
        for (word, &var) in words.iter_mut().zip(&self.vars) {
            *word = match self.layout {
                WordLayout::Aligned => domains.word(var),
                _ => domains.word_from(var, i64::from(self.base), 0),
            };
        }
    }

    /// Domain-consistent pruning; `Ok(true)` when every variable is fixed.
    fn prune_supports(&self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let length = self.vars.len();
        let mut domains = [0u64; MAX_CELLS];
        self.words_into(ctx.domains(), &mut domains);
        let mut kept = [0u64; MAX_CELLS];
        // Every value is `base` more than its bit: the bits must sum to the rest.
        let bits_target = self.target - length as i64 * i64::from(self.base);
        let words = &domains[..length];
        if words.iter().all(|word| word.is_power_of_two()) {
            // Every variable fixed: the walk's whole answer is whether the values
            // differ and reach the sum, found without it.
            let union = words.iter().fold(0, |union, word| union | word);
            let sum: i64 = words
                .iter()
                .map(|word| i64::from(word.trailing_zeros()))
                .sum();
            if union.count_ones() as usize == length && sum == bits_target {
                return Ok(true);
            }
            return Err(ctx.conflict(&Why::new("distinct sum").cause(&self.vars)));
        }
        let found = u64::try_from(bits_target).is_ok_and(|bits_target| {
            let kept = &mut kept[..length];
            Supports::new(&domains[..length], bits_target, self.budget, kept).find()
        });
        if !found {
            return Err(ctx.conflict(&Why::new("distinct sum").cause(&self.vars)));
        }
        for ((&var, &keep), &domain) in self.vars.iter().zip(&kept).zip(&domains) {
            if keep != domain {
                self.keep(ctx, var, keep)?;
            }
        }
        Ok(kept[..length].iter().all(|keep| keep.is_power_of_two()))
    }

    /// Keep only the supported values `keep` (a word) of `var`.
    fn keep(&self, ctx: &mut Context<'_>, var: VarId, keep: u64) -> Result<bool, Conflict> {
        let deduction = Deduction {
            inference: "distinct sum",
            var,
            value: None,
            facts: &[],
        };
        let text = |names: &Names| {
            let default = |names: &Names| {
                format!(
                    "{}: the variables must be all different and sum to {}, \
                     and no other value of {} allows that",
                    self.name,
                    self.target,
                    names.var_name(var)
                )
            };
            self.wording.sentence(names, &deduction, default)
        };
        let why = Why::new("distinct sum").cause(&self.vars).named_text(&text);
        match self.layout {
            WordLayout::Aligned => ctx.keep_word(var, keep, &why),
            _ => ctx.retain(var, &ValueSet::from_words(self.base, &[keep]), &why),
        }
    }

    /// The group's values are pairwise different and sum to the target.
    fn group_holds(&self, group: &[Value]) -> bool {
        let sum: i64 = group.iter().map(|&value| i64::from(value)).sum();
        let different =
            (group.iter().enumerate()).all(|(index, value)| !group[index + 1..].contains(value));
        sum == self.target && different
    }
}

impl Rule for DistinctSum {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Cost::Expensive
    }

    fn post(&mut self, posting: &mut Posting<'_>) -> Result<(), crate::Error> {
        self.base = posting.lowest_first(&self.vars);
        self.layout = WordLayout::of(&self.vars, self.base, posting);
        // The bounds fallback keeps its totals, and refuses sums that could overflow.
        self.bounds.post(posting)
    }

    fn idempotent(&self) -> bool {
        // Every value of a support is kept, so a second run finds the same supports
        // (when the budget ran out the first run removed nothing, and skipping a
        // second try is still sound).
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if self.layout == WordLayout::TooWide {
            return self.bounds.action(ctx);
        }
        if self.prune_supports(ctx)? {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let group: SmallVec<[Value; 16]> =
            self.vars.iter().map(|var| values[var.index()]).collect();
        self.group_holds(&group)
    }
}

/// How a group's values lie against its base (the smallest first value).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum WordLayout {
    /// Every variable starts at the base and has at most 64 values: its own
    /// word is the walk's word. Reading and narrowing each cell as its word, not
    /// through a shifted set, took magic's count of 4×4 from 2.53 G instructions
    /// to 2.30 G (callgrind, bench/README "Start of the engine-API work").
    Aligned,
    /// Every value lies within 64 of the base, some variable starting above it.
    Shifted,
    /// Too many variables, or values beyond 64 from the base: sums by bounds.
    TooWide,
}

impl WordLayout {
    fn of(vars: &[VarId], base: Value, posting: &Posting<'_>) -> Self {
        let base_wide = i64::from(base);
        let within = |var: &VarId| i64::from(*posting.range(*var).end()) - base_wide < 64;
        if vars.len() > MAX_CELLS || !vars.iter().all(within) {
            WordLayout::TooWide
        } else if vars.iter().all(|var| *posting.range(*var).start() == base) {
            WordLayout::Aligned
        } else {
            WordLayout::Shifted
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{Random, after, assert_sound, candidates, random_case, supported};

    #[test]
    fn keeps_exactly_the_supported_values() {
        let mut random = Random::new(6);
        for _ in 0..1500 {
            let count = 1 + random.below(4) as usize;
            let size = 1 + random.below(6) as u32;
            let target = random.below(u64::from(size) * count as u64 + 1) as i64 - count as i64;
            let (model, state) = random_case(&mut random, count, size, |vars| {
                DistinctSum::new("g", vars, target)
            });
            assert_sound(&model, &state);
            let kept = after(&model, &state).map(|after| candidates(&model, &after));
            assert_eq!(kept, supported(&model, &state), "{state:?} {target}");
        }
    }
}
