//! The rule against brute force: random automata over shifted ranges, random
//! nonogram clues, chains of runs on the graph the runs before kept (one value
//! taken out between runs, as search and the other rules do), for both ways the
//! graph is read (kept a layer at a time, or swept whole), and the sentences.

use std::ops::RangeInclusive;

use super::shifts::Shifts;
use super::*;
use crate::Model;
use crate::domain::Domains;
use crate::propagation::{Fixpoint, Schedule, propagate};
use crate::rules::testing::{Random, after, assert_sound, candidates, random_case, supported};
use crate::trace::TextTrace;

/// A random deterministic automaton of at most 4 states over the values -3..=5.
fn random_automaton(random: &mut Random) -> Automaton {
    let states = 1 + random.below(4) as usize;
    automaton_of(random, states, -3..=5, 2)
}

/// A random deterministic automaton of `states` states over `values`: about two
/// thirds of the states accepting, each transition there with chance 1 in
/// `sparse`.
fn automaton_of(
    random: &mut Random,
    states: usize,
    values: RangeInclusive<Value>,
    sparse: u64,
) -> Automaton {
    let start = random.below(states as u64) as usize;
    let accepting = (0..states).filter(|_| random.below(3) > 0).collect();
    let mut transitions = Vec::new();
    for from in 0..states {
        for value in values.clone() {
            if random.below(sparse) == 0 {
                transitions.push((from, value, random.below(states as u64) as usize));
            }
        }
    }
    Automaton::new(states, start, accepting, transitions).expect("a valid automaton")
}

/// `state` with some candidates gone at random, every domain left non-empty.
fn narrowed(random: &mut Random, model: &Model, state: &Domains) -> Domains {
    let mut state = state.clone();
    for var in model.vars() {
        let values: Vec<Value> = state.iter(var).collect();
        for &value in &values[1..] {
            if random.below(3) == 0 {
                state.remove(var, value).expect("a value of the variable");
            }
        }
    }
    state
}

/// One run, then a narrowing and a second run on the layers the first kept: both
/// sound and both exactly the supported values.
fn check_twice(random: &mut Random, model: &Model, state: &Domains) {
    assert_sound(model, state);
    let kept = after(model, state);
    assert_eq!(
        kept.as_ref().map(|kept| candidates(model, kept)),
        supported(model, state),
        "{state:?}"
    );
    let Some(kept) = kept else { return };
    let second = narrowed(random, model, &kept);
    assert_sound(model, &second);
    let again = after(model, &second).map(|again| candidates(model, &again));
    assert_eq!(again, supported(model, &second), "{second:?}");
}

/// Runs of the first rule, each on the state the one before left with a value or
/// two taken out, until a conflict or `runs` runs: each sound (the oracle) and
/// keeping exactly the supported values, on the graph the runs before kept.
fn check_chain(random: &mut Random, model: &Model, state: &Domains, runs: usize) {
    let mut state = state.clone();
    for _ in 0..runs {
        assert_sound(model, &state);
        let kept = after(model, &state);
        assert_eq!(
            kept.as_ref().map(|kept| candidates(model, kept)),
            supported(model, &state),
            "{state:?}"
        );
        let Some(kept) = kept else { return };
        state = kept;
        let open: Vec<VarId> = model.vars().filter(|&var| state.count(var) > 1).collect();
        if open.is_empty() {
            return;
        }
        for _ in 0..=random.below(2) {
            let var = open[random.below(open.len() as u64) as usize];
            let values: Vec<Value> = state.iter(var).collect();
            if values.len() > 1 {
                let value = values[random.below(values.len() as u64) as usize];
                state.remove(var, value).expect("a value of the variable");
            }
        }
    }
}

/// How a posted rule reads its graph.
#[derive(Debug, PartialEq, Eq, Hash)]
enum Reading {
    /// Kept between runs, a layer at a time ([`Shifts`]).
    Kept,
    /// Swept whole at every run: more than 64 states, or values that move states
    /// by too many distances.
    Swept,
}

/// The way a rule with `automaton` over `range` reads its graph.
fn reading(automaton: &Automaton, range: RangeInclusive<Value>) -> Reading {
    let span = (range.end() - range.start() + 1) as u32;
    match Shifts::new(automaton, *range.start(), span) {
        Some(_) => Reading::Kept,
        None => Reading::Swept,
    }
}

#[test]
fn chains_of_runs_keep_exactly_the_supported_values_in_every_reading() {
    let mut random = Random::new(13);
    let mut seen = std::collections::HashSet::new();
    for round in 0..900 {
        // Few states (kept, a layer at a time), twelve dense ones (more distances
        // than a layer at a time reads) and seventy (more than a word): swept.
        let states = [1 + random.below(5) as usize, 12, 70][round % 3];
        let sparse = if states == 12 { 1 } else { 2 };
        let automaton = automaton_of(&mut random, states, 0..=2, sparse);
        seen.insert(reading(&automaton, 0..=2));
        let count = 2 + random.below(4) as usize;
        let mut model = Model::new();
        let vars = model.new_vars(count, 3);
        model
            .add_rule(Regular::new("word", vars, automaton))
            .expect("its vars");
        let state = narrowed(&mut random, &model, &model.domains());
        check_chain(&mut random, &model, &state, 8);
    }
    assert_eq!(seen.len(), 2, "both readings tried: {seen:?}");
}

#[test]
fn chains_of_runs_on_clues_and_shifted_ranges_keep_exactly_the_supported_values() {
    let mut random = Random::new(14);
    for round in 0..600 {
        let count = 1 + random.below(7) as usize;
        let (model, state) = if round % 2 == 0 {
            let clue: Vec<usize> = (0..random.below(3))
                .map(|_| 1 + random.below(3) as usize)
                .collect();
            random_case(&mut random, count.min(6), 2, |vars| {
                Regular::new("line", vars, Automaton::runs(&clue, 0, 1).expect("a clue"))
            })
        } else {
            let automaton = random_automaton(&mut random);
            random_case(&mut random, count.min(4), 3, |vars| {
                Regular::new("word", vars, automaton)
            })
        };
        check_chain(&mut random, &model, &state, 8);
    }
}

#[test]
fn values_wider_than_a_word_are_swept_whole_and_exactly() {
    let mut random = Random::new(15);
    for _ in 0..200 {
        let automaton = automaton_of(&mut random, 3, 0..=69, 4);
        let mut model = Model::new();
        let vars = model.new_vars_in(3, 0..=69).expect("a range");
        model
            .add_rule(Regular::new("word", vars.clone(), automaton))
            .expect("its vars");
        // Four values a variable, so that brute force stays small.
        let mut state = model.domains();
        for &var in &vars {
            let keep: Vec<Value> = (0..4).map(|_| random.below(70) as Value).collect();
            for value in 0..=69 {
                if !keep.contains(&value) {
                    state.remove(var, value).expect("a value of the variable");
                }
            }
        }
        check_chain(&mut random, &model, &state, 6);
    }
}

/// Whether every value of `supported` is among `candidates`.
fn keeps_all(candidates: &[Vec<Value>], supported: &[Vec<Value>]) -> bool {
    (candidates.iter().zip(supported)).all(|(left, used)| used.iter().all(|v| left.contains(v)))
}

#[test]
fn a_variable_twice_in_the_word_loses_no_solution() {
    // The graph reads each position on its own, so a variable twice in the word is
    // not pruned to domain consistency; what matters is that no solution is lost,
    // run after run on the kept graph.
    let mut random = Random::new(16);
    for _ in 0..300 {
        let automaton = random_automaton(&mut random);
        let mut model = Model::new();
        let vars = model.new_vars_in(3, -1..=1).expect("a range");
        let word = vec![vars[0], vars[1], vars[0], vars[2]];
        model
            .add_rule(Regular::new("word", word, automaton))
            .expect("its vars");
        let mut state = narrowed(&mut random, &model, &model.domains());
        for _ in 0..4 {
            let used = supported(&model, &state);
            let kept = after(&model, &state);
            match (&kept, &used) {
                (Some(kept), Some(used)) => {
                    assert!(keeps_all(&candidates(&model, kept), used), "{state:?}");
                }
                (None, Some(_)) => panic!("a conflict with solutions left: {state:?}"),
                _ => {}
            }
            let Some(kept) = kept else { break };
            state = narrowed(&mut random, &model, &kept);
        }
    }
}

#[test]
fn random_automata_keep_exactly_the_supported_values() {
    let mut random = Random::new(11);
    for round in 0..1500 {
        // At least one variable: the oracle checks a rule only once its scope is set.
        let count = 1 + random.below(4) as usize;
        let size = 1 + random.below(4) as u32;
        let automaton = random_automaton(&mut random);
        let (model, state) = random_case(&mut random, count, size, |vars| {
            let rule = Regular::new("word", vars, automaton);
            if round % 2 == 0 {
                rule
            } else {
                rule.recompute_layers()
            }
        });
        check_twice(&mut random, &model, &state);
    }
}

#[test]
fn random_clues_keep_exactly_the_supported_values() {
    let mut random = Random::new(12);
    for _ in 0..1000 {
        let count = 1 + random.below(7) as usize;
        let clue: Vec<usize> = (0..random.below(3))
            .map(|_| 1 + random.below(3) as usize)
            .collect();
        let (model, state) = random_case(&mut random, count, 3, |vars| {
            Regular::new("line", vars, Automaton::runs(&clue, 0, 1).expect("a clue"))
        });
        check_twice(&mut random, &model, &state);
    }
}

#[test]
fn a_line_with_runs_over_negative_values() {
    let mut model = Model::new();
    let line = model.new_vars_in(5, -1..=1).expect("a range");
    let runs = Automaton::runs(&[2, 1], -1, 1).expect("a clue");
    model
        .add_rule(Regular::new("line", line.clone(), runs))
        .expect("its vars");
    let mut state = model.domains();
    propagate(&model, &mut state, Schedule::Queue, None).expect("consistent");
    // 0 is neither empty nor filled; the second cell is filled in both arrangements
    // that fit 5 cells with a gap.
    assert!(line.iter().all(|&cell| !state.contains(cell, 0)));
    assert_eq!(state.value(line[1]), Some(1));
}

#[test]
fn no_accepting_state_is_a_conflict() {
    let mut model = Model::new();
    let vars = model.new_vars(2, 2);
    let nothing = Automaton::new(1, 0, vec![], vec![(0, 0, 0), (0, 1, 0)]).expect("valid");
    model
        .add_rule(Regular::new("never", vars, nothing))
        .expect("its vars");
    let mut state = model.domains();
    let fixpoint = propagate(&model, &mut state, Schedule::Queue, None);
    assert!(matches!(fixpoint, Ok(Fixpoint::Conflict(_))));
}

#[test]
fn a_rule_every_word_satisfies_is_entailed() {
    let mut model = Model::new();
    let vars = model.new_vars(3, 2);
    let anything = Automaton::new(1, 0, vec![0], vec![(0, 0, 0), (0, 1, 0)]).expect("valid");
    let rule = model
        .add_rule(Regular::new("any", vars, anything))
        .expect("its vars");
    let mut state = model.domains();
    propagate(&model, &mut state, Schedule::Queue, None).expect("consistent");
    assert!(state.is_entailed(rule));
}

/// The trace of propagating a 5-cell row with clue [3] whose first cell is filled.
fn row_trace(rule: Regular) -> String {
    let mut model = Model::new();
    let row = model.new_vars(5, 2);
    model.set_name(row[3], "r2c4");
    let mut rule = rule;
    rule.vars = row.clone();
    model.add_rule(rule).expect("its vars");
    let mut state = model.domains();
    state.assign(row[0], 1).expect("a value");
    let mut trace = TextTrace::new(&model, Vec::new()).with_wakes(false);
    propagate(&model, &mut state, Schedule::Queue, Some(&mut trace)).expect("consistent");
    String::from_utf8(trace.finish().expect("written")).expect("text")
}

#[test]
fn sentences_speak_of_runs_or_are_the_puzzles() {
    let runs = || Automaton::runs(&[3], 0, 1).expect("a clue");
    let text = row_trace(Regular::new("row 2", Vec::new(), runs()));
    assert!(
        text.contains(
            "r2c4 cannot be filled: no arrangement of the runs 3 that agrees with what is \
             left puts a filled cell there"
        ),
        "{text}"
    );
    let own = Regular::new("row 2", Vec::new(), runs())
        .wording(|names, deduction| format!("{} stays white", names.var_name(deduction.var)));
    assert!(row_trace(own).contains("r2c4 stays white"));
}
