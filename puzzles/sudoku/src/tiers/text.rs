//! Words for the rules' sentences: values as the grid prints them, lists of
//! values and cells, and the names of patterns.

use sieve::Value;
use sieve::fast::bits;

use crate::shape::Shape;
use crate::symbols;

/// How a 0-based value is written in this grid (`7`, `A`, or `10` beyond the symbols).
pub(crate) fn value(shape: Shape, value: Value) -> String {
    symbols::label(shape.size(), value as u8)
}

/// The values of a mask, ascending; runs of three or more become `1-6`, and the
/// last two items are joined by `conjunction`: `1-6, 8 and 9`.
pub(crate) fn values(shape: Shape, mask: u64, conjunction: &str) -> String {
    let all: Vec<Value> = bits(mask).map(|bit| bit as Value).collect();
    let mut parts = Vec::new();
    let mut start = 0;
    while start < all.len() {
        let mut end = start;
        while end + 1 < all.len() && all[end + 1] == all[end] + 1 {
            end += 1;
        }
        if end - start >= 2 {
            let first = value(shape, all[start]);
            let last = value(shape, all[end]);
            parts.push(format!("{first}-{last}"));
        } else {
            parts.extend(all[start..=end].iter().map(|&v| value(shape, v)));
        }
        start = end + 1;
    }
    join(&parts, conjunction)
}

/// `a`, `a and b`, `a, b and c` (with the given conjunction).
pub(crate) fn join(parts: &[String], conjunction: &str) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {conjunction} {last}", init.join(", ")),
    }
}

/// Cell names joined by commas: `r2c4, r2c8` (the cells a value leaves).
pub(crate) fn cell_list(shape: Shape, cells: impl IntoIterator<Item = usize>) -> String {
    cells
        .into_iter()
        .map(|cell| shape.position(cell).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Cell names joined as a phrase: `r4c4 and r5c6` (the cells of a pattern).
pub(crate) fn cell_phrase(shape: Shape, cells: impl IntoIterator<Item = usize>) -> String {
    let names: Vec<String> = cells
        .into_iter()
        .map(|cell| shape.position(cell).to_string())
        .collect();
    join(&names, "and")
}

/// Line numbers (1-based) joined as a phrase: `3 and 6`, `1, 4 and 7`.
pub(crate) fn numbers(indices: impl IntoIterator<Item = usize>) -> String {
    let names: Vec<String> = indices.into_iter().map(|i| (i + 1).to_string()).collect();
    join(&names, "and")
}

/// `is` for one value, `are` for several.
pub(crate) fn is_are(mask: u64) -> &'static str {
    if mask.count_ones() == 1 { "is" } else { "are" }
}

/// Every choice of `size` items, in lexicographic order, whose masks together
/// have at most `size` bits; `found` gets the chosen positions and their union.
///
/// Choices are pruned as soon as the union grows past `size`, so sparse items
/// (cells with few candidates, lines with few places) keep the search small.
pub(crate) fn small_unions(items: &[u64], size: usize, found: &mut impl FnMut(&[usize], u64)) {
    let mut chosen = Vec::with_capacity(size);
    extend(items, size, 0, 0, &mut chosen, found);
}

fn extend(
    items: &[u64],
    size: usize,
    start: usize,
    union: u64,
    chosen: &mut Vec<usize>,
    found: &mut impl FnMut(&[usize], u64),
) {
    if chosen.len() == size {
        found(chosen, union);
        return;
    }
    let missing = size - chosen.len();
    for index in start..items.len() {
        if items.len() - index < missing {
            break;
        }
        let grown = union | items[index];
        if grown.count_ones() as usize > size {
            continue;
        }
        chosen.push(index);
        extend(items, size, index + 1, grown, chosen, found);
        chosen.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_collapse_runs_of_three() {
        let shape = Shape::classic();
        let all_but_seven = 0b1_1011_1111;
        assert_eq!(values(shape, all_but_seven, "and"), "1-6, 8 and 9");
        assert_eq!(values(shape, 0b1000_1001, "or"), "1, 4 or 8");
        assert_eq!(values(shape, 0b11, "and"), "1 and 2");
        let sixteen = Shape::square(4).unwrap();
        assert_eq!(values(sixteen, 0b111 << 8, "and"), "9-B");
    }

    #[test]
    fn unions_are_pruned_and_ordered() {
        let items = [0b011, 0b110, 0b011, 0b1000];
        let mut seen = Vec::new();
        small_unions(&items, 2, &mut |chosen, union| {
            seen.push((chosen.to_vec(), union))
        });
        assert_eq!(seen, vec![(vec![0, 2], 0b011)]);
        let mut triples = Vec::new();
        small_unions(&items, 3, &mut |chosen, _| triples.push(chosen.to_vec()));
        assert_eq!(triples, vec![vec![0, 1, 2], vec![0, 2, 3]]);
    }
}
