//! `Regular` over `Automaton::runs` against two baselines that filter the same
//! (domain consistency, so the search trees are the same and only time differs):
//!
//! - `recompute`: the same rule with `Regular::recompute_layers`, sweeping from every
//!   state at every run instead of keeping the live states of each layer;
//! - `placements`: the classic line solver, listing the placements of the runs at
//!   every run (`sieve_bench::line_placements`), no automaton and no state.
//!
//! Instances: random nonograms (each cell filled with probability 2/5, clues read
//! from the picture), every solution or the first few thousand counted; and a single line of 30 cells with a
//! clue of four runs, every arrangement counted. Before timing, each instance is
//! searched with each rule and the node counts are asserted equal.
//!
//! ```text
//! cargo bench -p sieve-bench --bench regular -- --warm-up-time 1 --measurement-time 3
//! ```

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion};
use sieve::prelude::*;
use sieve_bench::line_placements::LinePlacements;

/// Which rule a line is built with.
#[derive(Copy, Clone, Debug)]
enum Line {
    Kept,
    Recompute,
    Placements,
}

impl Line {
    fn rule(self, name: String, cells: Vec<VarId>, clue: &[usize]) -> Box<dyn Rule> {
        let automaton = || Automaton::runs(clue, 0, 1).expect("a clue of positive runs");
        match self {
            Line::Kept => Box::new(Regular::new(name, cells, automaton())),
            Line::Recompute => Box::new(Regular::new(name, cells, automaton()).recompute_layers()),
            Line::Placements => Box::new(LinePlacements::new(name, cells, clue.to_vec(), 0, 1)),
        }
    }
}

/// A seeded xorshift generator.
struct Random(u64);

impl Random {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % bound
    }
}

/// The lengths of the runs of `true` in `line`.
fn runs(line: impl Iterator<Item = bool>) -> Vec<usize> {
    let mut runs = vec![0];
    for filled in line {
        match (filled, runs.last_mut()) {
            (true, Some(last)) => *last += 1,
            (false, Some(&mut last)) if last > 0 => runs.push(0),
            _ => {}
        }
    }
    runs.retain(|&run| run > 0);
    runs
}

/// A random `side × side` nonogram with the clues of a random picture.
fn nonogram(seed: u64, side: usize, line: Line) -> Model {
    let mut random = Random(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let picture: Vec<bool> = (0..side * side).map(|_| random.below(5) < 2).collect();
    let mut model = Model::new();
    let cells = model.new_vars(side * side, 2);
    for i in 0..side {
        let row: Vec<usize> = (0..side).map(|j| i * side + j).collect();
        let col: Vec<usize> = (0..side).map(|j| j * side + i).collect();
        for (kind, indices) in [("row", row), ("column", col)] {
            let clue = runs(indices.iter().map(|&k| picture[k]));
            let vars = indices.iter().map(|&k| cells[k]).collect();
            let rule = line.rule(format!("{kind} {i}"), vars, &clue);
            model.add_boxed(rule).expect("cells of the model");
        }
    }
    model
}

/// One line of `length` cells with the clue `clue`.
fn single_line(length: usize, clue: &[usize], line: Line) -> Model {
    let mut model = Model::new();
    let cells = model.new_vars(length, 2);
    model
        .add_boxed(line.rule("line".to_string(), cells, clue))
        .expect("cells of the model");
    model
}

/// Solutions up to `limit`: (solutions, nodes).
fn search(model: &Model, limit: Option<u64>) -> (u64, u64) {
    let mut search = Search::new(model, Config::default()).expect("a model's own state");
    let count = search.count_in_place(limit);
    (count.solutions, search.counters().nodes)
}

/// One timed case: a name, its model for each rule, and the solution limit.
type Case = (String, Box<dyn Fn(Line) -> Model>, Option<u64>);

fn cases() -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for (seed, side, limit) in [(1, 10, None), (3, 15, Some(500)), (4, 20, Some(200))] {
        let name = match limit {
            None => format!("nonogram {side}x{side} seed {seed}, all"),
            Some(limit) => format!("nonogram {side}x{side} seed {seed}, first {limit}"),
        };
        cases.push((
            name,
            Box::new(move |line| nonogram(seed, side, line)),
            limit,
        ));
    }
    {
        let clue = vec![3, 1, 2, 4];
        let name = format!("line of 30, clue {clue:?}, all");
        cases.push((
            name,
            Box::new(move |line| single_line(30, &clue, line)),
            None,
        ));
    }
    cases
}

fn regular(c: &mut Criterion) {
    let mut group = c.benchmark_group("regular");
    group.sample_size(10);
    for (name, build, limit) in cases() {
        let models =
            [Line::Kept, Line::Recompute, Line::Placements].map(|line| (line, build(line)));
        let counts: Vec<(u64, u64)> = models
            .iter()
            .map(|(_, model)| search(model, limit))
            .collect();
        assert!(
            counts.windows(2).all(|w| w[0] == w[1]),
            "{name}: {counts:?}"
        );
        eprintln!("{name}: {} solutions, {} nodes", counts[0].0, counts[0].1);
        for (line, model) in &models {
            let label = format!("{line:?}").to_lowercase();
            group.bench_with_input(BenchmarkId::new(label, &name), model, |bench, model| {
                bench.iter(|| black_box(search(model, limit)))
            });
        }
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    regular(&mut criterion);
    criterion.final_summary();
}
