//! Whether the edges dropped since the reach pass was last quiet leave it quiet,
//! told from a few short searches around them instead of a search of the whole
//! graph.
//!
//! On the zoo's hard Slitherlinks the reach pass searched every possible edge
//! 11,081 times and changed something 25 times: its search was a third of the
//! loop rule's work. Once it has been quiet on a branch, the edges still
//! possible then (`H`) formed one connected piece holding what the line must
//! hold, and every bridge of it was a chosen one between a path's ends. Edges
//! dropped since leave `G`, and the pass stays quiet when:
//!
//! - each dropped edge whose two ends both keep a possible edge joins two
//!   vertices that two edge-disjoint paths of `G` join, and
//! - for each vertex that lost its last possible edge, the other ends of its
//!   dropped edges are joined so, pairwise (no dropped edge joins two such
//!   vertices).
//!
//! Why: a bridge `f` of `G` that is none of `H` lies on a cycle of `H`, which
//! crosses from one side of `f` to the other a second time, over dropped edges
//! (and perhaps a vertex left without edges); their ends would then lie on both
//! sides of the bridge, and two edge-disjoint paths cannot. So every bridge of
//! `G` was one of `H`, a chosen bridge between the path's ends, still between
//! them. In the same way no dropped edge can have split what `H` joined, so
//! every possible edge and every vertex the line must hold stay in one piece.
//! Two edge-disjoint paths are two augmenting paths of a unit flow, each found
//! by a breadth-first search of at most [`SEARCH_LIMIT`] vertices; a search
//! that gives up, or more than [`DROPS_LIMIT`] drops, leaves the decision to the
//! whole search.

use smallvec::SmallVec;

use crate::propagation::Context;
use crate::rules::graph::lines::Lines;
use crate::rules::graph::lines::sweep::Sweep;
use crate::rules::graph::truth::Truth;

/// The most vertices one search around a dropped edge reaches before giving up:
/// enough to go round the squares either side of an edge of a grid a few times
/// over, a fraction of a whole search on the zoo's boards.
const SEARCH_LIMIT: usize = 48;

/// The most drops judged by searches around them; more go to the whole search.
const DROPS_LIMIT: usize = 12;

/// Not reached by the current search.
const UNSEEN: u32 = u32::MAX;

impl Lines {
    /// Whether the reach pass, quiet on this branch before, stays quiet after the
    /// edges dropped since (see the module docs); `false` when it cannot tell.
    pub(super) fn drops_keep_reach_quiet(&self, ctx: &Context<'_>, sweep: &Sweep) -> bool {
        let (Some(quiet), Some(possible_then)) = (self.quiet_reach, self.quiet_possible) else {
            return false;
        };
        if ctx.int(quiet) == 0 {
            return false;
        }
        let Some(dropped) = dropped_since(ctx.bitset(possible_then), &sweep.packed) else {
            return false;
        };
        let isolated = |vertex: usize| sweep.degree_at(vertex) == (0, 0);
        let mut detours = Detours::new(self, sweep);
        // Each vertex left without edges, with the first other end of its drops.
        let mut attached: SmallVec<[(usize, usize); 8]> = SmallVec::new();
        for edge in dropped {
            let (a, b) = self.graph.edges()[edge];
            let (near, far) = match (isolated(a), isolated(b)) {
                (false, false) => (a, b),
                (true, true) => return false,
                (true, false) => (a, b),
                (false, true) => (b, a),
            };
            if !isolated(near) {
                if !detours.joined_twice(near, far) {
                    return false;
                }
                continue;
            }
            match attached.iter().find(|&&(vertex, _)| vertex == near) {
                Some(&(_, first)) => {
                    if first != far && !detours.joined_twice(first, far) {
                        return false;
                    }
                }
                None => attached.push((near, far)),
            }
        }
        true
    }
}

/// The edges possible in `possible_then` (one bit an edge) and false in `packed`
/// (the sweep's truths, two bits an edge); `None` for more than [`DROPS_LIMIT`].
fn dropped_since(possible_then: &[u64], packed: &[u64]) -> Option<SmallVec<[usize; DROPS_LIMIT]>> {
    let mut dropped = SmallVec::new();
    for (index, &then) in possible_then.iter().enumerate() {
        let mut gone = then & !possible_word(packed, index);
        while gone != 0 {
            if dropped.len() == DROPS_LIMIT {
                return None;
            }
            dropped.push(index * 64 + gone.trailing_zeros() as usize);
            gone &= gone - 1;
        }
    }
    Some(dropped)
}

/// Word `index` of the possible edges (chosen or open, one bit an edge), from the
/// sweep's truths two bits an edge, where the high bit is set for both.
pub(super) fn possible_word(packed: &[u64], index: usize) -> u64 {
    let half = |at: usize| packed.get(at).map_or(0, |&word| odd_bits(word));
    half(2 * index) | half(2 * index + 1) << 32
}

/// The odd bits of `word`, packed into its low 32 bits in order.
fn odd_bits(word: u64) -> u64 {
    let mut bits = word >> 1 & 0x5555_5555_5555_5555;
    bits = (bits | bits >> 1) & 0x3333_3333_3333_3333;
    bits = (bits | bits >> 2) & 0x0F0F_0F0F_0F0F_0F0F;
    bits = (bits | bits >> 4) & 0x00FF_00FF_00FF_00FF;
    bits = (bits | bits >> 8) & 0x0000_FFFF_0000_FFFF;
    (bits | bits >> 16) & 0x0000_0000_FFFF_FFFF
}

/// How a search stepped to a vertex: over an open edge, or along a chain of
/// chosen edges from one of its ends to the other.
#[derive(Copy, Clone)]
enum Step {
    Edge(u32),
    /// The chain, known by the lower of its two ends.
    Chain(u32),
}

/// Short searches of the possible edges for two edge-disjoint paths between two
/// vertices, sharing their marks (a number a search, so none is cleared). A
/// chain of chosen edges is one step from one end to the other: the vertices
/// inside it have no other possible edge once the degree pass is quiet, so a
/// search late in a solve, when most of the line is chosen, reaches few
/// vertices however long its paths.
struct Detours<'a> {
    lines: &'a Lines,
    sweep: &'a Sweep,
    /// The search that last reached each vertex.
    reached_by: Vec<u32>,
    /// For each vertex that search reached, the vertex it came from and how.
    came_by: Vec<(u32, Step)>,
    /// For each open edge on the first path of the current pair of searches,
    /// that pair's number and the vertex the path enters by the edge.
    first_path: Vec<(u32, u32)>,
    /// The same for each chain on it, by the chain's lower end.
    first_path_chains: Vec<(u32, u32)>,
    /// The number of the current search.
    search: u32,
    queue: Vec<u32>,
}

impl<'a> Detours<'a> {
    fn new(lines: &'a Lines, sweep: &'a Sweep) -> Self {
        let vertices = lines.graph.vertices();
        Detours {
            lines,
            sweep,
            reached_by: vec![UNSEEN; vertices],
            came_by: vec![(0, Step::Edge(0)); vertices],
            first_path: vec![(UNSEEN, 0); sweep.truth.len()],
            first_path_chains: vec![(UNSEEN, 0); vertices],
            search: 0,
            queue: Vec::with_capacity(SEARCH_LIMIT),
        }
    }

    /// Whether two edge-disjoint paths of possible edges join `a` and `b`, as far
    /// as short searches find. A vertex inside a chain of chosen edges has no
    /// other way out, so it is joined so to the chain's end exactly when the
    /// chain's two ends are.
    fn joined_twice(&mut self, a: usize, b: usize) -> bool {
        let (Some(a), Some(b)) = (self.outside_chain(a), self.outside_chain(b)) else {
            return false;
        };
        a == b || self.two_ways(a, b)
    }

    /// `vertex`, or for one inside a chain of chosen edges, an end of the chain
    /// once the chain's two ends are joined twice; `None` when they are not, as
    /// far as short searches find (or the chain is a cycle).
    fn outside_chain(&mut self, vertex: usize) -> Option<usize> {
        let layout = &self.sweep.layout;
        match layout.chosen_at(vertex) {
            0 | 1 => Some(vertex),
            2 => {
                let end = self.nearest_chain_end(vertex)?;
                let far = layout.other_end(end);
                self.two_ways(end, far).then_some(end)
            }
            _ => None,
        }
    }

    /// An end of the chain of chosen edges through `vertex`, which has two: both
    /// ways along it in step, so that the walk is twice the way to the nearer
    /// end; `None` for a cycle.
    fn nearest_chain_end(&self, vertex: usize) -> Option<usize> {
        let chosen = |at: usize| {
            (self.lines.graph.incident(at).iter())
                .filter(|&&(_, edge)| self.sweep.truth[edge] == Truth::True)
                .map(|&(other, edge)| (other, edge))
        };
        let mut ways = chosen(vertex);
        let (Some(one), Some(other)) = (ways.next(), ways.next()) else {
            return None;
        };
        let mut walkers = [one, other];
        for _ in 0..self.lines.graph.vertices() {
            for (at, came) in &mut walkers {
                if *at == vertex {
                    return None;
                }
                if self.sweep.layout.chosen_at(*at) != 2 {
                    return Some(*at);
                }
                let onward = chosen(*at).find(|&(_, edge)| edge != *came)?;
                (*at, *came) = onward;
            }
        }
        None
    }

    /// Whether two edge-disjoint paths join `from` and `to`, neither inside a
    /// chain, as far as two short searches find: a first path, then a second in
    /// what the first leaves (the first's steps only backwards, as a flow's
    /// residue).
    fn two_ways(&mut self, from: usize, to: usize) -> bool {
        if !self.search_path(from, to, None) {
            return false;
        }
        let pair = self.search;
        let mut vertex = to;
        while vertex != from {
            let (previous, step) = self.came_by[vertex];
            let mark = (pair, vertex as u32);
            match step {
                Step::Edge(edge) => self.first_path[edge as usize] = mark,
                Step::Chain(end) => self.first_path_chains[end as usize] = mark,
            }
            vertex = previous as usize;
        }
        self.search_path(from, to, Some(pair))
    }

    /// The steps from `vertex`, which lies inside no chain: each open edge, and
    /// along its chain when it ends one; with `residue`, a step of that pair's
    /// first path only from the vertex the path entered by it.
    fn steps(&self, vertex: usize, residue: Option<u32>) -> impl Iterator<Item = (usize, Step)> {
        let adjacency = &self.lines.adjacency;
        let half_edges = adjacency.first[vertex] as usize..adjacency.first[vertex + 1] as usize;
        let open = (adjacency.half_edges[half_edges].iter())
            .filter(|&&(_, edge)| self.sweep.truth[edge as usize] == Truth::Open)
            .filter(move |&&(_, edge)| {
                self.allowed(self.first_path[edge as usize], vertex, residue)
            })
            .map(|&(neighbour, edge)| (neighbour as usize, Step::Edge(edge)));
        let layout = &self.sweep.layout;
        let chain = (layout.chosen_at(vertex) == 1)
            .then(|| layout.other_end(vertex))
            .map(|far| (far, vertex.min(far)))
            .filter(|&(_, end)| self.allowed(self.first_path_chains[end], vertex, residue))
            .map(|(far, end)| (far, Step::Chain(end as u32)));
        open.chain(chain)
    }

    /// Whether a step marked `(pair, entered)` may be taken from `vertex`.
    fn allowed(&self, (pair, entered): (u32, u32), vertex: usize, residue: Option<u32>) -> bool {
        residue != Some(pair) || entered == vertex as u32
    }

    /// A breadth-first search from `from` for `to`, of at most [`SEARCH_LIMIT`]
    /// vertices (see `steps`); `false` also when it meets a vertex inside a chain
    /// by an open edge, which a quiet degree pass leaves none.
    fn search_path(&mut self, from: usize, to: usize, residue: Option<u32>) -> bool {
        self.search += 1;
        let search = self.search;
        self.queue.clear();
        self.queue.push(from as u32);
        self.reached_by[from] = search;
        let mut next = 0;
        while let Some(&vertex) = self.queue.get(next) {
            next += 1;
            let vertex = vertex as usize;
            let steps: SmallVec<[(usize, Step); 8]> = self.steps(vertex, residue).collect();
            for (neighbour, step) in steps {
                if self.reached_by[neighbour] == search {
                    continue;
                }
                if self.sweep.layout.chosen_at(neighbour) > 1 {
                    return false;
                }
                self.reached_by[neighbour] = search;
                self.came_by[neighbour] = (vertex as u32, step);
                if neighbour == to {
                    return true;
                }
                if self.queue.len() == SEARCH_LIMIT {
                    return false;
                }
                self.queue.push(neighbour as u32);
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_bits_keep_their_order() {
        assert_eq!(odd_bits(0b10_11_01_10), 0b1101);
        assert_eq!(odd_bits(u64::MAX), u64::from(u32::MAX));
        let packed = [u64::MAX, 0b10];
        assert_eq!(possible_word(&packed, 0), u64::from(u32::MAX) | 1 << 32);
    }
}
