//! What the word layer (`sieve::fast`) buys over values and value sets, measured
//! where the rules that use it spend their time:
//!
//! - **read**: the candidates of 81 cells of 9 values, as one word each
//!   (`Words::word`) or as a `ValueSet` (`Domains::candidates`);
//! - **narrow**: one rule keeping a mask in each of 81 cells, by `keep_word` or by
//!   `Context::retain` with a `ValueSet`, propagated from full domains;
//! - **queens**: counting the 92 solutions of 8 queens with the queens crate's rule
//!   (a scan of every column as one word, `single_words`, and one bulk removal,
//!   `remove_word_each`) against the same model with a rule that removes the
//!   attacked values one by one through `Context::remove`.
//!
//! The figures are in `bench/README.md` ("Value access"):
//!
//! ```text
//! cargo bench -p sieve-bench --bench value_access
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use sieve::fast::{WordChanges, Words};
use sieve::prelude::*;
use sieve_queens::QueensModel;

const CELLS: usize = 81;
const SIZE: u32 = 9;

/// A state of 81 cells of 9 values with a spread of candidates.
fn cells() -> (Model, Domains) {
    let mut model = Model::new();
    let vars = model.new_vars(CELLS, SIZE);
    let mut state = model.domains();
    for (index, &var) in vars.iter().enumerate() {
        state.retain_word(var, (index as u64 * 0x9E37_79B9) & 0x1FF | 1);
    }
    (model, state)
}

fn read(c: &mut Criterion) {
    let (model, state) = cells();
    let mut group = c.benchmark_group("value_access/read");
    group.bench_function("word", |bench| {
        bench.iter(|| {
            model
                .vars()
                .map(|var| black_box(&state).word(var).count_ones())
                .sum::<u32>()
        })
    });
    group.bench_function("value set", |bench| {
        bench.iter(|| {
            model
                .vars()
                .map(|var| black_box(&state).candidates(var).len() as u32)
                .sum::<u32>()
        })
    });
    group.finish();
}

/// Keeps, in every cell, the values of a fixed mask.
struct KeepMask {
    vars: Vec<VarId>,
    by_word: bool,
}

impl Rule for KeepMask {
    fn name(&self) -> &str {
        "keep a mask"
    }

    fn watches(&self) -> Vec<Watch> {
        self.vars
            .iter()
            .map(|&var| Watch::new(var, Events::NONE))
            .collect()
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let why = Why::new("mask");
        let keep = [0, 2, 4, 6, 8].into_iter().collect::<ValueSet>();
        for &var in &self.vars {
            if self.by_word {
                ctx.keep_word(var, 0b1_0101_0101, &why)?;
            } else {
                ctx.retain(var, &keep, &why)?;
            }
        }
        Ok(())
    }

    fn holds(&self, _values: &[Value]) -> bool {
        true
    }
}

fn narrow(c: &mut Criterion) {
    let mut group = c.benchmark_group("value_access/narrow");
    for (label, by_word) in [("keep_word", true), ("retain value set", false)] {
        let mut model = Model::new();
        let vars = model.new_vars(CELLS, SIZE);
        model
            .add_rule(KeepMask { vars, by_word })
            .expect("the model's cells");
        let start = model.domains();
        group.bench_function(label, |bench| {
            bench.iter(|| {
                let mut state = start.clone();
                propagate(&model, &mut state, Schedule::Queue, None).expect("one model");
                black_box(state.total_candidates())
            })
        });
    }
    group.finish();
}

/// The queens crate's column rule written with values only: once its queen stands,
/// remove its row and diagonals from every other column, one value at a time.
struct ValueAttacks {
    column: usize,
    size: usize,
}

impl Rule for ValueAttacks {
    fn name(&self) -> &str {
        "queen attacks by value"
    }

    fn watches(&self) -> Vec<Watch> {
        let mut watches = vec![Watch::new(VarId::from_index(self.column), Events::ASSIGNED)];
        watches
            .extend((0..self.column).map(|left| Watch::new(VarId::from_index(left), Events::NONE)));
        watches
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let Some(row) = ctx.domains().value(VarId::from_index(self.column)) else {
            return Ok(());
        };
        let why = Why::new("queen attack");
        for other in (0..self.size).filter(|&other| other != self.column) {
            let var = VarId::from_index(other);
            let distance = other.abs_diff(self.column) as Value;
            ctx.remove(var, row, &why)?;
            ctx.remove(var, row + distance, &why)?;
            if row >= distance {
                ctx.remove(var, row - distance, &why)?;
            }
        }
        ctx.declare_entailed();
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let row = values[self.column];
        values[..self.column]
            .iter()
            .enumerate()
            .all(|(left, &other)| {
                other != row && other.abs_diff(row) as usize != self.column - left
            })
    }
}

fn queens(c: &mut Criterion) {
    const N: usize = 8;
    let crate_model = QueensModel::new(N).expect("8 queens");
    let mut by_value = Model::new();
    let columns = by_value.new_vars(N, N as u32);
    for column in 0..N {
        by_value
            .add_rule(ValueAttacks { column, size: N })
            .expect("the board's columns");
    }
    let order: Vec<VarId> = crate_model
        .model()
        .branch_order()
        .map(|order| order.to_vec())
        .unwrap_or(columns);
    by_value.set_branch_order(order).expect("every column once");
    let count = |model: &Model| {
        let mut search = Search::new(model, Config::default()).expect("a model's own state");
        let count = search.count_in_place(None).solutions;
        (count, search.counters().nodes)
    };
    let (words, values) = (count(crate_model.model()), count(&by_value));
    assert_eq!(words, values, "both rules search the same tree");
    let mut group = c.benchmark_group("value_access/queens 8");
    group.bench_function("single_words + remove_word_each", |bench| {
        bench.iter(|| black_box(count(crate_model.model())))
    });
    group.bench_function("remove by value", |bench| {
        bench.iter(|| black_box(count(&by_value)))
    });
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default()
        .configure_from_args()
        .measurement_time(Duration::from_secs(3));
    read(&mut criterion);
    narrow(&mut criterion);
    queens(&mut criterion);
    criterion.final_summary();
}
