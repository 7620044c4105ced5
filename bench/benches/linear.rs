//! The engine's `LinearSum`, which keeps its totals as reversible state, against the
//! same bounds reasoning recomputed from scratch at every run (`FromScratchSum`, the
//! rule as it was), on models made of sums:
//!
//! - counting every 3×3 magic square (8) and the first 4×4 one, with one sum per
//!   line and an all-different;
//! - SEND + MORE = MONEY with leading zeros allowed, one long weighted sum, every
//!   solution.
//!
//! Both rules reach the same fixpoints, so before timing each model is searched once
//! with each and the node counts are asserted equal: only the time differs.
//!
//! ```text
//! cargo bench -p sieve-bench --bench linear
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion};
use sieve::prelude::*;
use sieve_bench::from_scratch_sum::FromScratchSum;

/// Which of the two sum rules a model is built with.
#[derive(Copy, Clone, Debug)]
enum Sum {
    Incremental,
    FromScratch,
}

impl Sum {
    fn rule(self, name: String, terms: Vec<(i64, VarId)>, rhs: i64) -> Box<dyn Rule> {
        match self {
            Sum::Incremental => Box::new(LinearSum::new(name, terms, Relation::Equal, rhs)),
            Sum::FromScratch => Box::new(FromScratchSum::new(name, terms, Relation::Equal, rhs)),
        }
    }
}

/// An order-`n` magic square over the values 0..n² (line sum n(n²−1)/2).
fn magic(n: usize, sum: Sum) -> Model {
    let mut model = Model::new();
    let cells = model.new_vars(n * n, (n * n) as u32);
    model
        .add_rule(AllDifferent::new("all different", cells.clone()))
        .expect("cells of the model");
    let target = (n * (n * n - 1) / 2) as i64;
    let mut lines: Vec<Vec<VarId>> = Vec::new();
    for i in 0..n {
        lines.push((0..n).map(|j| cells[i * n + j]).collect());
        lines.push((0..n).map(|j| cells[j * n + i]).collect());
    }
    lines.push((0..n).map(|i| cells[i * n + i]).collect());
    lines.push((0..n).map(|i| cells[i * n + n - 1 - i]).collect());
    for (index, line) in lines.into_iter().enumerate() {
        let terms = line.into_iter().map(|var| (1, var)).collect();
        model
            .add_boxed(sum.rule(format!("line {index}"), terms, target))
            .expect("cells of the model");
    }
    model
}

/// SEND + MORE = MONEY, leading zeros allowed (so it has many solutions).
fn send_more_money(sum: Sum) -> Model {
    let mut model = Model::new();
    let [s, e, n, d, m, o, r, y] = model.new_vars(8, 10)[..] else {
        unreachable!("eight letters")
    };
    model
        .add_rule(AllDifferent::new(
            "different digits",
            vec![s, e, n, d, m, o, r, y],
        ))
        .expect("letters of the model");
    let terms = vec![
        (1000, s),
        (91, e),
        (-90, n),
        (1, d),
        (-9000, m),
        (-900, o),
        (10, r),
        (-1, y),
    ];
    model
        .add_boxed(sum.rule("the sum".to_string(), terms, 0))
        .expect("letters of the model");
    model
}

/// Search a model: every solution up to `limit`; returns (solutions, nodes).
fn search(model: &Model, limit: Option<u64>) -> (u64, u64) {
    let mut search = Search::new(model, Config::default()).expect("a model's own state");
    let count = search.count_in_place(limit);
    (count.solutions, search.counters().nodes)
}

/// One timed case: a name, the model for each rule, and how many solutions to find.
type Case = (&'static str, fn(Sum) -> Model, Option<u64>);

/// The cases.
fn cases() -> Vec<Case> {
    vec![
        ("magic 3x3, all", |sum| magic(3, sum), None),
        ("magic 4x4, first", |sum| magic(4, sum), Some(1)),
        ("send+more=money, all", send_more_money, None),
    ]
}

fn linear(c: &mut Criterion) {
    let mut group = c.benchmark_group("linear_sum");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(4));
    for (name, build, limit) in cases() {
        let incremental = build(Sum::Incremental);
        let from_scratch = build(Sum::FromScratch);
        let (a, b) = (search(&incremental, limit), search(&from_scratch, limit));
        assert_eq!(a, b, "{name}: both rules must search the same tree");
        eprintln!("{name}: {} solutions, {} nodes", a.0, a.1);
        for (label, model) in [
            ("incremental", &incremental),
            ("from scratch", &from_scratch),
        ] {
            group.bench_with_input(BenchmarkId::new(label, name), model, |bench, model| {
                bench.iter(|| black_box(search(model, limit)))
            });
        }
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    linear(&mut criterion);
    criterion.final_summary();
}
