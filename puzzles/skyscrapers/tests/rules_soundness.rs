//! Every rule is sound against brute force (`sieve::oracle`) for N ≤ 5: on
//! random puzzles and random partial states, no rule removes a height that a
//! solution uses, and no rule reports a contradiction when a solution exists.
//!
//! The oracle enumerates assignments with nothing but the rules' `holds`
//! (each checked once every cell it reads has a value). So that it prunes
//! early, the oracle's model also holds a `Differ` constraint per pair of
//! cells in a row or column: it deduces nothing, it only states the Latin
//! rule pair by pair.

use sieve::fast::Words;
use std::collections::BTreeMap;

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sieve::oracle;
use sieve::{
    Conflict, Context, Domains, Event, Events, Fixpoint, Flow, Model, Observer, Rule, RuleId,
    Schedule, Value, VarId, Watch, apply_rule, propagate,
};
use sieve_skyscrapers::latin::random_latin_square;
use sieve_skyscrapers::rules::HeightPlacement;
use sieve_skyscrapers::tiers::{Tier, definition_rules};
use sieve_skyscrapers::{Clues, Grid, Puzzle, Side, SkyscrapersModel};

/// Two cells hold different heights: a meaning without deductions.
struct Differ(VarId, VarId);

impl Rule for Differ {
    fn name(&self) -> &str {
        "differ"
    }

    fn watches(&self) -> Vec<Watch> {
        vec![
            Watch::new(self.0, Events::NONE),
            Watch::new(self.1, Events::NONE),
        ]
    }

    fn action(&self, _ctx: &mut Context<'_>) -> Result<(), Conflict> {
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        values[self.0.index()] != values[self.1.index()]
    }
}

/// A puzzle, the square its clues came from, and a partial state (one mask a cell).
#[derive(Debug)]
struct Case {
    puzzle: Puzzle,
    masks: Vec<u64>,
}

/// A random case of size `size`: clues of a random square, some dropped and
/// sometimes one changed; each cell full, placed, narrowed around the
/// square's height, or narrowed at random (so some states have no solution).
fn random_case(size: usize, seed: u64) -> Case {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let square = random_latin_square(size, &mut rng).expect("sizes 1..=5 are valid");
    let mut clues = Clues::from_solution(&square);
    for side in Side::ALL {
        for clue in clues.side_mut(side) {
            if rng.random_range(0..10) < 4 {
                *clue = None;
            }
        }
    }
    if rng.random_range(0..10) == 0 {
        let side = Side::ALL[rng.random_range(0..4)];
        let index = rng.random_range(0..size);
        clues.side_mut(side)[index] = Some(rng.random_range(1..=size as u8));
    }
    let puzzle = Puzzle::new(size, clues).expect("clues in range");
    let full = (1u64 << size) - 1;
    let masks = square
        .heights()
        .iter()
        .map(|&height| {
            let own = 1u64 << (height - 1);
            match rng.random_range(0..10) {
                0..=2 => full,
                3..=5 => own,
                6..=8 => rng.random_range(0..=full) | own,
                _ => rng.random_range(1..=full),
            }
        })
        .collect();
    Case { puzzle, masks }
}

/// The oracle's model: the definition, every tier's rules, then the `Differ`
/// pairs. Returns the model and how many rules are the crate's.
fn oracle_model(puzzle: &Puzzle) -> (Model, usize) {
    let size = puzzle.size();
    let mut model = Model::new();
    let cells = model.new_vars(size * size, size as u32);
    let mut rules = definition_rules(puzzle, &cells);
    for tier in Tier::ALL {
        rules.extend(tier.rules(puzzle, &cells));
    }
    for height in 0..size as Value {
        rules.push(Box::new(HeightPlacement::new(size, height, cells.clone())));
    }
    let ours = rules.len();
    for rule in rules {
        model.add_boxed(rule).expect("rules name the model's cells");
    }
    for a in 0..size * size {
        for b in a + 1..size * size {
            let same_row = a / size == b / size;
            let same_column = a % size == b % size;
            if same_row || same_column {
                model
                    .add_rule(Differ(cells[a], cells[b]))
                    .expect("cells exist");
            }
        }
    }
    (model, ours)
}

fn start_state(model: &Model, masks: &[u64]) -> Domains {
    let mut state = model.domains();
    for (var, &mask) in model.vars().zip(masks) {
        state.retain_word(var, mask);
    }
    state
}

/// Counts the changes each inference made (to show the tests are not vacuous).
#[derive(Default)]
struct ChangeCounter {
    by_inference: BTreeMap<&'static str, u64>,
}

impl Observer for ChangeCounter {
    fn on_event(&mut self, event: &Event<'_>) -> Flow {
        if let Event::Change(change) = event {
            *self.by_inference.entry(change.inference).or_default() += 1;
        }
        Flow::Continue
    }
}

/// Checks every rule of the crate once on the case's state against the
/// oracle's solutions; `Err` names the first unsound rule.
fn check_case(case: &Case, counter: &mut ChangeCounter) -> Result<(), String> {
    let (model, ours) = oracle_model(&case.puzzle);
    let start = start_state(&model, &case.masks);
    let solutions = oracle::solutions(&model, &start, oracle::DEFAULT_BUDGET)
        .map_err(|error| format!("oracle: {error}"))?;
    for index in 0..ours {
        let rule = RuleId::from_index(index);
        let mut after = start.clone();
        let end = apply_rule(&model, &mut after, rule, Some(counter))
            .map_err(|error| format!("engine: {error}"))?;
        let name = model.rule(rule).name();
        match end {
            Fixpoint::Conflict(_) if !solutions.is_empty() => {
                return Err(format!(
                    "`{name}` reported a conflict, but {:?} is a solution",
                    solutions[0]
                ));
            }
            Fixpoint::Conflict(_) => {}
            Fixpoint::Reached | Fixpoint::Stopped => {
                for solution in &solutions {
                    if let Some(var) = model
                        .vars()
                        .find(|&var| !after.contains(var, solution[var.index()]))
                    {
                        return Err(format!(
                            "`{name}` removed {} from {var}, but {solution:?} uses it",
                            solution[var.index()] + 1
                        ));
                    }
                }
            }
        }
    }
    Ok(())
}

/// Every tier's propagation to a fixpoint (and the fast solving model's)
/// keeps every solution, and finds a contradiction only when there is none.
fn check_tiers(case: &Case) -> Result<(), String> {
    let (oracle_model, _) = oracle_model(&case.puzzle);
    let solutions = oracle::solutions(
        &oracle_model,
        &start_state(&oracle_model, &case.masks),
        oracle::DEFAULT_BUDGET,
    )
    .map_err(|error| format!("oracle: {error}"))?;
    let models = Tier::ALL
        .into_iter()
        .map(|tier| SkyscrapersModel::new(&case.puzzle, tier))
        .chain(std::iter::once(SkyscrapersModel::fast(&case.puzzle)));
    for sky in models {
        let sky = sky.map_err(|e| e.to_string())?;
        let tier = sky.tier();
        let mut state = start_state(sky.model(), &case.masks);
        let end = propagate(sky.model(), &mut state, Schedule::Priority, None)
            .map_err(|error| error.to_string())?;
        // The cells come first in every model (the fast one has position
        // variables after them), so a solution of the oracle indexes them.
        let kept = |solution: &Vec<Value>| {
            sky.cells()
                .iter()
                .all(|&var| state.contains(var, solution[var.index()]))
        };
        let sound = match end {
            Fixpoint::Conflict(_) => solutions.is_empty(),
            _ => solutions.iter().all(kept),
        };
        if !sound {
            return Err(format!("tier {tier} lost a solution of {:?}", case.puzzle));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_rule_is_sound_for_n_up_to_5(size in 1usize..=5, seed in any::<u64>()) {
        let case = random_case(size, seed);
        let mut counter = ChangeCounter::default();
        prop_assert_eq!(check_case(&case, &mut counter), Ok(()), "{:?}", case);
    }

    #[test]
    fn every_tier_keeps_every_solution(size in 1usize..=5, seed in any::<u64>()) {
        let case = random_case(size, seed);
        prop_assert_eq!(check_tiers(&case), Ok(()), "{:?}", case);
    }
}

/// Over a fixed set of cases, every inference of every tier removes something
/// at least once (so the soundness checks above have something to check),
/// and every removal is sound.
#[test]
fn every_inference_acts_and_stays_sound() {
    let mut counter = ChangeCounter::default();
    for seed in 0..300 {
        let size = 3 + (seed % 3) as usize;
        let case = random_case(size, seed);
        assert_eq!(check_case(&case, &mut counter), Ok(()), "seed {seed}");
    }
    let expected = [
        "edge rule 1",
        "edge rule 2",
        "viewpoint rule 1",
        "viewpoint rule 2",
        "viewpoint rule 3",
        "viewpoint rule 4",
        "viewpoint rule 5",
        "all different",
        "hidden single",
        "line arrangements",
        "height placement",
    ];
    for inference in expected {
        let changes = counter.by_inference.get(inference).copied().unwrap_or(0);
        assert!(
            changes > 0,
            "{inference} never acted: {:?}",
            counter.by_inference
        );
    }
}

/// The soundness harness itself catches a wrong rule: one that claims clue
/// 1 puts the *shortest* building next to it.
#[test]
fn the_harness_catches_an_unsound_rule() {
    struct ShortestFirst(VarId);
    impl Rule for ShortestFirst {
        fn name(&self) -> &str {
            "shortest first"
        }
        fn watches(&self) -> Vec<Watch> {
            vec![Watch::new(self.0, Events::NONE)]
        }
        fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
            ctx.assign(self.0, 0, &sieve::Why::new("wrong"))?;
            Ok(())
        }
        fn holds(&self, _values: &[Value]) -> bool {
            true
        }
    }
    let puzzle = Puzzle::new(3, {
        let mut clues = Clues::empty(3);
        clues.left[0] = Some(1);
        clues
    })
    .expect("a valid puzzle");
    let (mut model, _) = oracle_model(&puzzle);
    let wrong = model
        .add_rule(ShortestFirst(VarId::from_index(0)))
        .expect("cell 0 exists");
    let verdict = oracle::check_rule(&model, &model.domains(), wrong).expect("small enough");
    assert!(verdict.is_err(), "the oracle must reject the wrong rule");
    let square = Grid::new(3, vec![3, 1, 2, 1, 2, 3, 2, 3, 1]).expect("a 3×3 grid");
    assert_eq!(sieve_skyscrapers::check(&puzzle, &square), Ok(()));
}
