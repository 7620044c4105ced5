//! Skyscrapers: solve time per size (N = 4 to 9) on seeded generated sets.
//!
//! For each N, the set holds puzzles of two kinds, all unique: `logic`, the
//! hardest the tiers still solve without guessing (target tier 4, lines), and
//! `guessing`, puzzles every tier together leaves open. A solve is the whole
//! job: build the fast model (lines tier and height placements), propagate,
//! search, and prove the solution unique.
//!
//! Before timing, each puzzle is solved 15 times with each configuration and
//! its median kept; the table of those medians per size and kind (median and
//! maximum over the set, and the largest search) is printed to stderr. The
//! criterion part then times solving the whole set per size with the best
//! configuration.
//!
//! ```text
//! cargo bench -p sieve-bench --bench skyscrapers
//! ```

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use sieve::{Config, Schedule, VarOrder};
use sieve_skyscrapers::generate::{GenerateOptions, Target, generate_many};
use sieve_skyscrapers::solve::{Answer, solve};
use sieve_skyscrapers::{Order, Puzzle, Tier, format_puzzle_line};

/// Puzzles of each kind per size.
const PER_KIND: usize = 8;
/// The seed of every set (plus N).
const SEED: u64 = 2024;
/// Solves per puzzle in the statistics pass.
const RUNS: usize = 15;

/// The two kinds of puzzle in a set.
const KINDS: [(&str, Target); 2] = [
    ("logic", Target::Tier(Tier::Lines)),
    ("guessing", Target::Guessing),
];

/// The configurations compared: the command line's default, and the best.
fn configurations() -> [(&'static str, Config); 2] {
    [
        ("queue/fewest", Config::default()),
        (
            "priority/dom-wdeg",
            Config::default()
                .schedule(Schedule::Priority)
                .var_order(VarOrder::DomWdeg),
        ),
    ]
}

/// The set for size `size`, each puzzle with its kind.
fn puzzle_set(size: usize) -> Vec<(&'static str, Puzzle)> {
    KINDS
        .iter()
        .flat_map(|&(kind, target)| {
            generate_many(
                size,
                &GenerateOptions::new(target),
                SEED + size as u64,
                PER_KIND,
            )
            .expect("the generator reaches every target for N = 4..9")
            .into_iter()
            .map(move |generated| (kind, generated.puzzle))
        })
        .collect()
}

/// Solves once, checks uniqueness, returns the nodes searched.
fn solve_unique(puzzle: &Puzzle, config: &Config) -> u64 {
    let solved = solve(puzzle, config).expect("the model builds");
    assert!(
        matches!(solved.answer, Answer::Unique(_)),
        "generated puzzles are unique"
    );
    solved.counters.nodes
}

/// The median time of `RUNS` solves of one puzzle, and its nodes.
fn median_solve(puzzle: &Puzzle, config: &Config) -> (Duration, u64) {
    let mut nodes = 0;
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            nodes = solve_unique(black_box(puzzle), config);
            started.elapsed()
        })
        .collect();
    times.sort();
    (times[RUNS / 2], nodes)
}

fn micros(duration: Duration) -> String {
    format!("{:.0} µs", duration.as_secs_f64() * 1e6)
}

/// Prints one table row per size, kind and configuration, then the slowest
/// puzzle of each size and kind (under the first configuration).
fn print_statistics(sets: &[(usize, Vec<(&'static str, Puzzle)>)]) {
    eprintln!(
        "| N | kind | configuration | puzzles | median | slowest | over 1 ms | over 10 ms | most nodes |"
    );
    eprintln!(
        "|---|------|---------------|--------:|-------:|--------:|----------:|-----------:|-----------:|"
    );
    let mut slowest = Vec::new();
    for (size, set) in sets {
        for (kind, _) in KINDS {
            for (index, (name, config)) in configurations().into_iter().enumerate() {
                let mut rows: Vec<(Duration, u64, &Puzzle)> = set
                    .iter()
                    .filter(|(k, _)| *k == kind)
                    .map(|(_, puzzle)| {
                        let (time, nodes) = median_solve(puzzle, &config);
                        (time, nodes, puzzle)
                    })
                    .collect();
                rows.sort_by_key(|&(time, nodes, _)| (time, nodes));
                let most_nodes = rows.iter().map(|(_, nodes, _)| *nodes).max().unwrap_or(0);
                let over = |limit: Duration| rows.iter().filter(|(time, ..)| *time > limit).count();
                let (last_time, _, last_puzzle) = rows[rows.len() - 1];
                eprintln!(
                    "| {size} | {kind} | {name} | {} | {} | {} | {} | {} | {most_nodes} |",
                    rows.len(),
                    micros(rows[rows.len() / 2].0),
                    micros(last_time),
                    over(Duration::from_millis(1)),
                    over(Duration::from_millis(10)),
                );
                if index == 0 {
                    let line = format_puzzle_line(last_puzzle, Order::Source);
                    slowest.push(format!("{size}x{size} {kind}: {line}"));
                }
            }
        }
    }
    eprintln!("slowest puzzles (first configuration):");
    for line in slowest {
        eprintln!("  {line}");
    }
}

fn solve_sets(c: &mut Criterion) {
    let sets: Vec<(usize, Vec<(&'static str, Puzzle)>)> =
        (4..=9).map(|size| (size, puzzle_set(size))).collect();
    print_statistics(&sets);
    let (_, best) = configurations()[1];
    let mut group = c.benchmark_group("skyscrapers_solve");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(4));
    for (size, set) in &sets {
        group.throughput(Throughput::Elements(set.len() as u64));
        group.bench_function(format!("{size}x{size}"), |b| {
            b.iter(|| {
                set.iter()
                    .map(|(_, puzzle)| solve_unique(black_box(puzzle), &best))
                    .sum::<u64>()
            })
        });
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    solve_sets(&mut criterion);
    criterion.final_summary();
}
