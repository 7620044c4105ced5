//! Tables of bits ([`Table::from_bits`](super::Table::from_bits)): rows over
//! boolean columns, one bit a column, kept and looked up as words.

use std::borrow::Cow;

use smallvec::SmallVec;

use crate::domain::{Value, VarId};
use crate::propagation::Posting;

/// The rows whose every bit is a value of its column's declared range: all of
/// them, borrowed, when every column allows both 0 and 1 (boolean variables).
pub(super) fn rows_in_ranges<'a>(
    rows: &'a [u64],
    vars: &[VarId],
    posting: &Posting<'_>,
) -> Cow<'a, [u64]> {
    let (mut no_zero, mut no_one) = (0u64, 0u64);
    for (column, &var) in vars.iter().enumerate() {
        let range = posting.range(var);
        no_zero |= u64::from(!range.contains(&0)) << column;
        no_one |= u64::from(!range.contains(&1)) << column;
    }
    if no_zero | no_one == 0 {
        return Cow::Borrowed(rows);
    }
    let kept = rows.iter().copied();
    Cow::Owned(
        kept.filter(|row| row & no_one == 0 && !row & no_zero == 0)
            .collect(),
    )
}

/// The most columns whose rows [`sort_and_dedup`] sorts through a bitmap of
/// every possible row (2¹⁶ bits, 8 KiB) rather than by comparisons.
const BITMAP_COLUMNS: usize = 16;

/// Put `rows` (of `arity` columns) in increasing order as numbers and drop
/// repeats. Many rows of up to [`BITMAP_COLUMNS`] columns go through a
/// bitmap indexed by the rows: a window of a few hundred rows is marked and
/// read back in one pass each, where sorting them by comparisons cost more
/// than building the table's masks; few rows are sorted.
pub(super) fn sort_and_dedup(rows: &mut Vec<u64>, arity: usize) {
    // The bitmap pays when it has at most a few words a row to read back.
    if arity > BITMAP_COLUMNS || (1usize << arity) / 64 > 4 * rows.len() {
        rows.sort_unstable();
        rows.dedup();
        return;
    }
    let mut seen = vec![0u64; (1usize << arity).div_ceil(64)];
    for &row in rows.iter() {
        seen[row as usize / 64] |= 1 << (row % 64);
    }
    rows.clear();
    for (index, &word) in seen.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            rows.push((index * 64) as u64 + u64::from(bits.trailing_zeros()));
            bits &= bits - 1;
        }
    }
}

/// The tuples of `rows` (of `arity` columns) as values, one row after
/// another, in increasing order of tuples (column 0 first).
pub(super) fn spelt_out(rows: &[u64], arity: usize) -> Vec<Value> {
    let spell = |row: u64| (0..arity).map(move |column| Value::from(row >> column & 1 == 1));
    let mut tuples: Vec<SmallVec<[Value; 16]>> =
        rows.iter().map(|&row| spell(row).collect()).collect();
    tuples.sort_unstable();
    tuples.concat()
}

/// Whether the values of `vars` in `values` are a row of `rows` (in
/// increasing order as numbers, as [`sort_and_dedup`] leaves them).
pub(super) fn holds(rows: &[u64], vars: &[VarId], values: &[Value]) -> bool {
    let mut row = 0u64;
    for (column, &var) in vars.iter().enumerate() {
        match values[var.index()] {
            0 => {}
            1 => row |= 1 << column,
            _ => return false,
        }
    }
    rows.binary_search(&row).is_ok()
}

/// Per column, the rows (as bit positions among `rows`) that set it: `words`
/// words a column, one column after another.
pub(super) fn ones_by_column(rows: &[u64], arity: usize) -> Vec<u64> {
    let words = rows.len().div_ceil(64);
    let mut ones = vec![0u64; arity * words];
    for (index, &row) in rows.iter().enumerate() {
        let (word, bit) = (index / 64, index % 64);
        let mut columns = row;
        while columns != 0 {
            let column = columns.trailing_zeros() as usize;
            columns &= columns - 1;
            ones[column * words + word] |= 1 << bit;
        }
    }
    ones
}
