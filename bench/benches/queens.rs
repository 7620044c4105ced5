//! N-queens: counting every solution for N = 8..14 with the generic engine
//! and, in the same run, with the specialised bitboard counter (the practical
//! limit); and min-conflicts repair of 10⁶ and 10⁷ queens.
//!
//! ```text
//! cargo bench -p sieve-bench --bench queens
//! cargo bench -p sieve-bench --bench queens -- queens_count   # counting only
//! ```
//!
//! Before timing, each count is checked against the bitboard counter and the
//! engine's search statistics are printed; each repair result is checked by
//! the independent validator. The figures are in `bench/README.md`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion};
use sieve::Config;
use sieve_bench::queens_bitboard;
use sieve_queens::{QueensModel, RepairOptions, check_solution, solve_min_conflicts};

/// Counts with the engine's search model (one thread, default strategies).
fn engine_count(model: &QueensModel) -> u64 {
    model
        .count(&Config::default(), 1)
        .expect("one thread needs no pool")
        .solutions
}

fn count_solutions(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens_count");
    for n in 8..=14u32 {
        let model = QueensModel::new(n as usize).expect("N is in range");
        let report = model.count(&Config::default(), 1).expect("one thread");
        let expected = queens_bitboard::count_solutions(n).expect("N fits the masks");
        assert_eq!(report.solutions, expected, "N = {n}");
        eprintln!(
            "N = {n}: {} solutions | engine nodes {} | propagations {} | changes {}",
            report.solutions,
            report.counters.nodes,
            report.counters.propagations,
            report.counters.changes
        );
        let (samples, seconds) = match n {
            8..=11 => (30, 5),
            12 => (20, 8),
            _ => (10, 20),
        };
        group.sample_size(samples);
        group.measurement_time(Duration::from_secs(seconds));
        group.bench_with_input(BenchmarkId::new("engine", n), &model, |b, model| {
            b.iter(|| engine_count(black_box(model)))
        });
        group.bench_with_input(BenchmarkId::new("bitboard", n), &n, |b, &n| {
            b.iter(|| queens_bitboard::count_solutions(black_box(n)))
        });
    }
    group.finish();
}

fn repair_at_scale(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens_repair");
    group.sample_size(10);
    for n in [1_000_000usize, 10_000_000] {
        let run = solve_min_conflicts(n, &RepairOptions::default()).expect("N is in range");
        assert!(run.solved(), "N = {n}: {:?}", run.end);
        assert_eq!(check_solution(&run.board), Ok(()));
        eprintln!(
            "N = {n}: start collisions {} | repair steps {} | refused {} | start {:.0} ms | repair {:.1} ms",
            run.start_collisions,
            run.steps,
            run.refused,
            run.start_time.as_secs_f64() * 1000.0,
            run.repair_time.as_secs_f64() * 1000.0
        );
        group.measurement_time(Duration::from_secs(if n > 1_000_000 { 60 } else { 15 }));
        group.bench_with_input(BenchmarkId::new("min_conflicts", n), &n, |b, &n| {
            b.iter(|| {
                let run = solve_min_conflicts(black_box(n), &RepairOptions::default())
                    .expect("N is in range");
                assert!(run.solved());
                run.steps
            })
        });
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    count_solutions(&mut criterion);
    repair_at_scale(&mut criterion);
    criterion.final_summary();
}
