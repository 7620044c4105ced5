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
//! The graph starts as it is over the variables' declared ranges, computed when
//! the rule is posted, with each position's supported values as what it saw: the
//! first run then visits only the positions that have lost values since, or that
//! hold a value no accepted word uses.

use smallvec::{SmallVec, smallvec};

use super::Regular;
use super::automaton::Automaton;
use super::shifts::{Shifts, Supports};
use crate::domain::{Domains, Value, VarId, low_mask};
use crate::propagation::{Conflict, Context, Posting, StateBitset};

/// Scratch words on the stack: sets of up to 256 positions or states.
type Words = SmallVec<[u64; 4]>;

/// A layer's states as words: one `u64` when the automaton has at most 64 states
/// (most have), so that a run keeps them in a register, else words on the stack.
trait States: Clone + PartialEq {
    /// The empty set of `words` words.
    fn empty(words: usize) -> Self;
    /// The set stored in `words`.
    fn read(words: &[u64]) -> Self;
    /// The set's words.
    fn words(&self) -> &[u64];
    /// The set's words, to change.
    fn words_mut(&mut self) -> &mut [u64];
    /// Whether state `state` is in the set.
    fn contains(&self, state: usize) -> bool {
        has(self.words(), state)
    }
    /// Put state `state` in the set.
    fn insert(&mut self, state: usize) {
        set(self.words_mut(), state);
    }
    /// Take state `state` out of the set.
    fn take_out(&mut self, state: usize) {
        self.words_mut()[state / 64] &= !(1 << (state % 64));
    }
    /// Whether the set is empty.
    fn is_empty(&self) -> bool {
        self.words().iter().all(|&word| word == 0)
    }
}

impl States for u64 {
    fn empty(_: usize) -> Self {
        0
    }
    fn read(words: &[u64]) -> Self {
        words[0]
    }
    fn words(&self) -> &[u64] {
        std::slice::from_ref(self)
    }
    fn words_mut(&mut self) -> &mut [u64] {
        std::slice::from_mut(self)
    }
    #[inline(always)]
    fn contains(&self, state: usize) -> bool {
        self >> state & 1 == 1
    }
    #[inline(always)]
    fn insert(&mut self, state: usize) {
        *self |= 1 << state;
    }
    #[inline(always)]
    fn take_out(&mut self, state: usize) {
        *self &= !(1 << state);
    }
    #[inline(always)]
    fn is_empty(&self) -> bool {
        *self == 0
    }
}

impl States for Words {
    fn empty(words: usize) -> Self {
        smallvec![0; words]
    }
    fn read(words: &[u64]) -> Self {
        SmallVec::from_slice(words)
    }
    fn words(&self) -> &[u64] {
        self
    }
    fn words_mut(&mut self) -> &mut [u64] {
        self
    }
}

/// The handles and tables of a posted rule's kept graph.
#[derive(Clone, Debug)]
pub(super) struct Kept {
    /// The value of bit 0 of a position's candidates.
    base: Value,
    /// Whether every variable's first value is `base`: its first word then holds
    /// its candidates as they are.
    aligned: bool,
    /// Bits of one position's candidates: the width of the variables' values.
    span: u32,
    /// How many positions' candidates share a word of `seen`.
    per_word: usize,
    /// Words of one layer's states.
    layer_words: usize,
    /// Every layer's live states, layer after layer.
    live: StateBitset,
    /// Each position's candidates when the rule last looked, `per_word` a word.
    seen: StateBitset,
    /// The positions some live state leaves the live states from.
    open: StateBitset,
    /// Where each state's transitions start in `edges` (one more than states).
    starts: Vec<u32>,
    /// Every state's transitions on values the variables can take: the value's
    /// bit in the candidates, and the next state.
    edges: Vec<(u32, u32)>,
    /// The same transitions a layer at a time, for most automata of at most 64
    /// states.
    shifts: Option<Shifts>,
}

/// Whether bit `bit` of `words` is set.
#[inline(always)]
fn has(words: &[u64], bit: usize) -> bool {
    words[bit / 64] >> (bit % 64) & 1 == 1
}

/// Set bit `bit` of `words`.
#[inline(always)]
fn set(words: &mut [u64], bit: usize) {
    words[bit / 64] |= 1 << (bit % 64);
}

/// The set bits of `words`, in order.
#[inline(always)]
fn bits(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(index, &word)| {
        let mut rest = word;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                index * 64 + bit
            })
        })
    })
}

impl Kept {
    /// The kept graph of `automaton` over `vars`, its state asked of `posting`;
    /// `None` when there are no variables, their values span more than 64, or
    /// no word of their declared ranges is accepted (the rule then sweeps the
    /// whole graph at every run).
    pub(super) fn new(
        automaton: &Automaton,
        vars: &[VarId],
        posting: &mut Posting<'_>,
    ) -> Option<Kept> {
        let base = posting.lowest_first(vars);
        let last = vars.iter().map(|&var| *posting.range(var).end()).max()?;
        let span = u32::try_from(i64::from(last) - i64::from(base) + 1).ok()?;
        if !(1..=64).contains(&span) {
            return None;
        }
        let (starts, edges) = window_edges(automaton, base, span);
        let layer_words = automaton.states().div_ceil(64);
        let per_word = (64 / span) as usize;
        let ranges: Vec<u64> = (vars.iter())
            .map(|&var| {
                let range = posting.range(var);
                let width = (i64::from(*range.end()) - i64::from(*range.start()) + 1) as u32;
                low_mask(width) << (i64::from(*range.start()) - i64::from(base))
            })
            .collect();
        let kept = Kept {
            base,
            aligned: vars.iter().all(|&var| *posting.range(var).start() == base),
            span,
            per_word,
            layer_words,
            live: posting.bitset((vars.len() + 1) * layer_words * 64, false),
            seen: posting.bitset(vars.len().div_ceil(per_word) * 64, false),
            open: posting.bitset(vars.len(), false),
            starts,
            edges,
            shifts: Shifts::new(automaton, base, span),
        };
        kept.start(automaton, &ranges, posting).then_some(kept)
    }

    /// Set the kept state to the graph over the declared `ranges`; `false` when
    /// it accepts no word.
    fn start(&self, automaton: &Automaton, ranges: &[u64], posting: &mut Posting<'_>) -> bool {
        if self.layer_words == 1 {
            self.start_with::<u64>(automaton, ranges, posting)
        } else {
            self.start_with::<Words>(automaton, ranges, posting)
        }
    }

    /// [`Kept::start`] with layers of type `S`.
    fn start_with<S: States>(
        &self,
        automaton: &Automaton,
        ranges: &[u64],
        posting: &mut Posting<'_>,
    ) -> bool {
        let words = self.layer_words;
        let mut live = vec![S::empty(words); ranges.len() + 1];
        live[0].insert(automaton.start());
        for (position, &range) in ranges.iter().enumerate() {
            live[position + 1] = self.reached(&live[position], range);
        }
        let last = &mut live[ranges.len()];
        for state in 0..automaton.states() {
            if !automaton.is_accepting(state) {
                last.take_out(state);
            }
        }
        let store = &mut *posting.initial;
        for (position, &range) in ranges.iter().enumerate().rev() {
            let (kept, supports) = self.supports(&live[position], &live[position + 1], range);
            live[position] = kept;
            let (index, shift) = self.seen_slot(position);
            store[self.seen.start as usize + index] |= (range & supports.some) << shift;
            if range & supports.some & !supports.every != 0 {
                set(&mut store[self.open.start as usize..], position);
            }
        }
        let start = self.live.start as usize;
        for (layer, states) in live.iter().enumerate() {
            store[start + layer * words..][..words].copy_from_slice(states.words());
        }
        live.iter()
            .any(|states| states.words().iter().any(|&word| word != 0))
    }

    /// One run: repair the layers around the positions that changed, remove the
    /// candidates no accepted word uses any more, and declare the rule entailed
    /// once no position is open.
    pub(super) fn run(&self, rule: &Regular, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if self.layer_words == 1 {
            self.run_with::<u64>(rule, ctx)
        } else {
            self.run_with::<Words>(rule, ctx)
        }
    }

    /// [`Kept::run`] with layers of type `S`.
    fn run_with<S: States>(&self, rule: &Regular, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let vars = rule.vars();
        let changed = self.changed(vars, ctx.domains());
        if let Some(first) = bits(&changed).next() {
            let mut layers_changed: Words = smallvec![0; (vars.len() + 1).div_ceil(64)];
            self.forward::<S>(rule, ctx, first, &changed, &mut layers_changed)?;
            self.backward::<S>(rule, ctx, &changed, &mut layers_changed)?;
        }
        if ctx.bitset(self.open).iter().all(|&word| word == 0) {
            ctx.declare_entailed();
        }
        Ok(())
    }

    /// The positions whose candidates differ from those the rule last saw.
    fn changed(&self, vars: &[VarId], domains: &Domains) -> Words {
        let seen = domains.bitset(self.seen);
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

    /// From the first changed position on, drop the states of each next layer no
    /// live state reaches any more.
    fn forward<S: States>(
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
            let candidates = self.candidates(domains, var);
            let reached = self.reached(&S::read(self.layer(domains, position)), candidates);
            let next = position + 1;
            let old = S::read(self.layer(domains, next));
            if self.narrow_layer(ctx, next, old.words(), reached.words()) {
                set(layers_changed, next);
                if !(reached.words().iter().zip(old.words())).any(|(a, b)| a & b != 0) {
                    return Err(rule.conflict(ctx));
                }
            }
        }
        Ok(())
    }

    /// From the last position back, at each position that changed or beside a
    /// layer that changed: drop the states with no way on, remove the values no
    /// edge between live states carries, and note whether the position is open.
    fn backward<S: States>(
        &self,
        rule: &Regular,
        ctx: &mut Context<'_>,
        changed: &[u64],
        layers_changed: &mut [u64],
    ) -> Result<(), Conflict> {
        let vars = rule.vars();
        let mut seen = Words::from_slice(ctx.bitset(self.seen));
        let mut open = Words::from_slice(ctx.bitset(self.open));
        for (position, &var) in vars.iter().enumerate().rev() {
            let touched = has(changed, position)
                || has(layers_changed, position)
                || has(layers_changed, position + 1);
            if !touched {
                continue;
            }
            let domains = ctx.domains();
            let candidates = self.candidates(domains, var);
            let next = S::read(self.layer(domains, position + 1));
            let here = S::read(self.layer(domains, position));
            let (kept, supports) = self.supports(&here, &next, candidates);
            if kept != here {
                self.narrow_layer(ctx, position, here.words(), kept.words());
                set(layers_changed, position);
                if kept.is_empty() {
                    return Err(rule.conflict(ctx));
                }
            }
            let left = candidates & supports.some;
            for bit in bits(&[candidates & !supports.some]) {
                rule.remove(ctx, var, self.base + bit as Value)?;
            }
            let (index, shift) = self.seen_slot(position);
            seen[index] = seen[index] & !(low_mask(self.span) << shift) | left << shift;
            open[position / 64] &= !(1 << (position % 64));
            open[position / 64] |= u64::from(left & !supports.every != 0) << (position % 64);
        }
        write_words(ctx, self.seen, &seen);
        write_words(ctx, self.open, &open);
        Ok(())
    }

    /// The supports of a position between the states `here` and `next` under
    /// `candidates`, with the states of `here` that have a way on.
    #[inline(always)]
    fn supports<S: States>(&self, here: &S, next: &S, candidates: u64) -> (S, Supports) {
        if let Some(shifts) = &self.shifts {
            let supports = shifts.supports(here.words()[0], next.words()[0], candidates);
            return (S::read(&[supports.kept]), supports);
        }
        let mut kept = here.clone();
        let mut supports = Supports {
            kept: 0,
            some: 0,
            every: u64::MAX,
        };
        for state in bits(here.words()) {
            let mut onward = 0;
            for &(value, to) in self.edges_of(state) {
                onward |= u64::from(next.contains(to as usize)) << value;
            }
            onward &= candidates;
            if onward == 0 {
                kept.take_out(state);
            } else {
                supports.some |= onward;
                supports.every &= onward;
            }
        }
        (kept, supports)
    }

    /// The states the states `from` lead to on `candidates`.
    #[inline(always)]
    fn reached<S: States>(&self, from: &S, candidates: u64) -> S {
        if let Some(shifts) = &self.shifts {
            return S::read(&[shifts.reached(from.words()[0], candidates)]);
        }
        let mut reached = S::empty(self.layer_words);
        for state in bits(from.words()) {
            for &(bit, to) in self.edges_of(state) {
                if candidates >> bit & 1 == 1 {
                    reached.insert(to as usize);
                }
            }
        }
        reached
    }

    /// Write layer `layer` as `old & keep`; whether it changed.
    fn narrow_layer(&self, ctx: &mut Context<'_>, layer: usize, old: &[u64], keep: &[u64]) -> bool {
        let mut narrowed = false;
        for (index, (&old, &keep)) in old.iter().zip(keep).enumerate() {
            if old & keep != old {
                ctx.set_bitset_word(self.live, layer * self.layer_words + index, old & keep);
                narrowed = true;
            }
        }
        narrowed
    }

    /// `var`'s candidates as bits from `base`.
    #[inline(always)]
    fn candidates(&self, domains: &Domains, var: VarId) -> u64 {
        if self.aligned {
            domains.words(var)[0]
        } else {
            domains.word_from(var, i64::from(self.base), 0) & low_mask(self.span)
        }
    }

    /// Layer `layer`'s live states.
    #[inline(always)]
    fn layer<'d>(&self, domains: &'d Domains, layer: usize) -> &'d [u64] {
        &domains.bitset(self.live)[layer * self.layer_words..][..self.layer_words]
    }

    /// The transitions out of `state`.
    #[inline(always)]
    fn edges_of(&self, state: usize) -> &[(u32, u32)] {
        &self.edges[self.starts[state] as usize..self.starts[state + 1] as usize]
    }

    /// The word of `seen` that holds position `position`, and its shift there.
    fn seen_slot(&self, position: usize) -> (usize, u32) {
        (
            position / self.per_word,
            (position % self.per_word) as u32 * self.span,
        )
    }
}

/// Write the words of `handle` that differ from `words`.
fn write_words(ctx: &mut Context<'_>, handle: StateBitset, words: &[u64]) {
    for (index, &word) in words.iter().enumerate() {
        if ctx.bitset(handle)[index] != word {
            ctx.set_bitset_word(handle, index, word);
        }
    }
}

/// Every state's transitions on the `span` values from `base`, as the value's bit
/// and the next state, with where each state's start.
fn window_edges(automaton: &Automaton, base: Value, span: u32) -> (Vec<u32>, Vec<(u32, u32)>) {
    let mut starts = Vec::with_capacity(automaton.states() + 1);
    let mut edges = Vec::with_capacity(automaton.transitions());
    for state in 0..automaton.states() {
        starts.push(edges.len() as u32);
        for &(value, to) in automaton.edges(state) {
            let bit = i64::from(value) - i64::from(base);
            if (0..i64::from(span)).contains(&bit) {
                edges.push((bit as u32, to as u32));
            }
        }
    }
    starts.push(edges.len() as u32);
    (starts, edges)
}
