//! The candidates that survive on one line, by dynamic programming over the
//! sets of heights placed before and after the tallest building (see [`super`]).
//!
//! Sets are bitmasks over the heights `1..N − 1` (N never belongs to them). For
//! a set `S` of heights filling the first `|S|` cells, `forward[S]` is the
//! bitmask of the counts of buildings that can be seen from the start (bit `c`
//! for count `c`); `backward[T]` is the same for a set `T` filling the last
//! `|T|` cells seen from the end. A split (`S` before N, N in cell `|S|`, the
//! rest after it) is *good* when both counts can be one less than their clue.
//! Walking back from the good splits marks every (cell, height) step that lies
//! on a path to one.
//!
//! Only the sets that can be reached are visited, layer by layer (by size),
//! and a state is dropped as soon as it cannot lead to a good split:
//!
//! - a set can only grow while N may still stand after it (no further than the
//!   last cell that can hold N, counted from that set's end);
//! - a count is kept only while the clue stays reachable: at most one less
//!   than the clue, and no further below it than the unused heights taller
//!   than every placed one (each could still be seen before N);
//! - a set must hold every height that no later cell can take;
//! - at an end without a clue, the counts are not followed at all: a set is
//!   reached or not.
//!
//! The walk back stops at the open cell nearest each end: a cell with one
//! candidate keeps it whenever the line has an arrangement at all. So a line
//! whose cells are mostly settled costs a few steps, and an open line about
//! 2^(N−1)·N, whatever the clues.

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

/// Counts seen before N, as a bitmask: bit `c` for count `c` (N ≤ 16, so a
/// count before N is at most 15).
type Counts = u16;

/// Lines up to this length keep their tables on the stack in the smallest
/// size (2^(N−1) entries per table, and one more).
const TINY_LINE: usize = 7;
/// Lines up to this length keep their tables on the stack in the next size.
const SMALL_LINE: usize = 9;
/// Lines up to this length keep their tables on the stack; longer ones on the heap.
const STACK_LINE: usize = 12;

/// The counts worth keeping before N when `top` is the tallest height placed
/// so far, for `clue` on a line of `size`: at most one less than the clue, and
/// no further below that than the heights between `top` and N (each of them
/// could still be seen before N, and nothing else could).
fn window(clue: u8, size: usize, top: usize) -> Counts {
    if clue == 0 || top >= size {
        return Counts::MAX;
    }
    let highest = u32::from(clue) - 1;
    let taller_unused = (size - 1 - top) as u32;
    let lowest = highest.saturating_sub(taller_unused);
    let at_most = ((1u32 << (highest + 1)) - 1) as Counts;
    let below = ((1u32 << lowest) - 1) as Counts;
    at_most & !below
}

/// One end's half of the program: the counts seen for each reached set, the
/// counts of each set that lead to a good split, and the reached sets in the
/// order they were reached (so by size).
struct Half<'a> {
    direction: Direction,
    /// The end's clue, 0 for none (then counts are not followed: 1 means reached).
    clue: u8,
    /// How far a taller building shifts the counts: 1, or 0 without a clue.
    shift: u32,
    /// `window[h − 1]`: the counts worth keeping once `h` is the tallest placed
    /// height (see [`window`]).
    window: [Counts; MAX_LINE],
    /// `seen[S]`: the counts seen when `S` fills the cells nearest this end.
    seen: &'a mut [Counts],
    /// `useful[S]`: the counts at `S` that lead to a good split.
    useful: &'a mut [Counts],
    /// The reached sets, by size; `order[..reached]` are valid (one entry
    /// more than there are sets, written past the end when nothing is new).
    order: &'a mut [u16],
    reached: usize,
    /// `layer_end[k]`: the end in `order` of the sets of size `k`.
    layer_end: [usize; MAX_LINE + 1],
}

impl<'a> Half<'a> {
    /// A half over zeroed `tables` (seen, useful, order) for a line of `size` cells.
    fn new(
        direction: Direction,
        clue: Option<u8>,
        size: usize,
        tables: [&'a mut [u16]; 3],
    ) -> Half<'a> {
        let [seen, useful, order] = tables;
        let clue = clue.unwrap_or(0);
        Half {
            direction,
            clue,
            shift: u32::from(clue != 0),
            window: std::array::from_fn(|top| window(clue, size, top + 1)),
            seen,
            useful,
            order,
            reached: 0,
            layer_end: [0; MAX_LINE + 1],
        }
    }

    /// The counts the clue asks of the buildings before N (every count without a clue).
    fn wanted(&self) -> Counts {
        match self.clue {
            0 => Counts::MAX,
            clue => 1 << (clue - 1),
        }
    }

    /// Reaches every set of up to `last_layer` heights that fills the cells
    /// nearest this end within their candidates, with its counts.
    fn reach(&mut self, candidates: &[Candidates], others: Candidates, last_layer: usize) {
        let size = candidates.len();
        let (seen, order) = (&mut *self.seen, &mut *self.order);
        seen[0] = 1;
        order[0] = 0;
        let mut reached = 1;
        self.layer_end[0] = 1;
        // `later[k]`: the heights some cell from the `k`-th on (from this end)
        // can hold; a set of `k` heights must hold every other one.
        let mut later = [0; MAX_LINE + 1];
        for placed in (0..size).rev() {
            later[placed] = later[placed + 1] | candidates[self.direction.cell(size, placed)];
        }
        let mut layer_start = 0;
        for placed in 0..last_layer {
            let cell = candidates[self.direction.cell(size, placed)] & others;
            let needed = others & !later[placed + 1];
            let layer_end = reached;
            for index in layer_start..layer_end {
                let set = Candidates::from(order[index]);
                let counts = seen[set as usize];
                let shifted = counts << self.shift;
                let mut options = cell & !set;
                while options != 0 {
                    let bit = options & options.wrapping_neg();
                    options &= !bit;
                    let next = set | bit;
                    // A taller height is seen (and the counts must stay in
                    // its window); a lower one is hidden and leaves them.
                    let seen_taller = shifted & self.window[bit.trailing_zeros() as usize];
                    let next_counts = if bit > set { seen_taller } else { counts };
                    let next_counts = if needed & !next == 0 { next_counts } else { 0 };
                    // Branch-free: the slot past the reached sets is always
                    // written, and only kept when the set is new and has some count.
                    let entry = &mut seen[next as usize];
                    let fresh = *entry == 0 && next_counts != 0;
                    *entry |= next_counts;
                    order[reached] = next as u16;
                    reached += usize::from(fresh);
                }
            }
            layer_start = layer_end;
            self.layer_end[placed + 1] = reached;
        }
        self.layer_end[last_layer + 1..].fill(reached);
        self.reached = reached;
    }

    /// The reached sets of `placed` heights, as indexes into `order`.
    fn layers(&self, placed: usize) -> std::ops::Range<usize> {
        let start = if placed == 0 {
            0
        } else {
            self.layer_end[placed - 1]
        };
        start..self.layer_end[placed]
    }

    /// Walks back from the useful states and marks each step on a path to a
    /// good split in `found`.
    ///
    /// The cells nearest this end that have a single candidate are left out
    /// (see [`support`]): the walk stops at the nearest open cell.
    fn mark_supported(&mut self, candidates: &[Candidates], found: &mut [Candidates]) {
        let size = candidates.len();
        let nearest_open = (0..size)
            .position(|placed| candidates[self.direction.cell(size, placed)].count_ones() > 1)
            .unwrap_or(size);
        for placed in (nearest_open + 1..size).rev() {
            let cell = self.direction.cell(size, placed - 1);
            for index in (self.layer_end[placed - 1]..self.layer_end[placed]).rev() {
                let set = Candidates::from(self.order[index]);
                let counts = self.useful[set as usize];
                if counts != 0 {
                    self.mark_steps(set, counts, candidates[cell], &mut found[cell]);
                }
            }
        }
    }

    /// The last steps into `set` (its heights among `last_cell`'s candidates)
    /// that come from a reached state with some of `counts`: marked in
    /// `last_found`, and their states made useful.
    fn mark_steps(
        &mut self,
        set: Candidates,
        counts: Counts,
        last_cell: Candidates,
        last_found: &mut Candidates,
    ) {
        let mut members = set & last_cell;
        while members != 0 {
            let bit = members & members.wrapping_neg();
            members &= !bit;
            let before = set & !bit;
            let counts_before = if bit > before {
                counts >> self.shift
            } else {
                counts
            };
            let reachable = counts_before & self.seen[before as usize];
            self.useful[before as usize] |= reachable;
            *last_found |= if reachable != 0 { bit } else { 0 };
        }
    }
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
    let clue_fits = |clue: Option<u8>| usize::from(clue.unwrap_or(0)) <= size;
    if !clue_fits(start) || !clue_fits(end) {
        return false;
    }
    let (start, end) = (start.filter(|&c| c > 0), end.filter(|&c| c > 0));
    if size == 0 {
        return start.is_none() && end.is_none();
    }
    let sets = 1usize << (size - 1);
    if size <= TINY_LINE {
        on_stack::<{ (1 << (TINY_LINE - 1)) + 1 }>(candidates, start, end, union)
    } else if size <= SMALL_LINE {
        on_stack::<{ (1 << (SMALL_LINE - 1)) + 1 }>(candidates, start, end, union)
    } else if size <= STACK_LINE {
        on_stack::<{ (1 << (STACK_LINE - 1)) + 1 }>(candidates, start, end, union)
    } else {
        let mut heap = vec![[0u16; (1 << (MAX_LINE - 1)) + 1]; 6];
        support(candidates, start, end, tables_of(&mut heap, sets), union)
    }
}

/// The subset program with its tables on the stack, `LEN` entries each (in
/// a frame of its own, so the smaller lines never pay for the larger tables).
#[inline(never)]
fn on_stack<const LEN: usize>(
    candidates: &[Candidates],
    start: Option<u8>,
    end: Option<u8>,
    union: &mut [Candidates],
) -> bool {
    let sets = 1usize << (candidates.len() - 1);
    let mut stack = [[0u16; LEN]; 6];
    support(candidates, start, end, tables_of(&mut stack, sets), union)
}

/// Six tables of `sets + 1` entries each, cut from `storage`.
fn tables_of<const LEN: usize>(storage: &mut [[u16; LEN]], sets: usize) -> [&mut [u16]; 6] {
    let mut tables = storage.iter_mut().map(|table| &mut table[..=sets]);
    std::array::from_fn(|_| tables.next().expect("six tables"))
}

/// The subset program over the given tables (see the module docs).
fn support(
    line: &[Candidates],
    start: Option<u8>,
    end: Option<u8>,
    tables: [&mut [u16]; 6],
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
    let Some(first) = candidates.iter().position(|&c| c & tallest != 0) else {
        return false;
    };
    let last = candidates.iter().rposition(|&c| c & tallest != 0);
    let last = last.unwrap_or(first);
    let [f_seen, f_useful, f_order, b_seen, b_useful, b_order] = tables;
    let forward_tables = [f_seen, f_useful, f_order];
    let mut forward = Half::new(Direction::FromStart, start, size, forward_tables);
    let backward_tables = [b_seen, b_useful, b_order];
    let mut backward = Half::new(Direction::FromEnd, end, size, backward_tables);
    forward.reach(candidates, others, last);
    backward.reach(candidates, others, size - 1 - first);
    let (start_wanted, end_wanted) = (forward.wanted(), backward.wanted());
    let mut found = [0; MAX_LINE];
    for cell in first..=last {
        if candidates[cell] & tallest == 0 {
            continue;
        }
        for index in forward.layers(cell) {
            let before = Candidates::from(forward.order[index]);
            let after = others & !before;
            let seen_before = forward.seen[before as usize] & start_wanted;
            let seen_after = backward.seen[after as usize] & end_wanted;
            if seen_before != 0 && seen_after != 0 {
                forward.useful[before as usize] |= seen_before;
                backward.useful[after as usize] |= seen_after;
                found[cell] |= tallest;
            }
        }
    }
    if found[..size].iter().all(|&cell| cell == 0) {
        return false;
    }
    forward.mark_supported(candidates, &mut found);
    backward.mark_supported(candidates, &mut found);
    // A cell with one candidate keeps it in every arrangement, and some exists.
    for (found, &cell) in found.iter_mut().zip(candidates) {
        if cell.count_ones() == 1 {
            *found = cell;
        }
    }
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
