//! The rule against brute force: random automata over shifted ranges, random
//! nonogram clues, a second run on the layers a first run kept, and the sentences.

use super::*;
use crate::Model;
use crate::domain::Domains;
use crate::propagation::{Fixpoint, Schedule, propagate};
use crate::rules::testing::{Random, after, assert_sound, candidates, random_case, supported};
use crate::trace::TextTrace;

/// A random deterministic automaton of at most 4 states over the values -3..=5.
fn random_automaton(random: &mut Random) -> Automaton {
    let states = 1 + random.below(4) as usize;
    let start = random.below(states as u64) as usize;
    let accepting = (0..states).filter(|_| random.below(3) > 0).collect();
    let mut transitions = Vec::new();
    for from in 0..states {
        for value in -3..=5 {
            if random.below(2) == 1 {
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
