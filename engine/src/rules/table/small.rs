//! Tables of at most 256 tuples over windows of at most 64 values, the most
//! common in puzzles (a corner's shapes against its edges, a pearl against its
//! neighbours, a Dominosa cell against its neighbours' partners): each
//! (column, value) has its tuples as one to four words, and a run reads the
//! live tuples straight from the domains — those whose every value is still a
//! candidate — with no reversible state to keep. Compact-Table's sparse set,
//! residues and memory of the last look cost more than they save on so few
//! words: Dominosa's windows of 65 to 96 rows, posted as Compact-Table, made
//! masks for 52 M of the 843 M instructions of `dominosa-9dh`; as small
//! tables, posting and running them all costs 89 M less.

use std::sync::Arc;

use smallvec::SmallVec;

use super::Table;
use super::compact::{INFERENCE, narrow};
use crate::domain::{Value, VarId};
use crate::fast::bits;
use crate::propagation::{Conflict, Context, Posting, Why};

/// The bits of a word: the most tuples a mask word holds, and the widest
/// column window a small table has.
const WORD: usize = 64;

/// The most words a small table's masks fill (so at most 256 tuples).
const MOST_WORDS: usize = 4;

/// A posted small table: its masks, shared by equal tables of the model.
#[derive(Clone, Debug)]
pub(super) struct Small {
    masks: Arc<SmallMasks>,
}

/// What a small table compiles from its tuples and its variables' ranges.
#[derive(Debug)]
struct SmallMasks {
    /// Words a mask: 1, 2 or 4, each with a run of its own (a mask of three
    /// is padded to four).
    words: usize,
    /// Per column, its window; inline, so that the masks are two
    /// allocations, not one a list (Dominosa posts 220 tables a puzzle).
    columns: SmallVec<[SmallColumn; 6]>,
    /// Per column and window position, the tuples holding that value as
    /// `words` words (as many positions as the column's values span: two for
    /// a boolean, not 64), one column after another in one list.
    holders: Vec<u64>,
    /// How many tuples fit the variables' ranges.
    tuples: u32,
}

/// One column of a small table.
#[derive(Clone, Copy, Debug)]
struct SmallColumn {
    /// The smallest value: bit 0 of the column's window.
    base: Value,
    /// The column's first window position among all columns' (its masks
    /// start `words` times as far into the holders).
    start: usize,
    /// The window positions some tuple holds.
    present: u64,
}

/// What [`SmallMasks`] are made from: the sorted rows, their length, and each
/// column's declared range.
type SmallKey = (Vec<Value>, usize, Vec<(Value, Value)>);

impl Small {
    /// The small form of a table with these rows (`arity` values each, each
    /// column's values spanning `spans`), or `None` when it has more than
    /// 256 rows or a column spans more than 64 values; its masks are an equal
    /// table's when `share` finds one.
    pub(super) fn new(
        vars: &[VarId],
        (tuples, spans): (&[Value], &[(Value, Value)]),
        share: bool,
        posting: &mut Posting<'_>,
    ) -> Option<Self> {
        let arity = vars.len();
        if tuples.len() > WORD * MOST_WORDS * arity {
            return None;
        }
        let fits =
            (spans.iter()).all(|&(low, high)| i64::from(high) - i64::from(low) < WORD as i64);
        if !fits {
            return None;
        }
        let ranges: SmallVec<[(Value, Value); 8]> = (vars.iter())
            .map(|&var| {
                let range = posting.range(var);
                (*range.start(), *range.end())
            })
            .collect();
        // Every row fits the ranges when every column's values do (most
        // tables): then the masks are made in one pass over the rows.
        let all_fit = super::spans_fit(spans, &ranges);
        let build = |tuples: &[Value], ranges: &[(Value, Value)]| match all_fit {
            true => SmallMasks::from_all(tuples, arity, spans),
            false => SmallMasks::new(tuples, arity, ranges),
        };
        let masks = if share {
            let key: SmallKey = (tuples.to_vec(), arity, ranges.to_vec());
            posting.shared(key, |(tuples, _, ranges)| build(tuples, ranges))
        } else {
            Arc::new(build(tuples, &ranges))
        };
        Some(Small { masks })
    }

    /// The small form of a table of bits (rows of `arity` boolean columns,
    /// all in the columns' ranges), or `None` when it has more than 256 rows.
    /// Not shared: made straight from the bits, it costs less than the key
    /// that would find an equal table's.
    pub(super) fn from_bits(arity: usize, rows: &[u64]) -> Option<Self> {
        (rows.len() <= WORD * MOST_WORDS).then(|| Small {
            masks: Arc::new(SmallMasks::from_bits(arity, rows)),
        })
    }

    /// Where the shared masks lie, to tell shared from separate ones.
    #[cfg(test)]
    pub(super) fn masks_address(&self) -> *const () {
        Arc::as_ptr(&self.masks).cast()
    }

    /// One run: the live tuples from the candidates, then every value no live
    /// tuple holds removed.
    pub(super) fn propagate(&self, table: &Table, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        match self.masks.words {
            1 => self.run::<1>(table, ctx),
            2 => self.run::<2>(table, ctx),
            _ => self.run::<4>(table, ctx),
        }
    }

    /// [`Small::propagate`] over masks of `W` words.
    fn run<const W: usize>(&self, table: &Table, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let masks = &*self.masks;
        let domains = ctx.domains();
        let mut live = masks.every::<W>();
        let mut now: SmallVec<[u64; 8]> = SmallVec::with_capacity(table.vars.len());
        for (&var, column) in table.vars.iter().zip(&masks.columns) {
            let word = domains.word_from(var, i64::from(column.base), 0) & column.present;
            let mut held = [0u64; W];
            for bit in bits(word) {
                let mask = masks.mask::<W>(column, bit);
                for (held, &mask) in held.iter_mut().zip(mask) {
                    *held |= mask;
                }
            }
            for (live, held) in live.iter_mut().zip(held) {
                *live &= held;
            }
            now.push(word);
        }
        if live.iter().all(|&word| word == 0) {
            return Err(ctx.conflict(&Why::new(INFERENCE).cause(table.distinct())));
        }
        for (index, (&var, column)) in (table.vars.iter().zip(&masks.columns)).enumerate() {
            let word = now[index];
            let meets = |bit: u32| {
                let mask = masks.mask::<W>(column, bit);
                mask.iter().zip(&live).any(|(mask, live)| mask & live != 0)
            };
            let keep = bits(word)
                .filter(|&bit| meets(bit))
                .fold(0, |keep, bit| keep | 1 << bit);
            if keep != word || ctx.domains().count(var) != word.count_ones() {
                narrow(
                    table,
                    ctx,
                    (index, var),
                    (column.base, &[column.present]),
                    &[keep],
                )?;
            }
        }
        let domains = ctx.domains();
        let combinations = (table.distinct().iter()).try_fold(1u64, |product, &var| {
            product
                .checked_mul(u64::from(domains.count(var)))
                .filter(|&product| product <= (WORD * W) as u64)
        });
        let alive = live.iter().map(|word| u64::from(word.count_ones())).sum();
        if combinations == Some(alive) {
            ctx.declare_entailed();
        }
        Ok(())
    }
}

impl SmallMasks {
    /// Masks of `words_for(tuples)` words over columns starting at `bases`
    /// and spanning `widths` window positions, every holder empty.
    fn empty(tuples: usize, columns: impl Iterator<Item = (Value, usize)>) -> Self {
        let words = words_for(tuples);
        let mut start = 0;
        let columns: SmallVec<[SmallColumn; 6]> = columns
            .map(|(base, width)| {
                start += width;
                SmallColumn {
                    base,
                    start: start - width,
                    present: 0,
                }
            })
            .collect();
        SmallMasks {
            words,
            columns,
            holders: vec![0; start * words],
            tuples: tuples as u32,
        }
    }

    /// The masks of every row of `tuples` (`arity` values each), all known
    /// to lie in the columns' ranges, each column's values spanning `spans`
    /// (smallest, largest).
    fn from_all(tuples: &[Value], arity: usize, spans: &[(Value, Value)]) -> Self {
        let widths = (spans.iter())
            .map(|&(low, high)| (low, (i64::from(high) - i64::from(low) + 1) as usize));
        let mut masks = Self::empty(tuples.len() / arity, widths);
        match arity {
            1 => masks.mark_rows::<1>(tuples),
            2 => masks.mark_rows::<2>(tuples),
            3 => masks.mark_rows::<3>(tuples),
            4 => masks.mark_rows::<4>(tuples),
            5 => masks.mark_rows::<5>(tuples),
            6 => masks.mark_rows::<6>(tuples),
            _ => masks.mark_rows_of_any(tuples, arity),
        }
        masks
    }

    /// Mark each row of `tuples` (`N` values each) in the masks of its
    /// values: a pass compiled for the width, each column's window and the
    /// positions it holds kept in registers (Dominosa posts a hundred windows
    /// of five columns a puzzle; a pass over any width took a third more
    /// instructions).
    fn mark_rows<const N: usize>(&mut self, tuples: &[Value]) {
        let (rows, _) = tuples.as_chunks::<N>();
        let words = self.words;
        let columns: [(i64, usize); N] = std::array::from_fn(|index| {
            let column = &self.columns[index];
            (i64::from(column.base), column.start * words)
        });
        let mut present = [0u64; N];
        for (row, tuple) in rows.iter().enumerate() {
            let (word, bit) = (row / WORD, 1 << (row % WORD));
            for ((&value, &(base, start)), present) in tuple.iter().zip(&columns).zip(&mut present)
            {
                let position = (i64::from(value) - base) as usize;
                *present |= 1 << position;
                self.holders[start + position * words + word] |= bit;
            }
        }
        for (column, present) in self.columns.iter_mut().zip(present) {
            column.present = present;
        }
    }

    /// [`SmallMasks::mark_rows`] for rows of any length, column by column.
    fn mark_rows_of_any(&mut self, tuples: &[Value], arity: usize) {
        let (words, holders) = (self.words, &mut self.holders);
        for (index, column) in self.columns.iter_mut().enumerate() {
            let (base, start) = (i64::from(column.base), column.start);
            let mut present = 0u64;
            for (row, tuple) in tuples.chunks_exact(arity).enumerate() {
                let position = (i64::from(tuple[index]) - base) as usize;
                present |= 1 << position;
                holders[(start + position) * words + row / WORD] |= 1 << (row % WORD);
            }
            column.present = present;
        }
    }

    /// The masks of the rows of `tuples` (`arity` values each) whose values
    /// lie in the columns' `ranges`.
    fn new(tuples: &[Value], arity: usize, ranges: &[(Value, Value)]) -> Self {
        let kept = super::rows_in_ranges(tuples, arity, ranges);
        if kept.is_empty() {
            return Self::empty(0, (0..arity).map(|_| (0, 1)));
        }
        let spans = super::spans_and_order(&kept, arity).0;
        Self::from_all(&kept, arity, &spans)
    }

    /// The masks of rows of bits (`arity` boolean columns, at most 256 rows,
    /// all in the columns' ranges): each column's window is 0 and 1, its
    /// rows with a 1 read column by column from the bits.
    fn from_bits(arity: usize, rows: &[u64]) -> Self {
        let ones = super::bits::ones_by_column(rows, arity);
        let read = rows.len().div_ceil(WORD);
        let mut masks = Self::empty(rows.len(), (0..arity).map(|_| (0, 2)));
        let words = masks.words;
        for column in 0..arity {
            let mut present = 0;
            for word in 0..read {
                let one = ones[column * read + word];
                let zero = every_word(rows.len(), word) & !one;
                let at = 2 * column * words + word;
                (masks.holders[at], masks.holders[at + words]) = (zero, one);
                present |= u64::from(zero != 0) | u64::from(one != 0) << 1;
            }
            masks.columns[column].present = present;
        }
        masks
    }

    /// The mask of the value at window position `bit` of `column`.
    fn mask<const W: usize>(&self, column: &SmallColumn, bit: u32) -> &[u64; W] {
        let at = (column.start + bit as usize) * W;
        self.holders[at..at + W].try_into().expect("W words a mask")
    }

    /// Every tuple, as `W` words.
    fn every<const W: usize>(&self) -> [u64; W] {
        std::array::from_fn(|word| every_word(self.tuples as usize, word))
    }
}

/// Word `word` of the set of the first `tuples` tuples.
fn every_word(tuples: usize, word: usize) -> u64 {
    match tuples.saturating_sub(WORD * word) {
        0 => 0,
        left if left >= WORD => u64::MAX,
        left => (1u64 << left) - 1,
    }
}

/// The words a mask of `tuples` tuples fills: 1, 2 or 4.
fn words_for(tuples: usize) -> usize {
    tuples.div_ceil(WORD).max(1).next_power_of_two()
}
