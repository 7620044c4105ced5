//! The engine's graph rules against their meaning checked only on full assignments
//! (`CheckOnly` in `bench/src`, a search with no filtering), on the same small
//! instances:
//!
//! - every single loop on the edges of a 3×4 grid of points (40 loops, 17 edges);
//!   the 4×4 grid (213 loops, 24 edges) with the rule alone, the check-only search
//!   having 2²⁴ leaves;
//! - every connected shading of a 4×4 grid of cells with three cells fixed shaded
//!   and one fixed unshaded;
//! - every forest of the edges of a 3×4 grid of points with three edges forced.
//!
//! Node counts are printed before timing (the rules prune, so they differ).
//!
//! ```text
//! cargo bench -p sieve-bench --bench graph_rules -- --warm-up-time 1 --measurement-time 3
//! ```

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion};
use sieve::prelude::*;
use sieve_bench::check_only::CheckOnly;

/// Whether a model gets the engine's rule or its meaning checked at the leaves.
#[derive(Copy, Clone, Debug)]
enum Filter {
    Rule,
    CheckOnly,
}

impl Filter {
    fn add(self, model: &mut Model, rule: impl Rule + 'static) {
        let added = match self {
            Filter::Rule => model.add_rule(rule),
            Filter::CheckOnly => model.add_rule(CheckOnly::new(rule)),
        };
        added.expect("variables of the model");
    }
}

/// Every single loop on the edges of a `rows × columns` grid of points.
fn loops(rows: usize, columns: usize, filter: Filter) -> Model {
    let graph = Graph::grid(rows, columns);
    let mut model = Model::new();
    let edges = model.new_vars(graph.edges().len(), 2);
    filter.add(
        &mut model,
        SingleLoop::new("loop", graph, edges).expect("a loop"),
    );
    model
}

/// Connected shadings of a 4×4 grid of cells: cells 0, 6 and 15 shaded, 5 not.
fn shadings(filter: Filter) -> Model {
    let graph = Graph::grid(4, 4);
    let mut model = Model::new();
    let cells = model.new_vars(16, 2);
    for (cell, value) in [(0, 1), (6, 1), (15, 1), (5, 0)] {
        model.fix(cells[cell], value).expect("a value");
    }
    let rule = Connected::new("shaded", graph, cells).expect("a region");
    filter.add(&mut model, rule);
    model
}

/// Forests of the edges of a 3×4 grid of points with the edges 0, 4 and 9 chosen.
fn forests(filter: Filter) -> Model {
    let graph = Graph::grid(3, 4);
    let mut model = Model::new();
    let edges = model.new_vars(graph.edges().len(), 2);
    for edge in [0, 4, 9] {
        model.fix(edges[edge], 1).expect("a value");
    }
    filter.add(
        &mut model,
        Acyclic::new("forest", graph, edges).expect("a forest"),
    );
    model
}

/// Count every solution; returns (solutions, nodes).
fn search(model: &Model) -> (u64, u64) {
    let mut search = Search::new(model, Config::default()).expect("a model's own state");
    let count = search.count_in_place(None);
    (count.solutions, search.counters().nodes)
}

/// One case: a name, the model for each filter, and whether the check-only search
/// is small enough to time.
type Case = (&'static str, fn(Filter) -> Model, bool);

fn cases() -> Vec<Case> {
    vec![
        ("loops 3x4 points", |filter| loops(3, 4, filter), true),
        ("loops 4x4 points", |filter| loops(4, 4, filter), false),
        ("connected shadings 4x4", shadings, true),
        ("forests 3x4 points", forests, true),
    ]
}

fn graph_rules(c: &mut Criterion) {
    let mut group = c.benchmark_group("graph_rules");
    group.sample_size(10);
    for (name, build, with_check_only) in cases() {
        let mut models = vec![("rule", build(Filter::Rule))];
        if with_check_only {
            models.push(("check only", build(Filter::CheckOnly)));
        }
        let counts: Vec<(u64, u64)> = models.iter().map(|(_, model)| search(model)).collect();
        assert!(
            counts.iter().all(|count| count.0 == counts[0].0),
            "{name}: {counts:?}"
        );
        for ((label, _), (solutions, nodes)) in models.iter().zip(&counts) {
            eprintln!("{name}, {label}: {solutions} solutions, {nodes} nodes");
        }
        for (label, model) in &models {
            group.bench_with_input(BenchmarkId::new(*label, name), model, |bench, model| {
                bench.iter(|| black_box(search(model)))
            });
        }
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    graph_rules(&mut criterion);
    criterion.final_summary();
}
