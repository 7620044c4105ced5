//! The interval kind of domain: a variable of more than [`crate::Model::BITSET_LIMIT`]
//! values keeps only its current smallest and largest candidate, packed in one word
//! of the store, so that copying, trailing and restoring it is the same as for a
//! bitset word.
//!
//! The word holds the two bounds as positions from the variable's first value:
//! the low 32 bits the smallest candidate's, the high 32 bits the largest's. A
//! range of at most 2³² values (every `i32`) fits. The domain is empty when the
//! low position is above the high one.

use crate::ids::Value;

/// The word of the interval of positions `low..=high`.
#[inline]
pub(crate) fn pack(low: u32, high: u32) -> u64 {
    u64::from(high) << 32 | u64::from(low)
}

/// The word of an empty interval.
pub(crate) const EMPTY: u64 = 1;

/// The positions (low, high) an interval word holds.
#[inline]
pub(crate) fn unpack(word: u64) -> (u32, u32) {
    (word as u32, (word >> 32) as u32)
}

/// The interval `low..=high` of values as a word, for a variable whose first value
/// is `first`: the empty word when `low > high`. The bounds must lie in the
/// variable's range when the interval is not empty.
#[inline]
pub(crate) fn encode(first: i64, low: i64, high: i64) -> u64 {
    if low > high {
        EMPTY
    } else {
        pack((low - first) as u32, (high - first) as u32)
    }
}

/// The values (low, high) of an interval word of a variable whose first value is
/// `first` (low above high when empty).
#[inline]
pub(crate) fn decode(first: i64, word: u64) -> (i64, i64) {
    let (low, high) = unpack(word);
    (first + i64::from(low), first + i64::from(high))
}

/// The interval's values among the 64 values `start..start + 64`, as a mask (bit
/// `i` = value `start + i`).
#[inline]
pub(crate) fn window_mask(low: i64, high: i64, start: i64) -> u64 {
    let from = (low - start).max(0);
    let to = (high - start).min(63);
    if from > to {
        return 0;
    }
    let width = (to - from + 1) as u32;
    let ones = if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    ones << from
}

/// The interval `low..=high` narrowed to the values `keep` accepts, as far as an
/// interval can: the bounds move inwards past rejected values; a rejected value
/// strictly inside stays (an interval cannot hold a hole). Calls `keep` at most
/// once per value it walks past.
pub(crate) fn shrink(low: i64, high: i64, keep: impl Fn(i64) -> bool) -> (i64, i64) {
    let mut low = low;
    while low <= high && !keep(low) {
        low += 1;
    }
    let mut high = high;
    while high > low && !keep(high) {
        high -= 1;
    }
    (low, high)
}

/// The interval narrowed so that, among the 64 values `start..start + 64`, only
/// those of `mask` stay (values outside the window stay).
pub(crate) fn keep_window(low: i64, high: i64, start: i64, mask: u64) -> (i64, i64) {
    let in_window = |value: i64| (start..start + 64).contains(&value);
    shrink(low, high, |value| {
        !in_window(value) || mask >> (value - start) & 1 == 1
    })
}

/// The interval narrowed to the smallest and largest of its values in `set`
/// (empty when it has none there); walks the set's values, not the interval's.
pub(crate) fn retain(low: i64, high: i64, set: &crate::ValueSet) -> (i64, i64) {
    let mut inside = set
        .iter()
        .map(i64::from)
        .filter(|value| (low..=high).contains(value));
    match inside.next() {
        Some(smallest) => (smallest, inside.last().unwrap_or(smallest)),
        None => (1, 0),
    }
}

/// The interval narrowed past its bounds that are in `set`: the bounds move
/// inwards while they are values of the set (a value of the set strictly inside
/// stays).
pub(crate) fn remove_all(low: i64, high: i64, set: &crate::ValueSet) -> (i64, i64) {
    let in_set = |value: i64| Value::try_from(value).is_ok_and(|value| set.contains(value));
    shrink(low, high, |value| !in_set(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip_and_empty_is_low_above_high() {
        let word = encode(-5, -5, 1_000_000);
        assert_eq!(decode(-5, word), (-5, 1_000_000));
        let (low, high) = decode(0, EMPTY);
        assert!(low > high);
        assert_eq!(encode(0, 3, 2), EMPTY);
        let whole = encode(
            i64::from(i32::MIN),
            i64::from(i32::MIN),
            i64::from(i32::MAX),
        );
        assert_eq!(
            decode(i64::from(i32::MIN), whole),
            (i64::from(i32::MIN), i64::from(i32::MAX))
        );
    }

    #[test]
    fn window_masks_cut_the_interval() {
        assert_eq!(window_mask(0, 1000, 0), u64::MAX);
        assert_eq!(window_mask(2, 4, 0), 0b11100);
        assert_eq!(window_mask(60, 1000, 64), u64::MAX);
        assert_eq!(window_mask(100, 1000, 0), 0);
        assert_eq!(window_mask(0, 65, 64), 0b11);
    }

    #[test]
    fn shrinking_moves_bounds_past_rejected_values_only() {
        assert_eq!(shrink(0, 10, |v| v % 2 == 1), (1, 9));
        assert_eq!(shrink(0, 10, |v| v != 5), (0, 10), "a hole stays");
        let (low, high) = shrink(0, 10, |_| false);
        assert!(low > high);
        assert_eq!(keep_window(0, 1000, 0, 0b1100), (2, 1000));
        assert_eq!(keep_window(0, 40, 0, 0b1100), (2, 3));
        let set: crate::ValueSet = [3, 7, 2000].into_iter().collect();
        assert_eq!(retain(0, 1000, &set), (3, 7));
        assert_eq!(remove_all(3, 1000, &set), (4, 1000));
        let (low, high) = retain(8, 1000, &set);
        assert!(low > high);
    }
}
