//! Sets of values: what rules read from domains and write back, for domains of any
//! size. One word of 64 values lives inline (no allocation), so the common case of a
//! small puzzle costs about what a bare `u64` would (`value_access` bench: reading
//! 81 cells as sets is within 10% of reading them as words); larger sets grow. A
//! `FixedBitSet` allocates for every set, which a rule reading domains at every
//! run cannot afford.
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
//! ```

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Range, Sub, SubAssign};

use smallvec::SmallVec;

use crate::fast::bits;
use crate::ids::Value;

/// A set of values (`u32`), as a bitset: value `v` is bit `v % 64` of word `v / 64`.
/// Trailing empty words are allowed and ignored by comparisons.
#[derive(Clone, Default)]
pub struct ValueSet {
    words: SmallVec<[u64; 1]>,
}

impl ValueSet {
    /// The empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// The set of one value.
    pub fn single(value: Value) -> Self {
        let mut set = Self::new();
        set.insert(value);
        set
    }

    /// Every value of `range`.
    pub fn range(range: Range<Value>) -> Self {
        let mut set = Self::new();
        if range.start >= range.end {
            return set;
        }
        set.grow_to(range.end - 1);
        for (index, word) in set.words.iter_mut().enumerate() {
            let base = index as u64 * 64;
            let low = u64::from(range.start).saturating_sub(base).min(64);
            let high = (u64::from(range.end) - base.min(u64::from(range.end))).min(64);
            *word = mask_below(high) & !mask_below(low);
        }
        set
    }

    /// The set whose words are `words` (value `v` is bit `v % 64` of word `v / 64`).
    pub fn from_words(words: &[u64]) -> Self {
        ValueSet {
            words: SmallVec::from_slice(words),
        }
    }

    /// The set's words, value `v` being bit `v % 64` of word `v / 64`.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Whether `value` is in the set.
    #[inline]
    pub fn contains(&self, value: Value) -> bool {
        self.words
            .get((value / 64) as usize)
            .is_some_and(|word| word >> (value % 64) & 1 == 1)
    }

    /// Add `value`; `true` when it was not there.
    pub fn insert(&mut self, value: Value) -> bool {
        self.grow_to(value);
        let word = &mut self.words[(value / 64) as usize];
        let bit = 1u64 << (value % 64);
        let fresh = *word & bit == 0;
        *word |= bit;
        fresh
    }

    /// Take `value` out; `true` when it was there.
    pub fn remove(&mut self, value: Value) -> bool {
        match self.words.get_mut((value / 64) as usize) {
            Some(word) => {
                let bit = 1u64 << (value % 64);
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
        Some(index as Value * 64 + word.trailing_zeros())
    }

    /// The largest value.
    pub fn max(&self) -> Option<Value> {
        let (index, word) = self.words.iter().enumerate().rfind(|(_, w)| **w != 0)?;
        Some(index as Value * 64 + 63 - word.leading_zeros())
    }

    /// The values, ascending.
    pub fn iter(&self) -> impl Iterator<Item = Value> + '_ {
        self.words.iter().enumerate().flat_map(|(index, &word)| {
            let base = index as Value * 64;
            bits(word).map(move |bit| base + bit)
        })
    }

    /// Whether every value of this set is in `other`.
    pub fn is_subset(&self, other: &ValueSet) -> bool {
        self.words
            .iter()
            .enumerate()
            .all(|(index, &word)| word & !other.word(index) == 0)
    }

    /// Whether the two sets share a value.
    pub fn intersects(&self, other: &ValueSet) -> bool {
        self.words
            .iter()
            .zip(&other.words)
            .any(|(&a, &b)| a & b != 0)
    }

    /// Word `index` of the set, 0 beyond its end.
    #[inline]
    pub(crate) fn word(&self, index: usize) -> u64 {
        self.words.get(index).copied().unwrap_or(0)
    }

    /// Make room for `value`.
    fn grow_to(&mut self, value: Value) {
        let needed = (value / 64) as usize + 1;
        if self.words.len() < needed {
            self.words.resize(needed, 0);
        }
    }
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
        let longest = self.words.len().max(other.words.len());
        (0..longest).all(|index| self.word(index) == other.word(index))
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
        if self.words.len() < other.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        for (word, &add) in self.words.iter_mut().zip(&other.words) {
            *word |= add;
        }
    }
}

impl BitAndAssign<&ValueSet> for ValueSet {
    fn bitand_assign(&mut self, other: &ValueSet) {
        for (index, word) in self.words.iter_mut().enumerate() {
            *word &= other.word(index);
        }
    }
}

impl SubAssign<&ValueSet> for ValueSet {
    fn sub_assign(&mut self, other: &ValueSet) {
        for (word, &take) in self.words.iter_mut().zip(&other.words) {
            *word &= !take;
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
}
