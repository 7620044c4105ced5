//! The worked examples of the 4×4 skyscraper solver this crate started from.
//!
//! The source text gives no complete puzzle: its examples are the input
//! format (16 clues, top, bottom, left, right) and small pictures of single
//! lines illustrating its rules. The one complete puzzle here is the "rush"
//! exercise's own example in that format, whose published answer is below.
//! Each rule picture is checked against the line enumerator: everything the
//! source deduces must hold in every arrangement that survives.

mod common;

use sieve_skyscrapers::lines::{
    Candidates, arrangements, full_mask, height_bit, surviving_candidates, visible_count,
};
use sieve_skyscrapers::{
    Order, Puzzle, check, format_solution, parse_clues, parse_grid, reference,
};

/// The rush exercise's example input, in the source's order.
const RUSH_INPUT: &str = "4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2";
/// Its published output.
const RUSH_OUTPUT: &str = "1 2 3 4\n2 3 4 1\n3 4 1 2\n4 1 2 3\n";

fn bits(heights: &[u8]) -> Candidates {
    heights
        .iter()
        .map(|&height| height_bit(height))
        .fold(0, |a, b| a | b)
}

#[test]
fn rush_example_has_exactly_the_published_solution() {
    let puzzle: Puzzle = RUSH_INPUT.parse().expect("the example parses");
    assert_eq!(RUSH_INPUT.len(), 31, "the source's length rule for N = 4");
    let solutions = reference::solutions(&puzzle, 2);
    assert_eq!(solutions.len(), 1, "the example is unique");
    assert_eq!(check(&puzzle, &solutions[0]), Ok(()));
    assert_eq!(format_solution(&solutions[0]), RUSH_OUTPUT);
}

#[test]
fn rush_example_reads_the_same_clockwise_and_drawn() {
    let source: Puzzle = RUSH_INPUT.parse().expect("parses");
    // Clockwise: top 4 3 2 1, right 1 2 2 2, bottom right→left 2 2 2 1, left bottom→top 1 2 3 4.
    let clockwise = parse_clues("4 3 2 1 1 2 2 2 2 2 2 1 1 2 3 4", Order::Clockwise, None)
        .expect("clockwise parses");
    assert_eq!(clockwise, source);
    let drawn = "  4 3 2 1\n4 . . . . 1\n3 . . . . 2\n2 . . . . 2\n1 . . . . 2\n  1 2 2 2\n";
    assert_eq!(parse_grid(drawn).expect("drawn parses"), source);
}

#[test]
fn edge_rule_1_clue_one_sees_the_tallest_first() {
    for size in 1..=8 {
        let union = surviving_candidates(&vec![full_mask(size); size], Some(1), None);
        assert_eq!(union[0], height_bit(size as u8), "N = {size}");
    }
}

#[test]
fn edge_rule_2_clue_n_sees_an_ascending_line() {
    for size in 1..=8 {
        let found = arrangements(&vec![full_mask(size); size], Some(size as u8), None);
        let ascending: Vec<u8> = (1..=size as u8).collect();
        assert_eq!(found, vec![ascending], "N = {size}");
    }
}

#[test]
fn viewpoint_rule_1_tallest_not_closer_than_the_nth_cell() {
    for size in 1..=7 {
        for clue in 1..=size {
            let union = surviving_candidates(&vec![full_mask(size); size], Some(clue as u8), None);
            for (position, &cell) in union.iter().enumerate() {
                let tallest_possible = cell & height_bit(size as u8) != 0;
                // The rule's bound is exact, except that clue 1 pins N to the first cell.
                let expected = position + 1 >= clue && (clue > 1 || position == 0);
                assert_eq!(tallest_possible, expected, "N = {size}, clue {clue}");
            }
        }
    }
}

#[test]
fn viewpoint_rule_2_picture_heights_shrink_towards_the_viewpoint() {
    // The picture (N = 4): under clue 3 the tallest is in the 3rd cell, and the
    // source deduces 1/2 then 1/2/3; under clue 2 the tallest is in the 2nd
    // cell, and the source deduces 1/2/3 for the first.
    let full = full_mask(4);
    let under_three = surviving_candidates(&[full, full, bits(&[4]), full], Some(3), None);
    assert_eq!(under_three[0] & !bits(&[1, 2]), 0);
    assert_eq!(under_three[1] & !bits(&[1, 2, 3]), 0);
    assert_eq!(under_three[2], bits(&[4]));
    let under_two = surviving_candidates(&[full, bits(&[4]), full, full], Some(2), None);
    assert_eq!(under_two[0], bits(&[1, 2, 3]));
}

#[test]
fn viewpoint_rule_3_adjacent_cell_at_most_n_minus_clue_plus_one() {
    // The picture: clue 3 ⇒ 1/2, clue 2 ⇒ 1/2/3 for N = 4; and in general
    // the bound is exact from clue 2 on (clue 1 leaves only N).
    for size in 1..=7 {
        for clue in 1..=size {
            let union = surviving_candidates(&vec![full_mask(size); size], Some(clue as u8), None);
            let allowed = (1..=(size - clue + 1) as u8).collect::<Vec<_>>();
            assert_eq!(union[0] & !bits(&allowed), 0, "N = {size}, clue {clue}");
            if clue > 1 {
                assert_eq!(union[0], bits(&allowed), "N = {size}, clue {clue}");
            }
        }
    }
}

#[test]
fn viewpoint_rule_4_one_and_two_opposite_give_n_minus_one() {
    for size in 2..=8 {
        let union = surviving_candidates(&vec![full_mask(size); size], Some(1), Some(2));
        assert_eq!(union[size - 1], height_bit(size as u8 - 1), "N = {size}");
    }
}

#[test]
fn viewpoint_rule_5_pictures_see_their_clue() {
    // The two lines of the picture: clue 2 before 3 1 4 2, clue 3 before 2 3 4 1.
    for (clue, line) in [(2, [3, 1, 4, 2]), (3, [2, 3, 4, 1])] {
        assert_eq!(visible_count(&line), clue);
        assert_eq!(common::seen_by_definition(&line), clue);
        let found = arrangements(&[full_mask(4); 4], Some(clue), None);
        assert!(
            found.contains(&line.to_vec()),
            "{line:?} agrees with clue {clue}"
        );
    }
}

#[test]
fn elimination_picture_hidden_single() {
    // 0b1100 0b1110 0b1110 0b0001: 1 can only be in the rightmost cell, and
    // every arrangement of that row puts it there.
    let row = [0b1100, 0b1110, 0b1110, 0b0001];
    let union = surviving_candidates(&row, None, None);
    assert_eq!(union[3], bits(&[1]));
    assert!(union[..3].iter().all(|&cell| cell & bits(&[1]) == 0));
}
