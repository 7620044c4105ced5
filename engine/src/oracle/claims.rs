//! The checks of every claim one rule makes on one state.

use crate::domain::Domains;
use crate::error::Error;
use crate::ids::{RuleId, Value, VarId};
use crate::model::Model;
use crate::oracle::Checks;
use crate::oracle::scope::Scope;
use crate::oracle::unsound::Unsound;
use crate::propagation::{Consistency, Engine, Fixpoint, Schedule};

/// The checks on one state, sharing its solutions and one engine to run actions in.
pub(super) struct Claims<'a> {
    model: &'a Model,
    domains: &'a Domains,
    solutions: &'a [Vec<Value>],
    checks: Checks,
    engine: Engine<'a>,
}

/// How repeating an action on its own result ended.
enum Repeated {
    /// A run changed nothing: the action's own fixpoint.
    Fixpoint(Domains),
    /// A run reported a conflict (and there is no solution).
    Conflict,
    /// A claim failed on the way.
    Unsound(Unsound),
}

impl<'a> Claims<'a> {
    /// The checks on `domains`, whose solutions are `solutions`.
    pub(super) fn new(
        model: &'a Model,
        domains: &'a Domains,
        solutions: &'a [Vec<Value>],
        checks: Checks,
    ) -> Self {
        Claims {
            model,
            domains,
            solutions,
            checks,
            engine: Engine::new(model, Schedule::Queue),
        }
    }

    /// Every claim of `rule`: soundness and entailment on each run of its action
    /// repeated to its own fixpoint, idempotence, completeness on full assignments
    /// (when selected), and strength at the fixpoint.
    pub(super) fn check(&mut self, rule: RuleId) -> Result<Option<Unsound>, Error> {
        let fixpoint = match self.repeat(rule)? {
            Repeated::Unsound(unsound) => return Ok(Some(unsound)),
            Repeated::Conflict => None,
            Repeated::Fixpoint(fixpoint) => Some(fixpoint),
        };
        if self.checks.completeness
            && let Some(unsound) = self.completeness(rule)?
        {
            return Ok(Some(unsound));
        }
        match fixpoint {
            Some(fixpoint) => self.strength(rule, &fixpoint),
            None => Ok(None),
        }
    }

    /// Run the action on its own result until a run changes nothing or reports a
    /// conflict, checking each run; the second run of an idempotent rule must change
    /// nothing.
    fn repeat(&mut self, rule: RuleId) -> Result<Repeated, Error> {
        let idempotent = self.model.rule(rule).idempotent();
        let mut state = self.domains.clone();
        // Every run but the last removes a candidate, so this many runs always end.
        let most_runs = state.total_candidates() as usize + 1;
        for run in 1..=most_runs {
            let mut after = state.clone();
            let (fixpoint, entailed) = self.engine.apply_alone(rule, &mut after, &mut None);
            let conflict = matches!(fixpoint, Fixpoint::Conflict(_));
            if let Some(unsound) = self.sound(rule, run, conflict, &after, entailed)? {
                return Ok(Repeated::Unsound(unsound));
            }
            let removed = first_removed(self.model, &state, &after);
            if idempotent
                && run == 2
                && let Some(unsound) = self.not_idempotent(rule, conflict, removed)
            {
                return Ok(Repeated::Unsound(unsound));
            }
            if conflict {
                return Ok(Repeated::Conflict);
            }
            if removed.is_none() {
                return Ok(Repeated::Fixpoint(after));
            }
            state = after;
        }
        Ok(Repeated::Fixpoint(state))
    }

    /// Soundness and entailment of one run, which left `after` (or reported a
    /// conflict).
    fn sound(
        &self,
        rule: RuleId,
        run: usize,
        conflict: bool,
        after: &Domains,
        entailed: bool,
    ) -> Result<Option<Unsound>, Error> {
        let name = self.model.rule(rule).name().to_string();
        if conflict {
            return Ok(self
                .solutions
                .first()
                .map(|solution| Unsound::FalseConflict {
                    rule: name,
                    run,
                    solution: solution.clone(),
                }));
        }
        for solution in self.solutions {
            let lost = self
                .model
                .vars()
                .find(|&var| !after.contains(var, solution[var.index()]));
            if let Some(var) = lost {
                let value = solution[var.index()];
                return Ok(Some(Unsound::RemovedSupport {
                    rule: name,
                    run,
                    var,
                    var_name: self.model.var_name(var),
                    value,
                    value_label: self.model.value_label(value),
                    solution: solution.clone(),
                }));
            }
        }
        if !entailed {
            return Ok(None);
        }
        let breaking = self.first_breaking(rule, after)?;
        Ok(
            breaking.map(|(assignment, described)| Unsound::FalseEntailment {
                rule: name,
                run,
                assignment,
                described,
            }),
        )
    }

    /// The entailment test: the first assignment of the rule's scope left in
    /// `domains` that breaks it, with its description.
    fn first_breaking(
        &self,
        rule: RuleId,
        domains: &Domains,
    ) -> Result<Option<(Vec<Value>, String)>, Error> {
        let checked = self.model.rule(rule);
        let scope = Scope::candidates(checked, domains);
        scope.find(domains, self.checks.scope_budget, |values| {
            Ok((!checked.holds(values))
                .then(|| (values.to_vec(), scope.describe(self.model, values))))
        })
    }

    /// What a second run of an idempotent rule did wrong, if anything.
    fn not_idempotent(
        &self,
        rule: RuleId,
        conflict: bool,
        removed: Option<(VarId, Value)>,
    ) -> Option<Unsound> {
        let name = self.model.rule(rule).name().to_string();
        if conflict {
            return Some(Unsound::NotIdempotentConflict { rule: name });
        }
        removed.map(|(var, value)| Unsound::NotIdempotent {
            rule: name,
            var,
            var_name: self.model.var_name(var),
            value,
            value_label: self.model.value_label(value),
        })
    }

    /// Completeness: on every full assignment of the rule's scope within the state
    /// that breaks the rule, the action (run to its own fixpoint) reports a conflict.
    fn completeness(&mut self, rule: RuleId) -> Result<Option<Unsound>, Error> {
        let checked = self.model.rule(rule);
        let scope = Scope::candidates(checked, self.domains);
        let mut trial = self.domains.clone();
        let (model, domains, engine) = (self.model, self.domains, &mut self.engine);
        scope.find(domains, self.checks.scope_budget, |values| {
            if checked.holds(values) {
                return Ok(None);
            }
            trial.copy_from(domains);
            for &var in &scope.vars {
                trial.assign(var, values[var.index()])?;
            }
            if ends_in_conflict(engine, rule, &mut trial) {
                return Ok(None);
            }
            Ok(Some(Unsound::Incomplete {
                rule: checked.name().to_string(),
                assignment: values.to_vec(),
                described: scope.describe(model, values),
            }))
        })
    }

    /// Strength: at the action's own fixpoint, every value the rule's claimed
    /// consistency requires to have a support has one.
    fn strength(&self, rule: RuleId, fixpoint: &Domains) -> Result<Option<Unsound>, Error> {
        let checked = self.model.rule(rule);
        let consistency = checked.consistency();
        let scope = match consistency {
            Consistency::Unspecified => return Ok(None),
            Consistency::Bounds => Scope::intervals(checked, fixpoint),
            Consistency::Value | Consistency::Domain => Scope::candidates(checked, fixpoint),
        };
        let mut supports = Supports::new(&scope, consistency, fixpoint);
        if supports.count == 0 {
            return Ok(None);
        }
        scope.find(fixpoint, self.checks.scope_budget, |values| {
            Ok((checked.holds(values) && supports.mark(&scope, values)).then_some(()))
        })?;
        Ok(supports
            .first_missing(&scope)
            .map(|(var, value)| Unsound::Unsupported {
                rule: checked.name().to_string(),
                consistency,
                var,
                var_name: self.model.var_name(var),
                value,
                value_label: self.model.value_label(value),
            }))
    }
}

/// Which values of a scope need a support, and which have one so far.
struct Supports {
    /// Per variable and option: needs a support and has none yet.
    missing: Vec<Vec<bool>>,
    /// How many `true`s `missing` holds.
    count: usize,
}

impl Supports {
    /// The values `consistency` requires supports for: every candidate (domain), the
    /// smallest and largest (bounds), or every candidate of a variable whose scope
    /// is otherwise fixed (value).
    fn new(scope: &Scope, consistency: Consistency, domains: &Domains) -> Self {
        let open = scope
            .vars
            .iter()
            .filter(|&&var| !domains.is_assigned(var))
            .count();
        let missing: Vec<Vec<bool>> = scope
            .vars
            .iter()
            .zip(&scope.options)
            .map(|(&var, options)| {
                let bounds = [domains.min(var), domains.max(var)];
                let last_open = open == 0 || (open == 1 && !domains.is_assigned(var));
                options
                    .iter()
                    .map(|&value| match consistency {
                        Consistency::Domain => true,
                        Consistency::Bounds => bounds.contains(&Some(value)),
                        Consistency::Value => last_open,
                        Consistency::Unspecified => false,
                    })
                    .collect()
            })
            .collect();
        let count = missing.iter().flatten().filter(|&&needed| needed).count();
        Supports { missing, count }
    }

    /// Mark the values of a satisfying assignment as supported; `true` once every
    /// value needed has a support.
    fn mark(&mut self, scope: &Scope, values: &[Value]) -> bool {
        for (i, &var) in scope.vars.iter().enumerate() {
            if let Ok(option) = scope.options[i].binary_search(&values[var.index()])
                && std::mem::replace(&mut self.missing[i][option], false)
            {
                self.count -= 1;
            }
        }
        self.count == 0
    }

    /// The first value still without a support, in scope order.
    fn first_missing(&self, scope: &Scope) -> Option<(VarId, Value)> {
        scope.vars.iter().enumerate().find_map(|(i, &var)| {
            let option = self.missing[i].iter().position(|&needed| needed)?;
            Some((var, scope.options[i][option]))
        })
    }
}

/// Whether running `rule` on `state` until a run changes nothing ends in a conflict.
fn ends_in_conflict(engine: &mut Engine<'_>, rule: RuleId, state: &mut Domains) -> bool {
    loop {
        let changes = engine.core.changes;
        let (fixpoint, _) = engine.apply_alone(rule, state, &mut None);
        if matches!(fixpoint, Fixpoint::Conflict(_)) {
            return true;
        }
        if engine.core.changes == changes {
            return false;
        }
    }
}

/// The first candidate of `before` that `after` lacks, in variable order.
fn first_removed(model: &Model, before: &Domains, after: &Domains) -> Option<(VarId, Value)> {
    model
        .vars()
        .filter(|&var| before.words(var) != after.words(var))
        .find_map(|var| {
            let value = before
                .iter(var)
                .find(|&value| !after.contains(var, value))?;
            Some((var, value))
        })
}
