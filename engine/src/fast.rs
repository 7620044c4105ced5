//! The word layer, for rules whose speed is their point: a variable's first 64
//! candidates read and narrowed as one `u64` mask.
//!
//! Rules normally read and write values and [`ValueSet`](crate::ValueSet)s. A rule
//! that does bit arithmetic on many small domains per run (a sudoku grid's masks, the
//! queens' attack lines) can use these instead. Every item is correct at any domain
//! size: a mask speaks of a variable's first 64 values only (bit `p` is the value
//! `start + p` of a variable declared over `start..`, so value `p` for the usual
//! `0..size`), and later values are neither read nor changed by it, so a rule written
//! for small domains is weaker, never wrong, on a larger one.
//!
//! Why each exists, measured (`cargo bench -p sieve-bench --bench value_access`,
//! figures in `bench/README.md` "Value access"): reading a cell's candidates as a
//! word instead of a [`ValueSet`](crate::ValueSet), and narrowing it by a mask instead
//! of a set, is what the sudoku grid rule and the queens rule do per cell and per run.
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::fast::{self, Words, WordChanges};
//!
//! let mut model = Model::new();
//! let cells = model.new_vars(2, 100);
//! let mut state = model.domains();
//! state.retain_word(cells[0], 0b1011);
//! // Values from 64 on are untouched by a mask.
//! assert_eq!(state.iter(cells[0]).collect::<Vec<_>>().len(), 3 + 36);
//! assert_eq!(state.word(cells[0]), 0b1011);
//! assert_eq!(fast::bits(0b1010).collect::<Vec<_>>(), vec![1, 3]);
//! ```

use crate::domain::Domains;
use crate::ids::VarId;
use crate::propagation::{Conflict, Context, Why};

/// Reading and setting up domains by the word of each variable's first 64 values.
pub trait Words {
    /// The candidates among `var`'s first 64 values, as a mask (bit `p` = the
    /// value `start + p` of a variable declared over `start..`).
    ///
    /// Measured reason: one load instead of building a set, on every cell of every
    /// run of the sudoku grid rule (see the module docs).
    fn word(&self, var: VarId) -> u64;

    /// Every domain as one word, indexed by variable, when every variable has at
    /// most 64 values; `None` otherwise.
    ///
    /// Measured reason: the queens rule scans every column in one pass over this
    /// slice (see the module docs).
    fn single_words(&self) -> Option<&[u64]>;

    /// Set-up: keep, among `var`'s first 64 values, only those in `mask` (later
    /// values stay). Returns whether anything was removed.
    fn retain_word(&mut self, var: VarId, mask: u64) -> bool;
}

impl Words for Domains {
    #[inline]
    fn word(&self, var: VarId) -> u64 {
        if let Some(word) = self.single_word(var) {
            return word;
        }
        if self.is_bounds(var) {
            return self.word_from(var, i64::from(self.first(var)), 0);
        }
        // A variable the state does not have has no words, and no candidate.
        self.words(var).first().copied().unwrap_or(0)
    }

    #[inline]
    fn single_words(&self) -> Option<&[u64]> {
        self.is_single_word().then(|| self.raw_words())
    }

    fn retain_word(&mut self, var: VarId, mask: u64) -> bool {
        if let Some((low, high)) = self.interval(var) {
            let first = i64::from(self.first(var));
            return self.narrow_interval_to(var, low, high, |low, high| {
                crate::interval::keep_window(low, high, first, mask)
            });
        }
        if self.words(var).is_empty() {
            return false; // not a variable of this state
        }
        let offset = self.word_offset(var);
        let word = &mut self.store_mut()[offset];
        let before = *word;
        *word &= mask;
        let changed = before != *word;
        if changed {
            self.resummarize(var);
        }
        changed
    }
}

/// Narrowing through a [`Context`] by the word of each variable's first 64 values;
/// every change is
/// recorded, explained and undone like any other.
pub trait WordChanges {
    /// Keep, among `var`'s first 64 values, only those in `mask` (later values
    /// stay).
    ///
    /// Measured reason: the sudoku singles rules narrow a cell by one mask per run
    /// (see the module docs).
    fn keep_word(&mut self, var: VarId, mask: u64, why: &Why<'_>) -> Result<bool, Conflict>;

    /// Remove the values of `mask` (of `var`'s first 64) from `var`.
    ///
    /// Measured reason: as [`WordChanges::keep_word`].
    fn remove_word(&mut self, var: VarId, mask: u64, why: &Why<'_>) -> Result<bool, Conflict>;

    /// Remove `mask` (of each one's first 64 values) from each variable of `removals` in turn,
    /// stopping at the first emptied domain: a loop of [`WordChanges::remove_word`]
    /// that asks once, not once a variable, whether anyone listens.
    ///
    /// Measured reason: counting 8 queens took 4% more instructions with a plain
    /// loop of removals than with this (827k against 795k a count, callgrind, at
    /// commit ff667ad; `bench/README.md` "Value access").
    fn remove_word_each(
        &mut self,
        removals: impl IntoIterator<Item = (VarId, u64)>,
        why: &Why<'_>,
    ) -> Result<(), Conflict>;
}

impl WordChanges for Context<'_> {
    #[inline]
    fn keep_word(&mut self, var: VarId, mask: u64, why: &Why<'_>) -> Result<bool, Conflict> {
        self.keep_low_word(var, mask, why)
    }

    #[inline]
    fn remove_word(&mut self, var: VarId, mask: u64, why: &Why<'_>) -> Result<bool, Conflict> {
        self.remove_low_word(var, mask, why)
    }

    #[inline]
    fn remove_word_each(
        &mut self,
        removals: impl IntoIterator<Item = (VarId, u64)>,
        why: &Why<'_>,
    ) -> Result<(), Conflict> {
        self.remove_low_word_each(removals, why)
    }
}

/// The positions of the set bits of one word, ascending: the values of a word read
/// from a domain whose range starts at 0 (add the range's start otherwise).
pub fn bits(word: u64) -> impl Iterator<Item = u32> {
    let mut rest = word;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let bit = rest.trailing_zeros();
            rest &= rest - 1;
            bit
        })
    })
}
