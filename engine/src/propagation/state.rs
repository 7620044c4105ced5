//! Reversible rule state: integers and bitsets that a rule keeps between its runs,
//! stored with the domains, so that search saves and restores them with the domains
//! (one copy under [`crate::Restore::Copy`], undone word by word under
//! [`crate::Restore::Trail`]) and rules stay shared, immutable values.
//!
//! A rule asks for its state when it is added to a model ([`crate::Rule::post`]),
//! keeps the handles, and reads and writes the state through its [`crate::Context`].
//! The state of a branch is undone on backtrack like any removal.
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::{Posting, StateInt};
//!
//! /// Removes the values 0 and 1 from `var`, one a run, remembering on the branch
//! /// how many it has removed.
//! struct RemoveTwo { var: VarId, removed: Option<StateInt> }
//!
//! impl Rule for RemoveTwo {
//!     fn name(&self) -> &str { "remove two" }
//!     fn watches(&self) -> Vec<Watch> { vec![Watch::new(self.var, Events::REMOVED)] }
//!     fn post(&mut self, posting: &mut Posting<'_>) -> Result<(), Error> {
//!         self.removed = Some(posting.int(0));
//!         Ok(())
//!     }
//!     fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
//!         let removed = self.removed.expect("posted");
//!         let count = ctx.int(removed);
//!         if count < 2 {
//!             ctx.remove(self.var, count as Value, &Why::new("one more"))?;
//!             ctx.set_int(removed, count + 1);
//!         }
//!         Ok(())
//!     }
//!     fn holds(&self, values: &[Value]) -> bool { values[self.var.index()] >= 2 }
//! }
//!
//! let mut model = Model::new();
//! let var = model.new_var(4);
//! model.add_rule(RemoveTwo { var, removed: None })?;
//! let mut state = model.domains();
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert_eq!(state.iter(var).collect::<Vec<_>>(), vec![2, 3]);
//! # Ok::<(), sieve::Error>(())
//! ```

use std::ops::RangeInclusive;

use crate::domain::Domains;
use crate::ids::{Value, VarId};
use crate::propagation::shared::SharedParts;

/// A reversible integer of a rule (an `i64`), made by [`Posting::int`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct StateInt(pub(crate) u32);

/// A reversible bitset of a rule, as words of 64 bits, made by [`Posting::bitset`]:
/// the live tuples of a table rule, the states of an automaton's layer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct StateBitset {
    pub(crate) start: u32,
    pub(crate) words: u32,
    pub(crate) bits: u32,
}

impl StateBitset {
    /// How many bits the set has.
    pub fn len(self) -> usize {
        self.bits as usize
    }

    /// Whether the set has no bits at all.
    pub fn is_empty(self) -> bool {
        self.bits == 0
    }

    /// How many words of 64 bits hold it.
    pub fn words(self) -> usize {
        self.words as usize
    }
}

/// What a rule gets when it is added to a model: the place to ask for reversible
/// state, and the ranges of the variables. Initial values hold for the model's full
/// domains.
pub struct Posting<'a> {
    pub(crate) initial: &'a mut Vec<u64>,
    /// What equal rules of the model share.
    pub(crate) shared: &'a mut SharedParts,
    /// Each variable's first value and number of values.
    pub(crate) ranges: &'a [(Value, u64)],
}

impl Posting<'_> {
    /// The smallest first value of `vars` (0 for none): the common base from which
    /// a rule over variables of different ranges reads them all as words.
    pub fn lowest_first(&self, vars: &[VarId]) -> Value {
        vars.iter()
            .map(|&var| *self.range(var).start())
            .min()
            .unwrap_or(0)
    }

    /// The values `var` was declared with (an empty range for a variable the model
    /// does not have), so that a rule can size its tables by them.
    pub fn range(&self, var: VarId) -> RangeInclusive<Value> {
        match self.ranges.get(var.index()) {
            Some(&(first, size)) => first..=(i64::from(first) + size as i64 - 1) as Value,
            None => RangeInclusive::new(1, 0),
        }
    }

    /// The part `build` makes from `key`, made once per model: a later rule asking
    /// with an equal key (and the same part type) gets the same `Arc`. For what a
    /// rule compiles from its parts alone, such as [`Table`](crate::rules::Table)'s
    /// support masks from its tuples and ranges: Slitherlink posts one table per
    /// corner over a handful of tuple lists, and sharing their masks took table
    /// compilation from 25 M instructions an ID of 20×20 to 5.5 M, and the whole
    /// solve down 20 % (callgrind, bench/README "Shared table masks"). Most rules
    /// never need it.
    pub fn shared<K, T>(&mut self, key: K, build: impl FnOnce(&K) -> T) -> std::sync::Arc<T>
    where
        K: std::hash::Hash + Eq + Send + Sync + 'static,
        T: Send + Sync + 'static,
    {
        self.shared.get_or_build(key, build)
    }

    /// A reversible integer starting at `initial`.
    pub fn int(&mut self, initial: i64) -> StateInt {
        let at = self.claim(1);
        self.initial[at as usize] = initial as u64;
        StateInt(at)
    }

    /// A reversible bitset of `bits` bits, all set when `full`, else all clear.
    pub fn bitset(&mut self, bits: usize, full: bool) -> StateBitset {
        let words = bits.div_ceil(64);
        let start = self.claim(words);
        if full {
            let slots = &mut self.initial[start as usize..start as usize + words];
            slots.fill(u64::MAX);
            if !bits.is_multiple_of(64) {
                slots[words - 1] = (1u64 << (bits % 64)) - 1;
            }
        }
        StateBitset {
            start,
            words: words as u32,
            bits: bits as u32,
        }
    }

    /// Reserve `words` words of state, zeroed.
    fn claim(&mut self, words: usize) -> u32 {
        let at = self.initial.len() as u32;
        self.initial.resize(self.initial.len() + words, 0);
        at
    }
}

impl Domains {
    /// A rule's reversible integer in this state.
    pub fn int(&self, handle: StateInt) -> i64 {
        self.store()[self.state_offset() + handle.0 as usize] as i64
    }

    /// Set a rule's reversible integer in this state outside any run (probing
    /// marks the copy it propagates).
    pub(crate) fn set_int(&mut self, handle: StateInt, value: i64) {
        let at = self.state_offset() + handle.0 as usize;
        self.store_mut()[at] = value as u64;
    }

    /// A rule's reversible bitset in this state, as words (bit `i` of the set is bit
    /// `i % 64` of word `i / 64`).
    pub fn bitset(&self, handle: StateBitset) -> &[u64] {
        let start = self.state_offset() + handle.start as usize;
        &self.store()[start..start + handle.words as usize]
    }
}
