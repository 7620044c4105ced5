//! The engine's strategies on one model: counting every N-queens solution for
//! N = 8..10 with the search model, under the three propagation schedules and
//! the two restore strategies.
//!
//! The search tree does not depend on the schedule or the restore strategy,
//! so before timing every combination is run once and its node count is
//! asserted equal to the others' (and its solution count to OEIS A000170).
//! Only speed differs. The figures are in `bench/README.md`:
//!
//! ```text
//! cargo bench -p sieve-bench --bench engine
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion};
use sieve::{Config, Restore, Schedule};
use sieve_queens::QueensModel;

/// OEIS A000170 for N = 8, 9, 10.
const SOLUTIONS: [(usize, u64); 3] = [(8, 92), (9, 352), (10, 724)];

/// Every schedule with every restore strategy.
fn strategies() -> impl Iterator<Item = (Schedule, Restore)> {
    Schedule::ALL.into_iter().flat_map(|schedule| {
        Restore::ALL
            .into_iter()
            .map(move |restore| (schedule, restore))
    })
}

/// Runs every combination once, checks the counts, and asserts one node count.
fn check_same_tree(model: &QueensModel, expected: u64) {
    let mut nodes = Vec::new();
    for (schedule, restore) in strategies() {
        let config = Config::default().schedule(schedule).restore(restore);
        let report = model.count(&config, 1).expect("one thread needs no pool");
        assert_eq!(report.solutions, expected, "{schedule:?}/{restore:?}");
        eprintln!(
            "N = {}, {schedule:?}/{restore:?}: nodes {} | propagations {} | changes {}",
            model.size(),
            report.counters.nodes,
            report.counters.propagations,
            report.counters.changes
        );
        nodes.push(report.counters.nodes);
    }
    assert!(
        nodes.windows(2).all(|pair| pair[0] == pair[1]),
        "N = {}: node counts differ across strategies: {nodes:?}",
        model.size()
    );
}

fn schedules_and_restores(c: &mut Criterion) {
    let mut group = c.benchmark_group("engine_strategies_queens");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(5));
    for (n, expected) in SOLUTIONS {
        let model = QueensModel::new(n).expect("N is in range");
        check_same_tree(&model, expected);
        for (schedule, restore) in strategies() {
            let config = Config::default().schedule(schedule).restore(restore);
            let id = BenchmarkId::new(format!("{schedule:?}-{restore:?}"), n);
            group.bench_with_input(id, &config, |b, config| {
                b.iter(|| {
                    model
                        .count(black_box(config), 1)
                        .expect("one thread needs no pool")
                        .solutions
                })
            });
        }
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    schedules_and_restores(&mut criterion);
    criterion.final_summary();
}
