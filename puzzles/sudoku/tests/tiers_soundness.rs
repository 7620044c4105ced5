//! Every tier's rules against the engine's brute-force oracle
//! ([`sieve::oracle::check_rule`]) on 4×4 and 6×6 grids, from random partial states.
//!
//! A state starts from a random valid solution: some cells are given, and some
//! candidates of the others are removed at random. In *kept* states the solution's
//! value is never removed, so the state has a solution and a rule may neither
//! remove that value nor report a conflict. In *risky* states any candidate may go
//! (never the last one), so states without a solution, and with several, are
//! checked too. Only the rules that change something (or report a conflict) are
//! handed to the oracle: a rule that does nothing is trivially sound.
//!
//! The oracle checks every claim of each rule (soundness, entailment, idempotence,
//! strength), and completeness on full assignments wherever brute force over the
//! rule's scope fits [`COMPLETENESS_BUDGET`]: a fish rule watches every cell, too many
//! for an open 6×6 grid. How many rules had their completeness checked is counted and
//! must not be small.

use sieve::fast::Words;
use std::collections::BTreeMap;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sieve::oracle::Checks;
use sieve::prelude::*;
use sieve::{Event, Flow, RuleId, apply_rule, oracle};
use sieve_sudoku::{Answer, Grid, Shape, SudokuModel, Tier, check_solution};

/// A random valid solution of `shape`: the fast model searched with random values.
fn random_solution(shape: Shape, seed: u64) -> Grid {
    let fast = SudokuModel::fast(shape).expect("the fast model builds");
    let config = Config::default().value_order(ValueOrder::Random { seed });
    let mut solver = sieve_sudoku::Solver::new(&fast, config).expect("a solver");
    match solver
        .solve(&Grid::empty(shape))
        .expect("an empty grid fits")
    {
        Answer::Solved(solution) => {
            check_solution(&Grid::empty(shape), &solution).expect("a valid solution");
            solution
        }
        other => panic!("an empty grid has solutions, got {other:?}"),
    }
}

/// How a random state is cut from a solution.
#[derive(Clone, Copy)]
struct Cut {
    /// Percent of cells given.
    given: u32,
    /// Percent chance that each other candidate is removed.
    removed: u32,
    /// Whether the solution's own value may be removed.
    risky: bool,
}

fn random_state(sudoku: &SudokuModel, solution: &Grid, cut: Cut, rng: &mut ChaCha8Rng) -> Domains {
    let mut state = sudoku.model().domains();
    let size = sudoku.shape().size() as Value;
    for (&var, value) in sudoku.cells().iter().zip(solution.cells()) {
        let value = Value::from(value.expect("a full solution"));
        if rng.random_range(0..100) < cut.given {
            state.assign(var, value).unwrap();
            continue;
        }
        for other in 0..size {
            let protected = other == value && !cut.risky;
            if !protected && state.count(var) > 1 && rng.random_range(0..100) < cut.removed {
                state.remove(var, other).unwrap();
            }
        }
    }
    state
}

/// The inference of the first change a rule makes.
#[derive(Default)]
struct Labels(Option<&'static str>);

impl Observer for Labels {
    fn on_event(&mut self, event: &Event<'_>) -> Flow {
        if let Event::Change(change) = event {
            self.0.get_or_insert(change.inference);
        }
        Flow::Continue
    }
}

/// What rules did on the states checked: inference label and whether it was a
/// conflict, with a count; and, under the label `"completeness checked"`, how many
/// rules the oracle checked for completeness too.
type Acted = BTreeMap<(&'static str, bool), u32>;

/// Assignments of one rule's scope the completeness check may enumerate on a state.
const COMPLETENESS_BUDGET: u64 = 20_000;

/// Every claim of `id` on `state`, with completeness only where its brute force fits
/// [`COMPLETENESS_BUDGET`]; `Ok(true)` when completeness was checked.
fn check_claims(
    sudoku: &SudokuModel,
    state: &Domains,
    id: RuleId,
) -> Result<bool, oracle::Unsound> {
    let checks = Checks {
        scope_budget: COMPLETENESS_BUDGET,
        ..Checks::default()
    };
    match oracle::check_rule_with(sudoku.model(), state, id, checks) {
        Ok(verdict) => verdict.map(|()| true),
        Err(sieve::Error::TooLarge { .. }) => {
            let verdict =
                oracle::check_rule_with(sudoku.model(), state, id, Checks::without_completeness());
            verdict.expect("small enough").map(|()| false)
        }
        Err(error) => panic!("the oracle cannot check the state: {error}"),
    }
}

/// Check every rule that acts on `state`, counting what acted.
fn check_state(sudoku: &SudokuModel, state: &Domains, acted: &mut Acted) {
    for (id, rule) in sudoku.model().rules() {
        let mut after = state.clone();
        let mut labels = Labels::default();
        let end = apply_rule(sudoku.model(), &mut after, id, Some(&mut labels)).expect("fits");
        let outcome = match end {
            Fixpoint::Conflict(conflict) => (conflict.inference, true),
            _ if after != *state => (labels.0.expect("a change has a label"), false),
            _ => continue,
        };
        *acted.entry(outcome).or_default() += 1;
        match check_claims(sudoku, state, id) {
            Ok(true) => *acted.entry(("completeness checked", false)).or_default() += 1,
            Ok(false) => {}
            Err(unsound) => panic!("{} is unsound on {state:?}: {unsound}", rule.name()),
        }
    }
}

/// Every inference that removes candidates, for grids of side 6 and more.
const INFERENCES: [&str; 14] = [
    "naked single",
    "possible values",
    "hidden single",
    "pointing",
    "claiming",
    "naked pair",
    "naked triple",
    "naked quad",
    "hidden pair",
    "hidden triple",
    "hidden quad",
    "x-wing",
    "swordfish",
    "jellyfish",
];

/// Check random states of `shape`, and that every inference in `expected` removed
/// something and that conflicts were met (so the oracle judged real work).
fn check_shape(shape: Shape, seeds: std::ops::Range<u64>, cuts: &[Cut], expected: &[&str]) {
    let sudoku = SudokuModel::with_tier(shape, Tier::Fish).expect("the model builds");
    let mut acted = Acted::new();
    for seed in seeds {
        let solution = random_solution(shape, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for &cut in cuts {
            let state = random_state(&sudoku, &solution, cut, &mut rng);
            check_state(&sudoku, &state, &mut acted);
        }
    }
    for inference in expected {
        assert!(
            acted.contains_key(&(*inference, false)),
            "no rule made a {inference} on {shape}: {acted:?}"
        );
    }
    let complete = acted
        .get(&("completeness checked", false))
        .copied()
        .unwrap_or(0);
    assert!(
        complete >= 100,
        "completeness checked only {complete} times on {shape}"
    );
    assert!(
        acted.keys().any(|&(_, conflict)| conflict),
        "no conflict was ever reported on {shape}: {acted:?}"
    );
}

#[test]
fn every_tier_is_sound_on_4x4() {
    let cuts = [
        Cut {
            given: 25,
            removed: 40,
            risky: false,
        },
        Cut {
            given: 10,
            removed: 50,
            risky: false,
        },
        Cut {
            given: 20,
            removed: 45,
            risky: true,
        },
    ];
    // Sides of 4 have no quads and no jellyfish (a pattern must be smaller than the side).
    let expected: Vec<&str> = (INFERENCES.iter().copied())
        .filter(|inference| !inference.ends_with("quad") && *inference != "jellyfish")
        .collect();
    check_shape(Shape::new(2, 2).unwrap(), 0..200, &cuts, &expected);
}

#[test]
fn every_tier_is_sound_on_6x6() {
    let cuts = [
        Cut {
            given: 45,
            removed: 45,
            risky: false,
        },
        Cut {
            given: 35,
            removed: 60,
            risky: false,
        },
        Cut {
            given: 40,
            removed: 50,
            risky: true,
        },
    ];
    check_shape(Shape::new(2, 3).unwrap(), 0..60, &cuts, &INFERENCES);
}

#[test]
fn the_oracle_catches_a_rule_that_removes_too_much() {
    // The harness is only worth something if it can fail: a rule that removes the
    // first cell's smallest candidate is unsound on a state whose solution uses it.
    struct Greedy(VarId);
    impl Rule for Greedy {
        fn name(&self) -> &str {
            "greedy"
        }
        fn watches(&self) -> Vec<Watch> {
            vec![Watch::new(self.0, Events::REMOVED)]
        }
        fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
            let smallest = ctx.domains().min(self.0).unwrap_or(0);
            ctx.remove(self.0, smallest, &Why::new("greedy"))?;
            Ok(())
        }
        fn holds(&self, _values: &[Value]) -> bool {
            true
        }
    }
    let shape = Shape::new(2, 2).unwrap();
    let mut sudoku = SudokuModel::with_tier(shape, Tier::NakedSingle).unwrap();
    let first = sudoku.cells()[0];
    let greedy = sudoku.model_mut().add_rule(Greedy(first)).unwrap();
    let solution = random_solution(shape, 7);
    let mut puzzle = solution.clone();
    puzzle.set(0, None);
    let mut state = sudoku.start(&puzzle).unwrap();
    // The first cell is open, with the solution's value as its smallest candidate.
    let value = u32::from(solution.get(0).unwrap());
    state.retain_word(first, shape.full_mask() & !((1 << value) - 1));
    let verdict = oracle::check_rule(sudoku.model(), &state, greedy).unwrap();
    assert!(
        matches!(verdict, Err(oracle::Unsound::RemovedSupport { value: v, .. }) if v == value as Value),
        "{verdict:?}"
    );
    assert_eq!(greedy, RuleId::from_index(sudoku.model().num_rules() - 1));
}
