//! An independent brute-force count of the order-3 magic squares, to
//! cross-check the engine-based counter. Uses nothing from the library but
//! `Square` for the final comparison.

use std::collections::BTreeSet;

use sieve_magic::Square;

/// Every normal magic square of `order`, by filling cells in row-major order
/// with unused values and checking each line as soon as it is complete.
fn all_magic_squares(order: usize) -> Vec<Vec<u32>> {
    let cells = order * order;
    let line = (cells * (cells + 1) / 2 / order) as u32;
    let mut found = Vec::new();
    let mut grid = vec![0_u32; cells];
    let mut used = vec![false; cells + 1];
    fill(order, line, 0, &mut grid, &mut used, &mut found);
    found
}

fn fill(
    order: usize,
    line: u32,
    index: usize,
    grid: &mut [u32],
    used: &mut [bool],
    found: &mut Vec<Vec<u32>>,
) {
    if index == grid.len() {
        found.push(grid.to_vec());
        return;
    }
    for value in 1..used.len() {
        if used[value] {
            continue;
        }
        grid[index] = value as u32;
        used[value] = true;
        if lines_so_far_hold(order, line, index, grid) {
            fill(order, line, index + 1, grid, used, found);
        }
        used[value] = false;
    }
    grid[index] = 0;
}

/// Checks the lines completed by the cell just written at `index`.
fn lines_so_far_hold(order: usize, line: u32, index: usize, grid: &[u32]) -> bool {
    let (row, column) = (index / order, index % order);
    let sum = |cells: &mut dyn Iterator<Item = usize>| cells.map(|cell| grid[cell]).sum::<u32>();
    if column == order - 1 && sum(&mut (row * order..(row + 1) * order)) != line {
        return false;
    }
    if row == order - 1 {
        if sum(&mut (0..order).map(|r| r * order + column)) != line {
            return false;
        }
        if column == 0 && sum(&mut (0..order).map(|k| k * order + order - 1 - k)) != line {
            return false;
        }
        if column == order - 1 && sum(&mut (0..order).map(|k| k * order + k)) != line {
            return false;
        }
    }
    true
}

/// The 8 rotations and reflections of a 3 × 3 grid.
fn symmetries(grid: &[u32]) -> BTreeSet<Vec<u32>> {
    let rotate = |g: &[u32]| -> Vec<u32> {
        (0..9)
            .map(|index| g[(2 - index % 3) * 3 + index / 3])
            .collect()
    };
    let mirror = |g: &[u32]| -> Vec<u32> {
        (0..9)
            .map(|index| g[index / 3 * 3 + 2 - index % 3])
            .collect()
    };
    let mut all = BTreeSet::new();
    let mut current = grid.to_vec();
    for _ in 0..4 {
        all.insert(current.clone());
        all.insert(mirror(&current));
        current = rotate(&current);
    }
    all
}

#[test]
fn there_are_eight_magic_squares_of_order_3() {
    let squares = all_magic_squares(3);
    assert_eq!(squares.len(), 8);
    let found: BTreeSet<Vec<u32>> = squares.iter().cloned().collect();
    assert_eq!(found, symmetries(&[8, 1, 6, 3, 5, 7, 4, 9, 2]));
    for cells in squares {
        let square = Square::new(3, cells).unwrap();
        assert_eq!(square.verify(), Ok(()), "{square}");
    }
}

#[test]
fn order_one_has_one_and_order_two_none() {
    assert_eq!(all_magic_squares(1), [vec![1]]);
    assert!(all_magic_squares(2).is_empty());
}
