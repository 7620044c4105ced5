//! Reversible rule state: it is saved and restored with the domains under every
//! schedule and restore strategy, a state made for another model over the same
//! variables starts the rules afresh, and an entailed rule is never run again on
//! its branch.

use proptest::prelude::*;
use sieve::prelude::*;
use sieve::{Posting, StateBitset, oracle};

/// Holds always; its action remembers, as a reversible bitset, the candidates of
/// `var` it last saw, and reports a conflict if the domain ever holds a value the
/// memory lacks: which happens exactly when a backtrack restored the domains but not
/// the rule's state.
struct Remember {
    var: VarId,
    size: usize,
    seen: Option<StateBitset>,
}

impl Rule for Remember {
    fn name(&self) -> &str {
        "remember"
    }

    fn watches(&self) -> Vec<Watch> {
        vec![Watch::new(self.var, Events::REMOVED)]
    }

    fn post(&mut self, posting: &mut Posting<'_>) -> Result<(), Error> {
        self.seen = Some(posting.bitset(self.size, true));
        Ok(())
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let seen = self.seen.expect("posted");
        let remembered = ctx.bitset(seen)[0];
        let current = ctx
            .domains()
            .iter(self.var)
            .fold(0u64, |word, value| word | 1 << value);
        if current & !remembered != 0 {
            return Err(ctx.conflict(&Why::new("state ran ahead of the domains")));
        }
        ctx.set_bitset_word(seen, 0, current);
        Ok(())
    }

    fn holds(&self, _values: &[Value]) -> bool {
        true
    }
}

fn configs() -> Vec<Config> {
    let mut configs = Vec::new();
    for schedule in Schedule::ALL {
        for restore in Restore::ALL {
            for var_order in VarOrder::ALL {
                configs.push(Config {
                    schedule,
                    restore,
                    var_order,
                    ..Config::default()
                });
            }
        }
    }
    configs
}

#[test]
fn rule_state_is_restored_with_the_domains() {
    let mut model = Model::new();
    let vars = model.new_vars(4, 4);
    model
        .add_rule(AllDifferent::new("all", vars.clone()))
        .unwrap();
    for &var in &vars {
        model
            .add_rule(Remember {
                var,
                size: 4,
                seen: None,
            })
            .unwrap();
    }
    for config in configs() {
        let count = Search::new(&model, config).unwrap().count(None);
        assert_eq!(count.solutions, 24, "{config:?}");
    }
}

#[test]
fn a_state_of_another_model_starts_the_rules_afresh() {
    // Two models over the same variables; the second has rule state the first lacks.
    let mut plain = Model::new();
    let vars = plain.new_vars(3, 3);
    plain
        .add_rule(AllDifferent::new("all", vars.clone()))
        .unwrap();
    let mut remembering = Model::new();
    let same = remembering.new_vars(3, 3);
    for &var in &same {
        remembering
            .add_rule(Remember {
                var,
                size: 3,
                seen: None,
            })
            .unwrap();
    }
    remembering
        .add_rule(AllDifferent::new("all", same.clone()))
        .unwrap();
    let mut start = plain.domains();
    start.assign(vars[0], 2).unwrap();
    propagate(&plain, &mut start, Schedule::Queue, None).unwrap();
    let count = Search::from_state(&remembering, start.clone(), Config::default())
        .unwrap()
        .count(None);
    assert_eq!(count.solutions, 2);
    let mut search = Search::new(&remembering, Config::default()).unwrap();
    search.restart(&start).unwrap();
    assert_eq!(search.count_in_place(None).solutions, 2);
}

/// Declares itself entailed on its first run, and counts nothing else.
struct EntailedAtOnce {
    vars: Vec<VarId>,
}

impl Rule for EntailedAtOnce {
    fn name(&self) -> &str {
        "entailed at once"
    }

    fn watches(&self) -> Vec<Watch> {
        self.vars
            .iter()
            .map(|&var| Watch::new(var, Events::ANY))
            .collect()
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        ctx.declare_entailed();
        Ok(())
    }

    fn holds(&self, _values: &[Value]) -> bool {
        true
    }
}

#[test]
fn an_entailed_rule_is_neither_woken_nor_run_again_on_its_branch() {
    let mut model = Model::new();
    let vars = model.new_vars(4, 4);
    model
        .add_rule(AllDifferent::new("all", vars.clone()))
        .unwrap();
    let entailed = model.add_rule(EntailedAtOnce { vars }).unwrap();
    for config in configs() {
        let mut stats = Stats::new();
        let count = Search::new(&model, config)
            .unwrap()
            .observe(&mut stats)
            .count(None);
        assert_eq!(count.solutions, 24, "{config:?}");
        let rule = &stats.rules[entailed.index()];
        assert_eq!(rule.calls, 1, "{config:?}: run once, at the root");
        assert_eq!(rule.woken, 0, "{config:?}: never woken after the root");
    }
}

/// Runs a `LinearSum` inside it without forwarding `Rule::post`.
struct Unposted(LinearSum);

impl Rule for Unposted {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn watches(&self) -> Vec<Watch> {
        self.0.watches()
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        self.0.action(ctx)
    }

    fn holds(&self, values: &[Value]) -> bool {
        self.0.holds(values)
    }
}

#[test]
fn a_sum_without_its_state_still_reasons_from_scratch() {
    let mut model = Model::new();
    let vars = model.new_vars(3, 4);
    model
        .add_rule(Unposted(LinearSum::sum_equals("sum", &vars, 7)))
        .unwrap();
    let mut expected = oracle::solutions(&model, &model.domains(), 1_000).unwrap();
    expected.sort();
    for config in configs() {
        let mut found: Vec<Vec<Value>> = Search::new(&model, config)
            .unwrap()
            .map(|solution| solution.values)
            .collect();
        found.sort();
        assert_eq!(found, expected, "{config:?}");
    }
    let mut state = model.domains();
    state.assign(vars[0], 3).unwrap();
    state.assign(vars[1], 3).unwrap();
    propagate(&model, &mut state, Schedule::Queue, None).unwrap();
    assert_eq!(state.value(vars[2]), Some(1));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The incremental `LinearSum` finds exactly the brute-force solutions under
    /// every strategy.
    #[test]
    fn incremental_sums_agree_with_brute_force(
        coefficients in prop::collection::vec(-3i64..=3, 2..5),
        relation in prop::sample::select(vec![Relation::Equal, Relation::AtMost, Relation::AtLeast]),
        rhs in -6i64..=12,
        second_rhs in 0i64..=6,
    ) {
        let mut model = Model::new();
        let vars = model.new_vars(coefficients.len(), 4);
        let terms: Vec<(i64, VarId)> = coefficients.iter().copied().zip(vars.iter().copied()).collect();
        model.add_rule(LinearSum::new("weighted", terms, relation, rhs)).unwrap();
        model.add_rule(LinearSum::new("plain", vars.iter().map(|&v| (1, v)).collect(), Relation::AtLeast, second_rhs)).unwrap();
        let mut expected = oracle::solutions(&model, &model.domains(), 1_000_000).unwrap();
        expected.sort();
        for config in configs() {
            let mut found: Vec<Vec<Value>> = Search::new(&model, config)
                .unwrap()
                .map(|solution| solution.values)
                .collect();
            found.sort();
            prop_assert_eq!(&found, &expected, "{:?}", config);
        }
    }
}
