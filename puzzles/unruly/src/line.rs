//! The automaton of one Binairo line: as many 1s as 0s, and never three
//! alike in a row (the model reads lines with [`crate::BalancedLine`],
//! which filters alike, and with this automaton only lines longer than
//! [`crate::balanced::LONGEST`]). Read by a [`sieve::Regular`] rule, it makes every
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

/// The last cells read: 1 or 2 alike at the end of the line so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Tail {
    value: Value,
    run: i64,
}

/// Every tail, in the order their states are numbered.
const TAILS: [Tail; 4] = [
    Tail { value: 0, run: 1 },
    Tail { value: 0, run: 2 },
    Tail { value: 1, run: 1 },
    Tail { value: 1, run: 2 },
];

/// The automaton over `0` and `1` that accepts, of the lines of `length`
/// cells, those with `length / 2` of each value and no three alike in a row
/// (none for an odd length). It is meant for lines of exactly `length`
/// cells, as a [`sieve::Regular`] rule over them reads: a word of another
/// length may be accepted or refused whatever its counts.
///
/// A state is the tail and the *balance*, 1s less 0s, not both counts: the
/// position gives the other, so a line of 16 needs 63 states rather than
/// the 325 of counts and tails, few enough for the rule to keep its graph a
/// word a layer. A balance is kept only where it can end a prefix of a good
/// line: each value at most `length / 2` times, so a tail of `run` 1s leaves
/// the balance at least `run - length / 2`, and likewise for 0s.
pub fn balanced_line(length: usize) -> Result<Automaton, sieve::Error> {
    let half = (length / 2) as i64;
    // Each tail's balances: from `lowest(tail)` to `highest(tail)`.
    let lowest = |tail: Tail| {
        if tail.value == 1 {
            tail.run - half
        } else {
            -half
        }
    };
    let highest = |tail: Tail| {
        if tail.value == 0 {
            half - tail.run
        } else {
            half
        }
    };
    // State 0 is the start; then each tail's balances, lowest first.
    let mut first_state = [0usize; 4];
    let mut count = 1;
    for (index, &tail) in TAILS.iter().enumerate() {
        first_state[index] = count;
        count += (highest(tail) - lowest(tail) + 1).max(0) as usize;
    }
    let state_of = |tail: Tail, balance: i64| -> Option<usize> {
        let index = TAILS.iter().position(|&known| known == tail)?;
        let offset = balance - lowest(tail);
        (lowest(tail)..=highest(tail))
            .contains(&balance)
            .then(|| first_state[index] + offset as usize)
    };
    let mut transitions = Vec::new();
    let mut step_from = |from: usize, last: Option<Tail>, balance: i64| {
        for value in [0, 1] {
            let run = match last {
                Some(tail) if tail.value == value => tail.run + 1,
                _ => 1,
            };
            let next_balance = balance + if value == 1 { 1 } else { -1 };
            if run <= 2
                && let Some(to) = state_of(Tail { value, run }, next_balance)
            {
                transitions.push((from, value, to));
            }
        }
    };
    step_from(0, None, 0);
    for &tail in &TAILS {
        for balance in lowest(tail)..=highest(tail) {
            let from = state_of(tail, balance).expect("in range");
            step_from(from, Some(tail), balance);
        }
    }
    let accepting: Vec<usize> = match length {
        0 => vec![0],
        _ if length % 2 == 1 => Vec::new(),
        _ => TAILS.iter().filter_map(|&tail| state_of(tail, 0)).collect(),
    };
    Automaton::new(count, 0, accepting, transitions)
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
        // Four tails of at most 2·32 + 1 balances, and the start.
        let automaton = balanced_line(64).expect("valid");
        assert!(automaton.states() <= 4 * 65 + 1, "{}", automaton.states());
        // A line of 16 fits in one word a layer.
        assert_eq!(balanced_line(16).expect("valid").states(), 63);
    }
}
