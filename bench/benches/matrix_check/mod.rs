//! What the axis suites (`var_order`, `tiers`) share: the repository's bench data, the
//! agreement check run before any timing, and one timed pass over a set of puzzles.

use std::path::PathBuf;
use std::time::Duration;

use criterion::BenchmarkGroup;
use criterion::measurement::WallTime;
use sieve::matrix::{MatrixOptions, Strategy, Subject, run_matrix};
use sieve::{Config, Domains, Model, Search};

/// A suite's default run stays short: a user runs it by hand on a shared machine.
pub fn short_group(group: &mut BenchmarkGroup<'_, WallTime>) {
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
}

/// The puzzle lines of a file in `bench/data` (blank lines and `#` comments left out).
pub fn data_lines(name: &str) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// Runs every strategy on every subject once through `sieve::matrix`, prints the
/// nodes per row, and panics when two strategies disagree on any answer (or, on the
/// same search tree, on the node count): the timings of a wrong rule set or strategy
/// are worthless.
pub fn assert_agreement(
    what: &str,
    subjects: &[Subject<'_>],
    strategies: &[Strategy],
    solution_limit: Option<u64>,
) {
    let options = MatrixOptions {
        repeats: 1,
        solution_limit,
        ..MatrixOptions::default()
    };
    let report = run_matrix(subjects, strategies, &options, &mut |_, _| {})
        .unwrap_or_else(|error| panic!("{what}: the matrix could not run: {error}"));
    for row in &report.rows {
        eprintln!(
            "{what}, {} {}: {} puzzle(s), {} solution(s), {} nodes, {} propagations",
            row.rule_set,
            row.strategy,
            row.puzzle_count,
            row.totals.solutions,
            row.totals.nodes,
            row.totals.propagations
        );
    }
    if let Err(error) = report.check() {
        for disagreement in &report.disagreements {
            eprintln!("  {disagreement}");
        }
        panic!("{what}: {error}");
    }
}

/// One pass over `starts` with one search, as `sieve bench` times it: the total
/// number of solutions found (each search stops at `solution_limit`).
pub fn solve_all(
    model: &Model,
    starts: &[Domains],
    config: &Config,
    solution_limit: Option<u64>,
) -> u64 {
    let Some(first) = starts.first() else {
        return 0;
    };
    let mut search =
        Search::from_state(model, first.clone(), *config).expect("the start states fit the model");
    let mut solutions = 0;
    for start in starts {
        search
            .restart(start)
            .expect("the start states fit the model");
        solutions += search.count_in_place(solution_limit).solutions;
    }
    solutions
}
