//! The correctness harness: a brute-force oracle for small models.
//!
//! The oracle enumerates assignments using nothing but [`crate::Rule::holds`] (each
//! rule is checked as soon as every variable it watches has a value), so it shares no
//! code with the rules' actions. Two properties follow:
//!
//! - **soundness** ([`check_rule`]): every value an action removes is absent from every
//!   solution, and an action reports a conflict only when there is no solution;
//! - **solutions** ([`check_solution`]): a solution satisfies every rule.

use thiserror::Error;

use crate::domain::{Domains, Value, VarId};
use crate::error::Error;
use crate::model::Model;
use crate::propagate::{Fixpoint, apply_rule};
use crate::rule::RuleId;

/// How many partial assignments the oracle may visit before it gives up.
pub const DEFAULT_BUDGET: u64 = 20_000_000;

/// A rule that removed too much.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Unsound {
    /// The action removed a value that a solution uses.
    #[error("rule `{rule}` removed {value} from {var}, but the solution {solution:?} uses it")]
    RemovedSupport {
        /// The rule's name.
        rule: String,
        /// The variable.
        var: VarId,
        /// The value removed.
        value: Value,
        /// A solution that uses it.
        solution: Vec<Value>,
    },
    /// The action reported a conflict although a solution exists.
    #[error("rule `{rule}` reported a conflict, but {solution:?} is a solution")]
    FalseConflict {
        /// The rule's name.
        rule: String,
        /// A solution.
        solution: Vec<Value>,
    },
}

/// Every solution within `domains`, by brute force (at most `budget` partial
/// assignments visited).
pub fn solutions(model: &Model, domains: &Domains, budget: u64) -> Result<Vec<Vec<Value>>, Error> {
    model.check_state(domains)?;
    // The rules to check once variable `i` (the last of their scope) has a value.
    let mut check_at: Vec<Vec<RuleId>> = vec![Vec::new(); model.num_vars()];
    for (id, rule) in model.rules() {
        if let Some(last) = rule.watches().iter().map(|w| w.var.index()).max() {
            check_at[last].push(id);
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

/// Check that one application of `rule`'s action on `domains` is sound.
pub fn check_rule(
    model: &Model,
    domains: &Domains,
    rule: RuleId,
) -> Result<Result<(), Unsound>, Error> {
    let all = solutions(model, domains, DEFAULT_BUDGET)?;
    let mut after = domains.clone();
    let name = model.rule(rule).name().to_string();
    match apply_rule(model, &mut after, rule, None)? {
        Fixpoint::Conflict(_) => Ok(match all.into_iter().next() {
            Some(solution) => Err(Unsound::FalseConflict {
                rule: name,
                solution,
            }),
            None => Ok(()),
        }),
        Fixpoint::Reached | Fixpoint::Stopped => {
            for solution in all {
                for var in model.vars() {
                    let value = solution[var.index()];
                    if !after.contains(var, value) {
                        return Ok(Err(Unsound::RemovedSupport {
                            rule: name,
                            var,
                            value,
                            solution,
                        }));
                    }
                }
            }
            Ok(Ok(()))
        }
    }
}

/// Check every rule of the model, one at a time, on `domains`.
pub fn check_all_rules(model: &Model, domains: &Domains) -> Result<Result<(), Unsound>, Error> {
    for (id, _) in model.rules() {
        if let Err(unsound) = check_rule(model, domains, id)? {
            return Ok(Err(unsound));
        }
    }
    Ok(Ok(()))
}

/// The name of the first rule a full assignment violates, if any.
pub fn check_solution(model: &Model, values: &[Value]) -> Result<(), String> {
    match model.violated(values) {
        None => Ok(()),
        Some(rule) => Err(model.rule(rule).name().to_string()),
    }
}
