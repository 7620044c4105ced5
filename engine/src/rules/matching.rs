//! Régin's matching filter on small bipartite graphs, written as bit sets.
//!
//! Rows must each take a different column: row `r` may take the columns of the set
//! `rows[r]`. An edge (row, column) has a *support* when some matching that gives
//! every row a column of its own uses it. [`unsupported`] finds the edges without
//! one, as Régin's all-different filter does: it finds one matching that covers
//! every row (augmenting paths), then keeps an edge only when it is matched, lies on
//! an alternating cycle, or leads by an alternating path to a free column. The paths
//! come from one backward walk from the rows that hold a free column, the cycles
//! from the strongly connected components of the rows' graph (Tarjan's algorithm),
//! both linear in the edges; sets of rows and columns are machine words: at most
//! [`MAX_ROWS`] rows and 64 columns.
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
    // An edge into a row that reaches a free column by an alternating path has a
    // support; an edge into another row only on an alternating cycle, within
    // one component.
    let escaping = escaping_rows::<ROWS>(rows, &matched, taken);
    let component = components::<ROWS>(rows, &owner, taken, escaping);
    for (row, removed) in removed.iter_mut().enumerate() {
        *removed = 0;
        for column in members(rows[row] & taken & !(1 << matched[row])) {
            let next = usize::from(owner[column]);
            if escaping >> next & 1 == 0 && component[next] != component[row] {
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

/// The rows that reach a free column by an alternating path: those holding a
/// column no row is matched to, and every row holding the column matched to one
/// of them, walked backwards from the first, each row once.
fn escaping_rows<const ROWS: usize>(rows: &[u64], matched: &[u8; ROWS], taken: u64) -> u64 {
    // Per column, the rows that hold it.
    let mut holders = [0u64; 64];
    let mut escaping = 0u64;
    for (row, &set) in rows.iter().enumerate() {
        if set & !taken != 0 {
            escaping |= 1 << row;
        }
        for column in members(set & taken) {
            holders[column] |= 1 << row;
        }
    }
    let mut pending = escaping;
    while pending != 0 {
        let row = pending.trailing_zeros() as usize;
        pending &= pending - 1;
        let reaching = holders[usize::from(matched[row])] & !escaping;
        escaping |= reaching;
        pending |= reaching;
    }
    escaping
}

/// Per row, a name for its strongly connected component in the graph where a row
/// points to the row matched to each taken column it holds, the `escaping` rows
/// left out (each its own component: no edge of theirs is judged by it).
fn components<const ROWS: usize>(
    rows: &[u64],
    owner: &[u8; 64],
    taken: u64,
    escaping: u64,
) -> [u8; ROWS] {
    let mut walk = Tarjan::<ROWS> {
        next: [0; ROWS],
        order: [0; ROWS],
        low: [0; ROWS],
        component: [0; ROWS],
        stack: [0; ROWS],
        depth: 0,
        on_stack: 0,
        unvisited: 0,
        count: 0,
    };
    for (row, &set) in rows.iter().enumerate() {
        walk.component[row] = row as u8;
        if escaping >> row & 1 == 0 {
            walk.unvisited |= 1 << row;
            for column in members(set & taken) {
                walk.next[row] |= 1 << owner[column];
            }
            walk.next[row] &= !escaping & !(1 << row);
        }
    }
    while walk.unvisited != 0 {
        walk.visit(walk.unvisited.trailing_zeros() as usize);
    }
    walk.component
}

/// Tarjan's strongly connected components over at most `ROWS` rows, sets as
/// words.
struct Tarjan<const ROWS: usize> {
    /// Per row, the rows it points to.
    next: [u64; ROWS],
    /// Per row, when the walk first met it.
    order: [u8; ROWS],
    /// Per row, the earliest row still on the stack that it reaches.
    low: [u8; ROWS],
    /// Per row, the first row of its component the walk met.
    component: [u8; ROWS],
    /// The rows met whose component is not known yet, in the order met.
    stack: [u8; ROWS],
    depth: usize,
    on_stack: u64,
    unvisited: u64,
    count: u8,
}

impl<const ROWS: usize> Tarjan<ROWS> {
    /// Walk from `row` (unvisited), naming the components it closes.
    fn visit(&mut self, row: usize) {
        self.order[row] = self.count;
        self.low[row] = self.count;
        self.count += 1;
        self.unvisited &= !(1 << row);
        self.stack[self.depth] = row as u8;
        self.depth += 1;
        self.on_stack |= 1 << row;
        loop {
            let fresh = self.next[row] & self.unvisited;
            if fresh == 0 {
                break;
            }
            let child = fresh.trailing_zeros() as usize;
            self.visit(child);
            self.low[row] = self.low[row].min(self.low[child]);
        }
        // Rows still on the stack are in this row's component or an open one
        // met before it: either way their order bounds its low.
        for other in members(self.next[row] & self.on_stack) {
            self.low[row] = self.low[row].min(self.order[other]);
        }
        if self.low[row] == self.order[row] {
            loop {
                self.depth -= 1;
                let member = usize::from(self.stack[self.depth]);
                self.on_stack &= !(1 << member);
                self.component[member] = row as u8;
                if member == row {
                    break;
                }
            }
        }
    }
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

    /// Whether `unsupported` agrees with brute force on `rows`.
    fn check_against_brute_force(rows: &[u64]) {
        let count = rows.len();
        let mut removed = vec![0; count];
        let any = (0..count).all(|row| members(rows[row]).any(|c| supported(rows, row, c)));
        assert_eq!(unsupported(rows, &mut removed), any, "{rows:?}");
        if !any {
            return;
        }
        for (row, &set) in rows.iter().enumerate() {
            for column in members(set) {
                let gone = removed[row] >> column & 1 == 1;
                assert_eq!(
                    gone,
                    !supported(rows, row, column),
                    "{rows:?} {row} {column}"
                );
            }
        }
    }

    #[test]
    fn removes_exactly_the_unsupported_edges_of_larger_graphs() {
        // Up to 9 rows over up to 11 columns, each row its own random word:
        // long alternating cycles and paths, several components.
        let mut random = crate::rules::testing::Random::new(3);
        for _ in 0..3000 {
            let count = (random.below(9) + 1) as usize;
            let columns = random.below(11) + 1;
            // Sparse rows (two or three bits on average) keep matchings tight.
            let rows: Vec<u64> = (0..count)
                .map(|_| random.below(1 << columns) & random.below(1 << columns))
                .collect();
            check_against_brute_force(&rows);
        }
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
            check_against_brute_force(&rows);
        }
    }
}
