//! The fragment pass: the chosen edges joined with union-find into fragments, which
//! must not close a cycle early (a loop) or at all (a path).

use crate::names::Names;
use crate::propagation::{Conflict, Context};
use crate::rules::graph::lines::Lines;
use crate::rules::graph::lines::sweep::{Layout, Sweep};
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
    /// Judge the open edges by the fragments of the chosen ones, when an edge
    /// changed since they were last judged; `Ok(true)` when an edge changed.
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
        let layout = &mut sweep.layout;
        if let Some(edge) = layout.closing {
            let root = layout.fragments.root(self.graph.edges()[edge].0);
            if self.ends.is_some() || layout.anything_outside(&[root]) {
                let length = layout.fragments.edges_with(root);
                return Err(self.early_cycle(ctx, &sweep.truth, length));
            }
            if let Some(group) = short(&sweep.truth, None) {
                return Err(self.finished_short(ctx, &sweep.truth, group));
            }
            return self.drop_open(ctx, sweep, |_, _, _, _| Some(Drop::Complete));
        }
        let Some((a, b)) = self.ends else {
            return self.drop_open(ctx, sweep, |layout, truth, edge, (x, y)| {
                if !layout.may_close((x, y)) {
                    return None;
                }
                let root = layout.fragments.root(x);
                if root != layout.fragments.root(y) {
                    return None;
                }
                if layout.anything_outside(&[root]) {
                    return Some(Drop::ClosesLoop(layout.fragments.edges_with(root) + 1));
                }
                short(truth, Some(edge)).map(Drop::Short)
            });
        };
        let ends = [layout.fragments.root(a), layout.fragments.root(b)];
        if ends[0] == ends[1] {
            if layout.anything_outside(&ends[..1]) {
                return Err(self.early_path(ctx, &sweep.truth));
            }
            if let Some(group) = short(&sweep.truth, None) {
                return Err(self.finished_short(ctx, &sweep.truth, group));
            }
            return self.drop_open(ctx, sweep, |_, _, _, _| Some(Drop::Complete));
        }
        let early = layout.anything_outside(&ends);
        self.drop_open(ctx, sweep, |layout, truth, edge, (x, y)| {
            let (x, y) = (layout.fragments.root(x), layout.fragments.root(y));
            if x == y {
                return Some(Drop::ClosesLoop(layout.fragments.edges_with(x) + 1));
            }
            if [x, y] != ends && [y, x] != ends {
                return None;
            }
            if early {
                return Some(Drop::JoinsEnds);
            }
            short(truth, Some(edge)).map(Drop::Short)
        })
    }

    /// Drop each open edge that `verdict` finds a reason to drop; `Ok(true)` when
    /// one was. Dropping joins no fragments, so the layout holds throughout (the
    /// drops mark the sweep unjudged again: a group may now be short).
    fn drop_open(
        &self,
        ctx: &mut Context<'_>,
        sweep: &mut Sweep,
        mut verdict: impl FnMut(&mut Layout, &[Truth], usize, (usize, usize)) -> Option<Drop>,
    ) -> Result<bool, Conflict> {
        let mut facts = None;
        let mut changed = false;
        for (edge, &ends) in self.graph.edges().iter().enumerate() {
            if sweep.truth[edge] != Truth::Open {
                continue;
            }
            let Some(reason) = verdict(&mut sweep.layout, &sweep.truth, edge, ends) else {
                continue;
            };
            let facts = facts.get_or_insert_with(|| self.decided_facts(ctx, &sweep.truth));
            let inference = match reason {
                Drop::Complete => "loop complete",
                Drop::ClosesLoop(_) | Drop::JoinsEnds => "premature loop",
                Drop::Short(_) => "short count",
            };
            let explain = |names: &Names| self.drop_sentence(names, edge, reason);
            self.change(ctx, (inference, facts), (edge, false), explain)?;
            sweep.record(edge, false, ends);
            changed = true;
        }
        Ok(changed)
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
