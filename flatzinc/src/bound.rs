//! The two rules that carry what the driver learnt into the search. Branch and
//! bound's rule: the objective must beat the best solution found
//! so far. The bound lives outside the model (shared with the driver, which
//! tightens it after each solution), so one search runs on and prunes with the
//! bound as it stands; since it only ever tightens, what it removes could only
//! lead to solutions no better than one already found.

use std::collections::HashSet;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};

use sieve::{Conflict, Context, Events, Model, Names, Rule, Value, VarId, Watch, Why};

use crate::translate::Sense;

/// `objective < bound` (minimize) or `objective > bound` (maximize).
pub(crate) struct ObjectiveBound {
    objective: VarId,
    sense: Sense,
    bound: Arc<AtomicI64>,
    /// Every variable of the model: the rule runs at every node, so that a
    /// bound tightened since the last run is applied at once.
    every_var: Vec<VarId>,
}

impl ObjectiveBound {
    pub(crate) fn new(
        model: &Model,
        objective: VarId,
        sense: Sense,
        bound: Arc<AtomicI64>,
    ) -> Self {
        ObjectiveBound {
            objective,
            sense,
            bound,
            every_var: model.vars().collect(),
        }
    }
}

impl Rule for ObjectiveBound {
    fn name(&self) -> &str {
        "objective bound"
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.every_var, Events::ANY)
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let bound = self.bound.load(Ordering::Relaxed);
        let text = |names: &Names| {
            let better = match self.sense {
                Sense::Minimize => "below",
                Sense::Maximize => "above",
            };
            format!(
                "{} must be {better} {bound}, the best solution's value so far",
                names.var_name(self.objective)
            )
        };
        let why = Why::new("objective bound").named_text(&text);
        let clamp = |value: i64| value.clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value;
        match self.sense {
            Sense::Minimize if bound != i64::MAX => {
                ctx.remove_above(self.objective, clamp(bound - 1), &why)?;
            }
            Sense::Maximize if bound != i64::MIN => {
                ctx.remove_below(self.objective, clamp(bound + 1), &why)?;
            }
            _ => {}
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let value = i64::from(values[self.objective.index()]);
        let bound = self.bound.load(Ordering::Relaxed);
        match self.sense {
            Sense::Minimize => value < bound,
            Sense::Maximize => value > bound,
        }
    }
}

/// A solution is an assignment of the output variables: once they are all
/// fixed to an assignment already reported, the branch fails, so that the
/// completions of the auxiliary variables below it are not searched again.
/// The set lives outside the model (the driver adds each solution it reports).
pub(crate) struct KnownSolutions {
    shown: Vec<VarId>,
    found: Arc<Mutex<HashSet<Vec<Value>>>>,
    /// Every variable of the model: the rule runs at every node, so that a
    /// solution reported since the last run is excluded at once.
    every_var: Vec<VarId>,
}

impl KnownSolutions {
    pub(crate) fn new(
        model: &Model,
        shown: Vec<VarId>,
        found: Arc<Mutex<HashSet<Vec<Value>>>>,
    ) -> Self {
        KnownSolutions {
            shown,
            found,
            every_var: model.vars().collect(),
        }
    }

    fn known(&self, shown: &[Value]) -> bool {
        let found = self
            .found
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        found.contains(shown)
    }
}

impl Rule for KnownSolutions {
    fn name(&self) -> &str {
        "solutions already reported"
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.every_var, Events::ANY)
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let domains = ctx.domains();
        let shown: Option<Vec<Value>> = self.shown.iter().map(|&var| domains.value(var)).collect();
        match shown {
            Some(shown) if self.known(&shown) => {
                let text = || "the output variables hold a solution already reported".to_string();
                Err(ctx.conflict(&Why::new("solution already reported").text(&text)))
            }
            _ => Ok(()),
        }
    }

    fn holds(&self, values: &[Value]) -> bool {
        let shown: Vec<Value> = self.shown.iter().map(|&var| values[var.index()]).collect();
        !self.known(&shown)
    }
}
