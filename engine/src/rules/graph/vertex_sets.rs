//! Sets of a graph's vertices as words of bits, and searches over them a word
//! at a time: a region rule's searches (a piece's near vertices, an area with
//! room) grow whole sets by each step rather than visiting vertex by vertex,
//! which was most of a Fillomino solve.

use crate::rules::graph::undirected::Graph;

/// Each vertex's neighbours as a set of bits (vertex `v` is bit `v % 64` of
/// word `v / 64`), made once from a graph.
#[derive(Clone, Debug, Default)]
pub(crate) struct NeighbourSets {
    /// Words in one set.
    words: usize,
    /// The neighbours of each vertex, `words` words a vertex.
    sets: Vec<u64>,
    /// On a grid [`Graph::grid`] made, narrower than a word, the neighbours of
    /// a whole set are its shifts by one and by a row: a handful of word
    /// operations however many vertices the set holds.
    grid: Option<GridShifts>,
}

/// What shifting a set on a grid needs: its width, and the vertices outside
/// the first column, outside the last, and all of them.
#[derive(Clone, Debug)]
struct GridShifts {
    columns: usize,
    not_first_column: Vec<u64>,
    not_last_column: Vec<u64>,
    all: Vec<u64>,
    /// The three sets as 128-bit numbers, for grids that small.
    narrow: [u128; 3],
}

impl GridShifts {
    /// The shifts of `graph` when it is the grid [`Graph::grid`] makes, with
    /// fewer than 64 columns.
    fn of(graph: &Graph) -> Option<GridShifts> {
        let vertices = graph.vertices();
        let columns = (1..64.min(vertices + 1))
            .find(|&columns| vertices.is_multiple_of(columns) && is_grid(graph, columns))?;
        let words = vertices.div_ceil(64);
        let set_of = |keep: &dyn Fn(usize) -> bool| {
            let mut set = vec![0; words];
            (0..vertices)
                .filter(|&vertex| keep(vertex))
                .for_each(|vertex| insert(&mut set, vertex));
            set
        };
        let not_first_column = set_of(&|vertex| vertex % columns != 0);
        let not_last_column = set_of(&|vertex| vertex % columns != columns - 1);
        let all = set_of(&|_| true);
        let narrow = [&not_first_column, &not_last_column, &all].map(|set| load(set));
        Some(GridShifts {
            columns,
            not_first_column,
            not_last_column,
            all,
            narrow,
        })
    }

    /// [`NeighbourSets::grow`] on a grid of at most 128 vertices, each set one
    /// 128-bit number: a step is a few shifts, where the words of a set in
    /// memory took ten times as many instructions (measured on Fillomino).
    fn grow_narrow(
        &self,
        through: &[u64],
        (steps, limit): (usize, usize),
        growth: &mut Growth,
    ) -> usize {
        let words = self.all.len();
        let through = load(through);
        let mut last = load(&growth.rings);
        let mut found = last;
        let mut count = found.count_ones() as usize;
        growth.within.clear();
        growth.within.push(count);
        for _ in 0..steps {
            if count >= limit {
                break;
            }
            let next = self.beside(last) & through & !found;
            if next == 0 {
                break;
            }
            found |= next;
            count += next.count_ones() as usize;
            store(next, words, &mut growth.rings);
            growth.within.push(count);
            last = next;
        }
        growth.found.clear();
        store(found, words, &mut growth.found);
        count
    }

    /// [`NeighbourSets::flood_from_start`] on a grid of at most 128 vertices:
    /// [`GridShifts::grow_narrow`] without keeping each step.
    fn flood_narrow(&self, start: &[u64], through: &[u64], found: &mut Vec<u64>) -> usize {
        let start = load(start);
        let search = (start, start, start.count_ones() as usize);
        let (area, count) = self.spread(load(through), search, (usize::MAX, usize::MAX));
        found.clear();
        store(area, self.all.len(), found);
        count
    }

    /// [`NeighbourSets::reach_without`] on a grid of at most 128 vertices.
    fn reach_without_narrow(
        &self,
        (growth, through): (&Growth, &[u64]),
        (vertex, step): (usize, usize),
        (steps, limit): (usize, usize),
    ) -> usize {
        let words = self.all.len();
        let ring = |step: usize| load(&growth.rings[step * words..(step + 1) * words]);
        let area = (0..=step).fold(0, |area, step| area | ring(step));
        let last = ring(step) & !(1u128 << vertex);
        let search = (last, area, growth.within[step] - 1);
        self.spread(load(through), search, (steps - step, limit)).1
    }

    /// A search on a grid of at most 128 vertices, each set one 128-bit
    /// number, from its last step's vertices and all it has found (and how
    /// many it counts): at most `steps` more steps, stopping once `limit` are
    /// counted; what it found, and how many.
    fn spread(
        &self,
        through: u128,
        (mut last, mut area, mut count): (u128, u128, usize),
        (steps, limit): (usize, usize),
    ) -> (u128, usize) {
        for _ in 0..steps {
            if count >= limit {
                break;
            }
            last = self.beside(last) & through & !area;
            if last == 0 {
                break;
            }
            area |= last;
            count += last.count_ones() as usize;
        }
        (area, count)
    }

    /// The grid neighbours of the vertices of `set`, on a grid of at most 128
    /// vertices: its shifts by one and by a row.
    fn beside(&self, set: u128) -> u128 {
        let [not_first, not_last, all] = self.narrow;
        let row = self.columns as u32;
        (set << 1 & not_first) | (set >> 1 & not_last) | ((set << row | set >> row) & all)
    }

    /// Adds to `into` the grid neighbours of the vertices of `set`: each word
    /// shifted by one and by a row, with the bits carried from the words on
    /// either side.
    fn add_neighbours(&self, set: &[u64], into: &mut [u64]) {
        let row = self.columns as u32;
        let mut lower = 0;
        let masks = (self.not_first_column.iter())
            .zip(&self.not_last_column)
            .zip(&self.all);
        for (index, (word, ((&not_first, &not_last), &all))) in
            into.iter_mut().zip(masks).enumerate()
        {
            let here = set[index];
            let higher = set.get(index + 1).copied().unwrap_or(0);
            let up = |shift: u32| here << shift | lower >> (64 - shift);
            let down = |shift: u32| here >> shift | higher << (64 - shift);
            *word |= (up(1) & not_first) | (down(1) & not_last) | ((up(row) | down(row)) & all);
            lower = here;
        }
    }
}

/// Appends `number` to `into` as a set of `words` words (one or two).
fn store(number: u128, words: usize, into: &mut Vec<u64>) {
    into.push(number as u64);
    if words == 2 {
        into.push((number >> 64) as u64);
    }
}

/// The first two words of `set` as one number.
fn load(set: &[u64]) -> u128 {
    let high = set.get(1).map_or(0, |&word| u128::from(word) << 64);
    u128::from(set.first().copied().unwrap_or(0)) | high
}

/// Whether `graph` has exactly the edges, in order, of [`Graph::grid`] with
/// `columns` columns.
fn is_grid(graph: &Graph, columns: usize) -> bool {
    let rows = graph.vertices() / columns;
    let horizontal = (0..rows).flat_map(|row| {
        (1..columns).map(move |column| (row * columns + column - 1, row * columns + column))
    });
    let vertical = (1..rows).flat_map(|row| {
        (0..columns).map(move |column| ((row - 1) * columns + column, row * columns + column))
    });
    let expected = rows * columns.saturating_sub(1) + rows.saturating_sub(1) * columns;
    graph.edges().len() == expected && horizontal.chain(vertical).eq(graph.edges().iter().copied())
}

/// The buffers of [`NeighbourSets::grow`]: the set grown, the last step's
/// new vertices, and how many vertices lie within each number of steps.
#[derive(Debug, Default)]
pub(crate) struct Growth {
    /// The vertices found so far.
    pub(crate) found: Vec<u64>,
    /// The vertices found by each step, `words` words a step (the start first).
    pub(crate) rings: Vec<u64>,
    /// How many vertices lie within each number of steps (the start first).
    pub(crate) within: Vec<usize>,
    /// The next step's vertices, being made.
    next: Vec<u64>,
    /// Where [`NeighbourSets::grow_from_start`] starts (left to the caller to
    /// fill, so that no search allocates its start).
    pub(crate) start: Vec<u64>,
}

impl Growth {
    /// Room for searches of up to `steps` steps over sets of `words` words, so
    /// that none grows its buffers.
    pub(crate) fn reserve(&mut self, words: usize, steps: usize) {
        self.rings.reserve(words * (steps + 1));
        self.within.reserve(steps + 1);
    }
}

impl NeighbourSets {
    /// The neighbour sets of `graph`'s vertices.
    pub(crate) fn new(graph: &Graph) -> Self {
        let words = graph.vertices().div_ceil(64);
        let mut sets = vec![0; words * graph.vertices()];
        for &(a, b) in graph.edges() {
            sets[a * words + b / 64] |= 1 << (b % 64);
            sets[b * words + a / 64] |= 1 << (a % 64);
        }
        let grid = GridShifts::of(graph);
        NeighbourSets { words, sets, grid }
    }

    /// Words in one set.
    pub(crate) fn words(&self) -> usize {
        self.words
    }

    /// Adds to `into` every neighbour of a vertex of `set`.
    pub(crate) fn add_neighbours(&self, set: &[u64], into: &mut [u64]) {
        if let Some(grid) = &self.grid {
            return grid.add_neighbours(set, into);
        }
        for vertex in vertices(set) {
            let neighbours = &self.sets[vertex * self.words..(vertex + 1) * self.words];
            for (word, &neighbour) in into.iter_mut().zip(neighbours) {
                *word |= neighbour;
            }
        }
    }

    /// Grows `start` step by step through the vertices of `through`: at most
    /// `steps` steps, stopping once `limit` vertices are found. Leaves in
    /// `growth` what it found (see [`Growth`]); how many vertices that is.
    pub(crate) fn grow(
        &self,
        start: &[u64],
        through: &[u64],
        steps_and_limit: (usize, usize),
        growth: &mut Growth,
    ) -> usize {
        growth.rings.clear();
        growth.rings.extend_from_slice(start);
        self.grow_rings(through, steps_and_limit, growth)
    }

    /// [`NeighbourSets::grow`] from `growth.start`.
    pub(crate) fn grow_from_start(
        &self,
        through: &[u64],
        steps_and_limit: (usize, usize),
        growth: &mut Growth,
    ) -> usize {
        growth.rings.clear();
        growth.rings.extend_from_slice(&growth.start);
        self.grow_rings(through, steps_and_limit, growth)
    }

    /// The whole area of `through` connected to `growth.start` (which may lie
    /// outside it), left in `growth.found`; how many vertices that is. Keeps
    /// neither the steps nor their counts, which the searches for a piece or
    /// for room never read (on a small grid, half the work of such a search).
    pub(crate) fn flood_from_start(&self, through: &[u64], growth: &mut Growth) -> usize {
        if let Some(grid) = &self.grid
            && self.words <= 2
        {
            return grid.flood_narrow(&growth.start, through, &mut growth.found);
        }
        self.grow_from_start(through, (usize::MAX, usize::MAX), growth)
    }

    /// How many vertices the search `growth` holds (from [`NeighbourSets::grow`]
    /// through `through`) finds without `vertex`, found at step `step`: the
    /// steps before it and the rest of its step are as near without it, so on
    /// a small grid the search goes on from there rather than starting over
    /// (a Fillomino solve makes this search most often). Elsewhere it starts
    /// over through `spare.0` from the start `growth` holds.
    pub(crate) fn reach_without(
        &self,
        (growth, through): (&Growth, &[u64]),
        left_out: (usize, usize),
        steps_and_limit: (usize, usize),
        (passable, search): (&mut [u64], &mut Growth),
    ) -> usize {
        if let Some(grid) = &self.grid
            && self.words <= 2
        {
            return grid.reach_without_narrow((growth, through), left_out, steps_and_limit);
        }
        passable.copy_from_slice(through);
        remove(passable, left_out.0);
        self.grow(
            &growth.rings[..self.words],
            passable,
            steps_and_limit,
            search,
        )
    }

    /// [`NeighbourSets::grow`] from the one ring in `growth.rings`.
    fn grow_rings(
        &self,
        through: &[u64],
        (steps, limit): (usize, usize),
        growth: &mut Growth,
    ) -> usize {
        if let Some(grid) = &self.grid
            && self.words <= 2
        {
            return grid.grow_narrow(through, (steps, limit), growth);
        }
        let words = self.words;
        growth.found.clear();
        growth.found.extend_from_slice(&growth.rings);
        growth.next.resize(words, 0);
        growth.within.clear();
        let mut count = count(&growth.found);
        growth.within.push(count);
        for step in 0..steps {
            if count >= limit {
                break;
            }
            growth.next.fill(0);
            let last = &growth.rings[step * words..(step + 1) * words];
            self.add_neighbours(last, &mut growth.next);
            let mut added = 0;
            for (index, word) in growth.next.iter_mut().enumerate() {
                *word &= through[index] & !growth.found[index];
                growth.found[index] |= *word;
                added += word.count_ones() as usize;
            }
            if added == 0 {
                break;
            }
            count += added;
            growth.rings.extend_from_slice(&growth.next);
            growth.within.push(count);
        }
        count
    }
}

/// The vertices of `set`, in order.
pub(crate) fn vertices(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    (set.iter().enumerate()).flat_map(|(index, &word)| {
        let mut word = word;
        std::iter::from_fn(move || {
            let bit = (word != 0).then(|| word.trailing_zeros() as usize)?;
            word &= word - 1;
            Some(index * 64 + bit)
        })
    })
}

/// How many vertices `set` holds.
pub(crate) fn count(set: &[u64]) -> usize {
    set.iter().map(|word| word.count_ones() as usize).sum()
}

/// Whether `set` holds `vertex`.
pub(crate) fn holds(set: &[u64], vertex: usize) -> bool {
    set[vertex / 64] >> (vertex % 64) & 1 == 1
}

/// Puts `vertex` in `set`.
pub(crate) fn insert(set: &mut [u64], vertex: usize) {
    set[vertex / 64] |= 1 << (vertex % 64);
}

/// Takes `vertex` out of `set`.
pub(crate) fn remove(set: &mut [u64], vertex: usize) {
    set[vertex / 64] &= !(1 << (vertex % 64));
}

/// The first vertex of `set`, if any.
pub(crate) fn first(set: &[u64]) -> Option<usize> {
    let index = set.iter().position(|&word| word != 0)?;
    Some(index * 64 + set[index].trailing_zeros() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growth_counts_the_vertices_within_each_number_of_steps() {
        // A 1×5 row, all passable but the fourth vertex.
        let sets = NeighbourSets::new(&Graph::grid(1, 5));
        let mut growth = Growth::default();
        let through = [0b10111];
        assert_eq!(sets.grow(&[0b1], &through, (4, usize::MAX), &mut growth), 3);
        assert_eq!(growth.within, [1, 2, 3]);
        assert_eq!(growth.found, [0b111]);
        assert_eq!(sets.grow(&[0b1], &through, (1, usize::MAX), &mut growth), 2);
        assert_eq!(sets.grow(&[0b1], &through, (4, 2), &mut growth), 2);
    }

    #[test]
    fn grid_shifts_find_the_neighbours_the_edges_give() {
        for (rows, columns) in [(1, 1), (1, 5), (5, 1), (3, 4), (9, 13), (15, 15), (2, 70)] {
            let graph = Graph::grid(rows, columns);
            let sets = NeighbourSets::new(&graph);
            assert_eq!(sets.grid.is_some(), columns < 64, "{rows}x{columns}");
            for vertex in 0..graph.vertices() {
                let mut set = vec![0; sets.words()];
                insert(&mut set, vertex);
                let mut shifted = vec![0; sets.words()];
                sets.add_neighbours(&set, &mut shifted);
                let mut expected: Vec<usize> = graph.neighbours(vertex).collect();
                expected.sort_unstable();
                assert_eq!(vertices(&shifted).collect::<Vec<_>>(), expected);
            }
        }
        let not_a_grid = Graph::new(4, vec![(0, 1), (2, 3), (0, 2)]).expect("a graph");
        assert!(NeighbourSets::new(&not_a_grid).grid.is_none());
    }

    #[test]
    fn sets_span_several_words() {
        let sets = NeighbourSets::new(&Graph::grid(10, 10));
        let mut set = vec![0; sets.words()];
        insert(&mut set, 99);
        let mut neighbours = vec![0; sets.words()];
        sets.add_neighbours(&set, &mut neighbours);
        assert_eq!(vertices(&neighbours).collect::<Vec<_>>(), [89, 98]);
        assert_eq!(first(&neighbours), Some(89));
        remove(&mut neighbours, 89);
        assert!(!holds(&neighbours, 89) && holds(&neighbours, 98));
        assert_eq!(count(&neighbours), 1);
    }
}
