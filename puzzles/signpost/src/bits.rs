//! A cell's candidates as bits, read once a run of the
//! [`Links`](crate::links::Links) rule and kept up to date as it narrows
//! them, so that "a number one more than one of these" is a shift and "is
//! this cell still a successor" one bit, not a look into the domains.
//!
//! A set holds positions `0..cells`: number `n` is position `n - 1`, a
//! successor cell its own index. A grid of at most 64 cells (every grid of
//! the zoo) keeps each set in one `u64` ([`CellSet`] for `u64`); a larger one
//! in as many words as it needs ([`Wide`]). The rule is written once, over
//! the trait: the one-word sets took the rule from 100 M to 62 M instructions
//! on the zoo's 100 8×8 IDs (callgrind), against one loop over words a set.

use sieve::fast::{WordChanges as _, Words as _};
use sieve::{Conflict, Context, Domains, VarId, Why};

/// A set of positions `0..cells`, as a rule run needs it.
pub trait CellSet: Clone {
    /// The empty set, for `cells` cells.
    fn empty(cells: usize) -> Self;

    /// The candidates of `var`, position `p` for its value `p` places after
    /// its first, for `cells` cells.
    fn read(domains: &Domains, var: VarId, cells: usize) -> Self;

    /// Keeps in the numbers `var` only those of `allowed` (position `n - 1`
    /// for the number `n`), through the context.
    fn keep_numbers(
        allowed: &Self,
        ctx: &mut Context<'_>,
        var: VarId,
        why: &Why<'_>,
    ) -> Result<bool, Conflict>;

    /// Whether the set holds `position`.
    fn holds(&self, position: usize) -> bool;

    /// Adds `position`.
    fn insert(&mut self, position: usize);

    /// Removes `position`.
    fn remove(&mut self, position: usize);

    /// Empties the set.
    fn clear(&mut self);

    /// The one position of the set, if it holds exactly one.
    fn single(&self) -> Option<usize>;

    /// Adds every position of `other` moved up by `by` (or down, for a
    /// negative `by`), dropping those that fall off either end.
    fn or_shifted(&mut self, other: &Self, by: isize);

    /// Keeps only the positions of `other`.
    fn and(&mut self, other: &Self);

    /// Removes the positions of `other`.
    fn and_not(&mut self, other: &Self);

    /// Whether the two sets share a position.
    fn meets(&self, other: &Self) -> bool;

    /// Whether every position of the set is in `allowed`.
    fn within(&self, allowed: &Self) -> bool;

    /// The positions of the set, in increasing order.
    fn positions(&self) -> impl Iterator<Item = usize> + '_;
}

/// The positions of the bits of `word`, lowest first, each plus `offset`.
fn bit_positions(mut word: u64, offset: usize) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let bit = (word != 0).then(|| word.trailing_zeros() as usize)?;
        word &= word - 1;
        Some(offset + bit)
    })
}

impl CellSet for u64 {
    fn empty(_cells: usize) -> u64 {
        0
    }

    fn read(domains: &Domains, var: VarId, _cells: usize) -> u64 {
        domains.word(var)
    }

    fn keep_numbers(
        allowed: &u64,
        ctx: &mut Context<'_>,
        var: VarId,
        why: &Why<'_>,
    ) -> Result<bool, Conflict> {
        ctx.keep_word(var, *allowed, why)
    }

    fn holds(&self, position: usize) -> bool {
        self >> position & 1 == 1
    }

    fn insert(&mut self, position: usize) {
        *self |= 1 << position;
    }

    fn remove(&mut self, position: usize) {
        *self &= !(1 << position);
    }

    fn clear(&mut self) {
        *self = 0;
    }

    fn single(&self) -> Option<usize> {
        self.is_power_of_two()
            .then_some(self.trailing_zeros() as usize)
    }

    fn or_shifted(&mut self, other: &u64, by: isize) {
        *self |= match by {
            0.. => other.checked_shl(by as u32).unwrap_or(0),
            _ => other.checked_shr(by.unsigned_abs() as u32).unwrap_or(0),
        };
    }

    fn and(&mut self, other: &u64) {
        *self &= other;
    }

    fn and_not(&mut self, other: &u64) {
        *self &= !other;
    }

    fn meets(&self, other: &u64) -> bool {
        self & other != 0
    }

    fn within(&self, allowed: &u64) -> bool {
        self & !allowed == 0
    }

    fn positions(&self) -> impl Iterator<Item = usize> + '_ {
        bit_positions(*self, 0)
    }
}

/// A set of any size: bit `p % 64` of word `p / 64` for position `p`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wide(Vec<u64>);

impl CellSet for Wide {
    fn empty(cells: usize) -> Wide {
        Wide(vec![0; cells.div_ceil(64).max(1)])
    }

    fn read(domains: &Domains, var: VarId, cells: usize) -> Wide {
        let mut set = Wide::empty(cells);
        let first = *domains.range(var).start();
        for value in domains.iter(var) {
            set.insert((value - first) as usize);
        }
        set
    }

    fn keep_numbers(
        allowed: &Wide,
        ctx: &mut Context<'_>,
        var: VarId,
        why: &Why<'_>,
    ) -> Result<bool, Conflict> {
        ctx.keep_where(var, why, |number| allowed.holds(number as usize - 1))
    }

    fn holds(&self, position: usize) -> bool {
        (self.0.get(position / 64)).is_some_and(|word| word >> (position % 64) & 1 == 1)
    }

    fn insert(&mut self, position: usize) {
        self.0[position / 64] |= 1 << (position % 64);
    }

    fn remove(&mut self, position: usize) {
        self.0[position / 64] &= !(1 << (position % 64));
    }

    fn clear(&mut self) {
        self.0.fill(0);
    }

    fn single(&self) -> Option<usize> {
        let mut found = None;
        for (index, &word) in self.0.iter().enumerate().filter(|(_, word)| **word != 0) {
            if found.is_some() || !word.is_power_of_two() {
                return None;
            }
            found = Some(64 * index + word.trailing_zeros() as usize);
        }
        found
    }

    fn or_shifted(&mut self, other: &Wide, by: isize) {
        let (words, bits) = (by.unsigned_abs() / 64, (by.unsigned_abs() % 64) as u32);
        let word_at = |at: Option<usize>| at.and_then(|at| other.0.get(at)).copied().unwrap_or(0);
        for (index, target) in self.0.iter_mut().enumerate() {
            // The word that lands here, and its neighbour whose bits spill in.
            let (main, spill) = if by >= 0 {
                let main = word_at(index.checked_sub(words));
                (main, word_at(index.checked_sub(words + 1)))
            } else {
                (
                    word_at(Some(index + words)),
                    word_at(Some(index + words + 1)),
                )
            };
            *target |= match (bits, by >= 0) {
                (0, _) => main,
                (_, true) => main << bits | spill >> (64 - bits),
                (_, false) => main >> bits | spill << (64 - bits),
            };
        }
    }

    fn and(&mut self, other: &Wide) {
        self.0
            .iter_mut()
            .zip(&other.0)
            .for_each(|(word, kept)| *word &= kept);
    }

    fn and_not(&mut self, other: &Wide) {
        self.0
            .iter_mut()
            .zip(&other.0)
            .for_each(|(word, gone)| *word &= !gone);
    }

    fn meets(&self, other: &Wide) -> bool {
        self.0.iter().zip(&other.0).any(|(x, y)| x & y != 0)
    }

    fn within(&self, allowed: &Wide) -> bool {
        self.0.iter().zip(&allowed.0).all(|(x, y)| x & !y == 0)
    }

    fn positions(&self) -> impl Iterator<Item = usize> + '_ {
        (self.0.iter().enumerate()).flat_map(|(index, &word)| bit_positions(word, 64 * index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wide(positions: &[usize], cells: usize) -> Wide {
        let mut set = Wide::empty(cells);
        positions.iter().for_each(|&position| set.insert(position));
        set
    }

    fn positions_of(set: &impl CellSet, cells: usize) -> Vec<usize> {
        (0..cells).filter(|&p| set.holds(p)).collect()
    }

    #[test]
    fn positions_list_the_bits_in_order() {
        let positions = [0, 5, 63, 64, 130, 191];
        assert_eq!(
            wide(&positions, 192).positions().collect::<Vec<_>>(),
            positions
        );
        let word: u64 = (1 << 0) | (1 << 17) | (1 << 63);
        assert_eq!(word.positions().collect::<Vec<_>>(), [0, 17, 63]);
        assert_eq!(0u64.positions().count(), 0);
    }

    #[test]
    fn shifts_move_positions_across_words_and_drop_the_ends() {
        let set = wide(&[0, 1, 63, 64, 130, 191], 192);
        for (by, expected) in [
            (1, vec![1, 2, 64, 65, 131]),
            (-1, vec![0, 62, 63, 129, 190]),
            (64, vec![64, 65, 127, 128]),
            (-65, vec![65, 126]),
            (0, vec![0, 1, 63, 64, 130, 191]),
        ] {
            let mut into = Wide::empty(192);
            into.or_shifted(&set, by);
            assert_eq!(positions_of(&into, 192), expected, "by {by}");
        }
    }

    #[test]
    fn one_word_and_wide_sets_agree() {
        let positions = [0, 5, 17, 62, 63];
        let (mut word, mut many) = (0u64, wide(&[], 64));
        positions.iter().for_each(|&p| word.insert(p));
        positions.iter().for_each(|&p| many.insert(p));
        for by in [-64, -63, -5, -1, 0, 1, 5, 63, 64] {
            let (mut shifted_word, mut shifted_many) = (0u64, Wide::empty(64));
            shifted_word.or_shifted(&word, by);
            shifted_many.or_shifted(&many, by);
            let (a, b) = (
                positions_of(&shifted_word, 64),
                positions_of(&shifted_many, 64),
            );
            assert_eq!(a, b, "by {by}");
        }
        let other = [5, 40];
        let (mut other_word, other_many) = (0u64, wide(&other, 64));
        other.iter().for_each(|&p| other_word.insert(p));
        assert_eq!(word.meets(&other_word), many.meets(&other_many));
        assert_eq!(other_word.within(&word), other_many.within(&many));
        let (mut less_word, mut less_many) = (word, many.clone());
        less_word.and_not(&other_word);
        less_many.and_not(&other_many);
        assert_eq!(positions_of(&less_word, 64), positions_of(&less_many, 64));
        word.and(&other_word);
        many.and(&other_many);
        assert_eq!((word.single(), many.single()), (Some(5), Some(5)));
        word.remove(5);
        many.remove(5);
        assert_eq!((word.single(), many.single()), (None, None));
    }

    #[test]
    fn wide_sets_meet_and_hold_across_words() {
        let (a, b) = (wide(&[3, 70], 128), wide(&[70, 80], 128));
        assert!(a.meets(&b) && !a.meets(&wide(&[4], 128)));
        assert!(wide(&[70], 128).within(&b) && !a.within(&b));
        assert_eq!(wide(&[70], 128).single(), Some(70));
        let mut cleared = a.clone();
        cleared.clear();
        assert_eq!(
            (cleared.single(), positions_of(&cleared, 128)),
            (None, vec![])
        );
    }
}
