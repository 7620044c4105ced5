//! `WordChanges::remove_word_each` does exactly what a loop of `remove_word` does:
//! the same solutions, counters and events under every schedule and restore, with
//! and without an observer.

use sieve::RuleStats;
use sieve::fast::{WordChanges, Words};
use sieve::prelude::*;

/// Once `own` is placed on value v, no other variable may take v or a value next to
/// it (a one-dimensional queens-like rule), cleared in bulk or one variable at a time.
struct Neighbours {
    own: VarId,
    others: Vec<VarId>,
    bulk: bool,
}

impl Rule for Neighbours {
    fn name(&self) -> &str {
        "neighbours"
    }

    fn watches(&self) -> Vec<Watch> {
        let mut watches = vec![Watch::new(self.own, Events::ASSIGNED)];
        watches.extend(self.others.iter().map(|&var| Watch::new(var, Events::NONE)));
        watches
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let Some(value) = ctx.domains().value(self.own) else {
            return Ok(());
        };
        let why = Why::new("neighbours");
        let mask = 0b111u64 << value >> 1;
        let removals = self.others.iter().map(|&var| (var, mask));
        if self.bulk {
            ctx.remove_word_each(removals, &why)
        } else {
            for (var, mask) in removals {
                ctx.remove_word(var, mask, &why)?;
            }
            Ok(())
        }
    }

    fn holds(&self, values: &[Value]) -> bool {
        let own = values[self.own.index()];
        self.others
            .iter()
            .all(|&other| values[other.index()].abs_diff(own) > 1)
    }
}

fn model(bulk: bool) -> Model {
    let mut model = Model::new();
    let vars = model.new_vars(4, 9);
    for &own in &vars {
        let others = vars.iter().copied().filter(|&var| var != own).collect();
        model.add_rule(Neighbours { own, others, bulk }).unwrap();
    }
    model
}

/// The solutions, the counters and, when observed, every rule's counters.
fn run(
    model: &Model,
    config: &Config,
    observe: bool,
) -> (Vec<Vec<Value>>, Counters, Vec<RuleStats>) {
    let mut stats = Stats::default();
    let mut search = Search::new(model, *config).unwrap();
    if observe {
        search = search.observe(&mut stats);
    }
    let mut solutions = Vec::new();
    while let Some(values) = search.next_values() {
        solutions.push(values.to_vec());
    }
    let counters = search.counters();
    drop(search);
    (solutions, counters, stats.rules)
}

#[test]
fn bulk_removal_matches_one_removal_at_a_time() {
    let (bulk, single) = (model(true), model(false));
    for schedule in Schedule::ALL {
        for restore in Restore::ALL {
            let config = Config::default().schedule(schedule).restore(restore);
            for observe in [false, true] {
                let expected = run(&single, &config, observe);
                assert!(!expected.0.is_empty(), "the model has solutions");
                assert_eq!(expected.2.is_empty(), !observe, "stats only when observed");
                assert_eq!(run(&bulk, &config, observe), expected, "{config:?}");
            }
        }
    }
}

#[test]
fn bulk_removal_reports_the_emptied_variable() {
    let model = model(true);
    let mut state = model.domains();
    // x0 = 4 clears 3..=5 from x1, which holds nothing else.
    state.assign(VarId::from_index(0), 4).unwrap();
    state.retain_word(VarId::from_index(1), 0b11_1000);
    match propagate(&model, &mut state, Schedule::Queue, None).unwrap() {
        Fixpoint::Conflict(conflict) => {
            assert_eq!(conflict.var, Some(VarId::from_index(1)));
            assert_eq!(conflict.rule, Some(RuleId::first()));
            assert_eq!(conflict.inference, "neighbours");
        }
        other => panic!("expected a conflict, got {other:?}"),
    }
}
