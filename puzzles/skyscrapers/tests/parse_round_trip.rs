//! Every form written by the formatters reads back to the same value.

use proptest::prelude::*;
use sieve_skyscrapers::{
    Clues, Grid, MAX_SIZE, Order, Puzzle, Side, format_clues, format_givens, format_grid,
    format_solution, latin, parse_clues, parse_givens, parse_grid, parse_puzzle,
};

/// A random puzzle: N, clues (about half present) and givens (about a quarter).
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (1..=MAX_SIZE).prop_flat_map(|size| {
        let value = move || prop::option::weighted(0.5, 1..=size as u8);
        let side = move || prop::collection::vec(value(), size);
        let givens =
            prop::collection::vec(prop::option::weighted(0.25, 1..=size as u8), size * size);
        (side(), side(), side(), side(), givens).prop_map(
            move |(top, bottom, left, right, givens)| {
                let clues = Clues {
                    top,
                    bottom,
                    left,
                    right,
                };
                Puzzle::new(size, clues)
                    .and_then(|puzzle| puzzle.with_givens(givens))
                    .expect("values are in range")
            },
        )
    })
}

fn without_givens(puzzle: &Puzzle) -> Puzzle {
    Puzzle::new(puzzle.size(), puzzle.clues().clone()).expect("valid")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn clue_line_round_trips_in_both_orders(puzzle in puzzles()) {
        for order in [Order::Source, Order::Clockwise] {
            let text = format_clues(puzzle.clues(), order);
            prop_assert_eq!(parse_clues(&text, order, None), Ok(without_givens(&puzzle)));
            prop_assert_eq!(parse_clues(&text, order, Some(puzzle.size())), Ok(without_givens(&puzzle)));
            prop_assert_eq!(parse_puzzle(&text, order), Ok(without_givens(&puzzle)));
            if puzzle.size() <= 9 {
                prop_assert_eq!(text.chars().count(), 8 * puzzle.size() - 1);
            }
        }
    }

    #[test]
    fn drawn_grid_round_trips(puzzle in puzzles()) {
        let text = format_grid(&puzzle);
        prop_assert_eq!(text.lines().count(), puzzle.size() + 2);
        prop_assert_eq!(parse_grid(&text), Ok(puzzle.clone()));
        prop_assert_eq!(parse_puzzle(&text, Order::Source), Ok(puzzle.clone()));
    }

    #[test]
    fn givens_round_trip(puzzle in puzzles()) {
        let text = format_givens(puzzle.givens());
        prop_assert_eq!(parse_givens(&text, puzzle.size()), Ok(puzzle.givens().to_vec()));
    }

    #[test]
    fn solved_grid_round_trips(size in 1..=MAX_SIZE, seed in any::<u64>()) {
        let grid = latin::random_latin_square_seeded(size, seed).expect("valid size");
        let text = format_solution(&grid);
        prop_assert_eq!(text.lines().count(), size);
        let heights = parse_givens(&text, size).expect("the output reads as N·N heights");
        let heights: Vec<u8> = heights.into_iter().map(|h| h.unwrap_or(0)).collect();
        prop_assert_eq!(Grid::new(size, heights), Ok(grid));
    }
}

#[test]
fn clockwise_order_walks_the_border() {
    let size = 3;
    let places: Vec<(Side, usize)> = (0..12).map(|p| Order::Clockwise.place(size, p)).collect();
    let expected = [
        (Side::Top, 0),
        (Side::Top, 1),
        (Side::Top, 2),
        (Side::Right, 0),
        (Side::Right, 1),
        (Side::Right, 2),
        (Side::Bottom, 2),
        (Side::Bottom, 1),
        (Side::Bottom, 0),
        (Side::Left, 2),
        (Side::Left, 1),
        (Side::Left, 0),
    ];
    assert_eq!(places, expected);
}

#[test]
fn two_digit_clues_for_large_grids() {
    let size = 12;
    let mut clues = Clues::empty(size);
    clues.top[0] = Some(12);
    clues.left[11] = Some(7);
    let puzzle = Puzzle::new(size, clues).expect("valid");
    let text = format_clues(puzzle.clues(), Order::Source);
    assert!(text.starts_with("12 0 0"));
    assert_eq!(parse_clues(&text, Order::Source, None), Ok(puzzle.clone()));
    let with_leading_zero = text.replacen(" 7 ", " 07 ", 1);
    assert_eq!(
        parse_clues(&with_leading_zero, Order::Source, None),
        Ok(puzzle)
    );
}

#[test]
fn drawn_grid_for_large_grids_uses_two_wide_fields() {
    let size = 10;
    let mut clues = Clues::empty(size);
    clues.top[9] = Some(10);
    clues.right[0] = Some(3);
    let puzzle = Puzzle::new(size, clues).expect("valid");
    let puzzle = {
        let mut puzzle = puzzle;
        puzzle.set_given(0, 0, Some(10)).expect("in range");
        puzzle
    };
    let text = format_grid(&puzzle);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(format!("{}10", " ".repeat(30)).as_str()));
    assert_eq!(lines.next(), Some("   10  .  .  .  .  .  .  .  .  .  3"));
    assert_eq!(parse_grid(&text), Ok(puzzle));
}

#[test]
fn drawn_grid_accepts_dots_zeros_blanks_and_free_spacing() {
    let strict =
        parse_grid("  4 3 2 1\n4 . . . . 1\n3 . . . . 2\n2 . . . . 2\n1 . . . . 2\n  1 2 2 2\n")
            .expect("parses");
    let loose = ". 4 3 2 1 0\n4 0 0 0 0 1\n3  .  .  .  . 2\n2         2\n1 . . . . 2\n0 1 2 2 2 .";
    assert_eq!(parse_grid(loose), Ok(strict));
}
