//! The summary word of a bitset of several words: its smallest and largest
//! candidate and how many candidates it holds, kept in the word just before
//! the bitset's own words in the store.
//!
//! Without it, the count, the bounds and every narrowing of a wide bitset
//! (0..40000 is 626 words) walked all its words. With it they read one word,
//! and a narrowing visits only the words between the bounds that it can
//! change. The summary is part of the domain's words in the store, so a saved
//! state copies it and the trail undoes it like any other word: both restores
//! stay exact without knowing it exists.
//!
//! The word holds positions from the variable's first value: bits 0..16 the
//! smallest candidate's, bits 16..32 the largest's, bits 32..64 the count. A
//! bitset has at most [`crate::Model::BITSET_LIMIT`] = 2¹⁶ values, so every
//! position fits 16 bits. An empty bitset's summary is 0 (count 0).

// A position must fit 16 bits.
const _: () = assert!(crate::Model::BITSET_LIMIT <= 1 << 16);

/// A bitset's bounds (positions of its smallest and largest candidate) and count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Summary {
    /// The smallest candidate's position (0 when empty).
    pub(crate) low: u32,
    /// The largest candidate's position (0 when empty).
    pub(crate) high: u32,
    /// How many candidates are left.
    pub(crate) count: u32,
}

impl Summary {
    /// The summary a word holds.
    #[inline]
    pub(crate) fn unpack(word: u64) -> Summary {
        Summary {
            low: word as u32 & 0xffff,
            high: (word >> 16) as u32 & 0xffff,
            count: (word >> 32) as u32,
        }
    }

    /// The word of this summary.
    #[inline]
    pub(crate) fn pack(self) -> u64 {
        u64::from(self.count) << 32 | u64::from(self.high) << 16 | u64::from(self.low)
    }

    /// The summary of a bitset's words, worked out from all of them (set-up).
    pub(crate) fn of_words(words: &[u64]) -> Summary {
        let count = words.iter().map(|word| word.count_ones()).sum();
        match (lowest_from(words, 0), highest_from(words, words.len())) {
            (Some(low), Some(high)) => Summary { low, high, count },
            _ => Summary::EMPTY,
        }
    }

    /// The summary of an empty bitset.
    pub(crate) const EMPTY: Summary = Summary {
        low: 0,
        high: 0,
        count: 0,
    };

    /// The index of the word holding the smallest candidate.
    #[inline]
    pub(crate) fn low_word(self) -> usize {
        (self.low / 64) as usize
    }

    /// The index of the word holding the largest candidate.
    #[inline]
    pub(crate) fn high_word(self) -> usize {
        (self.high / 64) as usize
    }
}

/// The position of the smallest set bit in `words[from..]`.
#[inline]
pub(crate) fn lowest_from(words: &[u64], from: usize) -> Option<u32> {
    let (index, word) = words
        .iter()
        .enumerate()
        .skip(from)
        .find(|(_, word)| **word != 0)?;
    Some(index as u32 * 64 + word.trailing_zeros())
}

/// The position of the largest set bit in `words[..until]`.
#[inline]
pub(crate) fn highest_from(words: &[u64], until: usize) -> Option<u32> {
    let (index, word) = words[..until]
        .iter()
        .enumerate()
        .rfind(|(_, word)| **word != 0)?;
    Some(index as u32 * 64 + 63 - word.leading_zeros())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_summary_round_trips_through_its_word() {
        let summary = Summary {
            low: 3,
            high: 65_535,
            count: 65_536,
        };
        assert_eq!(Summary::unpack(summary.pack()), summary);
        assert_eq!(Summary::EMPTY.pack(), 0);
    }

    #[test]
    fn a_summary_of_words_finds_the_bounds_and_the_count() {
        let words = [0, 0b1010, 0, 1 << 63, 0];
        let summary = Summary::of_words(&words);
        assert_eq!(
            summary,
            Summary {
                low: 65,
                high: 255,
                count: 3
            }
        );
        assert_eq!((summary.low_word(), summary.high_word()), (1, 3));
        assert_eq!(Summary::of_words(&[0, 0]), Summary::EMPTY);
        assert_eq!(lowest_from(&words, 2), Some(255));
        assert_eq!(highest_from(&words, 3), Some(67));
    }
}
