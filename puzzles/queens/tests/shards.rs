//! A count split into shards adds up to the count of one search, whatever the
//! number of shards and threads, and a cancelled part is never called finished.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use sieve::Config;
use sieve::split::Shard;
use sieve_queens::{PartOptions, QueensModel};

/// OEIS A000170 and A002562 for N = 8, 9, 10.
const COUNTS: [(usize, u64, u64); 3] = [(8, 92, 12), (9, 352, 46), (10, 724, 92)];

#[test]
fn the_shards_add_up_to_one_run_for_every_split() {
    let config = Config::default();
    for (size, all, unique) in COUNTS {
        let model = QueensModel::new(size).expect("a size");
        assert_eq!(model.count(&config, 1).expect("a count").solutions, all);
        for shards in [1, 2, 3, 7] {
            let subtrees = model.subtrees(&config, 16 * shards).expect("a split");
            assert!(
                subtrees.len() >= 16 * shards,
                "N = {size}: {}",
                subtrees.len()
            );
            for (want, counting_unique) in [(all, false), (unique, true)] {
                let mut total = 0;
                let mut seen = vec![0; subtrees.len()];
                for index in 0..shards {
                    let shard = Shard::new(index, shards).expect("a shard");
                    let indices: Vec<usize> = subtrees.of_shard(shard).map(|(i, _)| i).collect();
                    let options = PartOptions {
                        threads: 2,
                        unique: counting_unique,
                        cancel: None,
                    };
                    let parts = model
                        .count_parts(&subtrees, &indices, &config, &options, &|_, _| {})
                        .expect("a count");
                    assert_eq!(parts.stopped, None);
                    assert_eq!(parts.finished.len(), indices.len());
                    for (index, _) in &parts.finished {
                        seen[*index] += 1;
                    }
                    total += parts.total().solutions;
                }
                assert!(seen.iter().all(|&times| times == 1), "each subtree once");
                assert_eq!(
                    total, want,
                    "N = {size}, {shards} shards, unique {counting_unique}"
                );
            }
        }
    }
}

#[test]
fn threads_count_the_same_as_one_search() {
    let model = QueensModel::new(10).expect("a size");
    let config = Config::default();
    for threads in [2, 3] {
        assert_eq!(
            model.count(&config, threads).expect("a count").solutions,
            724
        );
        assert_eq!(
            model
                .count_unique(&config, threads)
                .expect("a count")
                .solutions,
            92
        );
    }
}

#[test]
fn a_raised_cancel_flag_finishes_no_subtree() {
    let model = QueensModel::new(9).expect("a size");
    let config = Config::default();
    let subtrees = model.subtrees(&config, 32).expect("a split");
    let every: Vec<usize> = (0..subtrees.len()).collect();
    let options = PartOptions {
        threads: 1,
        unique: false,
        cancel: Some(Arc::new(AtomicBool::new(true))),
    };
    let parts = model
        .count_parts(&subtrees, &every, &config, &options, &|_, _| {
            panic!("no subtree may finish")
        })
        .expect("a count");
    assert!(parts.finished.is_empty());
    assert_eq!(parts.stopped, Some(sieve::StopReason::Cancelled));
}

#[test]
fn a_node_limit_bounds_the_whole_call() {
    let model = QueensModel::new(10).expect("a size");
    let config = Config::default().node_limit(500);
    let subtrees = model.subtrees(&config, 64).expect("a split");
    let every: Vec<usize> = (0..subtrees.len()).collect();
    let parts = model
        .count_parts(
            &subtrees,
            &every,
            &config,
            &PartOptions::default(),
            &|_, _| {},
        )
        .expect("a count");
    let total = parts.total();
    assert_eq!(total.stopped, Some(sieve::StopReason::NodeLimit));
    assert!(total.counters.nodes <= 500 + 1, "{}", total.counters.nodes);
    assert!(total.solutions < 724);
}
