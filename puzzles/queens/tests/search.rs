//! The propagation model under the engine's search: first solutions, every
//! solution, counts against OEIS, counts up to symmetry, threads, strategies.

use std::collections::HashSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use sieve::oracle::check_all_rules;
use sieve::prelude::*;
use sieve_queens::{Board, QueensError, QueensModel, check_solution, unique_up_to_symmetry};

/// OEIS A000170: solutions of N queens, N = 1..12.
const A000170: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

/// OEIS A002562: solutions up to rotation and reflection, N = 1..12.
const A002562: [u64; 12] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787];

/// Every solution by a plain recursive enumeration, sharing nothing with the
/// crate.
fn plain_solutions(size: u32) -> HashSet<Vec<u32>> {
    fn extend(size: u32, rows: &mut Vec<u32>, found: &mut HashSet<Vec<u32>>) {
        if rows.len() == size as usize {
            found.insert(rows.clone());
            return;
        }
        let column = rows.len();
        for row in 1..=size {
            if rows.iter().enumerate().all(|(other, &other_row)| {
                other_row != row && other_row.abs_diff(row) as usize != column - other
            }) {
                rows.push(row);
                extend(size, rows, found);
                rows.pop();
            }
        }
    }
    let mut found = HashSet::new();
    extend(size, &mut Vec::new(), &mut found);
    found
}

#[test]
fn counts_match_oeis_a000170_with_one_and_two_threads() {
    for (index, &expected) in A000170.iter().enumerate() {
        let size = index + 1;
        let model = QueensModel::new(size).unwrap();
        let one = model.count(&Config::default(), 1).unwrap();
        assert_eq!(one.solutions, expected, "N = {size}");
        assert!(one.stopped.is_none());
        assert_eq!(one.counters.solutions, expected);
        let two = model.count(&Config::default(), 2).unwrap();
        assert_eq!(two.solutions, expected, "N = {size}, 2 threads");
        // The tree is split into subtrees below its first decisions: at least
        // 256 of them, unless the tree is smaller (a subtree without a
        // solution still counts as one searched); N = 8 has only 92 leaves.
        let split = model.subtrees(&Config::default(), 256).unwrap();
        assert_eq!(two.subtrees, split.len(), "N = {size}");
        assert!(
            two.subtrees >= 256 || size < 10,
            "N = {size}: {}",
            two.subtrees
        );
    }
}

#[test]
fn counts_up_to_symmetry_match_oeis_a002562() {
    for (index, &expected) in A002562.iter().enumerate().take(10) {
        let size = index + 1;
        let model = QueensModel::new(size).unwrap();
        assert_eq!(
            model.count_unique(&Config::default(), 1).unwrap().solutions,
            expected,
            "N = {size}"
        );
    }
    let eleven = QueensModel::new(11).unwrap();
    assert_eq!(
        eleven
            .count_unique(&Config::default(), 2)
            .unwrap()
            .solutions,
        A002562[10]
    );
}

#[test]
fn every_solution_is_found_once() {
    for size in 1..=9u32 {
        let model = QueensModel::new(size as usize).unwrap();
        let boards: Vec<Board> = model.solutions(&Config::default()).collect();
        let found: HashSet<Vec<u32>> = boards.iter().map(|board| board.rows.clone()).collect();
        assert_eq!(found.len(), boards.len(), "N = {size}: a solution twice");
        assert_eq!(found, plain_solutions(size), "N = {size}");
    }
    let eight: Vec<Board> = QueensModel::new(8)
        .unwrap()
        .solutions(&Config::default())
        .collect();
    assert_eq!(unique_up_to_symmetry(&eight).unwrap().len(), 12);
}

#[test]
fn first_solutions_are_valid_up_to_n_64() {
    for size in (1..=40).chain([50, 64]) {
        let model = QueensModel::new(size).unwrap();
        let (first, counters) = model.first(&Config::default()).unwrap();
        match first {
            Some(board) => {
                assert_eq!(board.size(), size);
                assert_eq!(check_solution(&board), Ok(()), "N = {size}");
                assert_eq!(counters.solutions, 1);
            }
            None => assert!(size == 2 || size == 3, "N = {size} has solutions"),
        }
    }
}

#[test]
fn boards_beyond_64_use_multi_word_domains() {
    let model = QueensModel::new(70).unwrap();
    let (first, _) = model.first(&Config::default()).unwrap();
    assert_eq!(check_solution(&first.unwrap()), Ok(()));
}

#[test]
fn n_16_counts_with_a_node_limit_as_a_lower_bound() {
    let model = QueensModel::new(16).unwrap();
    let limited = model
        .count(&Config::default().node_limit(20_000), 1)
        .unwrap();
    assert_eq!(limited.stopped, Some(StopReason::NodeLimit));
    assert!(limited.solutions > 0);
    let (first, _) = model.first(&Config::default()).unwrap();
    assert_eq!(check_solution(&first.unwrap()), Ok(()));
}

#[test]
fn every_schedule_and_restore_explores_the_same_tree() {
    let model = QueensModel::new(8).unwrap();
    for var_order in VarOrder::ALL {
        let mut nodes = HashSet::new();
        for schedule in Schedule::ALL {
            for restore in Restore::ALL {
                let config = Config::default()
                    .schedule(schedule)
                    .restore(restore)
                    .var_order(var_order);
                let report = model.count(&config, 1).unwrap();
                assert_eq!(
                    report.solutions, 92,
                    "{schedule:?} {restore:?} {var_order:?}"
                );
                nodes.insert(report.counters.nodes);
            }
        }
        assert_eq!(
            nodes.len(),
            1,
            "{var_order:?}: node counts differ: {nodes:?}"
        );
    }
}

#[test]
fn random_value_orders_find_the_same_solutions() {
    let model = QueensModel::new(7).unwrap();
    let config = Config::default().value_order(ValueOrder::Random { seed: 9 });
    let found: HashSet<Vec<u32>> = model.solutions(&config).map(|board| board.rows).collect();
    assert_eq!(found, plain_solutions(7));
}

#[test]
fn the_column_rules_are_sound() {
    let model = QueensModel::new(6).unwrap();
    let engine = model.model();
    let vars: Vec<VarId> = engine.vars().collect();
    for placed in [
        vec![(0, 1)],
        vec![(3, 0)],
        vec![(0, 1), (5, 4)],
        vec![(2, 2), (3, 4)],
    ] {
        let mut state = engine.domains();
        for &(column, row) in &placed {
            state.assign(vars[column], row).unwrap();
        }
        assert_eq!(
            check_all_rules(engine, &state).unwrap(),
            Ok(()),
            "{placed:?}"
        );
    }
}

/// Each column rule's check, on every full assignment of a small board (rows may
/// repeat) and on random ones of the largest one-word board and a longer one,
/// equals a plain pairwise reading of its meaning: no queen to its left on its
/// row or a diagonal.
#[test]
fn the_column_checks_mean_what_they_say() {
    fn attacks_left(values: &[Value], column: usize) -> bool {
        (0..column).any(|left| {
            let (a, b) = (values[left], values[column]);
            a == b || a.abs_diff(b) as usize == column - left
        })
    }
    fn agree(values: &[Value]) {
        let size = values.len() as u32;
        for column in 0..values.len() {
            let rule = sieve_queens::ColumnAttacks::new(column, size);
            assert_eq!(
                rule.holds(values),
                !attacks_left(values, column),
                "{values:?}, column {column}"
            );
        }
    }
    let size = 5u32;
    for code in 0..size.pow(size) {
        let values: Vec<Value> = (0..size)
            .map(|i| (code / size.pow(i) % size) as Value)
            .collect();
        agree(&values);
    }
    let mut random = ChaCha8Rng::seed_from_u64(64);
    for size in [64u32, 70] {
        for _ in 0..200 {
            let values: Vec<Value> = (0..size)
                .map(|_| random.random_range(0..size) as Value)
                .collect();
            agree(&values);
        }
    }
}

#[test]
fn bad_sizes_are_errors() {
    assert_eq!(QueensModel::new(0).err(), Some(QueensError::EmptyBoard));
    let error = QueensModel::new(257).err().unwrap();
    assert_eq!(
        error.to_string(),
        "N = 257 is too large for the search model: at most 256"
    );
}
