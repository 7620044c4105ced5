//! Tables of at most 64 tuples over windows of at most 64 values, the most
//! common in puzzles (a corner's shapes against its edges, a pearl against its
//! neighbours): each (column, value) has its tuples as one word, and a run
//! reads the live tuples straight from the domains — those whose every value
//! is still a candidate — with no reversible state to keep. Compact-Table's
//! sparse set, residues and memory of the last look cost more than they save
//! on a single word.

use std::sync::Arc;

use smallvec::SmallVec;

use super::Table;
use super::compact::{INFERENCE, narrow};
use crate::domain::{Value, VarId};
use crate::fast::bits;
use crate::propagation::{Conflict, Context, Posting, Why};

/// The most tuples, and the widest column window, a small table has.
const WORD: usize = 64;

/// A posted small table: its masks, shared by equal tables of the model.
#[derive(Clone, Debug)]
pub(super) struct Small {
    masks: Arc<SmallMasks>,
}

/// What a small table compiles from its tuples and its variables' ranges.
#[derive(Debug)]
struct SmallMasks {
    /// Per column: the smallest value (bit 0 of its window), and where its
    /// window starts in `holders`.
    columns: Vec<(Value, usize)>,
    /// Per column and window position, the tuples holding that value (as
    /// many positions as the column's values span: two for a boolean, not
    /// 64), one column after another in one list rather than a list each.
    holders: Vec<u64>,
    /// Per column: the window positions some tuple holds.
    present: Vec<u64>,
    /// How many tuples fit the variables' ranges.
    tuples: u32,
}

/// What [`SmallMasks`] are made from: the sorted rows, their length, and each
/// column's declared range.
type SmallKey = (Vec<Value>, usize, Vec<(Value, Value)>);

impl Small {
    /// The small form of a table with these rows (`arity` values each, each
    /// column's values spanning `spans`), or `None` when it has more than 64
    /// rows or a column spans more than 64 values; its masks are an equal
    /// table's when `share` finds one.
    pub(super) fn new(
        vars: &[VarId],
        (tuples, spans): (&[Value], &[(Value, Value)]),
        share: bool,
        posting: &mut Posting<'_>,
    ) -> Option<Self> {
        let arity = vars.len();
        if tuples.len() > WORD * arity {
            return None;
        }
        let fits =
            (spans.iter()).all(|&(low, high)| i64::from(high) - i64::from(low) < WORD as i64);
        if !fits {
            return None;
        }
        let ranges: Vec<(Value, Value)> = (vars.iter())
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
            let key: SmallKey = (tuples.to_vec(), arity, ranges);
            posting.shared(key, |(tuples, _, ranges)| build(tuples, ranges))
        } else {
            Arc::new(build(tuples, &ranges))
        };
        Some(Small { masks })
    }

    /// The small form of a table of bits (rows of `arity` boolean columns,
    /// all in the columns' ranges), or `None` when it has more than 64 rows.
    /// Not shared: made straight from the bits, it costs less than the key
    /// that would find an equal table's.
    pub(super) fn from_bits(arity: usize, rows: &[u64]) -> Option<Self> {
        (rows.len() <= WORD).then(|| Small {
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
        let masks = &*self.masks;
        let domains = ctx.domains();
        let mut live = if masks.tuples as usize == WORD {
            u64::MAX
        } else {
            (1u64 << masks.tuples) - 1
        };
        let mut now: SmallVec<[u64; 8]> = SmallVec::with_capacity(table.vars.len());
        for ((&var, &(base, start)), &present) in
            (table.vars.iter()).zip(&masks.columns).zip(&masks.present)
        {
            let word = domains.word_from(var, i64::from(base), 0) & present;
            let held = bits(word).fold(0, |held, bit| held | masks.holders[start + bit as usize]);
            live &= held;
            now.push(word);
        }
        if live == 0 {
            return Err(ctx.conflict(&Why::new(INFERENCE).cause(table.distinct())));
        }
        for (index, ((&var, &(base, start)), &present)) in
            (table.vars.iter().zip(&masks.columns).zip(&masks.present)).enumerate()
        {
            let word = now[index];
            let keep = bits(word)
                .filter(|&bit| masks.holders[start + bit as usize] & live != 0)
                .fold(0, |keep, bit| keep | 1 << bit);
            if keep != word || ctx.domains().count(var) != word.count_ones() {
                narrow(table, ctx, (index, var), (base, &[present]), &[keep])?;
            }
        }
        let domains = ctx.domains();
        let combinations = (table.distinct().iter()).try_fold(1u64, |product, &var| {
            product
                .checked_mul(u64::from(domains.count(var)))
                .filter(|&product| product <= WORD as u64)
        });
        if combinations == Some(u64::from(live.count_ones())) {
            ctx.declare_entailed();
        }
        Ok(())
    }
}

impl SmallMasks {
    /// The masks of every row of `tuples` (`arity` values each), all known
    /// to lie in the columns' ranges, each column's values spanning `spans`
    /// (smallest, largest).
    fn from_all(tuples: &[Value], arity: usize, spans: &[(Value, Value)]) -> Self {
        let mut columns = Vec::with_capacity(arity);
        let mut start = 0;
        for &(low, high) in spans {
            columns.push((low, start));
            start += (i64::from(high) - i64::from(low) + 1) as usize;
        }
        let mut holders = vec![0u64; start];
        let mut present = vec![0u64; arity];
        for (row, tuple) in tuples.chunks_exact(arity).enumerate() {
            for ((&value, &(base, start)), positions) in
                tuple.iter().zip(&columns).zip(present.iter_mut())
            {
                let position = (i64::from(value) - i64::from(base)) as usize;
                holders[start + position] |= 1 << row;
                *positions |= 1 << position;
            }
        }
        SmallMasks {
            columns,
            holders,
            present,
            tuples: (tuples.len() / arity) as u32,
        }
    }

    /// The masks of the rows of `tuples` (`arity` values each) whose values
    /// lie in the columns' `ranges`.
    fn new(tuples: &[Value], arity: usize, ranges: &[(Value, Value)]) -> Self {
        let kept = super::rows_in_ranges(tuples, arity, ranges);
        let rows = || kept.chunks_exact(arity);
        let mut columns = Vec::with_capacity(arity);
        let mut holders = Vec::new();
        let mut present = Vec::with_capacity(arity);
        for index in 0..arity {
            let (base, top) = rows().fold((Value::MAX, Value::MIN), |(low, high), tuple| {
                (low.min(tuple[index]), high.max(tuple[index]))
            });
            let (base, span) = if kept.is_empty() {
                (0, 1)
            } else {
                (base, (i64::from(top) - i64::from(base) + 1) as usize)
            };
            let start = holders.len();
            holders.resize(start + span, 0);
            let mut positions = 0u64;
            for (row, tuple) in rows().enumerate() {
                let position = (i64::from(tuple[index]) - i64::from(base)) as usize;
                holders[start + position] |= 1 << row;
                positions |= 1 << position;
            }
            columns.push((base, start));
            present.push(positions);
        }
        SmallMasks {
            columns,
            holders,
            present,
            tuples: (kept.len() / arity) as u32,
        }
    }

    /// The masks of rows of bits (`arity` boolean columns, at most 64 rows,
    /// all in the columns' ranges): each column's window is 0 and 1, its
    /// rows with a 1 read column by column from the bits.
    fn from_bits(arity: usize, rows: &[u64]) -> Self {
        let ones = super::bits::ones_by_column(rows, arity);
        let every = if rows.len() == WORD {
            u64::MAX
        } else {
            (1u64 << rows.len()) - 1
        };
        let mut holders = Vec::with_capacity(2 * arity);
        let mut present = Vec::with_capacity(arity);
        for column in 0..arity {
            let one = ones.get(column).copied().unwrap_or(0);
            let zero = every & !one;
            holders.extend([zero, one]);
            present.push(u64::from(zero != 0) | u64::from(one != 0) << 1);
        }
        SmallMasks {
            columns: (0..arity).map(|column| (0, 2 * column)).collect(),
            holders,
            present,
            tuples: rows.len() as u32,
        }
    }
}
