//! The automaton of one Binairo line: as many 1s as 0s, and never three
//! alike in a row. Read by a [`sieve::Regular`] rule, it makes every
//! deduction a person can make from one line alone (domain consistency on
//! the line), which covers every technique of Tatham's solver but the
//! unique-rows one: threes, single gaps, completed counts and nearly
//! completed ones.
//!
//! ```
//! use sieve_unruly::line::balanced_line;
//!
//! let line = balanced_line(6)?;
//! assert!(line.accepts(&[0, 1, 1, 0, 0, 1]));
//! assert!(!line.accepts(&[0, 0, 0, 1, 1, 1])); // three alike
//! assert!(!line.accepts(&[0, 1, 0, 1, 0, 0])); // four 0s
//! # Ok::<(), sieve::Error>(())
//! ```

use sieve::Value;
use sieve::rules::Automaton;

/// What the automaton remembers of the cells read so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Seen {
    /// How many 1s and how many 0s.
    counts: [usize; 2],
    /// The last value and how many of it end the cells read (1 or 2); none
    /// before the first cell.
    tail: Option<(Value, usize)>,
}

/// The automaton over `0` and `1` that accepts the lines of `length` cells
/// with `length / 2` of each value and no three alike in a row (none for
/// an odd length). Its states are the reachable pairs of counts and tails:
/// at most 4·(length/2 + 1)² + 1.
pub fn balanced_line(length: usize) -> Result<Automaton, sieve::Error> {
    let half = length / 2;
    let start = Seen {
        counts: [0, 0],
        tail: None,
    };
    // State numbers by `Seen::slot`: a plain table rather than a hash map,
    // since a model builds this automaton for each line length it has.
    let mut numbers: Vec<Option<usize>> = vec![None; Seen::slots(half)];
    numbers[start.slot(half)] = Some(0);
    let mut count = 1;
    let mut queue = vec![(start, 0)];
    let mut transitions = Vec::new();
    let mut accepting = Vec::new();
    while let Some((seen, from)) = queue.pop() {
        if length.is_multiple_of(2) && seen.counts == [half, half] {
            accepting.push(from);
        }
        for value in [0, 1] {
            let Some(next) = step(seen, value, half) else {
                continue;
            };
            let to = *numbers[next.slot(half)].get_or_insert_with(|| {
                queue.push((next, count));
                count += 1;
                count - 1
            });
            transitions.push((from, value, to));
        }
    }
    Automaton::new(count, 0, accepting, transitions)
}

impl Seen {
    /// How many distinct `Seen` there are with counts up to `half`: each
    /// count 0..=half, and five tails (none, or 1 or 2 of either value).
    fn slots(half: usize) -> usize {
        (half + 1) * (half + 1) * 5
    }

    /// This one's place among the [`Seen::slots`].
    fn slot(&self, half: usize) -> usize {
        let tail = match self.tail {
            None => 0,
            Some((value, run)) => 1 + 2 * usize::from(value == 1) + (run - 1),
        };
        (self.counts[0] * (half + 1) + self.counts[1]) * 5 + tail
    }
}

/// The state after one more cell of `value`, if the line can still be good.
fn step(seen: Seen, value: Value, half: usize) -> Option<Seen> {
    let mut counts = seen.counts;
    let slot = usize::from(value == 1);
    counts[slot] += 1;
    if counts[slot] > half {
        return None;
    }
    let run = match seen.tail {
        Some((last, run)) if last == value => run + 1,
        _ => 1,
    };
    (run <= 2).then_some(Seen {
        counts,
        tail: Some((value, run)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a line is balanced with no three alike, read directly.
    fn good(line: &[Value]) -> bool {
        let ones = line.iter().filter(|&&value| value == 1).count();
        2 * ones == line.len()
            && line
                .windows(3)
                .all(|three| three[0] != three[1] || three[1] != three[2])
    }

    #[test]
    fn the_automaton_accepts_exactly_the_good_lines() {
        for length in 0..=12 {
            let automaton = balanced_line(length).expect("valid");
            let mut accepted = 0;
            for bits in 0u32..1 << length {
                let line: Vec<Value> = (0..length).map(|i| (bits >> i & 1) as Value).collect();
                assert_eq!(automaton.accepts(&line), good(&line), "{line:?}");
                accepted += usize::from(good(&line));
            }
            // A177790 (the counts his unique mode checks sizes against) for
            // even lengths; nothing for odd ones.
            let expected = match length {
                0 => 1,
                2 => 2,
                4 => 6,
                6 => 14,
                8 => 34,
                10 => 84,
                12 => 208,
                _ => 0,
            };
            assert_eq!(accepted, expected, "length {length}");
        }
    }

    #[test]
    fn the_states_stay_few() {
        let automaton = balanced_line(64).expect("valid");
        assert!(
            automaton.states() <= 4 * 33 * 33 + 1,
            "{}",
            automaton.states()
        );
    }
}
