//! The variable-order axis: `first`, `fewest` (fewest values) and `dom-wdeg` on the
//! same models, with the default schedule and restore (`queue`, `copy`).
//!
//! - `var_order_queens`: counting every N-queens solution, N = 8 and 9, with the
//!   search model;
//! - `var_order_sudoku`: solving and proving unique the 16 puzzles of
//!   `bench/data/sudoku_sample.txt` (top1465 and forum-hardest samples), with the
//!   fast model and with the `hidden-single` tier, where the order matters more.
//!
//! Before timing, every group runs through `sieve::matrix`: all orders must find the
//! same solutions (and the queens counts must match OEIS A000170), or the suite
//! panics. The node counts printed there are the work each order does. Figures and
//! commands are in `bench/README.md`:
//!
//! ```text
//! cargo bench -p sieve-bench --bench var_order
//! ```

mod matrix_check;

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, Throughput};
use matrix_check::{assert_agreement, data_lines, short_group, solve_all};
use sieve::matrix::{Strategy, Subject};
use sieve::{Domains, Model, Restore, Schedule, VarOrder};
use sieve_queens::QueensModel;
use sieve_sudoku::{Grid, Shape, SudokuModel, Tier};

/// OEIS A000170 for N = 8 and 9.
const QUEENS: [(usize, u64); 2] = [(8, 92), (9, 352)];

/// One strategy per variable order, default schedule and restore.
fn strategies() -> Vec<Strategy> {
    Strategy::product(&[Schedule::Queue], &[Restore::Copy], &VarOrder::ALL)
}

/// Times every strategy on one model and its start states.
fn bench_orders(
    group: &mut BenchmarkGroup<'_, WallTime>,
    parameter: &str,
    model: &Model,
    starts: &[Domains],
    limit: Option<u64>,
) {
    group.throughput(Throughput::Elements(starts.len() as u64));
    for strategy in strategies() {
        let id = BenchmarkId::new(strategy.name.clone(), parameter);
        group.bench_function(id, |b| {
            b.iter(|| solve_all(model, black_box(starts), &strategy.config, limit))
        });
    }
}

fn queens(c: &mut Criterion) {
    let mut group = c.benchmark_group("var_order_queens");
    short_group(&mut group);
    for (size, expected) in QUEENS {
        let queens = QueensModel::new(size).expect("N is in range");
        let starts = vec![queens.model().domains()];
        let label = format!("N={size}");
        let subjects = [Subject::new(&label, queens.model(), &starts)];
        assert_agreement("var_order_queens", &subjects, &strategies(), None);
        for strategy in strategies() {
            let found = solve_all(queens.model(), &starts, &strategy.config, None);
            assert_eq!(
                found, expected,
                "N = {size}, {}: OEIS A000170",
                strategy.name
            );
        }
        bench_orders(&mut group, &label, queens.model(), &starts, None);
    }
    group.finish();
}

fn sudoku(c: &mut Criterion) {
    let grids: Vec<Grid> = data_lines("sudoku_sample.txt")
        .iter()
        .map(|line| Grid::parse(line).expect("the sample holds valid puzzles"))
        .collect();
    let models = [
        ("fast", SudokuModel::fast(Shape::classic())),
        (
            "hidden-single",
            SudokuModel::with_tier(Shape::classic(), Tier::HiddenSingle),
        ),
    ];
    let mut group = c.benchmark_group("var_order_sudoku");
    short_group(&mut group);
    for (label, sudoku) in models {
        let sudoku = sudoku.expect("the 9x9 models build");
        let starts: Vec<Domains> = grids
            .iter()
            .map(|grid| sudoku.start(grid).expect("a 9x9 grid"))
            .collect();
        let subjects = [Subject::new(label, sudoku.model(), &starts)];
        assert_agreement("var_order_sudoku", &subjects, &strategies(), Some(2));
        bench_orders(&mut group, label, sudoku.model(), &starts, Some(2));
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    queens(&mut criterion);
    sudoku(&mut criterion);
    criterion.final_summary();
}
