//! The state of one run of a line rule: each edge's truth, read once from the
//! domains and kept up to date with the rule's own changes; the fragments of the
//! chosen edges, joined as edges are chosen; and the vertices whose degree needs
//! another look. A run settles only the vertices next to a change, instead of
//! rereading every edge for every pass (a chain of forced edges used to take one
//! whole pass a link).

use crate::propagation::Context;
use crate::rules::graph::lines::Lines;
use crate::rules::graph::truth::Truth;
use crate::rules::graph::union_find::Fragments;

/// The fragments of the chosen edges, with where the vertices that must be used
/// lie.
pub(super) struct Layout {
    pub(super) fragments: Fragments,
    /// How many edges are chosen.
    pub(super) chosen: usize,
    /// The first chosen edge that closed a cycle, if any.
    pub(super) closing: Option<usize>,
    /// How many chosen edges each vertex has.
    chosen_at: Vec<u32>,
    /// How many must-use vertices each root's fragment holds.
    required_in: Vec<usize>,
    required: usize,
}

impl Layout {
    /// Whether chosen edges or must-use vertices lie outside the fragments of
    /// `roots` (one root, or a path's two ends' roots).
    pub(super) fn anything_outside(&mut self, roots: &[usize]) -> bool {
        let edges: usize = roots
            .iter()
            .map(|&root| self.fragments.edges_with(root))
            .sum();
        let required: usize = roots.iter().map(|&root| self.required_in[root]).sum();
        edges < self.chosen || required < self.required
    }

    /// Add the chosen edge `edge`, from `a` to `b`.
    fn join(&mut self, edge: usize, (a, b): (usize, usize)) {
        self.chosen += 1;
        self.chosen_at[a] += 1;
        self.chosen_at[b] += 1;
        let (from, into) = (self.fragments.root(a), self.fragments.root(b));
        if self.fragments.join_roots(from, into) {
            self.closing.get_or_insert(edge);
        } else {
            self.required_in[into] += self.required_in[from];
        }
    }

    /// Whether the open edge from `a` to `b` may have both ends on one fragment:
    /// not when an end has no chosen edge, for it is then a fragment alone.
    pub(super) fn may_close(&self, (a, b): (usize, usize)) -> bool {
        self.chosen_at[a] > 0 && self.chosen_at[b] > 0
    }
}

/// One run's view of the edges (see the module docs).
pub(super) struct Sweep {
    /// Each edge's truth now.
    pub(super) truth: Vec<Truth>,
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
            fragments: Fragments::new(vertices),
            chosen: 0,
            closing: None,
            chosen_at: vec![0; vertices],
            required_in: vec![0; vertices],
            required: 0,
        };
        for vertex in (0..vertices).filter(|&vertex| lines.degrees[vertex] & 1 == 0) {
            layout.required_in[vertex] += 1;
            layout.required += 1;
        }
        for (edge, &ends) in lines.graph.edges().iter().enumerate() {
            if truth[edge] == Truth::True {
                layout.join(edge, ends);
            }
        }
        Sweep {
            truth,
            layout,
            queue: (0..vertices).rev().collect(),
            queued: vec![true; vertices],
            unjudged: true,
        }
    }

    /// Record that the rule chose (`take`) or dropped the open edge `edge`, from `a`
    /// to `b`: both ends need another look.
    pub(super) fn record(&mut self, edge: usize, take: bool, (a, b): (usize, usize)) {
        if take {
            self.truth[edge] = Truth::True;
            self.layout.join(edge, (a, b));
        } else {
            self.truth[edge] = Truth::False;
        }
        self.unjudged = true;
        for vertex in [a, b] {
            if !self.queued[vertex] {
                self.queued[vertex] = true;
                self.queue.push(vertex);
            }
        }
    }

    /// The next vertex to settle.
    pub(super) fn next_vertex(&mut self) -> Option<usize> {
        let vertex = self.queue.pop()?;
        self.queued[vertex] = false;
        Some(vertex)
    }
}
