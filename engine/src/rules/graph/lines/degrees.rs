//! The degree pass: each vertex's chosen and open edges against the degrees it may
//! end with.

use crate::names::Names;
use crate::propagation::{Conflict, Context, Fact};
use crate::rules::graph::lines::Lines;
use crate::rules::graph::lines::sweep::Sweep;
use crate::rules::graph::truth::{TRUE, Truth};

/// The degrees from `low` to `high` (capped at 31), as a set.
fn degrees_between(low: usize, high: usize) -> u32 {
    if low > 31 {
        return 0;
    }
    let high = high.min(31);
    let upto = |degree: usize| {
        if degree >= 31 {
            u32::MAX
        } else {
            (1u32 << (degree + 1)) - 1
        }
    };
    upto(high) & !((1u32 << low) - 1)
}

/// A count of chosen edges written for people: `no chosen edge`, `1 chosen edge`.
fn chosen_edges(count: usize) -> String {
    match count {
        0 => "no chosen edge".to_string(),
        1 => "1 chosen edge".to_string(),
        _ => format!("{count} chosen edges"),
    }
}

/// A set of degrees written for people: `0 or 2`.
fn written(degrees: u32) -> String {
    let listed: Vec<String> = (0..32)
        .filter(|degree| degrees >> degree & 1 == 1)
        .map(|degree| degree.to_string())
        .collect();
    listed.join(" or ")
}

impl Lines {
    /// Settle the vertices the sweep lists, and those next to every edge that
    /// changes meanwhile; `Ok(true)` when an edge changed.
    pub(super) fn degree_pass(
        &self,
        ctx: &mut Context<'_>,
        sweep: &mut Sweep,
    ) -> Result<bool, Conflict> {
        let mut changed = false;
        while let Some(vertex) = sweep.next_vertex() {
            changed |= self.settle_vertex(ctx, sweep, vertex)?;
        }
        Ok(changed)
    }

    /// Take or drop the open edges of `vertex` when its degree leaves no choice.
    fn settle_vertex(
        &self,
        ctx: &mut Context<'_>,
        sweep: &mut Sweep,
        vertex: usize,
    ) -> Result<bool, Conflict> {
        let (chosen, count) = sweep.degree_at(vertex);
        let allowed = self.degrees[vertex];
        let feasible = allowed & degrees_between(chosen, chosen + count);
        if feasible == 0 {
            let facts = self.incident_facts(ctx, vertex);
            return Err(self.conflict(ctx, ("degree", &facts), || {
                format!(
                    "{} has {} and {count} open, so it cannot have degree {}",
                    self.vertex_label(vertex),
                    chosen_edges(chosen),
                    written(allowed)
                )
            }));
        }
        if count == 0 {
            return Ok(false);
        }
        let most = 31 - feasible.leading_zeros() as usize;
        let least = feasible.trailing_zeros() as usize;
        let take = if most == chosen {
            false
        } else if least == chosen + count {
            true
        } else {
            return Ok(false);
        };
        let facts = self.incident_facts(ctx, vertex);
        for &(_, edge) in self.graph.incident(vertex) {
            if sweep.truth[edge] != Truth::Open {
                continue;
            }
            let explain = |names: &Names| {
                let (label, at) = (self.edge_label(names, edge), self.vertex_label(vertex));
                match (take, chosen, count) {
                    (false, 0, _) => format!(
                        "{at} has no chosen edge and only edge {label} open, so {label} is left \
                         out"
                    ),
                    (false, _, _) => format!(
                        "{at} already has {}, so edge {label} is left out",
                        chosen_edges(chosen)
                    ),
                    (true, _, _) => format!(
                        "{at} has {} and needs degree {}, so edge {label} is chosen",
                        chosen_edges(chosen),
                        written(feasible)
                    ),
                }
            };
            self.change(ctx, ("degree", &facts), (edge, take), explain)?;
            sweep.record(edge, take, self.graph.edges()[edge]);
        }
        Ok(true)
    }

    /// The decided edges at `vertex` as facts, when an observer reads explanations.
    fn incident_facts(&self, ctx: &Context<'_>, vertex: usize) -> Vec<Fact> {
        if !ctx.explaining() {
            return Vec::new();
        }
        let fact = |&(_, edge): &(usize, usize)| {
            let var = self.vars[edge];
            match Truth::of(ctx.domains(), var) {
                Truth::True => Some(Fact::Is(var, TRUE)),
                Truth::False => Some(Fact::IsNot(var, TRUE)),
                Truth::Open => None,
            }
        };
        self.graph
            .incident(vertex)
            .iter()
            .filter_map(fact)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn degree_sets_are_ranges_of_bits() {
        assert_eq!(degrees_between(0, 2), 0b111);
        assert_eq!(degrees_between(1, 1), 0b10);
        assert_eq!(degrees_between(2, 40), !0b11);
        assert_eq!(degrees_between(40, 41), 0);
        assert_eq!(written(0b101), "0 or 2");
    }
}
