//! Sets of values: what rules read from domains and write back, for domains of any
//! size and any range of values, negative ones too. One word of 64 values lives
//! inline (no allocation), so the common case of a small puzzle costs about what a
//! bare `u64` would (`value_access` bench: reading 81 cells as sets is within 10% of
//! reading them as words); larger sets grow. A `FixedBitSet` allocates for every set,
//! which a rule reading domains at every run cannot afford.
//!
//! ```
//! use sieve::ValueSet;
//! let odd: ValueSet = [1, 3, 5, 7, 99].into_iter().collect();
//! let small = ValueSet::range(0..6);
//! let both = &odd & &small;
//! assert_eq!(both.iter().collect::<Vec<_>>(), vec![1, 3, 5]);
//! assert_eq!((&odd - &small).iter().collect::<Vec<_>>(), vec![7, 99]);
//! assert_eq!(odd.len(), 5);
//! assert_eq!(odd.max(), Some(99));
//! assert!(both.is_subset(&odd));
//! let around_zero = ValueSet::inclusive(-3..=3);
//! assert_eq!((&around_zero & &odd).iter().collect::<Vec<_>>(), vec![1, 3]);
//! ```

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Range, RangeInclusive, Sub, SubAssign};

use smallvec::SmallVec;

use crate::fast::bits;
use crate::ids::Value;

/// A set of values, as a bitset: value `v` is bit `(v - base) % 64` of word
/// `(v - base) / 64`. The base is where the set started (a domain's first value, a
/// range's start), so a set read from a domain and written back to it is copied word
/// for word; sets of different bases are aligned by shifting. Trailing empty words
/// are allowed and ignored by comparisons.
#[derive(Clone, Default)]
pub struct ValueSet {
    /// The value of bit 0 of word 0 (`i64`, so that growing below `Value::MIN`
    /// cannot overflow).
    base: i64,
    words: SmallVec<[u64; 1]>,
}

impl ValueSet {
    /// The empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// The set of one value.
    pub fn single(value: Value) -> Self {
        let mut words = SmallVec::new();
        words.push(1);
        ValueSet {
            base: i64::from(value),
            words,
        }
    }

    /// Every value of `range`.
    pub fn range(range: Range<Value>) -> Self {
        Self::between(i64::from(range.start), i64::from(range.end))
    }

    /// Every value of `range`, its end included (`-3..=3`, `1..=9`).
    pub fn inclusive(range: RangeInclusive<Value>) -> Self {
        Self::between(i64::from(*range.start()), i64::from(*range.end()) + 1)
    }

    /// Every value from `start` up to, not including, `end`.
    fn between(start: i64, end: i64) -> Self {
        if start >= end {
            return Self::new();
        }
        let len = (end - start) as u64;
        let mut words: SmallVec<[u64; 1]> =
            SmallVec::from_elem(u64::MAX, len.div_ceil(64) as usize);
        if let Some(last) = words.last_mut() {
            *last = mask_below(len - (len - 1) / 64 * 64);
        }
        ValueSet { base: start, words }
    }

    /// The set whose bit `i` of word `w` is value `base + 64 w + i`: a domain's
    /// words as values.
    pub(crate) fn from_words(base: Value, words: &[u64]) -> Self {
        ValueSet {
            base: i64::from(base),
            words: SmallVec::from_slice(words),
        }
    }

    /// Whether `value` is in the set.
    #[inline]
    pub fn contains(&self, value: Value) -> bool {
        let position = i64::from(value) - self.base;
        position >= 0 && self.word_or_zero(position / 64) >> (position % 64) & 1 == 1
    }

    /// Add `value`; `true` when it was not there.
    pub fn insert(&mut self, value: Value) -> bool {
        let position = self.make_room(i64::from(value));
        let word = &mut self.words[position / 64];
        let bit = 1u64 << (position % 64);
        let fresh = *word & bit == 0;
        *word |= bit;
        fresh
    }

    /// Take `value` out; `true` when it was there.
    pub fn remove(&mut self, value: Value) -> bool {
        let position = i64::from(value) - self.base;
        if position < 0 {
            return false;
        }
        match self.words.get_mut((position / 64) as usize) {
            Some(word) => {
                let bit = 1u64 << (position % 64);
                let present = *word & bit != 0;
                *word &= !bit;
                present
            }
            None => false,
        }
    }

    /// How many values the set holds.
    #[inline]
    pub fn len(&self) -> usize {
        self.words
            .iter()
            .map(|word| word.count_ones() as usize)
            .sum()
    }

    /// Whether the set holds no value.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&word| word == 0)
    }

    /// The smallest value.
    pub fn min(&self) -> Option<Value> {
        let (index, word) = self.words.iter().enumerate().find(|(_, w)| **w != 0)?;
        Some(self.value_at(index, word.trailing_zeros()))
    }

    /// The largest value.
    pub fn max(&self) -> Option<Value> {
        let (index, word) = self.words.iter().enumerate().rfind(|(_, w)| **w != 0)?;
        Some(self.value_at(index, 63 - word.leading_zeros()))
    }

    /// The values, ascending.
    pub fn iter(&self) -> impl Iterator<Item = Value> + '_ {
        self.words
            .iter()
            .enumerate()
            .flat_map(move |(index, &word)| bits(word).map(move |bit| self.value_at(index, bit)))
    }

    /// Whether every value of this set is in `other`.
    pub fn is_subset(&self, other: &ValueSet) -> bool {
        self.words
            .iter()
            .enumerate()
            .all(|(index, &word)| word & !other.aligned_word(self.base, index) == 0)
    }

    /// Whether the two sets share a value.
    pub fn intersects(&self, other: &ValueSet) -> bool {
        self.words
            .iter()
            .enumerate()
            .any(|(index, &word)| word & other.aligned_word(self.base, index) != 0)
    }

    /// The 64 bits of the values `base + 64 index ..`, bit `i` being value
    /// `base + 64 index + i`: how a domain starting at `base` reads this set. One
    /// load when the bases agree, two and a shift otherwise.
    #[inline]
    pub(crate) fn aligned_word(&self, base: impl Into<i64>, index: usize) -> u64 {
        aligned_word(&self.words, self.base, base.into(), index)
    }

    /// Word `index` of the set (negative or past the end: 0).
    #[inline]
    fn word_or_zero(&self, index: i64) -> u64 {
        word_or_zero(&self.words, index)
    }

    /// The value of bit `bit` of word `index`.
    #[inline]
    fn value_at(&self, index: usize, bit: u32) -> Value {
        // Only values that were inserted as `Value`s have bits set.
        (self.base + index as i64 * 64 + i64::from(bit)) as Value
    }

    /// Make room for `value`, below or above the words held, and return its bit
    /// position. An empty set moves its base to `value`.
    fn make_room(&mut self, value: i64) -> usize {
        if self.is_empty() {
            self.words.clear();
            self.base = value;
        }
        if value < self.base {
            let below = ((self.base - value + 63) / 64) as usize;
            self.words.insert_many(0, std::iter::repeat_n(0, below));
            self.base -= 64 * below as i64;
        }
        let position = (value - self.base) as usize;
        if self.words.len() <= position / 64 {
            self.words.resize(position / 64 + 1, 0);
        }
        position
    }

    /// Make room for every value of `other`.
    fn cover(&mut self, other: &ValueSet) {
        if let (Some(low), Some(high)) = (other.min(), other.max()) {
            if self.is_empty() {
                // `make_room` moves an empty set's base to each value it is given:
                // size it for both ends at once.
                let words = (i64::from(high) - i64::from(low)) as usize / 64 + 1;
                self.words.clear();
                self.words.resize(words, 0);
                self.base = i64::from(low);
                return;
            }
            self.make_room(i64::from(low));
            self.make_room(i64::from(high));
        }
    }
}

/// The 64 bits of the values `base + 64 index ..` read from `words`, whose bit 0 is
/// the value `words_base`: how a set or domain of one base is read in another's.
#[inline]
pub(crate) fn aligned_word(words: &[u64], words_base: i64, base: i64, index: usize) -> u64 {
    let start = base - words_base + 64 * index as i64;
    if base == words_base {
        return words.get(index).copied().unwrap_or(0);
    }
    let (word, shift) = (start.div_euclid(64), start.rem_euclid(64) as u32);
    let low = word_or_zero(words, word);
    if shift == 0 {
        low
    } else {
        low >> shift | word_or_zero(words, word + 1) << (64 - shift)
    }
}

/// Word `index` of `words` (negative or past the end: 0).
#[inline]
fn word_or_zero(words: &[u64], index: i64) -> u64 {
    usize::try_from(index)
        .ok()
        .and_then(|index| words.get(index).copied())
        .unwrap_or(0)
}

/// The mask of the values below `bits` in one word (all ones for 64).
fn mask_below(bits: u64) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

impl PartialEq for ValueSet {
    fn eq(&self, other: &Self) -> bool {
        self.is_subset(other) && other.is_subset(self)
    }
}

impl Eq for ValueSet {}

impl fmt::Debug for ValueSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Value> for ValueSet {
    fn from_iter<I: IntoIterator<Item = Value>>(values: I) -> Self {
        let mut set = ValueSet::new();
        for value in values {
            set.insert(value);
        }
        set
    }
}

impl Extend<Value> for ValueSet {
    fn extend<I: IntoIterator<Item = Value>>(&mut self, values: I) {
        for value in values {
            self.insert(value);
        }
    }
}

impl BitOrAssign<&ValueSet> for ValueSet {
    fn bitor_assign(&mut self, other: &ValueSet) {
        self.cover(other);
        let base = self.base;
        for (index, word) in self.words.iter_mut().enumerate() {
            *word |= other.aligned_word(base, index);
        }
    }
}

impl BitAndAssign<&ValueSet> for ValueSet {
    fn bitand_assign(&mut self, other: &ValueSet) {
        let base = self.base;
        for (index, word) in self.words.iter_mut().enumerate() {
            *word &= other.aligned_word(base, index);
        }
    }
}

impl SubAssign<&ValueSet> for ValueSet {
    fn sub_assign(&mut self, other: &ValueSet) {
        let base = self.base;
        for (index, word) in self.words.iter_mut().enumerate() {
            *word &= !other.aligned_word(base, index);
        }
    }
}

impl BitOr for &ValueSet {
    type Output = ValueSet;
    fn bitor(self, other: &ValueSet) -> ValueSet {
        let mut set = self.clone();
        set |= other;
        set
    }
}

impl BitAnd for &ValueSet {
    type Output = ValueSet;
    fn bitand(self, other: &ValueSet) -> ValueSet {
        let mut set = self.clone();
        set &= other;
        set
    }
}

impl Sub for &ValueSet {
    type Output = ValueSet;
    fn sub(self, other: &ValueSet) -> ValueSet {
        let mut set = self.clone();
        set -= other;
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_cover_exactly_their_values() {
        for (start, end) in [
            (0, 0),
            (0, 1),
            (3, 64),
            (0, 64),
            (60, 70),
            (64, 129),
            (5, 3),
        ] {
            let set = ValueSet::range(start..end);
            let expected: Vec<Value> = (start..end).collect();
            assert_eq!(set.iter().collect::<Vec<_>>(), expected, "{start}..{end}");
            assert_eq!(set.len(), expected.len());
        }
    }

    #[test]
    fn a_union_into_an_empty_set_keeps_every_value() {
        for other in [
            ValueSet::inclusive(2..=5),
            [-70, 3, 200].into_iter().collect(),
        ] {
            let mut set = ValueSet::new();
            set |= &other;
            assert_eq!(
                set.iter().collect::<Vec<_>>(),
                other.iter().collect::<Vec<_>>()
            );
            let mut emptied = ValueSet::single(9);
            emptied.remove(9);
            emptied |= &other;
            assert_eq!(emptied, other);
        }
    }

    #[test]
    fn operations_agree_with_a_plain_set() {
        let a: ValueSet = [0, 5, 64, 130].into_iter().collect();
        let b: ValueSet = [5, 6, 130].into_iter().collect();
        assert_eq!((&a | &b).iter().collect::<Vec<_>>(), vec![0, 5, 6, 64, 130]);
        assert_eq!((&a & &b).iter().collect::<Vec<_>>(), vec![5, 130]);
        assert_eq!((&a - &b).iter().collect::<Vec<_>>(), vec![0, 64]);
        assert_eq!(a.min(), Some(0));
        assert_eq!(b.max(), Some(130));
        assert!(a.intersects(&b));
        assert!(!(&a - &b).intersects(&b));
        assert!(ValueSet::single(64).is_subset(&a));
        assert_eq!(
            &a & &ValueSet::new(),
            &ValueSet::range(0..200) & &ValueSet::new()
        );
    }

    #[test]
    fn sets_of_any_base_agree_with_a_plain_set() {
        let negative = ValueSet::inclusive(-3..=3);
        assert_eq!(
            negative.iter().collect::<Vec<_>>(),
            (-3..=3).collect::<Vec<_>>()
        );
        assert_eq!((negative.min(), negative.max()), (Some(-3), Some(3)));
        let mut grown: ValueSet = [5, -70, 200, -1].into_iter().collect();
        assert_eq!(grown.iter().collect::<Vec<_>>(), vec![-70, -1, 5, 200]);
        assert!(grown.contains(-70) && !grown.contains(-69) && !grown.contains(201));
        assert!(grown.remove(-70) && !grown.remove(-70));
        let digits = ValueSet::inclusive(1..=9);
        let plain: std::collections::BTreeSet<Value> = grown.iter().collect();
        for other in [&negative, &digits, &ValueSet::single(0), &ValueSet::new()] {
            let theirs: std::collections::BTreeSet<Value> = other.iter().collect();
            let list = |set: &ValueSet| set.iter().collect::<Vec<_>>();
            assert_eq!(
                list(&(&grown | other)),
                plain.union(&theirs).copied().collect::<Vec<_>>()
            );
            assert_eq!(
                list(&(&grown & other)),
                plain.intersection(&theirs).copied().collect::<Vec<_>>()
            );
            assert_eq!(
                list(&(&grown - other)),
                plain.difference(&theirs).copied().collect::<Vec<_>>()
            );
            assert_eq!(grown.intersects(other), !plain.is_disjoint(&theirs));
            assert_eq!(other.is_subset(&grown), theirs.is_subset(&plain));
        }
        assert_eq!(ValueSet::range(1..10), digits);
        assert_ne!(ValueSet::range(0..9), digits);
        assert_eq!(ValueSet::from_words(1, &[0b1_1111_1111]), digits);
    }
}
