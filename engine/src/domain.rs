//! Variables and their domains, all stored in one contiguous block of words.
//!
//! A [`Domains`] value is the whole state of a model: for every variable, the set of
//! values still possible (its *candidates*). Each variable has its own range of
//! values, `0..size` unless it was declared over another (`1..=9`, `-3..=3`), and is
//! read and written in it. Because every domain lives in one `Vec<u64>`, saving a state is a
//! single copy, and a variable with at most 64 values is a single word (the fast path).
//!
//! A domain is one of two kinds, fixed by the size of its range:
//!
//! - a **bitset** (up to [`crate::Model::BITSET_LIMIT`] values): one bit a value,
//!   so any set of candidates is exact;
//! - an **interval** (wider ranges, up to every `i32`): only the smallest and the
//!   largest candidate, packed in one word of the same store, so a saved state
//!   and the trail treat it like a bitset word. An interval cannot hold a hole:
//!   removing a value strictly between its bounds changes nothing and reports no
//!   change (the domain stays a superset of the true candidates, which is sound:
//!   rules and the search's check of every solution still reject such a value).
//!   Removing the smallest or largest candidate moves that bound.
//!
//! A bitset of more than one word also keeps a *summary* word just before its
//! own words (its bounds and count, see `summary.rs`), so that reading the
//! count or a bound of a wide bitset is one load and a narrowing visits only
//! the words between its bounds.
//!
//! Every reader works on both kinds; a rule sees an interval as the contiguous
//! set `min..=max` ([`Domains::is_bounds`] tells which kind a variable is).
//! [`Domains::candidates`] of a wide interval builds a set of all its values, so
//! rules over wide variables read [`Domains::min`] and [`Domains::max`] instead.
//!
//! ```
//! use sieve::prelude::*;
//! let mut model = Model::new();
//! let cell = model.new_var(9);
//! let mut state = model.domains();
//! assert_eq!(state.count(cell), 9);
//! state.remove(cell, 4).unwrap();
//! assert!(!state.contains(cell, 4));
//! assert_eq!((state.min(cell), state.max(cell)), (Some(0), Some(8)));
//! state.assign(cell, 6).unwrap();
//! assert_eq!(state.value(cell), Some(6));
//! assert_eq!(state.candidates(cell), ValueSet::single(6));
//! ```

use std::fmt;
use std::sync::Arc;

use crate::error::Error;
use crate::ids::RuleId;
pub use crate::ids::{Value, VarId};
use crate::interval;
use crate::summary::{self, Summary};

/// Where one variable's words sit in the store.
#[derive(Clone, Debug)]
struct Span {
    offset: u32,
    words: u32,
    /// How many values the range holds (up to 2³² for an `i32`-wide interval).
    size: u64,
    /// The variable's first value: bit `p` of its words is value `first + p`.
    first: Value,
    /// The domain is an interval (one word of packed bounds), not a bitset.
    bounds: bool,
    /// The domain is a bitset of several words, with its [`Summary`] in the
    /// word before `offset`.
    summarized: bool,
}

/// The shape of a store: each variable's span, then the rules' reversible state and
/// their entailment flags. Shared by every copy of a state.
#[derive(Debug)]
pub(crate) struct Layout {
    spans: Vec<Span>,
    /// The words of every domain, in variable order; the rules' state follows.
    domain_words: usize,
    /// The initial words of the rules' reversible state ([`crate::StateInt`] and
    /// friends), then one entailment bit per rule.
    state: Vec<u64>,
    /// Where the entailment bits start in the store.
    entailment_offset: usize,
    /// Every variable has at most 64 values, so variable `i` is word `i`.
    single_word: bool,
    /// Every variable's values start at 0, so bit `p` is value `p`.
    from_zero: bool,
    /// Some variable is an interval (see the module docs).
    has_bounds: bool,
    /// Some variable is a bitset of several words, with a summary word.
    has_summaries: bool,
}

impl Layout {
    /// Where the entailment flags start in a store of this layout.
    #[inline]
    pub(crate) fn entailment_offset(&self) -> usize {
        self.entailment_offset
    }

    /// The layout of variables of `ranges` (first value, size), rules' state
    /// starting as `state`, and `rules` entailment flags.
    /// A range of more than [`crate::Model::BITSET_LIMIT`] values is an interval.
    pub(crate) fn new(ranges: &[(Value, u64)], state: &[u64], rules: usize) -> Self {
        // One pass, flags gathered on the way: three more passes over a
        // Tracks model's 645 variables showed in building every ID's model.
        let mut offset = 0u32;
        let (mut has_bounds, mut has_summaries) = (false, false);
        let (mut single_word, mut from_zero) = (true, true);
        let spans: Vec<Span> = (ranges.iter())
            .map(|&(first, size)| {
                let bounds = size > u64::from(crate::Model::BITSET_LIMIT);
                let words = if bounds {
                    1
                } else {
                    size.div_ceil(64).max(1) as u32
                };
                let summarized = !bounds && words > 1;
                has_bounds |= bounds;
                has_summaries |= summarized;
                single_word &= size <= 64;
                from_zero &= first == 0;
                // The summary word comes first, then the bitset's words.
                offset += u32::from(summarized);
                let span = Span {
                    offset,
                    words,
                    size,
                    first,
                    bounds,
                    summarized,
                };
                offset += words;
                span
            })
            .collect();
        let domain_words = offset as usize;
        let flags = rules.div_ceil(64);
        let mut start = Vec::with_capacity(state.len() + flags);
        start.extend_from_slice(state);
        start.resize(state.len() + flags, 0);
        Layout {
            spans,
            domain_words,
            entailment_offset: domain_words + state.len(),
            state: start,
            single_word,
            from_zero,
            has_bounds,
            has_summaries,
        }
    }
}

/// The mask of the low `bits` bits of a word (all ones for 64).
pub(crate) fn low_mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// The word and bit of `rule`'s entailment flag, the flags starting at `offset`.
#[inline(always)]
pub(crate) fn entailment_bit(offset: usize, rule: RuleId) -> (usize, u64) {
    (offset + rule.index() / 64, 1u64 << (rule.index() % 64))
}

/// [`Domains::fewest_unassigned`] over one-word domains given as (variable index,
/// word): assigned words (a single bit) are skipped before counting, so a deep node
/// counts only the variables still open.
#[inline]
fn fewest_open_words(words: impl Iterator<Item = (usize, u64)>) -> Option<VarId> {
    let (mut fewest, mut best) = (u32::MAX, None);
    for (index, word) in words {
        if word & word.wrapping_sub(1) == 0 {
            continue;
        }
        let count = word.count_ones();
        if count < fewest {
            (fewest, best) = (count, Some(index));
            if count == 2 {
                break;
            }
        }
    }
    best.map(VarId::from_index)
}

/// The candidates of every variable of a model: the state that propagation narrows and
/// search saves and restores.
///
/// Reading is free for everyone. Narrowing through the methods here records nothing, so
/// they are meant for setting up a start state (clues, givens); rules narrow through
/// [`crate::Context`], which records provenance and wakes other rules.
#[derive(Clone)]
pub struct Domains {
    words: Vec<u64>,
    layout: Arc<Layout>,
    /// The number of variables when every domain is one word (variable `i` is word
    /// `i`), else 0: kept here rather than behind the layout's pointer, because
    /// every read of a domain asks it, and a variable the state does not have must
    /// never reach the rules' state words.
    single_word_vars: usize,
    /// Some variable is an interval: read here, beside `single_word_vars`, so
    /// that a model of bitsets only pays one test of a flag for the kind.
    has_bounds: bool,
    /// Every variable's values start at 0 (bit `p` is value `p`): kept here for
    /// the same reason, since every read of a value asks it.
    from_zero: bool,
}

impl fmt::Debug for Domains {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut list = f.debug_map();
        for index in 0..self.num_vars() {
            let var = VarId::from_index(index);
            match self.interval(var) {
                Some((low, high)) => list.entry(&var, &(low..=high)),
                None => list.entry(&var, &self.iter(var).collect::<Vec<_>>()),
            };
        }
        list.finish()
    }
}

/// Two states are equal when their domains are: the rules' state is bookkeeping
/// that different schedules may reach by different paths.
impl PartialEq for Domains {
    fn eq(&self, other: &Self) -> bool {
        self.domain_words() == other.domain_words()
    }
}

impl Eq for Domains {}

impl Domains {
    /// Full domains (every value possible) for variables of the given sizes.
    pub(crate) fn full(layout: Arc<Layout>) -> Self {
        let mut words = vec![0u64; layout.domain_words];
        words.extend_from_slice(&layout.state);
        for span in &layout.spans {
            if span.bounds {
                words[span.offset as usize] = interval::pack(0, (span.size - 1) as u32);
                continue;
            }
            let mut remaining = span.size as u32;
            for word in &mut words[span.offset as usize..(span.offset + span.words) as usize] {
                *word = low_mask(remaining.min(64));
                remaining = remaining.saturating_sub(64);
            }
            if span.summarized {
                let whole = Summary {
                    low: 0,
                    high: (span.size - 1) as u32,
                    count: span.size as u32,
                };
                words[span.offset as usize - 1] = whole.pack();
            }
        }
        let single_word_vars = if layout.single_word {
            layout.spans.len()
        } else {
            0
        };
        Domains {
            words,
            has_bounds: layout.has_bounds,
            from_zero: layout.from_zero,
            layout,
            single_word_vars,
        }
    }

    /// Whether this state was made with `layout` (the very one, not an equal one).
    pub(crate) fn has_layout(&self, layout: &Arc<Layout>) -> bool {
        Arc::ptr_eq(&self.layout, layout)
    }

    /// Take `layout`'s rule state (initial values, no rule entailed) unless this
    /// state has that layout already; the domains stay. The variables must match.
    /// Returns whether the layout changed.
    pub(crate) fn adopt_layout(&mut self, layout: &Arc<Layout>) -> bool {
        if Arc::ptr_eq(&self.layout, layout) {
            return false;
        }
        self.words.truncate(self.layout.domain_words);
        self.words.extend_from_slice(&layout.state);
        self.layout = Arc::clone(layout);
        true
    }

    /// Whether two states belong to the same model shape (same variables and sizes,
    /// same amount of rule state).
    pub fn same_shape(&self, other: &Domains) -> bool {
        Arc::ptr_eq(&self.layout, &other.layout)
            || (self.layout.spans.len() == other.layout.spans.len()
                && self.words.len() == other.words.len()
                && self
                    .layout
                    .spans
                    .iter()
                    .zip(&other.layout.spans)
                    .all(|(a, b)| (a.size, a.first) == (b.size, b.first)))
    }

    #[inline]
    /// Where `var`'s words sit: (offset, length); no words for a variable the
    /// state does not have, so that every reader answers "no candidate" for it
    /// instead of reading another variable's words or the rules' state.
    fn span(&self, var: VarId) -> (usize, usize) {
        if var.index() < self.single_word_vars {
            return (var.index(), 1);
        }
        match self.layout.spans.get(var.index()) {
            Some(span) => (span.offset as usize, span.words as usize),
            None => (0, 0),
        }
    }

    /// How many variables the state holds.
    pub fn num_vars(&self) -> usize {
        self.layout.spans.len()
    }

    /// How many values a variable was declared with (0 for a variable the state
    /// does not have: every reader answers "no candidate" for it), at most
    /// `u32::MAX`: an interval over every `i32` has one value more.
    pub fn size(&self, var: VarId) -> u32 {
        self.layout
            .spans
            .get(var.index())
            .map_or(0, |span| saturate(span.size))
    }

    /// Whether some variable is an interval.
    #[inline]
    pub(crate) fn is_bounds_layout(&self) -> bool {
        self.has_bounds
    }

    /// Whether `var` is an interval (a range of more than
    /// [`crate::Model::BITSET_LIMIT`] values) rather than a bitset: see the
    /// module docs for what that changes.
    #[inline]
    pub fn is_bounds(&self, var: VarId) -> bool {
        self.has_bounds
            && self
                .layout
                .spans
                .get(var.index())
                .is_some_and(|span| span.bounds)
    }

    /// The bounds (smallest, largest candidate; smallest above largest when
    /// empty) of an interval variable, `None` for a bitset.
    #[inline]
    pub(crate) fn interval(&self, var: VarId) -> Option<(i64, i64)> {
        if !self.has_bounds {
            return None;
        }
        let span = self.layout.spans.get(var.index())?;
        span.bounds
            .then(|| interval::decode(i64::from(span.first), self.words[span.offset as usize]))
    }

    /// Where the [`Summary`] of a bitset of several words sits in the store;
    /// `None` for any other domain.
    #[inline]
    pub(crate) fn summary_offset(&self, var: VarId) -> Option<usize> {
        let span = self.layout.spans.get(var.index())?;
        span.summarized.then(|| span.offset as usize - 1)
    }

    /// The [`Summary`] (bounds and count) of a bitset of several words.
    #[inline]
    pub(crate) fn summary(&self, var: VarId) -> Option<Summary> {
        self.summary_offset(var)
            .map(|offset| Summary::unpack(self.words[offset]))
    }

    /// Set-up: work out `var`'s summary again from its words after they changed.
    pub(crate) fn resummarize(&mut self, var: VarId) {
        if let Some(offset) = self.summary_offset(var) {
            self.words[offset] = Summary::of_words(self.words(var)).pack();
        }
    }

    /// Set-up: narrow an interval variable from bounds (`low`, `high`) to those
    /// `f` gives (never widened); whether they moved.
    pub(crate) fn narrow_interval_to(
        &mut self,
        var: VarId,
        low: i64,
        high: i64,
        f: impl FnOnce(i64, i64) -> (i64, i64),
    ) -> bool {
        let (new_low, new_high) = f(low, high);
        let narrowed = (new_low.max(low), new_high.min(high));
        self.set_interval(var, narrowed.0, narrowed.1);
        narrowed != (low, high)
    }

    /// Write an interval variable's bounds (set-up; the context trails its own).
    fn set_interval(&mut self, var: VarId, low: i64, high: i64) {
        let offset = self.word_offset(var);
        self.words[offset] = interval::encode(i64::from(self.first(var)), low, high);
    }

    /// The values a variable was declared with: `0..=size - 1` for
    /// [`crate::Model::new_var`], its own for [`crate::Model::new_var_in`]; an empty
    /// range for a variable the state does not have.
    pub fn range(&self, var: VarId) -> std::ops::RangeInclusive<Value> {
        match self.layout.spans.get(var.index()) {
            Some(span) => span.first..=last_value(span.first, span.size),
            None => std::ops::RangeInclusive::new(1, 0),
        }
    }

    /// A variable's first value: bit `p` of its words is value `first + p`.
    #[inline]
    pub(crate) fn first(&self, var: VarId) -> Value {
        if self.from_zero {
            0
        } else {
            self.layout
                .spans
                .get(var.index())
                .map_or(0, |span| span.first)
        }
    }

    /// Where `value` of `var` sits when `var` is one word of a layout whose
    /// ranges start at 0 and `value` is one of its 64 bits: (word in the store,
    /// bit). The search's decisions take this path without range arithmetic.
    #[inline(always)]
    pub(crate) fn zero_based_bit(&self, var: VarId, value: Value) -> Option<(usize, u64)> {
        (var.index() < self.single_word_vars && self.from_zero && (0..64).contains(&value))
            .then(|| (var.index(), 1u64 << value))
    }

    /// Which bit of `var`'s words stands for `value`, or `None` when none does. Bits
    /// past the variable's last value are always clear, so this reads neither its
    /// size nor, in a one-word layout, its span: a value past the end simply finds
    /// its bit clear.
    #[inline]
    pub(crate) fn bit_of(&self, var: VarId, value: Value) -> Option<u32> {
        if var.index() < self.single_word_vars && self.from_zero {
            return (0..64).contains(&value).then_some(value as u32);
        }
        let bit = i64::from(value) - i64::from(self.first(var));
        let bits = 64 * self.span(var).1 as i64;
        (0..bits).contains(&bit).then_some(bit as u32)
    }

    /// The candidates of `var` among the 64 values `base + 64 index ..`, as a mask
    /// (bit `i` = value `base + 64 index + i`): how a rule over variables of
    /// different ranges reads them all in one frame.
    #[inline(always)]
    pub(crate) fn word_from(&self, var: VarId, base: i64, index: usize) -> u64 {
        if self.has_bounds {
            return self.word_from_either(var, base, index);
        }
        crate::value_set::aligned_word(self.words(var), i64::from(self.first(var)), base, index)
    }

    /// [`Domains::word_from`] in a state with intervals, out of line so that a
    /// state of bitsets only keeps the short path inlined.
    #[inline(never)]
    fn word_from_either(&self, var: VarId, base: i64, index: usize) -> u64 {
        if let Some((low, high)) = self.interval(var) {
            return interval::window_mask(low, high, base + 64 * index as i64);
        }
        crate::value_set::aligned_word(self.words(var), i64::from(self.first(var)), base, index)
    }

    /// The value at bit `position` of `var`'s words.
    #[inline]
    pub(crate) fn value_at(&self, var: VarId, position: u32) -> Value {
        value_at(self.first(var), position)
    }

    /// Whether every variable of this state has at most 64 values (one word each).
    pub fn is_single_word(&self) -> bool {
        self.layout.single_word
    }

    /// The number of variables when every domain is one word (variable `i` is
    /// word `i`), else 0: read without following the layout's pointer.
    #[inline]
    pub(crate) fn single_word_vars(&self) -> usize {
        self.single_word_vars
    }

    /// The first word of `var`'s domain (its first 64 values), when its domain
    /// is one word of bits: read without the variable's span in a one-word
    /// layout.
    #[inline]
    pub(crate) fn single_word(&self, var: VarId) -> Option<u64> {
        self.single_word_offset(var)
            .map(|offset| self.words[offset])
    }

    /// The words of one variable's domain, least significant bit = its first value.
    #[inline]
    pub(crate) fn words(&self, var: VarId) -> &[u64] {
        let (offset, len) = self.span(var);
        &self.words[offset..offset + len]
    }

    /// Every variable's words in order (the rules' state is not part of it).
    pub(crate) fn raw_words(&self) -> &[u64] {
        self.domain_words()
    }

    /// The domains' words, without the rules' state.
    #[inline]
    fn domain_words(&self) -> &[u64] {
        &self.words[..self.layout.domain_words]
    }

    /// The whole store: domains, then the rules' state and entailment flags.
    #[inline]
    pub(crate) fn store(&self) -> &[u64] {
        &self.words
    }

    /// The whole store, for writing (the engine's narrowing, trail and restore).
    #[inline]
    pub(crate) fn store_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }

    /// Where the rules' reversible state starts in the store.
    #[inline]
    pub(crate) fn state_offset(&self) -> usize {
        self.layout.domain_words
    }

    /// Where a rule's entailment flag sits: (word in the store, bit).
    #[inline]
    pub(crate) fn entailment_bit(&self, rule: RuleId) -> (usize, u64) {
        entailment_bit(self.layout.entailment_offset, rule)
    }

    /// Whether `rule` was declared entailed on the way to this state: it holds for
    /// every assignment left, so the engine no longer runs or checks it.
    #[inline]
    pub fn is_entailed(&self, rule: RuleId) -> bool {
        let (word, bit) = self.entailment_bit(rule);
        self.words.get(word).is_some_and(|&flags| flags & bit != 0)
    }

    /// [`Domains::is_entailed`] with the flags' place known (the engine's hot path).
    #[inline(always)]
    pub(crate) fn is_entailed_at(&self, entailment_offset: usize, rule: RuleId) -> bool {
        let (word, bit) = entailment_bit(entailment_offset, rule);
        self.words[word] & bit != 0
    }

    /// The entailment flags of every rule, one bit a rule.
    #[inline]
    pub(crate) fn entailment_words(&self) -> &[u64] {
        &self.words[self.layout.entailment_offset..]
    }

    pub(crate) fn word_offset(&self, var: VarId) -> usize {
        self.span(var).0
    }

    /// Where a domain of one word sits in the store, or `None` for a longer one.
    #[inline]
    pub(crate) fn single_word_offset(&self, var: VarId) -> Option<usize> {
        if var.index() < self.single_word_vars {
            return Some(var.index());
        }
        let span = self.layout.spans.get(var.index())?;
        (span.words == 1 && !span.bounds).then_some(span.offset as usize)
    }

    /// Copy another state of the same shape into this one, without allocating. A
    /// state of another model over the same variables gives its domains only: the
    /// rules' state here starts afresh.
    pub fn copy_from(&mut self, other: &Domains) {
        if Arc::ptr_eq(&self.layout, &other.layout) {
            self.words.copy_from_slice(&other.words);
        } else {
            let domains = self.layout.domain_words;
            self.words[..domains].copy_from_slice(&other.words[..domains]);
            self.words[domains..].copy_from_slice(&self.layout.state);
        }
    }

    /// Whether `value` is still a candidate of `var`.
    #[inline(always)]
    pub fn contains(&self, var: VarId, value: Value) -> bool {
        if self.has_bounds {
            return self.contains_either(var, value);
        }
        self.bit_of(var, value)
            .is_some_and(|bit| self.words(var)[(bit / 64) as usize] >> (bit % 64) & 1 == 1)
    }

    /// [`Domains::contains`] in a state with intervals (out of line, as
    /// [`Domains::word_from_either`]).
    #[inline(never)]
    fn contains_either(&self, var: VarId, value: Value) -> bool {
        if let Some((low, high)) = self.interval(var) {
            return (low..=high).contains(&i64::from(value));
        }
        self.bit_of(var, value)
            .is_some_and(|bit| self.words(var)[(bit / 64) as usize] >> (bit % 64) & 1 == 1)
    }

    /// How many candidates `var` has left, at most `u32::MAX` (an interval over
    /// every `i32` holds one value more).
    #[inline]
    pub fn count(&self, var: VarId) -> u32 {
        if let Some(offset) = self.single_word_offset(var) {
            return self.words[offset].count_ones();
        }
        self.count_general(var)
    }

    /// [`Domains::count`] of a domain of several words or an interval.
    #[inline(never)]
    fn count_general(&self, var: VarId) -> u32 {
        if let Some(summary) = self.summary(var) {
            return summary.count;
        }
        match self.interval(var) {
            Some((low, high)) => saturate(interval_len(low, high)),
            None => count_words(self.words(var)),
        }
    }

    /// The unassigned variable with the fewest candidates (ties: the first in
    /// `order`, creation order when `None`), or `None` when every variable is assigned.
    /// Stops early at two candidates, the fewest an unassigned variable can have.
    #[inline]
    pub(crate) fn fewest_unassigned(&self, order: Option<&[VarId]>) -> Option<VarId> {
        if self.single_word_vars == 0 {
            return self.fewest_general(order);
        }
        // One word a variable: variable `i` is word `i`.
        let words = &self.words[..self.single_word_vars];
        match order {
            None => fewest_open_words(words.iter().copied().enumerate()),
            Some(order) => {
                fewest_open_words(order.iter().map(|var| (var.index(), words[var.index()])))
            }
        }
    }

    /// [`Domains::fewest_unassigned`] when some domain is longer than a word.
    #[inline(never)]
    fn fewest_general(&self, order: Option<&[VarId]>) -> Option<VarId> {
        match order {
            None => self.fewest_counted((0..self.num_vars()).map(VarId::from_index)),
            Some(order) => self.fewest_counted(order.iter().copied()),
        }
    }

    /// [`Domains::fewest_unassigned`] over `vars`, counting each domain.
    fn fewest_counted(&self, vars: impl Iterator<Item = VarId>) -> Option<VarId> {
        let mut best: Option<(u32, VarId)> = None;
        for var in vars {
            let count = self.count(var);
            if count > 1 && best.is_none_or(|(fewest, _)| count < fewest) {
                best = Some((count, var));
                if count == 2 {
                    break;
                }
            }
        }
        best.map(|(_, var)| var)
    }

    /// Whether `var` has no candidate left (a conflict).
    #[inline]
    pub fn is_empty(&self, var: VarId) -> bool {
        // One word read for a one-word variable: every search start asks it
        // of each variable, and the general path was 1 % of a Slant ID.
        if let Some(offset) = self.single_word_offset(var) {
            return self.words[offset] == 0;
        }
        self.is_empty_general(var)
    }

    /// [`Domains::is_empty`] of a summarized bitset or an interval.
    fn is_empty_general(&self, var: VarId) -> bool {
        if let Some(summary) = self.summary(var) {
            return summary.count == 0;
        }
        if let Some((low, high)) = self.interval(var) {
            return low > high;
        }
        self.words(var).iter().all(|&w| w == 0)
    }

    /// Whether `var` has exactly one candidate left.
    #[inline]
    pub fn is_assigned(&self, var: VarId) -> bool {
        if let Some(offset) = self.single_word_offset(var) {
            return self.words[offset].is_power_of_two();
        }
        self.count_general(var) == 1
    }

    /// The value of `var` when exactly one candidate is left.
    #[inline]
    pub fn value(&self, var: VarId) -> Option<Value> {
        // The common case inlined (a rule reads its own variable at every run):
        // a one-word layout, where the value is the bit past the range's first
        // (0 in a layout over ranges from 0, read without the layout).
        if var.index() < self.single_word_vars {
            let word = self.words[var.index()];
            return word
                .is_power_of_two()
                .then(|| self.first(var) + word.trailing_zeros() as Value);
        }
        self.value_general(var)
    }

    /// [`Domains::value`] of any other domain (kept out of line).
    #[inline(never)]
    fn value_general(&self, var: VarId) -> Option<Value> {
        if let Some(offset) = self.single_word_offset(var) {
            let word = self.words[offset];
            return word
                .is_power_of_two()
                .then(|| self.value_at(var, word.trailing_zeros()));
        }
        if self.is_assigned(var) {
            self.min(var)
        } else {
            None
        }
    }

    /// Write every variable's value into `values` (indexed by [`VarId::index`]);
    /// `false`, with `values` partly written, when some variable is not assigned.
    pub(crate) fn values_into(&self, values: &mut [Value]) -> bool {
        if self.layout.single_word && self.from_zero {
            for (value, &word) in values.iter_mut().zip(self.domain_words()) {
                if !word.is_power_of_two() {
                    return false;
                }
                *value = word.trailing_zeros() as Value;
            }
            return true;
        }
        for (index, value) in values.iter_mut().enumerate() {
            match self.value(VarId::from_index(index)) {
                Some(single) => *value = single,
                None => return false,
            }
        }
        true
    }

    /// The smallest candidate of `var`.
    #[inline]
    pub fn min(&self, var: VarId) -> Option<Value> {
        if let Some(offset) = self.single_word_offset(var) {
            let word = self.words[offset];
            return (word != 0).then(|| self.value_at(var, word.trailing_zeros()));
        }
        self.min_of_words(var)
    }

    /// [`Domains::min`] of a domain of several words, kept out of line so that
    /// the one-word path inlines into the rules that read bounds at every run.
    #[inline(never)]
    fn min_of_words(&self, var: VarId) -> Option<Value> {
        if let Some(summary) = self.summary(var) {
            return (summary.count > 0).then(|| self.value_at(var, summary.low));
        }
        if let Some((low, high)) = self.interval(var) {
            return (low <= high).then_some(low as Value);
        }
        let position = summary::lowest_from(self.words(var), 0)?;
        Some(self.value_at(var, position))
    }

    /// The largest candidate of `var`.
    #[inline]
    pub fn max(&self, var: VarId) -> Option<Value> {
        if let Some(offset) = self.single_word_offset(var) {
            let word = self.words[offset];
            return (word != 0).then(|| self.value_at(var, 63 - word.leading_zeros()));
        }
        self.max_of_words(var)
    }

    /// [`Domains::max`] of a domain of several words (see [`Domains::min_of_words`]).
    #[inline(never)]
    fn max_of_words(&self, var: VarId) -> Option<Value> {
        if let Some(summary) = self.summary(var) {
            return (summary.count > 0).then(|| self.value_at(var, summary.high));
        }
        if let Some((low, high)) = self.interval(var) {
            return (low <= high).then_some(high as Value);
        }
        let words = self.words(var);
        let position = summary::highest_from(words, words.len())?;
        Some(self.value_at(var, position))
    }

    /// The candidates of `var`, in ascending order (an interval's one by one,
    /// without building a set: walking a wide one takes as long as it is wide).
    pub fn iter(&self, var: VarId) -> Candidates<'_> {
        if let Some((low, high)) = self.interval(var) {
            return Candidates {
                words: &[],
                first: 0,
                index: 0,
                current: 0,
                next: low,
                last: high,
            };
        }
        let mut words = self.words(var);
        let mut index = 0;
        // A summarized bitset is walked between its bounds only.
        if let Some(summary) = self.summary(var) {
            words = match summary.count {
                0 => &[],
                _ => &words[..=summary.high_word()],
            };
            index = summary.low_word();
        }
        Candidates {
            words,
            first: self.first(var),
            index,
            current: words.get(index).copied().unwrap_or(0),
            next: 1,
            last: 0,
        }
    }

    /// The candidates of `var` as a [`ValueSet`](crate::ValueSet). For an
    /// interval this is a set of every value between its bounds, one bit each:
    /// rules meant for wide variables read [`Domains::min`] and
    /// [`Domains::max`] instead.
    #[inline]
    pub fn candidates(&self, var: VarId) -> crate::ValueSet {
        if let Some((low, high)) = self.interval(var) {
            return if low > high {
                crate::ValueSet::new()
            } else {
                crate::ValueSet::inclusive(low as Value..=high as Value)
            };
        }
        crate::ValueSet::from_words(self.first(var), self.words(var))
    }

    /// Whether every variable has exactly one candidate.
    pub fn all_assigned(&self) -> bool {
        (0..self.num_vars()).all(|i| self.is_assigned(VarId::from_index(i)))
    }

    /// Whether some variable has no candidate.
    pub fn any_empty(&self) -> bool {
        (0..self.num_vars()).any(|i| self.is_empty(VarId::from_index(i)))
    }

    /// The assignment, when every variable has exactly one candidate.
    pub fn assignment(&self) -> Option<Vec<Value>> {
        let mut values = vec![0; self.num_vars()];
        self.values_into(&mut values).then_some(values)
    }

    /// The total number of candidates left over all variables.
    pub fn total_candidates(&self) -> u64 {
        if self.has_bounds || self.layout.has_summaries {
            return (0..self.num_vars())
                .map(|index| {
                    let var = VarId::from_index(index);
                    match self.interval(var) {
                        Some((low, high)) => interval_len(low, high),
                        None => u64::from(count_words(self.words(var))),
                    }
                })
                .sum();
        }
        self.domain_words()
            .iter()
            .map(|w| u64::from(w.count_ones()))
            .sum()
    }

    /// A 64-bit fingerprint of the state, for memories of visited states.
    pub fn fingerprint(&self) -> u64 {
        crate::hash::fingerprint_words(self.domain_words())
    }

    /// Remove `value` from `var` (set-up only; see the type docs). Returns whether it
    /// was removed; a value outside the variable's range is an error. An
    /// interval loses only a bound: a value strictly inside stays, and the
    /// answer is `false` (see the module docs).
    pub fn remove(&mut self, var: VarId, value: Value) -> Result<bool, Error> {
        let position = self.check_value(var, value)?;
        if let Some((low, high)) = self.interval(var) {
            let value = i64::from(value);
            let narrowed = (
                low + i64::from(value == low),
                high - i64::from(value == high),
            );
            self.set_interval(var, narrowed.0, narrowed.1);
            return Ok(narrowed != (low, high));
        }
        if !self.contains(var, value) {
            return Ok(false);
        }
        let offset = self.word_offset(var) + (position / 64) as usize;
        self.words[offset] &= !(1u64 << (position % 64));
        self.resummarize(var);
        Ok(true)
    }

    /// Keep only `value` in `var` (set-up only). Returns whether the value was a
    /// candidate; when it was not, the domain becomes empty. A value outside the
    /// variable's range is an error, and the domain is left as it was.
    pub fn assign(&mut self, var: VarId, value: Value) -> Result<bool, Error> {
        let position = self.check_value(var, value)?;
        let present = self.contains(var, value);
        if self.is_bounds(var) {
            let value = i64::from(value);
            match present {
                true => self.set_interval(var, value, value),
                false => self.set_interval(var, 1, 0),
            }
            return Ok(present);
        }
        let (offset, len) = self.span(var);
        self.words[offset..offset + len].fill(0);
        if present {
            self.words[offset + (position / 64) as usize] |= 1u64 << (position % 64);
        }
        self.resummarize(var);
        Ok(present)
    }

    /// `value`'s bit position, or an error unless `var` is a variable of this state
    /// and `value` one of its values.
    fn check_value(&self, var: VarId, value: Value) -> Result<u32, Error> {
        let Some(span) = self.layout.spans.get(var.index()) else {
            return Err(Error::NoSuchVariable {
                var: var.index(),
                vars: self.num_vars(),
            });
        };
        let position = i64::from(value) - i64::from(span.first);
        if !(0..span.size as i64).contains(&position) {
            return Err(Error::ValueOutOfRange {
                var: var.index(),
                value,
                range: self.range(var),
            });
        }
        Ok(position as u32)
    }

    /// Keep only the candidates of `var` that are in `values` (set-up only). Returns
    /// whether anything was removed. An interval keeps the smallest and largest of
    /// its candidates in `values` and what lies between.
    pub fn retain(&mut self, var: VarId, values: &crate::ValueSet) -> bool {
        if let Some((low, high)) = self.interval(var) {
            let (new_low, new_high) = interval::retain(low, high, values);
            self.set_interval(var, new_low, new_high);
            return (new_low, new_high) != (low, high);
        }
        let (offset, len) = self.span(var);
        let first = self.first(var);
        let mut changed = false;
        for (i, word) in self.words[offset..offset + len].iter_mut().enumerate() {
            let mask = values.aligned_word(first, i);
            changed |= *word & !mask != 0;
            *word &= mask;
        }
        if changed {
            self.resummarize(var);
        }
        changed
    }
}

/// The candidates of one variable, ascending.
#[derive(Clone)]
pub struct Candidates<'a> {
    words: &'a [u64],
    first: Value,
    index: usize,
    current: u64,
    /// An interval's next value and last one (`next > last`: none, as for a
    /// bitset, whose values come from the words).
    next: i64,
    last: i64,
}

impl Iterator for Candidates<'_> {
    type Item = Value;

    #[inline]
    fn next(&mut self) -> Option<Value> {
        loop {
            if self.current != 0 {
                let bit = self.current.trailing_zeros();
                self.current &= self.current - 1;
                return Some(value_at(self.first, self.index as u32 * 64 + bit));
            }
            self.index += 1;
            if self.index >= self.words.len() {
                return self.next_of_interval();
            }
            self.current = self.words[self.index];
        }
    }
}

impl Candidates<'_> {
    /// The next value of an interval (none for a bitset): off the bitset's path.
    #[inline(never)]
    fn next_of_interval(&mut self) -> Option<Value> {
        if self.next > self.last {
            return None;
        }
        self.next += 1;
        Some((self.next - 1) as Value)
    }
}

/// The number of values of `low..=high` (0 when empty).
fn interval_len(low: i64, high: i64) -> u64 {
    (high - low + 1).max(0) as u64
}

/// A number of values as a `u32`, `u32::MAX` when larger.
fn saturate(count: u64) -> u32 {
    u32::try_from(count).unwrap_or(u32::MAX)
}

/// The value at bit `position` of a domain whose first value is `first`.
#[inline]
fn value_at(first: Value, position: u32) -> Value {
    // Ranges end at `Value::MAX` at most, so every position of a domain is a value.
    (i64::from(first) + i64::from(position)) as Value
}

/// The last value of a range of `size` values from `first`.
fn last_value(first: Value, size: u64) -> Value {
    (i64::from(first) + size.max(1) as i64 - 1) as Value
}

/// How many candidates a domain's words hold.
#[inline]
fn count_words(words: &[u64]) -> u32 {
    words.iter().map(|word| word.count_ones()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store(sizes: &[u32]) -> Domains {
        let ranges: Vec<(Value, u64)> = sizes.iter().map(|&size| (0, u64::from(size))).collect();
        Domains::full(Arc::new(Layout::new(&ranges, &[], 0)))
    }

    #[test]
    fn full_domains_hold_every_value_of_each_size() {
        let d = store(&[1, 9, 64, 65, 200]);
        for (i, size) in [1u32, 9, 64, 65, 200].into_iter().enumerate() {
            let var = VarId::from_index(i);
            assert_eq!(d.count(var), size);
            assert_eq!(d.min(var), Some(0));
            assert_eq!(d.max(var), Some(size as Value - 1));
            assert_eq!(d.iter(var).count() as u32, size);
        }
        assert!(!d.is_single_word());
    }

    #[test]
    fn narrowing_a_multi_word_domain() {
        let mut d = store(&[130]);
        let x = VarId::from_index(0);
        assert!(d.remove(x, 0).unwrap());
        assert!(!d.remove(x, 0).unwrap());
        assert_eq!(d.min(x), Some(1));
        let set: crate::ValueSet = [70, 129].into_iter().collect();
        assert!(d.retain(x, &set));
        assert_eq!(d.iter(x).collect::<Vec<_>>(), vec![70, 129]);
        assert_eq!(d.max(x), Some(129));
        assert!(d.assign(x, 129).unwrap());
        assert_eq!(d.value(x), Some(129));
        assert!(d.assign(x, 130).is_err());
        assert_eq!(
            d.value(x),
            Some(129),
            "an out-of-range value changes nothing"
        );
        assert!(!d.assign(x, 5).unwrap());
        assert!(d.is_empty(x));
    }

    #[test]
    fn copying_restores_a_state() {
        let mut a = store(&[9, 9]);
        let saved = a.clone();
        a.assign(VarId::from_index(1), 3).unwrap();
        assert_ne!(a, saved);
        a.copy_from(&saved);
        assert_eq!(a, saved);
        assert_eq!(a.fingerprint(), saved.fingerprint());
    }

    #[test]
    fn a_domain_reads_and_writes_in_its_own_range() {
        let ranges = [(-3, 7), (1, 9), (-100, 130)];
        let mut d = Domains::full(Arc::new(Layout::new(&ranges, &[], 0)));
        for (i, (first, size)) in ranges.into_iter().enumerate() {
            let var = VarId::from_index(i);
            let last = first + size as Value - 1;
            assert_eq!(d.range(var), first..=last);
            assert_eq!((d.min(var), d.max(var)), (Some(first), Some(last)));
            assert_eq!(
                d.iter(var).collect::<Vec<_>>(),
                (first..=last).collect::<Vec<_>>()
            );
            assert_eq!(d.candidates(var), crate::ValueSet::inclusive(first..=last));
            assert!(!d.contains(var, first - 1) && !d.contains(var, last + 1));
            assert!(d.remove(var, first - 1).is_err() && d.assign(var, last + 1).is_err());
            assert!(d.remove(var, first).unwrap());
            assert_eq!(d.min(var), Some(first + 1));
            assert!(d.retain(var, &[first + 1, last, 0].into_iter().collect()));
            assert!(d.assign(var, last).unwrap());
            assert_eq!(d.value(var), Some(last));
        }
        assert_eq!(d.assignment(), Some(vec![3, 9, 29]));
    }

    #[test]
    fn an_interval_keeps_its_bounds_and_answers_every_reader() {
        let ranges = [(-10, 1_000_001), (0, 9), (Value::MIN, 1u64 << 32)];
        let mut d = Domains::full(Arc::new(Layout::new(&ranges, &[], 0)));
        let (x, small, whole) = (
            VarId::from_index(0),
            VarId::from_index(1),
            VarId::from_index(2),
        );
        assert!(d.is_bounds(x) && !d.is_bounds(small) && d.is_bounds(whole));
        assert!(!d.is_single_word());
        assert_eq!((d.count(x), d.size(x)), (1_000_001, 1_000_001));
        assert_eq!((d.count(whole), d.size(whole)), (u32::MAX, u32::MAX));
        assert_eq!(d.range(whole), Value::MIN..=Value::MAX);
        assert_eq!(d.total_candidates(), 1_000_001 + 9 + (1u64 << 32));
        assert_eq!((d.min(x), d.max(x)), (Some(-10), Some(999_990)));
        assert!(d.contains(x, 500) && !d.contains(x, -11) && !d.contains(x, 999_991));
        assert_eq!(d.iter(x).take(3).collect::<Vec<_>>(), vec![-10, -9, -8]);
        let fingerprint = d.fingerprint();
        // Removing a bound moves it; an interior value cannot go: no change.
        assert!(d.remove(x, -10).unwrap());
        assert_eq!(d.min(x), Some(-9));
        assert!(!d.remove(x, 500).unwrap(), "a hole cannot be held");
        assert!(d.contains(x, 500));
        assert!(d.remove(x, 999_990).unwrap());
        assert_eq!(d.max(x), Some(999_989));
        assert_ne!(d.fingerprint(), fingerprint);
        // Retain keeps the hull of the kept candidates.
        assert!(d.retain(x, &[3, 70, 2_000_000].into_iter().collect()));
        assert_eq!((d.min(x), d.max(x), d.count(x)), (Some(3), Some(70), 68));
        assert_eq!(d.candidates(x), crate::ValueSet::inclusive(3..=70));
        assert_eq!(d.iter(x).count(), 68);
        assert_eq!(d.word_from(x, 0, 0), interval::window_mask(3, 70, 0));
        assert_eq!(d.word_from(x, 0, 1), 0b111_1111);
        assert!(!d.is_assigned(x) && d.value(x).is_none());
        assert!(d.assign(x, 5).unwrap());
        assert!(d.is_assigned(x) && d.value(x) == Some(5) && d.count(x) == 1);
        assert!(d.assign(x, 1_000_001).is_err(), "out of range");
        assert!(!d.assign(x, 6).unwrap());
        assert!(d.is_empty(x) && d.min(x).is_none() && d.iter(x).next().is_none());
        let shown = format!("{d:?}");
        assert!(
            shown.ends_with("VarId(2): -2147483648..=2147483647}"),
            "{shown}"
        );
    }

    #[test]
    fn a_variable_the_state_does_not_have_has_no_candidate() {
        for sizes in [&[9u32, 9][..], &[9, 100][..]] {
            let ranges: Vec<(Value, u64)> =
                sizes.iter().map(|&size| (1, u64::from(size))).collect();
            let mut d = Domains::full(Arc::new(Layout::new(&ranges, &[u64::MAX; 3], 64)));
            let stranger = VarId::from_index(2);
            assert!(!d.contains(stranger, 1) && d.is_empty(stranger));
            assert_eq!((d.count(stranger), d.size(stranger)), (0, 0));
            assert_eq!(
                (d.value(stranger), d.min(stranger), d.max(stranger)),
                (None, None, None)
            );
            assert_eq!(d.iter(stranger).count(), 0);
            assert!(d.candidates(stranger).is_empty() && d.range(stranger).is_empty());
            assert!(!d.retain(stranger, &crate::ValueSet::single(1)));
            assert!(d.assign(stranger, 1).is_err() && d.remove(stranger, 1).is_err());
        }
    }
}
