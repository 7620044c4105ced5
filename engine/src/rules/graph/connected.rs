//! Connected: the vertices whose boolean is true form one connected set (the
//! unshaded cells of a shading puzzle, the cells of one region).
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::rules::graph::{Connected, Graph};
//!
//! // A row of three cells: the two ends are kept, so the middle one must be too.
//! let mut model = Model::new();
//! let cells = model.new_vars(3, 2);
//! model.add_rule(Connected::new("kept cells", Graph::grid(1, 3), cells.clone())?)?;
//! let mut state = model.domains();
//! state.assign(cells[0], 1)?;
//! state.assign(cells[2], 1)?;
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert_eq!(state.value(cells[1]), Some(1));
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! One boolean per vertex (1 is true, any other value false). The empty set counts
//! as connected, and so does a single vertex: a model that needs at least one true
//! vertex says so with another rule.
//!
//! One depth-first search from a true vertex, through the vertices that may still
//! be true, finds in linear time:
//!
//! - a true vertex it does not reach: the true vertices are cut apart, a conflict
//!   (inference `"true vertices cut apart"`);
//! - a vertex it does not reach: it can never join the true ones, so it is false
//!   (`"cannot reach the true vertices"`);
//! - an open vertex that is an articulation point between the root and a true
//!   vertex (Tarjan's low links): every path between them crosses it, so it is
//!   true (`"articulation point"`).
//!
//! A run leaves nothing for a second run to find, and once no vertex is open the
//! rule is entailed. The sentences can be a puzzle's own ([`Connected::wording`]).

use crate::domain::{Value, VarId};
use crate::error::Error;
use crate::names::Names;
use crate::propagation::{Conflict, Context, Cost, Events, Fact, Rule, Watch, Why};
use crate::rules::graph::articulation::Reach;
use crate::rules::graph::truth::{TRUE, Truth, is_true};
use crate::rules::graph::undirected::Graph;
use crate::rules::wording::{Deduction, Wording};

/// The true vertices of a graph form one connected set (see the [module
/// docs](self)).
#[derive(Clone, Debug)]
pub struct Connected {
    name: String,
    graph: Graph,
    vars: Vec<VarId>,
    wording: Wording,
}

impl Connected {
    /// The vertices of `graph` whose variable in `vars` (one per vertex, in vertex
    /// order) is true form one connected set. Refused when `vars` has another length
    /// than the graph has vertices.
    pub fn new(name: impl Into<String>, graph: Graph, vars: Vec<VarId>) -> Result<Self, Error> {
        let name = name.into();
        if vars.len() != graph.vertices() {
            return Err(Error::InvalidRule {
                problem: format!(
                    "{} variables for a graph of {} vertices",
                    vars.len(),
                    graph.vertices()
                ),
                rule: name,
            });
        }
        Ok(Connected {
            name,
            graph,
            vars,
            wording: Wording::default(),
        })
    }

    /// Word the rule's changes in a puzzle's own sentences (see [`Wording`]).
    pub fn wording(
        mut self,
        say: impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static,
    ) -> Self {
        self.wording = Wording::new(say);
        self
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The variables, one per vertex.
    pub fn vars(&self) -> &[VarId] {
        &self.vars
    }

    /// The facts every deduction of a run rests on: the root is true and the
    /// vertices around the region it reaches are false. Gathered only for an
    /// observer that reads explanations.
    fn facts(&self, ctx: &Context<'_>, truth: &[Truth], root: usize, reach: &Reach) -> Vec<Fact> {
        if !ctx.explaining() {
            return Vec::new();
        }
        let mut facts = vec![Fact::Is(self.vars[root], TRUE)];
        let mut fence = vec![false; truth.len()];
        for vertex in (0..truth.len()).filter(|&vertex| reach.reaches(vertex)) {
            for neighbour in self.graph.neighbours(vertex) {
                if truth[neighbour] == Truth::False && !fence[neighbour] {
                    fence[neighbour] = true;
                    facts.push(Fact::IsNot(self.vars[neighbour], TRUE));
                }
            }
        }
        facts
    }

    /// Make `vertex` true (`value` = true) or false, with the sentence `explain`.
    fn change(
        &self,
        ctx: &mut Context<'_>,
        (inference, facts): (&'static str, &[Fact]),
        (vertex, make_true): (usize, bool),
        explain: impl Fn(&Names) -> String,
    ) -> Result<bool, Conflict> {
        let var = self.vars[vertex];
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
        if make_true {
            ctx.assign(var, TRUE, &why)
        } else {
            ctx.remove(var, TRUE, &why)
        }
    }

    /// The conflict of two true vertices that cannot reach each other.
    fn apart(&self, ctx: &Context<'_>, facts: &[Fact], (a, b): (usize, usize)) -> Conflict {
        let (a, b) = (self.vars[a], self.vars[b]);
        let text = |names: &Names| {
            format!(
                "the true vertices {} and {} cannot reach each other through vertices \
                 that may still be true",
                names.var_name(a),
                names.var_name(b)
            )
        };
        let cause = [a, b];
        let why = Why::new("true vertices cut apart")
            .cause(&cause)
            .because(facts)
            .named_text(&text);
        ctx.conflict(&why)
    }
}

impl Rule for Connected {
    fn name(&self) -> &str {
        &self.name
    }

    /// Every removal: a variable with more than the two values 0 and 1 turns false
    /// by losing 1 without being assigned (for booleans each removal assigns).
    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Cost::Linear
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let truth: Vec<Truth> = self
            .vars
            .iter()
            .map(|&var| Truth::of(ctx.domains(), var))
            .collect();
        let Some(root) = truth.iter().position(|&truth| truth == Truth::True) else {
            // No true vertex yet: only a single open vertex is sure to stay connected.
            if truth.iter().filter(|truth| **truth == Truth::Open).count() <= 1 {
                ctx.declare_entailed();
            }
            return Ok(());
        };
        let reach = Reach::from(&self.graph, |vertex| truth[vertex], root);
        let facts = self.facts(ctx, &truth, root, &reach);
        let unreached = |vertex: &usize| !reach.reaches(*vertex) && truth[*vertex].possible();
        for vertex in (0..truth.len()).filter(unreached) {
            if truth[vertex] == Truth::True {
                return Err(self.apart(ctx, &facts, (root, vertex)));
            }
            let (var, root_var) = (self.vars[vertex], self.vars[root]);
            self.change(
                ctx,
                ("cannot reach the true vertices", &facts),
                (vertex, false),
                |names| {
                    format!(
                        "{} cannot reach the true vertex {} through vertices that may still be \
                     true, so it is false",
                        names.var_name(var),
                        names.var_name(root_var)
                    )
                },
            )?;
        }
        for &(cut, cut_off) in &reach.cuts {
            let mut facts = facts.clone();
            facts.push(Fact::Is(self.vars[cut_off], TRUE));
            let [var, a, b] = [cut, root, cut_off].map(|vertex| self.vars[vertex]);
            self.change(ctx, ("articulation point", &facts), (cut, true), |names| {
                format!(
                    "{} must be true: without it the true vertices {} and {} are cut apart",
                    names.var_name(var),
                    names.var_name(a),
                    names.var_name(b)
                )
            })?;
        }
        let mut settled = vec![false; truth.len()];
        for &(cut, _) in &reach.cuts {
            settled[cut] = true;
        }
        let open_left = (0..truth.len()).any(|vertex| {
            truth[vertex] == Truth::Open && reach.reaches(vertex) && !settled[vertex]
        });
        if !open_left {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        connected_by_search(&self.graph, |vertex| is_true(values, self.vars[vertex]))
    }
}

/// Whether the vertices for which `chosen` is true are connected, by a plain
/// breadth-first search from the first of them.
fn connected_by_search(graph: &Graph, chosen: impl Fn(usize) -> bool) -> bool {
    let mut seen = vec![false; graph.vertices()];
    let Some(start) = (0..graph.vertices()).find(|&vertex| chosen(vertex)) else {
        return true;
    };
    seen[start] = true;
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(vertex) = queue.pop_front() {
        for neighbour in graph.neighbours(vertex) {
            if chosen(neighbour) && !seen[neighbour] {
                seen[neighbour] = true;
                queue.push_back(neighbour);
            }
        }
    }
    (0..graph.vertices()).all(|vertex| !chosen(vertex) || seen[vertex])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Model;
    use crate::propagation::{Fixpoint, Schedule, propagate};
    use crate::rules::graph::testing::{Tally, random_graph};
    use crate::rules::testing::{Random, assert_sound, random_boolean_case};
    use crate::trace::TextTrace;

    /// A model of one row of `cells` booleans under [`Connected`], and its state.
    fn row(cells: usize) -> (Model, Vec<VarId>) {
        let mut model = Model::new();
        let vars = model.new_vars(cells, 2);
        let rule = Connected::new("row", Graph::grid(1, cells), vars.clone()).expect("a rule");
        model.add_rule(rule).expect("vars of the model");
        (model, vars)
    }

    #[test]
    fn connected_is_sound_and_complete_on_random_graphs() {
        let mut random = Random::new(11);
        let mut tally = Tally::default();
        for round in 0..600 {
            let graph = random_graph(&mut random, 8, 12);
            let wide = round % 4 == 0;
            let (model, state) = random_boolean_case(&mut random, graph.vertices(), wide, |vars| {
                Connected::new("c", graph, vars).expect("one variable per vertex")
            });
            assert_sound(&model, &state);
            tally.count(&model, &state);
        }
        tally.assert_varied();
    }

    #[test]
    fn a_cut_vertex_between_true_vertices_becomes_true() {
        let (model, cells) = row(5);
        let mut state = model.domains();
        state.assign(cells[1], 1).expect("a value");
        state.assign(cells[3], 1).expect("a value");
        let mut trace = TextTrace::new(&model, Vec::new()).with_wakes(false);
        propagate(&model, &mut state, Schedule::Queue, Some(&mut trace)).expect("no conflict");
        assert_eq!(state.value(cells[2]), Some(1));
        assert_eq!(state.value(cells[0]), None);
        let text = String::from_utf8(trace.finish().expect("a trace")).expect("utf-8");
        assert!(
            text.contains("x2 must be true: without it the true vertices x1 and x3 are cut apart"),
            "{text}"
        );
    }

    #[test]
    fn vertices_beyond_a_false_one_become_false_and_true_ones_apart_conflict() {
        let (model, cells) = row(4);
        let mut state = model.domains();
        state.assign(cells[0], 1).expect("a value");
        state.assign(cells[1], 0).expect("a value");
        propagate(&model, &mut state, Schedule::Queue, None).expect("no conflict");
        assert_eq!(state.value(cells[2]), Some(0));
        assert_eq!(state.value(cells[3]), Some(0));
        assert!(state.is_entailed(crate::ids::RuleId::first()));
        let mut state = model.domains();
        state.assign(cells[0], 1).expect("a value");
        state.assign(cells[1], 0).expect("a value");
        state.assign(cells[3], 1).expect("a value");
        let fixpoint =
            propagate(&model, &mut state, Schedule::Queue, None).expect("the state fits");
        assert!(matches!(fixpoint, Fixpoint::Conflict(_)), "{fixpoint:?}");
    }

    #[test]
    fn no_true_vertex_and_a_single_vertex_are_connected() {
        let (model, cells) = row(3);
        assert!(model.rule(crate::ids::RuleId::first()).holds(&[0, 0, 0]));
        assert!(model.rule(crate::ids::RuleId::first()).holds(&[0, 1, 0]));
        assert!(!model.rule(crate::ids::RuleId::first()).holds(&[1, 0, 1]));
        assert_eq!(cells.len(), 3);
    }

    #[test]
    fn a_variable_count_other_than_the_vertices_is_refused() {
        let mut model = Model::new();
        let vars = model.new_vars(3, 2);
        let error = Connected::new("c", Graph::grid(2, 2), vars).expect_err("4 vertices");
        assert!(matches!(error, Error::InvalidRule { .. }), "{error}");
    }
}
