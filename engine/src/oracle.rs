//! The correctness harness: a brute-force oracle for small models.
//!
//! The oracle enumerates assignments using nothing but [`crate::Rule::holds`] (each
//! rule is checked as soon as every variable it watches has a value), so it shares no
//! code with the rules' actions. Two properties follow:
//!
//! - **soundness** ([`check_rule`]): every value an action removes is absent from every
//!   solution, an action reports a conflict only when there is no solution, and an
//!   action that declares its rule entailed
//!   ([`crate::Context::declare_entailed`]) leaves no assignment that breaks the
//!   rule;
//! - **solutions** ([`check_solution`]): a solution satisfies every rule.

use thiserror::Error;

use crate::domain::{Domains, Value, VarId};
use crate::error::Error;
use crate::ids::RuleId;
use crate::model::Model;
use crate::propagation::{Fixpoint, apply_rule_once};

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
    /// The action declared its rule entailed, but an assignment it left breaks the rule.
    #[error(
        "rule `{rule}` declared itself entailed, but it leaves {assignment:?}, which breaks it"
    )]
    FalseEntailment {
        /// The rule's name.
        rule: String,
        /// An assignment left (variables outside the rule at their smallest candidate).
        assignment: Vec<Value>,
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
    let (fixpoint, entailed) = apply_rule_once(model, &mut after, rule, None)?;
    match fixpoint {
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
            if entailed && let Some(assignment) = first_breaking(model, &after, rule)? {
                return Ok(Err(Unsound::FalseEntailment {
                    rule: name,
                    assignment,
                }));
            }
            Ok(Ok(()))
        }
    }
}

/// The first assignment left in `domains` that breaks `rule`, by brute force over the
/// variables it watches (the others stay at their smallest candidate).
fn first_breaking(
    model: &Model,
    domains: &Domains,
    rule: RuleId,
) -> Result<Option<Vec<Value>>, Error> {
    let rule = model.rule(rule);
    let mut scope: Vec<VarId> = rule.watches().iter().map(|watch| watch.var).collect();
    scope.sort();
    scope.dedup();
    let candidates: Vec<Vec<Value>> = scope
        .iter()
        .map(|&var| domains.iter(var).collect())
        .collect();
    if candidates.iter().any(Vec::is_empty) {
        return Ok(None);
    }
    let mut values: Vec<Value> = model
        .vars()
        .map(|var| domains.min(var).unwrap_or(0))
        .collect();
    let mut digits = vec![0; scope.len()];
    let mut visited = 0;
    loop {
        visited += 1;
        if visited > DEFAULT_BUDGET {
            return Err(Error::TooLarge {
                limit: DEFAULT_BUDGET,
            });
        }
        for ((&var, options), &digit) in scope.iter().zip(&candidates).zip(&digits) {
            values[var.index()] = options[digit];
        }
        if !rule.holds(&values) {
            return Ok(Some(values));
        }
        // The next assignment, as an odometer over the candidate lists.
        let Some(turn) = (0..digits.len()).find(|&i| digits[i] + 1 < candidates[i].len()) else {
            return Ok(None);
        };
        digits[turn] += 1;
        digits[..turn].fill(0);
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
