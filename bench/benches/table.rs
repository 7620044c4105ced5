//! The engine's `Table` (Compact-Table: support masks, a reversible sparse bitset of
//! live tuples) and `Element`, each against what a model would use without them:
//!
//! - KenKen-like puzzles with sum cages only (6×6, random Latin squares cut into
//!   cages of 2–4 cells): every cage a `Table` against a `LinearSum` (bounds); the
//!   Latin rows and columns are `AllDifferent` in both. The pruning differs, so the
//!   node counts do too;
//! - KenKen-like puzzles with all four operations (+ − × ÷): every cage a `Table`
//!   against the same table read afresh at every run (`FromScratchTable`, no state):
//!   there is no library decomposition of a product cage, and the two reach the
//!   same fixpoints, so the node counts are asserted equal and only time differs;
//! - lookups `value_i = costs_i[index_i]` with different indices and a fixed total:
//!   `Element::of_constants` against a `Table` of the (index, value) pairs (both
//!   domain consistent: node counts asserted equal).
//!
//! Every solution of each puzzle of a batch is counted.
//!
//! ```text
//! cargo bench -p sieve-bench --bench table
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion};
use sieve::prelude::*;
use sieve::rules::{Element, Table};
use sieve_bench::from_scratch_table::FromScratchTable;
use sieve_bench::kenken::{KenKen, Operation};

/// How a model writes its cages.
#[derive(Copy, Clone, Debug)]
enum Cages {
    /// The engine's `Table`.
    Table,
    /// `FromScratchTable`, the same tuples read afresh at every run.
    FromScratch,
    /// `LinearSum` (sum cages only).
    LinearSum,
}

/// The model of a puzzle, its cages written as `cages` says.
fn kenken(puzzle: &KenKen, cages: Cages) -> Model {
    let n = puzzle.n;
    let mut model = Model::new();
    let cells = model.new_vars_in(n * n, 1..=n as Value).expect("a range");
    for i in 0..n {
        let row = (0..n).map(|c| cells[i * n + c]).collect();
        let column = (0..n).map(|r| cells[r * n + i]).collect();
        model
            .add_rule(AllDifferent::new(format!("row {i}"), row))
            .expect("cells");
        model
            .add_rule(AllDifferent::new(format!("column {i}"), column))
            .expect("cells");
    }
    for (index, cage) in puzzle.cages.iter().enumerate() {
        let vars: Vec<VarId> = cage.cells.iter().map(|&cell| cells[cell]).collect();
        let name = format!("cage {index}: {}{}", cage.target, cage.operation.sign());
        let (operation, target) = (cage.operation, cage.target);
        let table = Table::from_predicate(name.clone(), vars.clone(), &model, |values| {
            operation.holds(values, target)
        })
        .expect("the cage's own solution is a tuple");
        let rule: Box<dyn Rule> = match cages {
            Cages::Table => Box::new(table),
            Cages::FromScratch => {
                let tuples = table.tuples().map(<[Value]>::to_vec).collect();
                Box::new(FromScratchTable::new(name, vars, tuples))
            }
            Cages::LinearSum => {
                assert_eq!(operation, Operation::Sum, "only sums have a LinearSum");
                Box::new(LinearSum::sum_equals(name, &vars, i64::from(target)))
            }
        };
        model.add_boxed(rule).expect("cells");
    }
    model
}

/// How a lookup model writes `value_i = costs_i[index_i]`.
#[derive(Copy, Clone, Debug)]
enum Lookup {
    Element,
    PairTable,
}

/// `count` lookups into arrays of `len` costs (seeded), different indices, the
/// values summing to the sum of the first choice's.
fn lookups(count: usize, len: usize, seed: u64, lookup: Lookup) -> Model {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move |bound: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % bound
    };
    let mut model = Model::new();
    let indices = model.new_vars(count, len as u32);
    let values = model.new_vars_in(count, 0..=40).expect("a range");
    let mut total = 0;
    for i in 0..count {
        let costs: Vec<Value> = (0..len).map(|_| next(41) as Value).collect();
        total += i64::from(costs[i]);
        let name = format!("lookup {i}");
        let rule: Box<dyn Rule> = match lookup {
            Lookup::Element => {
                Box::new(Element::of_constants(name, &costs, indices[i], values[i]).expect("costs"))
            }
            Lookup::PairTable => {
                let pairs = costs
                    .iter()
                    .enumerate()
                    .map(|(j, &cost)| [j as Value, cost]);
                Box::new(Table::new(name, vec![indices[i], values[i]], pairs).expect("pairs"))
            }
        };
        model.add_boxed(rule).expect("the model's variables");
    }
    model
        .add_rule(AllDifferent::new("indices", indices))
        .expect("vars");
    model
        .add_rule(LinearSum::sum_equals("total", &values, total))
        .expect("vars");
    model
}

/// Count every solution of each model; returns (solutions, nodes) over the batch.
fn count_all(models: &[Model]) -> (u64, u64) {
    models.iter().fold((0, 0), |(solutions, nodes), model| {
        let mut search = Search::new(model, Config::default()).expect("a model");
        let count = search.count_in_place(None);
        (solutions + count.solutions, nodes + search.counters().nodes)
    })
}

/// One timed comparison: a name and the batches of models, the engine's rule first.
struct Case {
    name: &'static str,
    subjects: Vec<(&'static str, Vec<Model>)>,
    same_tree: bool,
}

fn cases() -> Vec<Case> {
    let seeds = 1..=10u64;
    let sums: Vec<KenKen> = seeds
        .clone()
        .map(|s| KenKen::random(6, 4, &[Operation::Sum], s))
        .collect();
    let all_operations = [
        Operation::Sum,
        Operation::Product,
        Operation::Difference,
        Operation::Quotient,
    ];
    let mixed: Vec<KenKen> = seeds
        .clone()
        .map(|s| KenKen::random(6, 4, &all_operations, s))
        .collect();
    let batch = |puzzles: &[KenKen], cages| puzzles.iter().map(|p| kenken(p, cages)).collect();
    let lookup_batch = |lookup| seeds.clone().map(|s| lookups(6, 12, s, lookup)).collect();
    vec![
        Case {
            name: "sum cages 6x6 x10",
            subjects: vec![
                ("table", batch(&sums, Cages::Table)),
                ("linear sum", batch(&sums, Cages::LinearSum)),
            ],
            same_tree: false,
        },
        Case {
            name: "+-x/ cages 6x6 x10",
            subjects: vec![
                ("table", batch(&mixed, Cages::Table)),
                ("from scratch", batch(&mixed, Cages::FromScratch)),
            ],
            same_tree: true,
        },
        Case {
            name: "6 lookups of 12 x10",
            subjects: vec![
                ("element", lookup_batch(Lookup::Element)),
                ("pair table", lookup_batch(Lookup::PairTable)),
            ],
            same_tree: true,
        },
    ]
}

fn table(c: &mut Criterion) {
    let mut group = c.benchmark_group("table");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(4));
    for case in cases() {
        let counts: Vec<(u64, u64)> = case
            .subjects
            .iter()
            .map(|(_, models)| count_all(models))
            .collect();
        for ((label, _), (solutions, nodes)) in case.subjects.iter().zip(&counts) {
            eprintln!(
                "{}: {label}: {solutions} solutions, {nodes} nodes",
                case.name
            );
        }
        assert!(
            counts.iter().all(|count| count.0 == counts[0].0),
            "{}: same solutions",
            case.name
        );
        if case.same_tree {
            assert!(
                counts.iter().all(|count| count == &counts[0]),
                "{}: same tree",
                case.name
            );
        }
        for (label, models) in &case.subjects {
            group.bench_with_input(
                BenchmarkId::new(*label, case.name),
                models,
                |bench, models| bench.iter(|| black_box(count_all(models))),
            );
        }
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    table(&mut criterion);
    criterion.final_summary();
}
