//! What the rules over a labelled graph share (one variable a vertex, holding its
//! region's label: [`ConnectedValues`](super::ConnectedValues),
//! [`SizedRegions`](super::SizedRegions)): each value's *layer* — which vertices
//! may take it, which are fixed to it — kept as reversible state so that a run
//! works only on the values whose layer changed, and one way to word a change.

use std::ops::RangeInclusive;

use crate::domain::{Domains, Value, VarId};
use crate::names::Names;
use crate::propagation::{Conflict, Context, Fact, Posting, StateBitset, Why};
use crate::rules::wording::{Deduction, Wording};

/// The layers of a range of values, as the last run left them.
#[derive(Clone, Debug, Default)]
pub(crate) struct ValueLayers {
    /// The value of the first layer.
    first_value: Value,
    /// Per value from `first_value` on: the vertices that could take it, then
    /// those fixed to it (two bits a vertex).
    seen: Vec<StateBitset>,
}

impl ValueLayers {
    /// One reversible layer for each of `values` over `vertices` vertices (none
    /// for an empty range).
    pub(crate) fn post(
        posting: &mut Posting<'_>,
        vertices: usize,
        values: RangeInclusive<Value>,
    ) -> Self {
        let count = (i64::from(*values.end()) - i64::from(*values.start()) + 1).max(0) as usize;
        ValueLayers {
            first_value: *values.start(),
            seen: (0..count)
                .map(|_| posting.bitset(2 * vertices, false))
                .collect(),
        }
    }

    /// How many layers there are, one a value of the range.
    pub(crate) fn count(&self) -> usize {
        self.seen.len()
    }

    /// Where `value`'s layer comes among them, from 0.
    pub(crate) fn offset(&self, value: Value) -> usize {
        (value - self.first_value) as usize
    }

    /// Calls `propagate(ctx, value, layer, fixed)` for each value whose layer
    /// changed since the last run, `layer` being its bits (see
    /// [`ValueLayers`]). The vertices `propagate` pushes on `fixed` (empty at
    /// each call; one list a run, not a new one a value) were fixed to the
    /// value, so they leave every later layer read in this run.
    pub(crate) fn for_each_changed(
        &self,
        ctx: &mut Context<'_>,
        vars: &[VarId],
        mut propagate: impl FnMut(
            &mut Context<'_>,
            Value,
            &[u64],
            &mut Vec<usize>,
        ) -> Result<(), Conflict>,
    ) -> Result<(), Conflict> {
        let words = (2 * vars.len()).div_ceil(64);
        let mut all = self.bits(ctx.domains(), vars, words);
        // One value's bits, copied out of `all` (which its changes update).
        let mut layer = Vec::with_capacity(words);
        let mut fixed = Vec::new();
        for (offset, &seen) in self.seen.iter().enumerate() {
            let value = self.first_value + offset as Value;
            let bits = &all[offset * words..(offset + 1) * words];
            if ctx.bitset(seen) == bits {
                continue;
            }
            for (index, &word) in bits.iter().enumerate() {
                ctx.set_bitset_word(seen, index, word);
            }
            layer.clear();
            layer.extend_from_slice(bits);
            fixed.clear();
            propagate(ctx, value, &layer, &mut fixed)?;
            for &vertex in &fixed {
                for other in (0..self.seen.len()).filter(|&other| other != offset) {
                    all[other * words + vertex / 64] &= !(1 << (vertex % 64));
                }
            }
        }
        Ok(())
    }

    /// Every layer in `domains`, `words` words a value from `first_value` on.
    fn bits(&self, domains: &Domains, vars: &[VarId], words: usize) -> Vec<u64> {
        let mut bits = vec![0u64; words * self.seen.len()];
        if (1..=64).contains(&self.seen.len()) && vars.len() <= 128 {
            self.mark_narrow(domains, vars, &mut bits, words);
        } else {
            self.mark_each(domains, vars, &mut bits, words);
        }
        bits
    }

    /// [`ValueLayers::bits`] for at most 64 layers over at most 128
    /// vertices: each layer's two halves gathered as two words of vertices,
    /// then written out a word at a time. Marking bit by bit into the words,
    /// with a division a mark, was 15 % of solving a 13×9 Fillomino.
    fn mark_narrow(&self, domains: &Domains, vars: &[VarId], bits: &mut [u64], words: usize) {
        let count = self.seen.len();
        // Per layer: the vertices that may take it, and those fixed to it,
        // vertex `v` at bit `v % 64` of word `v / 64`.
        let (mut may, mut fixed) = ([[0u64; 2]; 64], [[0u64; 2]; 64]);
        let layers = u64::MAX >> (64 - count);
        for (half, chunk) in vars.chunks(64).enumerate() {
            for (index, &var) in chunk.iter().enumerate() {
                let bit = 1u64 << index;
                let (mut word, assigned) = self.layer_word(domains, var);
                word &= layers;
                if assigned {
                    if word != 0 {
                        let layer = word.trailing_zeros() as usize;
                        may[layer][half] |= bit;
                        fixed[layer][half] |= bit;
                    }
                    continue;
                }
                while word != 0 {
                    may[word.trailing_zeros() as usize][half] |= bit;
                    word &= word - 1;
                }
            }
        }
        let n = vars.len();
        let join = |[low, high]: [u64; 2]| u128::from(low) | u128::from(high) << 64;
        for (layer, out) in bits.chunks_exact_mut(words).enumerate() {
            or_bits(out, 0, join(may[layer]));
            or_bits(out, n, join(fixed[layer]));
        }
    }

    /// `var`'s domain as one word from the first layer's value (its set bits
    /// are the layers it belongs to, no walk through its values), and whether
    /// it is assigned: one word read when the domain is one word from that
    /// value, as a labelled grid's cells are.
    #[inline]
    fn layer_word(&self, domains: &Domains, var: VarId) -> (u64, bool) {
        if let Some(offset) = domains.single_word_offset(var)
            && domains.first(var) == self.first_value
        {
            let word = domains.store()[offset];
            return (word, word.is_power_of_two());
        }
        let word = domains.word_from(var, i64::from(self.first_value), 0);
        (word, domains.is_assigned(var))
    }

    /// [`ValueLayers::bits`] for any count of layers and vertices: each
    /// vertex's values marked one by one.
    fn mark_each(&self, domains: &Domains, vars: &[VarId], bits: &mut [u64], words: usize) {
        let n = vars.len();
        let last = self.first_value + self.seen.len() as Value - 1;
        let mut mark = |offset: usize, vertex: usize, assigned: bool| {
            let layer = &mut bits[offset * words..];
            layer[vertex / 64] |= 1 << (vertex % 64);
            if assigned {
                let at = n + vertex;
                layer[at / 64] |= 1 << (at % 64);
            }
        };
        if (1..=64).contains(&self.seen.len()) {
            let layers = u64::MAX >> (64 - self.seen.len());
            for (vertex, &var) in vars.iter().enumerate() {
                let assigned = domains.is_assigned(var);
                let mut word = domains.word_from(var, i64::from(self.first_value), 0) & layers;
                while word != 0 {
                    mark(word.trailing_zeros() as usize, vertex, assigned);
                    word &= word - 1;
                }
            }
            return;
        }
        for (vertex, &var) in vars.iter().enumerate() {
            let assigned = domains.is_assigned(var);
            for value in domains.iter(var) {
                if value < self.first_value || value > last {
                    continue;
                }
                mark((value - self.first_value) as usize, vertex, assigned);
            }
        }
    }
}

/// Or the 128 bits of `set` into `words` from bit `start` on (bits past the
/// words' end must be zero: they are dropped).
fn or_bits(words: &mut [u64], start: usize, set: u128) {
    let (index, shift) = (start / 64, start % 64);
    let (low, high) = (set as u64, (set >> 64) as u64);
    let mut or = |at: usize, word: u64| {
        if let Some(slot) = words.get_mut(at) {
            *slot |= word;
        }
    };
    if shift == 0 {
        or(index, low);
        or(index + 1, high);
    } else {
        or(index, low << shift);
        or(index + 1, (low >> (64 - shift)) | (high << shift));
        or(index + 2, high >> (64 - shift));
    }
}

/// One change a labelled-graph rule makes: `value` leaves `var` (or, with
/// `assign`, becomes its value) for `inference`, resting on `facts`, worded by
/// `wording` or else by `explain`; whether the domain changed.
pub(crate) fn change_label(
    ctx: &mut Context<'_>,
    wording: &Wording,
    (inference, facts): (&'static str, &[Fact]),
    (var, value, assign): (VarId, Value, bool),
    explain: impl Fn(&Names) -> String,
) -> Result<bool, Conflict> {
    let deduction = Deduction {
        inference,
        var,
        value: Some(value),
        facts,
    };
    let text = |names: &Names| wording.sentence(names, &deduction, &explain);
    let cause: Vec<VarId> = facts.iter().map(|fact| fact.var()).collect();
    let why = Why::new(inference)
        .cause(&cause)
        .because(facts)
        .named_text(&text);
    if assign {
        ctx.assign(var, value, &why)
    } else {
        ctx.remove(var, value, &why)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Model;
    use rand::{Rng, SeedableRng};

    /// Layers over `vertices` variables of values `0..=top`, marked both ways
    /// from random states: the 128-bit path gives the same words.
    #[test]
    fn narrow_marking_gives_the_words_of_marking_each_value() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(19);
        for (vertices, top, first) in [(1, 3, 1), (63, 9, 1), (64, 9, 0), (117, 9, 1), (128, 40, 2)]
        {
            let mut model = Model::new();
            let vars = model.new_vars_in(vertices, 0..=top).expect("variables");
            let layers = ValueLayers {
                first_value: first,
                seen: vec![
                    StateBitset {
                        start: 0,
                        words: 0,
                        bits: 0
                    };
                    (top - first + 1) as usize
                ],
            };
            let words = (2 * vertices).div_ceil(64);
            for _ in 0..50 {
                let mut domains = model.domains();
                for &var in &vars {
                    for value in 0..=top {
                        if rng.random_bool(0.6) && domains.count(var) > 1 {
                            domains.remove(var, value).expect("not the last value");
                        }
                    }
                }
                let mut narrow = vec![0u64; words * layers.count()];
                let mut each = narrow.clone();
                layers.mark_narrow(&domains, &vars, &mut narrow, words);
                layers.mark_each(&domains, &vars, &mut each, words);
                assert_eq!(narrow, each, "{vertices} vertices, values to {top}");
            }
        }
    }
}
