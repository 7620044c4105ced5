//! A single loop or a single path: one boolean per edge, and the chosen edges form
//! exactly one cycle ([`SingleLoop`]) or one path between two given ends
//! ([`SinglePath`]), every vertex on it or off it (loop puzzles, track puzzles).
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::rules::graph::{Graph, SinglePath};
//!
//! // Paths between opposite corners of a 2×3 grid of points (vertices 0 1 2 over
//! // 3 4 5); the middle of the top row is on the track, so three of the four stay.
//! let grid = Graph::grid(2, 3);
//! let mut model = Model::new();
//! let edges = model.new_vars(grid.edges().len(), 2);
//! let track = SinglePath::new("track", grid, edges, (0, 5))?
//!     .with_degrees(vec![None, Some(2), None, None, None, None])?;
//! model.add_rule(track)?;
//! assert_eq!(Search::new(&model, Config::default())?.count(None).solutions, 3);
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! Every vertex ends with degree 0 or 2 (a path's ends with degree 1), unless
//! [`SingleLoop::with_degrees`] fixes some. A loop has at least one edge. Each run
//! repeats its passes until none changes anything:
//!
//! - **degrees** (inference `"degree"`): a vertex whose chosen edges already reach
//!   the most it may have drops its open edges; one that needs all its open edges
//!   takes them (one chosen and one open edge left: take it; one open edge and
//!   none chosen: drop it); a vertex that cannot reach an allowed degree is a
//!   conflict (a run looks only at the vertices whose edges changed since the
//!   rule's last run on the branch, kept as reversible state);
//! - **fragments** (union-find over the chosen edges): a cycle of chosen edges
//!   while other chosen edges, or vertices that must be on the loop, lie outside it
//!   is a conflict (`"premature loop"`), as is any cycle on a path; an open edge
//!   whose ends lie on one fragment would close such a cycle and is dropped
//!   (`"premature loop"`), and so is an open edge joining a path's two ends too
//!   early; once the loop or path is complete, every open edge is dropped
//!   (`"loop complete"`);
//! - **reach** (once the two passes above are quiet: one depth-first search of the
//!   edges still possible): what the line must hold lies in one connected piece of
//!   them, or it is a conflict, and open edges in other pieces are dropped
//!   (`"unreachable"`); a bridge of them is left out of a loop, which could not
//!   come back over it, and of a path unless it lies between the path's ends, when
//!   it is chosen (`"bridge"`);
//! - **counts** ([`SingleLoop::with_edge_counts`]): groups of edges of which the
//!   finished line holds at least so many, such as a numbered square's sides. An
//!   edge that would finish the line (close the loop, or join the path's ends, with
//!   nothing left outside) while a group would stay short is dropped, and a line
//!   finished short is a conflict (inference `"short count"`).
//!
//! With no open edge left the rule is entailed. Sentences name vertices `v<index>`,
//! or as the puzzle names them ([`SingleLoop::with_vertex_names`]), and edges by
//! their variable's name when it has one, else by their ends (`v3–v4`); the whole
//! sentence can be a puzzle's own ([`SingleLoop::wording`]).

mod counts;
mod degrees;
mod fragments;
mod grid;
mod reach;
mod shape;
mod sweep;
#[cfg(test)]
mod tests;

use crate::domain::{Value, VarId};
use crate::error::Error;
use crate::names::Names;
use crate::propagation::state::StateInt;
use crate::propagation::{Conflict, Context, Cost, Events, Fact, Posting, Rule, Watch, Why};
use crate::rules::graph::truth::{TRUE, Truth, is_true};
use crate::rules::graph::undirected::Graph;
use crate::rules::wording::{Deduction, Wording};
use std::sync::Arc;

use counts::Counts;
pub use counts::EdgeCount;
pub use grid::{CELL_SHAPES, CellShapes, DOWN, LEFT, RIGHT, UP, cell_names, name_edges};
pub use shape::VertexShape;
use sweep::{Seen, Sweep};

/// Degrees 0 and 2, as a set of degrees (bit `d` for degree `d`).
const OFF_OR_ON: u32 = 0b101;

/// What the two public rules share: the graph, the edges' booleans, the degrees
/// each vertex may end with, and the ends for a path.
#[derive(Clone, Debug)]
struct Lines {
    name: String,
    graph: Graph,
    vars: Vec<VarId>,
    /// For each vertex, the degrees it may end with (bit `d` for degree `d`).
    degrees: Vec<u32>,
    /// The path's two ends; `None` for a loop.
    ends: Option<(usize, usize)>,
    /// The vertices' names in sentences; `v<index>` when absent.
    vertex_names: Option<VertexNames>,
    /// Groups of edges the finished line holds at least so many of.
    counts: Counts,
    wording: Wording,
    /// Reversible: one more than the number of false edges when the reach pass
    /// last found nothing to do on this branch (0: never), so that runs which
    /// only chose edges since skip it (see `reach_is_quiet`).
    quiet_reach: Option<StateInt>,
    /// Reversible: the edges' truths when a run last finished on this branch, so
    /// that a run settles only the vertices at edges changed since.
    seen: Option<Seen>,
    /// Whether the edges are variables of consecutive indices, each over 0 and 1
    /// (found when posted): their domains are then consecutive words of the store,
    /// read in one pass.
    booleans_in_a_row: bool,
    /// The graph's incidence lists in one array, for the reach pass's search.
    adjacency: Adjacency,
}

/// How a line rule names its vertices: a list, or a function that writes a
/// vertex's name when a sentence needs it.
#[derive(Clone)]
enum VertexNames {
    Listed(Arc<[String]>),
    Written(Arc<NameVertex>),
}

/// The function behind [`VertexNames::Written`].
type NameVertex = dyn Fn(usize) -> String + Send + Sync;

impl std::fmt::Debug for VertexNames {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VertexNames::Listed(names) => formatter.debug_tuple("Listed").field(names).finish(),
            VertexNames::Written(_) => formatter.write_str("Written"),
        }
    }
}

/// Each vertex's incident edges as `(neighbour, edge)`, all in one array: vertex
/// `v`'s are `half_edges[first[v]..first[v + 1]]`.
#[derive(Clone, Debug)]
struct Adjacency {
    first: Vec<u32>,
    half_edges: Vec<(u32, u32)>,
}

impl Adjacency {
    fn of(graph: &Graph) -> Adjacency {
        let mut first = Vec::with_capacity(graph.vertices() + 1);
        let mut half_edges = Vec::with_capacity(2 * graph.edges().len());
        for vertex in 0..graph.vertices() {
            first.push(half_edges.len() as u32);
            let incident = graph.incident(vertex).iter();
            half_edges.extend(incident.map(|&(other, edge)| (other as u32, edge as u32)));
        }
        first.push(half_edges.len() as u32);
        Adjacency { first, half_edges }
    }
}

/// The chosen edges of a graph form exactly one cycle (see the [module
/// docs](self)).
#[derive(Clone, Debug)]
pub struct SingleLoop(Lines);

/// The chosen edges of a graph form exactly one path between two given vertices
/// (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct SinglePath(Lines);

impl SingleLoop {
    /// The edges of `graph` whose variable in `vars` (one per edge, in edge order)
    /// is true form one cycle; every vertex has degree 0 or 2. Refused when `vars`
    /// has another length than the graph has edges.
    pub fn new(name: impl Into<String>, graph: Graph, vars: Vec<VarId>) -> Result<Self, Error> {
        Lines::new(name.into(), graph, vars, None).map(SingleLoop)
    }

    /// Fix some vertices' degrees: `Some(2)` on the loop, `Some(0)` off it, `None`
    /// either. Refused unless there is one entry per vertex, each `None`, 0 or 2.
    pub fn with_degrees(self, degrees: Vec<Option<usize>>) -> Result<Self, Error> {
        self.0.with_degrees(degrees).map(SingleLoop)
    }

    /// Name the vertices in the rule's sentences (`r2c3` rather than `v7`), one
    /// name per vertex. Refused unless there is one name per vertex.
    pub fn with_vertex_names(self, names: Vec<String>) -> Result<Self, Error> {
        self.0.with_vertex_names(names).map(SingleLoop)
    }

    /// Name the vertices in the rule's sentences by `name` (vertex index to
    /// name), called only when a sentence is written: a puzzle whose names
    /// follow from the index makes none of them for a solve that reads no
    /// sentence (a 20×20 Slitherlink has 441 dots to name).
    pub fn with_vertex_namer(self, name: impl Fn(usize) -> String + Send + Sync + 'static) -> Self {
        SingleLoop(self.0.with_vertex_namer(name))
    }

    /// Groups of edges of which the finished line holds at least `least` each
    /// (see the module docs: the line may not finish with one short). Refused when
    /// a group names a missing edge or asks for more edges than it has.
    pub fn with_edge_counts(self, counts: Vec<EdgeCount>) -> Result<Self, Error> {
        self.0.with_edge_counts(counts).map(SingleLoop)
    }

    /// Word the rule's changes in a puzzle's own sentences (see [`Wording`]).
    pub fn wording(
        self,
        say: impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static,
    ) -> Self {
        SingleLoop(self.0.wording(say))
    }
}

impl SinglePath {
    /// The edges of `graph` whose variable in `vars` (one per edge) is true form
    /// one path from `ends.0` to `ends.1`: the ends have degree 1, every other
    /// vertex 0 or 2. Refused when `vars` has another length than the graph has
    /// edges, or the ends are not two different vertices of the graph.
    pub fn new(
        name: impl Into<String>,
        graph: Graph,
        vars: Vec<VarId>,
        ends: (usize, usize),
    ) -> Result<Self, Error> {
        Lines::new(name.into(), graph, vars, Some(ends)).map(SinglePath)
    }

    /// Fix some inner vertices' degrees: `Some(2)` on the path, `Some(0)` off it,
    /// `None` either (an end's entry must be `None` or `Some(1)`). Refused unless
    /// there is one entry per vertex.
    pub fn with_degrees(self, degrees: Vec<Option<usize>>) -> Result<Self, Error> {
        self.0.with_degrees(degrees).map(SinglePath)
    }

    /// Name the vertices in the rule's sentences (`r2c3` rather than `v7`), one
    /// name per vertex. Refused unless there is one name per vertex.
    pub fn with_vertex_names(self, names: Vec<String>) -> Result<Self, Error> {
        self.0.with_vertex_names(names).map(SinglePath)
    }

    /// Groups of edges of which the finished line holds at least `least` each
    /// (see the module docs: the line may not finish with one short). Refused when
    /// a group names a missing edge or asks for more edges than it has.
    pub fn with_edge_counts(self, counts: Vec<EdgeCount>) -> Result<Self, Error> {
        self.0.with_edge_counts(counts).map(SinglePath)
    }

    /// Word the rule's changes in a puzzle's own sentences (see [`Wording`]).
    pub fn wording(
        self,
        say: impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static,
    ) -> Self {
        SinglePath(self.0.wording(say))
    }
}

impl Lines {
    fn new(
        name: String,
        graph: Graph,
        vars: Vec<VarId>,
        ends: Option<(usize, usize)>,
    ) -> Result<Self, Error> {
        let vertices = graph.vertices();
        if vars.len() != graph.edges().len() {
            let problem = format!(
                "{} variables for a graph of {} edges",
                vars.len(),
                graph.edges().len()
            );
            return Err(Error::InvalidRule {
                rule: name,
                problem,
            });
        }
        let mut degrees = vec![OFF_OR_ON; vertices];
        if let Some((a, b)) = ends {
            if a == b || a >= vertices || b >= vertices {
                let problem = format!("the ends ({a}, {b}) are not two vertices of the {vertices}");
                return Err(Error::InvalidRule {
                    rule: name,
                    problem,
                });
            }
            degrees[a] = 0b10;
            degrees[b] = 0b10;
        }
        Ok(Lines {
            name,
            vars,
            degrees,
            ends,
            vertex_names: None,
            counts: Counts::default(),
            wording: Wording::default(),
            quiet_reach: None,
            seen: None,
            booleans_in_a_row: false,
            adjacency: Adjacency::of(&graph),
            graph,
        })
    }

    fn with_edge_counts(mut self, counts: Vec<EdgeCount>) -> Result<Self, Error> {
        self.counts = Counts::new(&self.name, self.graph.edges().len(), counts)?;
        Ok(self)
    }

    fn with_vertex_names(mut self, names: Vec<String>) -> Result<Self, Error> {
        if names.len() != self.graph.vertices() {
            return Err(Error::InvalidRule {
                problem: format!(
                    "{} vertex names for a graph of {} vertices",
                    names.len(),
                    self.graph.vertices()
                ),
                rule: self.name,
            });
        }
        self.vertex_names = Some(VertexNames::Listed(names.into()));
        Ok(self)
    }

    fn with_vertex_namer(mut self, name: impl Fn(usize) -> String + Send + Sync + 'static) -> Self {
        self.vertex_names = Some(VertexNames::Written(Arc::new(name)));
        self
    }

    fn with_degrees(mut self, degrees: Vec<Option<usize>>) -> Result<Self, Error> {
        let invalid = |problem: String| Error::InvalidRule {
            rule: self.name.clone(),
            problem,
        };
        if degrees.len() != self.graph.vertices() {
            return Err(invalid(format!(
                "{} degrees for a graph of {} vertices",
                degrees.len(),
                self.graph.vertices()
            )));
        }
        let mut allowed = Vec::with_capacity(degrees.len());
        for (vertex, degree) in degrees.into_iter().enumerate() {
            let is_end = self.ends.is_some_and(|(a, b)| vertex == a || vertex == b);
            allowed.push(match (degree, is_end) {
                (None, false) => OFF_OR_ON,
                (None | Some(1), true) => 0b10,
                (Some(degree @ (0 | 2)), false) => 1 << degree,
                (Some(degree), _) => {
                    return Err(invalid(format!(
                        "vertex {vertex} cannot have degree {degree} on a single {}",
                        if self.ends.is_some() { "path" } else { "loop" }
                    )));
                }
            });
        }
        self.degrees = allowed;
        Ok(self)
    }

    fn wording(
        mut self,
        say: impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static,
    ) -> Self {
        self.wording = Wording::new(say);
        self
    }

    /// The truth of each edge in the current state.
    fn truths(&self, ctx: &Context<'_>) -> Vec<Truth> {
        let domains = ctx.domains();
        if let Some(words) = self.edge_words(domains) {
            let truth = |&word: &u64| match word {
                0b10 => Truth::True,
                0b11 => Truth::Open,
                _ => Truth::False,
            };
            return words.iter().map(truth).collect();
        }
        self.vars
            .iter()
            .map(|&var| Truth::of(domains, var))
            .collect()
    }

    /// The edges' domains as consecutive words of the store (bit 0 for 0, bit 1
    /// for 1), when they lie so.
    fn edge_words<'d>(&self, domains: &'d crate::domain::Domains) -> Option<&'d [u64]> {
        let (&first, &last) = (self.vars.first()?, self.vars.last()?);
        if !self.booleans_in_a_row {
            return None;
        }
        let (from, to) = (
            domains.single_word_offset(first)?,
            domains.single_word_offset(last)?,
        );
        (to >= from && to - from + 1 == self.vars.len()).then(|| &domains.store()[from..=to])
    }

    /// Note whether the edges are booleans of consecutive indices (see
    /// `booleans_in_a_row`) and ask for the reversible state: the reach pass's
    /// integer and the truths seen.
    fn post(&mut self, posting: &mut Posting<'_>) {
        self.quiet_reach = Some(posting.int(0));
        self.seen = Some(Seen::new(posting, self.vars.len()));
        let in_a_row = (self.vars.windows(2)).all(|pair| pair[1].index() == pair[0].index() + 1);
        let booleans = (self.vars.iter()).all(|&var| posting.range(var) == (0..=1));
        self.booleans_in_a_row = in_a_row && booleans;
    }

    /// `vertex` written for people: its name, or `v3`.
    fn vertex_label(&self, vertex: usize) -> String {
        match &self.vertex_names {
            Some(VertexNames::Listed(names)) => names[vertex].clone(),
            Some(VertexNames::Written(name)) => name(vertex),
            None => format!("v{vertex}"),
        }
    }

    /// `edge` written for people: its variable's name, or its ends, `v3–v4`.
    fn edge_label(&self, names: &Names, edge: usize) -> String {
        if let Some(name) = names.given_name(self.vars[edge]) {
            return name.to_string();
        }
        let (a, b) = self.graph.edges()[edge];
        format!("{}–{}", self.vertex_label(a), self.vertex_label(b))
    }

    /// The facts of every decided edge, when an observer reads explanations: what a
    /// deduction about fragments rests on, at most.
    fn decided_facts(&self, ctx: &Context<'_>, truth: &[Truth]) -> Vec<Fact> {
        if !ctx.explaining() {
            return Vec::new();
        }
        let fact = |(edge, truth): (usize, &Truth)| match truth {
            Truth::True => Some(Fact::Is(self.vars[edge], TRUE)),
            Truth::False => Some(Fact::IsNot(self.vars[edge], TRUE)),
            Truth::Open => None,
        };
        truth.iter().enumerate().filter_map(fact).collect()
    }

    /// Choose `edge` (`take`) or drop it, with the sentence `explain`.
    fn change(
        &self,
        ctx: &mut Context<'_>,
        (inference, facts): (&'static str, &[Fact]),
        (edge, take): (usize, bool),
        explain: impl Fn(&Names) -> String,
    ) -> Result<bool, Conflict> {
        let var = self.vars[edge];
        let deduction = Deduction {
            inference,
            var,
            value: Some(TRUE),
            facts,
        };
        let text = |names: &Names| self.wording.sentence(names, &deduction, &explain);
        let cause: Vec<VarId> = facts.iter().map(|fact| fact.var()).collect();
        let why = Why::new(inference)
            .cause(&cause)
            .because(facts)
            .named_text(&text);
        if take {
            ctx.assign(var, TRUE, &why)
        } else {
            ctx.remove(var, TRUE, &why)
        }
    }

    /// A conflict with its sentence.
    fn conflict(
        &self,
        ctx: &Context<'_>,
        (inference, facts): (&'static str, &[Fact]),
        explain: impl Fn() -> String,
    ) -> Conflict {
        let why = Why::new(inference).because(facts).text(&explain);
        ctx.conflict(&why)
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let mut sweep = Sweep::new(self, ctx, self.seen);
        loop {
            let by_degrees = self.degree_pass(ctx, &mut sweep)?;
            let by_fragments = self.fragment_pass(ctx, &mut sweep)?;
            if by_degrees || by_fragments {
                continue;
            }
            // The reach pass rarely finds anything while the shapes and clues
            // still settle edges: the rule waits for them (a run with every
            // edge decided still checks, before the rule is declared entailed).
            let open = sweep.falses + sweep.layout.chosen < sweep.truth.len();
            if open && ctx.postpone_while_busy() {
                break;
            }
            if !self.reach_pass(ctx, &mut sweep)? {
                break;
            }
        }
        if let Some(seen) = self.seen {
            seen.write(ctx, &sweep.packed);
        }
        let truth = &sweep.truth;
        if sweep.falses + sweep.layout.chosen < truth.len() {
            return Ok(());
        }
        if sweep.layout.chosen == 0 {
            let facts = self.decided_facts(ctx, truth);
            return Err(self.conflict(ctx, ("no loop", &facts), || {
                "every edge is left out, so there is no loop".to_string()
            }));
        }
        ctx.declare_entailed();
        Ok(())
    }

    /// The meaning, by a plain count and search: every degree allowed, at least
    /// one chosen edge, the chosen edges connected, and every edge count met.
    fn holds(&self, values: &[Value]) -> bool {
        let flags: Vec<bool> = (self.vars.iter())
            .map(|&var| is_true(values, var))
            .collect();
        if !self.counts.met_by(&flags) {
            return false;
        }
        let chosen: Vec<(usize, usize)> = (0..self.vars.len())
            .filter(|&edge| is_true(values, self.vars[edge]))
            .map(|edge| self.graph.edges()[edge])
            .collect();
        let mut degree = vec![0usize; self.graph.vertices()];
        for &(a, b) in &chosen {
            degree[a] += 1;
            degree[b] += 1;
        }
        let allowed =
            |vertex: usize| degree[vertex] < 32 && self.degrees[vertex] >> degree[vertex] & 1 == 1;
        let Some(&(start, _)) = chosen.first() else {
            return false;
        };
        (0..degree.len()).all(allowed) && reaches_every_used_vertex(&chosen, &degree, start)
    }
}

/// Whether a search along `edges` from `start` reaches every vertex of positive
/// `degree`.
fn reaches_every_used_vertex(edges: &[(usize, usize)], degree: &[usize], start: usize) -> bool {
    let mut neighbours = vec![Vec::new(); degree.len()];
    for &(a, b) in edges {
        neighbours[a].push(b);
        neighbours[b].push(a);
    }
    let mut seen = vec![false; degree.len()];
    seen[start] = true;
    let mut stack = vec![start];
    while let Some(vertex) = stack.pop() {
        for &next in &neighbours[vertex] {
            if !seen[next] {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    (0..degree.len()).all(|vertex| degree[vertex] == 0 || seen[vertex])
}

/// The `Rule` methods of both public rules, read from their shared core.
macro_rules! rule_of_lines {
    ($rule:ty) => {
        impl Rule for $rule {
            fn name(&self) -> &str {
                &self.0.name
            }

            /// Every removal: a variable with more than two values turns false by
            /// losing 1 without being assigned (for booleans each removal assigns).
            fn watches(&self) -> Vec<Watch> {
                Watch::all(&self.0.vars, Events::REMOVED)
            }

            /// Each pass is linear, but passes repeat until nothing changes.
            fn cost(&self) -> Cost {
                Cost::Quadratic
            }

            fn idempotent(&self) -> bool {
                true
            }

            /// Reversible state (the false edges when the reach pass was last
            /// quiet, the truths a run last left), and how the edges' domains lie.
            fn post(&mut self, posting: &mut Posting<'_>) -> Result<(), Error> {
                self.0.post(posting);
                Ok(())
            }

            fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
                self.0.action(ctx)
            }

            fn holds(&self, values: &[Value]) -> bool {
                self.0.holds(values)
            }
        }
    };
}

rule_of_lines!(SingleLoop);
rule_of_lines!(SinglePath);
