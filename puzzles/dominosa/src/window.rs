//! The fillings of a window: a cell and its neighbours, each given a partner,
//! such that pairs agree both ways, no cell is claimed twice and no domino is
//! laid twice.
//!
//! The model is built for every puzzle solved, so this walk is on the hot
//! path. It numbers the window's few partners and dominoes locally (a window
//! has at most 5 cells, so at most 17 partners and 20 dominoes), so that
//! what the choices so far have claimed is two words, each candidate checked
//! with a few bit tests rather than against every earlier choice.

use sieve::Value;

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
    value: Value,
    /// The partner: a window cell's position, or a number past them.
    target: u8,
    /// The domino, numbered in order of first appearance in the window.
    domino: u8,
}

/// Every choice of partners for the `window`'s cells (each from its
/// `candidates`, in increasing order of value) that agrees within the
/// window: pairs agree both ways, no cell is claimed twice, no domino laid
/// twice. Appended to `tuples` as partner values, one row after another, in
/// increasing order.
pub(crate) fn window_fillings(
    window: &[usize],
    candidates: &[Candidates],
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
                value: candidate.value,
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
    let mut row = Row {
        values: [0; MAX_CELLS],
        targets: [0; MAX_CELLS],
    };
    walk.step(0, 0, 0, &mut row, tuples);
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

/// The choices made so far: per window position, its value and its target.
struct Row {
    values: [Value; MAX_CELLS],
    targets: [u8; MAX_CELLS],
}

impl Walk<'_> {
    /// Choose a partner for the window's cell `at` on, given the targets
    /// `claimed` and the dominoes `laid` so far.
    fn step(&self, at: usize, claimed: u32, laid: u32, row: &mut Row, tuples: &mut Vec<Value>) {
        if at == self.cells {
            tuples.extend_from_slice(&row.values[..self.cells]);
            return;
        }
        let taken = claimed >> at & 1 == 1;
        for &local in &self.locals[at][..self.counts[at]] {
            let target = usize::from(local.target);
            let earlier = target < at;
            let (claimed, laid) = if taken {
                // An earlier cell chose this one: it must choose that cell back
                // (their domino is already laid).
                if !earlier || usize::from(row.targets[target]) != at {
                    continue;
                }
                (claimed | 1 << target, laid)
            } else {
                // An earlier cell that did not choose this one is taken, and so
                // is any partner already claimed or domino already laid.
                if earlier || claimed >> target & 1 == 1 || laid >> local.domino & 1 == 1 {
                    continue;
                }
                (claimed | 1 << target, laid | 1 << local.domino)
            };
            row.values[at] = local.value;
            row.targets[at] = local.target;
            self.step(at + 1, claimed, laid, row, tuples);
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

    /// A 3×3 grid of numbers, the window around its centre: the walk finds
    /// the brute force's fillings in the same (increasing) order.
    #[test]
    fn the_walk_matches_brute_force() {
        let numbers = [0u8, 1, 1, 2, 0, 2, 1, 0, 0];
        let width = 3;
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
            if row + 1 < 3 {
                next.push(cell + width);
            }
            next
        };
        let domino = |a: usize, b: usize| {
            let (low, high) = (numbers[a].min(numbers[b]), numbers[a].max(numbers[b]));
            Value::from(low) * 10 + Value::from(high)
        };
        for centre in [4, 0, 1] {
            let window: Vec<usize> = std::iter::once(centre).chain(neighbours(centre)).collect();
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
            window_fillings(&window, &candidates, &mut walked);
            assert!(!walked.is_empty());
            let lists: Vec<Vec<Candidate>> = (candidates.iter())
                .map(|list| list.as_slice().to_vec())
                .collect();
            assert_eq!(walked, brute_force(&window, &lists), "around {centre}");
        }
    }
}
