//! Min-conflicts repair in the engine's loop: every result checked by the
//! independent validator. The large goals (10⁶ and 10⁷ queens) are measured
//! in `bench/benches/queens.rs`, not here.

use sieve::{Repair, RepairConfig, RepairEnd, RepairProblem};
use sieve_queens::{MinConflicts, QueensError, RepairOptions, check_solution, solve_min_conflicts};

fn options(seed: u64) -> RepairOptions {
    RepairOptions {
        seed,
        ..RepairOptions::default()
    }
}

#[test]
fn small_and_medium_boards_are_solved_and_valid() {
    for size in [1, 4, 5, 8, 100, 10_000] {
        for seed in 0..5 {
            let run = solve_min_conflicts(size, &options(seed)).unwrap();
            assert!(run.solved(), "N = {size}, seed {seed}: {:?}", run.end);
            assert_eq!(run.board.size(), size);
            assert_eq!(
                check_solution(&run.board),
                Ok(()),
                "N = {size}, seed {seed}"
            );
            assert_eq!(run.states as u64, run.steps - run.refused + 1);
        }
    }
}

#[test]
fn every_size_up_to_60_is_solved_from_many_seeds() {
    let mut repaired = 0;
    let mut refused = 0;
    for size in (1..=60).filter(|&size| size != 2 && size != 3) {
        for seed in 0..20 {
            let run = solve_min_conflicts(size, &options(seed)).unwrap();
            assert!(run.solved(), "N = {size}, seed {seed}: {:?}", run.end);
            assert_eq!(check_solution(&run.board), Ok(()));
            repaired += u64::from(run.start_collisions > 0);
            refused += run.refused;
        }
    }
    // The greedy start does not do it all, and the memory does refuse
    // revisits, so the reaction runs.
    assert!(repaired > 100, "only {repaired} starts needed repair");
    assert!(refused > 0, "no action was ever refused");
}

#[test]
fn a_seed_gives_the_same_board() {
    let first = solve_min_conflicts(5_000, &options(7)).unwrap();
    let again = solve_min_conflicts(5_000, &options(7)).unwrap();
    assert_eq!(first.board, again.board);
    assert_eq!(first.steps, again.steps);
    let other = solve_min_conflicts(5_000, &options(8)).unwrap();
    assert_ne!(first.board, other.board);
}

#[test]
fn sizes_without_a_solution_stop_at_the_step_limit() {
    for size in [2, 3] {
        let run = solve_min_conflicts(
            size,
            &RepairOptions {
                max_steps: Some(500),
                ..options(1)
            },
        )
        .unwrap();
        assert_eq!(run.end, RepairEnd::StepLimit);
        assert!(!run.solved());
        assert_eq!(run.steps, 500);
    }
}

#[test]
fn the_problem_keeps_a_permutation_and_its_counts() {
    let mut problem = MinConflicts::new(300, 4).unwrap();
    let mut repair_steps = 0;
    while let Some(rule) = problem.first_violated() {
        let mv = problem.corrective_move(rule).expect("a swap");
        assert_eq!(mv.changes.len(), 2);
        problem.apply(&mv);
        repair_steps += 1;
        assert!(repair_steps < 10_000, "no progress");
    }
    assert_eq!(problem.collisions(), 0);
    let board = problem.board();
    assert_eq!(check_solution(&board), Ok(()));
    let mut rows = board.rows.clone();
    rows.sort_unstable();
    assert_eq!(rows, (1..=300).collect::<Vec<u32>>());
    // The same problem in the engine's loop, with the state memory.
    let mut repair = Repair::new(
        MinConflicts::new(300, 4).unwrap(),
        RepairConfig {
            keep_log: false,
            ..RepairConfig::default()
        },
    );
    assert_eq!(repair.run().unwrap().end, RepairEnd::Solved);
    assert!(repair.memory().log().is_empty());
    assert!(!repair.problem().is_deterministic());
}

#[test]
fn bad_sizes_are_errors() {
    assert_eq!(
        solve_min_conflicts(0, &options(1)).err(),
        Some(QueensError::EmptyBoard)
    );
    assert!(matches!(
        MinConflicts::new(100_000_001, 1),
        Err(QueensError::TooLarge { .. })
    ));
}
