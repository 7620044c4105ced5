//! The fragment pass: the chosen edges joined with union-find into fragments, which
//! must not close a cycle early (a loop) or at all (a path).

use crate::names::Names;
use crate::propagation::{Conflict, Context};
use crate::rules::graph::lines::Lines;
use crate::rules::graph::truth::Truth;
use crate::rules::graph::union_find::Fragments;

/// The fragments of one state: the union-find, the edge that closed a cycle if
/// any, and where the vertices that must be used lie.
struct Layout {
    fragments: Fragments,
    chosen: usize,
    closing: Option<usize>,
    /// How many must-use vertices each root's fragment holds.
    required_in: Vec<usize>,
    required: usize,
}

impl Layout {
    /// Whether chosen edges or must-use vertices lie outside the fragments of
    /// `roots` (one root, or a path's two ends' roots).
    fn anything_outside(&mut self, roots: &[usize]) -> bool {
        let edges: usize = roots
            .iter()
            .map(|&root| self.fragments.edges_with(root))
            .sum();
        let required: usize = roots.iter().map(|&root| self.required_in[root]).sum();
        edges < self.chosen || required < self.required
    }
}

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
    /// Join the chosen edges and judge the open ones; `Ok(true)` when an edge
    /// changed.
    pub(super) fn fragment_pass(&self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let truth = self.truths(ctx);
        let mut layout = self.layout(&truth);
        let shortfall = (!self.counts.is_empty()).then(|| self.counts.shortfall(&truth));
        // The group still short once `edge` (if any) finishes the line.
        let short = |edge: Option<usize>| {
            (shortfall.as_ref()).and_then(|shortfall| self.counts.short_after(shortfall, edge))
        };
        if let Some(edge) = layout.closing {
            let root = layout.fragments.root(self.graph.edges()[edge].0);
            if self.ends.is_some() || layout.anything_outside(&[root]) {
                let length = layout.fragments.edges_with(root);
                return Err(self.early_cycle(ctx, &truth, length));
            }
            if let Some(group) = short(None) {
                return Err(self.finished_short(ctx, &truth, group));
            }
            return self.drop_open(ctx, &truth, &mut layout, |_, _, _| Some(Drop::Complete));
        }
        let Some((a, b)) = self.ends else {
            return self.drop_open(ctx, &truth, &mut layout, |layout, edge, (x, y)| {
                let root = layout.fragments.root(x);
                if root != layout.fragments.root(y) {
                    return None;
                }
                if layout.anything_outside(&[root]) {
                    return Some(Drop::ClosesLoop(layout.fragments.edges_with(root) + 1));
                }
                short(Some(edge)).map(Drop::Short)
            });
        };
        let ends = [layout.fragments.root(a), layout.fragments.root(b)];
        if ends[0] == ends[1] {
            if layout.anything_outside(&ends[..1]) {
                return Err(self.early_path(ctx, &truth));
            }
            if let Some(group) = short(None) {
                return Err(self.finished_short(ctx, &truth, group));
            }
            return self.drop_open(ctx, &truth, &mut layout, |_, _, _| Some(Drop::Complete));
        }
        let early = layout.anything_outside(&ends);
        self.drop_open(ctx, &truth, &mut layout, |layout, edge, (x, y)| {
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
            short(Some(edge)).map(Drop::Short)
        })
    }

    /// The union-find of the chosen edges, with the must-use vertices counted.
    fn layout(&self, truth: &[Truth]) -> Layout {
        let vertices = self.graph.vertices();
        let mut fragments = Fragments::new(vertices);
        let (mut chosen, mut closing) = (0, None);
        for (edge, &(a, b)) in self.graph.edges().iter().enumerate() {
            if truth[edge] == Truth::True {
                chosen += 1;
                if fragments.join(a, b) && closing.is_none() {
                    closing = Some(edge);
                }
            }
        }
        let mut required_in = vec![0; vertices];
        let mut required = 0;
        for vertex in (0..vertices).filter(|&vertex| self.degrees[vertex] & 1 == 0) {
            required_in[fragments.root(vertex)] += 1;
            required += 1;
        }
        Layout {
            fragments,
            chosen,
            closing,
            required_in,
            required,
        }
    }

    /// Drop each open edge that `verdict` finds a reason to drop; `Ok(true)` when
    /// one was.
    fn drop_open(
        &self,
        ctx: &mut Context<'_>,
        truth: &[Truth],
        layout: &mut Layout,
        mut verdict: impl FnMut(&mut Layout, usize, (usize, usize)) -> Option<Drop>,
    ) -> Result<bool, Conflict> {
        let mut facts = None;
        let mut changed = false;
        for (edge, &ends) in self.graph.edges().iter().enumerate() {
            if truth[edge] != Truth::Open {
                continue;
            }
            let Some(reason) = verdict(layout, edge, ends) else {
                continue;
            };
            let facts = facts.get_or_insert_with(|| self.decided_facts(ctx, truth));
            let inference = match reason {
                Drop::Complete => "loop complete",
                Drop::ClosesLoop(_) | Drop::JoinsEnds => "premature loop",
                Drop::Short(_) => "short count",
            };
            let explain = |names: &Names| self.drop_sentence(names, edge, reason);
            self.change(ctx, (inference, facts), (edge, false), explain)?;
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
