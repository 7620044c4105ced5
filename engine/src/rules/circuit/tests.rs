use super::*;
use crate::rules::testing::{Random, after, assert_sound, candidates, random_case, supported};
use crate::{Model, Schedule, TextTrace, propagate};

/// Whether `values` (node numbers from 0) form one circuit: an independent
/// check that follows the successors and counts the nodes seen.
fn one_circuit(values: &[Value]) -> bool {
    let n = values.len();
    let mut seen = vec![false; n];
    let mut node = 0usize;
    for _ in 0..n {
        let Some(next) = usize::try_from(values[node]).ok().filter(|&next| next < n) else {
            return false;
        };
        if seen[next] {
            return false;
        }
        seen[next] = true;
        node = next;
    }
    seen.iter().all(|&seen| seen)
}

#[test]
fn holds_agrees_with_an_independent_check() {
    let mut random = Random::new(41);
    for _ in 0..3000 {
        let n = 1 + random.below(5) as usize;
        let values: Vec<Value> = (0..n)
            .map(|_| random.below(n as u64 + 1) as Value)
            .collect();
        let mut model = Model::new();
        let vars = model.new_vars(n, n as u32 + 1);
        let rule = Circuit::new("c", vars).expect("nodes");
        assert_eq!(rule.holds(&values), one_circuit(&values), "{values:?}");
    }
}

/// The oracle checks soundness, the idempotence claimed and every entailment
/// declared, from random partial states (values may fall outside the nodes,
/// node numbers may start at 0 or 1).
#[test]
fn sound_idempotent_and_entailed_only_when_it_holds() {
    let mut random = Random::new(42);
    for _ in 0..3000 {
        let n = 1 + random.below(5) as usize;
        let size = n as u32 + random.below(2) as u32;
        let offset = random.below(2) as Value;
        let (model, state) = random_case(&mut random, n, size, |vars| {
            Circuit::new("c", vars)
                .and_then(|rule| rule.offset(offset))
                .expect("nodes")
        });
        assert_sound(&model, &state);
        let verdict = crate::oracle::check_rule(&model, &state, crate::RuleId::first());
        assert_eq!(verdict, Ok(Ok(())), "{state:?}");
    }
}

/// With every successor fixed along a random tour but those of one or two
/// nodes, a run keeps exactly the values brute force supports: forward checking
/// leaves each open node the starts of the two chains, and the sub-tour rule
/// removes the one that closes its own chain.
#[test]
fn with_two_open_nodes_it_keeps_exactly_the_supported_values() {
    let mut random = Random::new(43);
    for _ in 0..2000 {
        let n = 3 + random.below(4) as usize;
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, random.below(i as u64 + 1) as usize);
        }
        let mut model = Model::new();
        let vars = model.new_vars(n, n as u32);
        model
            .add_rule(Circuit::new("c", vars.clone()).expect("nodes"))
            .expect("fits");
        // A random tour, with every successor fixed except those of two nodes.
        let mut state = model.domains();
        let open = [
            random.below(n as u64) as usize,
            random.below(n as u64) as usize,
        ];
        for k in 0..n {
            let (node, next) = (order[k], order[(k + 1) % n]);
            if !open.contains(&node) {
                state.assign(vars[node], next as Value).expect("a value");
            }
        }
        let kept = after(&model, &state).map(|after| candidates(&model, &after));
        assert_eq!(kept, supported(&model, &state), "{state:?}");
    }
}

#[test]
fn an_empty_circuit_and_an_offset_past_the_values_are_refused() {
    let mut model = Model::new();
    let vars = model.new_vars(2, 2);
    assert!(matches!(
        Circuit::new("none", Vec::new()),
        Err(Error::InvalidRule { .. })
    ));
    let late = Circuit::new("late", vars).and_then(|rule| rule.offset(Value::MAX));
    assert!(matches!(late, Err(Error::InvalidRule { .. })));
}

/// Counts of circuits by search: (n − 1)! Hamiltonian circuits on n nodes.
#[test]
fn counts_every_circuit_of_a_complete_graph() {
    for (n, circuits) in [(1, 1), (2, 1), (3, 2), (4, 6), (5, 24), (6, 120)] {
        let mut model = Model::new();
        let vars = model.new_vars(n, n as u32);
        model
            .add_rule(Circuit::new("c", vars).expect("nodes"))
            .expect("fits");
        let count = crate::Search::new(&model, crate::Config::default())
            .expect("a search")
            .count(None);
        assert_eq!(count.solutions, circuits, "n = {n}");
    }
}

#[test]
fn removals_say_why() {
    let mut model = Model::new();
    let next = model.new_vars(5, 5);
    for (node, &var) in next.iter().enumerate() {
        model.set_name(var, format!("next[{node}]"));
    }
    model
        .add_rule(Circuit::new("tour", next.clone()).expect("nodes"))
        .expect("fits");
    let mut state = model.domains();
    state.assign(next[0], 1).expect("a value");
    state.assign(next[1], 2).expect("a value");
    let mut trace = TextTrace::new(&model, Vec::new()).with_wakes(false);
    propagate(&model, &mut state, Schedule::Queue, Some(&mut trace)).expect("a state");
    let text = String::from_utf8(trace.finish().expect("written")).expect("text");
    for line in [
        "next[3] cannot be 3: a node cannot follow itself in a tour of several (tour)",
        "next[2] cannot be 1: next[0] = 1, and a node has one predecessor (tour)",
        "next[2] cannot be 0: the fixed successors 0 → 1 → 2 visit 3 of the 5 nodes, and going back would close the tour early (tour)",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    assert!(state.iter(next[2]).eq([3, 4]));
}
