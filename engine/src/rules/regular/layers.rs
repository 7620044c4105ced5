//! Pesant's layered graph (CP 2004), swept once a run: layer `i` holds the states
//! the automaton can be in before position `i`, an edge from layer `i` to `i + 1`
//! is a transition on a candidate of variable `i`. A forward sweep keeps the states
//! reachable from the start, a backward sweep those that still reach an accepting
//! state; a candidate is supported when it labels an edge between two states kept.

use crate::domain::Domains;
use crate::ids::{Value, VarId};
use crate::rules::regular::automaton::Automaton;

/// The result of one sweep: the states on a path from the start to an accepting
/// state, layer by layer, and the supported values of each position.
pub(super) struct Layers {
    /// Words of one layer's state set.
    words: usize,
    /// Layer `i`'s live states: words `i * words ..`, `layers + 1` layers.
    live: Vec<u64>,
    /// The values of the `values` window from `base` one position supports.
    supported: Vec<u64>,
    /// Words of one position's supported values.
    value_words: usize,
    base: Value,
    /// Each position's candidates as bits from `base`, when the window is one
    /// word (read once a position rather than asked of the domains at every
    /// edge, which was most of a sweep on Tents' bands and Magnets' lines).
    candidates: Option<Vec<u64>>,
    /// Whether every candidate of every state reached leads on to a state that can
    /// still finish: then every word left is accepted (the rule is entailed).
    complete: bool,
}

/// Set bit `bit` of `words`.
fn set(words: &mut [u64], bit: usize) {
    words[bit / 64] |= 1 << (bit % 64);
}

/// Whether bit `bit` of `words` is set.
fn has(words: &[u64], bit: usize) -> bool {
    words[bit / 64] >> (bit % 64) & 1 == 1
}

/// Set bit `offset` of `words` when it is one of theirs.
fn mark(words: &mut [u64], offset: i64) {
    if let Ok(offset) = usize::try_from(offset)
        && offset < words.len() * 64
    {
        set(words, offset);
    }
}

/// The set bits of `words`, in order.
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

impl Layers {
    /// Sweep the graph of `vars` under `domains`; `None` when no word is accepted.
    /// Values are read in the window of `value_words` words from `base`.
    pub(super) fn sweep(
        automaton: &Automaton,
        vars: &[VarId],
        domains: &Domains,
        (base, value_words): (Value, usize),
    ) -> Option<Layers> {
        let words = automaton.states().div_ceil(64);
        let candidates = (value_words == 1).then(|| {
            let base = i64::from(base);
            (vars.iter())
                .map(|&var| domains.word_from(var, base, 0))
                .collect()
        });
        let mut layers = Layers {
            words,
            live: vec![0; (vars.len() + 1) * words],
            supported: vec![0; vars.len() * value_words],
            value_words,
            base,
            candidates,
            complete: true,
        };
        set(&mut layers.live[..words], automaton.start());
        match layers.candidates.take() {
            Some(candidates) => {
                let contains = |position: usize, value: Value| {
                    let offset = i64::from(value) - i64::from(base);
                    (0..64).contains(&offset) && candidates[position] >> offset & 1 == 1
                };
                let count = |position: usize| candidates[position].count_ones() as usize;
                layers.forward(automaton, vars.len(), contains, count);
                layers.backward(automaton, vars.len(), contains);
                layers.candidates = Some(candidates);
            }
            None => {
                let contains = |position: usize, value| domains.contains(vars[position], value);
                let count = |position: usize| domains.count(vars[position]) as usize;
                layers.forward(automaton, vars.len(), contains, count);
                layers.backward(automaton, vars.len(), contains);
            }
        }
        let last = &layers.live[vars.len() * words..];
        last.iter().any(|&word| word != 0).then_some(layers)
    }

    /// Layer by layer, the states reachable from the start, over `positions`
    /// positions whose candidates `contains` tells and `count` counts.
    fn forward(
        &mut self,
        automaton: &Automaton,
        positions: usize,
        contains: impl Fn(usize, Value) -> bool,
        count: impl Fn(usize) -> usize,
    ) {
        let words = self.words;
        for position in 0..positions {
            let (here, next) = self.live[position * words..].split_at_mut(words);
            let next = &mut next[..words];
            let candidates = count(position);
            for state in bits(here) {
                let mut leads_on = 0;
                for &(value, to) in automaton.edges(state) {
                    if contains(position, value) {
                        set(next, to);
                        leads_on += 1;
                    }
                }
                self.complete &= leads_on == candidates;
            }
        }
        let last = positions * words;
        for state in bits(&self.live[last..last + words]) {
            self.complete &= automaton.is_accepting(state);
        }
    }

    /// Back from the accepting states, keep the states that reach one, and mark the
    /// values of the edges between states kept.
    fn backward(
        &mut self,
        automaton: &Automaton,
        positions: usize,
        contains: impl Fn(usize, Value) -> bool,
    ) {
        let words = self.words;
        let last = positions * words;
        for word in 0..words {
            let accepting: u64 = (0..64)
                .filter(|bit| automaton.is_accepting(word * 64 + bit))
                .fold(0, |mask, bit| mask | 1 << bit);
            self.live[last + word] &= accepting;
        }
        for position in (0..positions).rev() {
            let (here, next) = self.live[position * words..].split_at_mut(words);
            let next = &next[..words];
            let supported = &mut self.supported[position * self.value_words..][..self.value_words];
            for (word, live) in here.iter_mut().enumerate() {
                let mut rest = *live;
                while rest != 0 {
                    let bit = rest.trailing_zeros();
                    rest &= rest - 1;
                    let mut finishes = false;
                    for &(value, to) in automaton.edges(word * 64 + bit as usize) {
                        if has(next, to) && contains(position, value) {
                            finishes = true;
                            mark(supported, i64::from(value) - i64::from(self.base));
                        }
                    }
                    if !finishes {
                        *live &= !(1 << bit);
                    }
                }
            }
        }
    }

    /// Position `position`'s candidates no accepted path uses, as bits from the
    /// base, when the sweep read the candidates a word a position.
    pub(super) fn unsupported(&self, position: usize) -> Option<u64> {
        let candidates = self.candidates.as_ref()?;
        Some(candidates[position] & !self.supported[position])
    }

    /// The value of bit `bit` of the window.
    pub(super) fn value(&self, bit: u32) -> Value {
        self.base + bit as Value
    }

    /// Whether `value` of position `position` lies on an accepted path.
    pub(super) fn supports(&self, position: usize, value: Value) -> bool {
        let offset = i64::from(value) - i64::from(self.base);
        let words = &self.supported[position * self.value_words..][..self.value_words];
        usize::try_from(offset).is_ok_and(|offset| offset < words.len() * 64 && has(words, offset))
    }

    /// Whether every word left is accepted.
    pub(super) fn complete(&self) -> bool {
        self.complete
    }
}
