//! The layered graph kept between runs as reversible state ([`Posting::bitset`]),
//! so that a run repairs it only around the positions whose candidates changed.
//!
//! Three sets are kept: each layer's live states (those on a path from the start
//! to an accepting state through what is left), each position's candidates when
//! the rule last looked, and the positions that are still *open* (some live state
//! has a candidate that leads off the live states). A run compares the candidates
//! with those it saw; from each position that changed it walks forward while the
//! next layer loses states, then backward while the layer before does, and
//! re-reads the supports of a position only when it or a layer beside it changed.
//! Removing edges never lets a state lose its last way in by the backward walk,
//! nor its last way out by the forward one, so one walk each way reaches the
//! fixpoint, and the layers stay exactly the states on accepted paths.
//!
//! A layer is one word and is read a whole layer at a time ([`Shifts`]), so the
//! graph is kept only for an automaton of at most 64 states whose values move
//! states by few distances; it starts as the graph over the variables' declared
//! ranges, built when the rule is posted, with each position's supported values as
//! what it saw: the first run then visits only the positions that have lost values
//! since, or that hold a value no accepted word uses.

use super::Regular;
use super::automaton::Automaton;
use super::seen::{GraphKey, Repair, Seen, Words, has, set, write_words};
use super::shifts::Shifts;
use crate::domain::Domains;
use crate::fast::bits;
use crate::propagation::{Conflict, Context, Posting, StateBitset};

/// The handles and tables of a posted rule's kept graph.
#[derive(Clone, Debug)]
pub(super) struct Kept {
    /// Each position's candidates when the rule last looked.
    seen: Seen,
    /// Every layer's live states, a word a layer.
    live: StateBitset,
    /// The positions some live state leaves the live states from.
    open: StateBitset,
    /// The automaton's transitions, a layer at a time.
    shifts: Shifts,
}

/// What every rule of one [`GraphKey`] starts from, built once a model when
/// the automaton has copies: a puzzle's lines of one length post copies of
/// one automaton, and building the transitions' groups and the first graph
/// for each of them was most of what posting them cost (Binairo's 32 lines
/// of 16, `bench/README.md`).
#[derive(Clone, Debug)]
struct Start {
    /// The automaton's transitions, a layer at a time.
    shifts: Shifts,
    /// Every layer's live states over the declared ranges.
    live: Vec<u64>,
    /// Each position's values that some live state carries on to a live
    /// state, and whether some live state leaves the live states there.
    positions: Vec<(u64, bool)>,
}

impl Start {
    /// The graph of `automaton` over the declared `ranges` (bits from `base`, of
    /// `span` values); `None` when the automaton cannot be read a layer at a
    /// time, or no word of the ranges is accepted.
    fn build(
        automaton: &Automaton,
        base: crate::Value,
        span: u32,
        ranges: &[u64],
    ) -> Option<Start> {
        let shifts = Shifts::new(automaton, base, span)?;
        let mut live = vec![0u64; ranges.len() + 1];
        live[0] = 1 << automaton.start();
        for (position, &range) in ranges.iter().enumerate() {
            live[position + 1] = shifts.reached(live[position], range);
        }
        let accepting = (0..automaton.states())
            .filter(|&state| automaton.is_accepting(state))
            .fold(0u64, |mask, state| mask | 1 << state);
        live[ranges.len()] &= accepting;
        let mut positions = vec![(0, false); ranges.len()];
        for (position, &range) in ranges.iter().enumerate().rev() {
            let supports = shifts.supports(live[position], live[position + 1], range);
            live[position] = supports.kept;
            let open = range & supports.some & !supports.every != 0;
            positions[position] = (range & supports.some, open);
        }
        live.iter().any(|&states| states != 0).then_some(Start {
            shifts,
            live,
            positions,
        })
    }
}

impl Kept {
    /// The kept graph of `automaton` over variables of the declared `ranges`
    /// (as bits from `seen`'s base), its state asked of `posting`; `None` when
    /// the automaton cannot be read a layer at a time, or no word of the declared
    /// ranges is accepted.
    pub(super) fn new(
        automaton: &Automaton,
        seen: Seen,
        ranges: &[u64],
        posting: &mut Posting<'_>,
    ) -> Option<Kept> {
        let (base, span) = (seen.value(0), seen.span());
        let build = || Start::build(automaton, base, span, ranges);
        // An automaton of its own gains nothing from a lookup (a Hitori line's).
        let start = if automaton.has_copies() {
            let key = GraphKey::new(automaton, base, ranges);
            posting.shared(key, |_| build()).as_ref().clone()?
        } else {
            build()?
        };
        let kept = Kept {
            seen,
            live: posting.bitset((ranges.len() + 1) * 64, false),
            open: posting.bitset(ranges.len(), false),
            shifts: start.shifts,
        };
        let live = &start.live;
        posting.initial[kept.live.start as usize..][..live.len()].copy_from_slice(live);
        for (position, &(values, open)) in start.positions.iter().enumerate() {
            kept.seen.start(posting, position, values);
            if open {
                set(&mut posting.initial[kept.open.start as usize..], position);
            }
        }
        Some(kept)
    }

    /// Layer `layer`'s live states.
    #[inline(always)]
    fn layer(&self, domains: &Domains, layer: usize) -> u64 {
        domains.bitset(self.live)[layer]
    }
}

impl Repair for Kept {
    fn seen(&self) -> &Seen {
        &self.seen
    }

    fn open(&self) -> StateBitset {
        self.open
    }

    /// From the first changed position on, drop the states of each next layer no
    /// live state reaches any more.
    fn forward(
        &self,
        rule: &Regular,
        ctx: &mut Context<'_>,
        first: usize,
        changed: &[u64],
        layers_changed: &mut [u64],
    ) -> Result<(), Conflict> {
        let vars = rule.vars();
        for (position, &var) in vars.iter().enumerate().skip(first) {
            if !has(changed, position) && !has(layers_changed, position) {
                continue;
            }
            let domains = ctx.domains();
            let candidates = self.seen.candidates(domains, var);
            let reached = self
                .shifts
                .reached(self.layer(domains, position), candidates);
            let old = self.layer(domains, position + 1);
            if old & reached != old {
                if old & reached == 0 {
                    return Err(rule.conflict(ctx));
                }
                ctx.set_bitset_word(self.live, position + 1, old & reached);
                set(layers_changed, position + 1);
            }
        }
        Ok(())
    }

    /// From the last position back, at each position that changed or beside a
    /// layer that changed: drop the states with no way on, remove the values no
    /// edge between live states carries, and note whether the position is open.
    fn backward(
        &self,
        rule: &Regular,
        ctx: &mut Context<'_>,
        changed: &[u64],
        layers_changed: &mut [u64],
    ) -> Result<(), Conflict> {
        let vars = rule.vars();
        let mut seen = self.seen.read(ctx);
        let mut open = Words::from_slice(ctx.bitset(self.open));
        for (position, &var) in vars.iter().enumerate().rev() {
            let touched = has(changed, position)
                || has(layers_changed, position)
                || has(layers_changed, position + 1);
            if !touched {
                continue;
            }
            let domains = ctx.domains();
            let candidates = self.seen.candidates(domains, var);
            let here = self.layer(domains, position);
            let next = self.layer(domains, position + 1);
            let supports = self.shifts.supports(here, next, candidates);
            if supports.kept != here {
                if supports.kept == 0 {
                    return Err(rule.conflict(ctx));
                }
                ctx.set_bitset_word(self.live, position, supports.kept);
                set(layers_changed, position);
            }
            let left = candidates & supports.some;
            for bit in bits(candidates & !supports.some) {
                rule.remove(ctx, var, self.seen.value(bit))?;
            }
            self.seen.note(&mut seen, position, left);
            open[position / 64] &= !(1 << (position % 64));
            open[position / 64] |= u64::from(left & !supports.every != 0) << (position % 64);
        }
        self.seen.write(ctx, &seen);
        write_words(ctx, self.open, &open);
        Ok(())
    }
}
