//! The state of one run of a line rule: each edge's truth, read once from the
//! domains and kept up to date with the rule's own changes; the chains the chosen
//! edges form, joined as edges are chosen; and the vertices whose degree needs
//! another look. A run settles only the vertices next to a change, instead of
//! rereading every edge for every pass (a chain of forced edges used to take one
//! whole pass a link).
//!
//! No vertex of a loop or path has more than two chosen edges, so the chosen edges
//! form simple chains (and perhaps cycles): each chain is known by its two ends,
//! which point at each other and hold the chain's edge count and how many
//! must-use vertices it covers. Choosing an edge joins two chains in a few steps,
//! where a union-find had to climb its trees.

use crate::propagation::Context;
use crate::rules::graph::lines::Lines;
use crate::rules::graph::truth::Truth;

/// The chains of the chosen edges, with where the vertices that must be used lie.
pub(super) struct Layout {
    /// How many edges are chosen.
    pub(super) chosen: usize,
    /// The first cycle the chosen edges closed.
    pub(super) closing: Option<Cycle>,
    /// How many chosen edges each vertex has (a third is not joined: the degree
    /// pass finds the conflict before the chains are read).
    chosen_at: Vec<u32>,
    /// For a chain's end (a vertex with at most one chosen edge), the other end:
    /// itself when it has none. Stale inside a chain.
    other_end: Vec<u32>,
    /// At a chain's ends, how many edges the chain holds.
    chain_edges: Vec<u32>,
    /// At a chain's ends, how many must-use vertices the chain covers.
    chain_required: Vec<u32>,
    /// How many vertices must be used.
    pub(super) required: usize,
}

/// A cycle of chosen edges.
#[derive(Copy, Clone)]
pub(super) struct Cycle {
    /// How many edges it holds.
    pub(super) edges: usize,
    /// How many must-use vertices lie on it.
    pub(super) required: usize,
}

impl Layout {
    /// Whether chosen edges or must-use vertices lie outside the chains of `ends`
    /// (each a chain's end: one chain, or a path's two ends' chains), which hold
    /// `edges` edges and cover `required` must-use vertices together.
    pub(super) fn anything_outside(&self, edges: usize, required: usize) -> bool {
        edges < self.chosen || required < self.required
    }

    /// How many edges the chain ending at `end` holds.
    pub(super) fn edges_of(&self, end: usize) -> usize {
        self.chain_edges[end] as usize
    }

    /// How many must-use vertices the chain ending at `end` covers.
    pub(super) fn required_of(&self, end: usize) -> usize {
        self.chain_required[end] as usize
    }

    /// The other end of the chain ending at `end` (`end` itself without edges).
    pub(super) fn other_end(&self, end: usize) -> usize {
        self.other_end[end] as usize
    }

    /// How many chosen edges `vertex` has.
    pub(super) fn chosen_at(&self, vertex: usize) -> usize {
        self.chosen_at[vertex] as usize
    }

    /// Add a chosen edge from `a` to `b`.
    #[inline]
    fn join(&mut self, (a, b): (usize, usize)) {
        self.chosen += 1;
        if self.chosen_at[a] >= 2 || self.chosen_at[b] >= 2 {
            // A third edge at a vertex: a conflict the degree pass reports.
            self.chosen_at[a] += 1;
            self.chosen_at[b] += 1;
            return;
        }
        self.chosen_at[a] += 1;
        self.chosen_at[b] += 1;
        let (far_a, far_b) = (self.other_end(a), self.other_end(b));
        let edges = self.chain_edges[a] + 1;
        if far_a == b {
            self.closing.get_or_insert(Cycle {
                edges: edges as usize,
                required: self.required_of(a),
            });
            return;
        }
        let edges = edges + self.chain_edges[b];
        let required = self.chain_required[a] + self.chain_required[b];
        self.other_end[far_a] = far_b as u32;
        self.other_end[far_b] = far_a as u32;
        self.chain_edges[far_a] = edges;
        self.chain_edges[far_b] = edges;
        self.chain_required[far_a] = required;
        self.chain_required[far_b] = required;
    }
}

/// One run's view of the edges (see the module docs).
pub(super) struct Sweep {
    /// Each edge's truth now.
    pub(super) truth: Vec<Truth>,
    /// How many edges are false now.
    pub(super) falses: usize,
    /// How many open edges each vertex has now.
    open_at: Vec<u32>,
    pub(super) layout: Layout,
    /// The vertices to settle, each listed once.
    queue: Vec<usize>,
    queued: Vec<bool>,
    /// Whether an edge changed since the fragments were last judged.
    pub(super) unjudged: bool,
}

impl Sweep {
    /// The edges as the domains have them, every vertex to settle.
    pub(super) fn new(lines: &Lines, ctx: &Context<'_>) -> Sweep {
        let truth = lines.truths(ctx);
        let vertices = lines.graph.vertices();
        let mut layout = Layout {
            chosen: 0,
            closing: None,
            chosen_at: vec![0; vertices],
            other_end: (0..vertices as u32).collect(),
            chain_edges: vec![0; vertices],
            chain_required: vec![0; vertices],
            required: 0,
        };
        for vertex in (0..vertices).filter(|&vertex| lines.degrees[vertex] & 1 == 0) {
            layout.chain_required[vertex] = 1;
            layout.required += 1;
        }
        let mut falses = 0;
        let mut open_at = vec![0; vertices];
        for (edge, &(a, b)) in lines.graph.edges().iter().enumerate() {
            match truth[edge] {
                Truth::True => layout.join((a, b)),
                Truth::False => falses += 1,
                Truth::Open => {
                    open_at[a] += 1;
                    open_at[b] += 1;
                }
            }
        }
        Sweep {
            truth,
            falses,
            open_at,
            layout,
            queue: (0..vertices).rev().collect(),
            queued: vec![true; vertices],
            unjudged: true,
        }
    }

    /// Record that the rule chose (`take`) or dropped the open edge `edge`, from `a`
    /// to `b`: both ends need another look.
    pub(super) fn record(&mut self, edge: usize, take: bool, (a, b): (usize, usize)) {
        self.open_at[a] -= 1;
        self.open_at[b] -= 1;
        if take {
            self.truth[edge] = Truth::True;
            self.layout.join((a, b));
        } else {
            self.truth[edge] = Truth::False;
            self.falses += 1;
        }
        self.unjudged = true;
        for vertex in [a, b] {
            if !self.queued[vertex] {
                self.queued[vertex] = true;
                self.queue.push(vertex);
            }
        }
    }

    /// How many chosen and how many open edges `vertex` has.
    pub(super) fn degree_at(&self, vertex: usize) -> (usize, usize) {
        (self.layout.chosen_at(vertex), self.open_at[vertex] as usize)
    }

    /// The next vertex to settle.
    pub(super) fn next_vertex(&mut self) -> Option<usize> {
        let vertex = self.queue.pop()?;
        self.queued[vertex] = false;
        Some(vertex)
    }
}
