//! The fillings of a window: a cell and its neighbours, each given a partner,
//! such that pairs agree both ways, no cell is claimed twice and no domino is
//! laid twice.
//!
//! The model is built for every puzzle solved, so this is on the hot path.
//! It numbers the window's few partners and dominoes locally (a window has
//! at most 5 cells, so at most 17 partners and 20 dominoes). The fillings
//! but for dominoes depend only on which window cells and partners the
//! candidates name, the window's *shape*, of which a grid has a few dozen
//! at most: they are walked once a shape (what the choices so far have
//! claimed one word, each candidate checked with a bit test), and each
//! window keeps those that lay no domino twice, a filling's choices tested
//! against the few pairs of its candidates that make one domino.

use sieve::Value;
use sieve::fast::bits;
use smallvec::SmallVec;

/// The most cells a window holds: a cell and its four neighbours.
const MAX_CELLS: usize = 5;

/// The most partners a cell has: its four neighbours.
const MAX_PARTNERS: usize = 4;

/// A partner a window's cell may take: the cell, the value that names it in
/// the cell's partner variable, and the domino the two make.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Candidate {
    pub partner: usize,
    pub value: Value,
    pub domino: Value,
}

/// A window cell's candidates, at most four, in an array: a window is made
/// for every cell of every puzzle solved, and a list a cell was most of its
/// allocations.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Candidates {
    list: [Candidate; MAX_PARTNERS],
    count: usize,
}

impl Candidates {
    /// The candidates of `list` (at most four), in increasing order of value.
    pub(crate) fn sorted(list: impl IntoIterator<Item = Candidate>) -> Self {
        let mut candidates = Candidates::default();
        for candidate in list {
            candidates.list[candidates.count] = candidate;
            candidates.count += 1;
        }
        candidates.list[..candidates.count].sort_unstable_by_key(|candidate| candidate.value);
        candidates
    }

    /// The candidates, in increasing order of value.
    pub(crate) fn as_slice(&self) -> &[Candidate] {
        &self.list[..self.count]
    }
}

/// A candidate in the window's own numbering.
#[derive(Clone, Copy, Default)]
struct Local {
    /// The partner: a window cell's position, or a number past them.
    target: u8,
    /// The domino, numbered in order of first appearance in the window.
    domino: u8,
}

/// The fillings of the window shapes met so far while building one model,
/// dominoes aside: a grid has few shapes (its inside, its edges, its
/// corners and the cells next to them), so the walk runs once a shape, not
/// once a cell, and each window keeps the shape's fillings that lay no
/// domino twice.
#[derive(Default)]
pub(crate) struct Shapes {
    /// Per shape met: its key ([`shape_key`]) and its fillings.
    known: Vec<(u128, Vec<Filling>)>,
}

/// One filling of a window shape: per window cell, the position of its
/// choice among its candidates, and the choices as slots (bit `4 × cell +
/// position`), to test against pairs of slots that lay one domino twice.
#[derive(Clone, Copy)]
struct Filling {
    choices: [u8; MAX_CELLS],
    slots: u32,
}

/// Every choice of partners for the `window`'s cells (each from its
/// `candidates`, in increasing order of value) that agrees within the
/// window: pairs agree both ways, no cell is claimed twice, no domino laid
/// twice. Appended to `tuples` as partner values, one row after another, in
/// increasing order. `shapes` keeps the fillings of the shapes met so far.
pub(crate) fn window_fillings(
    window: &[usize],
    candidates: &[Candidates],
    shapes: &mut Shapes,
    tuples: &mut Vec<Value>,
) {
    assert!(
        window.len() <= MAX_CELLS,
        "a window is a cell and its neighbours"
    );
    // The window's cells first, then the partners past them; the dominoes
    // in order of first appearance: at most 20 of each, in arrays.
    let mut targets = Numbering::<usize>::default();
    for &cell in window {
        targets.number(cell);
    }
    let mut dominoes = Numbering::<Value>::default();
    let mut locals = [[Local::default(); MAX_PARTNERS]; MAX_CELLS];
    let mut counts = [0; MAX_CELLS];
    for ((list, locals), count) in candidates.iter().zip(&mut locals).zip(&mut counts) {
        for (local, candidate) in locals.iter_mut().zip(list.as_slice()) {
            *local = Local {
                target: targets.number(candidate.partner),
                domino: dominoes.number(candidate.domino),
            };
        }
        *count = list.as_slice().len();
    }
    let walk = Walk {
        cells: window.len(),
        locals: &locals,
        counts: &counts,
    };
    let key = walk.shape_key();
    let at = match shapes.known.iter().position(|(known, _)| *known == key) {
        Some(at) => at,
        None => {
            let mut fillings = Vec::new();
            walk.step(0, 0, &mut [0; MAX_CELLS], 0, &mut fillings);
            shapes.known.push((key, fillings));
            shapes.known.len() - 1
        }
    };
    let twice = walk.domino_twice();
    for filling in &shapes.known[at].1 {
        if twice.iter().all(|&pair| filling.slots & pair != pair) {
            let choices = filling.choices.iter().zip(candidates);
            tuples
                .extend(choices.map(|(&choice, list)| list.as_slice()[usize::from(choice)].value));
        }
    }
}

/// The most partners or dominoes a window numbers: 5 cells with 4 each.
const MOST_NUMBERED: usize = MAX_CELLS * MAX_PARTNERS;

/// Items numbered in order of first appearance, in an array.
struct Numbering<T> {
    items: [T; MOST_NUMBERED],
    count: usize,
}

impl<T: Default + Copy> Default for Numbering<T> {
    fn default() -> Self {
        Numbering {
            items: [T::default(); MOST_NUMBERED],
            count: 0,
        }
    }
}

impl<T: PartialEq + Copy> Numbering<T> {
    /// The number of `item`, which joins the numbering if new.
    fn number(&mut self, item: T) -> u8 {
        let at = (self.items[..self.count].iter())
            .position(|&seen| seen == item)
            .unwrap_or_else(|| {
                self.items[self.count] = item;
                self.count += 1;
                self.count - 1
            });
        at as u8
    }
}

/// The walk over one window's fillings.
struct Walk<'a> {
    cells: usize,
    /// Per window cell, its candidates in the window's numbering (the first
    /// `counts` of them).
    locals: &'a [[Local; MAX_PARTNERS]; MAX_CELLS],
    counts: &'a [usize; MAX_CELLS],
}

impl Walk<'_> {
    /// What the fillings but for dominoes depend on: how many candidates
    /// each cell has and the target of each, five bits a candidate (at most
    /// 20 targets), three a count.
    fn shape_key(&self) -> u128 {
        let mut key = self.cells as u128;
        for (locals, &count) in self.locals.iter().zip(self.counts).take(self.cells) {
            key = key << 3 | count as u128;
            for local in &locals[..count] {
                key = key << 5 | u128::from(local.target);
            }
        }
        key
    }

    /// The pairs of slots (as masks) that lay one domino twice: two cells'
    /// choices with the same domino, unless they are one pair seen from
    /// both ends. The slots are grouped by domino first (most dominoes a
    /// window meets once), so only slots of one group are paired.
    fn domino_twice(&self) -> SmallVec<[u32; 8]> {
        let mut by_domino = [0u32; MOST_NUMBERED];
        for cell in 0..self.cells {
            for (at, local) in self.locals[cell][..self.counts[cell]].iter().enumerate() {
                by_domino[usize::from(local.domino)] |= 1 << (4 * cell + at);
            }
        }
        let mut pairs = SmallVec::new();
        for &group in by_domino.iter().filter(|group| group.count_ones() > 1) {
            let group = u64::from(group);
            for first in bits(group) {
                for second in bits(group & u64::MAX << (first + 1)) {
                    let (cell, other) = (first as usize / 4, second as usize / 4);
                    let target =
                        |slot: u32| self.locals[slot as usize / 4][slot as usize % 4].target;
                    let one_pair =
                        usize::from(target(first)) == other && usize::from(target(second)) == cell;
                    if cell != other && !one_pair {
                        pairs.push(1 << first | 1 << second);
                    }
                }
            }
        }
        pairs
    }

    /// Choose a partner for the window's cell `at` on, given the targets
    /// `claimed` and the `choices` and `slots` so far, dominoes aside.
    fn step(
        &self,
        at: usize,
        claimed: u32,
        choices: &mut [u8; MAX_CELLS],
        slots: u32,
        fillings: &mut Vec<Filling>,
    ) {
        if at == self.cells {
            fillings.push(Filling {
                choices: *choices,
                slots,
            });
            return;
        }
        let taken = claimed >> at & 1 == 1;
        for (position, local) in self.locals[at][..self.counts[at]].iter().enumerate() {
            let target = usize::from(local.target);
            let earlier = target < at;
            if taken {
                // An earlier cell chose this one: it must choose that cell back.
                let chosen_back =
                    |earlier: usize| self.locals[earlier][usize::from(choices[earlier])].target;
                if !earlier || usize::from(chosen_back(target)) != at {
                    continue;
                }
            } else if earlier || claimed >> target & 1 == 1 {
                // An earlier cell that did not choose this one is taken, and so
                // is any partner already claimed.
                continue;
            }
            choices[at] = position as u8;
            let slot = 1 << (4 * at + position);
            self.step(
                at + 1,
                claimed | 1 << target,
                choices,
                slots | slot,
                fillings,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force over every combination of candidates: pairs agree both
    /// ways, no partner twice, no domino twice except within one pair.
    fn brute_force(window: &[usize], candidates: &[Vec<Candidate>]) -> Vec<Value> {
        let mut rows = Vec::new();
        let mut picks = vec![0usize; window.len()];
        'combinations: loop {
            let chosen: Vec<Candidate> =
                (0..window.len()).map(|i| candidates[i][picks[i]]).collect();
            let fits = (0..window.len()).all(|i| {
                (0..window.len()).filter(|&j| j != i).all(|j| {
                    let (mine, theirs) = (&chosen[i], &chosen[j]);
                    let paired = mine.partner == window[j];
                    paired == (theirs.partner == window[i])
                        && mine.partner != theirs.partner
                        && (paired || mine.domino != theirs.domino)
                })
            });
            if fits {
                rows.extend(chosen.iter().map(|choice| choice.value));
            }
            for i in (0..window.len()).rev() {
                picks[i] += 1;
                if picks[i] < candidates[i].len() {
                    continue 'combinations;
                }
                picks[i] = 0;
            }
            return rows;
        }
    }

    /// Grids of numbers (each from a few digits, so that windows often meet
    /// one domino twice), every window of each: the fillings, found from
    /// the shapes met so far, are the brute force's in the same
    /// (increasing) order.
    #[test]
    fn the_fillings_match_brute_force() {
        for (width, height, seed) in [(3, 3, 1u64), (5, 4, 7), (6, 5, 11), (4, 6, 23)] {
            let cells = width * height;
            // A small linear congruential sequence: numbers 0..3, fixed by the seed.
            let mut state = seed;
            let numbers: Vec<u8> = (0..cells)
                .map(|_| {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (state >> 33) as u8 % 3
                })
                .collect();
            let neighbours = |cell: usize| {
                let (row, column) = (cell / width, cell % width);
                let mut next = Vec::new();
                if row > 0 {
                    next.push(cell - width);
                }
                if column > 0 {
                    next.push(cell - 1);
                }
                if column + 1 < width {
                    next.push(cell + 1);
                }
                if row + 1 < height {
                    next.push(cell + width);
                }
                next
            };
            let domino = |a: usize, b: usize| {
                let (low, high) = (numbers[a].min(numbers[b]), numbers[a].max(numbers[b]));
                Value::from(low) * 10 + Value::from(high)
            };
            let mut shapes = Shapes::default();
            for centre in 0..cells {
                let window: Vec<usize> =
                    std::iter::once(centre).chain(neighbours(centre)).collect();
                let candidates: Vec<Candidates> = (window.iter())
                    .map(|&cell| {
                        Candidates::sorted(neighbours(cell).into_iter().map(|partner| Candidate {
                            partner,
                            value: 100 + partner as Value,
                            domino: domino(cell, partner),
                        }))
                    })
                    .collect();
                let mut walked = Vec::new();
                window_fillings(&window, &candidates, &mut shapes, &mut walked);
                let lists: Vec<Vec<Candidate>> = (candidates.iter())
                    .map(|list| list.as_slice().to_vec())
                    .collect();
                let expected = brute_force(&window, &lists);
                assert_eq!(walked, expected, "{width}×{height}, around {centre}");
            }
            // Fewer shapes than windows: the walk ran once a shape.
            assert!(shapes.known.len() <= 25.min(cells), "{width}×{height}");
        }
    }
}
