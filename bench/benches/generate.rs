//! Sudoku generation with the `unique` method: 9×9 unique minimal puzzles,
//! for any difficulty and for each target tier; 16×16 and 25×25 puzzles.
//!
//! Before timing, each configuration generates a few puzzles one by one on
//! this thread and prints their median and mean time, the rate and the mean
//! number of clues, so the figures in `bench/README.md` come from the same
//! run; the 36×36 and 49×49 lines are printed from that pass alone (one
//! puzzle each, too slow for criterion's samples):
//!
//! ```text
//! cargo bench -p sieve-bench --bench generate
//! ```
//!
//! Every puzzle comes from a new seed, so the times average over puzzles.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use sieve_sudoku::Shape;
use sieve_sudoku::generate::{TargetDifficulty, UniqueGenerator, UniqueOptions};

/// The CPU time this process has used, in seconds, from `/proc/self/stat`
/// (user + system, in the kernel's 100 ticks a second); `None` elsewhere.
/// On a shared machine it counts only the time this process ran, not the
/// time it waited for a core.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |index: usize| fields.get(index)?.parse::<f64>().ok();
    Some((ticks(11)? + ticks(12)?) / 100.0)
}

/// Generates `count` puzzles from seeds 0.. and prints their statistics:
/// wall-clock median and mean, the rate by wall clock and by CPU time, and
/// the mean number of clues.
fn print_statistics(label: &str, options: UniqueOptions, count: u64) {
    let generator = UniqueGenerator::new(options).expect("the models build");
    let mut worker = generator.worker().expect("the search builds");
    let mut seconds = Vec::new();
    let mut clues = 0;
    let cpu_start = cpu_seconds();
    for seed in 0..count {
        let start = Instant::now();
        let puzzle = worker.generate(seed).expect("a puzzle");
        seconds.push(start.elapsed().as_secs_f64());
        clues += puzzle.visible_count();
    }
    let cpu = cpu_start
        .zip(cpu_seconds())
        .map(|(start, end)| format!("{:.1}", count as f64 / (end - start).max(0.01)))
        .unwrap_or_else(|| "?".to_string());
    let total: f64 = seconds.iter().sum();
    seconds.sort_by(f64::total_cmp);
    eprintln!(
        "{label}: {count} puzzles | median {:.6} s | mean {:.6} s | {:.1} puzzles/s | {cpu} puzzles/CPU-s | mean clues {:.1}",
        seconds[seconds.len() / 2],
        total / count as f64,
        count as f64 / total,
        clues as f64 / count as f64,
    );
}

/// Times one puzzle a criterion iteration, each from the next seed.
fn bench_options(c: &mut Criterion, group: &str, label: &str, options: UniqueOptions) {
    let generator = UniqueGenerator::new(options).expect("the models build");
    let mut worker = generator.worker().expect("the search builds");
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(1));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    let mut seed = 0u64;
    group.bench_function(label, |b| {
        b.iter(|| {
            seed += 1;
            black_box(worker.generate(seed).expect("a puzzle"))
        })
    });
    group.finish();
}

fn classic_minimal() -> UniqueOptions {
    UniqueOptions::new(Shape::classic()).minimal(true)
}

fn generate_9x9(c: &mut Criterion) {
    print_statistics("9x9 minimal, any difficulty", classic_minimal(), 2000);
    bench_options(c, "generate_9x9_minimal", "any", classic_minimal());
    for target in TargetDifficulty::ALL {
        let options = classic_minimal().difficulty(target);
        let count = match target {
            TargetDifficulty::Tier(tier) if tier.number() == 1 || tier.number() == 5 => 20,
            _ => 200,
        };
        print_statistics(&format!("9x9 minimal, {target}"), options, count);
        bench_options(c, "generate_9x9_minimal", target.name(), options);
    }
}

fn generate_large(c: &mut Criterion) {
    for (side, count) in [(4, 100), (5, 20)] {
        let shape = Shape::square(side).expect("a square shape");
        let label = format!("{shape} ({0}x{0})", side * side);
        print_statistics(&label, UniqueOptions::new(shape), count);
        bench_options(c, "generate_unique", &label, UniqueOptions::new(shape));
    }
    for side in [6, 7] {
        let shape = Shape::square(side).expect("a square shape");
        let label = format!("{shape} ({0}x{0})", side * side);
        print_statistics(&label, UniqueOptions::new(shape), 1);
    }
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    generate_9x9(&mut criterion);
    generate_large(&mut criterion);
    criterion.final_summary();
}
