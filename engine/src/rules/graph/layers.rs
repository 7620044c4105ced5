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

    /// Calls `propagate(ctx, value, layer)` for each value whose layer changed
    /// since the last run, `layer` being its bits (see [`ValueLayers`]). The
    /// vertices `propagate` returns were fixed to the value, so they leave every
    /// later layer read in this run.
    pub(crate) fn for_each_changed(
        &self,
        ctx: &mut Context<'_>,
        vars: &[VarId],
        mut propagate: impl FnMut(&mut Context<'_>, Value, &[u64]) -> Result<Vec<usize>, Conflict>,
    ) -> Result<(), Conflict> {
        let words = (2 * vars.len()).div_ceil(64);
        let mut all = self.bits(ctx.domains(), vars, words);
        // One value's bits, copied out of `all` (which its changes update).
        let mut layer = Vec::with_capacity(words);
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
            for vertex in propagate(ctx, value, &layer)? {
                for other in (0..self.seen.len()).filter(|&other| other != offset) {
                    all[other * words + vertex / 64] &= !(1 << (vertex % 64));
                }
            }
        }
        Ok(())
    }

    /// Every layer in `domains`, `words` words a value from `first_value` on.
    fn bits(&self, domains: &Domains, vars: &[VarId], words: usize) -> Vec<u64> {
        let n = vars.len();
        let mut bits = vec![0u64; words * self.seen.len()];
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
            // Each domain as one word from the first layer's value: its set bits
            // are the layers it belongs to (no walk through its values).
            let layers = u64::MAX >> (64 - self.seen.len());
            for (vertex, &var) in vars.iter().enumerate() {
                let assigned = domains.is_assigned(var);
                let mut word = domains.word_from(var, i64::from(self.first_value), 0) & layers;
                while word != 0 {
                    mark(word.trailing_zeros() as usize, vertex, assigned);
                    word &= word - 1;
                }
            }
            return bits;
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
        bits
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
