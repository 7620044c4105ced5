//! `Cardinality` of the value 1 over 0/1 variables against `LinearSum` of the same
//! variables (the count of 1s is their sum). On 0/1 variables both filter the
//! same (bounds of a 0/1 sum are its domain consistency), so the search trees are
//! the same and only time differs; the node counts are asserted equal before
//! timing.
//!
//! Instances: 0/1 grids whose rows and columns count their 1s (Binairo's "as many
//! black as white", tent and magnet counts), the first 20 000 solutions or all.
//!
//! ```text
//! cargo bench -p sieve-bench --bench cardinality -- --warm-up-time 1 --measurement-time 3
//! ```

use std::hint::black_box;
use std::ops::RangeInclusive;

use criterion::{BenchmarkId, Criterion};
use sieve::prelude::*;

/// Which rule counts a line.
#[derive(Copy, Clone, Debug)]
enum Counter {
    Cardinality,
    LinearSum,
}

impl Counter {
    /// Between `bounds` of `vars` are 1.
    fn rule(
        self,
        name: String,
        vars: Vec<VarId>,
        bounds: RangeInclusive<usize>,
    ) -> Vec<Box<dyn Rule>> {
        let (low, high) = (*bounds.start(), *bounds.end());
        match self {
            Counter::Cardinality => {
                let rule = Cardinality::between(name, vars, ValueSet::single(1), bounds);
                vec![Box::new(rule.expect("bounds within the line"))]
            }
            Counter::LinearSum if low == high => {
                vec![Box::new(LinearSum::sum_equals(name, &vars, low as i64))]
            }
            Counter::LinearSum => {
                let terms: Vec<(i64, VarId)> = vars.iter().map(|&var| (1, var)).collect();
                vec![
                    Box::new(LinearSum::new(
                        name.clone(),
                        terms.clone(),
                        Relation::AtLeast,
                        low as i64,
                    )),
                    Box::new(LinearSum::new(name, terms, Relation::AtMost, high as i64)),
                ]
            }
        }
    }
}

/// A `side × side` 0/1 grid whose rows count `rows` 1s and columns `cols`.
fn grid(
    side: usize,
    rows: RangeInclusive<usize>,
    cols: RangeInclusive<usize>,
    counter: Counter,
) -> Model {
    let mut model = Model::new();
    let cells = model.new_vars(side * side, 2);
    for i in 0..side {
        let row = (0..side).map(|j| cells[i * side + j]).collect();
        let col = (0..side).map(|j| cells[j * side + i]).collect();
        for (name, line, bounds) in [
            (format!("row {i}"), row, &rows),
            (format!("column {i}"), col, &cols),
        ] {
            for rule in counter.rule(name.clone(), line, bounds.clone()) {
                model.add_boxed(rule).expect("cells of the model");
            }
        }
    }
    model
}

/// Solutions up to `limit`: (solutions, nodes).
fn search(model: &Model, limit: Option<u64>) -> (u64, u64) {
    let mut search = Search::new(model, Config::default()).expect("a model's own state");
    let count = search.count_in_place(limit);
    (count.solutions, search.counters().nodes)
}

/// One timed case: a name, the model for each counter, and the solution limit.
type Case = (&'static str, fn(Counter) -> Model, Option<u64>);

fn cases() -> Vec<Case> {
    vec![
        ("balanced 4x4, all", |c| grid(4, 2..=2, 2..=2, c), None),
        (
            "balanced 6x6, first 20000",
            |c| grid(6, 3..=3, 3..=3, c),
            Some(20_000),
        ),
        (
            "rows 1..=3, columns 3, 6x6, first 20000",
            |c| grid(6, 1..=3, 3..=3, c),
            Some(20_000),
        ),
    ]
}

fn cardinality(c: &mut Criterion) {
    let mut group = c.benchmark_group("cardinality");
    group.sample_size(10);
    for (name, build, limit) in cases() {
        let (counted, summed) = (build(Counter::Cardinality), build(Counter::LinearSum));
        let (a, b) = (search(&counted, limit), search(&summed, limit));
        assert_eq!(a, b, "{name}: both counters must search the same tree");
        eprintln!("{name}: {} solutions, {} nodes", a.0, a.1);
        for (label, model) in [("cardinality", &counted), ("linear sum", &summed)] {
            group.bench_with_input(BenchmarkId::new(label, name), model, |bench, model| {
                bench.iter(|| black_box(search(model, limit)))
            });
        }
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    cardinality(&mut criterion);
    criterion.final_summary();
}
