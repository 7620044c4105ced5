//! Acyclic: one boolean per edge, and the chosen edges form a forest (no cycle),
//! as the diagonals of a slant puzzle must.
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::rules::graph::{Acyclic, Graph};
//!
//! // A triangle with two sides chosen: the third would close a cycle.
//! let triangle = Graph::new(3, vec![(0, 1), (1, 2), (2, 0)])?;
//! let mut model = Model::new();
//! let sides = model.new_vars(3, 2);
//! model.add_rule(Acyclic::new("no cycle", triangle, sides.clone())?)?;
//! let mut state = model.domains();
//! state.assign(sides[0], 1)?;
//! state.assign(sides[1], 1)?;
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert_eq!(state.value(sides[2]), Some(0));
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! Union-find joins the chosen edges: one that closes a cycle is a conflict
//! (inference `"cycle"`), and an open edge whose ends are already joined is left
//! out (`"would close a cycle"`). A run leaves nothing for a second run, and once
//! the chosen and open edges together form a forest the rule is entailed.
//! Sentences name vertices `v<index>` and can be a puzzle's own
//! ([`Acyclic::wording`]).

use crate::domain::{Value, VarId};
use crate::error::Error;
use crate::names::Names;
use crate::propagation::{Conflict, Context, Cost, Events, Fact, Rule, Watch, Why};
use crate::rules::graph::truth::{TRUE, Truth, is_true};
use crate::rules::graph::undirected::Graph;
use crate::rules::graph::union_find::Fragments;
use crate::rules::wording::{Deduction, Wording};

/// The chosen edges of a graph form a forest (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct Acyclic {
    name: String,
    graph: Graph,
    vars: Vec<VarId>,
    wording: Wording,
}

impl Acyclic {
    /// The edges of `graph` whose variable in `vars` (one per edge, in edge order)
    /// is true form no cycle. Refused when `vars` has another length than the graph
    /// has edges.
    pub fn new(name: impl Into<String>, graph: Graph, vars: Vec<VarId>) -> Result<Self, Error> {
        let name = name.into();
        if vars.len() != graph.edges().len() {
            return Err(Error::InvalidRule {
                problem: format!(
                    "{} variables for a graph of {} edges",
                    vars.len(),
                    graph.edges().len()
                ),
                rule: name,
            });
        }
        Ok(Acyclic {
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

    /// The chosen edges as facts, when an observer reads explanations.
    fn chosen_facts(&self, ctx: &Context<'_>, truth: &[Truth]) -> Vec<Fact> {
        if !ctx.explaining() {
            return Vec::new();
        }
        (0..truth.len())
            .filter(|&edge| truth[edge] == Truth::True)
            .map(|edge| Fact::Is(self.vars[edge], TRUE))
            .collect()
    }

    /// Leave out `edge`, whose ends the chosen edges already join.
    fn drop_edge(
        &self,
        ctx: &mut Context<'_>,
        facts: &[Fact],
        edge: usize,
    ) -> Result<bool, Conflict> {
        let inference = "would close a cycle";
        let var = self.vars[edge];
        let (a, b) = self.graph.edges()[edge];
        let deduction = Deduction {
            inference,
            var,
            value: Some(TRUE),
            facts,
        };
        let text = |names: &Names| {
            self.wording.sentence(names, &deduction, |_: &Names| {
                format!(
                    "v{a} and v{b} are already joined by chosen edges, so edge v{a}–v{b} \
                     would close a cycle and is left out"
                )
            })
        };
        let cause: Vec<VarId> = facts.iter().map(|fact| fact.var()).collect();
        let why = Why::new(inference)
            .cause(&cause)
            .because(facts)
            .named_text(&text);
        ctx.remove(var, TRUE, &why)
    }

    /// Whether the edges that may still be chosen form a forest, given the
    /// `fragments` of the chosen ones (a forest) and every edge's `truth`
    /// after the drops: it joins the open edges into them.
    fn forest_left(&self, mut fragments: Fragments, truth: &[Truth]) -> bool {
        (self.graph.edges().iter().zip(truth))
            .all(|(&(a, b), &truth)| truth != Truth::Open || !fragments.join(a, b))
    }
}

impl Rule for Acyclic {
    fn name(&self) -> &str {
        &self.name
    }

    /// Every removal: a variable with more than two values turns false by losing 1
    /// without being assigned (for booleans each removal assigns).
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
        let mut truth: Vec<Truth> = self
            .vars
            .iter()
            .map(|&var| Truth::of(ctx.domains(), var))
            .collect();
        let mut fragments = Fragments::new(self.graph.vertices());
        for (edge, &(a, b)) in self.graph.edges().iter().enumerate() {
            if truth[edge] == Truth::True && fragments.join(a, b) {
                let facts = self.chosen_facts(ctx, &truth);
                let text = || format!("the chosen edges close a cycle through v{a}–v{b}");
                let why = Why::new("cycle").because(&facts).text(&text);
                return Err(ctx.conflict(&why));
            }
        }
        let mut facts = None;
        // The edges that may still be chosen once the drops are made.
        let mut possible = 0;
        for (edge, &(a, b)) in self.graph.edges().iter().enumerate() {
            match truth[edge] {
                Truth::Open if fragments.root(a) == fragments.root(b) => {
                    let facts = facts.get_or_insert_with(|| self.chosen_facts(ctx, &truth));
                    self.drop_edge(ctx, facts, edge)?;
                    truth[edge] = Truth::False;
                }
                Truth::False => {}
                _ => possible += 1,
            }
        }
        // A forest has fewer edges than vertices: with more edges left, the
        // join over them all (a second pass as long as the first) is skipped.
        if possible < self.graph.vertices() && self.forest_left(fragments, &truth) {
            ctx.declare_entailed();
        }
        Ok(())
    }

    /// A forest has as many edges as vertices less components: counted by a plain
    /// search.
    fn holds(&self, values: &[Value]) -> bool {
        let vertices = self.graph.vertices();
        let mut neighbours = vec![Vec::new(); vertices];
        let mut chosen = 0;
        for (edge, &(a, b)) in self.graph.edges().iter().enumerate() {
            if is_true(values, self.vars[edge]) {
                neighbours[a].push(b);
                neighbours[b].push(a);
                chosen += 1;
            }
        }
        let mut seen = vec![false; vertices];
        let mut components = 0;
        for start in 0..vertices {
            if seen[start] {
                continue;
            }
            components += 1;
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
        }
        chosen + components == vertices
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::RuleId;
    use crate::model::Model;
    use crate::propagation::{Fixpoint, Schedule, propagate};
    use crate::rules::graph::testing::{Tally, random_graph};
    use crate::rules::testing::{Random, assert_sound, random_boolean_case};
    use crate::trace::TextTrace;

    #[test]
    fn acyclic_is_sound_and_complete_on_random_graphs() {
        let mut random = Random::new(31);
        let mut tally = Tally::default();
        for round in 0..600 {
            let graph = random_graph(&mut random, 7, 12);
            let edges = graph.edges().len();
            let (model, state) = random_boolean_case(&mut random, edges, round % 4 == 0, |vars| {
                Acyclic::new("forest", graph, vars).expect("one variable per edge")
            });
            assert_sound(&model, &state);
            tally.count(&model, &state);
        }
        tally.assert_varied();
    }

    /// A square 0–1–2–3 with its edges under [`Acyclic`].
    fn square() -> (Model, Vec<VarId>) {
        let graph = Graph::new(4, vec![(0, 1), (1, 2), (2, 3), (3, 0)]).expect("a square");
        let mut model = Model::new();
        let sides = model.new_vars(4, 2);
        let rule = Acyclic::new("forest", graph, sides.clone()).expect("a rule");
        model.add_rule(rule).expect("sides of the model");
        (model, sides)
    }

    #[test]
    fn the_last_side_of_a_square_is_left_out_and_says_why() {
        let (model, sides) = square();
        let mut state = model.domains();
        for &side in &sides[..3] {
            state.assign(side, 1).expect("a value");
        }
        let mut trace = TextTrace::new(&model, Vec::new()).with_wakes(false);
        propagate(&model, &mut state, Schedule::Queue, Some(&mut trace)).expect("fits");
        let text = String::from_utf8(trace.finish().expect("a trace")).expect("utf-8");
        assert_eq!(state.value(sides[3]), Some(0));
        assert!(state.is_entailed(RuleId::first()));
        assert!(text.contains("edge v3–v0 would close a cycle"), "{text}");
    }

    #[test]
    fn a_chosen_cycle_is_a_conflict_and_one_open_side_is_entailed_at_once() {
        let (model, sides) = square();
        let mut state = model.domains();
        for &side in &sides {
            state.assign(side, 1).expect("a value");
        }
        let fixpoint = propagate(&model, &mut state, Schedule::Queue, None).expect("fits");
        assert!(matches!(fixpoint, Fixpoint::Conflict(_)));
        let mut state = model.domains();
        state.assign(sides[0], 0).expect("a value");
        propagate(&model, &mut state, Schedule::Queue, None).expect("fits");
        assert!(state.is_entailed(RuleId::first()));
    }

    /// Entailment follows the edges left, not their count alone: a square
    /// with one side chosen still has a cycle open (four edges on four
    /// vertices, passing the count), and a path of three has none.
    #[test]
    fn entailed_only_once_the_edges_left_form_a_forest() {
        let (model, sides) = square();
        let mut state = model.domains();
        state.assign(sides[0], 1).expect("a value");
        propagate(&model, &mut state, Schedule::Queue, None).expect("fits");
        assert!(!state.is_entailed(RuleId::first()));
        let graph = Graph::new(4, vec![(0, 1), (1, 2), (2, 3)]).expect("a path");
        let mut model = Model::new();
        let sides = model.new_vars(3, 2);
        let rule = Acyclic::new("forest", graph, sides).expect("a rule");
        model.add_rule(rule).expect("sides of the model");
        let mut state = model.domains();
        propagate(&model, &mut state, Schedule::Queue, None).expect("fits");
        assert!(state.is_entailed(RuleId::first()));
    }

    #[test]
    fn a_variable_count_other_than_the_edges_is_refused() {
        let mut model = Model::new();
        let vars = model.new_vars(3, 2);
        let error = Acyclic::new("f", Graph::grid(2, 2), vars).expect_err("4 edges");
        assert!(matches!(error, Error::InvalidRule { .. }), "{error}");
    }
}
