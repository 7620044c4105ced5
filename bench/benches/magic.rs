//! Counting all 7,040 magic squares of order 4 from scratch: the benchmark for
//! the sum rules, under every propagation schedule and both magic rule sets.
//!
//! Before timing, each configuration is run once and its search statistics
//! (nodes, failures, propagations) are printed, so the figures recorded in
//! `bench/README.md` come from the same run:
//!
//! ```text
//! cargo bench -p sieve-bench --bench magic
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use sieve::{Config, Restore, Schedule};
use sieve_magic::{MagicModel, PartialSquare, Rules};

/// The number of normal magic squares of order 4.
const ORDER_4_SQUARES: u64 = 7040;

/// Counts every order-4 square and checks the count; returns the nodes searched.
fn count_order_4(magic: &MagicModel, empty: &PartialSquare, config: &Config) -> u64 {
    let counted = magic
        .count(empty, None, config, None)
        .expect("the order-4 model counts");
    assert_eq!(counted.count.solutions, ORDER_4_SQUARES);
    counted.counters.nodes
}

/// Prints one configuration's search statistics, from one untimed run.
fn print_statistics(label: &str, magic: &MagicModel, empty: &PartialSquare, config: &Config) {
    let counted = magic
        .count(empty, None, config, None)
        .expect("the order-4 model counts");
    let counters = &counted.counters;
    eprintln!(
        "{label}: solutions {} | nodes {} | failures {} | propagations {} | changes {}",
        counted.count.solutions,
        counters.nodes,
        counters.failures,
        counters.propagations,
        counters.changes
    );
}

fn count_all_order_4_squares(c: &mut Criterion) {
    let empty = PartialSquare::empty(4).expect("order 4 is a valid order");
    let mut group = c.benchmark_group("magic_count_order_4");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(15));
    for rules in Rules::ALL {
        let magic = MagicModel::with_rules(4, rules).expect("the order-4 model builds");
        for schedule in Schedule::ALL {
            let config = Config::default().schedule(schedule).restore(Restore::Copy);
            let label = format!("{rules:?}/{schedule:?}");
            print_statistics(&label, &magic, &empty, &config);
            group.bench_function(label, |b| {
                b.iter(|| count_order_4(&magic, black_box(&empty), &config))
            });
        }
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    count_all_order_4_squares(&mut criterion);
    criterion.final_summary();
}
