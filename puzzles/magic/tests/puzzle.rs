//! The SRMagic puzzle mode: visibility rules, reproducibility and the service API.

use sieve_magic::{
    ConstructError, Puzzle, PuzzleError, PuzzleOptions, Square, construct, parse_square,
};

/// Rows and columns with no visible cell, computed from the mask alone.
fn empty_lines(order: usize, visible: &[bool]) -> Vec<String> {
    let mut empty = Vec::new();
    for k in 0..order {
        if !(0..order).any(|column| visible[k * order + column]) {
            empty.push(format!("row {k}"));
        }
        if !(0..order).any(|row| visible[row * order + k]) {
            empty.push(format!("column {k}"));
        }
    }
    empty
}

fn hidden_in(visible: &[bool]) -> usize {
    visible.iter().filter(|&&cell| !cell).count()
}

fn options(hidden: Option<usize>, clear_diagonals: bool) -> PuzzleOptions {
    PuzzleOptions {
        hidden,
        clear_diagonals,
    }
}

#[test]
fn no_row_or_column_is_ever_empty() {
    for order in [1, 3, 4, 5, 6, 7, 9, 12] {
        for seed in 0..40 {
            for clear in [true, false] {
                let puzzle =
                    Puzzle::generate_for_order(order, &options(None, clear), seed).unwrap();
                let empty = empty_lines(order, puzzle.visibility());
                assert!(
                    empty.is_empty(),
                    "order {order}, seed {seed}: empty {empty:?}"
                );
            }
        }
    }
}

#[test]
fn an_exact_number_of_hidden_cells_keeps_the_rules() {
    for order in [1, 3, 4, 5, 8] {
        let max = order * order - order;
        assert_eq!(Puzzle::max_hidden(order), max);
        for hidden in 0..=max {
            for seed in 0..6 {
                for clear in [true, false] {
                    let puzzle =
                        Puzzle::generate_for_order(order, &options(Some(hidden), clear), seed)
                            .unwrap();
                    let mask = puzzle.visibility();
                    assert_eq!(hidden_in(mask), hidden, "order {order}, seed {seed}");
                    assert_eq!(puzzle.hidden_count(), hidden);
                    assert_eq!(puzzle.visible_count(), order * order - hidden);
                    let empty = empty_lines(order, mask);
                    assert!(empty.is_empty(), "order {order}, hide {hidden}: {empty:?}");
                }
            }
        }
    }
}

#[test]
fn hiding_the_maximum_leaves_one_cell_per_line() {
    for seed in 0..20 {
        let puzzle = Puzzle::generate_for_order(6, &options(Some(30), true), seed).unwrap();
        for k in 0..6 {
            assert_eq!(puzzle.visible_in_row(k), Ok(1));
            assert_eq!(puzzle.visible_in_column(k), Ok(1));
        }
    }
}

#[test]
fn diagonals_are_cleared_except_to_fill_empty_lines() {
    let order = 9;
    let on_diagonal = |index: usize| {
        let (row, column) = (index / order, index % order);
        row == column || row + column + 1 == order
    };
    let (mut diagonal_visible, mut diagonal_total) = (0, 0);
    let (mut other_visible, mut other_total) = (0, 0);
    for seed in 0..200 {
        let puzzle = Puzzle::generate_for_order(order, &PuzzleOptions::default(), seed).unwrap();
        for (index, &visible) in puzzle.visibility().iter().enumerate() {
            if on_diagonal(index) {
                diagonal_total += 1;
                diagonal_visible += usize::from(visible);
            } else {
                other_total += 1;
                other_visible += usize::from(visible);
            }
        }
    }
    // Off the diagonals about half the cells show; on them only the few
    // revealed because a row or column would otherwise be empty.
    let other_share = other_visible as f64 / other_total as f64;
    let diagonal_share = diagonal_visible as f64 / diagonal_total as f64;
    assert!((0.45..0.56).contains(&other_share), "{other_share}");
    assert!(diagonal_share < 0.05, "{diagonal_share}");

    let kept = Puzzle::generate_for_order(order, &options(None, false), 3).unwrap();
    let shown = (0..order * order).filter(|&index| on_diagonal(index) && kept.visibility()[index]);
    assert!(shown.count() > 0, "without clearing, diagonal cells show");
}

#[test]
fn the_same_seed_gives_the_same_puzzle() {
    let opts = options(Some(40), true);
    let first = Puzzle::generate_for_order(9, &opts, 77).unwrap();
    let again = Puzzle::generate_for_order(9, &opts, 77).unwrap();
    assert_eq!(first, again);
    let masks: std::collections::HashSet<Vec<bool>> = (0..10)
        .map(|seed| {
            let puzzle = Puzzle::generate_for_order(9, &opts, seed).unwrap();
            puzzle.visibility().to_vec()
        })
        .collect();
    assert!(masks.len() > 5, "seeds should change the visible cells");
}

#[test]
fn generation_refuses_bad_requests() {
    let too_many = Puzzle::generate_for_order(4, &options(Some(13), true), 0).unwrap_err();
    assert_eq!(
        too_many,
        PuzzleError::TooManyHidden {
            requested: 13,
            order: 4,
            max: 12
        }
    );
    assert_eq!(
        too_many.to_string(),
        "cannot hide 13 cells of an order-4 square: at most 12, so that every row and column keeps a visible cell"
    );
    assert_eq!(
        Puzzle::generate_for_order(2, &PuzzleOptions::default(), 0),
        Err(PuzzleError::Construct(ConstructError::OrderTwo))
    );
    let not_magic = parse_square("1 2\n3 4").unwrap();
    let error = Puzzle::generate(not_magic, &PuzzleOptions::default(), 0).unwrap_err();
    assert_eq!(
        error.to_string(),
        "not a magic square: row 1 sums to 3, not 5"
    );
}

/// The Lo Shu with its centre and corners hidden:
/// ```text
/// . 1 .
/// 3 . 7
/// . 9 .
/// ```
fn cross() -> Puzzle {
    let lo_shu = parse_square("8 1 6\n3 5 7\n4 9 2").unwrap();
    let mask = [false, true, false, true, false, true, false, true, false];
    Puzzle::from_mask(lo_shu, mask.to_vec()).unwrap()
}

#[test]
fn visible_sums_and_counts() {
    let puzzle = cross();
    assert_eq!(puzzle.to_string(), ". 1 .\n3 . 7\n. 9 .");
    assert_eq!(puzzle.magic_constant(), 15);
    assert_eq!(puzzle.visible_count(), 4);
    assert_eq!(puzzle.hidden_count(), 5);
    let row_sums: Vec<u64> = (0..3)
        .map(|row| puzzle.row_visible_sum(row).unwrap())
        .collect();
    let column_sums: Vec<u64> = (0..3)
        .map(|col| puzzle.column_visible_sum(col).unwrap())
        .collect();
    assert_eq!(row_sums, [1, 10, 9]);
    assert_eq!(column_sums, [3, 10, 7]);
    assert_eq!(puzzle.visible_in_row(1), Ok(2));
    assert_eq!(puzzle.visible_in_column(0), Ok(1));
}

#[test]
fn visible_sums_match_the_mask_on_generated_puzzles() {
    for seed in 0..20 {
        let puzzle = Puzzle::generate_for_order(7, &PuzzleOptions::default(), seed).unwrap();
        let square: &Square = puzzle.square();
        let mask = puzzle.visibility();
        for k in 0..7 {
            let row: u64 = (0..7)
                .filter(|&column| mask[k * 7 + column])
                .map(|column| u64::from(square.value(k, column).unwrap()))
                .sum();
            let column: u64 = (0..7)
                .filter(|&row| mask[row * 7 + k])
                .map(|row| u64::from(square.value(row, k).unwrap()))
                .sum();
            assert_eq!(puzzle.row_visible_sum(k), Ok(row));
            assert_eq!(puzzle.column_visible_sum(k), Ok(column));
        }
    }
}

#[test]
fn reveal_hide_and_is_visible() {
    let mut puzzle = cross();
    assert_eq!(puzzle.is_visible(1, 1), Ok(false));
    assert_eq!(puzzle.reveal(1, 1), Ok(true));
    assert_eq!(puzzle.reveal(1, 1), Ok(false), "already visible");
    assert_eq!(puzzle.is_visible(1, 1), Ok(true));
    assert_eq!(puzzle.row_visible_sum(1), Ok(15));
    assert_eq!(puzzle.hide(0, 1), Ok(true));
    assert_eq!(puzzle.hide(0, 1), Ok(false), "already hidden");
    assert_eq!(puzzle.visible_in_row(0), Ok(0), "play may empty a row");
    assert_eq!(puzzle.visible_count(), 4);
}

#[test]
fn reading_cells() {
    let puzzle = cross();
    let cell = puzzle.cell(2, 1).unwrap();
    assert_eq!(
        (cell.row, cell.column, cell.value, cell.visible),
        (2, 1, 9, true)
    );
    assert!(!puzzle.cell(0, 0).unwrap().visible);

    let order: Vec<(usize, usize, bool)> = puzzle
        .cells_in_reading_order()
        .map(|cell| (cell.row, cell.column, cell.visible))
        .collect();
    let expected_positions = [
        (0, 1, true),
        (1, 0, true),
        (1, 2, true),
        (2, 1, true),
        (0, 0, false),
        (0, 2, false),
        (1, 1, false),
        (2, 0, false),
        (2, 2, false),
    ];
    assert_eq!(order, expected_positions);
    assert_eq!(
        puzzle.cell_in_reading_order(4).map(|cell| cell.value),
        Some(8)
    );
    assert_eq!(puzzle.cell_in_reading_order(9), None);
    assert_eq!(puzzle.visible_cell(3).map(|cell| cell.value), Some(9));
    assert_eq!(
        puzzle.visible_cell(4),
        None,
        "index 4 is the first hidden cell"
    );
    assert_eq!(puzzle.hidden_cell(3), None, "index 3 is a visible cell");
    assert_eq!(puzzle.hidden_cell(8).map(|cell| cell.value), Some(2));
}

#[test]
fn indices_outside_the_square_are_errors() {
    let mut puzzle = cross();
    assert_eq!(
        puzzle.cell(3, 0).unwrap_err().to_string(),
        "row 4, column 1 is outside the 3 × 3 square"
    );
    assert!(puzzle.reveal(0, 3).is_err());
    assert!(puzzle.hide(5, 5).is_err());
    assert!(puzzle.is_visible(3, 3).is_err());
    assert_eq!(
        puzzle.row_visible_sum(3).unwrap_err().to_string(),
        "row 4 is outside the 3 × 3 square"
    );
    assert_eq!(
        puzzle.visible_in_column(7).unwrap_err().to_string(),
        "column 8 is outside the 3 × 3 square"
    );
    let lo_shu = construct(3).unwrap();
    assert_eq!(
        Puzzle::from_mask(lo_shu, vec![true; 8]).unwrap_err(),
        PuzzleError::MaskLength {
            expected: 9,
            found: 8
        }
    );
}

#[test]
fn givens_are_what_the_player_sees() {
    let puzzle = Puzzle::generate_for_order(5, &options(Some(15), true), 9).unwrap();
    let givens = puzzle.givens();
    assert_eq!(givens.given_count(), puzzle.visible_count());
    assert_eq!(givens.unknown_count(), 15);
    assert!(givens.is_completed_by(puzzle.square()));
    for cell in puzzle.cells_in_reading_order() {
        let expected = cell.visible.then_some(cell.value);
        assert_eq!(givens.given(cell.row, cell.column), expected);
    }
    assert_eq!(puzzle.to_string(), givens.to_string());
}
