//! Tarjan's depth-first search for articulation points, restricted to the vertices
//! that may still be true and started from a true one: which vertices the root
//! reaches, and which open vertices every path from some true vertex to the root
//! must cross. Linear in the graph's size, iterative (no recursion depth limit).

use crate::rules::graph::truth::Truth;
use crate::rules::graph::undirected::Graph;

/// Not visited yet; also "none" for a record's edge and true vertex.
const UNSEEN: u32 = u32::MAX;

/// What the search keeps for one vertex: one record a vertex in one
/// allocation, rather than a vector for each field (the search runs for each
/// value at each wake, and allocating was two thirds of its cost). Its fields
/// are 32 bits (a graph of 4 billion vertices is no puzzle): 20 bytes a
/// record rather than 48, for a search that touches every record it reaches.
#[derive(Copy, Clone)]
struct Visit {
    /// When the search found the vertex, `UNSEEN` before.
    discovered: u32,
    /// The earliest discovery time the vertex's subtree reaches by one back edge.
    low: u32,
    /// The edge the search came in by (`UNSEEN` for the root).
    parent_edge: u32,
    /// A true vertex in the vertex's subtree, `UNSEEN` if none.
    true_below: u32,
    /// Whether the vertex is already listed among the cuts.
    is_cut: bool,
}

/// The record of a vertex the search has not reached.
const UNSEEN_VISIT: Visit = Visit {
    discovered: UNSEEN,
    low: 0,
    parent_edge: UNSEEN,
    true_below: UNSEEN,
    is_cut: false,
};

/// What the search from a true root found. One `Reach` can search again and
/// again ([`Reach::search`]), keeping its vectors: a rule that searches once
/// for each value allocates once a run, not once a value. A new search resets
/// only the records the last one wrote: clearing every vertex's record for
/// each value was a tenth of a Galaxies solve, where a value's search reaches
/// a few cells of the grid.
#[derive(Default)]
pub(crate) struct Reach {
    /// Each vertex's record; `discovered` is `UNSEEN` for vertices not reached.
    visits: Vec<Visit>,
    /// The vertices reached, in the order found (vertex `found[t]` was
    /// discovered at time `t`).
    pub(crate) found: Vec<usize>,
    /// The search's path: each vertex with the next of its edges to try.
    stack: Vec<(u32, u32)>,
    /// The open vertices that cut a true vertex off the root, each with that true
    /// vertex (the root is the other one cut apart).
    pub(crate) cuts: Vec<(usize, usize)>,
    /// How many vertices the root reaches (itself included).
    pub(crate) reached: usize,
}

impl Reach {
    /// Search from `root` (a true vertex) through the vertices whose truth is
    /// possible.
    pub(crate) fn from(graph: &Graph, truth: impl Fn(usize) -> Truth, root: usize) -> Reach {
        let mut reach = Reach::default();
        reach.search(graph, truth, root);
        reach
    }

    /// Search again, from `root` (a true vertex) through the vertices whose
    /// truth is possible, forgetting the last search.
    pub(crate) fn search(&mut self, graph: &Graph, truth: impl Fn(usize) -> Truth, root: usize) {
        let Reach {
            visits,
            found,
            stack,
            cuts,
            reached,
        } = self;
        if visits.len() == graph.vertices() {
            for &vertex in found.iter() {
                visits[vertex] = UNSEEN_VISIT;
            }
        } else {
            visits.clear();
            visits.resize(graph.vertices(), UNSEEN_VISIT);
            // One allocation, not a doubling at each power of two reached.
            found.reserve(graph.vertices());
        }
        found.clear();
        cuts.clear();
        stack.clear();
        stack.push((root as u32, 0));
        found.push(root);
        visits[root].discovered = 0;
        visits[root].true_below = root as u32;
        let mut time = 1;
        while let Some(top) = stack.last_mut() {
            let (vertex, next) = (top.0 as usize, top.1 as usize);
            if let Some(&(neighbour, edge)) = graph.incident(vertex).get(next) {
                top.1 += 1;
                let neighbour_truth = truth(neighbour);
                if !neighbour_truth.possible() {
                    continue;
                }
                let edge = edge as u32;
                if visits[neighbour].discovered == UNSEEN {
                    let is_true = neighbour_truth == Truth::True;
                    visits[neighbour] = Visit {
                        discovered: time,
                        low: time,
                        parent_edge: edge,
                        true_below: if is_true { neighbour as u32 } else { UNSEEN },
                        is_cut: false,
                    };
                    time += 1;
                    found.push(neighbour);
                    stack.push((neighbour as u32, 0));
                } else if edge != visits[vertex].parent_edge {
                    visits[vertex].low = visits[vertex].low.min(visits[neighbour].discovered);
                }
                continue;
            }
            stack.pop();
            let Some(&(parent, _)) = stack.last() else {
                break;
            };
            let parent = parent as usize;
            let below = visits[vertex];
            let above = &mut visits[parent];
            above.low = above.low.min(below.low);
            if above.true_below == UNSEEN {
                above.true_below = below.true_below;
            }
            let separates = below.low >= above.discovered;
            if separates
                && below.true_below != UNSEEN
                && !above.is_cut
                && truth(parent) == Truth::Open
            {
                above.is_cut = true;
                cuts.push((parent, below.true_below as usize));
            }
        }
        *reached = time as usize;
    }

    /// Whether the root reaches `vertex`.
    pub(crate) fn reaches(&self, vertex: usize) -> bool {
        self.visits[vertex].discovered != UNSEEN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_middle_of_a_path_between_two_true_ends_is_a_cut() {
        // 0 - 1 - 2 - 3, with 4 hanging off 1; 0 and 2 true.
        let graph = Graph::new(5, vec![(0, 1), (1, 2), (2, 3), (1, 4)]).expect("a graph");
        let truth = [
            Truth::True,
            Truth::Open,
            Truth::True,
            Truth::Open,
            Truth::Open,
        ];
        let reach = Reach::from(&graph, |vertex| truth[vertex], 0);
        assert_eq!(reach.cuts, [(1, 2)]);
        assert!((0..5).all(|vertex| reach.reaches(vertex)));
        assert_eq!(reach.reached, 5);
    }

    #[test]
    fn a_search_again_finds_what_a_fresh_search_finds() {
        // A 3×3 grid searched from each vertex in turn under changing truths:
        // the records the last search left must not leak into the next.
        let graph = Graph::grid(3, 3);
        let mut again = Reach::default();
        for round in 0..40usize {
            let mut truth: Vec<Truth> = (0..9)
                .map(|vertex| match (vertex * 7 + round * 5) % 4 {
                    0 => Truth::False,
                    1 => Truth::True,
                    _ => Truth::Open,
                })
                .collect();
            let root = (round * 2) % 9;
            truth[root] = Truth::True;
            let fresh = Reach::from(&graph, |vertex| truth[vertex], root);
            again.search(&graph, |vertex| truth[vertex], root);
            assert_eq!(again.cuts, fresh.cuts, "round {round}");
            assert_eq!(again.reached, fresh.reached, "round {round}");
            assert_eq!(again.found, fresh.found, "round {round}");
            for vertex in 0..9 {
                assert_eq!(
                    again.reaches(vertex),
                    fresh.reaches(vertex),
                    "round {round}"
                );
            }
        }
    }

    #[test]
    fn a_cycle_has_no_cut_and_a_false_vertex_blocks() {
        let graph = Graph::new(4, vec![(0, 1), (1, 2), (2, 3), (3, 0)]).expect("a graph");
        let truth = [Truth::True, Truth::Open, Truth::True, Truth::Open];
        assert!(
            Reach::from(&graph, |vertex| truth[vertex], 0)
                .cuts
                .is_empty()
        );
        let truth = [Truth::True, Truth::False, Truth::True, Truth::False];
        let reach = Reach::from(&graph, |vertex| truth[vertex], 0);
        assert!(!reach.reaches(2));
        assert_eq!(reach.reached, 1);
    }
}
