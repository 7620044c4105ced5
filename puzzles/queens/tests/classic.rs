//! Constraint.Queen over the engine: the same memory text and final board as
//! the plain oracle (`tests/common`), from the classic start and from random
//! starts, and the rules' other duties (propagation, errors, cycles).

mod common;

use common::classic_oracle;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sieve::oracle::check_all_rules;
use sieve::prelude::*;
use sieve::{Move, Step as EngineStep, StepKind as EngineStepKind};
use sieve_queens::{
    Board, Classic, ClassicEnd, ClassicOptions, QueensError, StepKind, check_solution,
    classic_model, memory_from_log, parse_memory, random_start,
};

/// Runs the engine walk and the oracle from `start` and demands the same
/// memory text and final board.
fn assert_same_as_oracle(classic: &Classic, start: &Board) {
    let run = classic.solve(start).unwrap();
    let (memory, final_rows) = classic_oracle(&start.rows);
    assert!(run.solved(), "from {start}");
    assert_eq!(run.memory_text(), memory, "memory from {start}");
    assert_eq!(run.board.rows, final_rows, "final board from {start}");
    assert_eq!(run.entries() as usize, run.memory.len());
}

#[test]
fn the_classic_start_writes_exactly_the_oracle_memory() {
    let classic = Classic::new(8).unwrap();
    let start = Board::first_row(8).unwrap();
    assert_same_as_oracle(&classic, &start);
    let run = classic.solve(&start).unwrap();
    // The figures of the oracle's snapshot `classic_final_board`.
    assert_eq!(run.board.to_string(), "15863724");
    assert_eq!(run.memory.len(), 2341);
    assert_eq!(run.refused, 335);
    assert!(run.memory_text().contains("|13524111R6:1|13526811A5:6|"));
    // The memory reads back as the crate's log format.
    assert_eq!(parse_memory(&run.memory_text()).unwrap(), run.memory);
}

#[test]
fn random_starts_match_the_oracle_for_n_4_to_8() {
    let mut random = ChaCha8Rng::seed_from_u64(21);
    for size in 4..=8 {
        let classic = Classic::new(size).unwrap();
        for _ in 0..60 {
            let start = random_start(size, &mut random);
            assert_same_as_oracle(&classic, &start);
        }
    }
}

#[test]
fn every_start_for_n_5_matches_the_oracle() {
    let classic = Classic::new(5).unwrap();
    for code in 0..5u32.pow(5) {
        let rows = (0..5).map(|place| code / 5u32.pow(place) % 5 + 1).collect();
        assert_same_as_oracle(&classic, &Board::from_rows(rows).unwrap());
    }
}

#[test]
fn random_starts_are_drawn_as_the_source_draws_them() {
    // One draw in 1..=N per column, left to right (the oracle tests draw the
    // same way).
    let mut ours = ChaCha8Rng::seed_from_u64(3);
    let mut theirs = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..10 {
        let expected: Vec<u32> = (0..8).map(|_| theirs.random_range(1..=8)).collect();
        assert_eq!(random_start(8, &mut ours).rows, expected);
    }
}

#[test]
fn a_walk_without_the_log_ends_on_the_same_board() {
    let classic = Classic::new(8).unwrap();
    let mut random = ChaCha8Rng::seed_from_u64(8);
    let quiet = ClassicOptions {
        keep_log: false,
        ..ClassicOptions::default()
    };
    for _ in 0..50 {
        let start = random_start(8, &mut random);
        let logged = classic.solve(&start).unwrap();
        let unlogged = classic.solve_with(&start, &quiet).unwrap();
        assert!(unlogged.memory.is_empty());
        assert_eq!(unlogged.board, logged.board);
        assert_eq!(unlogged.steps, logged.steps);
        assert_eq!(unlogged.refused, logged.refused);
        assert_eq!(check_solution(&unlogged.board), Ok(()));
    }
}

#[test]
fn sizes_without_a_solution_end_in_a_cycle_or_the_limit() {
    for size in [2, 3] {
        let classic = Classic::new(size).unwrap();
        let run = classic.solve(&Board::first_row(size).unwrap()).unwrap();
        assert!(
            matches!(run.end, ClassicEnd::Cycle { .. }),
            "N = {size}: {:?}",
            run.end
        );
        assert!(!run.solved());
    }
    let classic = Classic::new(8).unwrap();
    let short = ClassicOptions {
        max_steps: 10,
        keep_log: true,
        time_limit: None,
    };
    let run = classic
        .solve_with(&Board::first_row(8).unwrap(), &short)
        .unwrap();
    assert_eq!(run.end, ClassicEnd::StepLimit);
    assert_eq!(run.steps, 10);
    assert_eq!(run.memory.len(), 11);
    // A single queen is solved at once.
    let run = Classic::new(1)
        .unwrap()
        .solve(&"1".parse().unwrap())
        .unwrap();
    assert!(run.solved());
    assert_eq!(run.memory_text(), "1INIT|");
}

#[test]
fn bad_sizes_and_starts_are_errors() {
    assert_eq!(Classic::new(0).err(), Some(QueensError::EmptyBoard));
    assert!(matches!(
        Classic::new(65),
        Err(QueensError::TooLarge {
            size: 65,
            max: 64,
            ..
        })
    ));
    let classic = Classic::new(8).unwrap();
    let error = classic.solve(&"1111".parse().unwrap()).unwrap_err();
    assert_eq!(
        error,
        QueensError::StartSize {
            expected: 8,
            found: 4
        }
    );
    assert_eq!(
        error.to_string(),
        "the start board has 4 columns, but N = 8"
    );
}

#[test]
fn the_rules_follow_the_source_order_and_propagate_soundly() {
    let model = classic_model(6).unwrap();
    let names: Vec<&str> = model.rules().map(|(_, rule)| rule.name()).take(3).collect();
    assert_eq!(
        names,
        [
            "queen 2 not on a row with queens 1..1",
            "queen 2 not on a diagonal with queens 1..1",
            "queen 3 not on a row with queens 1..2",
        ]
    );
    // Every action only removes rows that no solution uses.
    let vars: Vec<VarId> = model.vars().collect();
    for (column, row) in [(0, 0), (2, 3), (5, 1)] {
        let mut state = model.domains();
        state.assign(vars[column], row).unwrap();
        assert_eq!(check_all_rules(&model, &state).unwrap(), Ok(()));
    }
    // So the same rules can be searched: 4 solutions for N = 6, 92 for 8.
    assert_eq!(
        Search::new(&model, Config::default())
            .unwrap()
            .count(None)
            .solutions,
        4
    );
    let model = classic_model(8).unwrap();
    assert_eq!(
        Search::new(&model, Config::default())
            .unwrap()
            .count(None)
            .solutions,
        92
    );
}

#[test]
fn logs_are_replayed_including_backtracks() {
    let start: Board = "111".parse().unwrap();
    let var = VarId::from_index;
    let step = |kind, action| EngineStep {
        kind,
        rule: None,
        action,
        fingerprint: 0,
    };
    let log = vec![
        step(EngineStepKind::Init, Move::default()),
        step(EngineStepKind::Action, Move::set(var(1), 1)),
        step(EngineStepKind::Action, Move::set(var(2), 2)),
        step(
            EngineStepKind::Refused(Reaction::Backtrack),
            Move::set(var(2), 0),
        ),
        step(
            EngineStepKind::Refused(Reaction::Move(Move::set(var(0), 2))),
            Move::set(var(2), 1),
        ),
    ];
    let memory = memory_from_log(&start, &log).unwrap();
    let text: Vec<String> = memory.iter().map(|step| step.memory_entry()).collect();
    // The backtrack undoes A3:3 (queen 3 back to row 1); the refused board
    // after it is written from that state.
    assert_eq!(text.concat(), "111INIT|121A2:2|123A3:3|121R3:1|122R3:2|");
    assert!(matches!(
        memory[3].kind,
        StepKind::Refused { queen: 3, row: 1 }
    ));
    // Malformed logs are errors naming the step.
    let error = memory_from_log(&start, &log[1..]).unwrap_err();
    assert_eq!(
        error,
        QueensError::Log {
            step: 0,
            reason: "the log does not open with INIT"
        }
    );
    let swap = vec![
        step(EngineStepKind::Init, Move::default()),
        step(
            EngineStepKind::Action,
            Move::swap(&[0, 1, 2], var(0), var(1)),
        ),
    ];
    assert!(matches!(
        memory_from_log(&start, &swap),
        Err(QueensError::Log { step: 1, .. })
    ));
    assert!(memory_from_log(&start, &[]).is_err());
}
