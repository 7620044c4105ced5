//! The candidates that survive on one line, by dynamic programming over the
//! sets of heights placed before and after the tallest building (see [`super`]).
//!
//! Sets are bitmasks over the heights `1..N − 1` (N never belongs to them), so
//! numeric order visits every set before its supersets. For a set `S` of
//! heights filling the first `|S|` cells, `forward[S]` is the bitmask of the
//! counts of buildings that can be seen from the start; `backward[T]` is the
//! same for a set `T` filling the last `|T|` cells seen from the end. A split
//! (`S` before N, N in cell `|S|`, the rest after it) is *good* when both
//! counts can be one less than their clue. Walking back from the good splits
//! marks every (cell, height) step that lies on a path to one.

use super::{Candidates, MAX_LINE, full_mask, height_bit};

/// Which cell the `placed`-th height of a set fills.
#[derive(Clone, Copy)]
enum Direction {
    /// Sets fill the line from its start.
    FromStart,
    /// Sets fill the line from its end.
    FromEnd,
}

impl Direction {
    fn cell(self, size: usize, placed: usize) -> usize {
        match self {
            Direction::FromStart => placed,
            Direction::FromEnd => size - 1 - placed,
        }
    }
}

/// The counts (as a bitmask: bit `c` for count `c`) a clue asks of the
/// buildings before N: every count without a clue.
fn wanted_counts(clue: Option<u8>) -> u32 {
    match clue {
        None | Some(0) => u32::MAX,
        Some(clue) => 1u32.checked_shl(u32::from(clue) - 1).unwrap_or(0),
    }
}

/// Fills `table[S]` (one entry per subset of `others`): the counts seen when
/// the heights of `S` fill the first `|S|` cells from `direction`'s end,
/// respecting the candidates.
fn seen_counts(
    candidates: &[Candidates],
    others: Candidates,
    direction: Direction,
    table: &mut [u32],
) {
    let size = candidates.len();
    table.fill(0);
    table[0] = 1;
    for set in 0..=others {
        let counts = table[set as usize];
        let placed = set.count_ones() as usize;
        if counts == 0 || placed + 1 == size {
            continue;
        }
        let mut options = candidates[direction.cell(size, placed)] & others & !set;
        while options != 0 {
            let bit = options & options.wrapping_neg();
            options &= !bit;
            let seen = if bit > set { counts << 1 } else { counts };
            table[(set | bit) as usize] |= seen;
        }
    }
}

/// Walks back from the useful states (`useful[S]`: counts at `S` that lead to
/// a good split) and marks each step on such a path in `found`.
fn mark_supported(
    candidates: &[Candidates],
    table: &[u32],
    useful: &mut [u32],
    direction: Direction,
    found: &mut [Candidates],
) {
    let size = candidates.len();
    for set in (1..useful.len() as Candidates).rev() {
        let counts = useful[set as usize];
        if counts == 0 {
            continue;
        }
        let cell = direction.cell(size, set.count_ones() as usize - 1);
        let mut members = set & candidates[cell];
        while members != 0 {
            let bit = members & members.wrapping_neg();
            members &= !bit;
            let before = set & !bit;
            let counts_before = if bit > before { counts >> 1 } else { counts };
            let reachable = counts_before & table[before as usize];
            if reachable != 0 {
                useful[before as usize] |= reachable;
                found[cell] |= bit;
            }
        }
    }
}

/// Lines up to this length keep their tables on the stack (2^(N−1) entries each).
const STACK_LINE: usize = 10;

/// The four tables of the subset program: seen counts and useful counts, from
/// each end.
struct Tables<'a> {
    forward: &'a mut [u32],
    backward: &'a mut [u32],
    useful_forward: &'a mut [u32],
    useful_backward: &'a mut [u32],
}

/// Writes into `union` (one entry per cell) the candidates that appear in
/// some arrangement of the line, and returns whether any arrangement exists.
/// With none, every entry is 0 (also when `union.len()` differs from the
/// line's, or the line is longer than [`MAX_LINE`]).
pub fn surviving_candidates_into(
    candidates: &[Candidates],
    start: Option<u8>,
    end: Option<u8>,
    union: &mut [Candidates],
) -> bool {
    let size = candidates.len();
    union.fill(0);
    if union.len() != size || size > MAX_LINE {
        return false;
    }
    if size == 0 {
        return wanted_counts(start) == u32::MAX && wanted_counts(end) == u32::MAX;
    }
    let sets = 1usize << (size - 1);
    if size <= STACK_LINE {
        let mut stack = [[0u32; 1 << (STACK_LINE - 1)]; 4];
        let [forward, backward, useful_forward, useful_backward] = &mut stack;
        let tables = Tables {
            forward: &mut forward[..sets],
            backward: &mut backward[..sets],
            useful_forward: &mut useful_forward[..sets],
            useful_backward: &mut useful_backward[..sets],
        };
        support(candidates, start, end, tables, union)
    } else {
        let mut heap = vec![0u32; 4 * sets];
        let (forward, rest) = heap.split_at_mut(sets);
        let (backward, rest) = rest.split_at_mut(sets);
        let (useful_forward, useful_backward) = rest.split_at_mut(sets);
        let tables = Tables {
            forward,
            backward,
            useful_forward,
            useful_backward,
        };
        support(candidates, start, end, tables, union)
    }
}

/// The subset program over the given tables (see the module docs).
fn support(
    line: &[Candidates],
    start: Option<u8>,
    end: Option<u8>,
    tables: Tables<'_>,
    union: &mut [Candidates],
) -> bool {
    let size = line.len();
    let mut masked = [0; MAX_LINE];
    for (cell, &candidates) in masked.iter_mut().zip(line) {
        *cell = candidates & full_mask(size);
    }
    let candidates = &masked[..size];
    let tallest = height_bit(size as u8);
    let others = full_mask(size - 1);
    let Tables {
        forward,
        backward,
        useful_forward,
        useful_backward,
    } = tables;
    seen_counts(candidates, others, Direction::FromStart, forward);
    seen_counts(candidates, others, Direction::FromEnd, backward);
    useful_forward.fill(0);
    useful_backward.fill(0);
    let (start_wanted, end_wanted) = (wanted_counts(start), wanted_counts(end));
    let mut found = [0; MAX_LINE];
    for before in 0..=others {
        let cell = before.count_ones() as usize;
        let after = others & !before;
        let seen_before = forward[before as usize] & start_wanted;
        let seen_after = backward[after as usize] & end_wanted;
        if candidates[cell] & tallest != 0 && seen_before != 0 && seen_after != 0 {
            useful_forward[before as usize] |= seen_before;
            useful_backward[after as usize] |= seen_after;
            found[cell] |= tallest;
        }
    }
    if found[..size].iter().all(|&cell| cell == 0) {
        return false;
    }
    let direction = Direction::FromStart;
    mark_supported(candidates, forward, useful_forward, direction, &mut found);
    let direction = Direction::FromEnd;
    mark_supported(candidates, backward, useful_backward, direction, &mut found);
    union.copy_from_slice(&found[..size]);
    true
}

/// The candidates of each cell that appear in some arrangement of the line
/// agreeing with both clues; all 0 when no arrangement does.
pub fn surviving_candidates(
    candidates: &[Candidates],
    start: Option<u8>,
    end: Option<u8>,
) -> Vec<Candidates> {
    let mut union = vec![0; candidates.len()];
    surviving_candidates_into(candidates, start, end, &mut union);
    union
}
