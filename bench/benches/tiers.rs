//! The rule-tier axis: the same puzzles under each rule set, with the default
//! strategy (`queue`, `copy`, fewest values), solving and proving unique.
//!
//! - `tiers_sudoku`: the 16 puzzles of `bench/data/sudoku_sample.txt` under the
//!   fast model and each tier 1-5 (`naked-single` … `fish`, each with every simpler
//!   tier);
//! - `tiers_skyscrapers`: the twelve 4×4 and 5×5 puzzles of
//!   `bench/data/skyscrapers.txt` under the fast model and each tier 1-4 (`edge` …
//!   `lines`). A skyscrapers model belongs to one puzzle, so a pass solves twelve
//!   models. (The 6×6 and 7×7 puzzles of the file are left out: under `edge` alone
//!   their searches take seconds each.)
//!
//! Before timing, every rule set must find the same solutions as every other, or the
//! suite panics: through `sieve::matrix` for sudoku, and for skyscrapers by comparing
//! each tier's unique grid, checked by the independent checker (the fast skyscrapers
//! model adds variables of its own, so whole solutions differ). The node and
//! propagation counts printed there are the work each tier does. Figures and commands are in
//! `bench/README.md`:
//!
//! ```text
//! cargo bench -p sieve-bench --bench tiers
//! ```

mod matrix_check;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput};
use matrix_check::{assert_agreement, data_lines, short_group, solve_all};
use sieve::matrix::{Strategy, Subject};
use sieve::{Config, Uniqueness};
use sieve_skyscrapers::{Grid, Order, SkyscrapersModel, check, parse_puzzle_line};
use sieve_sudoku::{Shape, SudokuModel};

/// Solve and prove unique.
const LIMIT: Option<u64> = Some(2);

/// The skyscrapers puzzles of the suite: the first twelve of the file (N = 4 and 5).
const SKYSCRAPERS_PUZZLES: usize = 12;

fn sudoku(c: &mut Criterion) {
    let grids: Vec<sieve_sudoku::Grid> = data_lines("sudoku_sample.txt")
        .iter()
        .map(|line| sieve_sudoku::Grid::parse(line).expect("the sample holds valid puzzles"))
        .collect();
    let shape = Shape::classic();
    let mut models = vec![("fast".to_string(), SudokuModel::fast(shape))];
    for tier in sieve_sudoku::Tier::ALL {
        models.push((tier.name().to_string(), SudokuModel::with_tier(shape, tier)));
    }
    let models: Vec<(String, SudokuModel)> = models
        .into_iter()
        .map(|(label, model)| (label, model.expect("the 9x9 models build")))
        .collect();
    let starts: Vec<Vec<_>> = models
        .iter()
        .map(|(_, sudoku)| {
            grids
                .iter()
                .map(|g| sudoku.start(g).expect("9x9"))
                .collect()
        })
        .collect();
    let subjects: Vec<Subject<'_>> = models
        .iter()
        .zip(&starts)
        .map(|((label, sudoku), starts)| Subject::new(label, sudoku.model(), starts))
        .collect();
    let strategy = Strategy::named(Config::default());
    assert_agreement("tiers_sudoku", &subjects, &[strategy], LIMIT);
    let mut group = c.benchmark_group("tiers_sudoku");
    short_group(&mut group);
    group.throughput(Throughput::Elements(grids.len() as u64));
    let config = Config::default();
    for subject in &subjects {
        group.bench_function(BenchmarkId::from_parameter(subject.label), |b| {
            b.iter(|| solve_all(subject.model, black_box(subject.starts), &config, LIMIT))
        });
    }
    group.finish();
}

/// A rule set's label and its model of each puzzle.
type TierModels = (String, Vec<SkyscrapersModel>);

/// The fast model and each tier, every one over every puzzle.
fn skyscrapers_models() -> Vec<TierModels> {
    let puzzles: Vec<_> = data_lines("skyscrapers.txt")
        .iter()
        .take(SKYSCRAPERS_PUZZLES)
        .map(|line| parse_puzzle_line(line, Order::Source).expect("the file holds valid puzzles"))
        .collect();
    let built = |model: Result<SkyscrapersModel, _>| model.expect("the models build");
    let mut sets = vec![(
        "fast".to_string(),
        puzzles
            .iter()
            .map(|p| built(SkyscrapersModel::fast(p)))
            .collect(),
    )];
    for tier in sieve_skyscrapers::Tier::ALL {
        let models = puzzles
            .iter()
            .map(|p| built(SkyscrapersModel::new(p, tier)));
        sets.push((tier.name().to_string(), models.collect()));
    }
    sets
}

/// Every rule set finds the same unique grid of every puzzle, and the independent
/// checker accepts it. (The grids are compared, not whole solutions as
/// `sieve::matrix` does: the fast model adds variables of its own after the cells.)
fn assert_same_grids(sets: &[TierModels]) {
    for puzzle in 0..SKYSCRAPERS_PUZZLES {
        let mut first: Option<(&str, Grid)> = None;
        for (label, models) in sets {
            let sky = &models[puzzle];
            let mut search = sky.search(Config::default()).expect("the models search");
            let Uniqueness::Unique(solution) = search.uniqueness() else {
                panic!(
                    "tiers_skyscrapers, puzzle {}: `{label}` finds no unique solution",
                    puzzle + 1
                );
            };
            let grid = sky.grid_of_values(&solution.values);
            if let Err(violation) = check(sky.puzzle(), &grid) {
                panic!(
                    "tiers_skyscrapers, puzzle {}: `{label}` is wrong: {violation}",
                    puzzle + 1
                );
            }
            match &first {
                None => first = Some((label, grid)),
                Some((reference, expected)) => assert!(
                    *expected == grid,
                    "tiers_skyscrapers, puzzle {}: STRATEGIES DISAGREE: `{reference}` and `{label}` find different grids",
                    puzzle + 1
                ),
            }
        }
    }
}

fn skyscrapers(c: &mut Criterion) {
    let sets = skyscrapers_models();
    assert_same_grids(&sets);
    let starts: Vec<Vec<_>> = sets
        .iter()
        .map(|(_, models)| models.iter().map(|m| vec![m.start()]).collect())
        .collect();
    for (label, models) in &sets {
        let (mut nodes, mut propagations) = (0, 0);
        for sky in models {
            let mut search = sky.search(Config::default()).expect("the models search");
            search.count_in_place(LIMIT);
            nodes += search.counters().nodes;
            propagations += search.counters().propagations;
        }
        eprintln!(
            "tiers_skyscrapers, {label}: {SKYSCRAPERS_PUZZLES} puzzles, {nodes} nodes, {propagations} propagations"
        );
    }
    let mut group = c.benchmark_group("tiers_skyscrapers");
    short_group(&mut group);
    group.throughput(Throughput::Elements(SKYSCRAPERS_PUZZLES as u64));
    let config = Config::default();
    for ((label, models), starts) in sets.iter().zip(&starts) {
        group.bench_function(BenchmarkId::from_parameter(label), |b| {
            b.iter(|| {
                (models.iter().zip(starts))
                    .map(|(sky, start)| solve_all(sky.model(), black_box(start), &config, LIMIT))
                    .sum::<u64>()
            })
        });
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    sudoku(&mut criterion);
    skyscrapers(&mut criterion);
    criterion.final_summary();
}
