//! The Compact-Table machinery of a posted [`Table`]: support masks made once, the
//! live tuples as a reversible sparse bitset, and one run of the rule.

use std::borrow::Cow;
use std::sync::Arc;

use smallvec::SmallVec;

use super::Table;
use crate::domain::{Domains, Value, VarId};
use crate::fast::bits;
use crate::names::Names;
use crate::propagation::{Conflict, Context, Posting, StateBitset, StateInt, Why};
use crate::rules::wording::Deduction;
use crate::value_set::ValueSet;

/// A window position whose value no tuple holds.
const NO_SUPPORT: u32 = u32::MAX;

/// The inference label of every change.
pub(super) const INFERENCE: &str = "table";

/// A posted table: its support masks (shared by every table of the model with the
/// same tuples over the same ranges) and the handles of its own reversible state.
#[derive(Clone, Debug)]
pub(super) struct Compact {
    pub(super) masks: Arc<Masks>,
    /// Per column: its variable.
    vars: Vec<VarId>,
    /// Per column: the values with a support that were candidates when the rule
    /// last looked.
    seen: Vec<StateBitset>,
    /// The live tuples.
    live: StateBitset,
    /// How many positions of `order` hold words with live tuples.
    limit: StateInt,
    /// The live set's words, those with live tuples in the first `limit`
    /// positions: the sparse index, so that a run reads only words still alive.
    order: Packed,
    /// Per support, the entry where it last met a live tuple.
    residues: Packed,
}

/// What a table compiles from its tuples and its variables' ranges alone, so
/// that equal tables share it ([`Posting::shared`]).
#[derive(Debug)]
pub(super) struct Masks {
    /// How many tuples fit the variables' ranges: the bits of the live set.
    tuples: usize,
    /// The words of the live set.
    words: usize,
    columns: Vec<Column>,
    /// Per support (a column's value): its entries, `start..end`.
    supports: Vec<(u32, u32)>,
    /// The nonzero words of every support mask, support after support: the word's
    /// index in the live set, and its bits.
    entry_words: Vec<u32>,
    entry_bits: Vec<u64>,
}

/// What [`Masks`] are made from: the sorted rows, their length, and each column's
/// declared range.
type MaskKey = (Vec<Value>, usize, Vec<(Value, Value)>);

/// The lists a column's counting sort works in, kept from one column to the
/// next rather than made again for each.
#[derive(Default)]
struct Scratch {
    /// Per value of the column (in order of first appearance), its tuples.
    counts: Vec<usize>,
    /// Per value, where its group of tuples ends (then starts).
    ends: Vec<usize>,
    /// The tuples grouped by value.
    grouped: Vec<usize>,
    /// Per window position, the words of its support mask, all of them.
    dense: Vec<u64>,
}

/// The most words a column's support masks may fill, all of them written
/// out (window positions × words of the live set), for [`Masks::column`] to
/// mark them in one pass over the tuples; wider columns group their tuples
/// by a counting sort instead.
const DENSE_WORDS: usize = 1 << 12;

/// One column of the table: its values as a window of bits.
#[derive(Clone, Debug)]
struct Column {
    /// The column's smallest value: bit 0 of its window.
    base: Value,
    /// Per window position, the support of the value there, or [`NO_SUPPORT`].
    slots: Vec<u32>,
    /// The window positions some tuple holds, as words.
    present: Vec<u64>,
    /// Where the column's words start among a run's reading of every column.
    at: usize,
}

/// An array of 16-bit numbers in a reversible bitset, four a word (the table's
/// words and a support's entries number at most 2¹⁴).
#[derive(Copy, Clone, Debug)]
struct Packed(StateBitset);

impl Packed {
    fn get(self, domains: &Domains, index: usize) -> usize {
        (domains.bitset(self.0)[index / 4] >> (index % 4 * 16) & 0xffff) as usize
    }

    fn set(self, ctx: &mut Context<'_>, index: usize, value: usize) {
        let shift = index % 4 * 16;
        let word = ctx.bitset(self.0)[index / 4];
        let word = word & !(0xffff << shift) | (value as u64) << shift;
        ctx.set_bitset_word(self.0, index / 4, word);
    }
}

/// Set the initial words of a reversible bitset just asked for.
fn set_initial(posting: &mut Posting<'_>, handle: StateBitset, words: &[u64]) {
    let start = handle.start as usize;
    posting.initial[start..start + words.len()].copy_from_slice(words);
}

impl Compact {
    /// The masks of `tuples` (rows of `vars.len()` values, sorted, each
    /// column's values spanning `spans`) over the ranges of `vars`, made once per model for equal tuples and ranges when `share`
    /// (else for this table alone), and the state this table needs.
    pub(super) fn new(
        vars: &[VarId],
        (tuples, spans): (&[Value], &[(Value, Value)]),
        share: bool,
        posting: &mut Posting<'_>,
    ) -> Self {
        let ranges: Vec<(Value, Value)> = (vars.iter())
            .map(|&var| {
                let range = posting.range(var);
                (*range.start(), *range.end())
            })
            .collect();
        let masks = if share {
            let key: MaskKey = (tuples.to_vec(), vars.len(), ranges);
            posting.shared(key, |(tuples, arity, ranges)| {
                Masks::new((tuples, spans), *arity, ranges)
            })
        } else {
            Arc::new(Masks::new((tuples, spans), vars.len(), &ranges))
        };
        Self::with_masks(vars, masks, posting)
    }

    /// The masks of rows of bits (`vars.len()` boolean columns, all in the
    /// columns' ranges), made straight from the bits and not shared, and the
    /// state this table needs.
    pub(super) fn from_bits(vars: &[VarId], rows: &[u64], posting: &mut Posting<'_>) -> Self {
        let masks = Arc::new(Masks::from_bits(vars.len(), rows));
        Self::with_masks(vars, masks, posting)
    }

    /// A table over `masks`, with the state it needs.
    fn with_masks(vars: &[VarId], masks: Arc<Masks>, posting: &mut Posting<'_>) -> Self {
        let words = masks.words;
        let live = posting.bitset(masks.tuples, true);
        let limit = posting.int(words as i64);
        let order = Packed(posting.bitset(words * 16, false));
        let start = order.0.start as usize;
        for word in 0..words.div_ceil(4) {
            posting.initial[start + word] =
                (0..4).fold(0, |packed, i| packed | ((word * 4 + i) as u64) << (16 * i));
        }
        let seen = (masks.columns.iter())
            .map(|column| {
                let seen = posting.bitset(column.slots.len(), false);
                set_initial(posting, seen, &column.present);
                seen
            })
            .collect();
        let residues = Packed(posting.bitset(masks.supports.len() * 16, false));
        Compact {
            vars: vars.to_vec(),
            seen,
            live,
            limit,
            order,
            residues,
            masks,
        }
    }
}

impl Masks {
    /// The masks of the rows of `tuples` (`arity` values each, each column's
    /// values spanning `spans`) whose values lie in the columns' `ranges`.
    fn new(
        (tuples, spans): (&[Value], &[(Value, Value)]),
        arity: usize,
        ranges: &[(Value, Value)],
    ) -> Self {
        // Each column's span, found with the rows: when every column's values fit its
        // range (most tables) the rows are kept as they are, with no test
        // of each value, and each column's window is known (a pass over the
        // rows a column and a test of every value were a fifth of posting
        // Dominosa's larger windows: callgrind, dominosa-9dh).
        let mut spans = SmallVec::<[(Value, Value); 16]>::from_slice(spans);
        let kept = if super::spans_fit(&spans, ranges) {
            Cow::Borrowed(tuples)
        } else {
            let kept = super::rows_in_ranges(tuples, arity, ranges);
            spans = super::spans_and_order(&kept, arity).0;
            kept
        };
        let rows = kept.len() / arity;
        // Each tuple gives each column one value: one entry a tuple and
        // column at most, and a support a value some tuple holds, sized once
        // rather than grown.
        let supports = (spans.iter())
            .map(|&(low, high)| {
                (i64::from(high) - i64::from(low) + 1).clamp(0, rows as i64) as usize
            })
            .sum();
        let mut masks = Masks {
            tuples: rows,
            words: rows.div_ceil(64),
            columns: Vec::with_capacity(arity),
            supports: Vec::with_capacity(supports),
            entry_words: Vec::with_capacity(rows * arity),
            entry_bits: Vec::with_capacity(rows * arity),
        };
        let mut scratch = Scratch::default();
        let mut at = 0;
        for (index, &span) in spans.iter().enumerate() {
            let column = masks.column((&kept, arity), (index, span), at, &mut scratch);
            at += column.present.len();
            masks.columns.push(column);
        }
        masks
    }

    /// The masks of rows of bits (`arity` boolean columns): each column's
    /// window is 0 and 1, the rows of each value read column by column from
    /// the bits, word by word.
    fn from_bits(arity: usize, rows: &[u64]) -> Self {
        let words = rows.len().div_ceil(64);
        let ones = super::bits::ones_by_column(rows, arity);
        let mut masks = Masks {
            tuples: rows.len(),
            words,
            columns: Vec::with_capacity(arity),
            supports: Vec::with_capacity(2 * arity),
            entry_words: Vec::with_capacity(2 * arity * words),
            entry_bits: Vec::with_capacity(2 * arity * words),
        };
        let every = |word: usize| match rows.len() - 64 * word {
            64.. => u64::MAX,
            left => (1u64 << left) - 1,
        };
        for column in 0..arity {
            let ones = &ones[column * words..(column + 1) * words];
            let mut slots = vec![NO_SUPPORT; 2];
            let mut present = 0u64;
            for (value, slot) in slots.iter_mut().enumerate() {
                let start = masks.entry_words.len() as u32;
                for (word, &one) in ones.iter().enumerate() {
                    let held = if value == 1 { one } else { every(word) & !one };
                    if held != 0 {
                        masks.entry_words.push(word as u32);
                        masks.entry_bits.push(held);
                    }
                }
                if masks.entry_words.len() as u32 > start {
                    *slot = masks.supports.len() as u32;
                    masks.supports.push((start, masks.entry_words.len() as u32));
                    present |= 1 << value;
                }
            }
            masks.columns.push(Column {
                base: 0,
                slots,
                present: vec![present],
                at: column,
            });
        }
        masks
    }

    /// Column `index` of the `kept` tuples (one row of `arity` values after
    /// another), its values spanning `span` (smallest, largest), its supports
    /// added to the masks (`scratch`: lists reused from column to column).
    fn column(
        &mut self,
        (kept, arity): (&[Value], usize),
        (index, (low, high)): (usize, (Value, Value)),
        at: usize,
        scratch: &mut Scratch,
    ) -> Column {
        let values = || kept.chunks_exact(arity).map(|tuple| tuple[index]);
        let (base, width) = match low <= high {
            false => (0, 1),
            true => (low, (i64::from(high) - i64::from(low) + 1) as usize),
        };
        if self.words > 0 && width.saturating_mul(self.words) <= DENSE_WORDS {
            return self.dense_column(values(), (base, width), at, &mut scratch.dense);
        }
        let mut slots = vec![NO_SUPPORT; width];
        let first = self.supports.len();
        let position = |value: Value| (i64::from(value) - i64::from(base)) as usize;
        // The tuples grouped by value in two flat lists (a counting sort), not
        // one growing list a value: posting many small tables allocated most
        // of its time away.
        let Scratch {
            counts,
            ends,
            grouped,
            ..
        } = scratch;
        counts.clear();
        for value in values() {
            let slot = &mut slots[position(value)];
            if *slot == NO_SUPPORT {
                *slot = (first + counts.len()) as u32;
                counts.push(0);
            }
            counts[*slot as usize - first] += 1;
        }
        ends.clear();
        ends.extend(counts.iter().scan(0, |total, &count| {
            *total += count;
            Some(*total)
        }));
        grouped.clear();
        grouped.resize(self.tuples, 0);
        for (tuple, value) in values().enumerate().rev() {
            let end = &mut ends[slots[position(value)] as usize - first];
            *end -= 1;
            grouped[*end] = tuple;
        }
        // Each group now starts at its end's old place and keeps tuples increasing.
        let mut start = 0;
        for &count in counts.iter() {
            self.push_support(&grouped[start..start + count]);
            start += count;
        }
        let mut present = vec![0u64; width.div_ceil(64)];
        for (position, _) in slots
            .iter()
            .enumerate()
            .filter(|&(_, &slot)| slot != NO_SUPPORT)
        {
            present[position / 64] |= 1 << (position % 64);
        }
        Column {
            base,
            slots,
            present,
            at,
        }
    }

    /// A column whose tuples hold `values` (in order), from `base` spanning
    /// `width` window positions: every support mask written out in `dense`
    /// (one pass over the tuples), then its nonzero words added to the masks.
    fn dense_column(
        &mut self,
        values: impl Iterator<Item = Value>,
        (base, width): (Value, usize),
        at: usize,
        dense: &mut Vec<u64>,
    ) -> Column {
        let words = self.words;
        dense.clear();
        dense.resize(width * words, 0);
        for (tuple, value) in values.enumerate() {
            let position = (i64::from(value) - i64::from(base)) as usize;
            dense[position * words + tuple / 64] |= 1 << (tuple % 64);
        }
        let mut slots = vec![NO_SUPPORT; width];
        let mut present = vec![0u64; width.div_ceil(64)];
        for (position, held) in dense.chunks_exact(words).enumerate() {
            if held.iter().all(|&word| word == 0) {
                continue;
            }
            slots[position] = self.supports.len() as u32;
            present[position / 64] |= 1 << (position % 64);
            let start = self.entry_words.len() as u32;
            for (word, &bits) in held.iter().enumerate().filter(|&(_, &bits)| bits != 0) {
                self.entry_words.push(word as u32);
                self.entry_bits.push(bits);
            }
            self.supports.push((start, self.entry_words.len() as u32));
        }
        Column {
            base,
            slots,
            present,
            at,
        }
    }

    /// A support mask over `tuples` (increasing), kept as its nonzero words.
    fn push_support(&mut self, tuples: &[usize]) {
        let start = self.entry_words.len() as u32;
        for &tuple in tuples {
            let word = (tuple / 64) as u32;
            if self.entry_words.last() != Some(&word) || self.entry_words.len() == start as usize {
                self.entry_words.push(word);
                self.entry_bits.push(0);
            }
            *self.entry_bits.last_mut().expect("just pushed") |= 1 << (tuple % 64);
        }
        self.supports.push((start, self.entry_words.len() as u32));
    }
}

impl Compact {
    /// One run: bring the live set up to date with the values gone since the last
    /// look, remove the values no live tuple holds, and say whether the rule is
    /// entailed.
    pub(super) fn propagate(&self, table: &Table, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let conflict =
            |ctx: &Context<'_>| ctx.conflict(&Why::new(INFERENCE).cause(table.distinct()));
        let masks = &*self.masks;
        if masks.tuples == 0 {
            return Err(conflict(ctx));
        }
        let (now, widened) = self.read_columns(ctx.domains());
        let mut live = LiveSet::load(self, ctx, widened);
        let mut changed: SmallVec<[usize; 8]> = SmallVec::new();
        let mut mask: SmallVec<[u64; 16]> = SmallVec::new();
        for (index, column) in masks.columns.iter().enumerate() {
            let now = &now[column.at..column.at + column.present.len()];
            let before: SmallVec<[u64; 2]> = if widened {
                SmallVec::from_slice(&column.present)
            } else {
                SmallVec::from_slice(ctx.bitset(self.seen[index]))
            };
            if before[..] != *now {
                changed.push(index);
                self.update(ctx, &mut live, &mut mask, column, (&before, now));
                if live.limit == 0 {
                    return Err(conflict(ctx));
                }
            }
        }
        live.store(self, ctx);
        // A lone column that changed keeps supports for all its values: their
        // tuples lost no other value.
        let lone = (changed.len() == 1 && !widened).then(|| changed[0]);
        for index in 0..masks.columns.len() {
            let check = !changed.is_empty() && lone != Some(index);
            self.filter(table, ctx, index, check)?;
        }
        if self.entailed(table, ctx.domains(), &live) {
            ctx.declare_entailed();
        }
        Ok(())
    }

    /// Every column's candidates that some tuple holds, as window words one column
    /// after another, and whether any column holds a value it had not when the rule
    /// last looked (a state the rule's memory does not describe: start afresh).
    fn read_columns(&self, domains: &Domains) -> (SmallVec<[u64; 8]>, bool) {
        let mut now = SmallVec::new();
        let mut widened = false;
        for ((column, &var), &seen) in self.masks.columns.iter().zip(&self.vars).zip(&self.seen) {
            let seen = domains.bitset(seen);
            for (index, &present) in column.present.iter().enumerate() {
                let word = domains.word_from(var, i64::from(column.base), index) & present;
                widened |= word & !seen[index] != 0;
                now.push(word);
            }
        }
        (now, widened)
    }

    /// Take from the live set the tuples of the values `before` had and `now` has
    /// not: those tuples when fewer went than stay, else every tuple but those of
    /// the values left.
    fn update(
        &self,
        ctx: &mut Context<'_>,
        live: &mut LiveSet,
        mask: &mut SmallVec<[u64; 16]>,
        column: &Column,
        (before, now): (&[u64], &[u64]),
    ) {
        let count = |words: &[u64]| words.iter().map(|word| word.count_ones()).sum::<u32>();
        let gone: SmallVec<[u64; 2]> = before.iter().zip(now).map(|(b, n)| b & !n).collect();
        let by_gone = count(&gone) < count(now);
        mask.clear();
        let masks = &*self.masks;
        mask.resize(masks.words, 0);
        for (index, &word) in (if by_gone { &gone[..] } else { now }).iter().enumerate() {
            for bit in bits(word) {
                let support = column.slots[index * 64 + bit as usize] as usize;
                let (start, end) = masks.supports[support];
                for entry in start as usize..end as usize {
                    mask[masks.entry_words[entry] as usize] |= masks.entry_bits[entry];
                }
            }
        }
        live.intersect(self, ctx, mask, !by_gone);
    }

    /// Remove the values of column `index` that no live tuple holds (only when
    /// `check`; otherwise every value with a tuple is known to have a live one) and
    /// those no tuple holds at all, and remember what is left.
    fn filter(
        &self,
        table: &Table,
        ctx: &mut Context<'_>,
        index: usize,
        check: bool,
    ) -> Result<(), Conflict> {
        let (column, var) = (&self.masks.columns[index], self.vars[index]);
        // Read again: an earlier column over the same variable may have narrowed it.
        let now: SmallVec<[u64; 2]> = (column.present.iter().enumerate())
            .map(|(k, &present)| ctx.domains().word_from(var, i64::from(column.base), k) & present)
            .collect();
        let mut keep = now.clone();
        let left: u32 = now.iter().map(|word| word.count_ones()).sum();
        if check && left > 1 {
            for (k, &word) in now.iter().enumerate() {
                for bit in bits(word) {
                    let support = column.slots[k * 64 + bit as usize] as usize;
                    if !self.supported(ctx, support) {
                        keep[k] &= !(1 << bit);
                    }
                }
            }
        }
        if keep != now || ctx.domains().count(var) != left {
            let window = (column.base, &column.present[..]);
            narrow(table, ctx, (index, var), window, &keep)?;
        }
        for (k, &word) in keep.iter().enumerate() {
            ctx.set_bitset_word(self.seen[index], k, word);
        }
        Ok(())
    }

    /// Whether `support` meets a live tuple: at its residue first, then anywhere
    /// (the residue moves there).
    fn supported(&self, ctx: &mut Context<'_>, support: usize) -> bool {
        let masks = &*self.masks;
        let (start, end) = masks.supports[support];
        let live = ctx.bitset(self.live);
        let meets =
            |entry: usize| live[masks.entry_words[entry] as usize] & masks.entry_bits[entry] != 0;
        let residue = start as usize + self.residues.get(ctx.domains(), support);
        if meets(residue) {
            return true;
        }
        let Some(found) = (start as usize..end as usize).find(|&entry| meets(entry)) else {
            return false;
        };
        self.residues.set(ctx, support, found - start as usize);
        true
    }

    /// Whether every combination of the candidates left is a live tuple.
    fn entailed(&self, table: &Table, domains: &Domains, live: &LiveSet) -> bool {
        let mut combinations = 1u64;
        for &var in table.distinct() {
            combinations = combinations.saturating_mul(u64::from(domains.count(var)));
            if combinations > self.masks.tuples as u64 {
                return false;
            }
        }
        let words = domains.bitset(self.live);
        let alive = (live.order[..live.limit].iter())
            .map(|&word| u64::from(words[usize::from(word)].count_ones()));
        alive.sum::<u64>() == combinations
    }
}

/// Keep only the window values `keep` of column `index` (over `var`, its window
/// starting at `base`, `present` the positions some tuple holds): one narrowing,
/// or one removal a value with its own sentence when someone reads them.
pub(super) fn narrow(
    table: &Table,
    ctx: &mut Context<'_>,
    (index, var): (usize, VarId),
    (base, present): (Value, &[u64]),
    keep: &[u64],
) -> Result<(), Conflict> {
    let others = table.others(index);
    if !ctx.explaining() {
        let why = Why::new(INFERENCE).cause(&others);
        ctx.retain(var, &ValueSet::from_words(base, keep), &why)?;
        return Ok(());
    }
    let window = |value: Value| {
        let position = i64::from(value) - i64::from(base);
        let word = |words: &[u64]| {
            (0..words.len() as i64 * 64).contains(&position)
                && words[(position / 64) as usize] >> (position % 64) & 1 == 1
        };
        (word(keep), word(present))
    };
    let gone: SmallVec<[Value; 16]> = ctx
        .domains()
        .iter(var)
        .filter(|&value| !window(value).0)
        .collect();
    for value in gone {
        let anywhere = window(value).1;
        let deduction = Deduction {
            inference: INFERENCE,
            var,
            value: Some(value),
            facts: &[],
        };
        let text = |names: &Names| table.sentence(names, &deduction, anywhere);
        let cause = if anywhere { &others[..] } else { &[] };
        let why = Why::new(INFERENCE).cause(cause).named_text(&text);
        ctx.remove(var, value, &why)?;
    }
    Ok(())
}

/// The sparse index of the live set during a run: the words' order and how many
/// hold live tuples, read from the state at the start and written back once.
struct LiveSet {
    order: SmallVec<[u16; 32]>,
    limit: usize,
}

impl LiveSet {
    /// The index as the state holds it, or, when the rule starts afresh, every
    /// tuple live again.
    fn load(compact: &Compact, ctx: &mut Context<'_>, afresh: bool) -> Self {
        if afresh {
            let (words, tuples) = (compact.masks.words, compact.masks.tuples);
            for word in 0..words {
                let full = if (word + 1) * 64 <= tuples {
                    u64::MAX
                } else {
                    (1u64 << (tuples % 64)) - 1
                };
                ctx.set_bitset_word(compact.live, word, full);
            }
            return LiveSet {
                order: (0..words as u16).collect(),
                limit: words,
            };
        }
        let limit = ctx.int(compact.limit) as usize;
        let order = (0..limit)
            .map(|position| compact.order.get(ctx.domains(), position) as u16)
            .collect();
        LiveSet { order, limit }
    }

    /// Keep in the live set only the tuples of `mask` (`keep`) or only those not
    /// in it; words left empty leave the index.
    fn intersect(&mut self, compact: &Compact, ctx: &mut Context<'_>, mask: &[u64], keep: bool) {
        for position in (0..self.limit).rev() {
            let word = usize::from(self.order[position]);
            let old = ctx.bitset(compact.live)[word];
            let new = if keep {
                old & mask[word]
            } else {
                old & !mask[word]
            };
            if new != old {
                ctx.set_bitset_word(compact.live, word, new);
                if new == 0 {
                    self.limit -= 1;
                    self.order.swap(position, self.limit);
                }
            }
        }
    }

    /// Write the index back where it changed.
    fn store(&self, compact: &Compact, ctx: &mut Context<'_>) {
        for (position, &word) in self.order.iter().enumerate() {
            if compact.order.get(ctx.domains(), position) != usize::from(word) {
                compact.order.set(ctx, position, usize::from(word));
            }
        }
        ctx.set_int(compact.limit, self.limit as i64);
    }
}

/// A run without reversible state (a rule that wraps the table and does not forward
/// [`crate::Rule::post`]): every tuple read afresh, the same values kept.
pub(super) fn from_scratch(table: &Table, ctx: &mut Context<'_>) -> Result<(), Conflict> {
    let mut supported = vec![ValueSet::new(); table.vars.len()];
    let mut any = false;
    for tuple in table.tuples() {
        let live =
            (table.vars.iter().zip(tuple)).all(|(&var, &value)| ctx.domains().contains(var, value));
        if live {
            any = true;
            for (set, &value) in supported.iter_mut().zip(tuple) {
                set.insert(value);
            }
        }
    }
    if !any {
        return Err(ctx.conflict(&Why::new(INFERENCE).cause(table.distinct())));
    }
    for (index, (&var, set)) in table.vars.iter().zip(&supported).enumerate() {
        let others = table.others(index);
        let why = Why::new(INFERENCE).cause(&others);
        ctx.retain(var, set, &why)?;
    }
    Ok(())
}
