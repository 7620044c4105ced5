//! Probing (singleton consistency): the strongest deduction short of search.
//! A value goes when assuming it and propagating every rule of the model ends
//! in a contradiction: "if r3c5 were 4, cage 12× at r2c5 could not be filled".
//!
//! Puzzle makers' hardest levels (Tatham's "extreme", forcing chains in
//! sudoku) ask for exactly this kind of one-step look-ahead. Probing finds
//! every such removal that one assumption plus the model's own rules can
//! prove, whatever those rules are, so it is a tier every puzzle gets for free:
//! add it last to a model, and a puzzle that needed a guess may no longer.
//!
//! Its removals are deductions like any other: each names the premises it
//! rests on (the facts of the state before the assumption that the failed
//! propagation used), so explanations and traces follow it back to the givens.
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::rules::Probing;
//!
//! let mut model = Model::new();
//! let x = model.new_var(3);
//! let y = model.new_var(3);
//! model.add_rule(AllDifferent::new("x ≠ y", vec![x, y]))?;
//! model.add_rule(LinearSum::new("x + y = 2", vec![(1, x), (1, y)], Relation::Equal, 2))?;
//! // Bounds reasoning leaves x = 1 (then y = 1) standing; probing sees it fail.
//! let mut plain = model.domains();
//! propagate(&model, &mut plain, Schedule::Priority, None)?;
//! assert!(plain.contains(x, 1));
//! model.add_rule(Probing::new("probing", vec![x, y]))?;
//! let mut state = model.domains();
//! propagate(&model, &mut state, Schedule::Priority, None)?;
//! assert!(!state.contains(x, 1) && !state.contains(y, 1));
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! # Cost
//!
//! One run tries every candidate of every variable in its scope, each with a
//! full propagation of the model, so it is [`Cost::Expensive`] and belongs
//! under the `Priority` schedule, where it runs only once every cheaper rule
//! has reached its fixpoint. The propagations inside a probe do not probe
//! again (a reversible flag in the state marks a probe's copy).

use crate::domain::{Domains, Value, VarId};
use crate::model::Model;
use crate::names::Names;
use crate::observe::Observer;
use crate::propagation::state::StateInt;
use crate::propagation::{Conflict, Context, Cost, Events, Fact, Posting, Rule, Watch, Why};
use crate::propagation::{Ending, Engine, Fixpoint, Schedule, propagate};
use crate::provenance::Provenance;

/// Removes every value whose assumption the model's rules refute (see the
/// [module docs](self)). Interval variables ([`crate::Domains::is_bounds`]) are
/// not probed: their values are too many to try one by one.
#[derive(Clone, Debug)]
pub struct Probing {
    name: String,
    vars: Vec<VarId>,
    /// Set to 1 in the copy a probe propagates, so that it does not probe again.
    inside_probe: Option<StateInt>,
    /// The fingerprint of the last state every probe held on: woken again in
    /// that state (by the changes its own removals led to), there is nothing to do.
    settled: Option<StateInt>,
}

impl Probing {
    /// Probing over the candidates of `vars` (usually every variable the puzzle
    /// decides).
    pub fn new(name: impl Into<String>, vars: Vec<VarId>) -> Self {
        Probing {
            name: name.into(),
            vars,
            inside_probe: None,
            settled: None,
        }
    }

    /// Assumes `var = value` in a copy of the state and propagates: the conflict
    /// it ends in, with the premises it used when `explaining`, or `None`.
    fn refute(
        &self,
        ctx: &Context<'_>,
        flag: StateInt,
        (var, value): (VarId, Value),
        explaining: bool,
    ) -> Option<(Conflict, Vec<Fact>)> {
        let mut trial = ctx.domains().clone();
        trial.set_int(flag, 1);
        trial.assign(var, value).ok()?;
        let mut provenance = Provenance::new();
        let observer = explaining.then_some(&mut provenance as &mut dyn Observer);
        let end = propagate(ctx.model(), &mut trial, Schedule::Priority, observer).ok()?;
        let Fixpoint::Conflict(conflict) = end else {
            return None;
        };
        let premises = if explaining {
            premises(ctx.model(), ctx.domains(), &trial, &provenance, &conflict)
        } else {
            Vec::new()
        };
        Some((conflict, premises))
    }
}

impl Probing {
    /// The probes without explanations: the state is first propagated to the
    /// fixpoint of every other rule once, then each assumption wakes only the
    /// rules it touches, through one engine reused by every probe. A refuted
    /// value also leaves that fixpoint, so later probes start from what it
    /// implies; passes repeat until none fails, and the state reached is
    /// remembered, so the wake-up its own removals cause costs nothing. A probe
    /// that reaches a whole solution shows every value of it possible, so those
    /// values are not probed. Measured reason (Unequal 9x9 `dx`, 100 IDs, `sieve unequal
    /// rate`): each probe used to wake every rule of the model and make a new
    /// engine; see bench/README, "Probing from a fixpoint".
    fn probe_from_fixpoint(&self, ctx: &mut Context<'_>, flag: StateInt) -> Result<(), Conflict> {
        let settled = self.settled.expect("posted with its flag");
        if ctx.int(settled) == fingerprint(ctx.domains()) {
            return Ok(());
        }
        let model = ctx.model();
        let mut engine = Engine::new(model, Schedule::Priority);
        let mut base = ctx.domains().clone();
        base.set_int(flag, 1);
        if !matches!(
            engine.propagate_all(&mut base, &mut None, 0),
            Ending::Reached
        ) {
            // The state fails without any assumption: the other rules will say so.
            return Ok(());
        }
        let mut trial = base.clone();
        // Solutions some probe reached: a value one of them takes needs no probe.
        let mut solutions: Vec<Vec<Value>> = Vec::new();
        let mut refuted_any = true;
        while refuted_any {
            refuted_any = false;
            // Fewest values first: refuting one of two values fixes the variable,
            // and what that fixes spares later probes.
            let mut open: Vec<VarId> = (self.vars.iter().copied())
                .filter(|&var| base.count(var) >= 2 && !base.is_bounds(var))
                .collect();
            open.sort_by_key(|&var| base.count(var));
            for var in open {
                let values: Vec<Value> = base.iter(var).collect();
                if values.len() < 2 {
                    continue;
                }
                for value in values {
                    let shown = solutions
                        .iter()
                        .any(|solution| solution[var.index()] == value);
                    if shown || !base.contains(var, value) {
                        continue;
                    }
                    trial.copy_from(&base);
                    let ending = engine.decide(&mut trial, &mut None, (var, value, true), None, 0);
                    let conflict = match engine.fixpoint(ending) {
                        Fixpoint::Conflict(conflict) => conflict,
                        _ => {
                            solutions.extend(solution(model, &trial));
                            continue;
                        }
                    };
                    refuted_any = true;
                    let failed = (conflict.rule).map(|rule| model.rule(rule).name().to_string());
                    let sentence = |names: &Names| {
                        refutation(names, (var, value), &conflict, failed.as_deref())
                    };
                    ctx.remove(var, value, &Why::new("probing").named_text(&sentence))?;
                    let ending = engine.decide(&mut base, &mut None, (var, value, false), None, 0);
                    if !matches!(ending, Ending::Reached) {
                        engine.fixpoint(ending);
                        return Ok(());
                    }
                }
            }
        }
        // The other rules bring the state to `base` next; no probe fails there.
        ctx.set_int(settled, fingerprint(&base));
        Ok(())
    }
}

/// The solution `state` holds when every variable has one value and every rule
/// holds there (a probe that reached one has shown each of its values possible).
fn solution(model: &Model, state: &Domains) -> Option<Vec<Value>> {
    let values = state.assignment()?;
    model.first_violated(&values).is_none().then_some(values)
}

/// A state's fingerprint as a reversible integer.
fn fingerprint(state: &Domains) -> i64 {
    state.fingerprint() as i64
}

/// The facts of the state before a probe that its failed propagation rested on:
/// the domains of the failing rule's variables when it failed, traced back
/// through the probe's own removals (`provenance`) to facts that already held
/// `before`.
fn premises(
    model: &Model,
    before: &Domains,
    after: &Domains,
    provenance: &Provenance,
    conflict: &Conflict,
) -> Vec<Fact> {
    let scope: Vec<VarId> = match conflict.rule {
        Some(rule) => (model.rule(rule).watches().iter())
            .map(|watch| watch.var)
            .collect(),
        None => model.vars().collect(),
    };
    let mut at_failure: Vec<Fact> = Vec::new();
    for var in scope.into_iter().chain(conflict.var) {
        let gone = (before.range(var)).filter(|&value| !after.contains(var, value));
        at_failure.extend(gone.map(|value| Fact::IsNot(var, value)));
    }
    let chain = provenance.why_all(&at_failure);
    let used = (chain.iter()).flat_map(|record| record.facts.iter().copied());
    let mut facts: Vec<Fact> = Vec::new();
    for fact in at_failure.iter().copied().chain(used) {
        if holds(before, fact) && !facts.contains(&fact) {
            facts.push(fact);
        }
    }
    facts
}

/// "r3c5 cannot be 4: if it were, cage 12× would fail (r2c5 would have no value
/// left)".
fn refutation(
    names: &Names,
    (var, value): (VarId, Value),
    conflict: &Conflict,
    failed: Option<&str>,
) -> String {
    let name = names.var_name(var);
    let label = names.label_of(var, value);
    let rule = failed.map_or(String::new(), |rule| format!(" in {rule}"));
    let emptied = conflict.var.map_or(String::new(), |emptied| {
        format!(": {} would have no value left", names.var_name(emptied))
    });
    format!("{name} cannot be {label}: if it were, propagation would fail{rule}{emptied}")
}

/// Whether `fact` is already true in `state`.
fn holds(state: &Domains, fact: Fact) -> bool {
    match fact {
        Fact::Is(var, value) => state.value(var) == Some(value),
        Fact::IsNot(var, value) => !state.contains(var, value),
        Fact::AtLeast(var, low) => state.min(var).is_some_and(|min| min >= low),
        Fact::AtMost(var, high) => state.max(var).is_some_and(|max| max <= high),
    }
}

impl Rule for Probing {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Cost::Expensive
    }

    fn post(&mut self, posting: &mut Posting<'_>) -> Result<(), crate::Error> {
        self.inside_probe = Some(posting.int(0));
        self.settled = Some(posting.int(0));
        Ok(())
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let Some(flag) = self.inside_probe else {
            return Ok(());
        };
        if ctx.int(flag) != 0 {
            return Ok(());
        }
        let explaining = ctx.explaining();
        if !explaining {
            return self.probe_from_fixpoint(ctx, flag);
        }
        for &var in &self.vars {
            if ctx.domains().is_bounds(var) {
                continue; // an interval is not probed (see the type docs)
            }
            let values: Vec<Value> = ctx.domains().iter(var).collect();
            if values.len() < 2 {
                continue;
            }
            for value in values {
                let Some((conflict, premises)) = self.refute(ctx, flag, (var, value), explaining)
                else {
                    continue;
                };
                let failed = (conflict.rule).map(|rule| ctx.model().rule(rule).name().to_string());
                let sentence =
                    |names: &Names| refutation(names, (var, value), &conflict, failed.as_deref());
                let why = Why::new("probing").because(&premises).named_text(&sentence);
                ctx.remove(var, value, &why)?;
            }
        }
        Ok(())
    }

    /// Probing adds no meaning: it removes only values no solution has.
    fn holds(&self, _values: &[Value]) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;
    use crate::rules::testing::{Random, candidates, supported};

    /// A random small model: a few all-different and sum rules over 5 variables
    /// of 4 values, some values removed, and probing over every variable.
    fn random_model(random: &mut Random) -> (Model, Vec<VarId>) {
        let mut model = Model::new();
        let vars = model.new_vars(5, 4);
        for index in 0..random.below(3) + 1 {
            let scope: Vec<VarId> = (vars.iter().copied())
                .filter(|_| random.below(2) == 1)
                .collect();
            if scope.len() >= 2 {
                (model.add_rule(AllDifferent::new(format!("different {index}"), scope)))
                    .expect("fits");
            }
        }
        for index in 0..random.below(3) {
            let mut terms: Vec<(i64, VarId)> = Vec::new();
            for &var in &vars {
                if random.below(2) == 1 {
                    terms.push((random.below(3) as i64 + 1, var));
                }
            }
            let rhs = random.below(12) as i64;
            let rule = LinearSum::new(format!("sum {index}"), terms, Relation::Equal, rhs);
            model.add_rule(rule).expect("fits");
        }
        for &var in &vars {
            if random.below(3) == 0 {
                remove_value(&mut model, var, random.below(4) as Value);
            }
        }
        (model, vars)
    }

    /// Takes `value` out of `var`'s start (of four values).
    fn remove_value(model: &mut Model, var: VarId, value: Value) {
        let range = model.range(var).unwrap();
        let kept: ValueSet = range.filter(|&kept| kept != value).collect();
        model.restrict(var, &kept).unwrap();
    }

    #[test]
    fn removes_only_values_without_a_solution_and_every_value_a_probe_refutes() {
        let mut strengthened = 0;
        for case in 0..400 {
            // The same model twice: once plain, once with probing.
            let (plain_model, _) = random_model(&mut Random::new(case));
            let (mut model, vars) = random_model(&mut Random::new(case));
            let mut plain = model.domains();
            let plain_end = propagate(&model, &mut plain, Schedule::Priority, None).unwrap();
            model
                .add_rule(Probing::new("probing", vars.clone()))
                .unwrap();
            let mut probed = model.domains();
            let end = propagate(&model, &mut probed, Schedule::Priority, None).unwrap();
            let Some(support) = supported(&model, &model.domains()) else {
                // No solution: probing may find the conflict; it never invents one.
                continue;
            };
            assert_eq!(
                plain_end,
                Fixpoint::Reached,
                "case {case}: {support:?} {:?}",
                (model
                    .rules()
                    .map(|(_, r)| r.name().to_string())
                    .collect::<Vec<_>>())
            );
            assert_eq!(end, Fixpoint::Reached, "a model with a solution");
            let left = candidates(&model, &probed);
            for (var, values) in support.iter().enumerate() {
                for value in values {
                    assert!(left[var].contains(value), "x{var} = {value} has a solution");
                }
            }
            // Singleton consistency: no value left fails when assumed and
            // propagated by the model's own rules.
            let start = plain_model.domains();
            for &var in &vars {
                for value in probed.iter(var).collect::<Vec<_>>() {
                    let mut trial = start.clone();
                    for other in plain_model.vars() {
                        let kept: ValueSet = probed.iter(other).collect();
                        trial.retain(other, &kept);
                    }
                    trial.assign(var, value).unwrap();
                    let end =
                        propagate(&plain_model, &mut trial, Schedule::Priority, None).unwrap();
                    assert!(!matches!(end, Fixpoint::Conflict(_)), "{var:?} = {value}");
                }
            }
            strengthened += usize::from(probed.total_candidates() < plain.total_candidates());
        }
        assert!(
            strengthened > 20,
            "probing removed more than plain propagation {strengthened} times"
        );
    }

    #[test]
    fn each_removal_names_premises_that_held_before_it() {
        let mut model = Model::new();
        let x = model.new_var(3);
        let y = model.new_var(3);
        let z = model.new_var(3);
        model
            .add_rule(AllDifferent::new("x ≠ y", vec![x, y]))
            .unwrap();
        model
            .add_rule(LinearSum::new(
                "x + y = 2",
                vec![(1, x), (1, y)],
                Relation::Equal,
                2,
            ))
            .unwrap();
        model
            .add_rule(LinearSum::new(
                "x + z = 2",
                vec![(1, x), (1, z)],
                Relation::Equal,
                2,
            ))
            .unwrap();
        model
            .add_rule(Probing::new("probing", vec![x, y, z]))
            .unwrap();
        remove_value(&mut model, z, 0);
        let mut state = model.domains();
        let mut why = Provenance::new();
        let end = propagate(&model, &mut state, Schedule::Priority, Some(&mut why)).unwrap();
        assert_eq!(end, Fixpoint::Reached);
        // z ≠ 0 forces x ≠ 2; then x = 1 fails (y = 1 too), so x = 0, y = 2, z = 2.
        assert_eq!(state.assignment(), Some(vec![0, 2, 2]));
        let probe = (why.records().iter())
            .find(|record| record.inference == "probing")
            .expect("a probing removal");
        assert!(probe.text.contains("cannot be"), "{}", probe.text);
        assert!(probe.text.contains("if it were"), "{}", probe.text);
        // The premises held before the probe: each is the start (z ≠ 0) or was
        // made by an earlier record.
        assert!(!probe.facts.is_empty());
        for &fact in &probe.facts {
            let start_fact = fact == Fact::IsNot(z, 0);
            assert!(
                start_fact || !why.makers(fact, probe.index).is_empty(),
                "{fact:?}"
            );
        }
        let chain = why.why_assigned(x).expect("x was decided by rules");
        assert!(chain.iter().any(|record| record.inference == "probing"));
    }

    #[test]
    fn a_search_with_probing_finds_the_same_solutions() {
        let mut random = Random::new(11);
        for _ in 0..100 {
            let (mut model, vars) = random_model(&mut random);
            let without = Search::new(&model, Config::default())
                .unwrap()
                .count(None)
                .solutions;
            model.add_rule(Probing::new("probing", vars)).unwrap();
            let config = Config {
                schedule: Schedule::Priority,
                ..Config::default()
            };
            let with = Search::new(&model, config).unwrap().count(None).solutions;
            assert_eq!(with, without);
        }
    }
}
