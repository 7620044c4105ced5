//! Each cell's candidates as bits, read once a run of the
//! [`Links`](crate::links::Links) rule and kept up to date as it narrows
//! them, so that "a number one more than one of these" is a shift of words
//! and "is this cell still a successor" one bit, not a look into the domains.
//!
//! A set holds positions `0..cells`: number `n` is position `n - 1`, a
//! successor cell its own index.

use sieve::fast::Words as _;
use sieve::{Domains, VarId};

/// A set of positions as words: bit `p % 64` of word `p / 64` for position `p`.
pub type Words = [u64];

/// Every cell's set, `stride` words a cell.
pub struct CellSets {
    stride: usize,
    words: Vec<u64>,
}

impl CellSets {
    /// Room for positions `0..cells` for `cells` cells, all empty.
    pub fn new(cells: usize) -> CellSets {
        let stride = cells.div_ceil(64).max(1);
        CellSets {
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

    /// Reads the candidates of `var` into the set of `cell`, position `p` for
    /// the variable's value `p` places after its first. A set of one word is
    /// the domain's word itself (the zoo's 8×8 grids: every run reads every
    /// cell twice).
    pub fn read(&mut self, domains: &Domains, cell: usize, var: VarId) {
        let stride = self.stride;
        let set = &mut self.words[cell * stride..(cell + 1) * stride];
        if stride == 1 {
            set[0] = domains.word(var);
            return;
        }
        set.fill(0);
        let first = *domains.range(var).start();
        for value in domains.iter(var) {
            let position = (value - first) as usize;
            set[position / 64] |= 1 << (position % 64);
        }
    }

    /// The set of `cell`.
    pub fn of(&self, cell: usize) -> &Words {
        &self.words[cell * self.stride..(cell + 1) * self.stride]
    }

    /// Keeps in the set of `cell` only the positions of `allowed`.
    pub fn keep(&mut self, cell: usize, allowed: &Words) {
        let stride = self.stride;
        let set = &mut self.words[cell * stride..(cell + 1) * stride];
        set.iter_mut().zip(allowed).for_each(|(word, kept)| *word &= kept);
    }

    /// Removes `position` from the set of `cell`.
    pub fn remove(&mut self, cell: usize, position: usize) {
        self.words[cell * self.stride + position / 64] &= !(1 << (position % 64));
    }

    /// Makes the set of `cell` `position` alone.
    pub fn set_only(&mut self, cell: usize, position: usize) {
        let stride = self.stride;
        self.words[cell * stride..(cell + 1) * stride].fill(0);
        self.words[cell * stride + position / 64] |= 1 << (position % 64);
    }

    /// The one position of the set of `cell`, if it holds exactly one.
    pub fn single(&self, cell: usize) -> Option<usize> {
        let mut found = None;
        for (index, &word) in self.of(cell).iter().enumerate() {
            if word == 0 {
                continue;
            }
            if found.is_some() || !word.is_power_of_two() {
                return None;
            }
            found = Some(64 * index + word.trailing_zeros() as usize);
        }
        found
    }
}

/// Whether `set` holds `position`.
pub fn holds(set: &Words, position: usize) -> bool {
    set.get(position / 64)
        .is_some_and(|word| word >> (position % 64) & 1 == 1)
}

/// Adds `position` to `set`.
pub fn insert(set: &mut Words, position: usize) {
    set[position / 64] |= 1 << (position % 64);
}

/// Adds to `into` every position of `set` moved up by `by` (or down, for a
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

/// Whether `a` and `b` share a position.
pub fn meet(a: &Words, b: &Words) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// Whether every position of `set` is in `allowed`.
pub fn within(set: &Words, allowed: &Words) -> bool {
    set.iter().zip(allowed).all(|(x, y)| x & !y == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set_of(positions: &[usize], words: usize) -> Vec<u64> {
        let mut set = vec![0; words];
        for &position in positions {
            insert(&mut set, position);
        }
        set
    }

    fn positions_of(set: &[u64]) -> Vec<usize> {
        (0..set.len() * 64).filter(|&p| holds(set, p)).collect()
    }

    #[test]
    fn shifts_move_positions_across_words_and_drop_the_ends() {
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
            assert_eq!(positions_of(&into), expected, "by {by}");
        }
    }

    #[test]
    fn meet_and_within() {
        let (a, b) = (set_of(&[3, 70], 2), set_of(&[70, 80], 2));
        assert!(meet(&a, &b) && !meet(&a, &set_of(&[4], 2)));
        assert!(within(&set_of(&[70], 2), &b) && !within(&a, &b));
    }

    #[test]
    fn sets_narrow_and_tell_a_single_position() {
        let mut sets = CellSets::new(100);
        assert_eq!(sets.stride(), 2);
        sets.set_only(1, 70);
        assert_eq!(sets.single(1), Some(70));
        sets.keep(1, &set_of(&[3, 70], 2));
        assert_eq!(positions_of(sets.of(1)), [70]);
        sets.remove(1, 70);
        assert_eq!((sets.single(1), sets.of(1)), (None, &[0, 0][..]));
        assert_eq!(sets.single(0), None);
    }
}
