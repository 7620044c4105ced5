//! The fillings of a window: a cell and its neighbours, each given a partner,
//! such that pairs agree both ways, no cell is claimed twice and no domino is
//! laid twice.
//!
//! The model is built for every puzzle solved, so this is on the hot path.
//! The fillings but for dominoes depend only on which window cells and
//! partners the candidates name, the window's *shape*, which its place in
//! the grid decides (a grid has at most 25). The inside shape's are walked
//! once a model (the partners numbered locally; what the choices so far
//! have claimed one word, each candidate checked with a bit test); every
//! other shape's are some of those, picked by a mask test and renumbered,
//! with, per candidate, the set of fillings that take it. Each window then
//! pairs its candidates by domino in one pass and strikes, per pair that
//! lays one domino twice, the fillings that take both, a few words at a
//! time.

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

/// The fillings of the window shapes met so far while building one model,
/// dominoes aside: a grid has few shapes (its inside, its edges, its
/// corners and the cells next to them), so they are made once a shape, not
/// once a cell, and each window keeps the shape's fillings that lay no
/// domino twice.
#[derive(Default)]
pub(crate) struct Shapes {
    /// The fillings of the inside shape (every cell within two steps in
    /// the grid), walked once: every other shape's are some of them.
    inside: Vec<Inside>,
    /// Per shape key ([`shape_key`]), its place in `known` plus one (0: not
    /// met yet): a look-up a window, not a search.
    index: Vec<u16>,
    /// The shapes met, in order.
    known: Vec<Shape>,
    /// Per domino, the slots of the window at hand that lay it (emptied
    /// again after each window): slots are paired by domino in one pass.
    by_domino: Vec<u32>,
}

/// The fillings of one window shape, dominoes aside.
struct Shape {
    /// How many window cells lie in the grid.
    cells: usize,
    /// Per filling, in increasing order, per window cell the slot of its
    /// choice (`4 × cell + position`).
    fillings: Vec<[u8; MAX_CELLS]>,
    /// Words a set of fillings takes.
    words: usize,
    /// Per slot, the fillings that take it (`words` words a slot): a pair
    /// of slots that lays one domino twice strikes the fillings of both in
    /// a word operation, not by testing each filling.
    takers: Vec<u64>,
    /// Per slot that names a window cell, the slots of that cell that name
    /// it back: one pair seen from both ends, one domino.
    reverse: [u32; MOST_NUMBERED],
}

/// A filling of the inside shape: per window cell the slot of its choice,
/// and those slots as a mask.
#[derive(Clone, Copy)]
struct Inside {
    slots: [u8; MAX_CELLS],
    mask: u32,
}

/// Where a window's cells lie from its centre (row, column steps), in the
/// order the model lists them: the centre, then its neighbours left,
/// right, up and down.
const WINDOW: [(i8, i8); MAX_CELLS] = [(0, 0), (0, -1), (0, 1), (-1, 0), (1, 0)];

/// Where a cell's candidates lie from it, in increasing order of the values
/// that name them (cells are named in reading order): up, left, right, down.
const AROUND: [(i8, i8); MAX_PARTNERS] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

/// The key of the shape of the window around the cell at `row`, `column`
/// of a `height` × `width` grid: which steps of one or two from it, along
/// each axis, stay inside the grid (bits 0 to 3: one up, two up, one down,
/// two down; bits 4 to 7 the same leftwards and rightwards). It decides
/// which cells within two steps lie in the grid, so the window's cells
/// (listed as [`WINDOW`]) and their candidates (as [`AROUND`]): windows of
/// one key have the same fillings but for dominoes.
pub(crate) fn shape_key(row: usize, column: usize, height: usize, width: usize) -> usize {
    let inside = |at: usize, length: usize| {
        usize::from(at >= 1)
            | usize::from(at >= 2) << 1
            | usize::from(at + 1 < length) << 2
            | usize::from(at + 2 < length) << 3
    };
    inside(column, width) << 4 | inside(row, height)
}

/// Whether the cell `step` away from a window's centre lies in the grid,
/// for a window of shape `key`.
fn lies_inside(key: usize, (rows, columns): (i8, i8)) -> bool {
    let along = |step: i8, bits: usize| match step {
        0 => true,
        -1 => bits & 1 != 0,
        -2 => bits & 2 != 0,
        1 => bits & 4 != 0,
        2 => bits & 8 != 0,
        _ => unreachable!("a window reaches two steps"),
    };
    along(rows, key & 0b1111) && along(columns, key >> 4 & 0b1111)
}

/// The step from a window's centre to the target of window cell `cell`'s
/// candidate `position`.
fn target_step(cell: usize, position: usize) -> (i8, i8) {
    let ((rows, columns), (down, across)) = (WINDOW[cell], AROUND[position]);
    (rows + down, columns + across)
}

/// The most shape keys: four bits a direction.
const SHAPE_KEYS: usize = 1 << 8;

/// Every choice of partners for the `window`'s cells (each from its
/// `candidates`, indexed by cell, in increasing order of value) that agrees
/// within the window: pairs agree both ways, no cell is claimed twice, no
/// domino laid twice. Given as partner values, one row after another, in
/// increasing order. `key` is the window's [`shape_key`]; the window lists
/// its cells as [`WINDOW`] does (those in the grid), each cell's candidates
/// as [`AROUND`] does. `shapes` keeps the shapes met so far.
pub(crate) fn window_fillings(
    window: &[usize],
    candidates: &[Candidates],
    key: usize,
    shapes: &mut Shapes,
) -> Vec<Value> {
    assert!(
        window.len() <= MAX_CELLS && key < SHAPE_KEYS,
        "a window is a cell and its neighbours"
    );
    let at = shapes.place_of(key);
    let shape = &shapes.known[at];
    // Each slot's value, and the pairs of slots of two cells that lay one
    // domino (unless they are one pair seen from both ends).
    let mut values = [0; MOST_NUMBERED];
    let by_domino = &mut shapes.by_domino;
    let mut twice: SmallVec<[(usize, usize); 8]> = SmallVec::new();
    for (cell, list) in window.iter().map(|&cell| &candidates[cell]).enumerate() {
        for (position, candidate) in list.as_slice().iter().enumerate() {
            let slot = 4 * cell + position;
            values[slot] = candidate.value;
            let domino = candidate.domino as usize;
            if domino >= by_domino.len() {
                by_domino.resize(domino + 1, 0);
            }
            let others = by_domino[domino] & !(0b1111 << (4 * cell)) & !shape.reverse[slot];
            twice.extend(bits(u64::from(others)).map(|other| (other as usize, slot)));
            by_domino[domino] |= 1 << slot;
        }
    }
    for candidate in window.iter().flat_map(|&cell| candidates[cell].as_slice()) {
        by_domino[candidate.domino as usize] = 0;
    }
    shape.rows_without(&twice, &values)
}

impl Shapes {
    /// The place in `known` of the shape of `key`, made if new.
    fn place_of(&mut self, key: usize) -> usize {
        if self.index.is_empty() {
            self.index = vec![0; SHAPE_KEYS];
        }
        if self.index[key] == 0 {
            if self.inside.is_empty() {
                self.inside = inside_fillings();
            }
            self.known.push(Shape::of_key(key, &self.inside));
            self.index[key] = self.known.len() as u16;
        }
        usize::from(self.index[key]) - 1
    }
}

/// The fillings of the inside shape, dominoes aside, in increasing order:
/// walked over the cells within two steps of the centre, numbered window
/// cells first.
fn inside_fillings() -> Vec<Inside> {
    let mut targets = Numbering::<(i8, i8)>::default();
    for &step in &WINDOW {
        targets.number(step);
    }
    let mut locals = [[0u8; MAX_PARTNERS]; MAX_CELLS];
    for (cell, locals) in locals.iter_mut().enumerate() {
        for (position, local) in locals.iter_mut().enumerate() {
            *local = targets.number(target_step(cell, position));
        }
    }
    let walk = Walk {
        cells: MAX_CELLS,
        locals: &locals,
        counts: &[MAX_PARTNERS; MAX_CELLS],
    };
    let mut fillings = Vec::with_capacity(128);
    walk.step(0, 0, &mut [0; MAX_CELLS], &mut fillings);
    (fillings.into_iter())
        .map(|slots| Inside {
            slots,
            mask: slots.iter().fold(0, |mask, &slot| mask | 1 << slot),
        })
        .collect()
}

impl Shape {
    /// The rows of this shape's fillings that take no two slots of a pair
    /// of `twice`, each filling's slots read as their `values`.
    fn rows_without(&self, twice: &[(usize, usize)], values: &[Value]) -> Vec<Value> {
        let words = self.words;
        let mut left: SmallVec<[u64; 4]> = SmallVec::from_elem(u64::MAX, words);
        let last = self.fillings.len() % 64;
        if last != 0 {
            left[words - 1] = u64::MAX >> (64 - last);
        }
        for &(first, second) in twice {
            let (first, second) = (
                &self.takers[first * words..][..words],
                &self.takers[second * words..][..words],
            );
            for ((word, a), b) in left.iter_mut().zip(first).zip(second) {
                *word &= !(a & b);
            }
        }
        // Sized once, exactly: the table takes the list over.
        let kept: usize = left.iter().map(|word| word.count_ones() as usize).sum();
        let size = self.cells;
        let mut rows = Vec::with_capacity(kept * size);
        for (at, &word) in left.iter().enumerate() {
            for bit in bits(word) {
                let filling = &self.fillings[64 * at + bit as usize];
                rows.extend(
                    filling[..size]
                        .iter()
                        .map(|&slot| values[usize::from(slot)]),
                );
            }
        }
        rows
    }

    /// The shape of `key`, from the `inside` shape's fillings: those whose
    /// choices all lie in the grid, each window cell outside the grid
    /// choosing the cell beyond it (which no other window cell can: a
    /// stand-in, so that each filling here is one of the inside's, met in
    /// the same order), renumbered over the cells and candidates in the
    /// grid. Walking each shape anew was 2 % of solving an ID.
    fn of_key(key: usize, inside: &[Inside]) -> Shape {
        // Per inside slot, the slot here; the inside slots allowed.
        let mut renumbered = [0u8; MOST_NUMBERED];
        let mut allowed = 0u32;
        // The window cells in the grid, in order.
        let mut present = [0; MAX_CELLS];
        let mut cells = 0;
        for cell in 0..MAX_CELLS {
            if !lies_inside(key, WINDOW[cell]) {
                let beyond = AROUND.iter().position(|&step| step == WINDOW[cell]);
                allowed |= 1 << (4 * cell + beyond.expect("a neighbour's step"));
                continue;
            }
            let mut positions = 0;
            for position in 0..MAX_PARTNERS {
                if lies_inside(key, target_step(cell, position)) {
                    renumbered[4 * cell + position] = (4 * cells + positions) as u8;
                    allowed |= 1 << (4 * cell + position);
                    positions += 1;
                }
            }
            present[cells] = cell;
            cells += 1;
        }
        let present = &present[..cells];
        let fillings: Vec<[u8; MAX_CELLS]> = (inside.iter())
            .filter(|filling| filling.mask & !allowed == 0)
            .map(|filling| {
                let mut slots = [0; MAX_CELLS];
                for (here, &cell) in slots.iter_mut().zip(present) {
                    *here = renumbered[usize::from(filling.slots[cell]) % MOST_NUMBERED];
                }
                slots
            })
            .collect();
        let words = fillings.len().div_ceil(64).max(1);
        let mut takers = vec![0; MOST_NUMBERED * words];
        for (at, filling) in fillings.iter().enumerate() {
            for &slot in &filling[..cells] {
                takers[usize::from(slot) * words + at / 64] |= 1 << (at % 64);
            }
        }
        Shape {
            cells,
            fillings,
            words,
            takers,
            reverse: reverse_slots(key, &renumbered),
        }
    }
}

/// Per slot of the shape `key` (`renumbered`: its slot for each inside
/// slot in the grid) that names a window cell, the slot of that cell that
/// names it back.
fn reverse_slots(key: usize, renumbered: &[u8; MOST_NUMBERED]) -> [u32; MOST_NUMBERED] {
    let mut reverse = [0; MOST_NUMBERED];
    for cell in (0..MAX_CELLS).filter(|&cell| lies_inside(key, WINDOW[cell])) {
        for position in 0..MAX_PARTNERS {
            let step = target_step(cell, position);
            let Some(other) = WINDOW.iter().position(|&at| at == step) else {
                continue;
            };
            if !lies_inside(key, step) {
                continue;
            }
            let (down, across) = AROUND[position];
            let back = AROUND.iter().position(|&at| at == (-down, -across));
            let back = 4 * other + back.expect("the way back is a step");
            let here = renumbered[4 * cell + position];
            reverse[usize::from(here)] |= 1 << renumbered[back];
        }
    }
    reverse
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

/// The walk over one window's fillings, dominoes aside.
struct Walk<'a> {
    cells: usize,
    /// Per window cell, the targets of its candidates in the window's
    /// numbering (the window's cells first; the first `counts` of them).
    locals: &'a [[u8; MAX_PARTNERS]; MAX_CELLS],
    counts: &'a [usize; MAX_CELLS],
}

impl Walk<'_> {
    /// Choose a partner for the window's cell `at` on, given the targets
    /// `claimed` and the `choices` (as slots) so far, dominoes aside.
    fn step(
        &self,
        at: usize,
        claimed: u32,
        choices: &mut [u8; MAX_CELLS],
        fillings: &mut Vec<[u8; MAX_CELLS]>,
    ) {
        if at == self.cells {
            fillings.push(*choices);
            return;
        }
        let taken = claimed >> at & 1 == 1;
        for (position, &target) in self.locals[at][..self.counts[at]].iter().enumerate() {
            let target = usize::from(target);
            let earlier = target < at;
            if taken {
                // An earlier cell chose this one: it must choose that cell back.
                let chosen_back = |earlier: usize| {
                    let slot = usize::from(choices[earlier]);
                    self.locals[earlier][slot % 4]
                };
                if !earlier || usize::from(chosen_back(target)) != at {
                    continue;
                }
            } else if earlier || claimed >> target & 1 == 1 {
                // An earlier cell that did not choose this one is taken, and so
                // is any partner already claimed.
                continue;
            }
            choices[at] = (4 * at + position) as u8;
            self.step(at + 1, claimed | 1 << target, choices, fillings);
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
            let candidates: Vec<Candidates> = (0..cells)
                .map(|cell| {
                    Candidates::sorted(neighbours(cell).into_iter().map(|partner| Candidate {
                        partner,
                        value: 100 + partner as Value,
                        domino: domino(cell, partner),
                    }))
                })
                .collect();
            for centre in 0..cells {
                // The centre, then its neighbours left, right, up, down:
                // the model's order (`neighbours` gives up, left, right, down).
                let around = neighbours(centre);
                let (row, column) = (centre / width, centre % width);
                let mut window = vec![centre];
                window.extend(around.iter().filter(|&&cell| cell / width == row));
                window.extend(around.iter().filter(|&&cell| cell % width == column));
                let key = shape_key(centre / width, centre % width, height, width);
                let walked = window_fillings(&window, &candidates, key, &mut shapes);
                let lists: Vec<Vec<Candidate>> = (window.iter())
                    .map(|&cell| candidates[cell].as_slice().to_vec())
                    .collect();
                let expected = brute_force(&window, &lists);
                assert_eq!(walked, expected, "{width}×{height}, around {centre}");
            }
            // Fewer shapes than windows: each made once.
            assert!(shapes.known.len() <= 25.min(cells), "{width}×{height}");
        }
    }
}
