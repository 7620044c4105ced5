//! What the search's check of every solution against every rule costs
//! (`Config::skip_solution_check`), on rule sets whose rules the oracle checks
//! complete, so that both settings find the same solutions:
//!
//! - N-queens with one rule per pair of columns (28 rules at N = 8, none of them
//!   declared entailed): every solution is checked against every pair;
//! - N-queens with the queens crate's rules, which declare themselves entailed once
//!   their queen stands: the check already skips them, so skipping it saves nothing.
//!
//! Counts are asserted equal under both settings before timing. The figures are in
//! `bench/README.md` ("Solution check"):
//!
//! ```text
//! cargo bench -p sieve-bench --bench solution_check
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion};
use sieve::prelude::*;
use sieve_queens::QueensModel;

/// Queens in columns `a` and `b`, `distance` apart, do not attack each other;
/// complete: once both stand, an attack empties a domain.
struct Pair {
    a: VarId,
    b: VarId,
    distance: Value,
}

impl Pair {
    fn clear(&self, ctx: &mut Context<'_>, from: VarId, to: VarId) -> Result<(), Conflict> {
        let Some(row) = ctx.domains().value(from) else {
            return Ok(());
        };
        let why = Why::new("queen attack");
        ctx.remove(to, row, &why)?;
        ctx.remove(to, row + self.distance, &why)?;
        if row >= self.distance {
            ctx.remove(to, row - self.distance, &why)?;
        }
        Ok(())
    }
}

impl Rule for Pair {
    fn name(&self) -> &str {
        "pair"
    }

    fn watches(&self) -> Vec<Watch> {
        vec![
            Watch::new(self.a, Events::ASSIGNED),
            Watch::new(self.b, Events::ASSIGNED),
        ]
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        self.clear(ctx, self.a, self.b)?;
        self.clear(ctx, self.b, self.a)
    }

    fn holds(&self, values: &[Value]) -> bool {
        let (x, y) = (values[self.a.index()], values[self.b.index()]);
        x != y && x.abs_diff(y) != self.distance as u32
    }
}

fn pairs(n: usize) -> Model {
    let mut model = Model::new();
    let columns = model.new_vars(n, n as u32);
    for i in 0..n {
        for j in i + 1..n {
            model
                .add_rule(Pair {
                    a: columns[i],
                    b: columns[j],
                    distance: (j - i) as Value,
                })
                .expect("the board's columns");
        }
    }
    model
}

fn count(model: &Model, skip: bool) -> u64 {
    let config = Config::default().skip_solution_check(skip);
    Search::new(model, config)
        .expect("a model's own state")
        .count(None)
        .solutions
}

fn solution_check(c: &mut Criterion) {
    let mut group = c.benchmark_group("solution_check");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(4));
    for n in [8usize, 10] {
        let crate_model = QueensModel::new(n).expect("N is in range");
        let pairs = pairs(n);
        for (label, model) in [("pairs", &pairs), ("entailed", crate_model.model())] {
            assert_eq!(count(model, false), count(model, true), "{label}, N = {n}");
            for (setting, skip) in [("checked", false), ("skipped", true)] {
                group.bench_with_input(
                    BenchmarkId::new(format!("{label} {setting}"), n),
                    model,
                    |bench, model| bench.iter(|| black_box(count(model, skip))),
                );
            }
        }
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    solution_check(&mut criterion);
    criterion.final_summary();
}
