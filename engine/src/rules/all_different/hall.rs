//! [`Consistency::Bounds`](super::Consistency::Bounds): Hall intervals on the
//! shifted bounds.

use smallvec::SmallVec;

use super::AllDifferent;
use crate::domain::Domains;
use crate::names::Names;
use crate::propagation::{Conflict, Context, Fact, Why};
use crate::rules::wording::Deduction;

/// Each variable's smallest and largest shifted value.
type Spans = SmallVec<[(i64, i64); 16]>;

impl AllDifferent {
    /// Value consistency and Hall intervals, to a fixpoint; `Ok(true)` when every
    /// variable is fixed.
    pub(super) fn bounds(&self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        loop {
            if self.fixed_values(ctx)? {
                return Ok(true);
            }
            if !self.hall_pass(ctx)? {
                return Ok(false);
            }
        }
    }

    /// The shifted bounds of every variable, `None` when a domain is empty.
    fn spans(&self, domains: &Domains) -> Option<Spans> {
        let span = |(index, &var)| {
            let (min, max) = (domains.min(var)?, domains.max(var)?);
            Some((self.shifted(index, min), self.shifted(index, max)))
        };
        self.vars.iter().enumerate().map(span).collect()
    }

    /// Looks for a Hall interval that narrows a variable outside it and narrows
    /// around the first one found: `Ok(true)` when something changed.
    fn hall_pass(&self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let why = Why::new("hall interval");
        let spans = self
            .spans(ctx.domains())
            .ok_or_else(|| ctx.conflict(&why))?;
        let mut by_max: SmallVec<[usize; 16]> = (0..spans.len()).collect();
        by_max.sort_unstable_by_key(|&index| spans[index].1);
        let mut lows: SmallVec<[i64; 16]> = spans.iter().map(|span| span.0).collect();
        lows.sort_unstable();
        lows.dedup();
        for low in lows {
            // The variables whose span starts at `low` or later, by their ends.
            let starting: SmallVec<[usize; 16]> = (by_max.iter().copied())
                .filter(|&index| spans[index].0 >= low)
                .collect();
            let mut inside = 0;
            for (position, &index) in starting.iter().enumerate() {
                inside += 1;
                let high = spans[index].1;
                let next = starting.get(position + 1).map(|&next| spans[next].1);
                if next == Some(high) {
                    continue; // count every variable ending at `high` first
                }
                let width = high - low + 1;
                if inside > width {
                    return Err(ctx.conflict(&why));
                }
                if inside == width && self.narrow_outside(ctx, &spans, (low, high))? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// The variables inside the Hall interval `(low, high)` take all of it: every
    /// other variable loses it from its bounds. `Ok(true)` when one did.
    fn narrow_outside(
        &self,
        ctx: &mut Context<'_>,
        spans: &Spans,
        (low, high): (i64, i64),
    ) -> Result<bool, Conflict> {
        let is_inside = |index: usize| spans[index].0 >= low && spans[index].1 <= high;
        // Outside, with one end (not both) within the interval: that end moves.
        let has_end_inside = |index: usize| {
            let (min, max) = spans[index];
            !is_inside(index) && ((low..=high).contains(&min) || (low..=high).contains(&max))
        };
        let touched = (0..spans.len()).any(has_end_inside);
        if !touched {
            return Ok(false);
        }
        let mut cause: SmallVec<[_; 16]> = SmallVec::new();
        let mut facts: SmallVec<[Fact; 32]> = SmallVec::new();
        for index in (0..spans.len()).filter(|&index| is_inside(index)) {
            let var = self.vars[index];
            cause.push(var);
            facts.push(Fact::AtLeast(var, self.unshifted(index, low).unwrap_or(0)));
            facts.extend(
                self.unshifted(index, high)
                    .map(|high| Fact::AtMost(var, high)),
            );
        }
        let mut changed = false;
        for (index, &(min, _)) in spans.iter().enumerate() {
            if !has_end_inside(index) {
                continue;
            }
            let var = self.vars[index];
            let raise = min >= low;
            let value = if raise {
                self.unshifted(index, high + 1)
            } else {
                self.unshifted(index, low - 1)
            };
            let value = value.unwrap_or(0);
            let bound = if raise {
                Fact::AtLeast(var, value)
            } else {
                Fact::AtMost(var, value)
            };
            let deduction = Deduction {
                inference: "hall interval",
                var,
                value: Some(value),
                facts: &facts,
            };
            let text = |names: &Names| {
                let default = |names: &Names| self.explain_hall(names, &cause, bound);
                self.say(names, &deduction, default)
            };
            let why = Why::new("hall interval")
                .cause(&cause)
                .because(&facts)
                .named_text(&text);
            changed |= if raise {
                ctx.remove_below(var, value, &why)?
            } else {
                ctx.remove_above(var, value, &why)?
            };
        }
        Ok(changed)
    }

    fn explain_hall(&self, names: &Names, inside: &[crate::VarId], bound: Fact) -> String {
        let inside: Vec<String> = inside.iter().map(|&var| names.var_name(var)).collect();
        format!(
            "{} need every value of an interval as wide as they are many in {}, so {}",
            inside.join(", "),
            self.name,
            bound.describe(names)
        )
    }
}
