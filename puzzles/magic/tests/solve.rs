//! Completing and counting with the engine: the counts 8 and 7,040, completions
//! that keep the givens, impossible squares, limits, and every strategy.

use std::collections::HashSet;

use sieve::prelude::*;
use sieve_magic::solve::{self, MAX_SOLVE_ORDER};
use sieve_magic::{
    MagicModel, PartialSquare, Puzzle, PuzzleOptions, Rules, SolveError, Square, construct,
    parse_partial,
};

/// The 8 rotations and reflections of a square's cells, computed here.
fn symmetries(order: usize, cells: &[u32]) -> Vec<Vec<u32>> {
    let rotate = |grid: &[u32]| -> Vec<u32> {
        (0..grid.len())
            .map(|index| grid[(order - 1 - index % order) * order + index / order])
            .collect()
    };
    let mirror = |grid: &[u32]| -> Vec<u32> {
        (0..grid.len())
            .map(|index| grid[index / order * order + order - 1 - index % order])
            .collect()
    };
    let mut all = Vec::new();
    let mut current = cells.to_vec();
    for _ in 0..4 {
        all.push(mirror(&current));
        all.push(current.clone());
        current = rotate(&current);
    }
    all
}

/// Every completion of `partial`, as cell lists.
fn all_completions(magic: &MagicModel, partial: &PartialSquare, config: &Config) -> Vec<Square> {
    magic
        .completions(partial, config, None)
        .unwrap()
        .map(|square| square.expect("every completion passes the independent check"))
        .collect()
}

#[test]
fn there_are_8_squares_of_order_3_the_symmetries_of_the_siamese_square() {
    let siamese = construct(3).unwrap();
    let expected: HashSet<Vec<u32>> = symmetries(3, siamese.cells()).into_iter().collect();
    assert_eq!(expected.len(), 8);
    for rules in Rules::ALL {
        let magic = MagicModel::with_rules(3, rules).unwrap();
        let empty = PartialSquare::empty(3).unwrap();
        let found: HashSet<Vec<u32>> = all_completions(&magic, &empty, &Config::default())
            .into_iter()
            .map(Square::into_cells)
            .collect();
        assert_eq!(found, expected, "{rules:?}");
    }
    let counted = solve::count_squares(3, None, &Config::default()).unwrap();
    assert_eq!(counted.count.solutions, 8);
    assert!(counted.count.is_exact());
}

#[test]
fn there_are_7040_squares_of_order_4_in_880_classes() {
    let magic = MagicModel::new(4).unwrap();
    let empty = PartialSquare::empty(4).unwrap();
    let squares = all_completions(&magic, &empty, &Config::default());
    assert_eq!(squares.len(), 7040);
    let distinct: HashSet<&[u32]> = squares.iter().map(Square::cells).collect();
    assert_eq!(distinct.len(), 7040, "no square is found twice");
    // Closed under rotation and reflection, 8 squares per class (no order-4
    // square is its own mirror image): Frénicle's 880.
    let mut classes = HashSet::new();
    for square in &squares {
        let images = symmetries(4, square.cells());
        assert!(
            images
                .iter()
                .all(|image| distinct.contains(image.as_slice()))
        );
        let unique: HashSet<&Vec<u32>> = images.iter().collect();
        assert_eq!(unique.len(), 8);
        classes.insert(images.into_iter().min().unwrap());
    }
    assert_eq!(classes.len(), 880);
}

#[test]
fn the_bounds_rules_alone_also_count_7040() {
    let magic = MagicModel::with_rules(4, Rules::Bounds).unwrap();
    let counted = magic
        .count(
            &PartialSquare::empty(4).unwrap(),
            None,
            &Config::default(),
            None,
        )
        .unwrap();
    assert_eq!(counted.count.solutions, 7040);
    assert!(counted.count.is_exact());
    assert_eq!(counted.counters.solutions, 7040);
}

#[test]
fn orders_1_and_2() {
    let one = solve::count_squares(1, None, &Config::default()).unwrap();
    assert_eq!(one.count.solutions, 1);
    let two = solve::count_squares(2, None, &Config::default()).unwrap();
    assert_eq!(two.count.solutions, 0);
    assert!(two.count.is_exact());
}

#[test]
fn every_schedule_and_restore_counts_the_same_with_the_same_tree() {
    for (order, expected) in [(3, 8), (4, 7040)] {
        let magic = MagicModel::new(order).unwrap();
        let empty = PartialSquare::empty(order).unwrap();
        let mut nodes = Vec::new();
        for schedule in Schedule::ALL {
            for restore in Restore::ALL {
                let config = Config::default().schedule(schedule).restore(restore);
                let counted = magic.count(&empty, None, &config, None).unwrap();
                assert_eq!(
                    counted.count.solutions, expected,
                    "order {order}, {schedule:?}, {restore:?}"
                );
                nodes.push((counted.counters.nodes, schedule, restore));
            }
        }
        // Domain-consistent line rules reach one fixpoint whatever the schedule.
        assert!(
            nodes.iter().all(|entry| entry.0 == nodes[0].0),
            "order {order}: {nodes:?}"
        );
    }
}

#[test]
fn every_variable_order_counts_8_and_a_seeded_value_order_too() {
    for rules in Rules::ALL {
        let magic = MagicModel::with_rules(3, rules).unwrap();
        let empty = PartialSquare::empty(3).unwrap();
        for var_order in VarOrder::ALL {
            for value_order in [ValueOrder::Ascending, ValueOrder::Random { seed: 7 }] {
                let config = Config::default()
                    .var_order(var_order)
                    .value_order(value_order);
                let counted = magic.count(&empty, None, &config, None).unwrap();
                assert_eq!(counted.count.solutions, 8, "{rules:?} {config:?}");
            }
        }
    }
}

#[test]
fn completing_the_siamese_square_with_hidden_cells_keeps_the_givens() {
    let siamese = construct(5).unwrap();
    let mut cells: Vec<Option<u32>> = siamese.cells().iter().copied().map(Some).collect();
    for index in [0, 3, 6, 7, 12, 13, 18, 20, 24] {
        cells[index] = None;
    }
    let partial = PartialSquare::new(5, cells).unwrap();
    for rules in Rules::ALL {
        let magic = MagicModel::with_rules(5, rules).unwrap();
        let completion = magic.complete(&partial, &Config::default(), None).unwrap();
        let square = completion.square.expect("the siamese square completes it");
        assert!(square.is_magic());
        assert!(partial.is_completed_by(&square));
        assert!(completion.counters.nodes >= 1);
    }
}

#[test]
fn the_order_3_square_from_one_diagonal() {
    let partial = parse_partial("2 . .\n. 5 .\n. . 8").unwrap();
    let counted = solve::count_completions(&partial, None, &Config::default()).unwrap();
    assert_eq!(
        counted.count.solutions, 2,
        "2 5 8 on the diagonal, two ways round"
    );
    let completion = solve::complete(&partial, &Config::default()).unwrap();
    let square = completion.square.unwrap();
    assert_eq!(square.value(0, 0), Some(2));
    assert!(square.is_magic());
}

#[test]
fn generated_puzzles_complete_to_magic_squares_that_keep_the_givens() {
    for order in 3..=8 {
        for seed in 0..3 {
            let hidden = Some(Puzzle::max_hidden(order).min(2 * order));
            let options = PuzzleOptions {
                hidden,
                ..PuzzleOptions::default()
            };
            let puzzle = Puzzle::generate_for_order(order, &options, seed).unwrap();
            let givens = puzzle.givens();
            let config = Config::default().node_limit(100_000);
            let completion = solve::complete(&givens, &config).unwrap();
            let Some(square) = completion.square else {
                panic!("order {order}, seed {seed}: {:?}", completion.stopped);
            };
            assert!(square.is_magic(), "order {order}, seed {seed}");
            assert!(
                givens.is_completed_by(&square),
                "order {order}, seed {seed}"
            );
        }
    }
}

#[test]
fn a_square_with_every_cell_given_completes_to_itself() {
    for order in [1, 3, 4, 6, 9, 10] {
        let square = construct(order).unwrap();
        let completion = solve::complete(&PartialSquare::from(&square), &Config::default());
        assert_eq!(completion.unwrap().square, Some(square), "order {order}");
    }
}

#[test]
fn impossible_squares_have_no_completion() {
    // The centre of an order-3 square is always 5.
    let centre_one = parse_partial(". . .\n. 1 .\n. . .").unwrap();
    // Row 1 needs 1 and 2 in its last two cells (34 − 16 − 15 = 3), column 1
    // needs 1 and 3 in its last two (34 − 16 − 14 = 4): the 1 cannot be in both.
    let crowded = parse_partial("16 15 . .\n14 13 . .\n. . . .\n. . . .").unwrap();
    // A full square that is not magic.
    let not_magic = parse_partial("1 2 3\n4 5 6\n7 8 9").unwrap();
    for partial in [centre_one, crowded, not_magic] {
        for rules in Rules::ALL {
            let magic = MagicModel::with_rules(partial.order(), rules).unwrap();
            let completion = magic.complete(&partial, &Config::default(), None).unwrap();
            assert!(completion.is_impossible(), "{rules:?}\n{partial}");
            let counted = magic
                .count(&partial, None, &Config::default(), None)
                .unwrap();
            assert_eq!(counted.count.solutions, 0);
            assert!(counted.count.is_exact());
        }
    }
}

#[test]
fn a_count_stops_at_its_limit() {
    let empty = PartialSquare::empty(4).unwrap();
    let counted = solve::count_completions(&empty, Some(100), &Config::default()).unwrap();
    assert_eq!(counted.count.solutions, 100);
    assert!(counted.count.limit_reached);
    assert!(!counted.count.is_exact());
    let none = solve::count_completions(&empty, Some(0), &Config::default()).unwrap();
    assert_eq!(none.count.solutions, 0);
    assert!(none.count.limit_reached);
}

#[test]
fn a_node_limit_stops_the_search_and_says_so() {
    let empty = PartialSquare::empty(5).unwrap();
    let config = Config::default().node_limit(3);
    let completion = solve::complete(&empty, &config).unwrap();
    assert_eq!(completion.square, None);
    assert_eq!(completion.stopped, Some(StopReason::NodeLimit));
    assert!(!completion.is_impossible());
    let counted = solve::count_completions(&empty, None, &config).unwrap();
    assert_eq!(counted.count.stopped, Some(StopReason::NodeLimit));
    assert!(!counted.count.is_exact());
}

#[test]
fn statistics_come_from_an_observer_too() {
    let magic = MagicModel::new(3).unwrap();
    let mut stats = Stats::new();
    let counted = magic
        .count(
            &PartialSquare::empty(3).unwrap(),
            None,
            &Config::default(),
            Some(&mut stats),
        )
        .unwrap();
    assert_eq!(stats.solutions, 8);
    assert_eq!(stats.propagations(), counted.counters.propagations);
    assert_eq!(stats.rules.len(), magic.model().num_rules());
}

#[test]
fn bad_orders_are_errors() {
    assert_eq!(MagicModel::new(0).unwrap_err(), SolveError::ZeroOrder);
    let too_large = MAX_SOLVE_ORDER + 1;
    let error = MagicModel::new(too_large).unwrap_err();
    assert_eq!(error, SolveError::OrderTooLarge { order: too_large });
    assert!(error.to_string().contains("too large"));
    let magic = MagicModel::new(3).unwrap();
    let error = magic
        .complete(&PartialSquare::empty(4).unwrap(), &Config::default(), None)
        .unwrap_err();
    assert_eq!(
        error,
        SolveError::OrderMismatch {
            model: 3,
            square: 4
        }
    );
}

#[test]
fn the_model_has_one_variable_per_cell_and_one_rule_per_line() {
    for order in [3, 4, 7] {
        let lines = 2 * order + 2;
        for rules in Rules::ALL {
            let magic = MagicModel::with_rules(order, rules).unwrap();
            assert_eq!(magic.cells().len(), order * order);
            assert_eq!(magic.model().num_vars(), order * order);
            assert_eq!(magic.model().num_rules(), 1 + lines);
            let distinct: HashSet<VarId> = magic.cells().iter().copied().collect();
            assert_eq!(distinct.len(), order * order);
        }
        let numbers = 1..=(order * order) as sieve::Value;
        let cell = MagicModel::new(order).unwrap().cells()[0];
        assert_eq!(
            MagicModel::new(order).unwrap().model().range(cell),
            Ok(numbers)
        );
    }
}
