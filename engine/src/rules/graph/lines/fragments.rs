//! The fragment pass: the chains the chosen edges form must not close a cycle
//! early (a loop) or at all (a path).

use crate::names::Names;
use crate::propagation::{Conflict, Context};
use crate::rules::graph::lines::Lines;
use crate::rules::graph::lines::sweep::Sweep;
use crate::rules::graph::truth::Truth;
use std::cell::OnceCell;

/// Why an open edge is dropped.
#[derive(Copy, Clone)]
enum Drop {
    /// The loop or path is complete.
    Complete,
    /// The edge would close a cycle of this many edges too early (or, on a path, at
    /// all).
    ClosesLoop(usize),
    /// The edge would join a path's two ends before everything is on it.
    JoinsEnds,
    /// The edge would finish the line with this edge count's group short.
    Short(usize),
}

impl Lines {
    /// Judge the open edges by the chains of the chosen ones, when an edge changed
    /// since they were last judged; `Ok(true)` when an edge changed. The degree
    /// pass has settled every vertex: no vertex has a third chosen edge, and none
    /// with two keeps an open one, so only an edge between two chains' ends can
    /// close a cycle or join a path's ends.
    pub(super) fn fragment_pass(
        &self,
        ctx: &mut Context<'_>,
        sweep: &mut Sweep,
    ) -> Result<bool, Conflict> {
        if !std::mem::take(&mut sweep.unjudged) {
            return Ok(false);
        }
        // How short each group is, worked out the first time it matters.
        let shortfall = OnceCell::new();
        // The group still short once `edge` (if any) finishes the line.
        let short = |truth: &[Truth], edge: Option<usize>| {
            if self.counts.is_empty() {
                return None;
            }
            let shortfall = shortfall.get_or_init(|| self.counts.shortfall(truth));
            self.counts.short_after(shortfall, edge)
        };
        let layout = &sweep.layout;
        if let Some(cycle) = layout.closing {
            if self.ends.is_some() || layout.anything_outside(cycle.edges, cycle.required) {
                return Err(self.early_cycle(ctx, &sweep.truth, cycle.edges));
            }
            if let Some(group) = short(&sweep.truth, None) {
                return Err(self.finished_short(ctx, &sweep.truth, group));
            }
            return self.drop_all_open(ctx, sweep);
        }
        let mut drops: Vec<(usize, Drop)> = Vec::new();
        // An open edge between the two ends of one chain closes a cycle.
        for end in 0..self.graph.vertices() {
            let far = layout.other_end(end);
            if far <= end || layout.chosen_at(end) != 1 {
                continue;
            }
            let (edges, required) = (layout.edges_of(end), layout.required_of(end));
            let outside = self.ends.is_some() || layout.anything_outside(edges, required);
            for edge in self.open_between(&sweep.truth, end, far) {
                if outside {
                    drops.push((edge, Drop::ClosesLoop(edges + 1)));
                } else if let Some(group) = short(&sweep.truth, Some(edge)) {
                    drops.push((edge, Drop::Short(group)));
                }
            }
        }
        if let Some((a, b)) = self.ends {
            let (far_a, far_b) = (layout.other_end(a), layout.other_end(b));
            let edges = layout.edges_of(a) + layout.edges_of(b);
            let required = layout.required_of(a) + layout.required_of(b);
            if far_a == b {
                if layout.anything_outside(layout.edges_of(a), layout.required_of(a)) {
                    return Err(self.early_path(ctx, &sweep.truth));
                }
                if let Some(group) = short(&sweep.truth, None) {
                    return Err(self.finished_short(ctx, &sweep.truth, group));
                }
                return self.drop_all_open(ctx, sweep);
            }
            let early = layout.anything_outside(edges, required);
            for x in chain_ends(a, far_a) {
                for y in chain_ends(b, far_b) {
                    for edge in self.open_between(&sweep.truth, x, y) {
                        if early {
                            drops.push((edge, Drop::JoinsEnds));
                        } else if let Some(group) = short(&sweep.truth, Some(edge)) {
                            drops.push((edge, Drop::Short(group)));
                        }
                    }
                }
            }
        }
        drops.sort_unstable_by_key(|&(edge, _)| edge);
        self.drop_edges(ctx, sweep, drops)
    }

    /// The open edges between `a` and `b` (parallel edges are allowed).
    fn open_between<'a>(
        &'a self,
        truth: &'a [Truth],
        a: usize,
        b: usize,
    ) -> impl Iterator<Item = usize> + 'a {
        (self.graph.incident(a).iter())
            .filter(move |&&(other, edge)| other == b && truth[edge] == Truth::Open)
            .map(|&(_, edge)| edge)
    }

    /// Drop every open edge: the line is complete.
    fn drop_all_open(&self, ctx: &mut Context<'_>, sweep: &mut Sweep) -> Result<bool, Conflict> {
        let drops = (0..self.vars.len())
            .filter(|&edge| sweep.truth[edge] == Truth::Open)
            .map(|edge| (edge, Drop::Complete))
            .collect();
        self.drop_edges(ctx, sweep, drops)
    }

    /// Drop each of `drops`, in order; `Ok(true)` when there was one. Dropping
    /// joins no chains, so the layout holds throughout (the drops mark the sweep
    /// unjudged again: a group may now be short).
    fn drop_edges(
        &self,
        ctx: &mut Context<'_>,
        sweep: &mut Sweep,
        drops: Vec<(usize, Drop)>,
    ) -> Result<bool, Conflict> {
        if drops.is_empty() {
            return Ok(false);
        }
        let facts = self.decided_facts(ctx, &sweep.truth);
        for (edge, reason) in drops {
            let inference = match reason {
                Drop::Complete => "loop complete",
                Drop::ClosesLoop(_) | Drop::JoinsEnds => "premature loop",
                Drop::Short(_) => "short count",
            };
            let explain = |names: &Names| self.drop_sentence(names, edge, reason);
            self.change(ctx, (inference, &facts), (edge, false), explain)?;
            sweep.record(edge, false, self.graph.edges()[edge]);
        }
        Ok(true)
    }

    /// Why open edge `edge` is dropped, in words.
    fn drop_sentence(&self, names: &Names, edge: usize, reason: Drop) -> String {
        let label = self.edge_label(names, edge);
        let shape = if self.ends.is_some() { "path" } else { "loop" };
        match reason {
            Drop::Complete => format!("the {shape} is complete, so edge {label} is left out"),
            Drop::ClosesLoop(length) if self.ends.is_some() => {
                format!("edge {label} would close a loop of {length} edges, and a path has none")
            }
            Drop::ClosesLoop(length) => format!(
                "edge {label} would close a loop of {length} edges before the others are joined"
            ),
            Drop::JoinsEnds => {
                format!("edge {label} would join the path's ends before the others are on it")
            }
            Drop::Short(group) => {
                let group = self.counts.group(group);
                let finish = if self.ends.is_some() {
                    "finish the path"
                } else {
                    "close the loop"
                };
                format!(
                    "edge {label} would {finish} with {} short of {} chosen edges",
                    group.name, group.least
                )
            }
        }
    }

    /// The conflict of a line finished with a group of edges short of its count.
    fn finished_short(&self, ctx: &Context<'_>, truth: &[Truth], group: usize) -> Conflict {
        let facts = self.decided_facts(ctx, truth);
        let group = self.counts.group(group);
        let shape = if self.ends.is_some() { "path" } else { "loop" };
        self.conflict(ctx, ("short count", &facts), || {
            format!(
                "the {shape} is finished with {} short of {} chosen edges",
                group.name, group.least
            )
        })
    }

    /// The conflict of a cycle of `length` chosen edges with other chosen edges or
    /// must-use vertices outside it, or on a path.
    fn early_cycle(&self, ctx: &Context<'_>, truth: &[Truth], length: usize) -> Conflict {
        let facts = self.decided_facts(ctx, truth);
        let on_path = self.ends.is_some();
        self.conflict(ctx, ("premature loop", &facts), || {
            if on_path {
                format!("the chosen edges close a loop of {length} edges, and a path has none")
            } else {
                format!(
                    "the chosen edges close a loop of {length} edges while others lie outside it"
                )
            }
        })
    }

    /// The conflict of a path joined end to end with chosen edges or must-use
    /// vertices off it.
    fn early_path(&self, ctx: &Context<'_>, truth: &[Truth]) -> Conflict {
        let facts = self.decided_facts(ctx, truth);
        self.conflict(ctx, ("premature loop", &facts), || {
            "the path joins its ends while other chosen edges or vertices lie off it".to_string()
        })
    }
}

/// The ends of a chain, `end` and `far`, each once.
fn chain_ends(end: usize, far: usize) -> impl Iterator<Item = usize> {
    std::iter::once(end).chain((far != end).then_some(far))
}
