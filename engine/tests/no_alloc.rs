//! The hot path (wake, propagate, branch, restore) does not allocate: after one warm-up
//! run has sized every buffer, a whole search allocates nothing, under every schedule
//! and restore strategy.

mod common;

use sieve::prelude::*;

#[global_allocator]
static ALLOCATOR: dhat::Alloc = dhat::Alloc;

#[test]
fn searching_again_allocates_nothing() {
    let _profiler = dhat::Profiler::builder().testing().build();
    let model = common::queens(9);
    let (sudoku, sudoku_start) = common::sudoku4("1...........2..3");
    for config in common::all_configs() {
        for (model, start) in [(&model, model.domains()), (&sudoku, sudoku_start.clone())] {
            let mut search = Search::from_state(model, start.clone(), config).unwrap();
            let warm_up = search.count_in_place(None).solutions;
            search.restart(&start).unwrap();
            let before = dhat::HeapStats::get();
            let mut again = 0;
            while search.next_values().is_some() {
                again += 1;
            }
            let after = dhat::HeapStats::get();
            assert_eq!(again, warm_up);
            assert!(search.counters().nodes > 10);
            assert_eq!(
                after.total_blocks - before.total_blocks,
                0,
                "{config:?} allocated during search"
            );
        }
    }
}
