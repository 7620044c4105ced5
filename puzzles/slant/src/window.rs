//! The fillings of a window: the cells that the clues of a 3×3 block of
//! corners touch, filled every way that meets all those clues and closes no
//! loop among those cells.
//!
//! A window's cells lie within 4×4 cells, so a filling is a 16-bit mask
//! (bit `i` set when the window's `i`-th cell holds `\`), each clue two
//! masks of the cells whose `\` or `/` touches it, and the loop check a
//! union-find over the 5×5 corners of those cells, copied down the walk.
//! The walk goes clue by clue, choosing at once every diagonal a clue is
//! the first to touch, so a branch ends as soon as a clue is wrong rather
//! than when its last cell comes. The model is built for every puzzle
//! solved, so this walk is on the hot path.

/// The most cells a window's clues touch: 4×4.
pub(crate) const MAX_CELLS: usize = 16;

/// Corners across (and down) the 4×4 cells a window's clues can touch.
const CORNERS_ACROSS: usize = 5;

/// A clue, as the masks of the window's cells that can touch it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WindowClue {
    /// How many diagonals touch the clue's corner.
    pub lines: u8,
    /// The cells whose `\` touches it.
    pub backslash_touches: u16,
    /// The cells whose `/` touches it.
    pub slash_touches: u16,
}

/// The most clues a window holds: its 3×3 corners.
pub(crate) const MAX_CLUES: usize = 9;

/// The most choices a clue offers among the cells it is the first to touch
/// (at most four cells: every subset).
const CHOICES_A_CLUE: usize = 16;

/// The walk over one window's fillings. Its lists are arrays, sized for the
/// largest window: a model makes dozens of windows, and a list each was
/// most of their allocations.
struct Walk<'a> {
    clues: &'a [WindowClue],
    /// Per clue, the cells no earlier clue touches.
    fresh: [u16; MAX_CLUES],
    /// Per clue and number of lines `n` (0 to 4), where in `choices` lie
    /// the choices of `\` among its fresh cells that draw `n` more lines to
    /// it: worked out once a window, so that the walk tries only those.
    spans: [[(u16, u16); 5]; MAX_CLUES],
    /// The choices, clue after clue, number of lines after number of lines.
    choices: [u16; MAX_CLUES * CHOICES_A_CLUE],
    /// Per cell of the window, its `\` and its `/` as pairs of local corners.
    diagonals: [[(u8, u8); 2]; MAX_CELLS],
    /// The fillings found, as masks of the cells holding `\`.
    fillings: Vec<u64>,
}

/// The fillings of the cells `block` (grid cell numbers of a grid `width`
/// cells wide, within 4×4 cells, each touched by one of `clues` at least)
/// that meet every clue of `clues` (at most nine) and close no loop among
/// those cells, each as the bits of a table row
/// ([`sieve::rules::Table::from_bits`]): bit `i` set when the block's `i`-th
/// cell holds `\`.
pub(crate) fn window_fillings(block: &[usize], width: usize, clues: &[WindowClue]) -> Vec<u64> {
    assert!(
        block.len() <= MAX_CELLS && clues.len() <= MAX_CLUES,
        "a window touches at most 4×4 cells and holds at most 3×3 clues"
    );
    let top = block.iter().map(|&cell| cell / width).min().unwrap_or(0);
    let left = block.iter().map(|&cell| cell % width).min().unwrap_or(0);
    let corner = |row: usize, column: usize| -> u8 {
        let local = (row - top) * CORNERS_ACROSS + (column - left);
        u8::try_from(local).expect("a window's corners are within 5×5")
    };
    let mut walk = Walk {
        clues,
        fresh: [0; MAX_CLUES],
        spans: [[(0, 0); 5]; MAX_CLUES],
        choices: [0; MAX_CLUES * CHOICES_A_CLUE],
        diagonals: [[(0, 0); 2]; MAX_CELLS],
        // Most windows have a few dozen fillings: sized once for them.
        fillings: Vec::with_capacity(64),
    };
    for (diagonals, &cell) in walk.diagonals.iter_mut().zip(block) {
        let (row, column) = (cell / width, cell % width);
        *diagonals = [
            (corner(row, column), corner(row + 1, column + 1)),
            (corner(row, column + 1), corner(row + 1, column)),
        ];
    }
    let (mut touched, mut chosen) = (0u16, 0);
    for (at, clue) in clues.iter().enumerate() {
        let touches = clue.backslash_touches | clue.slash_touches;
        let fresh = touches & !touched;
        touched |= touches;
        walk.fresh[at] = fresh;
        walk.spans[at] = choices_by_lines(clue, fresh, &mut walk.choices, &mut chosen);
    }
    let parents = std::array::from_fn(|at| at as u8);
    walk.step(0, 0, 0, parents);
    walk.fillings
}

impl Walk<'_> {
    /// Meet the clues from `clue` on, given the cells `filled` so far, the
    /// `\` among them, `backslashes`, and the union-find `parents` of their
    /// diagonals' corners.
    fn step(&mut self, clue: usize, filled: u16, backslashes: u16, parents: [u8; 25]) {
        let Some(&WindowClue {
            lines,
            backslash_touches,
            slash_touches,
        }) = self.clues.get(clue)
        else {
            self.fillings.push(u64::from(backslashes));
            return;
        };
        let drawn = (backslashes & backslash_touches & filled).count_ones()
            + (!backslashes & slash_touches & filled).count_ones();
        let Some(wanted) = u32::from(lines).checked_sub(drawn) else {
            return;
        };
        let fresh = self.fresh[clue];
        let Some(&(start, end)) = self.spans[clue].get(wanted as usize) else {
            return;
        };
        for at in usize::from(start)..usize::from(end) {
            let chosen = self.choices[at];
            if let Some(parents) = self.join(fresh, chosen, parents) {
                self.step(clue + 1, filled | fresh, backslashes | chosen, parents);
            }
        }
    }

    /// The union-find `parents` with the diagonals of the cells `fresh`
    /// added (`\` where `chosen` says), or `None` if they close a loop.
    fn join(&self, fresh: u16, chosen: u16, mut parents: [u8; 25]) -> Option<[u8; 25]> {
        let mut cells = fresh;
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let backslash = chosen >> cell & 1 == 1;
            let (a, b) = self.diagonals[cell][usize::from(!backslash)];
            let (a, b) = (root(&mut parents, a), root(&mut parents, b));
            if a == b {
                return None;
            }
            parents[usize::from(a)] = b;
        }
        Some(parents)
    }
}

/// Every choice of `\` among the cells `fresh` that `clue` is the first to
/// touch, written into `choices` from `chosen` on (which it moves past them)
/// grouped by how many lines it draws to the clue (0 to 4); per number,
/// where its group lies.
fn choices_by_lines(
    clue: &WindowClue,
    fresh: u16,
    choices: &mut [u16],
    chosen: &mut usize,
) -> [(u16, u16); 5] {
    // A clue touches at most four cells: at most 16 choices, in arrays.
    let mut by_lines = [[0u16; CHOICES_A_CLUE]; 5];
    let mut counts = [0usize; 5];
    // Every subset of the fresh cells, from none up.
    let mut subset: u16 = 0;
    loop {
        let lines = ((subset & clue.backslash_touches).count_ones()
            + (!subset & fresh & clue.slash_touches).count_ones()) as usize;
        by_lines[lines][counts[lines]] = subset;
        counts[lines] += 1;
        subset = subset.wrapping_sub(fresh) & fresh;
        if subset == 0 {
            break;
        }
    }
    std::array::from_fn(|lines| {
        let start = *chosen;
        let end = start + counts[lines];
        choices[start..end].copy_from_slice(&by_lines[lines][..counts[lines]]);
        *chosen = end;
        (start as u16, end as u16)
    })
}

/// The root of `at` in the union-find `parents`, halving the path there.
fn root(parents: &mut [u8; 25], mut at: u8) -> u8 {
    while parents[usize::from(at)] != at {
        let grand = parents[usize::from(parents[usize::from(at)])];
        parents[usize::from(at)] = grand;
        at = grand;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lone 2x2 block with a 4 in the middle: both `\` on the main
    /// diagonal cells and `/` on the others, one filling.
    #[test]
    fn a_four_in_the_middle_has_one_filling() {
        // Cells (0,0) (0,1) (1,0) (1,1) of a 2-wide grid; the centre corner.
        let clue = WindowClue {
            lines: 4,
            backslash_touches: 0b1001,
            slash_touches: 0b0110,
        };
        assert_eq!(window_fillings(&[0, 1, 2, 3], 2, &[clue]), vec![0b1001]);
    }

    /// A 0 in the middle of 2x2 cells makes a diamond of the four other
    /// diagonals: a loop, so no filling.
    #[test]
    fn a_zero_in_the_middle_closes_a_loop() {
        let clue = WindowClue {
            lines: 0,
            backslash_touches: 0b1001,
            slash_touches: 0b0110,
        };
        assert!(window_fillings(&[0, 1, 2, 3], 2, &[clue]).is_empty());
    }

    /// A 2 in the middle of 2x2 cells: of the six ways to draw two of its
    /// four lines, none closes a loop (the diamond needs a 0).
    #[test]
    fn a_two_in_the_middle_has_six_fillings() {
        let clue = WindowClue {
            lines: 2,
            backslash_touches: 0b1001,
            slash_touches: 0b0110,
        };
        assert_eq!(window_fillings(&[0, 1, 2, 3], 2, &[clue]).len(), 6);
    }

    /// A 1 on the top edge between two cells, and a 1 below it in the
    /// middle of 2x2 cells: the fillings are those meeting both, checked
    /// against every filling of the four cells.
    #[test]
    fn two_clues_together_match_brute_force() {
        let edge = WindowClue {
            lines: 1,
            backslash_touches: 0b0010,
            slash_touches: 0b0001,
        };
        let middle = WindowClue {
            lines: 1,
            backslash_touches: 0b1001,
            slash_touches: 0b0110,
        };
        let mut found = window_fillings(&[0, 1, 2, 3], 2, &[edge, middle]);
        let lines = |clue: &WindowClue, filling: u16| {
            (filling & clue.backslash_touches).count_ones()
                + (!filling & clue.slash_touches).count_ones()
        };
        let wanted: Vec<u64> = (0..16u16)
            .filter(|&filling| lines(&edge, filling) == 1 && lines(&middle, filling) == 1)
            .map(u64::from)
            .collect();
        found.sort_unstable();
        assert_eq!(found, wanted);
    }
}
