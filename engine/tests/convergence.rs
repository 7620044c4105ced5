//! Rule sets that fight each other cannot make propagation or search hang: the
//! `Context` can only remove values, so every fight ends, at the latest, in a
//! conflict that names the rule that emptied a domain.

use sieve::prelude::*;

/// Wants `x` to be `target`: each time it runs it removes every other value.
struct Insist {
    name: &'static str,
    x: VarId,
    target: Value,
}

impl Rule for Insist {
    fn name(&self) -> &str {
        self.name
    }
    fn watches(&self) -> Vec<Watch> {
        vec![Watch::new(self.x, Events::REMOVED)]
    }
    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let why = Why::new("insist");
        ctx.assign(self.x, self.target, &why)?;
        Ok(())
    }
    fn holds(&self, values: &[Value]) -> bool {
        values[self.x.index()] == self.target
    }
}

#[test]
fn rules_that_undo_each_other_end_in_a_conflict_naming_one_of_them() {
    for schedule in Schedule::ALL {
        let mut model = Model::new();
        let x = model.new_var(1000);
        for (name, target) in [("wants 1", 1), ("wants 2", 2)] {
            model.add_rule(Insist { name, x, target }).unwrap();
        }
        let mut state = model.domains();
        let end = propagate(&model, &mut state, schedule, None).unwrap();
        let Fixpoint::Conflict(conflict) = end else {
            panic!("{schedule:?}: expected a conflict, got {end:?}");
        };
        let rule = model.rule(conflict.rule.expect("a rule found it"));
        assert!(rule.name().starts_with("wants"), "{schedule:?}");
        assert_eq!(conflict.var, Some(x));
        // Search over it ends too, with no solution.
        let count = Search::new(&model, Config::default().schedule(schedule))
            .unwrap()
            .count(None);
        assert_eq!(count.solutions, 0);
        assert!(count.is_exact());
    }
}
