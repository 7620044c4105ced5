//! Tarjan's depth-first search for articulation points, restricted to the vertices
//! that may still be true and started from a true one: which vertices the root
//! reaches, and which open vertices every path from some true vertex to the root
//! must cross. Linear in the graph's size, iterative (no recursion depth limit).

use crate::rules::graph::truth::Truth;
use crate::rules::graph::undirected::Graph;

/// Not visited yet.
const UNSEEN: usize = usize::MAX;

/// What the search from a true root found.
pub(crate) struct Reach {
    /// The discovery time of each vertex, `UNSEEN` for vertices not reached.
    discovered: Vec<usize>,
    /// The open vertices that cut a true vertex off the root, each with that true
    /// vertex (the root is the other one cut apart).
    pub(crate) cuts: Vec<(usize, usize)>,
}

impl Reach {
    /// Search from `root` (a true vertex) through the vertices whose truth is
    /// possible.
    pub(crate) fn from(graph: &Graph, truth: &[Truth], root: usize) -> Reach {
        let n = graph.vertices();
        let mut discovered = vec![UNSEEN; n];
        let mut low = vec![0; n];
        let mut parent_edge = vec![usize::MAX; n];
        // A true vertex in each vertex's subtree, if any.
        let mut true_below: Vec<Option<usize>> = vec![None; n];
        let mut is_cut = vec![false; n];
        let mut cuts = Vec::new();
        let mut stack = vec![(root, 0)];
        discovered[root] = 0;
        true_below[root] = Some(root);
        let mut time = 1;
        while let Some(top) = stack.last_mut() {
            let (vertex, next) = *top;
            if let Some(&(neighbour, edge)) = graph.incident(vertex).get(next) {
                top.1 += 1;
                if !truth[neighbour].possible() {
                    continue;
                }
                if discovered[neighbour] == UNSEEN {
                    discovered[neighbour] = time;
                    low[neighbour] = time;
                    time += 1;
                    parent_edge[neighbour] = edge;
                    true_below[neighbour] = (truth[neighbour] == Truth::True).then_some(neighbour);
                    stack.push((neighbour, 0));
                } else if edge != parent_edge[vertex] {
                    low[vertex] = low[vertex].min(discovered[neighbour]);
                }
                continue;
            }
            stack.pop();
            let Some(&(parent, _)) = stack.last() else {
                break;
            };
            low[parent] = low[parent].min(low[vertex]);
            if true_below[parent].is_none() {
                true_below[parent] = true_below[vertex];
            }
            let separates = low[vertex] >= discovered[parent];
            if let (true, Some(cut_off), Truth::Open) =
                (separates, true_below[vertex], truth[parent])
                && !is_cut[parent]
            {
                is_cut[parent] = true;
                cuts.push((parent, cut_off));
            }
        }
        Reach { discovered, cuts }
    }

    /// Whether the root reaches `vertex`.
    pub(crate) fn reaches(&self, vertex: usize) -> bool {
        self.discovered[vertex] != UNSEEN
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
        let reach = Reach::from(&graph, &truth, 0);
        assert_eq!(reach.cuts, [(1, 2)]);
        assert!((0..5).all(|vertex| reach.reaches(vertex)));
    }

    #[test]
    fn a_cycle_has_no_cut_and_a_false_vertex_blocks() {
        let graph = Graph::new(4, vec![(0, 1), (1, 2), (2, 3), (3, 0)]).expect("a graph");
        let truth = [Truth::True, Truth::Open, Truth::True, Truth::Open];
        assert!(Reach::from(&graph, &truth, 0).cuts.is_empty());
        let truth = [Truth::True, Truth::False, Truth::True, Truth::False];
        assert!(!Reach::from(&graph, &truth, 0).reaches(2));
    }
}
