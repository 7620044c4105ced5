//! One line (a row or a column) on its own: how many buildings its ends see,
//! and which arrangements of it agree with its two clues and its candidates.
//!
//! This is the engine-free core of the per-line rule. A line of N cells has
//! per-cell [`Candidates`] (bit `k − 1` set when height `k` is still possible)
//! and up to two clues, one at its start (left or top) and one at its end
//! (right or bottom); `None` or `Some(0)` means no clue. An *arrangement* is
//! a permutation of `1..=N` that fits every cell's candidates and is seen by
//! exactly the clued number of buildings from each clued end.
//!
//! - [`surviving_candidates`] keeps exactly the candidates that appear in some
//!   arrangement, without listing them: a dynamic program over the subsets of
//!   heights placed before and after the tallest building N. The count seen
//!   from the start depends only on the cells before N, and the count seen
//!   from the end only on the cells after it, so a line is an arrangement
//!   exactly when some set of heights before N reaches the start clue, its
//!   complement after N reaches the end clue, and N fits in between. Only
//!   the sets that can be reached are visited, and only as far as N can
//!   stand, so a mostly settled line (as in a search) costs a few dozen
//!   steps; an open one at most about 2^(N−1)·N, a few thousand for N = 9.
//! - [`for_each_arrangement`], [`arrangements`] and [`first_arrangement`] list
//!   them, depth first in lexicographic order, starting from the candidates
//!   the subset program keeps (so most dead ends are gone) and pruned while
//!   they grow: a height with no cell left ends the branch, the count from the
//!   start never overshoots (and stays below the clue while N is still to
//!   come) and must stay reachable with the unused taller heights, and the
//!   count from the end must fit behind the first cell that can still take N,
//!   then between the exact count of the placed cells behind N plus one and
//!   all of the unused heights.
//!
//! ```
//! use sieve_skyscrapers::lines::{arrangements, full_mask, surviving_candidates, visible_count};
//!
//! assert_eq!(visible_count(&[3, 1, 4, 2]), 2);
//! // N = 4, clue 3 at the start, nothing known yet: the first cell is 1 or 2.
//! let open = [full_mask(4); 4];
//! assert_eq!(surviving_candidates(&open, Some(3), None)[0], 0b0011);
//! // Clue 1 at the start and 2 at the end: 4 first, 3 last.
//! assert_eq!(arrangements(&open, Some(1), Some(2)), [[4, 1, 2, 3], [4, 2, 1, 3]]);
//! ```

mod arrangements;
mod support;

pub use arrangements::{arrangements, first_arrangement, for_each_arrangement};
pub use support::{surviving_candidates, surviving_candidates_into};

use crate::puzzle::MAX_SIZE;

/// A set of heights for one cell: bit `k − 1` is set when height `k` is possible.
pub type Candidates = u32;

/// The longest line handled: [`MAX_SIZE`]. Longer lines have no arrangements.
pub const MAX_LINE: usize = MAX_SIZE;

/// The candidate bit of one height (`1..=32`); 0 for height 0 or above 32.
pub fn height_bit(height: u8) -> Candidates {
    match height {
        1..=32 => 1 << (height - 1),
        _ => 0,
    }
}

/// Every height of a line of `size` cells: the bits of `1..=size`.
pub fn full_mask(size: usize) -> Candidates {
    if size >= Candidates::BITS as usize {
        Candidates::MAX
    } else {
        (1 << size) - 1
    }
}

/// The heights set in `candidates`, lowest first.
pub fn heights_of(candidates: Candidates) -> impl Iterator<Item = u8> {
    (1..=Candidates::BITS as u8).filter(move |&height| candidates & height_bit(height) != 0)
}

/// How many buildings are seen looking along `heights` from its start: each
/// one taller than every building before it.
pub fn visible_count(heights: &[u8]) -> u8 {
    let mut tallest = 0;
    let mut seen = 0;
    for &height in heights {
        if height > tallest {
            tallest = height;
            seen += 1;
        }
    }
    seen
}
