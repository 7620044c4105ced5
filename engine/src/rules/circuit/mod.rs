//! Circuit: successor variables that form one Hamiltonian circuit. Node `i`'s
//! successor is `successors[i]`, a value in `offset..offset + n` naming node
//! `value − offset`; following successors from any node visits every node once
//! and comes back (travelling salesman tours, knight's tours, routing).
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::rules::Circuit;
//!
//! // Four nodes numbered 1..=4 (MiniZinc's form): 1 → 2 and 2 → 3 are fixed.
//! let mut model = Model::new();
//! let next: Vec<VarId> = (0..4).map(|_| model.new_var_in(1..=4)).collect::<Result<_, _>>()?;
//! model.add_rule(Circuit::new("tour", next.clone())?.offset(1)?)?;
//! model.fix(next[0], 2)?;
//! model.fix(next[1], 3)?;
//! let mut state = model.domains();
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! // 3 cannot go back to 1 (a tour of three nodes), so 3 → 4 and 4 → 1.
//! assert_eq!(state.value(next[2]), Some(4));
//! assert_eq!(state.value(next[3]), Some(1));
//! assert_eq!(Search::new(&model, Config::default())?.count(None).solutions, 1);
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! # What it achieves
//!
//! A run repeats, until nothing changes (so the rule is idempotent):
//!
//! - `"circuit range"`: a successor outside the nodes, or the node itself
//!   (unless the circuit has one node), goes;
//! - `"circuit different"`: once a node's successor is fixed, no other node
//!   may have it (each node has one predecessor): value consistency of the
//!   all-different part;
//! - `"circuit sub-tour"`: for each chain of fixed successors `a → … → z`
//!   that visits fewer than `n` nodes, `z → a` goes, since it would close a
//!   tour too early (the classic no-sub-tour propagation); a cycle of fixed
//!   successors shorter than `n` is a conflict.
//!
//! Then a cheap check of reachability: every node must reach node 0 and be
//! reached from it over the successors still possible (the graph is strongly
//! connected), or the state is a conflict (`"circuit reachability"`). It
//! removes nothing, so it claims no consistency; the rule is declared
//! entailed once every successor is fixed on one circuit.

#[cfg(test)]
mod tests;

use crate::domain::{Value, VarId};
use crate::error::Error;
use crate::names::Names;
use crate::propagation::{Conflict, Context, Cost, Events, Fact, Rule, Watch, Why};
use crate::rules::wording::{Deduction, Wording};

/// Successor variables forming one circuit (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct Circuit {
    name: String,
    successors: Vec<VarId>,
    /// The value that names node 0.
    offset: Value,
    wording: Wording,
}

impl Circuit {
    /// Node `i`'s successor is `successors[i]`, its values `0..n` naming the
    /// nodes (see [`Circuit::offset`] for another numbering). An empty list, or
    /// one of more than `i32::MAX` nodes, is [`Error::InvalidRule`].
    pub fn new(name: impl Into<String>, successors: Vec<VarId>) -> Result<Self, Error> {
        let name = name.into();
        if successors.is_empty() || Value::try_from(successors.len()).is_err() {
            return Err(Error::InvalidRule {
                rule: name,
                problem: format!(
                    "a circuit of {} nodes (at least one, at most i32::MAX)",
                    successors.len()
                ),
            });
        }
        Ok(Circuit {
            name,
            successors,
            offset: 0,
            wording: Wording::default(),
        })
    }

    /// Number the nodes from `first` (MiniZinc's circuits are numbered from 1):
    /// a successor value `v` names node `v − first`. [`Error::InvalidRule`] when
    /// the last node's number does not fit in a [`Value`].
    pub fn offset(mut self, first: Value) -> Result<Self, Error> {
        let last = i64::from(first) + self.successors.len() as i64 - 1;
        if Value::try_from(last).is_err() {
            return Err(Error::InvalidRule {
                rule: self.name,
                problem: format!("nodes numbered {first} to {last}, past the largest value"),
            });
        }
        self.offset = first;
        Ok(self)
    }

    /// Word the rule's changes in a puzzle's own sentences (see [`Wording`]); the
    /// deduction's value is the successor removed.
    pub fn wording(
        mut self,
        say: impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static,
    ) -> Self {
        self.wording = Wording::new(say);
        self
    }

    fn len(&self) -> usize {
        self.successors.len()
    }

    /// The value naming node `node`.
    fn value_of(&self, node: usize) -> Value {
        self.offset + node as Value
    }

    /// The node a successor value names, if any.
    fn node_of(&self, value: Value) -> Option<usize> {
        usize::try_from(i64::from(value) - i64::from(self.offset))
            .ok()
            .filter(|&node| node < self.len())
    }

    /// Each node's fixed successor node, if fixed (and a node).
    fn fixed_next(&self, ctx: &Context<'_>) -> Vec<Option<usize>> {
        let domains = ctx.domains();
        (self.successors.iter())
            .map(|&var| domains.value(var).and_then(|value| self.node_of(value)))
            .collect()
    }

    /// Remove `value` from `var` with `inference`, worded by `say` after
    /// "x cannot be v: ". Returns whether it was removed.
    fn remove(
        &self,
        ctx: &mut Context<'_>,
        (inference, var, value): (&'static str, VarId, Value),
        facts: &[Fact],
        say: &dyn Fn(&Names) -> String,
    ) -> Result<bool, Conflict> {
        let deduction = Deduction {
            inference,
            var,
            value: Some(value),
            facts,
        };
        let text = |names: &Names| {
            let default = |names: &Names| {
                let (name, label) = (names.var_name(var), names.label_of(var, value));
                format!("{name} cannot be {label}: {} ({})", say(names), self.name)
            };
            self.wording.sentence(names, &deduction, default)
        };
        let why = Why::new(inference).because(facts).named_text(&text);
        ctx.remove(var, value, &why)
    }

    /// Successors outside the nodes, and self-loops, go.
    fn narrow_range(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let last = self.value_of(self.len() - 1);
        for (node, &var) in self.successors.iter().enumerate() {
            let outside: Vec<Value> = (ctx.domains().iter(var))
                .filter(|&value| value < self.offset || value > last)
                .collect();
            for value in outside {
                let say = |_: &Names| format!("the nodes are {} to {last}", self.offset);
                self.remove(ctx, ("circuit range", var, value), &[], &say)?;
            }
            let itself = self.value_of(node);
            if self.len() > 1 && ctx.domains().contains(var, itself) {
                let say = |_: &Names| "a node cannot follow itself in a tour of several".into();
                self.remove(ctx, ("circuit range", var, itself), &[], &say)?;
            }
        }
        Ok(())
    }

    /// A fixed successor leaves every other node. Returns whether anything changed.
    fn narrow_different(&self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let mut taken: Vec<Option<usize>> = vec![None; self.len()];
        for (node, next) in self.fixed_next(ctx).into_iter().enumerate() {
            if let Some(next) = next {
                taken[next].get_or_insert(node);
            }
        }
        let mut changed = false;
        for (node, &var) in self.successors.iter().enumerate() {
            let gone: Vec<(Value, usize)> = (ctx.domains().iter(var))
                .filter_map(|value| {
                    let owner = taken[self.node_of(value)?]?;
                    (owner != node).then_some((value, owner))
                })
                .collect();
            for (value, owner) in gone {
                let other = self.successors[owner];
                let say = |names: &Names| {
                    let label = names.value_label(value);
                    format!(
                        "{} = {label}, and a node has one predecessor",
                        names.var_name(other)
                    )
                };
                let facts = [Fact::Is(other, value)];
                changed |= self.remove(ctx, ("circuit different", var, value), &facts, &say)?;
            }
        }
        Ok(changed)
    }

    /// Each chain of fixed successors shorter than the circuit may not close;
    /// a fixed cycle shorter than it is a conflict. Returns whether anything
    /// changed.
    fn narrow_sub_tours(&self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let next = self.fixed_next(ctx);
        let n = self.len();
        let mut has_fixed_predecessor = vec![false; n];
        for &successor in next.iter().flatten() {
            has_fixed_predecessor[successor] = true;
        }
        let mut on_chain = vec![false; n];
        let mut changed = false;
        for start in (0..n).filter(|&node| !has_fixed_predecessor[node] && next[node].is_some()) {
            let mut chain = vec![start];
            let mut end = start;
            while let Some(successor) = next[end] {
                if chain.len() > n {
                    break; // two nodes share a successor: the different part fails them
                }
                chain.push(successor);
                end = successor;
            }
            for &node in &chain {
                on_chain[node] = true;
            }
            if chain.len() < n {
                changed |= self.forbid_closing(ctx, &chain)?;
            }
        }
        for node in 0..n {
            if !on_chain[node] && next[node].is_some() {
                self.check_cycle(ctx, &next, node)?;
            }
        }
        Ok(changed)
    }

    /// `chain` (fixed successors from its first node to its last) visits fewer
    /// than every node: its last node may not go back to its first.
    fn forbid_closing(&self, ctx: &mut Context<'_>, chain: &[usize]) -> Result<bool, Conflict> {
        let (start, end) = (chain[0], chain[chain.len() - 1]);
        let var = self.successors[end];
        let value = self.value_of(start);
        if !ctx.domains().contains(var, value) {
            return Ok(false);
        }
        let facts: Vec<Fact> = if ctx.explaining() {
            (chain.windows(2))
                .map(|link| Fact::Is(self.successors[link[0]], self.value_of(link[1])))
                .collect()
        } else {
            Vec::new()
        };
        let say = |names: &Names| {
            let path: Vec<String> = (chain.iter())
                .map(|&node| names.value_label(self.value_of(node)))
                .collect();
            format!(
                "the fixed successors {} visit {} of the {} nodes, and going back would close the tour early",
                path.join(" → "),
                chain.len(),
                self.len()
            )
        };
        self.remove(ctx, ("circuit sub-tour", var, value), &facts, &say)
    }

    /// The fixed successors from `node` come back to it: a conflict unless the
    /// cycle visits every node.
    fn check_cycle(
        &self,
        ctx: &mut Context<'_>,
        next: &[Option<usize>],
        node: usize,
    ) -> Result<(), Conflict> {
        let mut cycle = vec![node];
        let mut at = node;
        while let Some(successor) = next[at] {
            if successor == node || cycle.len() > self.len() {
                break;
            }
            cycle.push(successor);
            at = successor;
        }
        if cycle.len() >= self.len() {
            return Ok(());
        }
        let facts: Vec<Fact> = (cycle.iter())
            .map(|&at| Fact::Is(self.successors[at], self.value_of(next[at].unwrap_or(at))))
            .collect();
        let text = |names: &Names| {
            let path: Vec<String> = (cycle.iter())
                .map(|&at| names.value_label(self.value_of(at)))
                .collect();
            format!(
                "the fixed successors {} → {} close a tour of {} of the {} nodes ({})",
                path.join(" → "),
                names.value_label(self.value_of(node)),
                cycle.len(),
                self.len(),
                self.name
            )
        };
        let why = Why::new("circuit sub-tour")
            .because(&facts)
            .named_text(&text);
        Err(ctx.conflict(&why))
    }

    /// Every node reaches node 0 and is reached from it over the possible
    /// successors; a conflict otherwise.
    fn check_reachability(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let n = self.len();
        let mut forward: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut backward: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (node, &var) in self.successors.iter().enumerate() {
            for successor in ctx.domains().iter(var).filter_map(|v| self.node_of(v)) {
                forward[node].push(successor);
                backward[successor].push(node);
            }
        }
        for (edges, direction) in [(&forward, "reached from"), (&backward, "reach")] {
            if let Some(stranded) = unreached(edges) {
                let text = |names: &Names| {
                    format!(
                        "node {} cannot {direction} node {} over the successors left ({})",
                        names.value_label(self.value_of(stranded)),
                        names.value_label(self.offset),
                        self.name
                    )
                };
                let why = Why::new("circuit reachability")
                    .cause(&self.successors)
                    .named_text(&text);
                return Err(ctx.conflict(&why));
            }
        }
        Ok(())
    }
}

/// The first node not reached from node 0 along `edges`, if any.
fn unreached(edges: &[Vec<usize>]) -> Option<usize> {
    let mut seen = vec![false; edges.len()];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(node) = stack.pop() {
        for &next in &edges[node] {
            if !seen[next] {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    seen.iter().position(|&reached| !reached)
}

impl Rule for Circuit {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.successors, Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Cost::Quadratic
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        self.narrow_range(ctx)?;
        while self.narrow_different(ctx)? | self.narrow_sub_tours(ctx)? {}
        self.check_reachability(ctx)?;
        if self.fixed_next(ctx).iter().all(Option::is_some) {
            // Every successor fixed, all different, no shorter cycle: one circuit.
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let n = self.len();
        let mut seen = vec![false; n];
        let mut node = 0;
        for _ in 0..n {
            if seen[node] {
                return false;
            }
            seen[node] = true;
            match self.node_of(values[self.successors[node].index()]) {
                Some(next) => node = next,
                None => return false,
            }
        }
        node == 0
    }
}
