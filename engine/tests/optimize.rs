//! Branch and bound (`Search::minimize` / `maximize`) and projected enumeration
//! (`Search::distinct_on`) against brute force on small random models, under
//! every strategy combination of the engine.

mod common;

use std::collections::HashSet;

use proptest::prelude::*;
use sieve::oracle;
use sieve::prelude::*;

/// A random small model: variables of a few values, and a few rules among
/// comparisons, all-different and a weighted sum, over random variables.
#[derive(Clone, Debug)]
struct Recipe {
    size: u32,
    vars: usize,
    rules: Vec<(u8, usize, usize, usize, i64)>,
}

fn recipe() -> impl Strategy<Value = Recipe> {
    (2u32..=4, 3usize..=5).prop_flat_map(|(size, vars)| {
        let rule = (0u8..4, 0..vars, 0..vars, 0..vars, 0i64..=(3 * size as i64));
        prop::collection::vec(rule, 1..=4).prop_map(move |rules| Recipe { size, vars, rules })
    })
}

fn build(recipe: &Recipe) -> (Model, Vec<VarId>) {
    let mut model = Model::new();
    let vars = model.new_vars(recipe.vars, recipe.size);
    for (index, &(kind, a, b, c, rhs)) in recipe.rules.iter().enumerate() {
        let name = format!("rule {index}");
        let (a, b, c) = (vars[a], vars[b], vars[c]);
        let result = match kind {
            0 if a != b => model.add_rule(Compare::new(name, a, Comparison::NotEqual, b)),
            1 if a != b => model.add_rule(Compare::new(name, a, Comparison::LessThan, b)),
            2 if a != b && b != c && a != c => {
                model.add_rule(AllDifferent::new(name, vec![a, b, c]))
            }
            _ => model.add_rule(LinearSum::new(
                name,
                vec![(2, a), (1, b), (1, c)],
                Relation::AtLeast,
                rhs,
            )),
        };
        result.expect("the rule fits the model");
    }
    (model, vars)
}

fn every_solution(model: &Model) -> Vec<Vec<Value>> {
    oracle::solutions(model, &model.domains(), 1_000_000).expect("small enough")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn branch_and_bound_finds_the_brute_force_optimum(recipe in recipe(), pick in 0usize..5, maximize in any::<bool>()) {
        let (model, vars) = build(&recipe);
        let objective_var = vars[pick % vars.len()];
        let objective = if maximize {
            Objective::Maximize(objective_var)
        } else {
            Objective::Minimize(objective_var)
        };
        let solutions = every_solution(&model);
        let values = solutions.iter().map(|s| s[objective_var.index()]);
        let optimum = if maximize { values.max() } else { values.min() };
        for config in common::all_configs() {
            let mut search = Search::new(&model, config).unwrap().with_objective(objective).unwrap();
            let mut last: Option<Value> = None;
            let mut improvements = 0;
            while let Some(solution) = search.next_solution() {
                prop_assert!(solutions.contains(&solution.values), "{config:?}: not a solution");
                let value = solution.value(objective_var);
                if let Some(best) = last {
                    prop_assert!(objective.improves(value, best), "{config:?}: {value} after {best}");
                }
                last = Some(value);
                improvements += 1;
            }
            prop_assert_eq!(search.stop_reason(), None);
            prop_assert_eq!(last, optimum, "{:?}", config);
            prop_assert_eq!(search.best(), optimum);
            prop_assert_eq!(search.counters().solutions, improvements);
        }
        let optimum_run = Search::new(&model, Config::default()).unwrap()
            .with_objective(objective).unwrap()
            .optimize();
        prop_assert!(optimum_run.is_proven());
        prop_assert_eq!(optimum_run.value, optimum);
        // A projection beside an objective only orders the decisions: the
        // completions of a projected assignment may still improve.
        let projected = Search::new(&model, Config::default()).unwrap()
            .with_objective(objective).unwrap()
            .distinct_on(&vars[..1]).unwrap()
            .optimize();
        prop_assert_eq!(projected.value, optimum);
    }

    #[test]
    fn distinct_on_reports_each_projection_once(recipe in recipe(), mask in 1u32..32) {
        let (model, vars) = build(&recipe);
        let projected: Vec<VarId> = (vars.iter().enumerate())
            .filter(|(index, _)| mask & (1 << index) != 0)
            .map(|(_, &var)| var)
            .collect();
        prop_assume!(!projected.is_empty());
        let project = |values: &[Value]| -> Vec<Value> {
            projected.iter().map(|var| values[var.index()]).collect()
        };
        let solutions = every_solution(&model);
        let expected: HashSet<Vec<Value>> = solutions.iter().map(|s| project(s)).collect();
        for config in common::all_configs() {
            let search = Search::new(&model, config).unwrap().distinct_on(&projected).unwrap();
            let mut seen = HashSet::new();
            for solution in search {
                prop_assert!(solutions.contains(&solution.values), "{config:?}: not a solution");
                prop_assert!(seen.insert(project(&solution.values)), "{config:?}: reported twice");
            }
            prop_assert_eq!(&seen, &expected, "{:?}", config);
        }
    }
}

/// A user's brancher that picks the variables outside the projection first:
/// the search still decides the projected ones first, so nothing repeats.
#[test]
fn distinct_on_overrides_a_brancher_that_prefers_other_variables() {
    use sieve::branch::{BranchState, Brancher};
    struct LastFirst;
    impl Brancher for LastFirst {
        fn select_var(&mut self, state: &BranchState<'_>) -> Option<VarId> {
            state.unassigned().last()
        }
        fn select_value(&mut self, state: &BranchState<'_>, var: VarId) -> Value {
            state.domains().min(var).expect("open")
        }
    }
    let mut model = Model::new();
    let cells = model.new_vars(4, 4);
    model
        .add_rule(AllDifferent::new("all", cells.clone()))
        .unwrap();
    let search = Search::new(&model, Config::default())
        .unwrap()
        .with_brancher(Box::new(LastFirst))
        .distinct_on(&cells[..2])
        .unwrap();
    let firsts: Vec<(Value, Value)> = search.map(|s| (s.values[0], s.values[1])).collect();
    let distinct: HashSet<_> = firsts.iter().collect();
    assert_eq!(firsts.len(), 12, "{firsts:?}");
    assert_eq!(distinct.len(), 12);
}

/// The best value survives backtracking and a restart forgets it.
#[test]
fn restart_forgets_the_best_value() {
    let mut model = Model::new();
    let x = model.new_var(5);
    let mut search = Search::new(&model, Config::default())
        .unwrap()
        .maximize(x)
        .unwrap();
    assert_eq!(search.optimize().value, Some(4));
    let start = model.domains();
    search.restart(&start).unwrap();
    assert_eq!(search.best(), None);
    let optimum = search.optimize();
    assert_eq!((optimum.value, optimum.improvements), (Some(4), 5));
}

#[test]
fn an_objective_outside_the_model_is_an_error() {
    let mut model = Model::new();
    let _ = model.new_var(2);
    let mut other = Model::new();
    let far = other.new_vars(3, 2)[2];
    let error = Search::new(&model, Config::default())
        .unwrap()
        .minimize(far)
        .err();
    assert!(matches!(
        error,
        Some(Error::NoSuchVariable { var: 2, vars: 1 })
    ));
}
