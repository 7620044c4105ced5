//! Independent brute-force helpers shared by the integration tests.

#![allow(dead_code)]

use sieve_skyscrapers::Grid;

/// Every permutation of `1..=size`, in lexicographic order.
pub fn all_permutations(size: usize) -> Vec<Vec<u8>> {
    fn extend(prefix: &mut Vec<u8>, size: usize, out: &mut Vec<Vec<u8>>) {
        if prefix.len() == size {
            out.push(prefix.clone());
            return;
        }
        for height in 1..=size as u8 {
            if !prefix.contains(&height) {
                prefix.push(height);
                extend(prefix, size, out);
                prefix.pop();
            }
        }
    }
    let mut out = Vec::new();
    extend(&mut Vec::new(), size, &mut out);
    out
}

/// Buildings seen from the start of `heights`, by the definition: a building
/// is seen when every building before it is shorter.
pub fn seen_by_definition(heights: &[u8]) -> u8 {
    (0..heights.len())
        .filter(|&i| heights[..i].iter().all(|&before| before < heights[i]))
        .count() as u8
}

/// Every Latin square of order `size` (rows chosen among all permutations).
pub fn all_latin_squares(size: usize) -> Vec<Grid> {
    fn extend(rows: &mut Vec<Vec<u8>>, permutations: &[Vec<u8>], size: usize, out: &mut Vec<Grid>) {
        if rows.len() == size {
            let heights = rows.iter().flatten().copied().collect();
            out.push(Grid::new(size, heights).expect("valid size"));
            return;
        }
        for candidate in permutations {
            let clashes = rows
                .iter()
                .any(|row| row.iter().zip(candidate).any(|(a, b)| a == b));
            if !clashes {
                rows.push(candidate.clone());
                extend(rows, permutations, size, out);
                rows.pop();
            }
        }
    }
    let permutations = all_permutations(size);
    let mut out = Vec::new();
    extend(&mut Vec::new(), &permutations, size, &mut out);
    out
}
