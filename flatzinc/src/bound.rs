//! Branch and bound's one rule: the objective must beat the best solution found
//! so far. The bound lives outside the model (shared with the driver, which
//! tightens it after each solution), so one search runs on and prunes with the
//! bound as it stands; since it only ever tightens, what it removes could only
//! lead to solutions no better than one already found.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

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
