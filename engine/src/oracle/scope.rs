//! Brute force over one rule's scope: every assignment of the variables it watches.

use crate::domain::Domains;
use crate::error::Error;
use crate::ids::{Value, VarId};
use crate::model::Model;
use crate::propagation::Rule;

/// The variables a rule watches, each once and in index order, with the values each
/// may take in an enumeration.
pub(super) struct Scope {
    /// The variables.
    pub(super) vars: Vec<VarId>,
    /// For each variable, the values to try, in increasing order.
    pub(super) options: Vec<Vec<Value>>,
}

impl Scope {
    /// The scope of `rule`, each variable over its candidates in `domains`.
    pub(super) fn candidates(rule: &dyn Rule, domains: &Domains) -> Self {
        let vars = scope_vars(rule);
        let options = vars
            .iter()
            .map(|&var| domains.iter(var).collect())
            .collect();
        Scope { vars, options }
    }

    /// The scope of `rule`, each variable over every integer between its smallest and
    /// largest candidate in `domains` (bounds(Z) reasoning: holes count).
    pub(super) fn intervals(rule: &dyn Rule, domains: &Domains) -> Self {
        let vars = scope_vars(rule);
        let options = vars
            .iter()
            .map(|&var| match (domains.min(var), domains.max(var)) {
                (Some(min), Some(max)) => (min..=max).collect(),
                _ => Vec::new(),
            })
            .collect();
        Scope { vars, options }
    }

    /// Visit every assignment of the scope, in odometer order (the first variable
    /// turns fastest), as a full list of values whose other variables sit at their
    /// smallest candidate in `domains`. Stops at the first visit that returns
    /// `Some`; more than `budget` visits is [`Error::TooLarge`].
    pub(super) fn find<T>(
        &self,
        domains: &Domains,
        budget: u64,
        mut visit: impl FnMut(&[Value]) -> Result<Option<T>, Error>,
    ) -> Result<Option<T>, Error> {
        if self.options.iter().any(Vec::is_empty) {
            return Ok(None);
        }
        let mut values: Vec<Value> = (0..domains.num_vars())
            .map(|index| domains.min(VarId::from_index(index)).unwrap_or(0))
            .collect();
        let mut digits = vec![0; self.vars.len()];
        let mut visited = 0;
        loop {
            visited += 1;
            if visited > budget {
                return Err(Error::TooLarge { limit: budget });
            }
            for ((&var, options), &digit) in self.vars.iter().zip(&self.options).zip(&digits) {
                values[var.index()] = options[digit];
            }
            if let Some(found) = visit(&values)? {
                return Ok(Some(found));
            }
            // The next assignment, as an odometer over the option lists.
            let Some(turn) = (0..digits.len()).find(|&i| digits[i] + 1 < self.options[i].len())
            else {
                return Ok(None);
            };
            digits[turn] += 1;
            digits[..turn].fill(0);
        }
    }

    /// The scope's part of `values`, as people read it: `"r1c1 = 3, r1c2 = 5"`.
    pub(super) fn describe(&self, model: &Model, values: &[Value]) -> String {
        let names = model.names();
        self.vars
            .iter()
            .map(|&var| {
                let value = names.value_label(values[var.index()]);
                format!("{} = {value}", names.var_name(var))
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The variables `rule` watches, each once, in index order.
fn scope_vars(rule: &dyn Rule) -> Vec<VarId> {
    let mut vars: Vec<VarId> = rule.watches().iter().map(|watch| watch.var).collect();
    vars.sort();
    vars.dedup();
    vars
}
