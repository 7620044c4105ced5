//! [`Consistency::Domain`](super::Consistency::Domain): Régin's filter, variables as
//! rows and shifted values as columns of [`crate::rules::matching`].

use super::AllDifferent;
use crate::domain::{Domains, Value, VarId};
use crate::fast::Words;
use crate::names::Names;
use crate::propagation::{Conflict, Context, Why};
use crate::rules::matching::{MAX_ROWS, unsupported};
use crate::rules::wording::Deduction;

impl AllDifferent {
    /// Value consistency, then every value without a support goes; `Ok(true)` when
    /// every variable is fixed. Groups too large for one word fall back to bounds.
    pub(super) fn matching(&self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        if self.fixed_values(ctx)? {
            return Ok(true);
        }
        let why = Why::new("all different matching");
        // The rows on the stack: a list on the heap a run was a tenth of
        // Dominosa's matchings (callgrind, dominosa-9dh).
        let mut rows = [0u64; MAX_ROWS];
        let graph = self.graph(ctx.domains(), &mut rows);
        let Some(base) = graph.map_err(|()| ctx.conflict(&why))? else {
            return self.bounds(ctx);
        };
        let rows = &rows[..self.vars.len()];
        let mut removed = [0u64; MAX_ROWS];
        let removed = &mut removed[..rows.len()];
        if !unsupported(rows, removed) {
            return Err(ctx.conflict(&why));
        }
        for (index, &columns) in removed.iter().enumerate() {
            for column in crate::fast::bits(columns) {
                if let Some(value) = self.unshifted(index, base + i64::from(column)) {
                    self.remove_unsupported(ctx, self.vars[index], value)?;
                }
            }
        }
        Ok(false)
    }

    /// The graph of variables to shifted values, each variable's row written
    /// into `rows` (its shifted values less the smallest of all, as a word):
    /// that smallest shifted value, `Ok(None)` when the group does not fit
    /// words, `Err` when a domain is empty.
    fn graph(&self, domains: &Domains, rows: &mut [u64; MAX_ROWS]) -> Result<Option<i64>, ()> {
        if self.vars.len() > MAX_ROWS {
            return Ok(None);
        }
        if let Some(first) = self.aligned_first {
            return self.aligned_graph(domains, first, rows).map(Some);
        }
        let (mut base, mut top) = (i64::MAX, i64::MIN);
        for (index, &var) in self.vars.iter().enumerate() {
            let (min, max) = (domains.min(var).ok_or(())?, domains.max(var).ok_or(())?);
            base = base.min(self.shifted(index, min));
            top = top.max(self.shifted(index, max));
        }
        if top - base >= 64 {
            return Ok(None);
        }
        // Bit `p` of a row is the shifted value `base + p`: the variable's value
        // `base + p - offset`, read as one word.
        for ((index, &var), row) in self.vars.iter().enumerate().zip(rows.iter_mut()) {
            *row = domains.word_from(var, base - self.offset(index), 0);
        }
        Ok(Some(base))
    }

    /// [`AllDifferent::graph`] of a group whose domains are each one word from
    /// `first` ([`AllDifferent::aligned_first`]): each row is its variable's
    /// word, shifted down to the smallest value of all, one read a variable
    /// rather than its smallest, largest and window.
    fn aligned_graph(
        &self,
        domains: &Domains,
        first: Value,
        rows: &mut [u64; MAX_ROWS],
    ) -> Result<i64, ()> {
        let mut union = 0;
        for (&var, row) in self.vars.iter().zip(rows.iter_mut()) {
            *row = domains.word(var);
            if *row == 0 {
                return Err(());
            }
            union |= *row;
        }
        let lowest = union.trailing_zeros();
        for row in &mut rows[..self.vars.len()] {
            *row >>= lowest;
        }
        Ok(i64::from(first) + i64::from(lowest))
    }

    fn remove_unsupported(
        &self,
        ctx: &mut Context<'_>,
        var: VarId,
        value: Value,
    ) -> Result<bool, Conflict> {
        let deduction = Deduction {
            inference: "all different matching",
            var,
            value: Some(value),
            facts: &[],
        };
        let text = |names: &Names| {
            let default = |names: &Names| {
                format!(
                    "with {} = {}, the other variables of {} could not all take different values",
                    names.var_name(var),
                    names.label_of(var, value),
                    self.name
                )
            };
            self.say(names, &deduction, default)
        };
        let why = Why::new("all different matching")
            .cause(&self.vars)
            .named_text(&text);
        ctx.remove(var, value, &why)
    }
}
