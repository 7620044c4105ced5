//! Sieve and the published `sudoku` crate on a fixed sample of each shared sudoku
//! set (17-clue, top1465, hardest-1106): both solve every puzzle of the sample and
//! prove it unique (they stop at a second solution).
//!
//! Before timing, every sampled puzzle is solved by both, Sieve's solution is
//! checked with the independent validator, and the two solutions are compared. The
//! whole-file figures come from the dataset runner (`src/bin/dataset.rs`); see
//! `bench/README.md`:
//!
//! ```text
//! cargo bench -p sieve-bench --bench sudoku
//! ```
//!
//! The sets are read from `../shared/data/sudoku` beside the repository, or from the
//! folder named by `SIEVE_SUDOKU_DATA`; a missing set is skipped with a message.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput};
use sieve::Config;
use sieve_sudoku::{Answer, Grid, Shape, Solver, SudokuModel, check_solution};

/// The sets, and how many puzzles of each the sample takes (spread evenly over the
/// file, so that the sample is the same on every run).
const SETS: [(&str, usize); 3] = [
    ("17_clue.txt", 200),
    ("magictour_top1465.txt", 100),
    ("forum_hardest_1106.txt", 30),
];

/// The folder of the shared sudoku sets.
fn data_folder() -> PathBuf {
    match std::env::var_os("SIEVE_SUDOKU_DATA") {
        Some(folder) => PathBuf::from(folder),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/sudoku"),
    }
}

/// One sampled puzzle, read by both solvers.
struct Sampled {
    grid: Grid,
    peer: sudoku::Sudoku,
}

/// Every `step`-th puzzle of a set, `count` in all; `None` when the file is missing.
fn sample(file: &str, count: usize) -> Option<Vec<Sampled>> {
    let path = data_folder().join(file);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("skipping {}: {error}", path.display());
            return None;
        }
    };
    let lines: Vec<&str> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    let step = (lines.len() / count).max(1);
    let puzzles = (lines.iter().step_by(step).take(count))
        .map(|line| Sampled {
            grid: Grid::parse(line).expect("the shared sets hold valid puzzles"),
            peer: sudoku::Sudoku::from_str_line(line).expect("the peer reads them too"),
        })
        .collect();
    Some(puzzles)
}

/// The peer's answer: how many solutions (up to 2), and the first.
fn peer_solve(puzzle: sudoku::Sudoku) -> (usize, [u8; 81]) {
    let mut found = [[0u8; 81]];
    let count = puzzle.solutions_up_to_buffer(&mut found, 2);
    (count, found[0])
}

/// Both solvers agree on every sampled puzzle, and Sieve's solutions check.
fn verify(solver: &mut Solver<'_>, puzzles: &[Sampled], set: &str) {
    for (index, puzzle) in puzzles.iter().enumerate() {
        let answer = solver.solve_unique(&puzzle.grid).expect("a 9x9 puzzle");
        let Answer::Solved(solution) = answer else {
            panic!("{set}, sample {index}: Sieve found no unique solution");
        };
        check_solution(&puzzle.grid, &solution).expect("Sieve's solution checks");
        let (count, first) = peer_solve(puzzle.peer);
        assert_eq!(count, 1, "{set}, sample {index}: the peer disagrees");
        let ours: Vec<u8> = solution
            .cells()
            .iter()
            .map(|v| v.unwrap_or(0) + 1)
            .collect();
        assert_eq!(
            ours[..],
            first[..],
            "{set}, sample {index}: other solutions"
        );
    }
}

fn solve_and_prove_unique(c: &mut Criterion) {
    let model = SudokuModel::fast(Shape::classic()).expect("the fast 9x9 model");
    let mut solver = Solver::new(&model, Config::default()).expect("a solver");
    let mut group = c.benchmark_group("sudoku_unique");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for (file, count) in SETS {
        let Some(puzzles) = sample(file, count) else {
            continue;
        };
        let set = file.trim_end_matches(".txt");
        verify(&mut solver, &puzzles, set);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(BenchmarkId::new("sieve", set), |b| {
            b.iter(|| {
                for puzzle in &puzzles {
                    black_box(solver.solve_unique(black_box(&puzzle.grid)).ok());
                }
            })
        });
        group.bench_function(BenchmarkId::new("sudoku-crate", set), |b| {
            b.iter(|| {
                for puzzle in &puzzles {
                    black_box(peer_solve(black_box(puzzle.peer)));
                }
            })
        });
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    solve_and_prove_unique(&mut criterion);
    criterion.final_summary();
}
