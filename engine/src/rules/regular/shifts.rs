//! An automaton of at most 64 states read a whole layer at a time: each value's
//! transitions grouped by how far they move the state's number (a nonogram
//! clue's move 0 or 1), so that the states a layer leads to on a value are a
//! few masks and shifts of the layer's word rather than a walk over its states.

use smallvec::SmallVec;

use super::automaton::Automaton;
use crate::domain::Value;
use crate::fast::bits;

/// At most this many distances a value: past it, the walk over the states is
/// the quicker.
const MOST_DISTANCES: usize = 8;

/// How many candidates' states [`Shifts::supports`] keeps between its passes
/// (a word-sized array is cleared at every call; most variables have two).
const REMEMBERED: usize = 8;

/// The transitions of an automaton of at most 64 states, value by value, as
/// (distance, the states that move by it).
#[derive(Clone, Debug)]
pub(super) struct Shifts {
    /// Where each value's groups start in `groups` (one more than values).
    starts: Vec<u32>,
    /// Every value's groups, value after value: how far a transition moves the
    /// state's number, and the states whose transition on the value moves so.
    groups: Vec<Group>,
}

/// The states whose transition on one value moves their number by one
/// distance, the distance split into its shifts up and down (one of them
/// 0), so that moving a layer either way is two shifts and no branch: the
/// sign's branch was a tenth of the nonogram lines' runs.
#[derive(Clone, Copy, Debug)]
struct Group {
    up: u32,
    down: u32,
    sources: u64,
}

impl Group {
    /// `states` moved as the transitions move them.
    #[inline(always)]
    fn forward(&self, states: u64) -> u64 {
        (states << self.up) >> self.down
    }

    /// `states` moved back: the states the transitions come from.
    #[inline(always)]
    fn back(&self, states: u64) -> u64 {
        (states << self.down) >> self.up
    }
}

/// What one position's layers support.
pub(super) struct Supports {
    /// The states of the layer before the position that lead on to a live state.
    pub(super) kept: u64,
    /// The values some kept state carries on to a live state.
    pub(super) some: u64,
    /// The values every kept state does.
    pub(super) every: u64,
}

impl Shifts {
    /// The groups of `automaton` on the `span` values from `base`; `None` when it
    /// has more than 64 states or a value moves states by too many distances.
    pub(super) fn new(automaton: &Automaton, base: Value, span: u32) -> Option<Shifts> {
        if automaton.states() > 64 {
            return None;
        }
        let mut by_value: Vec<SmallVec<[(i32, u64); 4]>> = vec![SmallVec::new(); span as usize];
        for state in 0..automaton.states() {
            for &(value, to) in automaton.edges(state) {
                let Ok(bit) = usize::try_from(i64::from(value) - i64::from(base)) else {
                    continue;
                };
                let Some(groups) = by_value.get_mut(bit) else {
                    continue;
                };
                let distance = to as i32 - state as i32;
                match groups.iter_mut().find(|(known, _)| *known == distance) {
                    Some((_, states)) => *states |= 1 << state,
                    None => groups.push((distance, 1 << state)),
                }
            }
        }
        if by_value.iter().any(|groups| groups.len() > MOST_DISTANCES) {
            return None;
        }
        let mut starts = Vec::with_capacity(by_value.len() + 1);
        starts.push(0);
        let mut groups = Vec::with_capacity(by_value.iter().map(|value| value.len()).sum());
        for value in by_value {
            groups.extend(value.into_iter().map(|(distance, sources)| Group {
                up: distance.max(0) as u32,
                down: (-distance).max(0) as u32,
                sources,
            }));
            starts.push(groups.len() as u32);
        }
        Some(Shifts { starts, groups })
    }

    /// The groups of the value at bit `bit`.
    #[inline(always)]
    fn groups(&self, bit: usize) -> &[Group] {
        &self.groups[self.starts[bit] as usize..self.starts[bit + 1] as usize]
    }

    /// The states of `here` the value at bit `bit` carries into `next`.
    #[inline(always)]
    fn carried(&self, bit: usize, here: u64, next: u64) -> u64 {
        let mut states = 0;
        for group in self.groups(bit) {
            states |= group.back(next) & group.sources;
        }
        states & here
    }

    /// The states `from` leads to on the values of `candidates`.
    #[inline(always)]
    pub(super) fn reached(&self, from: u64, candidates: u64) -> u64 {
        let mut reached = 0;
        let mut rest = candidates;
        while rest != 0 {
            let bit = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for group in self.groups(bit) {
                reached |= group.forward(from & group.sources);
            }
        }
        reached
    }

    /// The states of `here` that lead into `next` on a value of `candidates`, and
    /// the values that some of them and all of them carry there.
    #[inline(always)]
    pub(super) fn supports(&self, here: u64, next: u64, candidates: u64) -> Supports {
        // The first candidates' states, kept for the second pass (whether every
        // kept state carries a value is known only once all are kept); past
        // them, looked up again.
        let mut remembered = [0u64; REMEMBERED];
        let mut kept = 0;
        let mut some = 0;
        for (index, bit) in bits(candidates).enumerate() {
            let states = self.carried(bit as usize, here, next);
            if let Some(slot) = remembered.get_mut(index) {
                *slot = states;
            }
            kept |= states;
            some |= u64::from(states != 0) << bit;
        }
        let mut every = 0;
        for (index, bit) in bits(candidates).enumerate() {
            let states = match remembered.get(index) {
                Some(&states) => states,
                None => self.carried(bit as usize, here, next),
            };
            every |= u64::from(states != 0 && kept & !states == 0) << bit;
        }
        Supports { kept, some, every }
    }
}
