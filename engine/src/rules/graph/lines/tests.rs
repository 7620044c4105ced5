//! The loop and path rules on random small graphs (the oracle's checks), on
//! chosen cases, and with bad parts.

use super::*;
use crate::domain::Domains;
use crate::ids::RuleId;
use crate::model::Model;
use crate::oracle;
use crate::propagation::{Fixpoint, Schedule, propagate};
use crate::rules::graph::testing::{Tally, random_graph};
use crate::rules::testing::{Random, assert_sound, random_boolean_case};
use crate::search::{Config, Restore, Search, ValueOrder};
use crate::trace::TextTrace;

/// Random degree fixes: about one vertex in four on or off the line.
fn random_degrees(random: &mut Random, vertices: usize) -> Vec<Option<usize>> {
    (0..vertices)
        .map(|_| match random.below(8) {
            0 => Some(2),
            1 => Some(0),
            _ => None,
        })
        .collect()
}

/// Random edge counts: one or two groups of up to four edges, each asking for up
/// to all of them.
fn random_counts(random: &mut Random, edges: usize) -> Vec<EdgeCount> {
    let groups = 1 + random.below(2) as usize;
    (0..groups)
        .map(|index| {
            let size = 1 + random.below(4) as usize;
            let mut group: Vec<usize> = (0..size)
                .map(|_| random.below(edges as u64) as usize)
                .collect();
            group.sort_unstable();
            group.dedup();
            let least = random.below(group.len() as u64 + 1) as usize;
            EdgeCount {
                name: format!("group {index}"),
                edges: group,
                least,
            }
        })
        .collect()
}

#[test]
fn single_loop_is_sound_and_complete_on_random_graphs() {
    let mut random = Random::new(21);
    let mut tally = Tally::default();
    for round in 0..900 {
        let graph = random_graph(&mut random, 7, 11);
        if graph.edges().is_empty() {
            continue; // a rule without variables: the oracle never asks it
        }
        let degrees = random_degrees(&mut random, graph.vertices());
        let fixed = round % 3 == 0;
        let edges = graph.edges().len();
        let counts = (round % 2 == 1).then(|| random_counts(&mut random, edges));
        let (model, state) = random_boolean_case(&mut random, edges, round % 5 == 0, |vars| {
            let mut rule = SingleLoop::new("loop", graph, vars).expect("one variable per edge");
            if fixed {
                rule = rule.with_degrees(degrees).expect("degrees 0 and 2");
            }
            match counts {
                Some(counts) => rule.with_edge_counts(counts).expect("groups of the graph"),
                None => rule,
            }
        });
        assert_sound(&model, &state);
        tally.count(&model, &state);
    }
    tally.assert_varied();
}

#[test]
fn single_path_is_sound_and_complete_on_random_graphs() {
    let mut random = Random::new(22);
    let mut tally = Tally::default();
    for round in 0..900 {
        let graph = random_graph(&mut random, 7, 11);
        if graph.edges().is_empty() {
            continue; // a rule without variables: the oracle never asks it
        }
        let mut degrees = random_degrees(&mut random, graph.vertices());
        let a = random.below(graph.vertices() as u64) as usize;
        let b = (a + 1 + random.below(graph.vertices() as u64 - 1) as usize) % graph.vertices();
        (degrees[a], degrees[b]) = (None, None);
        let fixed = round % 3 == 0;
        let edges = graph.edges().len();
        let counts = (round % 2 == 1).then(|| random_counts(&mut random, edges));
        let (model, state) = random_boolean_case(&mut random, edges, round % 5 == 0, |vars| {
            let mut rule = SinglePath::new("path", graph, vars, (a, b)).expect("two ends");
            if fixed {
                rule = rule.with_degrees(degrees).expect("degrees 0 and 2");
            }
            match counts {
                Some(counts) => rule.with_edge_counts(counts).expect("groups of the graph"),
                None => rule,
            }
        });
        assert_sound(&model, &state);
        tally.count(&model, &state);
    }
    tally.assert_varied();
}

/// Every solution of `model` a search finds under each restore and two value
/// orders (the random one also chooses edges first), sorted, against the brute force's: the rule keeps reversible state
/// (when its reach pass was last quiet), which backtracking must undo.
fn assert_search_finds_every_solution(model: &Model) {
    let start = model.domains();
    let mut expected = oracle::solutions(model, &start, 1 << 20).expect("a small model");
    expected.sort();
    for restore in Restore::ALL {
        for order in [ValueOrder::Ascending, ValueOrder::Random { seed: 5 }] {
            let config = Config::default().restore(restore).value_order(order);
            let mut search = Search::new(model, config).expect("a model");
            let mut found = Vec::new();
            while let Some(values) = search.next_values() {
                found.push(values.to_vec());
            }
            found.sort();
            assert_eq!(found, expected, "{restore:?}, {order:?}");
        }
    }
}

#[test]
fn searches_under_both_restores_find_every_loop_and_path() {
    let mut random = Random::new(23);
    let mut solved = 0;
    for round in 0..150 {
        let graph = random_graph(&mut random, 7, 11);
        let edges = graph.edges().len();
        if edges == 0 {
            continue;
        }
        let degrees = random_degrees(&mut random, graph.vertices());
        let counts = (round % 2 == 1).then(|| random_counts(&mut random, edges));
        let mut model = Model::new();
        let vars = model.new_vars(edges, 2);
        let vertices = graph.vertices();
        if round % 3 == 0 {
            let (a, b) = (0, vertices - 1);
            let mut degrees = degrees;
            (degrees[a], degrees[b]) = (None, None);
            let mut rule = SinglePath::new("path", graph, vars, (a, b)).expect("two ends");
            rule = rule.with_degrees(degrees).expect("degrees 0 and 2");
            if let Some(counts) = counts {
                rule = rule.with_edge_counts(counts).expect("groups of the graph");
            }
            model.add_rule(rule).expect("edges of the model");
        } else {
            let mut rule = SingleLoop::new("loop", graph, vars).expect("one variable an edge");
            if round % 3 == 1 {
                rule = rule.with_degrees(degrees).expect("degrees 0 and 2");
            }
            if let Some(counts) = counts {
                rule = rule.with_edge_counts(counts).expect("groups of the graph");
            }
            model.add_rule(rule).expect("edges of the model");
        }
        let start = model.domains();
        solved += usize::from(
            !oracle::solutions(&model, &start, 1 << 20)
                .expect("small")
                .is_empty(),
        );
        assert_search_finds_every_solution(&model);
    }
    assert!(solved >= 30, "too few rounds with a solution: {solved}");
    // A grid with many loops: long branches that only choose edges.
    let (model, _, _) = grid_loop(3, 4);
    assert_search_finds_every_solution(&model);
    let graph = Graph::grid(3, 4);
    let mut model = Model::new();
    let vars = model.new_vars(graph.edges().len(), 2);
    let path = SinglePath::new("path", graph, vars, (0, 11)).expect("two ends");
    model.add_rule(path).expect("edges of the model");
    assert_search_finds_every_solution(&model);
}

/// The candidates of every variable: what two states are compared by.
fn candidates(model: &Model, state: &Domains) -> Vec<Vec<Value>> {
    (0..model.num_vars())
        .map(|index| state.iter(VarId::from_index(index)).collect())
        .collect()
}

/// Propagate `state`; its candidates, or `None` at a conflict.
fn settled(model: &Model, state: &mut Domains) -> Option<Vec<Vec<Value>>> {
    match propagate(model, state, Schedule::Queue, None).expect("a state of the model") {
        Fixpoint::Reached => Some(candidates(model, state)),
        _ => None,
    }
}

#[test]
fn a_run_that_keeps_its_state_finds_what_a_fresh_run_finds() {
    // Each step decides one open edge (mostly choosing it, when the reach pass is
    // skipped).
    compare_kept_and_fresh(Random::new(24), (1, 4), 500, grid_of_round);
}

#[test]
fn a_run_after_several_changes_settles_what_a_fresh_run_settles() {
    // Each step decides up to three open edges, half of them dropped, before the
    // rule runs: a run settles only the vertices at edges changed since the
    // truths it last left, which must be every vertex with something to settle.
    compare_kept_and_fresh(Random::new(25), (3, 2), 300, grid_of_round);
}

#[test]
fn a_run_on_random_graphs_settles_what_a_fresh_run_settles() {
    // Random graphs, with parallel edges and bridges, and larger grids, several
    // edges decided between runs: the truths a run keeps and the reach pass's
    // memory of when it was last quiet must leave it settling what a fresh
    // state settles.
    compare_kept_and_fresh(Random::new(26), (2, 2), 300, |random, _| {
        random_graph(random, 9, 16)
    });
    compare_kept_and_fresh(Random::new(27), (4, 3), 300, |random, round| {
        Graph::grid(3 + round % 3, 3 + round % 2 + random.below(2) as usize)
    });
}

/// The grid of points of a round: 2 to 4 rows of 3 or 4.
fn grid_of_round(_: &mut Random, round: usize) -> Graph {
    Graph::grid(2 + round % 3, 3 + round % 2)
}

/// Decide up to `changes` random open edges a step (each dropped with odds one in
/// `drop_odds`) and propagate the same domains twice: in a state that kept the
/// rule's reversible memory from the steps before, and in a fresh model's state
/// that starts without it; both must settle the same, on at least `least` steps.
fn compare_kept_and_fresh(
    mut random: Random,
    (changes, drop_odds): (u64, u64),
    least: usize,
    graph_of_round: impl Fn(&mut Random, usize) -> Graph,
) {
    let mut compared = 0;
    for round in 0..300 {
        let graph = graph_of_round(&mut random, round);
        let vertices = graph.vertices();
        if graph.edges().is_empty() {
            continue;
        }
        let degrees = random_degrees(&mut random, vertices);
        let build = |degrees: Vec<Option<usize>>| {
            let mut model = Model::new();
            let vars = model.new_vars(graph.edges().len(), 2);
            if round % 2 == 0 {
                let rule = SingleLoop::new("loop", graph.clone(), vars).expect("a rule");
                model
                    .add_rule(rule.with_degrees(degrees).expect("degrees"))
                    .expect("fits");
            } else {
                let mut degrees = degrees;
                (degrees[0], degrees[vertices - 1]) = (None, None);
                let rule = SinglePath::new("path", graph.clone(), vars, (0, vertices - 1));
                let rule = rule
                    .expect("two ends")
                    .with_degrees(degrees)
                    .expect("degrees");
                model.add_rule(rule).expect("fits");
            }
            model
        };
        let (kept, fresh) = (build(degrees.clone()), build(degrees));
        let mut state = kept.domains();
        if settled(&kept, &mut state).is_none() {
            continue;
        }
        for _ in 0..8 {
            let open: Vec<VarId> = (0..kept.num_vars())
                .map(VarId::from_index)
                .filter(|&var| !state.is_assigned(var))
                .collect();
            if open.is_empty() {
                break;
            }
            for _ in 0..1 + random.below(changes) {
                let var = open[random.below(open.len() as u64) as usize];
                if state.is_assigned(var) {
                    continue;
                }
                if random.below(drop_odds) == 0 {
                    state.remove(var, 1).expect("a value");
                } else {
                    state.assign(var, 1).expect("a value");
                }
            }
            let mut again = fresh.domains();
            again.copy_from(&state);
            let (by_kept, by_fresh) = (settled(&kept, &mut state), settled(&fresh, &mut again));
            assert_eq!(by_kept, by_fresh, "round {round}");
            compared += 1;
            if by_kept.is_none() {
                break;
            }
        }
    }
    assert!(compared >= least, "too few steps compared: {compared}");
}

/// A model of the edges of a `rows × columns` grid of points under a single loop.
fn grid_loop(rows: usize, columns: usize) -> (Model, Graph, Vec<VarId>) {
    let graph = Graph::grid(rows, columns);
    let mut model = Model::new();
    let edges = model.new_vars(graph.edges().len(), 2);
    let rule = SingleLoop::new("loop", graph.clone(), edges.clone()).expect("a rule");
    model.add_rule(rule).expect("edges of the model");
    (model, graph, edges)
}

/// The edge of `graph` between `a` and `b`.
fn edge(graph: &Graph, a: usize, b: usize) -> usize {
    let found = graph.incident(a).iter().find(|&&(other, _)| other == b);
    found.expect("an edge").1
}

/// Propagate with a text trace; the fixpoint and the trace's text.
fn traced(model: &Model, state: &mut Domains) -> (Fixpoint, String) {
    let mut trace = TextTrace::new(model, Vec::new()).with_wakes(false);
    let fixpoint = propagate(model, state, Schedule::Queue, Some(&mut trace)).expect("fits");
    let text = String::from_utf8(trace.finish().expect("a trace")).expect("utf-8");
    (fixpoint, text)
}

#[test]
fn a_corner_with_one_chosen_edge_takes_the_other() {
    // 0 1 2 / 3 4 5 / 6 7 8: choosing 0–1 forces 0–3, the corner's only other edge.
    let (model, graph, edges) = grid_loop(3, 3);
    let mut state = model.domains();
    state.assign(edges[edge(&graph, 0, 1)], 1).expect("a value");
    let (_, text) = traced(&model, &mut state);
    assert_eq!(state.value(edges[edge(&graph, 0, 3)]), Some(1));
    assert!(
        text.contains("v0 has 1 chosen edge and needs degree 2, so edge v0–v3 is chosen"),
        "{text}"
    );
}

#[test]
fn an_edge_closing_a_small_loop_early_is_left_out() {
    // A 4×4 grid of points (rows 0..4, 4..8, ...): three sides of the square 1 2 6 5
    // chosen, and the edge 9–10 below it: the fourth side would close a loop of 4
    // edges before the others are joined (the loop must go round the border).
    let (model, graph, edges) = grid_loop(4, 4);
    let mut state = model.domains();
    for (a, b) in [(1, 2), (2, 6), (6, 5), (9, 10)] {
        state.assign(edges[edge(&graph, a, b)], 1).expect("a value");
    }
    let (fixpoint, text) = traced(&model, &mut state);
    assert!(!matches!(fixpoint, Fixpoint::Conflict(_)), "{text}");
    assert_eq!(state.value(edges[edge(&graph, 1, 5)]), Some(0));
    assert!(
        text.contains("edge v1–v5 would close a loop of 4 edges before the others are joined"),
        "{text}"
    );
}

#[test]
fn a_closed_loop_with_edges_outside_is_a_conflict_and_alone_is_entailed() {
    let (model, graph, edges) = grid_loop(3, 3);
    let square = [(0, 1), (1, 4), (4, 3), (3, 0)];
    let mut state = model.domains();
    for (a, b) in square {
        state.assign(edges[edge(&graph, a, b)], 1).expect("a value");
    }
    let (fixpoint, _) = traced(&model, &mut state);
    assert!(!matches!(fixpoint, Fixpoint::Conflict(_)));
    assert!(state.is_entailed(RuleId::first()));
    assert_eq!(state.value(edges[edge(&graph, 7, 8)]), Some(0));
    let mut state = model.domains();
    for (a, b) in square.into_iter().chain([(5, 8)]) {
        state.assign(edges[edge(&graph, a, b)], 1).expect("a value");
    }
    let (fixpoint, _) = traced(&model, &mut state);
    assert!(matches!(fixpoint, Fixpoint::Conflict(_)));
}

#[test]
fn no_edge_at_all_is_no_loop_but_a_path_needs_its_ends() {
    let (model, _, _) = grid_loop(2, 2);
    assert!(!model.rule(RuleId::first()).holds(&[0, 0, 0, 0]));
    assert!(model.rule(RuleId::first()).holds(&[1, 1, 1, 1]));
    let graph = Graph::grid(1, 3);
    let mut model = Model::new();
    let edges = model.new_vars(2, 2);
    let path = SinglePath::new("path", graph, edges, (0, 2)).expect("a path");
    model.add_rule(path).expect("edges of the model");
    assert!(model.rule(RuleId::first()).holds(&[1, 1]));
    assert!(!model.rule(RuleId::first()).holds(&[1, 0]));
}

#[test]
fn bad_parts_are_refused() {
    let grid = Graph::grid(2, 2);
    let mut model = Model::new();
    let four = model.new_vars(4, 2);
    let refused = |result: Result<(), Error>| {
        assert!(
            matches!(result, Err(Error::InvalidRule { .. })),
            "{result:?}"
        );
    };
    refused(SingleLoop::new("l", grid.clone(), four[..3].to_vec()).map(drop));
    refused(SinglePath::new("p", grid.clone(), four.clone(), (1, 1)).map(drop));
    refused(SinglePath::new("p", grid.clone(), four.clone(), (0, 4)).map(drop));
    let looped = SingleLoop::new("l", grid.clone(), four.clone()).expect("a loop");
    refused(looped.clone().with_degrees(vec![None; 3]).map(drop));
    refused(
        looped
            .with_degrees(vec![None, Some(1), None, None])
            .map(drop),
    );
    let path = SinglePath::new("p", grid, four, (0, 3)).expect("a path");
    refused(
        path.clone()
            .with_degrees(vec![Some(2), None, None, None])
            .map(drop),
    );
    assert!(
        path.with_degrees(vec![Some(1), Some(0), None, None])
            .is_ok()
    );
}

#[test]
fn sentences_use_the_vertex_names_and_the_edges_given_names() {
    // A 2×2 grid of points: 0 1 / 2 3; edges 0–1, 2–3, 0–2, 1–3.
    let graph = Graph::grid(2, 2);
    let mut model = Model::new();
    let edges = model.new_vars(4, 2);
    model.set_name(edges[2], "left side");
    let names = ["a", "b", "c", "d"].map(String::from).to_vec();
    let rule = SingleLoop::new("loop", graph.clone(), edges.clone())
        .expect("a rule")
        .with_vertex_names(names.clone())
        .expect("one name a vertex");
    model.add_rule(rule).expect("edges of the model");
    let mut state = model.domains();
    state.assign(edges[edge(&graph, 0, 1)], 1).expect("a value");
    let (_, text) = traced(&model, &mut state);
    assert!(
        text.contains("a has 1 chosen edge and needs degree 2, so edge left side is chosen"),
        "{text}"
    );
    assert!(
        text.contains("b has 1 chosen edge and needs degree 2, so edge b–d is chosen"),
        "{text}"
    );
    let path = SinglePath::new("p", graph, edges, (0, 3)).expect("a path");
    assert!(matches!(
        path.with_vertex_names(names[..3].to_vec()),
        Err(Error::InvalidRule { .. })
    ));
}

#[test]
fn a_namer_names_the_vertices_as_a_list_would() {
    // The 2×2 grid of the test above, its vertices named by a function of
    // their index: the same sentences as the list "a", "b", "c", "d".
    let graph = Graph::grid(2, 2);
    let mut model = Model::new();
    let edges = model.new_vars(4, 2);
    let rule = SingleLoop::new("loop", graph.clone(), edges.clone())
        .expect("a rule")
        .with_vertex_namer(|vertex| ["a", "b", "c", "d"][vertex].to_string());
    model.add_rule(rule).expect("edges of the model");
    let mut state = model.domains();
    state.assign(edges[edge(&graph, 0, 1)], 1).expect("a value");
    let (_, text) = traced(&model, &mut state);
    assert!(
        text.contains("b has 1 chosen edge and needs degree 2, so edge b–d is chosen"),
        "{text}"
    );
}

#[test]
fn an_edge_that_would_close_the_loop_with_a_count_short_is_left_out() {
    // A 4×4 grid of points (rows 0..4, 4..8, ...): three sides of the square 5 6 10
    // 9 chosen; its fourth, 5–9, would close the loop while the group of the edges
    // 2–3 and 3–7 wants one of them: left out. Without the group it may close.
    let graph = Graph::grid(4, 4);
    let mut model = Model::new();
    let edges = model.new_vars(graph.edges().len(), 2);
    let group = EdgeCount {
        name: "the corner pair".to_string(),
        edges: vec![edge(&graph, 2, 3), edge(&graph, 3, 7)],
        least: 1,
    };
    let rule = SingleLoop::new("loop", graph.clone(), edges.clone())
        .expect("a rule")
        .with_edge_counts(vec![group])
        .expect("edges of the graph");
    model.add_rule(rule).expect("edges of the model");
    let mut state = model.domains();
    for (a, b) in [(5, 6), (6, 10), (10, 9)] {
        state.assign(edges[edge(&graph, a, b)], 1).expect("a value");
    }
    let (fixpoint, text) = traced(&model, &mut state);
    assert!(!matches!(fixpoint, Fixpoint::Conflict(_)), "{text}");
    assert_eq!(state.value(edges[edge(&graph, 5, 9)]), Some(0));
    assert!(
        text.contains(
            "edge v5–v9 would close the loop with the corner pair short of 1 chosen edges"
        ),
        "{text}"
    );
    let (plain, _, plain_edges) = grid_loop(4, 4);
    let mut state = plain.domains();
    for (a, b) in [(5, 6), (6, 10), (10, 9)] {
        state
            .assign(plain_edges[edge(&graph, a, b)], 1)
            .expect("a value");
    }
    traced(&plain, &mut state);
    assert_eq!(state.value(plain_edges[edge(&graph, 5, 9)]), None);
    // A full assignment: the small square alone misses the group.
    let mut square = vec![0; graph.edges().len()];
    for (a, b) in [(5, 6), (6, 10), (10, 9), (5, 9)] {
        square[edge(&graph, a, b)] = 1;
    }
    assert!(!model.rule(RuleId::first()).holds(&square));
    assert!(plain.rule(RuleId::first()).holds(&square));
}

/// Two squares, 0 1 2 3 and 4 5 6 7, joined by the edge 2–4 (edge 8).
fn two_squares() -> Graph {
    let edges = vec![
        (0, 1),
        (1, 2),
        (2, 3),
        (3, 0),
        (4, 5),
        (5, 6),
        (6, 7),
        (7, 4),
        (2, 4),
    ];
    Graph::new(8, edges).expect("a graph")
}

#[test]
fn a_loop_leaves_out_a_bridge_and_what_lies_beyond_its_chosen_edges() {
    let graph = two_squares();
    let mut model = Model::new();
    let edges = model.new_vars(9, 2);
    model
        .add_rule(SingleLoop::new("loop", graph, edges.clone()).expect("a rule"))
        .expect("edges of the model");
    let mut state = model.domains();
    let (fixpoint, text) = traced(&model, &mut state);
    assert!(!matches!(fixpoint, Fixpoint::Conflict(_)), "{text}");
    assert_eq!(state.value(edges[8]), Some(0));
    assert!(
        text.contains(
            "edge v2–v4 is left out: it is the only way to the far side, and a loop could not \
             come back"
        ),
        "{text}"
    );
    // A 2×3 grid of points (0 1 2 / 3 4 5) joined to the square 6 7 8 9 by 5–6:
    // once 0–1 is chosen, the square is out of reach.
    let mut joined = Graph::grid(2, 3).edges().to_vec();
    joined.extend([(6, 7), (7, 8), (8, 9), (9, 6), (5, 6)]);
    let graph = Graph::new(10, joined).expect("a graph");
    let mut model = Model::new();
    let edges = model.new_vars(graph.edges().len(), 2);
    let rule = SingleLoop::new("loop", graph.clone(), edges.clone()).expect("a rule");
    model.add_rule(rule).expect("edges of the model");
    let mut state = model.domains();
    state.assign(edges[edge(&graph, 0, 1)], 1).expect("a value");
    let (_, text) = traced(&model, &mut state);
    assert_eq!(state.value(edges[edge(&graph, 7, 8)]), Some(0));
    assert!(
        text.contains(
            "edge v7–v8 is left out: no edges still possible join it to the rest of the loop"
        ),
        "{text}"
    );
    // Vertices on the loop in both squares cannot be joined: a conflict.
    let mut model = Model::new();
    let edges = model.new_vars(9, 2);
    let mut degrees = vec![None; 8];
    (degrees[0], degrees[6]) = (Some(2), Some(2));
    let rule = SingleLoop::new("loop", two_squares(), edges)
        .and_then(|rule| rule.with_degrees(degrees))
        .expect("a rule");
    model.add_rule(rule).expect("edges of the model");
    let (fixpoint, text) = traced(&model, &mut model.domains());
    assert!(matches!(fixpoint, Fixpoint::Conflict(_)), "{text}");
}

#[test]
fn a_path_takes_the_bridges_between_its_ends() {
    // The two squares, from 0 to 6: the path crosses 2–4, and nothing else is
    // forced yet.
    let graph = two_squares();
    let mut model = Model::new();
    let edges = model.new_vars(9, 2);
    let path = SinglePath::new("path", graph, edges.clone(), (0, 6)).expect("a path");
    model.add_rule(path).expect("edges of the model");
    let mut state = model.domains();
    let (_, text) = traced(&model, &mut state);
    assert_eq!(state.value(edges[8]), Some(1));
    assert!(
        text.contains("edge v2–v4 is chosen: it is the only way between the path's two ends"),
        "{text}"
    );
    // From 0 to 1 instead, the bridge leads away from both ends: left out.
    let mut model = Model::new();
    let edges = model.new_vars(9, 2);
    let path = SinglePath::new("path", two_squares(), edges.clone(), (0, 1)).expect("a path");
    model.add_rule(path).expect("edges of the model");
    let mut state = model.domains();
    traced(&model, &mut state);
    assert_eq!(state.value(edges[8]), Some(0));
    assert_eq!(state.value(edges[4]), Some(0));
}
