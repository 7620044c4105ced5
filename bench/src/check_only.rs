//! A rule that only checks: it waits until every variable it reads is fixed, then
//! asks another rule's `holds`. The baseline of the `graph_rules` criterion suite:
//! what a search would do with the meaning alone and no filtering.

use sieve::{Conflict, Context, Events, Rule, Value, Watch, Why};

/// Another rule's meaning as a rule: a conflict on a full assignment of its scope
/// that breaks it, nothing before.
pub struct CheckOnly<R> {
    inner: R,
    watches: Vec<Watch>,
    /// One past the largest variable index the rule reads: the length of the
    /// values it hands to `holds`.
    width: usize,
}

impl<R: Rule> CheckOnly<R> {
    /// `inner`'s meaning, checked only on full assignments.
    pub fn new(inner: R) -> Self {
        let watches: Vec<Watch> = inner
            .watches()
            .into_iter()
            .map(|watch| Watch::new(watch.var, Events::ASSIGNED))
            .collect();
        let width = watches.iter().map(|watch| watch.var.index() + 1).max();
        CheckOnly {
            inner,
            watches,
            width: width.unwrap_or(0),
        }
    }
}

impl<R: Rule> Rule for CheckOnly<R> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn watches(&self) -> Vec<Watch> {
        self.watches.clone()
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let mut values: Vec<Value> = vec![0; self.width];
        for watch in &self.watches {
            match ctx.domains().value(watch.var) {
                Some(value) => values[watch.var.index()] = value,
                None => return Ok(()),
            }
        }
        if self.inner.holds(&values) {
            Ok(())
        } else {
            Err(ctx.conflict(&Why::new("check")))
        }
    }

    fn holds(&self, values: &[Value]) -> bool {
        self.inner.holds(values)
    }
}
