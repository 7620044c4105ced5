//! [`Element`] when one of its variables is an interval (see [`crate::domain`]):
//! the index is first cut to the array's positions, then every narrowing works
//! on bounds, walking only the index's positions and bitset entries, never the
//! values of an interval. Sound, and weaker than the bitset path: an interval
//! cannot lose a value between its bounds.

use super::{Element, Entries};
use crate::domain::{Domains, Value, VarId};
use crate::propagation::{Conflict, Context, Why};
use crate::value_set::ValueSet;

/// What one entry can still be: a constant, a bitset's candidates, or an
/// interval's bounds.
enum Held {
    Values(ValueSet),
    Between(Value, Value),
}

impl Held {
    fn of(domains: &Domains, var: VarId) -> Option<Held> {
        let (low, high) = (domains.min(var)?, domains.max(var)?);
        Some(match domains.is_bounds(var) {
            true => Held::Between(low, high),
            false => Held::Values(domains.candidates(var)),
        })
    }

    /// Whether the entry shares a value with `var`.
    fn meets(&self, domains: &Domains, var: VarId) -> bool {
        match self {
            Held::Values(values) => values.iter().any(|value| domains.contains(var, value)),
            Held::Between(low, high) => match Held::of(domains, var) {
                Some(Held::Values(values)) => values.iter().any(|v| (*low..=*high).contains(&v)),
                Some(Held::Between(other_low, other_high)) => {
                    low.max(&other_low) <= high.min(&other_high)
                }
                None => false,
            },
        }
    }

    fn bounds(&self) -> Option<(Value, Value)> {
        match self {
            Held::Values(values) => values.min().zip(values.max()),
            Held::Between(low, high) => Some((*low, *high)),
        }
    }
}

impl Element {
    /// Whether some variable of the rule is an interval.
    pub(super) fn is_wide(&self, domains: &Domains) -> bool {
        domains.is_bounds_layout() && self.scope.iter().any(|&var| domains.is_bounds(var))
    }

    fn held(&self, domains: &Domains, position: usize) -> Option<Held> {
        match &self.array {
            Entries::Vars(vars) => Held::of(domains, vars[position]),
            Entries::Constants(values) => Some(Held::Values(ValueSet::single(values[position]))),
        }
    }

    /// The action when some variable is an interval.
    pub(super) fn wide_action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let why = Why::new("element bounds").cause(&self.scope);
        ctx.remove_below(self.index, 0, &why)?;
        ctx.remove_above(self.index, self.len() as Value - 1, &why)?;
        // The index keeps the positions whose entry meets the value.
        let positions: Vec<Value> = ctx.domains().iter(self.index).collect();
        let mut reachable = Vec::with_capacity(positions.len());
        for position in positions {
            let held = self.held(ctx.domains(), position as usize);
            match held {
                Some(held) if held.meets(ctx.domains(), self.value) => reachable.push(held),
                _ => {
                    ctx.remove(self.index, position, &why)?;
                }
            }
        }
        // The value keeps what the reachable entries hold (their hull on an
        // interval, or where one entry is an interval).
        let hull = reachable.iter().filter_map(Held::bounds);
        let (low, high) = hull.fold((Value::MAX, Value::MIN), |(low, high), (l, h)| {
            (low.min(l), high.max(h))
        });
        if low > high {
            return Err(ctx.conflict(&why));
        }
        ctx.remove_below(self.value, low, &why)?;
        ctx.remove_above(self.value, high, &why)?;
        if reachable.iter().all(|held| matches!(held, Held::Values(_))) {
            let mut union = ValueSet::new();
            for held in &reachable {
                if let Held::Values(values) = held {
                    union |= values;
                }
            }
            ctx.retain(self.value, &union, &why)?;
        }
        let (Some(position), Entries::Vars(vars)) = (ctx.domains().value(self.index), &self.array)
        else {
            return Ok(());
        };
        self.equal_bounds(ctx, vars[position as usize], &why)
    }

    /// Once the index is fixed, the entry and the value share bounds, and each
    /// bitset side's candidates bound the other.
    fn equal_bounds(
        &self,
        ctx: &mut Context<'_>,
        entry: VarId,
        why: &Why<'_>,
    ) -> Result<(), Conflict> {
        for (from, to) in [(self.value, entry), (entry, self.value)] {
            let domains = ctx.domains();
            let (Some(low), Some(high)) = (domains.min(from), domains.max(from)) else {
                return Err(ctx.conflict(why));
            };
            ctx.remove_below(to, low, why)?;
            ctx.remove_above(to, high, why)?;
            if !ctx.domains().is_bounds(from) {
                let keep = ctx.domains().candidates(from);
                ctx.retain(to, &keep, why)?;
            }
        }
        Ok(())
    }
}
