//! ConnectedValues: for every value, the vertices that take it form one connected
//! set (a partition of a grid into connected regions, one variable per cell holding
//! its region's label: Spiral galaxies' regions, one per dot).
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::rules::graph::{ConnectedValues, Graph};
//!
//! // A row of four cells labelled 0 or 1 with both ends 0: the region of 0 must
//! // join them, so the cells between are 0 too.
//! let mut model = Model::new();
//! let cells = model.new_vars(4, 2);
//! model.add_rule(ConnectedValues::new("regions", Graph::grid(1, 4), cells.clone())?)?;
//! let mut state = model.domains();
//! state.assign(cells[0], 0)?;
//! state.assign(cells[3], 0)?;
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert_eq!(state.value(cells[1]), Some(0));
//! assert_eq!(state.value(cells[2]), Some(0));
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! One variable per vertex; a value no vertex takes, or one vertex alone, counts as
//! connected. For each value, the vertices fixed to it are its known part and
//! those that still hold it its possible part; one depth-first search from a fixed
//! vertex through the possible part (as [`Connected`](super::Connected) does for
//! booleans) finds:
//!
//! - a fixed vertex it does not reach: a conflict (`"region cut apart"`);
//! - a vertex it does not reach: it loses the value (`"cannot reach the region"`);
//! - an open vertex every path between two fixed ones crosses (an articulation
//!   point): it takes the value (`"articulation point"`).
//!
//! A value whose layer (who may take it, who is fixed to it) is as the last run
//! left it is skipped: the rule keeps each layer as reversible state. The rule is
//! sound, and on a full assignment that breaks it a run reports a conflict. The
//! sentences can be a puzzle's own ([`ConnectedValues::wording`]).

use crate::domain::{Value, VarId};
use crate::error::Error;
use crate::names::Names;
use crate::propagation::{Conflict, Context, Cost, Events, Fact, Posting, Rule, Watch, Why};
use crate::rules::graph::articulation::Reach;
use crate::rules::graph::layers::{ValueLayers, change_label};
use crate::rules::graph::truth::Truth;
use crate::rules::graph::undirected::Graph;
use crate::rules::wording::{Deduction, Wording};

/// For every value, the vertices that take it are connected (see the [module
/// docs](self)).
#[derive(Clone, Debug)]
pub struct ConnectedValues {
    name: String,
    graph: Graph,
    vars: Vec<VarId>,
    wording: Wording,
    /// Each value's layer as the last run left it, made when posted.
    layers: ValueLayers,
}

impl ConnectedValues {
    /// For each value, the vertices of `graph` whose variables in `vars` (one per
    /// vertex, in vertex order) take it are connected. Refused when `vars` has
    /// another length than the graph has vertices.
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
        Ok(ConnectedValues {
            name,
            graph,
            vars,
            wording: Wording::default(),
            layers: ValueLayers::default(),
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

    /// The facts a run for `value` rests on, when someone reads them: the root is
    /// fixed to it, and the vertices round the part it reaches cannot take it.
    fn facts(
        &self,
        ctx: &Context<'_>,
        value: Value,
        truth: impl Fn(usize) -> Truth,
        root: usize,
        reach: &Reach,
    ) -> Vec<Fact> {
        if !ctx.explaining() {
            return Vec::new();
        }
        let n = self.vars.len();
        let mut facts = vec![Fact::Is(self.vars[root], value)];
        let mut fence = vec![false; n];
        for vertex in (0..n).filter(|&vertex| reach.reaches(vertex)) {
            for neighbour in self.graph.neighbours(vertex) {
                if truth(neighbour) == Truth::False && !fence[neighbour] {
                    fence[neighbour] = true;
                    facts.push(Fact::IsNot(self.vars[neighbour], value));
                }
            }
        }
        facts
    }

    /// Remove `value` from `vertex`, or make it the vertex's value, with the
    /// sentence `explain`; whether the domain changed.
    fn change(
        &self,
        ctx: &mut Context<'_>,
        because: (&'static str, &[Fact]),
        (vertex, value, assign): (usize, Value, bool),
        explain: impl Fn(&Names) -> String,
    ) -> Result<bool, Conflict> {
        let change = (self.vars[vertex], value, assign);
        change_label(ctx, &self.wording, because, change, explain)
    }

    /// The vertices `reach` missed that may take `value` lose it; a true one
    /// among them is a conflict. Called only when some such vertex exists:
    /// most runs reach every vertex that may take the value. The vertices are
    /// found a word at a time, those that may take the value less those
    /// reached, not by asking every vertex (that was a tenth of a Galaxies
    /// solve).
    fn remove_unreached(
        &self,
        ctx: &mut Context<'_>,
        (value, bits): (Value, &[u64]),
        (root, reach): (usize, &Reach),
        facts: &[Fact],
    ) -> Result<(), Conflict> {
        let n = self.vars.len();
        let mut missed = bits[..n.div_ceil(64)].to_vec();
        if let Some(last) = missed.last_mut()
            && !n.is_multiple_of(64)
        {
            *last &= (1 << (n % 64)) - 1;
        }
        for &vertex in &reach.found {
            missed[vertex / 64] &= !(1 << (vertex % 64));
        }
        let root_var = self.vars[root];
        for (index, &word) in missed.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let vertex = 64 * index + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let var = self.vars[vertex];
                if bits[(n + vertex) / 64] >> ((n + vertex) % 64) & 1 == 1 {
                    let text = |names: &Names| {
                        format!(
                            "{} and {} both take {} but cannot reach each other through \
                             vertices that may",
                            names.var_name(root_var),
                            names.var_name(var),
                            names.value_label(value)
                        )
                    };
                    let cause = [root_var, var];
                    let why = Why::new("region cut apart")
                        .cause(&cause)
                        .because(facts)
                        .named_text(&text);
                    return Err(ctx.conflict(&why));
                }
                let inference = ("cannot reach the region", facts);
                self.change(ctx, inference, (vertex, value, false), |names| {
                    format!(
                        "{} cannot be {}: it cannot reach {}, which is, through cells \
                         that may be",
                        names.var_name(var),
                        names.value_label(value),
                        names.var_name(root_var)
                    )
                })?;
            }
        }
        Ok(())
    }

    /// The deductions for one value; the vertices it fixed to the value go on
    /// `assigned` (they lose every other value: the only change to the other
    /// values' layers).
    fn propagate_value(
        &self,
        ctx: &mut Context<'_>,
        (value, bits): (Value, &[u64]),
        (reach, assigned): (&mut Reach, &mut Vec<usize>),
    ) -> Result<(), Conflict> {
        let n = self.vars.len();
        let bit = |at: usize| bits[at / 64] >> (at % 64) & 1 == 1;
        // Read from the layer's bits where needed, not copied out for each
        // value: most runs reach every vertex that may take the value.
        let truth = |vertex: usize| match (bit(vertex), bit(n + vertex)) {
            (false, _) => Truth::False,
            (true, true) => Truth::True,
            (true, false) => Truth::Open,
        };
        let Some(root) = first_set(bits, n..2 * n).map(|at| at - n) else {
            return Ok(());
        };
        reach.search(&self.graph, truth, root);
        let reach = &*reach;
        let facts = self.facts(ctx, value, truth, root, reach);
        let root_var = self.vars[root];
        if reach.reached < count_set(bits, 0..n) {
            self.remove_unreached(ctx, (value, bits), (root, reach), &facts)?;
        }
        for &(cut, cut_off) in &reach.cuts {
            let mut facts = facts.clone();
            facts.push(Fact::Is(self.vars[cut_off], value));
            let [var, other] = [cut, cut_off].map(|vertex| self.vars[vertex]);
            let inference = ("articulation point", facts.as_slice());
            let fixed = self.change(ctx, inference, (cut, value, true), |names| {
                format!(
                    "{} must be {}: without it {} and {} are cut apart",
                    names.var_name(var),
                    names.value_label(value),
                    names.var_name(root_var),
                    names.var_name(other)
                )
            })?;
            if fixed {
                assigned.push(cut);
            }
        }
        Ok(())
    }
}

impl Rule for ConnectedValues {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    /// One reversible layer for each value the variables may hold.
    fn post(&mut self, posting: &mut Posting<'_>) -> Result<(), Error> {
        let ranges: Vec<_> = self.vars.iter().map(|&var| posting.range(var)).collect();
        let first = ranges.iter().map(|range| *range.start()).min().unwrap_or(0);
        let last = ranges.iter().map(|range| *range.end()).max().unwrap_or(-1);
        self.layers = ValueLayers::post(posting, self.vars.len(), first..=last);
        Ok(())
    }

    fn cost(&self) -> Cost {
        Cost::Expensive
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let mut reach = Reach::default();
        self.layers
            .for_each_changed(ctx, &self.vars, |ctx, value, bits, fixed| {
                self.propagate_value(ctx, (value, bits), (&mut reach, fixed))
            })
    }

    fn holds(&self, values: &[Value]) -> bool {
        each_value_connected(&self.graph, |vertex| values[self.vars[vertex].index()])
    }
}

/// The first bit set among `range` of `bits` (bit `i` is bit `i % 64` of word
/// `i / 64`).
fn first_set(bits: &[u64], range: std::ops::Range<usize>) -> Option<usize> {
    let mut at = range.start;
    while at < range.end {
        let word = bits[at / 64] >> (at % 64);
        if word != 0 {
            let found = at + word.trailing_zeros() as usize;
            return (found < range.end).then_some(found);
        }
        at = (at / 64 + 1) * 64;
    }
    None
}

/// How many bits of `range` are set in `bits`.
fn count_set(bits: &[u64], range: std::ops::Range<usize>) -> usize {
    let mut count = 0;
    let mut at = range.start;
    while at < range.end {
        let width = (64 - at % 64).min(range.end - at);
        let word = bits[at / 64] >> (at % 64);
        let mask = if width == 64 {
            u64::MAX
        } else {
            (1 << width) - 1
        };
        count += (word & mask).count_ones() as usize;
        at += width;
    }
    count
}

/// Whether the vertices of each value form one connected set, by a plain search
/// from the first vertex of each value.
fn each_value_connected(graph: &Graph, value_of: impl Fn(usize) -> Value) -> bool {
    let n = graph.vertices();
    let mut seen = vec![false; n];
    let mut started: Vec<Value> = Vec::new();
    for start in 0..n {
        if seen[start] {
            continue;
        }
        let value = value_of(start);
        if started.contains(&value) {
            return false; // a second piece of a value already met
        }
        started.push(value);
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(vertex) = stack.pop() {
            for neighbour in graph.neighbours(vertex) {
                if !seen[neighbour] && value_of(neighbour) == value {
                    seen[neighbour] = true;
                    stack.push(neighbour);
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Domains;
    use crate::model::Model;
    use crate::propagation::{Fixpoint, Schedule, propagate};
    use crate::rules::graph::testing::{Tally, random_graph};
    use crate::rules::testing::{Random, assert_sound};

    /// A model of `graph` under [`ConnectedValues`] with labels `first..=2`, and a
    /// random state: some vertices fixed, the others keeping most labels.
    fn random_labels(random: &mut Random, graph: Graph) -> (Model, Domains) {
        let mut model = Model::new();
        let first = if random.below(4) == 0 { -1 } else { 0 };
        let vars = model
            .new_vars_in(graph.vertices(), first..=2)
            .expect("a range");
        let rule = ConnectedValues::new("c", graph, vars.clone()).expect("one variable a vertex");
        model.add_rule(rule).expect("vars of the model");
        let mut state = model.domains();
        for &var in &vars {
            if random.below(3) == 0 {
                let value = first + random.below((3 - first) as u64) as Value;
                state.assign(var, value).expect("a value");
                continue;
            }
            for value in first..=2 {
                if random.below(4) == 0 && state.count(var) > 1 {
                    state.remove(var, value).expect("a value");
                }
            }
        }
        (model, state)
    }

    #[test]
    fn bit_ranges_are_read_as_a_plain_scan_reads_them() {
        let mut random = Random::new(11);
        for _ in 0..200 {
            let bits: Vec<u64> = (0..3)
                .map(|_| match random.below(3) {
                    0 => 0,
                    1 => 1 << random.below(64),
                    _ => (random.below(1 << 32) << 32) | random.below(1 << 32),
                })
                .collect();
            let start = random.below(192) as usize;
            let end = start + random.below((192 - start + 1) as u64) as usize;
            let set = |at: usize| bits[at / 64] >> (at % 64) & 1 == 1;
            assert_eq!(
                first_set(&bits, start..end),
                (start..end).find(|&at| set(at))
            );
            assert_eq!(
                count_set(&bits, start..end),
                (start..end).filter(|&at| set(at)).count()
            );
        }
    }

    #[test]
    fn connected_values_are_sound_on_random_graphs() {
        let mut random = Random::new(41);
        let mut tally = Tally::default();
        for _ in 0..800 {
            let graph = random_graph(&mut random, 8, 11);
            let (model, state) = random_labels(&mut random, graph);
            assert_sound(&model, &state);
            tally.count(&model, &state);
        }
        tally.assert_varied();
    }

    #[test]
    fn a_full_assignment_is_judged_as_holds_judges_it() {
        let mut random = Random::new(3);
        for _ in 0..300 {
            let mut model = Model::new();
            let vars = model.new_vars(6, 3);
            let rule = ConnectedValues::new("c", Graph::grid(2, 3), vars).expect("a rule");
            model.add_rule(rule).expect("fits");
            let values: Vec<Value> = (0..6).map(|_| random.below(3) as Value).collect();
            let mut state = model.domains();
            for (var, &value) in model.vars().zip(&values) {
                state.assign(var, value).expect("a value");
            }
            let fixpoint = propagate(&model, &mut state, Schedule::Queue, None).expect("fits");
            let conflict = matches!(fixpoint, Fixpoint::Conflict(_));
            let holds = model.rule(crate::ids::RuleId::first()).holds(&values);
            assert_eq!(conflict, !holds, "{values:?}");
        }
    }

    #[test]
    fn a_cell_between_two_of_a_region_joins_it() {
        // 0 . 0 in a row: the middle must be 0 too.
        let mut model = Model::new();
        let cells = model.new_vars(3, 2);
        let rule = ConnectedValues::new("c", Graph::grid(1, 3), cells.clone()).expect("a rule");
        model.add_rule(rule).expect("fits");
        let mut state = model.domains();
        state.assign(cells[0], 0).expect("a value");
        state.assign(cells[2], 0).expect("a value");
        propagate(&model, &mut state, Schedule::Queue, None).expect("no conflict");
        assert_eq!(state.value(cells[1]), Some(0));
    }

    #[test]
    fn a_variable_count_other_than_the_vertices_is_refused() {
        let mut model = Model::new();
        let vars = model.new_vars(3, 4);
        let error = ConnectedValues::new("c", Graph::grid(2, 2), vars).expect_err("4 vertices");
        assert!(matches!(error, Error::InvalidRule { .. }), "{error}");
    }
}
