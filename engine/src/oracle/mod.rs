//! The correctness harness: a brute-force oracle that checks every claim a rule makes.
//!
//! The oracle enumerates assignments using nothing but [`crate::Rule::holds`] (each
//! rule is checked as soon as every variable it watches has a value), so it shares no
//! code with the rules' actions. On a state, [`check_rule`] checks each claim of one
//! rule, and [`check_all_rules`] of every rule of the model, in this order:
//!
//! 1. **soundness**: the action, run on the state and then again on its own result
//!    until a run changes nothing, never removes a value a solution uses
//!    ([`Unsound::RemovedSupport`]) nor reports a conflict while a solution exists
//!    ([`Unsound::FalseConflict`]);
//! 2. **entailment test**: a run that declares its rule entailed
//!    ([`crate::Context::declare_entailed`]) leaves no assignment of the rule's scope
//!    that breaks it ([`Unsound::FalseEntailment`]);
//! 3. **idempotence**: for a rule that claims it ([`crate::Rule::idempotent`]), the
//!    second run changes no domain ([`Unsound::NotIdempotent`]) and reports no
//!    conflict the first did not ([`Unsound::NotIdempotentConflict`]);
//! 4. **completeness on full assignments**: on every assignment of the rule's scope
//!    (the variables of [`crate::Rule::watches`]) within the state that breaks the
//!    rule, the action reports a conflict ([`Unsound::Incomplete`]);
//! 5. **strength**: for a rule that claims a [`Consistency`](crate::Consistency)
//!    ([`crate::Rule::consistency`]), every value the claim requires to have a support
//!    has one once the action has run to its own fixpoint ([`Unsound::Unsupported`]).
//!
//! Brute force is bounded: past a budget, a check returns [`Error::TooLarge`]
//! instead of an answer. [`check_rule_with`] and [`check_all_rules_with`] take the
//! budgets and which claims to cover ([`Checks`]): completeness, the one check that
//! enumerates every rule's scope on every state, can be left out on states too large
//! for it. [`check_solution`] checks a full
//! assignment against every rule. Failures name variables and values the way the
//! model does ([`Model::set_name`], [`Model::set_value_labels`]).
//!
//! ```
//! use sieve::oracle::{self, Unsound};
//! use sieve::prelude::*;
//!
//! /// x < y, claiming domain consistency but narrowing only x.
//! struct HalfLess { x: VarId, y: VarId }
//!
//! impl Rule for HalfLess {
//!     fn name(&self) -> &str { "x < y" }
//!     fn watches(&self) -> Vec<Watch> {
//!         vec![Watch::new(self.x, Events::BOUNDS), Watch::new(self.y, Events::BOUNDS)]
//!     }
//!     fn consistency(&self) -> Consistency { Consistency::Domain }
//!     fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
//!         let why = Why::new("bounds");
//!         let y_max = ctx.domains().max(self.y).unwrap_or(0);
//!         if y_max == 0 { return Err(ctx.conflict(&why)); }
//!         ctx.remove_above(self.x, y_max - 1, &why)?;
//!         Ok(())
//!     }
//!     fn holds(&self, values: &[Value]) -> bool {
//!         values[self.x.index()] < values[self.y.index()]
//!     }
//! }
//!
//! let mut model = Model::new();
//! let x = model.new_var(3);
//! let y = model.new_var(3);
//! model.set_name(x, "left");
//! model.set_name(y, "right");
//! let rule = model.add_rule(HalfLess { x, y })?;
//!
//! // Sound and complete, but `right` = 0 is left without a support.
//! let verdict = oracle::check_rule(&model, &model.domains(), rule)?;
//! let Err(unsound @ Unsound::Unsupported { value: 0, .. }) = verdict else {
//!     panic!("expected an unsupported value, got {verdict:?}");
//! };
//! assert_eq!(
//!     unsound.to_string(),
//!     "rule `x < y` claims domain consistency, but 0 in right has no support"
//! );
//!
//! // The library's rules keep every claim they make.
//! let mut model = Model::new();
//! let cells = model.new_vars(3, 3);
//! let row = model.add_rule(AllDifferent::new("row", cells.clone()))?;
//! let mut state = model.domains();
//! state.assign(cells[0], 1);
//! assert_eq!(oracle::check_rule(&model, &state, row)?, Ok(()));
//! # Ok::<(), sieve::Error>(())
//! ```

mod claims;
mod scope;
mod unsound;

use crate::domain::{Domains, Value, VarId};
use crate::error::Error;
use crate::ids::RuleId;
use crate::model::Model;

use claims::Claims;
pub use unsound::Unsound;

/// How many partial assignments the oracle may visit before it gives up.
pub const DEFAULT_BUDGET: u64 = 20_000_000;

/// Which claims a check covers and how much brute force it may spend; past a
/// budget a check returns [`Error::TooLarge`]. The default covers every claim.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Checks {
    /// Partial assignments of the whole model that the search for solutions may
    /// visit.
    pub solution_budget: u64,
    /// Assignments of one rule's scope that each check over the scope (entailment,
    /// completeness, strength) may visit.
    pub scope_budget: u64,
    /// Whether to check completeness on full assignments: the one check that
    /// enumerates the scope of every rule on every state (entailment and strength do
    /// so only for rules that claim them), so the one to leave out, and say so, on
    /// a state whose scopes are too large for brute force.
    pub completeness: bool,
}

impl Checks {
    /// Every claim but completeness, within the default budgets.
    pub fn without_completeness() -> Self {
        Checks {
            completeness: false,
            ..Checks::default()
        }
    }
}

impl Default for Checks {
    fn default() -> Self {
        Checks {
            solution_budget: DEFAULT_BUDGET,
            scope_budget: DEFAULT_BUDGET,
            completeness: true,
        }
    }
}

/// Every solution within `domains`, by brute force (at most `budget` partial
/// assignments visited).
pub fn solutions(model: &Model, domains: &Domains, budget: u64) -> Result<Vec<Vec<Value>>, Error> {
    model.check_state(domains)?;
    refuse_intervals(model)?;
    // The rules to check once variable `i` (the last of their scope) has a value.
    let mut check_at: Vec<Vec<RuleId>> = vec![Vec::new(); model.num_vars()];
    for (id, rule) in model.rules() {
        match rule.watches().iter().map(|w| w.var.index()).max() {
            Some(last) => check_at[last].push(id),
            // A rule over no variable is a constant: false means no solution.
            None if !rule.holds(&vec![0; model.num_vars()]) => return Ok(Vec::new()),
            None => {}
        }
    }
    let mut walk = Walk {
        model,
        domains,
        check_at,
        values: vec![0; model.num_vars()],
        found: Vec::new(),
        visited: 0,
        budget,
    };
    walk.extend(0)?;
    Ok(walk.found)
}

/// The oracle is for small domains: an interval variable (see
/// [`crate::domain`]) is refused, since a rule cannot remove a value strictly
/// inside one and no claim of domain consistency can hold there.
fn refuse_intervals(model: &Model) -> Result<(), Error> {
    match model.vars().find(|&var| model.is_bounds(var)) {
        Some(var) => Err(Error::IntervalInOracle { var: var.index() }),
        None => Ok(()),
    }
}

struct Walk<'a> {
    model: &'a Model,
    domains: &'a Domains,
    check_at: Vec<Vec<RuleId>>,
    values: Vec<Value>,
    found: Vec<Vec<Value>>,
    visited: u64,
    budget: u64,
}

impl Walk<'_> {
    fn extend(&mut self, index: usize) -> Result<(), Error> {
        if index == self.values.len() {
            self.found.push(self.values.clone());
            return Ok(());
        }
        let var = VarId::from_index(index);
        for value in self.domains.iter(var) {
            self.visited += 1;
            if self.visited > self.budget {
                return Err(Error::TooLarge { limit: self.budget });
            }
            self.values[index] = value;
            let consistent = self.check_at[index]
                .iter()
                .all(|&rule| self.model.rule(rule).holds(&self.values));
            if consistent {
                self.extend(index + 1)?;
            }
        }
        Ok(())
    }
}

/// Check every claim `rule` makes on `domains` (see the [module docs](self) for the
/// list), within the default budgets ([`Checks`]). `Ok(Err(_))` is the first claim refuted;
/// `Err(_)` means the state is not the model's or brute force would take too long.
pub fn check_rule(
    model: &Model,
    domains: &Domains,
    rule: RuleId,
) -> Result<Result<(), Unsound>, Error> {
    check_rule_with(model, domains, rule, Checks::default())
}

/// [`check_rule`], covering the claims `checks` selects within its budgets.
pub fn check_rule_with(
    model: &Model,
    domains: &Domains,
    rule: RuleId,
    checks: Checks,
) -> Result<Result<(), Unsound>, Error> {
    check_rules(model, domains, std::iter::once(rule), checks)
}

/// Check every claim of every rule of the model on `domains`, one rule at a time, in
/// the order the rules were added; the first claim refuted is the answer.
pub fn check_all_rules(model: &Model, domains: &Domains) -> Result<Result<(), Unsound>, Error> {
    check_all_rules_with(model, domains, Checks::default())
}

/// [`check_all_rules`], covering the claims `checks` selects within its budgets.
pub fn check_all_rules_with(
    model: &Model,
    domains: &Domains,
    checks: Checks,
) -> Result<Result<(), Unsound>, Error> {
    check_rules(model, domains, model.rules().map(|(id, _)| id), checks)
}

/// Check `rules` on `domains`, enumerating the solutions once for all of them.
fn check_rules(
    model: &Model,
    domains: &Domains,
    rules: impl IntoIterator<Item = RuleId>,
    checks: Checks,
) -> Result<Result<(), Unsound>, Error> {
    let rules: Vec<RuleId> = rules.into_iter().collect();
    if let Some(rule) = rules.iter().find(|rule| rule.index() >= model.num_rules()) {
        return Err(Error::UnknownRule {
            rule: rule.index(),
            rules: model.num_rules(),
        });
    }
    refuse_intervals(model)?;
    // A state of another model over the same variables takes this model's rule state.
    let mut domains = domains.clone();
    model.adopt_state(&mut domains)?;
    let all = solutions(model, &domains, checks.solution_budget)?;
    let mut claims = Claims::new(model, &domains, &all, checks);
    for rule in rules {
        if let Some(unsound) = claims.check(rule)? {
            return Ok(Err(unsound));
        }
    }
    Ok(Ok(()))
}

/// The name of the first rule a full assignment violates, if any (or why the
/// assignment does not fit the model).
pub fn check_solution(model: &Model, values: &[Value]) -> Result<(), String> {
    match model.violated(values) {
        Ok(None) => Ok(()),
        Ok(Some(rule)) => Err(model.rule(rule).name().to_string()),
        Err(error) => Err(error.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    #[test]
    fn a_false_rule_over_no_variable_leaves_no_solution() {
        let mut model = Model::new();
        model.new_vars(2, 2);
        let empty = |rhs| LinearSum::new("0 = rhs", Vec::new(), Relation::Equal, rhs);
        model.add_rule(empty(0)).unwrap();
        assert_eq!(
            solutions(&model, &model.domains(), DEFAULT_BUDGET)
                .unwrap()
                .len(),
            4
        );
        model.add_rule(empty(5)).unwrap();
        assert_eq!(
            solutions(&model, &model.domains(), DEFAULT_BUDGET),
            Ok(Vec::new())
        );
    }
}
