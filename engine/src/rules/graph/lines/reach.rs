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
use crate::rules::graph::lines::sweep::Sweep;
use crate::rules::graph::lines::{Adjacency, Lines};
use crate::rules::graph::truth::Truth;

/// What one search of the possible edges found.
struct Pieces {
    /// Each vertex's piece: the root its search started from.
    piece: Vec<u32>,
    /// Each vertex's discovery time.
    discovered: Vec<u32>,
    /// The last discovery time within each vertex's subtree.
    last: Vec<u32>,
    /// The bridges, each with the vertex on its far side from the search's root.
    bridges: Vec<(usize, usize)>,
    /// How many vertices the search reached.
    reached: usize,
}

/// Not visited yet, in a search's own numbers.
const UNSEEN_32: u32 = u32::MAX;

impl Pieces {
    /// Search the graph through the edges that are not false, from every vertex.
    fn of(adjacency: &Adjacency, truth: &[Truth]) -> Pieces {
        let vertices = adjacency.first.len() - 1;
        Pieces::from_roots(adjacency, truth, 0..vertices)
    }

    /// Search the graph through the edges that are not false, from `roots` in
    /// turn: a vertex no root reaches keeps the piece `UNSEEN_32`.
    fn from_roots(
        adjacency: &Adjacency,
        truth: &[Truth],
        roots: impl IntoIterator<Item = usize>,
    ) -> Pieces {
        let vertices = adjacency.first.len() - 1;
        let mut pieces = Pieces {
            piece: vec![UNSEEN_32; vertices],
            discovered: vec![UNSEEN_32; vertices],
            last: vec![0; vertices],
            bridges: Vec::new(),
            reached: 0,
        };
        let mut low = vec![0u32; vertices];
        // (vertex, the edge it was reached by, the next of its half edges to try)
        let mut stack: Vec<(u32, u32, u32)> = Vec::with_capacity(vertices);
        let mut time = 0u32;
        for root in roots {
            if pieces.discovered[root] != UNSEEN_32 {
                continue;
            }
            pieces.discovered[root] = time;
            low[root] = time;
            pieces.piece[root] = root as u32;
            time += 1;
            stack.push((root as u32, UNSEEN_32, adjacency.first[root]));
            'search: while let Some(top) = stack.last_mut() {
                let (vertex, via) = (top.0 as usize, top.1);
                let end = adjacency.first[vertex + 1];
                while top.2 < end {
                    let (neighbour, edge) = adjacency.half_edges[top.2 as usize];
                    top.2 += 1;
                    if edge == via || truth[edge as usize] == Truth::False {
                        continue;
                    }
                    let neighbour = neighbour as usize;
                    let seen = pieces.discovered[neighbour];
                    if seen == UNSEEN_32 {
                        pieces.discovered[neighbour] = time;
                        low[neighbour] = time;
                        pieces.piece[neighbour] = root as u32;
                        time += 1;
                        let first = adjacency.first[neighbour];
                        stack.push((neighbour as u32, edge, first));
                        continue 'search;
                    }
                    low[vertex] = low[vertex].min(seen);
                }
                stack.pop();
                pieces.last[vertex] = time - 1;
                if let Some(&(parent, _, _)) = stack.last() {
                    let parent = parent as usize;
                    low[parent] = low[parent].min(low[vertex]);
                    if low[vertex] > pieces.discovered[parent] {
                        pieces.bridges.push((via as usize, vertex));
                    }
                }
            }
        }
        pieces.reached = time as usize;
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
        if self.reach_is_quiet(ctx, sweep) {
            return Ok(false);
        }
        let truth = &sweep.truth;
        // With something the line must hold, only its piece matters: the open
        // edges of every other piece are dropped whatever their bridges, so
        // one search from there does (the vertices it does not reach, most of
        // them cut off already late in a solve, are never visited).
        let first_anchor = self.anchors(truth).next();
        let pieces = match first_anchor {
            Some(anchor) => Pieces::from_roots(&self.adjacency, truth, [anchor]),
            None => Pieces::of(&self.adjacency, truth),
        };
        let home = first_anchor.map(|vertex| (vertex, pieces.piece[vertex]));
        let stray = home.and_then(|(_, home)| self.stray_anchor(sweep, &pieces, home));
        if let (Some((first, _)), Some(stray)) = (home, stray) {
            let facts = self.decided_facts(ctx, truth);
            let (a, b) = (self.vertex_label(first), self.vertex_label(stray));
            return Err(self.conflict(ctx, ("unreachable", &facts), || {
                format!(
                    "{a} and {b} must both be on the line, and no edges still possible join them"
                )
            }));
        }
        let home = home.map(|(_, piece)| piece);
        let mut changes: Vec<(usize, bool, Reason)> = Vec::new();
        // A search from an anchor that reached every vertex leaves no other piece.
        if let Some(home) = home.filter(|_| pieces.reached < pieces.piece.len()) {
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
            if home.is_some() {
                self.mark_reach_quiet(ctx, sweep);
            }
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
    fn anchors<'a>(&'a self, truth: &'a [Truth]) -> impl Iterator<Item = usize> + 'a {
        let ends = self.ends.into_iter().flat_map(|(a, b)| [a, b]);
        let chosen = (self.graph.edges().iter().zip(truth))
            .filter(|&(_, &truth)| truth == Truth::True)
            .flat_map(|(&(a, b), _)| [a, b]);
        let required = (0..self.graph.vertices()).filter(|&vertex| self.degrees[vertex] & 1 == 0);
        ends.chain(chosen).chain(required)
    }

    /// The first anchor (in the order of `anchors`) outside the piece `home`: read
    /// only when some vertex outside it is an anchor (a path's end or a must-use
    /// vertex, or at a chosen edge), which a conflict needs, so that the search
    /// stays one look at each vertex it did not reach.
    fn stray_anchor(&self, sweep: &Sweep, pieces: &Pieces, home: u32) -> Option<usize> {
        if pieces.reached == pieces.piece.len() {
            return None;
        }
        let anchor =
            |vertex: usize| self.degrees[vertex] & 1 == 0 || sweep.layout.chosen_at(vertex) > 0;
        let outside = |vertex: usize| pieces.piece[vertex] != home;
        if !(0..pieces.piece.len()).any(|vertex| outside(vertex) && anchor(vertex)) {
            return None;
        }
        self.anchors(&sweep.truth).find(|&vertex| outside(vertex))
    }

    /// Whether the reach pass would find nothing: it found nothing, with something
    /// the line must hold, on the way to this state, and no edge has been dropped
    /// since (the false edges only grow along a branch, so an equal count is the
    /// same set). Choosing edges changes neither the pieces nor the bridges, and
    /// every open edge already lay in the piece of what the line holds and was no
    /// bridge the line could not use; an edge since chosen is one of them.
    fn reach_is_quiet(&self, ctx: &Context<'_>, sweep: &Sweep) -> bool {
        self.quiet_reach
            .is_some_and(|handle| ctx.int(handle) == sweep.falses as i64 + 1)
    }

    /// Remember that the reach pass found nothing with the false edges of `sweep`.
    fn mark_reach_quiet(&self, ctx: &mut Context<'_>, sweep: &Sweep) {
        if let Some(handle) = self.quiet_reach {
            ctx.set_int(handle, sweep.falses as i64 + 1);
        }
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
    use crate::rules::graph::undirected::Graph;

    #[test]
    fn a_path_with_a_loop_on_it_has_bridges_on_the_path_only() {
        // 0 - 1 - 2 - 3, and a triangle 1 - 4 - 5 - 1: the bridges are 0–1, 1–2, 2–3.
        let graph =
            Graph::new(6, vec![(0, 1), (1, 2), (2, 3), (1, 4), (4, 5), (5, 1)]).expect("a graph");
        let open = [Truth::Open; 6];
        let adjacency = Adjacency::of(&graph);
        let pieces = Pieces::of(&adjacency, &open);
        let mut bridges: Vec<usize> = pieces.bridges.iter().map(|&(edge, _)| edge).collect();
        bridges.sort_unstable();
        assert_eq!(bridges, [0, 1, 2]);
        // Without the edge 4–5, the triangle's other two edges are bridges too.
        let mut without = open;
        without[4] = Truth::False;
        let pieces = Pieces::of(&adjacency, &without);
        assert_eq!(pieces.bridges.len(), 5);
        assert_eq!(pieces.piece[4], pieces.piece[0]);
        assert!(pieces.below(2, 3) && !pieces.below(2, 0));
    }
}
