//! The line enumerator agrees with plain enumeration of all permutations.

mod common;

use proptest::prelude::*;
use sieve_skyscrapers::lines::{
    Candidates, arrangements, full_mask, height_bit, surviving_candidates, visible_count,
};

/// The arrangements by definition: every permutation, filtered.
fn brute_force(candidates: &[Candidates], start: u8, end: u8) -> Vec<Vec<u8>> {
    common::all_permutations(candidates.len())
        .into_iter()
        .filter(|line| {
            line.iter()
                .zip(candidates)
                .all(|(&h, &c)| c & height_bit(h) != 0)
                && (start == 0 || common::seen_by_definition(line) == start)
                && (end == 0 || {
                    let reversed: Vec<u8> = line.iter().rev().copied().collect();
                    common::seen_by_definition(&reversed) == end
                })
        })
        .collect()
}

fn union_of(lines: &[Vec<u8>], size: usize) -> Vec<Candidates> {
    let mut union = vec![0; size];
    for line in lines {
        for (cell, &height) in union.iter_mut().zip(line) {
            *cell |= height_bit(height);
        }
    }
    union
}

fn as_clue(value: u8) -> Option<u8> {
    (value > 0).then_some(value)
}

/// A line of `size` cells: clues in `0..=size` (0 = none) and candidate masks
/// where each height is kept with probability 3/4 (so most lines are feasible).
fn lines_of(size: usize) -> impl Strategy<Value = (Vec<Candidates>, u8, u8)> {
    let mask = (any::<u32>(), any::<u32>()).prop_map(move |(a, b)| (a | b) & full_mask(size));
    (
        prop::collection::vec(mask, size),
        0..=size as u8,
        0..=size as u8,
    )
}

/// Lines of 1 to `max_size` cells, as [`lines_of`].
fn lines_up_to(max_size: usize) -> impl Strategy<Value = (Vec<Candidates>, u8, u8)> {
    (1..=max_size).prop_flat_map(lines_of)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn agrees_with_all_permutations_up_to_six((candidates, start, end) in lines_up_to(6)) {
        let expected = brute_force(&candidates, start, end);
        let found = arrangements(&candidates, as_clue(start), as_clue(end));
        prop_assert_eq!(&found, &expected);
        let union = surviving_candidates(&candidates, as_clue(start), as_clue(end));
        prop_assert_eq!(union, union_of(&expected, candidates.len()));
    }

    #[test]
    fn visible_count_matches_the_definition(line in prop::collection::vec(1..=16u8, 0..=16)) {
        prop_assert_eq!(visible_count(&line), common::seen_by_definition(&line));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn agrees_with_all_permutations_for_seven_and_eight((candidates, start, end) in lines_up_to(8)) {
        let expected = brute_force(&candidates, start, end);
        let union = surviving_candidates(&candidates, as_clue(start), as_clue(end));
        prop_assert_eq!(union, union_of(&expected, candidates.len()));
        let found = arrangements(&candidates, as_clue(start), as_clue(end));
        prop_assert_eq!(found, expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn agrees_with_all_permutations_for_nine((candidates, start, end) in lines_of(9)) {
        let expected = brute_force(&candidates, start, end);
        let union = surviving_candidates(&candidates, as_clue(start), as_clue(end));
        prop_assert_eq!(union, union_of(&expected, 9));
        let found = arrangements(&candidates, as_clue(start), as_clue(end));
        prop_assert_eq!(found, expected);
    }
}

#[test]
fn counts_with_open_candidates_match_for_every_clue_pair() {
    for size in 1..=6 {
        let open = vec![full_mask(size); size];
        for start in 0..=size as u8 {
            for end in 0..=size as u8 {
                let expected = brute_force(&open, start, end);
                let found = arrangements(&open, as_clue(start), as_clue(end));
                assert_eq!(
                    found.len(),
                    expected.len(),
                    "N = {size}, clues {start}/{end}"
                );
            }
        }
    }
}

#[test]
fn large_lines_keep_only_consistent_candidates() {
    // N = 12, clue 12 from the start forces 1..=12 ascending; from the end the
    // same line is seen as 1, which it is.
    let size = 12;
    let open = vec![full_mask(size); size];
    let union = surviving_candidates(&open, Some(12), Some(1));
    let ascending: Vec<Candidates> = (1..=size as u8).map(height_bit).collect();
    assert_eq!(union, ascending);
    assert!(
        surviving_candidates(&open, Some(12), Some(2))
            .iter()
            .all(|&c| c == 0)
    );
    // Clue 2 from the start and 2 from the end with 16 cells: 16 never stands
    // at either end, and 15 only there: in an inner cell it would be seen
    // along with the first building on the side away from 16, making 3.
    let open = vec![full_mask(16); 16];
    let union = surviving_candidates(&open, Some(2), Some(2));
    assert_eq!(union[0], full_mask(15));
    assert_eq!(union[15], full_mask(15));
    for &inner in &union[1..15] {
        assert_eq!(inner, full_mask(16) & !height_bit(15));
    }
}

#[test]
fn out_of_range_clues_have_no_arrangement() {
    let open = vec![full_mask(4); 4];
    assert!(arrangements(&open, Some(5), None).is_empty());
    assert!(arrangements(&open, Some(3), Some(3)).is_empty());
    assert_eq!(surviving_candidates(&open, None, Some(9)), vec![0; 4]);
    assert_eq!(arrangements(&open, Some(0), Some(0)).len(), 24);
}

/// The union of every arrangement, by a plain depth-first walk over the
/// permutations that fit the candidates, with the clues checked only on full
/// lines (independent of the subset program and its pruning).
fn union_by_walk(candidates: &[Candidates], start: u8, end: u8) -> Vec<Candidates> {
    fn walk(
        candidates: &[Candidates],
        clues: (u8, u8),
        line: &mut Vec<u8>,
        union: &mut [Candidates],
    ) {
        let position = line.len();
        if position == candidates.len() {
            let reversed: Vec<u8> = line.iter().rev().copied().collect();
            let (start, end) = clues;
            let start_ok = start == 0 || common::seen_by_definition(line) == start;
            let end_ok = end == 0 || common::seen_by_definition(&reversed) == end;
            if start_ok && end_ok {
                for (cell, &height) in union.iter_mut().zip(line.iter()) {
                    *cell |= height_bit(height);
                }
            }
            return;
        }
        for height in 1..=candidates.len() as u8 {
            if candidates[position] & height_bit(height) != 0 && !line.contains(&height) {
                line.push(height);
                walk(candidates, clues, line, union);
                line.pop();
            }
        }
    }
    let mut union = vec![0; candidates.len()];
    walk(candidates, (start, end), &mut Vec::new(), &mut union);
    union
}

/// A line of `size` cells that has at least one arrangement's candidates: a
/// random permutation, each cell with some other heights (each kept with
/// probability `1 / spread`), and the clues that permutation shows or none.
fn feasible_lines(size: usize, spread: u32) -> impl Strategy<Value = (Vec<Candidates>, u8, u8)> {
    let extra = prop::collection::vec(prop::collection::vec(0..spread, size), size);
    let clues = (any::<bool>(), any::<bool>());
    (
        Just((1..=size as u8).collect::<Vec<u8>>()).prop_shuffle(),
        extra,
        clues,
    )
        .prop_map(move |(line, extra, (start, end))| {
            let candidates = line
                .iter()
                .zip(&extra)
                .map(|(&height, keep)| {
                    let others = (1..=size as u8)
                        .filter(|&other| keep[usize::from(other) - 1] == 0)
                        .fold(0, |mask, other| mask | height_bit(other));
                    height_bit(height) | others
                })
                .collect();
            let reversed: Vec<u8> = line.iter().rev().copied().collect();
            let start = if start {
                common::seen_by_definition(&line)
            } else {
                0
            };
            let end = if end {
                common::seen_by_definition(&reversed)
            } else {
                0
            };
            (candidates, start, end)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The subset program (its reachable sets, count windows and layer
    /// limits) keeps exactly what a plain walk finds, on the lines a search
    /// meets: feasible, N up to 10, a few candidates per cell.
    #[test]
    fn subset_program_agrees_with_a_plain_walk(
        (candidates, start, end) in (4usize..=10).prop_flat_map(|size| feasible_lines(size, 3))
    ) {
        let expected = union_by_walk(&candidates, start, end);
        let found = surviving_candidates(&candidates, as_clue(start), as_clue(end));
        prop_assert_eq!(found, expected);
    }

    /// The same with other clues than the line's own (often no arrangement).
    #[test]
    fn subset_program_agrees_on_any_clues(
        (candidates, _, _) in (4usize..=9).prop_flat_map(|size| feasible_lines(size, 3)),
        start in 0u8..=9,
        end in 0u8..=9,
    ) {
        let size = candidates.len() as u8;
        let (start, end) = (start.min(size), end.min(size));
        let expected = union_by_walk(&candidates, start, end);
        let found = surviving_candidates(&candidates, as_clue(start), as_clue(end));
        prop_assert_eq!(found, expected);
    }
}
