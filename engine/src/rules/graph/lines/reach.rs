//! The reach pass: the graph of the edges still possible (chosen or open), and its
//! bridges (Tarjan's low links, one iterative depth-first search).
//!
//! Everything the line must hold (a path's ends, the chosen edges, the vertices
//! that must be on it) lies in one connected piece of that graph, or it is a
//! conflict; an open edge in another piece is dropped (inference
//! `"unreachable"`). A bridge of it is an edge whose removal cuts its piece in
//! two: a loop never uses one (it could not come back), and neither does a path
//! whose two ends lie on the same side; a bridge between a path's two ends is on
//! the path (inference `"bridge"`).

use crate::names::Names;
use crate::propagation::{Conflict, Context};
use crate::rules::graph::lines::Lines;
use crate::rules::graph::lines::sweep::Sweep;
use crate::rules::graph::truth::Truth;
use crate::rules::graph::undirected::Graph;

/// Not visited yet.
const UNSEEN: usize = usize::MAX;

/// What one search of the possible edges found.
struct Pieces {
    /// Each vertex's piece: the root its search started from.
    piece: Vec<usize>,
    /// Each vertex's discovery time.
    discovered: Vec<usize>,
    /// The last discovery time within each vertex's subtree.
    last: Vec<usize>,
    /// The bridges, each with the vertex on its far side from the search's root.
    bridges: Vec<(usize, usize)>,
}

impl Pieces {
    /// Search the graph through the edges for which `possible` is true.
    fn of(graph: &Graph, possible: &[bool]) -> Pieces {
        let vertices = graph.vertices();
        let mut pieces = Pieces {
            piece: vec![UNSEEN; vertices],
            discovered: vec![UNSEEN; vertices],
            last: vec![0; vertices],
            bridges: Vec::new(),
        };
        let mut low = vec![0; vertices];
        let mut time = 0;
        for root in 0..vertices {
            if pieces.discovered[root] != UNSEEN {
                continue;
            }
            pieces.discovered[root] = time;
            low[root] = time;
            pieces.piece[root] = root;
            time += 1;
            // (vertex, the edge it was reached by, the next incident edge to try)
            let mut stack = vec![(root, UNSEEN, 0)];
            while let Some(top) = stack.last_mut() {
                let (vertex, via, next) = *top;
                if let Some(&(neighbour, edge)) = graph.incident(vertex).get(next) {
                    top.2 += 1;
                    if !possible[edge] || edge == via {
                        continue;
                    }
                    if pieces.discovered[neighbour] == UNSEEN {
                        pieces.discovered[neighbour] = time;
                        low[neighbour] = time;
                        pieces.piece[neighbour] = root;
                        time += 1;
                        stack.push((neighbour, edge, 0));
                    } else {
                        low[vertex] = low[vertex].min(pieces.discovered[neighbour]);
                    }
                    continue;
                }
                stack.pop();
                pieces.last[vertex] = time - 1;
                if let Some(&(parent, _, _)) = stack.last() {
                    low[parent] = low[parent].min(low[vertex]);
                    if low[vertex] > pieces.discovered[parent] {
                        pieces.bridges.push((via, vertex));
                    }
                }
            }
        }
        pieces
    }

    /// Whether `vertex` lies in the subtree of `top` (its side of the bridge above
    /// `top`).
    fn below(&self, top: usize, vertex: usize) -> bool {
        self.piece[vertex] == self.piece[top]
            && (self.discovered[top]..=self.last[top]).contains(&self.discovered[vertex])
    }
}

/// Why the reach pass changes an edge.
#[derive(Copy, Clone)]
enum Reason {
    /// The edge lies in another piece than what the line must hold.
    Unreachable,
    /// A bridge the line cannot use.
    Bridge,
    /// A bridge between a path's two ends.
    Between,
}

impl Lines {
    /// Judge the open edges by the pieces and bridges of the possible edges;
    /// `Ok(true)` when an edge changed.
    pub(super) fn reach_pass(
        &self,
        ctx: &mut Context<'_>,
        sweep: &mut Sweep,
    ) -> Result<bool, Conflict> {
        let truth = &sweep.truth;
        let possible: Vec<bool> = truth.iter().map(|&truth| truth != Truth::False).collect();
        let pieces = Pieces::of(&self.graph, &possible);
        let anchors = self.anchors(truth);
        let home = anchors.first().map(|&vertex| pieces.piece[vertex]);
        if let Some(&stray) = anchors
            .iter()
            .find(|&&vertex| Some(pieces.piece[vertex]) != home)
        {
            let facts = self.decided_facts(ctx, truth);
            let (a, b) = (self.vertex_label(anchors[0]), self.vertex_label(stray));
            return Err(self.conflict(ctx, ("unreachable", &facts), || {
                format!(
                    "{a} and {b} must both be on the line, and no edges still possible join them"
                )
            }));
        }
        let mut changes: Vec<(usize, bool, Reason)> = Vec::new();
        if let Some(home) = home {
            for (edge, &(a, _)) in self.graph.edges().iter().enumerate() {
                if truth[edge] == Truth::Open && pieces.piece[a] != home {
                    changes.push((edge, false, Reason::Unreachable));
                }
            }
        }
        for &(edge, far) in &pieces.bridges {
            let near = home.is_none_or(|home| pieces.piece[far] == home);
            let between = self
                .ends
                .is_some_and(|(a, b)| pieces.below(far, a) != pieces.below(far, b));
            let (take, reason) = if between {
                (true, Reason::Between)
            } else {
                (false, Reason::Bridge)
            };
            match truth[edge] {
                Truth::Open if near => changes.push((edge, take, reason)),
                Truth::True if !take => {
                    let facts = self.decided_facts(ctx, truth);
                    let label = |names: &Names| self.edge_label(names, edge);
                    let why = crate::propagation::Why::new("bridge").because(&facts);
                    let text = |names: &Names| {
                        format!(
                            "the chosen edge {} is a bridge: the line could not come back over it",
                            label(names)
                        )
                    };
                    return Err(ctx.conflict(&why.named_text(&text)));
                }
                _ => {}
            }
        }
        if changes.is_empty() {
            return Ok(false);
        }
        let facts = self.decided_facts(ctx, truth);
        for (edge, take, reason) in changes {
            let inference = match reason {
                Reason::Unreachable => "unreachable",
                Reason::Bridge | Reason::Between => "bridge",
            };
            let explain = |names: &Names| self.reach_sentence(names, edge, reason);
            self.change(ctx, (inference, &facts), (edge, take), explain)?;
            sweep.record(edge, take, self.graph.edges()[edge]);
        }
        Ok(true)
    }

    /// The vertices the line must hold: a path's ends, the ends of the chosen
    /// edges, and the vertices that must be on it.
    fn anchors(&self, truth: &[Truth]) -> Vec<usize> {
        let mut anchors = Vec::new();
        if let Some((a, b)) = self.ends {
            anchors.extend([a, b]);
        }
        for (edge, &(a, b)) in self.graph.edges().iter().enumerate() {
            if truth[edge] == Truth::True {
                anchors.extend([a, b]);
            }
        }
        let required = (0..self.graph.vertices()).filter(|&vertex| self.degrees[vertex] & 1 == 0);
        anchors.extend(required);
        anchors
    }

    /// Why the reach pass changes `edge`, in words.
    fn reach_sentence(&self, names: &Names, edge: usize, reason: Reason) -> String {
        let label = self.edge_label(names, edge);
        let shape = if self.ends.is_some() { "path" } else { "loop" };
        match reason {
            Reason::Unreachable => format!(
                "edge {label} is left out: no edges still possible join it to the rest of the \
                 {shape}"
            ),
            Reason::Bridge if self.ends.is_some() => format!(
                "edge {label} is left out: it is the only way to the far side, and both ends of \
                 the path lie on this one"
            ),
            Reason::Bridge => {
                format!(
                    "edge {label} is left out: it is the only way to the far side, and a loop could not come back"
                )
            }
            Reason::Between => {
                format!("edge {label} is chosen: it is the only way between the path's two ends")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_with_a_loop_on_it_has_bridges_on_the_path_only() {
        // 0 - 1 - 2 - 3, and a triangle 1 - 4 - 5 - 1: the bridges are 0–1, 1–2, 2–3.
        let graph =
            Graph::new(6, vec![(0, 1), (1, 2), (2, 3), (1, 4), (4, 5), (5, 1)]).expect("a graph");
        let pieces = Pieces::of(&graph, &[true; 6]);
        let mut bridges: Vec<usize> = pieces.bridges.iter().map(|&(edge, _)| edge).collect();
        bridges.sort_unstable();
        assert_eq!(bridges, [0, 1, 2]);
        // Without the edge 4–5, the triangle's other two edges are bridges too.
        let pieces = Pieces::of(&graph, &[true, true, true, true, false, true]);
        assert_eq!(pieces.bridges.len(), 5);
        assert_eq!(pieces.piece[4], pieces.piece[0]);
        assert!(pieces.below(2, 3) && !pieces.below(2, 0));
    }
}
