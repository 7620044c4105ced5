//! Each cell's candidate numbers as bits, read once a pass of the
//! [`Links`](crate::links::Links) rule, so that "a number one more than one
//! of these" is a shift of words, not a loop over values.

use sieve::{Domains, Value, VarId};

/// A set of numbers as words: bit `v % 64` of word `v / 64` for number `v`.
pub type Words = [u64];

/// Every cell's candidate numbers, `stride` words a cell.
pub struct NumberBits {
    stride: usize,
    words: Vec<u64>,
}

impl NumberBits {
    /// Room for numbers up to `last` for `cells` cells, all empty.
    pub fn new(cells: usize, last: usize) -> NumberBits {
        let stride = (last + 2).div_ceil(64);
        NumberBits {
            stride,
            words: vec![0; stride * cells],
        }
    }

    /// Words a set takes.
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// An empty set of the right size.
    pub fn empty(&self) -> Vec<u64> {
        vec![0; self.stride]
    }

    /// Reads the candidates of `var` into the set of `cell`.
    pub fn read(&mut self, domains: &Domains, cell: usize, var: VarId) {
        let set = &mut self.words[cell * self.stride..(cell + 1) * self.stride];
        set.fill(0);
        for value in domains.iter(var) {
            let value = value as usize;
            set[value / 64] |= 1 << (value % 64);
        }
    }

    /// The set of `cell`.
    pub fn of(&self, cell: usize) -> &Words {
        &self.words[cell * self.stride..(cell + 1) * self.stride]
    }
}

/// Whether `set` holds `value`.
pub fn holds(set: &Words, value: Value) -> bool {
    let value = value as usize;
    set.get(value / 64)
        .is_some_and(|word| word >> (value % 64) & 1 == 1)
}

/// Adds to `into` every number of `set` moved up by `by` (or down, for a
/// negative `by`), dropping those that fall off either end.
pub fn or_shifted(into: &mut Words, set: &Words, by: isize) {
    let (words, bits) = (by.unsigned_abs() / 64, (by.unsigned_abs() % 64) as u32);
    for (index, target) in into.iter_mut().enumerate() {
        let word = if by >= 0 {
            let low = index.checked_sub(words).map_or(0, |at| set[at]);
            let below = index.checked_sub(words + 1).map_or(0, |at| set[at]);
            if bits == 0 {
                low
            } else {
                low << bits | below >> (64 - bits)
            }
        } else {
            let high = set.get(index + words).copied().unwrap_or(0);
            let above = set.get(index + words + 1).copied().unwrap_or(0);
            if bits == 0 {
                high
            } else {
                high >> bits | above << (64 - bits)
            }
        };
        *target |= word;
    }
}

/// Whether `a` and `b` share a number.
pub fn meet(a: &Words, b: &Words) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// Whether every number of `set` is in `allowed`.
pub fn within(set: &Words, allowed: &Words) -> bool {
    set.iter().zip(allowed).all(|(x, y)| x & !y == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set_of(values: &[usize], words: usize) -> Vec<u64> {
        let mut set = vec![0; words];
        for &value in values {
            set[value / 64] |= 1 << (value % 64);
        }
        set
    }

    fn values_of(set: &[u64]) -> Vec<usize> {
        (0..set.len() * 64)
            .filter(|&v| holds(set, v as Value))
            .collect()
    }

    #[test]
    fn shifts_move_numbers_across_words_and_drop_the_ends() {
        let set = set_of(&[0, 1, 63, 64, 130, 191], 3);
        for (by, expected) in [
            (1, vec![1, 2, 64, 65, 131]),
            (-1, vec![0, 62, 63, 129, 190]),
            (64, vec![64, 65, 127, 128]),
            (-65, vec![65, 126]),
            (0, vec![0, 1, 63, 64, 130, 191]),
        ] {
            let mut into = vec![0; 3];
            or_shifted(&mut into, &set, by);
            assert_eq!(values_of(&into), expected, "by {by}");
        }
    }

    #[test]
    fn meet_and_within() {
        let (a, b) = (set_of(&[3, 70], 2), set_of(&[70, 80], 2));
        assert!(meet(&a, &b) && !meet(&a, &set_of(&[4], 2)));
        assert!(within(&set_of(&[70], 2), &b) && !within(&a, &b));
    }
}
