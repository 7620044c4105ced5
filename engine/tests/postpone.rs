//! A rule that postpones its costly part (`Context::postpone_while_busy`) still
//! reaches the same fixpoint under every schedule; under the priority schedule
//! its costly part runs once, after every cheaper rule is quiet.

use std::sync::{Arc, Mutex};

use sieve::prelude::*;

/// Removes from `to` every value above the largest of `from`: cheap, and one
/// link of a chain that narrows step by step.
struct CapBy {
    from: VarId,
    to: VarId,
}

impl Rule for CapBy {
    fn name(&self) -> &str {
        "cap"
    }
    fn watches(&self) -> Vec<Watch> {
        vec![Watch::new(self.from, Events::REMOVED)]
    }
    fn cost(&self) -> Cost {
        Cost::Constant
    }
    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let Some(max) = ctx.domains().max(self.from) else {
            return Ok(());
        };
        ctx.remove_above(self.to, max, &Why::new("cap"))?;
        Ok(())
    }
    fn holds(&self, values: &[Value]) -> bool {
        values[self.to.index()] <= values[self.from.index()]
    }
}

/// Caps `target` by the largest of `last`, postponing when it may; records
/// the largest value of `last` each time it does the work.
struct Late {
    last: VarId,
    target: VarId,
    worked_at: Arc<Mutex<Vec<Value>>>,
}

impl Rule for Late {
    fn name(&self) -> &str {
        "late"
    }
    fn watches(&self) -> Vec<Watch> {
        vec![Watch::new(self.last, Events::REMOVED)]
    }
    fn cost(&self) -> Cost {
        Cost::Quadratic
    }
    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if ctx.postpone_while_busy() {
            return Ok(());
        }
        let Some(max) = ctx.domains().max(self.last) else {
            return Ok(());
        };
        self.worked_at.lock().unwrap().push(max);
        ctx.remove_above(self.target, max, &Why::new("late"))?;
        Ok(())
    }
    fn holds(&self, values: &[Value]) -> bool {
        values[self.target.index()] <= values[self.last.index()]
    }
}

#[test]
fn a_postponed_part_runs_once_the_cheaper_rules_are_quiet_and_the_fixpoint_holds() {
    for schedule in Schedule::ALL {
        let mut model = Model::new();
        let chain = model.new_vars(6, 10);
        let target = model.new_var(10);
        let worked_at = Arc::new(Mutex::new(Vec::new()));
        // The late rule is added first, so it is the first to run.
        let late = Late {
            last: chain[5],
            target,
            worked_at: Arc::clone(&worked_at),
        };
        model.add_rule(late).unwrap();
        for pair in chain.windows(2) {
            model
                .add_rule(CapBy {
                    from: pair[0],
                    to: pair[1],
                })
                .unwrap();
        }
        let mut state = model.domains();
        state.retain(chain[0], &ValueSet::range(0..4));
        let end = propagate(&model, &mut state, schedule, None).unwrap();
        assert_eq!(end, Fixpoint::Reached, "{schedule:?}");
        assert_eq!(
            state.max(target),
            Some(3),
            "{schedule:?}: the same fixpoint"
        );
        let worked_at = worked_at.lock().unwrap();
        if schedule == Schedule::Priority {
            assert_eq!(*worked_at, [3], "one run, once the chain had settled");
        } else {
            assert_eq!(worked_at.first(), Some(&9), "{schedule:?}: at once");
        }
    }
}
