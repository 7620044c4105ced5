//! The rule against brute force: random automata over shifted ranges, random
//! nonogram clues, chains of runs on the graph the runs before kept (one value
//! taken out between runs, as search and the other rules do), for every way the
//! graph is read (kept a word a layer, kept unfolded, or swept whole), searches
//! over automata of more than 64 states under every strategy, and the sentences.

use std::ops::RangeInclusive;

use super::runs::{self, Allowed};
use super::shifts::Shifts;
use super::*;
use crate::Model;
use crate::domain::Domains;
use crate::domain::low_mask;
use crate::propagation::{Fixpoint, Schedule, propagate};
use crate::rules::testing::{
    Random, after, assert_every_search_finds, assert_sound, candidates, random_case, supported,
};
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
    /// Kept between runs, a word a layer ([`Shifts`]).
    Kept,
    /// Kept between runs, unfolded over the positions: more than 64 states, or
    /// values that move states by too many distances.
    Unfolded,
    /// Swept whole at every run ([`Regular::recompute_layers`]).
    Swept,
}

/// The way a rule with `automaton` over `range` reads its graph, when it keeps
/// its layers.
fn reading(automaton: &Automaton, range: RangeInclusive<Value>) -> Reading {
    let span = (range.end() - range.start() + 1) as u32;
    match Shifts::new(automaton, *range.start(), span) {
        Some(_) => Reading::Kept,
        None if span <= 64 => Reading::Unfolded,
        None => Reading::Swept,
    }
}

/// The automaton over 0..=2 of the words with `zeros` 0s and `ones` 1s among
/// their first `length` values: a state for each pair of counts so far, as
/// Binairo's lines count theirs ((length + 1)² states, more than 64 from 7 on).
fn counting(length: usize, zeros: usize, ones: usize) -> Automaton {
    let state = |zeros: usize, ones: usize| zeros * (length + 1) + ones;
    let mut transitions = Vec::new();
    for seen_zeros in 0..=length {
        for seen_ones in 0..=length - seen_zeros {
            let from = state(seen_zeros, seen_ones);
            transitions.push((from, 2, from));
            if seen_zeros + seen_ones < length {
                transitions.push((from, 0, state(seen_zeros + 1, seen_ones)));
                transitions.push((from, 1, state(seen_zeros, seen_ones + 1)));
            }
        }
    }
    let states = (length + 1) * (length + 1);
    Automaton::new(states, 0, vec![state(zeros, ones)], transitions).expect("valid")
}

#[test]
fn chains_of_runs_keep_exactly_the_supported_values_in_every_reading() {
    let mut random = Random::new(13);
    let mut seen = std::collections::HashSet::new();
    for round in 0..1200 {
        // Few states (a word a layer), twelve dense ones (more distances than a
        // word a layer reads), seventy (more than a word) and a counting
        // automaton of 81 (unfolded); every fourth round swept whole.
        let automaton = match round % 4 {
            0 => {
                let states = 1 + random.below(5) as usize;
                automaton_of(&mut random, states, 0..=2, 2)
            }
            1 => automaton_of(&mut random, 12, 0..=2, 1),
            2 => automaton_of(&mut random, 70, 0..=2, 2),
            _ => counting(8, random.below(4) as usize, random.below(4) as usize),
        };
        let swept = round % 8 == 7 || round % 8 == 2;
        seen.insert(match swept {
            true => Reading::Swept,
            false => reading(&automaton, 0..=2),
        });
        let count = 2 + random.below(6) as usize;
        let mut model = Model::new();
        let vars = model.new_vars(count, 3);
        let rule = Regular::new("word", vars, automaton);
        let rule = if swept {
            rule.recompute_layers()
        } else {
            rule.unfold_always()
        };
        model.add_rule(rule).expect("its vars");
        let state = narrowed(&mut random, &model, &model.domains());
        check_chain(&mut random, &model, &state, 8);
    }
    assert_eq!(seen.len(), 3, "every reading tried: {seen:?}");
}

/// Every word of `count` values below 3, as numbers in base 3.
fn words(count: usize) -> impl Iterator<Item = Vec<Value>> {
    (0..3u32.pow(count as u32)).map(move |number| {
        (0..count)
            .map(|place| (number / 3u32.pow(place as u32) % 3) as Value)
            .collect()
    })
}

#[test]
fn searches_over_large_automata_find_every_accepted_word_under_every_strategy() {
    // Rules over the same variables, one reading them backwards, so that each
    // run starts from a graph the other rules' removals and the search's
    // decisions have narrowed, and backtracking restores it.
    let mut random = Random::new(17);
    let mut found_some = 0;
    for round in 0..40 {
        let count = 5 + random.below(3) as usize;
        let (states, other_states) = (70 + random.below(60), 65 + random.below(30));
        let first = match round % 2 {
            0 => automaton_of(&mut random, states as usize, 0..=2, 2),
            _ => counting(9, random.below(4) as usize, random.below(4) as usize),
        };
        let second = automaton_of(&mut random, other_states as usize, 0..=2, 1);
        assert_eq!(reading(&first, 0..=2), Reading::Unfolded);
        assert_eq!(reading(&second, 0..=2), Reading::Unfolded);
        let mut model = Model::new();
        let vars = model.new_vars(count, 3);
        let backwards: Vec<VarId> = vars.iter().rev().copied().collect();
        // A copy of the first automaton over the word turned by one: the first
        // rule sweeps, the second unfolds the graph (shared by any third), and
        // keeps its own live states.
        let mut turned = vars.clone();
        turned.rotate_left(1);
        let expected: Vec<Vec<Value>> = words(count)
            .filter(|word| {
                let reversed: Vec<Value> = word.iter().rev().copied().collect();
                let mut rotated = word.clone();
                rotated.rotate_left(1);
                first.accepts(word) && second.accepts(&reversed) && first.accepts(&rotated)
            })
            .collect();
        found_some += usize::from(!expected.is_empty());
        model
            .add_rule(Regular::new("forwards", vars, first.clone()))
            .expect("its vars");
        model
            .add_rule(Regular::new("turned", turned, first))
            .expect("its vars");
        model
            .add_rule(Regular::new("backwards", backwards, second).unfold_always())
            .expect("its vars");
        assert_every_search_finds(&model, &expected, &format!("round {round}"));
    }
    assert!(found_some >= 5, "only {found_some} cases with solutions");
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

/// The cells some arrangement of `clue` over `count` cells fills and those some
/// leaves empty, by listing every word that agrees with `fill` and `empty` and
/// asking the clue's automaton; `None` when it accepts none.
fn allowed_by_brute_force(clue: &[usize], count: u32, fill: u64, empty: u64) -> Option<Allowed> {
    let automaton = Automaton::runs(clue, 0, 1).expect("a clue");
    let mut allowed = Allowed { fill: 0, empty: 0 };
    let mut any = false;
    for word in 0..1u64 << count {
        let agrees = word & !fill == 0 && !word & !empty & low_mask(count) == 0;
        let values: Vec<Value> = (0..count).map(|cell| (word >> cell & 1) as Value).collect();
        if agrees && automaton.accepts(&values) {
            any = true;
            allowed.fill |= word;
            allowed.empty |= !word & low_mask(count);
        }
    }
    any.then_some(allowed)
}

/// A random clue of up to four runs of 1 to 4.
fn random_clue(random: &mut Random) -> Vec<usize> {
    (0..random.below(5))
        .map(|_| 1 + random.below(4) as usize)
        .collect()
}

#[test]
fn the_runs_a_bit_a_cell_allow_exactly_what_the_automaton_accepts() {
    let mut random = Random::new(18);
    let mut conflicts = 0;
    for _ in 0..4000 {
        let count = 1 + random.below(11) as u32;
        let clue = random_clue(&mut random);
        // Most cells open, some fixed either way, a few with neither value.
        let (mut fill, mut empty) = (0, 0);
        for cell in 0..count {
            match random.below(8) {
                0 => fill |= 1 << cell,
                1 => empty |= 1 << cell,
                2 if random.below(4) == 0 => {}
                _ => {
                    fill |= 1 << cell;
                    empty |= 1 << cell;
                }
            }
        }
        let lengths: Vec<u32> = clue.iter().map(|&length| length as u32).collect();
        let expected = allowed_by_brute_force(&clue, count, fill, empty);
        conflicts += usize::from(expected.is_none());
        assert_eq!(
            runs::allowed(&lengths, count, fill, empty),
            expected,
            "{clue:?} over {count}: fill {fill:b} empty {empty:b}"
        );
    }
    assert!((400..3600).contains(&conflicts), "{conflicts} conflicts");
}

/// The clue of a random picture on a line of `count` cells (0 empty, 1 filled),
/// about two cells in five filled, and the picture.
fn long_line(random: &mut Random, count: usize) -> (Vec<usize>, Vec<Value>) {
    let picture: Vec<Value> = (0..count)
        .map(|_| Value::from(random.below(5) < 2))
        .collect();
    let mut clue = Vec::new();
    let mut run = 0;
    for &cell in picture.iter().chain([0].iter()) {
        if cell == 1 {
            run += 1;
        } else if run > 0 {
            clue.push(run);
            run = 0;
        }
    }
    (clue, picture)
}

#[test]
fn long_lines_read_a_bit_a_cell_keep_what_the_swept_graph_keeps() {
    // Lines too long for brute force, up to the longest read a bit a cell:
    // the swept graph is domain consistent (the tests above), so both must
    // keep the same values, run after run.
    let mut random = Random::new(19);
    for round in 0..300 {
        let count = 20 + random.below(44) as usize;
        let (clue, picture) = long_line(&mut random, count);
        let mut models = Vec::new();
        for swept in [false, true] {
            let mut model = Model::new();
            let vars = model.new_vars(count, 2);
            let rule = Regular::new("line", vars, Automaton::runs(&clue, 0, 1).expect("a clue"));
            let rule = if swept { rule.recompute_layers() } else { rule };
            model.add_rule(rule).expect("its vars");
            models.push(model);
        }
        let mut state = models[0].domains();
        for (var, &value) in models[0].vars().zip(&picture) {
            // Some cells fixed, now and then against the picture.
            if random.below(3) == 0 {
                let wrong = random.below(40) == 0;
                let value = if wrong { 1 - value } else { value };
                state.assign(var, value).expect("a value of the cell");
            }
        }
        for _ in 0..4 {
            let kept = after(&models[0], &state);
            let swept = after(&models[1], &state);
            let both = (kept.as_ref(), swept.as_ref());
            let cells = |state: Option<&Domains>| state.map(|state| candidates(&models[0], state));
            assert_eq!(
                cells(both.0),
                cells(both.1),
                "round {round}: {clue:?} {state:?}"
            );
            let Some(kept) = kept else { break };
            state = narrowed(&mut random, &models[0], &kept);
        }
    }
}

#[test]
fn a_line_of_runs_is_entailed_once_every_cell_is_fixed() {
    let mut model = Model::new();
    let line = model.new_vars(6, 2);
    let runs = Automaton::runs(&[2, 1], 0, 1).expect("a clue");
    let rule = model
        .add_rule(Regular::new("line", line.clone(), runs))
        .expect("its vars");
    let mut state = model.domains();
    state.assign(line[1], 1).expect("a value");
    propagate(&model, &mut state, Schedule::Queue, None).expect("consistent");
    assert!(!state.is_entailed(rule));
    state.assign(line[0], 1).expect("a value");
    state.assign(line[5], 1).expect("a value");
    propagate(&model, &mut state, Schedule::Queue, None).expect("consistent");
    assert_eq!(state.assignment(), Some(vec![1, 1, 0, 0, 0, 1]));
    assert!(state.is_entailed(rule));
}
