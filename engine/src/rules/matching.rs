//! Régin's matching filter on small bipartite graphs, written as bit sets.
//!
//! Rows must each take a different column: row `r` may take the columns of the set
//! `rows[r]`. An edge (row, column) has a *support* when some matching that gives
//! every row a column of its own uses it. [`unsupported`] finds the edges without
//! one, as Régin's all-different filter does: it finds one matching that covers
//! every row (augmenting paths), then keeps an edge only when it is matched, lies on
//! an alternating cycle, or leads by an alternating path to a free column. The cycles
//! and paths come from the transitive closure of the rows' graph (Warshall's
//! algorithm on bit sets), so everything is a machine word: at most [`MAX_ROWS`]
//! rows and 64 columns.
//!
//! [`AllDifferent`](super::AllDifferent) at [`Consistency::Domain`](crate::Consistency)
//! runs it with variables as rows and values as columns; a Latin square's placement
//! rule runs it with a value's rows as rows and its columns as columns.
//!
//! ```
//! use sieve::rules::matching::unsupported;
//!
//! // Rows 0 and 1 share columns {0, 1}, so row 2 cannot take either.
//! let rows = [0b011, 0b011, 0b111];
//! let mut removed = [0; 3];
//! assert!(unsupported(&rows, &mut removed));
//! assert_eq!(removed, [0, 0, 0b011]);
//!
//! // Three rows cannot share two columns.
//! assert!(!unsupported(&[0b11, 0b11, 0b11], &mut removed));
//! ```

/// The most rows [`unsupported`] handles.
pub const MAX_ROWS: usize = 64;

/// A row or column index with no partner yet.
const FREE: u8 = u8::MAX;

/// Whether every row has exactly one column and no two share one: the matching is
/// the graph itself and nothing is left to remove.
pub fn settled(rows: &[u64]) -> bool {
    let mut union = 0;
    for &set in rows {
        if set.count_ones() != 1 || union & set != 0 {
            return false;
        }
        union |= set;
    }
    true
}

/// Write into `removed[r]` the columns row `r` must lose: those of no matching that
/// gives every row its own column. `false` when there is no such matching (then
/// `removed` is unspecified). `rows` has at most [`MAX_ROWS`] rows, `removed` is as
/// long.
pub fn unsupported(rows: &[u64], removed: &mut [u64]) -> bool {
    assert!(rows.len() <= MAX_ROWS && removed.len() == rows.len());
    // Small graphs (a Latin square's lines) keep their scratch space small.
    if rows.len() <= 16 {
        unsupported_within::<16>(rows, removed)
    } else {
        unsupported_within::<MAX_ROWS>(rows, removed)
    }
}

/// [`unsupported`] with scratch space for `ROWS` rows.
fn unsupported_within<const ROWS: usize>(rows: &[u64], removed: &mut [u64]) -> bool {
    let Some(owner) = matching(rows) else {
        return false;
    };
    let mut matched = [0u8; ROWS];
    let mut taken = 0u64;
    // Only the columns some row holds can be owned: a line of 6 reads 6 of the 64.
    let union = rows.iter().fold(0u64, |union, &set| union | set);
    for column in members(union) {
        let row = owner[column];
        if row != FREE {
            matched[usize::from(row)] = column as u8;
            taken |= 1 << column;
        }
    }
    // Rows that can step onto a free column end every alternating path well.
    let escapes = rows
        .iter()
        .enumerate()
        .filter(|&(_, &set)| set & !taken != 0)
        .fold(0u64, |escapes, (row, _)| escapes | 1 << row);
    let open = rows
        .iter()
        .enumerate()
        .filter(|&(_, &set)| set.count_ones() > 1)
        .fold(0u64, |open, (row, _)| open | 1 << row);
    let reach = reachable_rows::<ROWS>(rows, &owner, open);
    for (row, removed) in removed.iter_mut().enumerate() {
        *removed = 0;
        if open >> row & 1 == 0 {
            continue;
        }
        for column in members(rows[row] & taken & !(1 << matched[row])) {
            let next = reach[usize::from(owner[column])];
            if next >> row & 1 == 0 && next & escapes == 0 {
                *removed |= 1 << column;
            }
        }
    }
    true
}

/// A matching that covers every row, by augmenting paths: the row of each column
/// ([`FREE`] for a free column), or `None` when there is none.
fn matching(rows: &[u64]) -> Option<[u8; 64]> {
    let mut owner = [FREE; 64];
    for row in 0..rows.len() {
        let mut visited = 0u64;
        if !augment(rows, row, &mut visited, &mut owner) {
            return None;
        }
    }
    Some(owner)
}

/// Tries to match `row`, re-matching others along an augmenting path.
fn augment(rows: &[u64], row: usize, visited: &mut u64, owner: &mut [u8; 64]) -> bool {
    let mut options = rows[row] & !*visited;
    // A free column first: no need to walk further.
    for column in members(options) {
        if owner[column] == FREE {
            owner[column] = row as u8;
            return true;
        }
    }
    while options != 0 {
        let column = options.trailing_zeros() as usize;
        options &= options - 1;
        *visited |= 1 << column;
        if augment(rows, usize::from(owner[column]), visited, owner) {
            owner[column] = row as u8;
            return true;
        }
    }
    false
}

/// For each row, the rows it reaches (itself included) in the graph where a row
/// points to the row matched to each taken column it can take. Only the rows of
/// `open` (with more than one column) lead anywhere else, so only they are walked.
fn reachable_rows<const ROWS: usize>(rows: &[u64], owner: &[u8; 64], open: u64) -> [u64; ROWS] {
    let mut reach = [0u64; ROWS];
    for (row, reached) in reach.iter_mut().enumerate().take(rows.len()) {
        *reached = 1 << row;
    }
    for row in members(open) {
        for column in members(rows[row]) {
            if owner[column] != FREE {
                reach[row] |= 1 << owner[column];
            }
        }
    }
    for through in members(open) {
        let via = reach[through];
        for row in members(open) {
            // Branch-free: all of `via` when `row` reaches `through`, else nothing.
            let passes = (reach[row] >> through) & 1;
            reach[row] |= via & passes.wrapping_neg();
        }
    }
    reach
}

/// The members of a set, lowest first.
fn members(set: u64) -> impl Iterator<Item = usize> {
    crate::fast::bits(set).map(|member| member as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether some matching covering every row uses (row, column), by brute force.
    fn supported(rows: &[u64], row: usize, column: usize) -> bool {
        fn extend(rows: &[u64], at: usize, used: u64, fixed: (usize, usize)) -> bool {
            if at == rows.len() {
                return true;
            }
            let choices = if at == fixed.0 {
                rows[at] & 1 << fixed.1
            } else {
                rows[at]
            };
            members(choices & !used).any(|column| extend(rows, at + 1, used | 1 << column, fixed))
        }
        extend(rows, 0, 0, (row, column))
    }

    #[test]
    fn removes_exactly_the_unsupported_edges() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..3000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let count = (seed % 5 + 1) as usize;
            let columns = (seed >> 8) % 6 + 1;
            let rows: Vec<u64> = (0..count)
                .map(|row| (seed >> (16 + 7 * row)) & ((1 << columns) - 1))
                .collect();
            let mut removed = vec![0; count];
            let any = (0..count).all(|row| members(rows[row]).any(|c| supported(&rows, row, c)));
            assert_eq!(unsupported(&rows, &mut removed), any, "{rows:?}");
            if !any {
                continue;
            }
            for (row, &set) in rows.iter().enumerate() {
                for column in members(set) {
                    let gone = removed[row] >> column & 1 == 1;
                    assert_eq!(
                        gone,
                        !supported(&rows, row, column),
                        "{rows:?} {row} {column}"
                    );
                }
            }
        }
    }
}
