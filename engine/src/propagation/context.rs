//! The context a rule's action works through: every change records its provenance,
//! wakes the rules that wait for it, and can be undone.

use std::ops::RangeInclusive;

use smallvec::SmallVec;

use crate::domain::{Domains, entailment_bit, low_mask};
use crate::ids::{RuleId, Value, VarId};
use crate::interval;
use crate::model::{Model, Watchers};
use crate::observe::{Change, Event, Flow, Observer};
use crate::propagation::conflict::Conflict;
use crate::propagation::engine::{Core, Schedule};
use crate::propagation::events::Events;
use crate::propagation::state::{StateBitset, StateInt};
use crate::propagation::why::{Fact, Why};
use crate::summary::{self, Summary};
use crate::value_set::ValueSet;

/// The indices (first, last) of every word of a domain, for a narrowing that
/// may change any of them.
const EVERY_WORD: (usize, usize) = (0, usize::MAX);

/// The only way a rule changes domains: every change records its provenance, wakes the
/// rules that watch the variable, and is undone on backtrack.
pub struct Context<'a> {
    model: &'a Model,
    domains: &'a mut Domains,
    /// The engine's queues, trail and counters; also where the entailment
    /// flags start and the depth of the run, set once a run rather than once a
    /// rule run (a context is made for every rule run: the fewer fields, the
    /// cheaper).
    core: &'a mut Core,
    watchers: &'a Watchers,
    observer: Option<&'a mut dyn Observer>,
    rule: Option<RuleId>,
}

impl<'a> Context<'a> {
    /// The context of one rule run (`rule`), or of a search decision (`None`).
    #[inline]
    pub(crate) fn new(
        model: &'a Model,
        domains: &'a mut Domains,
        core: &'a mut Core,
        watchers: &'a Watchers,
        observer: Option<&'a mut dyn Observer>,
        rule: Option<RuleId>,
    ) -> Self {
        Context {
            model,
            domains,
            core,
            watchers,
            observer,
            rule,
        }
    }

    /// The current state, for reading.
    #[inline]
    pub fn domains(&self) -> &Domains {
        self.domains
    }

    /// The model, for names of variables and values (borrowed for as long as
    /// the context lives, so a rule may read it while it changes domains).
    pub fn model(&self) -> &'a Model {
        self.model
    }

    /// The rule running, or `None` for a search decision.
    pub fn rule(&self) -> Option<RuleId> {
        self.rule
    }

    /// Whether an observer wants the sentences of [`Why::text`]; a rule may skip
    /// gathering details for its explanation when this is false.
    pub fn explaining(&self) -> bool {
        self.observer
            .as_ref()
            .is_some_and(|observer| observer.wants_explanations())
    }

    /// Whether the running rule may leave the costly part of this run for later.
    /// Under [`Schedule::Priority`], while rules of a cheaper class than
    /// [`Cost::Expensive`](crate::Cost) still wait, the rule is queued to run
    /// again once every cheaper rule is quiet (before any expensive rule), a
    /// change meanwhile does not wake it sooner, and this returns `true`: the
    /// rule may skip now the part that rarely finds anything before then.
    /// Otherwise (no cheaper rule waits, another schedule, a search decision)
    /// it returns `false` and the rule does all of its work now. The fixpoint
    /// is the same either way; only the order of the deductions changes.
    ///
    /// For a rule whose costly part mostly finds what cheaper rules find
    /// anyway. `SingleLoop`'s search for edges cut off from the rest found
    /// something in 25 of its 11,081 runs on 100 Slitherlink 20×20 IDs of
    /// Tatham's hardest level; postponed this way, the whole solve took
    /// 3,245 M instructions instead of 4,319 M (callgrind,
    /// bench/data/zoo/loopy-20x20t0dh.txt), and 991 M instead of 1,273 M on
    /// the easiest level.
    pub fn postpone_while_busy(&mut self) -> bool {
        match self.rule {
            Some(rule) => self.core.queues.postpone(rule),
            None => false,
        }
    }

    /// Declare the running rule *entailed*: it holds for every assignment left when
    /// its action returns, so no later narrowing on this branch can break it. The
    /// engine then neither wakes nor runs it on this branch, and the search skips its
    /// check ([`Rule::holds`](crate::Rule::holds)) on the solutions below; the flag
    /// is part of the state, undone on backtrack like a removal. The oracle
    /// ([`crate::oracle::check_rule`]) checks every such claim by brute force. A
    /// search decision (no rule running) declares nothing.
    #[inline]
    pub fn declare_entailed(&mut self) {
        if let Some(rule) = self.rule {
            let (offset, bit) = entailment_bit(self.core.entailment_offset, rule);
            let old = self.domains.store()[offset];
            if old & bit == 0 {
                self.write(offset, old, old | bit);
            }
        }
    }

    /// A reversible integer of the running rule ([`crate::propagation::state`]).
    #[inline]
    pub fn int(&self, handle: StateInt) -> i64 {
        self.domains.int(handle)
    }

    /// Set a reversible integer; backtracking restores its earlier value.
    #[inline]
    pub fn set_int(&mut self, handle: StateInt, value: i64) {
        let offset = self.domains.state_offset() + handle.0 as usize;
        self.write_state(offset, value as u64);
    }

    /// A reversible bitset of the running rule, as words.
    #[inline]
    pub fn bitset(&self, handle: StateBitset) -> &[u64] {
        self.domains.bitset(handle)
    }

    /// Set word `index` of a reversible bitset (bits beyond its length stay clear);
    /// backtracking restores its earlier value.
    #[inline]
    pub fn set_bitset_word(&mut self, handle: StateBitset, index: usize, word: u64) {
        assert!(
            index < handle.words(),
            "word {index} of a {}-bit set",
            handle.len()
        );
        let word = if index + 1 == handle.words() && !handle.len().is_multiple_of(64) {
            word & low_mask(handle.len() as u32 % 64)
        } else {
            word
        };
        let offset = self.domains.state_offset() + handle.start as usize + index;
        self.write_state(offset, word);
    }

    /// Write one word of rule state, trailed when it changes.
    #[inline]
    fn write_state(&mut self, offset: usize, new: u64) {
        let old = self.domains.store()[offset];
        if old != new {
            self.write(offset, old, new);
        }
    }

    /// A conflict found by the running rule (return it as `Err`).
    pub fn conflict(&self, why: &Why<'_>) -> Conflict {
        Conflict {
            rule: self.rule,
            var: None,
            inference: why.inference,
        }
    }

    /// A search decision: `var = value` when `equal`, else `var != value`. Its
    /// own copy of [`Context::assign`] and [`Context::remove`], inlined into the
    /// search's one call, so that a node does not pay two calls for its decision.
    #[inline(always)]
    pub(crate) fn decide(
        &mut self,
        var: VarId,
        value: Value,
        equal: bool,
    ) -> Result<bool, Conflict> {
        if let Some((offset, bit)) = self.domains.zero_based_bit(var, value) {
            return self.decide_bit(var, (offset, bit), equal);
        }
        if self.domains.is_bounds(var) {
            return self.decide_interval(var, value, equal);
        }
        if equal {
            self.assign_inline(var, value, &Why::new("decision"))
        } else {
            self.remove_inline(var, value, &Why::new("refutation"))
        }
    }

    /// [`Context::decide`] on a one-word domain, its value at (`offset`, `bit`):
    /// the same change as [`Context::assign`] or [`Context::remove`], with the
    /// decision's [`Why`] made only when someone reads it (an observer, or the
    /// conflict of an emptied domain).
    #[inline(always)]
    fn decide_bit(
        &mut self,
        var: VarId,
        (offset, bit): (usize, u64),
        equal: bool,
    ) -> Result<bool, Conflict> {
        let why = || Why::new(if equal { "decision" } else { "refutation" });
        let old = self.domains.store()[offset];
        let new = if equal { old & bit } else { old & !bit };
        if new == old {
            return Ok(false);
        }
        if new == 0 {
            return Err(self.emptied(var, &why()));
        }
        self.write(offset, old, new);
        self.core.changes += 1;
        if self.observer.is_some() {
            self.report_change(var, &why(), &[old], &[new]);
        }
        if self.core.schedule != Schedule::Sweep {
            self.wake_on(var, |waited| single_word_events(old, new, waited));
        }
        Ok(true)
    }

    /// Remove `value` from `var`. `Ok(true)` if it was removed, `Err` if the domain
    /// became empty.
    #[inline]
    pub fn remove(&mut self, var: VarId, value: Value, why: &Why<'_>) -> Result<bool, Conflict> {
        self.remove_inline(var, value, why)
    }

    #[inline(always)]
    fn remove_inline(&mut self, var: VarId, value: Value, why: &Why<'_>) -> Result<bool, Conflict> {
        if self.domains.is_bounds(var) {
            let value = i64::from(value);
            return self.narrow_interval(var, why, |low, high| {
                (
                    low + i64::from(value == low),
                    high - i64::from(value == high),
                )
            });
        }
        let Some(position) = self.domains.bit_of(var, value) else {
            return Ok(false);
        };
        let (word, bit) = ((position / 64) as usize, 1u64 << (position % 64));
        if self.domains.words(var)[word] & bit == 0 {
            return Ok(false);
        }
        self.narrow(
            var,
            why,
            (word, word),
            |i, w| {
                if i == word { w & !bit } else { w }
            },
        )
    }

    /// Keep only `value` in `var` (a value outside its range empties it).
    #[inline]
    pub fn assign(&mut self, var: VarId, value: Value, why: &Why<'_>) -> Result<bool, Conflict> {
        self.assign_inline(var, value, why)
    }

    #[inline(always)]
    fn assign_inline(&mut self, var: VarId, value: Value, why: &Why<'_>) -> Result<bool, Conflict> {
        if self.domains.is_bounds(var) {
            let value = i64::from(value);
            return self.narrow_interval(var, why, |low, high| {
                match low <= value && value <= high {
                    true => (value, value),
                    false => (1, 0),
                }
            });
        }
        let (word, bit) = match self.domains.bit_of(var, value) {
            Some(position) => ((position / 64) as usize, 1u64 << (position % 64)),
            None => (usize::MAX, 0),
        };
        self.narrow(
            var,
            why,
            EVERY_WORD,
            |i, w| {
                if i == word { w & bit } else { 0 }
            },
        )
    }

    /// Keep, among the first 64 values, only those in `mask`; later values
    /// stay ([`crate::fast::WordChanges::keep_word`]).
    #[inline]
    pub(crate) fn keep_low_word(
        &mut self,
        var: VarId,
        mask: u64,
        why: &Why<'_>,
    ) -> Result<bool, Conflict> {
        if self.domains.is_bounds(var) {
            let first = i64::from(self.domains.first(var));
            return self.narrow_interval(var, why, |low, high| {
                interval::keep_window(low, high, first, mask)
            });
        }
        self.narrow(var, why, (0, 0), |i, w| if i == 0 { w & mask } else { w })
    }

    /// Remove the values of `mask` (of the first 64) from `var`.
    #[inline]
    pub(crate) fn remove_low_word(
        &mut self,
        var: VarId,
        mask: u64,
        why: &Why<'_>,
    ) -> Result<bool, Conflict> {
        if self.domains.is_bounds(var) {
            return self.keep_low_word(var, !mask, why);
        }
        self.narrow(var, why, (0, 0), |i, w| if i == 0 { w & !mask } else { w })
    }

    /// Remove `mask` (of the first 64 values) from each variable of `removals` in turn, stopping
    /// at the first emptied domain: the bulk form of [`Context::remove_low_word`], for
    /// a rule that clears many variables in one run. In the common run (every domain
    /// one word, no observer, no trail, a waking schedule) those questions are asked
    /// once for the whole loop, not once a variable.
    #[inline]
    pub(crate) fn remove_low_word_each(
        &mut self,
        removals: impl IntoIterator<Item = (VarId, u64)>,
        why: &Why<'_>,
    ) -> Result<(), Conflict> {
        let vars = self.domains.single_word_vars();
        let quiet = vars > 0
            && self.observer.is_none()
            && !self.core.trail.is_on()
            && self.core.schedule != Schedule::Sweep;
        if !quiet {
            for (var, mask) in removals {
                self.remove_low_word(var, mask, why)?;
            }
            return Ok(());
        }
        let mut changes = 0;
        let mut emptied = None;
        for (var, mask) in removals {
            if var.index() >= vars {
                continue; // not a variable of this state: nothing to narrow
            }
            let words = self.domains.store_mut();
            let old = words[var.index()];
            let new = old & !mask;
            if new == old {
                continue;
            }
            if new == 0 {
                emptied = Some(var);
                break;
            }
            words[var.index()] = new;
            changes += 1;
            self.wake_on(var, |waited| single_word_events(old, new, waited));
        }
        self.core.changes += changes;
        match emptied {
            Some(var) => Err(self.emptied(var, why)),
            None => Ok(()),
        }
    }

    /// Keep only the candidates for which `keep` is true. On an interval the
    /// bounds move inwards past rejected values, calling `keep` once for each
    /// (as many calls as values removed, plus one a side).
    pub fn keep_where(
        &mut self,
        var: VarId,
        why: &Why<'_>,
        keep: impl Fn(Value) -> bool,
    ) -> Result<bool, Conflict> {
        if self.domains.is_bounds(var) {
            return self.narrow_interval(var, why, |low, high| {
                interval::shrink(low, high, |value| keep(value as Value))
            });
        }
        let first = i64::from(self.domains.first(var));
        self.narrow(var, why, EVERY_WORD, |i, w| {
            let mut out = w;
            let mut rest = w;
            while rest != 0 {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                if !keep((first + i as i64 * 64 + i64::from(bit)) as Value) {
                    out &= !(1u64 << bit);
                }
            }
            out
        })
    }

    /// Keep only the candidates of `var` that are in `set`.
    #[inline]
    pub fn retain(&mut self, var: VarId, set: &ValueSet, why: &Why<'_>) -> Result<bool, Conflict> {
        if self.domains.is_bounds(var) {
            return self.narrow_interval(var, why, |low, high| interval::retain(low, high, set));
        }
        let first = self.domains.first(var);
        self.narrow(var, why, EVERY_WORD, |i, w| w & set.aligned_word(first, i))
    }

    /// Remove every value of `set` from `var`.
    #[inline]
    pub fn remove_all(
        &mut self,
        var: VarId,
        set: &ValueSet,
        why: &Why<'_>,
    ) -> Result<bool, Conflict> {
        if self.domains.is_bounds(var) {
            return self
                .narrow_interval(var, why, |low, high| interval::remove_all(low, high, set));
        }
        let first = self.domains.first(var);
        self.narrow(var, why, EVERY_WORD, |i, w| w & !set.aligned_word(first, i))
    }

    /// Remove every candidate smaller than `min`.
    pub fn remove_below(
        &mut self,
        var: VarId,
        min: Value,
        why: &Why<'_>,
    ) -> Result<bool, Conflict> {
        if self.domains.is_bounds(var) {
            let min = i64::from(min);
            return self.narrow_interval(var, why, |low, high| (low.max(min), high));
        }
        // Positions below `min`'s, clamped to the domain: 0 removes nothing.
        let below = self.positions_below(var, i64::from(min));
        let word = (below / 64) as usize;
        let keep = !low_mask(below % 64);
        self.narrow(var, why, (0, word), |i, w| match i.cmp(&word) {
            std::cmp::Ordering::Less => 0,
            std::cmp::Ordering::Equal => w & keep,
            std::cmp::Ordering::Greater => w,
        })
    }

    /// Remove every candidate larger than `max`.
    pub fn remove_above(
        &mut self,
        var: VarId,
        max: Value,
        why: &Why<'_>,
    ) -> Result<bool, Conflict> {
        if self.domains.is_bounds(var) {
            let max = i64::from(max);
            return self.narrow_interval(var, why, |low, high| (low, high.min(max)));
        }
        // Positions up to `max`'s, clamped to the domain: 0 keeps nothing.
        let kept = self.positions_below(var, i64::from(max) + 1);
        let word = (kept / 64) as usize;
        let keep = low_mask(kept % 64);
        self.narrow(var, why, (word, usize::MAX), |i, w| match i.cmp(&word) {
            std::cmp::Ordering::Less => w,
            std::cmp::Ordering::Equal => w & keep,
            std::cmp::Ordering::Greater => 0,
        })
    }

    /// How many of `var`'s positions hold values below `value`, clamped to its size.
    #[inline]
    fn positions_below(&self, var: VarId, value: i64) -> u32 {
        let below = value - i64::from(self.domains.first(var));
        below.clamp(0, i64::from(self.domains.size(var))) as u32
    }

    /// Apply `f` to each word of the domain; the one place domains change.
    /// `touched` (first, last) are the indices of the only words `f` can
    /// change, so that a wide domain visits no others. The one-word case is
    /// inlined into every caller; longer domains take [`Context::narrow_words`].
    #[inline(always)]
    fn narrow(
        &mut self,
        var: VarId,
        why: &Why<'_>,
        touched: (usize, usize),
        f: impl Fn(usize, u64) -> u64,
    ) -> Result<bool, Conflict> {
        let offset = if var.index() < self.domains.single_word_vars() {
            var.index()
        } else {
            match self.domains.single_word_offset(var) {
                Some(offset) => offset,
                None => return self.narrow_words(var, why, touched, f),
            }
        };
        let old = self.domains.store()[offset];
        let new = f(0, old) & old;
        if new == old {
            return Ok(false);
        }
        if new == 0 {
            return Err(self.emptied(var, why));
        }
        self.write(offset, old, new);
        self.changed(var, why, &[old], &[new], |waited| {
            single_word_events(old, new, waited)
        });
        Ok(true)
    }

    /// [`Context::narrow`] for a bitset of several words: `f` runs on the
    /// words of `touched` between the domain's bounds (the others are empty
    /// or left as they are), and the summary word (bounds and count) follows
    /// the change, written and trailed like the words.
    #[inline(never)]
    fn narrow_words(
        &mut self,
        var: VarId,
        why: &Why<'_>,
        touched: (usize, usize),
        f: impl Fn(usize, u64) -> u64,
    ) -> Result<bool, Conflict> {
        // Every bitset of several words has a summary; other variables have no
        // words here (not a variable of this state): nothing to narrow.
        let Some(summary_at) = self.domains.summary_offset(var) else {
            return Ok(false);
        };
        let old = Summary::unpack(self.domains.store()[summary_at]);
        let from = touched.0.max(old.low_word());
        let to = touched.1.min(old.high_word());
        if old.count == 0 || from > to {
            return Ok(false);
        }
        let offset = self.domains.word_offset(var);
        let words = &self.domains.store()[offset..offset + to + 1];
        let mut after: SmallVec<[u64; 8]> = SmallVec::with_capacity(to + 1 - from);
        let mut removed = 0;
        for (i, &word) in words.iter().enumerate().skip(from) {
            let new = f(i, word) & word;
            removed += (word ^ new).count_ones();
            after.push(new);
        }
        if removed == 0 {
            return Ok(false);
        }
        if removed == old.count {
            return Err(self.emptied(var, why));
        }
        let before = self
            .observer
            .is_some()
            .then(|| self.domains.words(var).to_vec());
        for (i, &new) in (from..).zip(&after) {
            let word = self.domains.store()[offset + i];
            if word != new {
                self.write(offset + i, word, new);
            }
        }
        let new = self.summary_after(var, old, from, to, removed);
        self.write(summary_at, old.pack(), new.pack());
        self.core.changes += 1;
        if let Some(before) = before {
            let after = self.domains.words(var).to_vec();
            self.report_change(var, why, &before, &after);
        }
        if self.core.schedule != Schedule::Sweep {
            self.wake_on(var, |_| summary_events(old, new));
        }
        Ok(true)
    }

    /// The summary of `var` once `removed` candidates went from its words
    /// `from..=to` (the words already written): a bound moves only when the
    /// words changed reach it, and then only as far as the next candidate.
    #[inline]
    fn summary_after(
        &self,
        var: VarId,
        old: Summary,
        from: usize,
        to: usize,
        removed: u32,
    ) -> Summary {
        let words = self.domains.words(var);
        let low = match from == old.low_word() {
            true => summary::lowest_from(words, from),
            false => Some(old.low),
        };
        let high = match to == old.high_word() {
            true => summary::highest_from(words, to + 1),
            false => Some(old.high),
        };
        Summary {
            // Some candidate is left (the caller checked), so both exist.
            low: low.unwrap_or(old.low),
            high: high.unwrap_or(old.high),
            count: old.count - removed,
        }
    }

    /// A search decision on an interval variable, where `x ≠ v` for a value
    /// strictly inside would change nothing: at the largest candidate the
    /// decision is `x = v` then `x < v`; below it, `x ≤ v` then `x > v` (at the
    /// smallest, `x = v` then `x > v`). Each side narrows the domain, so every
    /// value order terminates, and both sides together cover it.
    pub(crate) fn decide_interval(
        &mut self,
        var: VarId,
        value: Value,
        equal: bool,
    ) -> Result<bool, Conflict> {
        let at_max = self.domains.max(var) == Some(value);
        match (equal, at_max) {
            (true, true) => self.assign(var, value, &Why::new("decision")),
            (false, true) => self.remove(var, value, &Why::new("refutation")),
            (true, false) => self.remove_above(var, value, &Why::new("decision")),
            (false, false) => {
                let above = value.saturating_add(1);
                self.remove_below(var, above, &Why::new("refutation"))
            }
        }
    }

    /// Narrow an interval variable to the bounds `f` makes of its current ones
    /// (never widened; empty when `f` gives a smallest above the largest): one
    /// word written and trailed, like a bitset word. Every change moves a
    /// bound, so it is a bounds event.
    #[inline(never)]
    fn narrow_interval(
        &mut self,
        var: VarId,
        why: &Why<'_>,
        f: impl FnOnce(i64, i64) -> (i64, i64),
    ) -> Result<bool, Conflict> {
        let Some((low, high)) = self.domains.interval(var) else {
            return Ok(false);
        };
        let (new_low, new_high) = f(low, high);
        let (new_low, new_high) = (new_low.max(low), new_high.min(high));
        if (new_low, new_high) == (low, high) {
            return Ok(false);
        }
        if new_low > new_high {
            return Err(self.emptied(var, why));
        }
        let offset = self.domains.word_offset(var);
        let old = self.domains.store()[offset];
        let new = interval::encode(i64::from(self.domains.first(var)), new_low, new_high);
        self.write(offset, old, new);
        let assigned = new_low == new_high;
        self.changed(var, why, &[old], &[new], |_| {
            let events = Events::REMOVED | Events::BOUNDS;
            if assigned {
                events | Events::ASSIGNED
            } else {
                events
            }
        });
        Ok(true)
    }

    #[inline]
    fn write(&mut self, offset: usize, old: u64, new: u64) {
        self.core.trail.record(offset, old);
        self.domains.store_mut()[offset] = new;
    }

    fn emptied(&self, var: VarId, why: &Why<'_>) -> Conflict {
        Conflict {
            rule: self.rule,
            var: Some(var),
            inference: why.inference,
        }
    }

    /// Count a change, report it, and wake the rules waiting for its events. Inlined
    /// into every narrowing: the common case, a change no rule waits for, costs a
    /// counter and one test; `events` is computed only when some rule may wake.
    #[inline(always)]
    fn changed(
        &mut self,
        var: VarId,
        why: &Why<'_>,
        before: &[u64],
        after: &[u64],
        events: impl FnOnce(Events) -> Events,
    ) {
        self.core.changes += 1;
        if self.observer.is_some() {
            self.report_change(var, why, before, after);
        }
        if self.core.schedule == Schedule::Sweep {
            return;
        }
        self.wake_on(var, events);
    }

    /// Queue the rules a change of `var` wakes; `events` works out the change's
    /// events as far as the variable's rules wait for them, and runs only when some
    /// rule waits.
    #[inline(always)]
    fn wake_on(&mut self, var: VarId, events: impl FnOnce(Events) -> Events) {
        let (waited, sole) = self.watchers.wake_events(var);
        if waited == Events::NONE {
            return;
        }
        let events = events(waited);
        if !waited.intersects(events) {
            return;
        }
        match sole {
            Some(rule) => self.wake_rule(rule),
            None => self.wake(var, events),
        }
    }

    /// Queue the rules that watch `var` for one of `events`.
    #[inline(never)]
    fn wake(&mut self, var: VarId, events: Events) {
        for &(rule, watched) in self.watchers.of(var) {
            if watched.intersects(events) {
                self.wake_rule(rule);
            }
        }
    }

    /// Queue `rule`, unless it is running and idempotent, and tell the observer.
    #[inline(always)]
    fn wake_rule(&mut self, rule: RuleId) {
        // A rule already waiting is the common case of a busy run: asked first,
        // it spares the other two questions.
        if self.core.queues.is_waiting(rule)
            || Some(rule) == self.rule && self.core.idempotent[rule.index()]
            || self
                .domains
                .is_entailed_at(self.core.entailment_offset, rule)
        {
            return;
        }
        self.core.queues.enqueue_new(rule);
        if self.observer.is_some() {
            self.report_woken(rule);
        }
    }

    /// Tell the observer that `rule` was queued.
    #[cold]
    #[inline(never)]
    fn report_woken(&mut self, rule: RuleId) {
        if let Some(observer) = self.observer.as_deref_mut() {
            observer.on_event(&Event::RuleWoken {
                rule,
                depth: self.core.depth,
            });
        }
    }

    /// Tell the observer about a change (kept out of line: searches without an
    /// observer never pay for building the event).
    #[cold]
    #[inline(never)]
    fn report_change(&mut self, var: VarId, why: &Why<'_>, before: &[u64], after: &[u64]) {
        let Some(observer) = self.observer.as_deref_mut() else {
            return;
        };
        let explaining = observer.wants_explanations();
        let facts = if explaining {
            resolve_facts(self.domains, why, var, before)
        } else {
            Vec::new()
        };
        let change = Change {
            rule: self.rule,
            var,
            first: self.domains.first(var),
            interval: self.domains.is_bounds(var),
            before,
            after,
            inference: why.inference,
            cause: why.cause,
            facts: &facts,
            text: explaining.then(|| why.sentence(self.model.names())),
            depth: self.core.depth,
        };
        if observer.on_event(&Event::Change(&change)) == Flow::Stop {
            self.core.stop = true;
        }
    }
}

/// The facts of a change: the rule's own when it names them, else each cause
/// variable's domain as facts (the cause variables are then only what the trace
/// lists). The changed variable itself is read as it was `before` the change.
fn resolve_facts(domains: &Domains, why: &Why<'_>, changed: VarId, before: &[u64]) -> Vec<Fact> {
    let mut facts = why.facts.to_vec();
    if !facts.is_empty() {
        return facts;
    }
    for &var in why.cause {
        if domains.is_bounds(var) {
            let word = if var == changed {
                before[0]
            } else {
                domains.words(var)[0]
            };
            interval_facts(var, word, domains.range(var), &mut facts);
            continue;
        }
        let words = if var == changed {
            before
        } else {
            domains.words(var)
        };
        domain_facts(var, words, domains.range(var), &mut facts);
    }
    facts
}

/// The facts that make up one domain (`words`, over the values of `range`):
/// `var = v` when it holds one value, else `var ≠ v` for each value gone.
fn domain_facts(var: VarId, words: &[u64], range: RangeInclusive<Value>, facts: &mut Vec<Fact>) {
    let first = *range.start();
    let holds = |value: Value| {
        let position = value.abs_diff(first);
        words[(position / 64) as usize] >> (position % 64) & 1 == 1
    };
    let mut left = range.clone().filter(|&value| holds(value));
    if let (Some(value), None) = (left.next(), left.next()) {
        facts.push(Fact::Is(var, value));
        return;
    }
    facts.extend(
        range
            .filter(|&value| !holds(value))
            .map(|value| Fact::IsNot(var, value)),
    );
}

/// The facts of an interval's word (over the values of `range`): `var = v` when
/// it holds one value, else `var ≥ min` and `var ≤ max` for each bound that moved.
fn interval_facts(var: VarId, word: u64, range: RangeInclusive<Value>, facts: &mut Vec<Fact>) {
    let (low, high) = interval::decode(i64::from(*range.start()), word);
    if low == high {
        facts.push(Fact::Is(var, low as Value));
        return;
    }
    if low > i64::from(*range.start()) {
        facts.push(Fact::AtLeast(var, low as Value));
    }
    if high < i64::from(*range.end()) {
        facts.push(Fact::AtMost(var, high as Value));
    }
}

/// Lend the observer to one rule run (shortening the trait object's lifetime, which
/// `Option::as_deref_mut` cannot do).
#[inline]
pub(crate) fn reborrow<'x>(
    observer: &'x mut Option<&mut dyn Observer>,
) -> Option<&'x mut dyn Observer> {
    match observer {
        Some(observer) => Some(&mut **observer),
        None => None,
    }
}

/// The events of a one-word change, as far as `waited` asks: a kind no rule of the
/// variable waits for is not worked out.
#[inline]
fn single_word_events(old: u64, new: u64, waited: Events) -> Events {
    let mut events = Events::REMOVED;
    if waited.intersects(Events::ASSIGNED) && new.is_power_of_two() {
        events = events | Events::ASSIGNED;
    }
    if waited.intersects(Events::BOUNDS)
        && (old.trailing_zeros() != new.trailing_zeros()
            || old.leading_zeros() != new.leading_zeros())
    {
        events = events | Events::BOUNDS;
    }
    events
}

/// The events of a change of a summarized bitset, from its summaries before
/// and after.
#[inline]
fn summary_events(old: Summary, new: Summary) -> Events {
    let mut events = Events::REMOVED;
    if new.count == 1 {
        events = events | Events::ASSIGNED;
    }
    if (old.low, old.high) != (new.low, new.high) {
        events = events | Events::BOUNDS;
    }
    events
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_follow_the_change() {
        assert_eq!(
            single_word_events(0b111, 0b101, Events::ANY),
            Events::REMOVED
        );
        assert_eq!(
            single_word_events(0b111, 0b011, Events::ANY),
            Events::REMOVED | Events::BOUNDS
        );
        assert_eq!(
            single_word_events(0b111, 0b010, Events::ANY),
            Events::REMOVED | Events::BOUNDS | Events::ASSIGNED
        );
        assert_eq!(
            single_word_events(0b111, 0b010, Events::ASSIGNED),
            Events::REMOVED | Events::ASSIGNED
        );
        let summary = |low, high, count| Summary { low, high, count };
        assert_eq!(
            summary_events(summary(0, 64, 2), summary(64, 64, 1)),
            Events::REMOVED | Events::BOUNDS | Events::ASSIGNED
        );
        assert_eq!(
            summary_events(summary(0, 64, 3), summary(0, 64, 2)),
            Events::REMOVED
        );
    }

    #[test]
    fn a_domain_is_one_fact_when_assigned_else_the_values_gone() {
        let var = VarId::from_index(3);
        let mut facts = Vec::new();
        domain_facts(var, &[0b0100], 0..=3, &mut facts);
        assert_eq!(facts, [Fact::Is(var, 2)]);
        facts.clear();
        domain_facts(var, &[0b0110], 0..=3, &mut facts);
        assert_eq!(facts, [Fact::IsNot(var, 0), Fact::IsNot(var, 3)]);
        facts.clear();
        domain_facts(var, &[0, 1], 0..=65, &mut facts);
        assert_eq!(facts, [Fact::Is(var, 64)]);
    }
}
