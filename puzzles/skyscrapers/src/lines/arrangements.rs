//! Enumerating the arrangements of one line: a depth-first generator over
//! the permutations of `1..=N`, started from the candidates the subset program
//! keeps and pruned as it goes (see [`super`]).

use std::ops::ControlFlow;

use super::{Candidates, MAX_LINE, full_mask, height_bit, surviving_candidates_into};

/// The bits of the heights above `height` (heights `height + 1 ..`).
fn bits_above(height: u8) -> Candidates {
    !full_mask(usize::from(height))
}

/// The tallest height in `candidates`, 0 if empty.
fn tallest_of(candidates: Candidates) -> u8 {
    (Candidates::BITS - candidates.leading_zeros()) as u8
}

/// Depth-first generator of the arrangements of one line.
struct Enumerator<'a> {
    candidates: &'a [Candidates],
    /// `suffix_union[p]`: every candidate of cells `p..`.
    suffix_union: Vec<Candidates>,
    /// `first_tallest_from[p]`: the first cell at or after `p` that can hold N
    /// (`size` if none).
    first_tallest_from: Vec<usize>,
    size: usize,
    tallest: u8,
    start: u8,
    end: u8,
    heights: Vec<u8>,
    tallest_at: usize,
}

/// What the generator knows about a prefix of the line.
#[derive(Clone, Copy)]
struct Prefix {
    position: usize,
    used: Candidates,
    maximum: u8,
    seen: u8,
}

impl<'a> Enumerator<'a> {
    fn new(candidates: &'a [Candidates], start: u8, end: u8) -> Enumerator<'a> {
        let size = candidates.len();
        let tallest_bit = height_bit(size as u8);
        let mut suffix_union = vec![0; size + 1];
        let mut first_tallest_from = vec![size; size + 1];
        for position in (0..size).rev() {
            suffix_union[position] = suffix_union[position + 1] | candidates[position];
            first_tallest_from[position] = if candidates[position] & tallest_bit != 0 {
                position
            } else {
                first_tallest_from[position + 1]
            };
        }
        Enumerator {
            candidates,
            suffix_union,
            first_tallest_from,
            size,
            tallest: size as u8,
            start,
            end,
            heights: vec![0; size],
            tallest_at: size,
        }
    }

    /// Whether the start clue can still be met after placing `next` (with
    /// `unused` heights left to place).
    fn start_possible(&self, next: &Prefix, unused: Candidates) -> bool {
        if self.start == 0 {
            return true;
        }
        let reachable = (unused & bits_above(next.maximum)).count_ones() as u8;
        // While N is still to come it will be seen too.
        let still_seen = u8::from(next.maximum < self.tallest);
        next.seen + still_seen <= self.start && next.seen + reachable >= self.start
    }

    /// Whether the end clue can still be met once cells `..=position` are
    /// placed (with `unused` heights left for the cells after it).
    fn end_possible(&self, position: usize, unused: Candidates) -> bool {
        if self.end == 0 {
            return true;
        }
        if self.tallest_at > position {
            // N stands after `position`, no earlier than the first cell that
            // can take it, and only the cells from it on can be seen.
            let earliest = self.first_tallest_from[position + 1];
            return earliest < self.size && usize::from(self.end) <= self.size - earliest;
        }
        // Seen from the end: records among the unused heights (at least one if
        // any, at most all), then placed cells behind N taller than all of
        // those, then N itself.
        let mut running = tallest_of(unused);
        let mut placed_seen = 0;
        for &height in self.heights[self.tallest_at + 1..=position].iter().rev() {
            if height > running {
                running = height;
                placed_seen += 1;
            }
        }
        let lowest = 1 + placed_seen + u8::from(unused != 0);
        let highest = 1 + placed_seen + unused.count_ones() as u8;
        (lowest..=highest).contains(&self.end)
    }

    fn descend<F>(&mut self, prefix: Prefix, visit: &mut F) -> ControlFlow<()>
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        if prefix.position == self.size {
            return visit(&self.heights);
        }
        let unused = full_mask(self.size) & !prefix.used;
        if unused & !self.suffix_union[prefix.position] != 0 {
            return ControlFlow::Continue(());
        }
        let mut options = self.candidates[prefix.position] & unused;
        while options != 0 {
            let bit = options & options.wrapping_neg();
            options &= !bit;
            let height = bit.trailing_zeros() as u8 + 1;
            let next = Prefix {
                position: prefix.position + 1,
                used: prefix.used | bit,
                maximum: prefix.maximum.max(height),
                seen: prefix.seen + u8::from(height > prefix.maximum),
            };
            let remaining = unused & !bit;
            if !self.start_possible(&next, remaining) {
                continue;
            }
            self.heights[prefix.position] = height;
            if height == self.tallest {
                self.tallest_at = prefix.position;
            }
            if self.end_possible(prefix.position, remaining) {
                self.descend(next, visit)?;
            }
            if height == self.tallest {
                self.tallest_at = self.size;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Calls `visit` with every permutation of `1..=N` (N = `candidates.len()`)
/// that fits each cell's candidates, is seen by `start` buildings from its
/// start and by `end` from its end (`None` or `Some(0)`: no clue), in
/// lexicographic order, until `visit` breaks.
///
/// Lines longer than [`MAX_LINE`] have no arrangements.
pub fn for_each_arrangement<F>(
    candidates: &[Candidates],
    start: Option<u8>,
    end: Option<u8>,
    mut visit: F,
) -> ControlFlow<()>
where
    F: FnMut(&[u8]) -> ControlFlow<()>,
{
    let size = candidates.len();
    let start = start.unwrap_or(0);
    let end = end.unwrap_or(0);
    if size > MAX_LINE || usize::from(start) > size || usize::from(end) > size {
        return ControlFlow::Continue(());
    }
    if start > 0 && end > 0 && usize::from(start) + usize::from(end) > size + 1 {
        return ControlFlow::Continue(());
    }
    // Only candidates that lie in some arrangement, so most dead ends are gone.
    let mut supported = vec![0; size];
    if !surviving_candidates_into(candidates, Some(start), Some(end), &mut supported) {
        return ControlFlow::Continue(());
    }
    let mut enumerator = Enumerator::new(&supported, start, end);
    let empty = Prefix {
        position: 0,
        used: 0,
        maximum: 0,
        seen: 0,
    };
    enumerator.descend(empty, &mut visit)
}

/// Every arrangement [`for_each_arrangement`] visits, collected (for tests
/// and small lines; the count grows like N!).
pub fn arrangements(candidates: &[Candidates], start: Option<u8>, end: Option<u8>) -> Vec<Vec<u8>> {
    let mut found = Vec::new();
    let _ = for_each_arrangement(candidates, start, end, |heights| {
        found.push(heights.to_vec());
        ControlFlow::Continue(())
    });
    found
}

/// The first arrangement in lexicographic order, if any.
pub fn first_arrangement(
    candidates: &[Candidates],
    start: Option<u8>,
    end: Option<u8>,
) -> Option<Vec<u8>> {
    let mut first = None;
    let _ = for_each_arrangement(candidates, start, end, |heights| {
        first = Some(heights.to_vec());
        ControlFlow::Break(())
    });
    first
}
