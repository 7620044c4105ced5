//! Tables of bits ([`Table::from_bits`](super::Table::from_bits)): rows over
//! boolean columns, one bit a column, kept and looked up as words.

use std::borrow::Cow;

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

/// Whether the values of `vars` in `values` are a row of `rows` (sorted in
/// the order of their tuples, as [`Table::from_bits`](super::Table::from_bits)
/// keeps them).
pub(super) fn holds(rows: &[u64], vars: &[VarId], values: &[Value]) -> bool {
    let mut row = 0u64;
    for (column, &var) in vars.iter().enumerate() {
        match values[var.index()] {
            0 => {}
            1 => row |= 1 << column,
            _ => return false,
        }
    }
    (rows.binary_search_by_key(&row.reverse_bits(), |row| row.reverse_bits())).is_ok()
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
