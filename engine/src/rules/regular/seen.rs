//! What a kept graph ([`super::kept`], [`super::unfolded`]) needs of the
//! variables between runs: each position's candidates when the rule last looked,
//! packed as many positions a word as their values allow, so that a run finds
//! the positions that changed with a few word comparisons; the scratch sets
//! both repairs walk with; and the run both make of their repairs.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use smallvec::{SmallVec, smallvec};

use super::Regular;
use super::automaton::Automaton;
use crate::domain::{Domains, Value, VarId, low_mask};
use crate::propagation::{Conflict, Context, Posting, StateBitset};

/// Scratch words on the stack: sets of up to 256 positions or states.
pub(super) type Words = SmallVec<[u64; 4]>;

/// Whether bit `bit` of `words` is set.
#[inline(always)]
pub(super) fn has(words: &[u64], bit: usize) -> bool {
    words[bit / 64] >> (bit % 64) & 1 == 1
}

/// Set bit `bit` of `words`.
#[inline(always)]
pub(super) fn set(words: &mut [u64], bit: usize) {
    words[bit / 64] |= 1 << (bit % 64);
}

/// Write the words of `handle` that differ from `words`.
pub(super) fn write_words(ctx: &mut Context<'_>, handle: StateBitset, words: &[u64]) {
    for (index, &word) in words.iter().enumerate() {
        if ctx.bitset(handle)[index] != word {
            ctx.set_bitset_word(handle, index, word);
        }
    }
}

/// A layered graph kept between runs ([`super::kept`], [`super::unfolded`]):
/// what [`run`] needs of it.
pub(super) trait Repair {
    /// Each position's candidates when the rule last looked.
    fn seen(&self) -> &Seen;
    /// The positions some live state leaves the live states from.
    fn open(&self) -> StateBitset;
    /// From position `first` on, drop the states of each next layer no live
    /// state reaches any more; marks the layers it changed.
    fn forward(
        &self,
        rule: &Regular,
        ctx: &mut Context<'_>,
        first: usize,
        changed: &[u64],
        layers_changed: &mut [u64],
    ) -> Result<(), Conflict>;
    /// From the last position back, drop the states that reach no live state
    /// of the next layer, and remove the candidates no live edge uses.
    fn backward(
        &self,
        rule: &Regular,
        ctx: &mut Context<'_>,
        changed: &[u64],
        layers_changed: &mut [u64],
    ) -> Result<(), Conflict>;
}

/// One run of a kept graph: repair the layers around the positions that
/// changed, remove the candidates no accepted word uses any more, and declare
/// the rule entailed once no position is open.
pub(super) fn run(
    graph: &impl Repair,
    rule: &Regular,
    ctx: &mut Context<'_>,
) -> Result<(), Conflict> {
    let vars = rule.vars();
    let changed = graph.seen().changed(vars, ctx.domains());
    if let Some(first) = changed.iter().position(|&word| word != 0) {
        let first = first * 64 + changed[first].trailing_zeros() as usize;
        let mut layers_changed: Words = smallvec![0; (vars.len() + 1).div_ceil(64)];
        graph.forward(rule, ctx, first, &changed, &mut layers_changed)?;
        graph.backward(rule, ctx, &changed, &mut layers_changed)?;
    }
    if ctx.bitset(graph.open()).iter().all(|&word| word == 0) {
        ctx.declare_entailed();
    }
    Ok(())
}

/// What a kept graph is built from: copies of one automaton (kept alive here,
/// so that its address stays its own) over the same declared ranges build
/// alike, so the rules of one model that share a key share what they build
/// ([`Posting::shared`]).
pub(super) struct GraphKey {
    automaton: Arc<()>,
    base: Value,
    ranges: Vec<u64>,
}

impl GraphKey {
    /// The key of `automaton` over the declared `ranges`, as bits from `base`.
    pub(super) fn new(automaton: &Automaton, base: Value, ranges: &[u64]) -> GraphKey {
        GraphKey {
            automaton: automaton.identity(),
            base,
            ranges: ranges.to_vec(),
        }
    }
}

impl PartialEq for GraphKey {
    fn eq(&self, other: &GraphKey) -> bool {
        Arc::ptr_eq(&self.automaton, &other.automaton)
            && self.base == other.base
            && self.ranges == other.ranges
    }
}

impl Eq for GraphKey {}

impl Hash for GraphKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        Arc::as_ptr(&self.automaton).hash(state);
        self.base.hash(state);
        self.ranges.hash(state);
    }
}

/// Each position's candidates as a kept graph last saw them, as bits from a
/// common base.
#[derive(Clone, Debug)]
pub(super) struct Seen {
    /// The value of bit 0 of a position's candidates.
    base: Value,
    /// Whether every variable's first value is `base`: its first word then holds
    /// its candidates as they are.
    aligned: bool,
    /// Bits of one position's candidates: the width of the variables' values.
    span: u32,
    /// How many positions' candidates share a word of `handle`.
    per_word: usize,
    /// The candidates, `per_word` positions a word.
    handle: StateBitset,
}

impl Seen {
    /// The seen candidates of `vars`, all clear, and each one's declared range as
    /// bits from the base; `None` when there are no variables or their values
    /// span more than 64.
    pub(super) fn new(vars: &[VarId], posting: &mut Posting<'_>) -> Option<(Seen, Vec<u64>)> {
        let base = posting.lowest_first(vars);
        let last = vars.iter().map(|&var| *posting.range(var).end()).max()?;
        let span = u32::try_from(i64::from(last) - i64::from(base) + 1).ok()?;
        if !(1..=64).contains(&span) {
            return None;
        }
        let per_word = (64 / span) as usize;
        let ranges = (vars.iter())
            .map(|&var| {
                let range = posting.range(var);
                let width = (i64::from(*range.end()) - i64::from(*range.start()) + 1) as u32;
                low_mask(width) << (i64::from(*range.start()) - i64::from(base))
            })
            .collect();
        let seen = Seen {
            base,
            aligned: vars.iter().all(|&var| *posting.range(var).start() == base),
            span,
            per_word,
            handle: posting.bitset(vars.len().div_ceil(per_word) * 64, false),
        };
        Some((seen, ranges))
    }

    /// The value of bit `bit` of a position's candidates.
    #[inline(always)]
    pub(super) fn value(&self, bit: u32) -> Value {
        self.base + bit as Value
    }

    /// Bits of one position's candidates.
    pub(super) fn span(&self) -> u32 {
        self.span
    }

    /// `var`'s candidates as bits from the base.
    #[inline(always)]
    pub(super) fn candidates(&self, domains: &Domains, var: VarId) -> u64 {
        if self.aligned {
            domains.words(var)[0]
        } else {
            domains.word_from(var, i64::from(self.base), 0) & low_mask(self.span)
        }
    }

    /// Note `values` as what position `position` was seen with, in the initial
    /// state being posted.
    pub(super) fn start(&self, posting: &mut Posting<'_>, position: usize, values: u64) {
        let (index, shift) = self.slot(position);
        posting.initial[self.handle.start as usize + index] |= values << shift;
    }

    /// The positions whose candidates differ from those last seen.
    pub(super) fn changed(&self, vars: &[VarId], domains: &Domains) -> Words {
        let seen = domains.bitset(self.handle);
        let mut changed: Words = smallvec![0; vars.len().div_ceil(64)];
        for (chunk, (vars, &seen)) in vars.chunks(self.per_word).zip(seen).enumerate() {
            let mut now = 0;
            for (index, &var) in vars.iter().enumerate() {
                now |= self.candidates(domains, var) << (index as u32 * self.span);
            }
            let differ = now ^ seen;
            if differ != 0 {
                for index in 0..vars.len() {
                    if differ >> (index as u32 * self.span) & low_mask(self.span) != 0 {
                        set(&mut changed, chunk * self.per_word + index);
                    }
                }
            }
        }
        changed
    }

    /// The seen words, to update during a run and write back with
    /// [`Seen::write`].
    pub(super) fn read(&self, ctx: &Context<'_>) -> Words {
        Words::from_slice(ctx.bitset(self.handle))
    }

    /// In `words` (from [`Seen::read`]), note `values` as position `position`'s.
    #[inline(always)]
    pub(super) fn note(&self, words: &mut [u64], position: usize, values: u64) {
        let (index, shift) = self.slot(position);
        words[index] = words[index] & !(low_mask(self.span) << shift) | values << shift;
    }

    /// Write back the words of [`Seen::read`].
    pub(super) fn write(&self, ctx: &mut Context<'_>, words: &[u64]) {
        write_words(ctx, self.handle, words);
    }

    /// The word that holds position `position`, and its shift there.
    fn slot(&self, position: usize) -> (usize, u32) {
        (
            position / self.per_word,
            (position % self.per_word) as u32 * self.span,
        )
    }
}
