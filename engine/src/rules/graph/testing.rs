//! Random small graphs for the graph rules' tests.

use crate::domain::Domains;
use crate::model::Model;
use crate::rules::graph::undirected::Graph;
use crate::rules::testing::{Random, after};

/// A random graph of 2 to `max_vertices` vertices: half the time a random spanning
/// tree first (so that many graphs are connected), then random extra edges, up to
/// `max_edges` in all, parallel edges included now and then.
pub(crate) fn random_graph(random: &mut Random, max_vertices: usize, max_edges: usize) -> Graph {
    let vertices = 2 + random.below(max_vertices as u64 - 1) as usize;
    let mut edges = Vec::new();
    if random.below(2) == 0 {
        for vertex in 1..vertices {
            edges.push((random.below(vertex as u64) as usize, vertex));
        }
    }
    let extra = random.below((max_edges.saturating_sub(edges.len()) + 1) as u64);
    for _ in 0..extra {
        let a = random.below(vertices as u64) as usize;
        let b = random.below(vertices as u64) as usize;
        if a != b {
            edges.push((a, b));
        }
    }
    edges.truncate(max_edges);
    Graph::new(vertices, edges).expect("edges between distinct vertices of the graph")
}

/// How the random states of a test ended: a guard that they try the rule's every
/// outcome, not only the quiet one.
#[derive(Default, Debug)]
pub(crate) struct Tally {
    unchanged: usize,
    narrowed: usize,
    conflicts: usize,
}

impl Tally {
    /// Run the first rule once on `state` and count the outcome.
    pub(crate) fn count(&mut self, model: &Model, state: &Domains) {
        match after(model, state) {
            None => self.conflicts += 1,
            Some(after) if after == *state => self.unchanged += 1,
            Some(_) => self.narrowed += 1,
        }
    }

    /// Panics unless each outcome came up at least a few times.
    pub(crate) fn assert_varied(&self) {
        let least = self.unchanged.min(self.narrowed).min(self.conflicts);
        assert!(least >= 10, "too few of some outcome: {self:?}");
    }
}
