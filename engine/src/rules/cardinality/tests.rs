//! Both rules against brute force on random small states over shifted ranges, the
//! constructors' refusals, the documented weakness of the per-value filter, and
//! the sentences.

use super::*;
use crate::Model;
use crate::propagation::{Fixpoint, Schedule, propagate};
use crate::rules::testing::{Random, after, assert_sound, candidates, random_case, supported};
use crate::trace::TextTrace;

/// A random set of values among -2..=5.
fn random_values(random: &mut Random) -> ValueSet {
    (-2..=5).filter(|_| random.below(3) == 0).collect()
}

/// A random count of `vars` variables: exactly, at most, at least or between.
fn random_cardinality(random: &mut Random, vars: Vec<VarId>, values: ValueSet) -> Cardinality {
    let count = vars.len() as u64;
    let (a, b) = (
        random.below(count + 1) as usize,
        random.below(count + 1) as usize,
    );
    let made = match random.below(4) {
        0 => Cardinality::exactly("c", vars, values, a),
        1 => Cardinality::at_most("c", vars, values, a),
        2 => Cardinality::at_least("c", vars, values, a),
        _ => Cardinality::between("c", vars, values, a.min(b)..=a.max(b)),
    };
    made.expect("bounds within the variables")
}

#[test]
fn cardinality_keeps_exactly_the_supported_values() {
    let mut random = Random::new(21);
    for _ in 0..2000 {
        let count = 1 + random.below(5) as usize;
        let size = 1 + random.below(5) as u32;
        let values = random_values(&mut random);
        let mut kind = Random::new(random.below(1 << 30));
        let (model, state) = random_case(&mut random, count, size, |vars| {
            random_cardinality(&mut kind, vars, values)
        });
        assert_sound(&model, &state);
        let kept = after(&model, &state).map(|after| candidates(&model, &after));
        assert_eq!(kept, supported(&model, &state), "{state:?}");
    }
}

/// A random subset of `pool`.
fn random_subset(random: &mut Random, pool: &[Value]) -> ValueSet {
    let mut set = ValueSet::new();
    for &value in pool {
        if random.below(2) == 0 {
            set.insert(value);
        }
    }
    set
}

#[test]
fn wide_sets_and_long_domains_keep_exactly_the_supported_values() {
    // Domains of three words (-70..=70) take the word-by-word reading, and so
    // does a set spanning more than 64 values; the random cases above take
    // the one-word reading, aligned to domains that start below and above the
    // set.
    let mut random = Random::new(23);
    let spread = [-70, -66, -2, -1, 0, 1, 3, 5, 64, 70];
    for _ in 0..1000 {
        let count = 1 + random.below(4) as usize;
        let values = if random.below(2) == 0 {
            random_subset(&mut random, &[-66, -1, 0, 70])
        } else {
            random_values(&mut random)
        };
        let mut model = Model::new();
        let range = if random.below(2) == 0 {
            -70..=70
        } else {
            -2..=5
        };
        let vars: Vec<VarId> = (0..count)
            .map(|_| model.new_var_in(range.clone()).expect("a range"))
            .collect();
        let rule = random_cardinality(&mut random, vars.clone(), values);
        model.add_rule(rule).expect("its vars");
        let mut state = model.domains();
        for &var in &vars {
            let mut keep = random_subset(&mut random, &spread);
            keep.insert(0);
            state.retain(var, &keep);
        }
        assert_sound(&model, &state);
        let kept = after(&model, &state).map(|after| candidates(&model, &after));
        assert_eq!(kept, supported(&model, &state), "{state:?}");
    }
}

/// Random bounds for a few values among -2..=4.
fn random_counts(random: &mut Random, vars: usize) -> Vec<(Value, RangeInclusive<usize>)> {
    let vars = vars as u64;
    let listed: Vec<Value> = (-2..=4).filter(|_| random.below(2) == 0).collect();
    listed
        .into_iter()
        .map(|value| {
            let (a, b) = (random.below(vars + 1), random.below(vars + 1));
            (value, a.min(b) as usize..=a.max(b) as usize)
        })
        .collect()
}

#[test]
fn global_cardinality_is_sound_and_value_consistent() {
    let mut random = Random::new(22);
    for _ in 0..2000 {
        let count = 1 + random.below(5) as usize;
        let size = 1 + random.below(5) as u32;
        let counts = random_counts(&mut random, count);
        let closed = random.below(2) == 1;
        let (model, state) = random_case(&mut random, count, size, |vars| {
            let rule = GlobalCardinality::new("g", vars, counts).expect("valid bounds");
            if closed { rule.closed() } else { rule }
        });
        // The oracle checks the claim of value consistency too.
        assert_sound(&model, &state);
    }
}

#[test]
fn global_cardinality_does_not_see_values_competing() {
    // Three variables over {1, 2} cannot give 1 and 2 two each: the flow-based
    // filter would see it, the per-value counts do not.
    let mut model = Model::new();
    let vars = model.new_vars_in(3, 1..=2).expect("a range");
    let counts = vec![(1, 2..=2), (2, 2..=2)];
    model
        .add_rule(GlobalCardinality::new("g", vars, counts).expect("valid"))
        .expect("its vars");
    let mut state = model.domains();
    let fixpoint = propagate(&model, &mut state, Schedule::Queue, None);
    assert!(matches!(fixpoint, Ok(Fixpoint::Reached)), "{fixpoint:?}");
    assert_eq!(state.total_candidates(), 6);
}

fn problem<T: std::fmt::Debug>(result: Result<T, Error>) -> String {
    match result {
        Err(Error::InvalidRule { problem, .. }) => problem,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn impossible_counts_are_refused() {
    let vars: Vec<VarId> = (0..3).map(VarId::from_index).collect();
    let ones = || ValueSet::single(1);
    assert!(problem(Cardinality::exactly("c", vars.clone(), ones(), 4)).contains("only 3"));
    assert!(problem(Cardinality::at_most("c", vars.clone(), ones(), 4)).contains("only 3"));
    assert!(problem(Cardinality::at_least("c", vars.clone(), ones(), 4)).contains("only 3"));
    let empty_range = RangeInclusive::new(2, 1);
    assert!(
        problem(Cardinality::between("c", vars.clone(), ones(), empty_range))
            .contains("at least 2")
    );
    let twice = vec![(1, 0..=1), (1, 1..=2)];
    assert!(problem(GlobalCardinality::new("g", vars.clone(), twice)).contains("twice"));
    let above = vec![(-1, 0..=5)];
    assert!(problem(GlobalCardinality::new("g", vars.clone(), above)).contains("of -1"));
    assert!(Cardinality::exactly("c", vars, ValueSet::new(), 0).is_ok());
}

#[test]
fn sentences_name_the_cells_that_fill_the_count() {
    let mut model = Model::new();
    let row = model.new_vars(4, 2);
    let rule = Cardinality::exactly("row 1", row.clone(), ValueSet::single(1), 2).expect("valid");
    model.add_rule(rule).expect("its vars");
    let mut state = model.domains();
    state.assign(row[0], 1).expect("a value");
    state.assign(row[2], 1).expect("a value");
    let mut trace = TextTrace::new(&model, Vec::new()).with_wakes(false);
    propagate(&model, &mut state, Schedule::Queue, Some(&mut trace)).expect("consistent");
    let text = String::from_utf8(trace.finish().expect("written")).expect("text");
    assert!(
        text.contains("x1 cannot be 1: at most 2 of row 1 can be 1 and x0, x2 already are"),
        "{text}"
    );
}
