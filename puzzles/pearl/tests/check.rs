//! The independent checker catches each kind of fault.

use sieve_pearl::{Board, Loop, Pearl, Puzzle, Violation, check, parse_pearl_id};

/// `6x6:BgWeWaBhWWfBaB` and its one solution, a hex digit a cell.
const SOLVED: &str = "6aac6c56a95553aa953c6c050555050393a9";

fn small() -> Puzzle {
    parse_pearl_id("6x6:BgWeWaBhWWfBaB").expect("a valid ID")
}

/// A 6×6 loop from hex digits.
fn loop_of(digits: &str) -> Loop {
    let masks = digits
        .chars()
        .map(|digit| digit.to_digit(16).expect("hex") as u8);
    Loop::new(Board::new(6, 6), masks.collect()).expect("36 cells")
}

/// The solution with cell `cell` set to `digit`.
fn with(cell: usize, digit: char) -> Loop {
    let mut digits: Vec<char> = SOLVED.chars().collect();
    digits[cell] = digit;
    loop_of(&digits.into_iter().collect::<String>())
}

/// A 6×6 puzzle with one pearl.
fn one_pearl(cell: usize, pearl: Pearl) -> Puzzle {
    let mut pearls = vec![None; 36];
    pearls[cell] = Some(pearl);
    Puzzle::new(6, 6, pearls).expect("a puzzle")
}

#[test]
fn the_solution_passes() {
    assert_eq!(check(&small(), &loop_of(SOLVED)), Ok(()));
}

#[test]
fn a_cell_passed_twice_or_a_loose_end_is_named() {
    assert_eq!(
        check(&small(), &with(34, 'b')),
        Err(Violation::Cell {
            cell: (5, 4),
            mask: 0xb
        })
    );
    let loose = check(&small(), &with(22, '5'));
    assert_eq!(
        loose,
        Err(Violation::Dangling {
            cell: (3, 4),
            direction: "up"
        })
    );
    assert_eq!(
        loose.unwrap_err().to_string(),
        "r4c5 leads up where nothing leads back"
    );
}

#[test]
fn each_pearl_rule_is_named() {
    let cases = [
        (1, Pearl::Black, "the loop does not turn on it"),
        (7, Pearl::Black, "the loop turns in a cell next to it"),
        (0, Pearl::White, "the loop turns on it"),
        (
            17,
            Pearl::White,
            "the loop goes straight on in both cells next to it",
        ),
        (24, Pearl::White, "the loop does not pass it"),
    ];
    for (cell, pearl, problem) in cases {
        let verdict = check(&one_pearl(cell, pearl), &loop_of(SOLVED));
        let Err(Violation::Pearl { problem: found, .. }) = verdict else {
            panic!("{cell}: {verdict:?}");
        };
        assert_eq!(found, problem, "{cell}");
    }
    let free = Puzzle::new(6, 6, vec![None; 36]).expect("a puzzle");
    assert_eq!(check(&free, &loop_of(SOLVED)), Ok(()));
}

#[test]
fn two_loops_and_no_loop_are_refused() {
    let free = Puzzle::new(6, 6, vec![None; 36]).expect("a puzzle");
    // Two rings of four cells, at the top-left and the bottom-right corners.
    let mut digits: Vec<char> = "0".repeat(36).chars().collect();
    for (cell, digit) in [(0, '6'), (1, 'c'), (6, '3'), (7, '9')] {
        digits[cell] = digit;
        digits[cell + 28] = digit;
    }
    let rings = loop_of(&digits.into_iter().collect::<String>());
    assert_eq!(
        check(&free, &rings),
        Err(Violation::Several {
            walked: 4,
            total: 8
        })
    );
    assert_eq!(
        check(&free, &loop_of(&"0".repeat(36))),
        Err(Violation::Empty)
    );
}

#[test]
fn a_loop_on_another_grid_is_refused() {
    let other = Loop::new(Board::new(5, 6), vec![0; 30]).expect("30 cells");
    assert!(matches!(
        check(&small(), &other),
        Err(Violation::Size { .. })
    ));
    assert!(Loop::new(Board::new(6, 6), vec![0; 35]).is_none());
}
