//! Variables and their bitset domains, all stored in one contiguous block of words.
//!
//! A [`Domains`] value is the whole state of a model: for every variable, the set of
//! values still possible (its *candidates*). Values are `0..size`; a puzzle maps them
//! to its own labels. Because every domain lives in one `Vec<u64>`, saving a state is a
//! single copy, and a variable with at most 64 values is a single word (the fast path).

use std::fmt;
use std::sync::Arc;

use fixedbitset::FixedBitSet;

pub use crate::ids::{Value, VarId};

/// Where one variable's words sit in the store.
#[derive(Clone, Debug)]
struct Span {
    offset: u32,
    words: u32,
    size: u32,
}

/// The shape of a store: each variable's span. Shared by every copy of a state.
#[derive(Debug)]
pub(crate) struct Layout {
    spans: Vec<Span>,
    total_words: usize,
    /// Every variable has at most 64 values, so variable `i` is word `i`.
    single_word: bool,
}

impl Layout {
    pub(crate) fn new(sizes: &[u32]) -> Self {
        let mut spans = Vec::with_capacity(sizes.len());
        let mut offset = 0u32;
        for &size in sizes {
            let words = size.div_ceil(64).max(1);
            spans.push(Span {
                offset,
                words,
                size,
            });
            offset += words;
        }
        let single_word = sizes.iter().all(|&size| size <= 64);
        Layout {
            spans,
            total_words: offset as usize,
            single_word,
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
}

impl fmt::Debug for Domains {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut list = f.debug_map();
        for index in 0..self.num_vars() {
            let var = VarId::from_index(index);
            list.entry(&var, &self.iter(var).collect::<Vec<_>>());
        }
        list.finish()
    }
}

impl PartialEq for Domains {
    fn eq(&self, other: &Self) -> bool {
        self.words == other.words
    }
}

impl Eq for Domains {}

impl Domains {
    /// Full domains (every value possible) for variables of the given sizes.
    pub(crate) fn full(layout: Arc<Layout>) -> Self {
        let mut words = vec![0u64; layout.total_words];
        for span in &layout.spans {
            let mut remaining = span.size;
            for word in &mut words[span.offset as usize..(span.offset + span.words) as usize] {
                *word = low_mask(remaining.min(64));
                remaining = remaining.saturating_sub(64);
            }
        }
        Domains { words, layout }
    }

    /// Whether two states belong to the same model shape (same variables and sizes).
    pub fn same_shape(&self, other: &Domains) -> bool {
        Arc::ptr_eq(&self.layout, &other.layout)
            || (self.layout.spans.len() == other.layout.spans.len()
                && self
                    .layout
                    .spans
                    .iter()
                    .zip(&other.layout.spans)
                    .all(|(a, b)| a.size == b.size))
    }

    #[inline]
    fn span(&self, var: VarId) -> (usize, usize) {
        if self.layout.single_word {
            (var.index(), 1)
        } else {
            let span = &self.layout.spans[var.index()];
            (span.offset as usize, span.words as usize)
        }
    }

    /// How many variables the state holds.
    pub fn num_vars(&self) -> usize {
        self.layout.spans.len()
    }

    /// The size of a variable's universe: its values are `0..size`.
    pub fn size(&self, var: VarId) -> u32 {
        self.layout.spans[var.index()].size
    }

    /// Whether every variable of this state has at most 64 values (one word each).
    pub fn is_single_word(&self) -> bool {
        self.layout.single_word
    }

    /// The words of one variable's domain, least significant bit = value 0.
    #[inline]
    pub fn words(&self, var: VarId) -> &[u64] {
        let (offset, len) = self.span(var);
        &self.words[offset..offset + len]
    }

    /// The first word of a domain: the whole domain when the variable has at most 64
    /// values (the fast path rules use for small puzzles).
    #[inline]
    pub fn bits(&self, var: VarId) -> u64 {
        let (offset, _) = self.span(var);
        self.words[offset]
    }

    /// The whole store, every variable's words in order.
    pub fn raw_words(&self) -> &[u64] {
        &self.words
    }

    pub(crate) fn raw_words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }

    pub(crate) fn word_offset(&self, var: VarId) -> usize {
        self.span(var).0
    }

    /// Where a domain of one word sits in the store, or `None` for a longer one.
    #[inline]
    pub(crate) fn single_word_offset(&self, var: VarId) -> Option<usize> {
        if self.layout.single_word {
            return Some(var.index());
        }
        let span = &self.layout.spans[var.index()];
        (span.words == 1).then_some(span.offset as usize)
    }

    /// Copy another state of the same shape into this one, without allocating.
    pub fn copy_from(&mut self, other: &Domains) {
        self.words.copy_from_slice(&other.words);
    }

    /// Whether `value` is still a candidate of `var`.
    #[inline]
    pub fn contains(&self, var: VarId, value: Value) -> bool {
        if let Some(offset) = self.single_word_offset(var) {
            return value < 64 && self.words[offset] >> value & 1 == 1;
        }
        let words = self.words(var);
        let index = (value / 64) as usize;
        index < words.len() && words[index] >> (value % 64) & 1 == 1
    }

    /// How many candidates `var` has left.
    #[inline]
    pub fn count(&self, var: VarId) -> u32 {
        if let Some(offset) = self.single_word_offset(var) {
            return self.words[offset].count_ones();
        }
        count_words(self.words(var))
    }

    /// The unassigned variable with the fewest candidates (ties: the first in
    /// `order`, creation order when `None`), or `None` when every variable is assigned.
    /// Stops early at two candidates, the fewest an unassigned variable can have.
    pub(crate) fn fewest_unassigned(&self, order: Option<&[VarId]>) -> Option<VarId> {
        let words = &self.words;
        match (order, self.layout.single_word) {
            (None, true) => fewest_open_words(words.iter().copied().enumerate()),
            (Some(order), true) => {
                fewest_open_words(order.iter().map(|var| (var.index(), words[var.index()])))
            }
            (None, false) => self.fewest_counted((0..self.num_vars()).map(VarId::from_index)),
            (Some(order), false) => self.fewest_counted(order.iter().copied()),
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
    pub fn is_empty(&self, var: VarId) -> bool {
        self.words(var).iter().all(|&w| w == 0)
    }

    /// Whether `var` has exactly one candidate left.
    #[inline]
    pub fn is_assigned(&self, var: VarId) -> bool {
        if let Some(offset) = self.single_word_offset(var) {
            return self.words[offset].is_power_of_two();
        }
        count_words(self.words(var)) == 1
    }

    /// The value of `var` when exactly one candidate is left.
    #[inline]
    pub fn value(&self, var: VarId) -> Option<Value> {
        if let Some(offset) = self.single_word_offset(var) {
            let word = self.words[offset];
            return word.is_power_of_two().then(|| word.trailing_zeros());
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
        if self.layout.single_word {
            for (value, &word) in values.iter_mut().zip(&self.words) {
                if !word.is_power_of_two() {
                    return false;
                }
                *value = word.trailing_zeros();
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
            return (word != 0).then(|| word.trailing_zeros());
        }
        self.words(var)
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i as Value * 64 + w.trailing_zeros())
    }

    /// The largest candidate of `var`.
    #[inline]
    pub fn max(&self, var: VarId) -> Option<Value> {
        self.words(var)
            .iter()
            .enumerate()
            .rev()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i as Value * 64 + 63 - w.leading_zeros())
    }

    /// The candidates of `var`, in ascending order.
    pub fn iter(&self, var: VarId) -> Candidates<'_> {
        let words = self.words(var);
        Candidates {
            words,
            index: 0,
            current: words.first().copied().unwrap_or(0),
        }
    }

    /// The candidates of `var` as a [`FixedBitSet`] of its universe.
    pub fn to_set(&self, var: VarId) -> FixedBitSet {
        let mut set = FixedBitSet::with_capacity(self.size(var) as usize);
        for value in self.iter(var) {
            set.insert(value as usize);
        }
        set
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
        self.words.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// A 64-bit fingerprint of the state, for memories of visited states.
    pub fn fingerprint(&self) -> u64 {
        crate::hash::fingerprint_words(&self.words)
    }

    /// Remove `value` from `var` (set-up only; see the type docs). Returns whether it
    /// was there.
    pub fn remove(&mut self, var: VarId, value: Value) -> bool {
        if !self.contains(var, value) {
            return false;
        }
        let offset = self.word_offset(var) + (value / 64) as usize;
        self.words[offset] &= !(1u64 << (value % 64));
        true
    }

    /// Keep only `value` in `var` (set-up only). Returns whether the value was a
    /// candidate; when it was not, the domain becomes empty.
    pub fn assign(&mut self, var: VarId, value: Value) -> bool {
        let present = self.contains(var, value);
        let (offset, len) = self.span(var);
        self.words[offset..offset + len].fill(0);
        if present {
            self.words[offset + (value / 64) as usize] |= 1u64 << (value % 64);
        }
        present
    }

    /// Keep only the candidates of `var` that are in `set` (set-up only). Returns
    /// whether anything was removed.
    pub fn retain(&mut self, var: VarId, set: &FixedBitSet) -> bool {
        let (offset, len) = self.span(var);
        let mut changed = false;
        for (i, word) in self.words[offset..offset + len].iter_mut().enumerate() {
            let mask = set_word(set, i);
            changed |= *word & !mask != 0;
            *word &= mask;
        }
        changed
    }

    /// Keep only the candidates in `mask` of a variable of at most 64 values (set-up
    /// only). Returns whether anything was removed.
    pub fn retain_bits(&mut self, var: VarId, mask: u64) -> bool {
        let offset = self.word_offset(var);
        let before = self.words[offset];
        self.words[offset] &= mask;
        before != self.words[offset]
    }
}

/// Word `index` (64 values) of a [`FixedBitSet`], whatever its block size.
pub(crate) fn set_word(set: &FixedBitSet, index: usize) -> u64 {
    let start = index * 64;
    let end = (start + 64).min(set.len());
    let mut word = 0u64;
    if start < end {
        for value in set
            .ones()
            .skip_while(|&v| v < start)
            .take_while(|&v| v < end)
        {
            word |= 1u64 << (value - start);
        }
    }
    word
}

/// The candidates of one variable, ascending.
#[derive(Clone)]
pub struct Candidates<'a> {
    words: &'a [u64],
    index: usize,
    current: u64,
}

impl Iterator for Candidates<'_> {
    type Item = Value;

    #[inline]
    fn next(&mut self) -> Option<Value> {
        loop {
            if self.current != 0 {
                let bit = self.current.trailing_zeros();
                self.current &= self.current - 1;
                return Some(self.index as Value * 64 + bit);
            }
            self.index += 1;
            if self.index >= self.words.len() {
                return None;
            }
            self.current = self.words[self.index];
        }
    }
}

/// How many candidates a domain's words hold.
#[inline]
fn count_words(words: &[u64]) -> u32 {
    words.iter().map(|word| word.count_ones()).sum()
}

/// Iterate over the set bits of one word, as values offset by `base`.
pub fn bits_of(word: u64) -> impl Iterator<Item = Value> {
    let mut rest = word;
    std::iter::from_fn(move || {
        if rest == 0 {
            None
        } else {
            let bit = rest.trailing_zeros();
            rest &= rest - 1;
            Some(bit)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store(sizes: &[u32]) -> Domains {
        Domains::full(Arc::new(Layout::new(sizes)))
    }

    #[test]
    fn full_domains_hold_every_value_of_each_size() {
        let d = store(&[1, 9, 64, 65, 200]);
        for (i, size) in [1u32, 9, 64, 65, 200].into_iter().enumerate() {
            let var = VarId::from_index(i);
            assert_eq!(d.count(var), size);
            assert_eq!(d.min(var), Some(0));
            assert_eq!(d.max(var), Some(size - 1));
            assert_eq!(d.iter(var).count() as u32, size);
        }
        assert!(!d.is_single_word());
    }

    #[test]
    fn narrowing_a_multi_word_domain() {
        let mut d = store(&[130]);
        let x = VarId::from_index(0);
        assert!(d.remove(x, 0));
        assert!(!d.remove(x, 0));
        assert_eq!(d.min(x), Some(1));
        let mut set = FixedBitSet::with_capacity(130);
        set.insert(70);
        set.insert(129);
        assert!(d.retain(x, &set));
        assert_eq!(d.iter(x).collect::<Vec<_>>(), vec![70, 129]);
        assert_eq!(d.max(x), Some(129));
        assert!(d.assign(x, 129));
        assert_eq!(d.value(x), Some(129));
        assert!(!d.assign(x, 5));
        assert!(d.is_empty(x));
    }

    #[test]
    fn copying_restores_a_state() {
        let mut a = store(&[9, 9]);
        let saved = a.clone();
        a.assign(VarId::from_index(1), 3);
        assert_ne!(a, saved);
        a.copy_from(&saved);
        assert_eq!(a, saved);
        assert_eq!(a.fingerprint(), saved.fingerprint());
    }
}
