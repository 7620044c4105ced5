//! The automaton of one Hitori line: no two shaded cells side by side, and
//! no number unshaded twice. Read by a [`sieve::Regular`] rule, it makes
//! every deduction a person can make from one line alone (domain
//! consistency on the line): a number between two of its kind is
//! unshaded, two of a kind side by side shade every other of their kind,
//! three in a row shade the outer two, and so on.
//!
//! The automaton reads the line's cells in order, 0 for shaded and 1 for
//! unshaded, and remembers the position, whether the last cell was shaded,
//! and which of the line's repeated numbers it has left unshaded, of those
//! still to come again. A line of many repeated numbers that interleave
//! could need too many states; [`line_automaton`] then answers `None`.
//!
//! ```
//! use sieve_singles::line::line_automaton;
//!
//! // 2 1 2 2: the last two 2s are side by side, so one of them is shaded
//! // and the first 2 is too; then the 1 is unshaded.
//! let line = line_automaton(&[2, 1, 2, 2], 1000).expect("few states");
//! assert!(line.accepts(&[0, 1, 1, 0]));
//! assert!(line.accepts(&[0, 1, 0, 1]));
//! assert!(!line.accepts(&[1, 1, 0, 1])); // two 2s unshaded
//! assert!(!line.accepts(&[1, 0, 0, 1])); // two shaded side by side
//! ```

use hashbrown::HashMap;
use sieve::Value;
use sieve::rules::Automaton;

/// The value of a shaded cell.
pub const SHADED: Value = 0;

/// The value of an unshaded cell.
pub const UNSHADED: Value = 1;

/// What the automaton remembers before a position (the position itself is
/// the layer the state is in).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct Seen {
    /// For each line of the band, whether its last cell read is shaded.
    last_shaded: [bool; 2],
    /// For each line, bit `r`: its repeated number `r` is unshaded before,
    /// and comes again.
    unshaded: [u64; 2],
}

/// One line's repeated numbers: each one's bit, and after each position
/// the bits of those that still come.
struct Repeats {
    bits: HashMap<u8, u64>,
    pending: Vec<u64>,
}

impl Repeats {
    /// `None` past 64 repeated numbers (more than a state's word holds).
    fn of(numbers: &[u8]) -> Option<Repeats> {
        let mut bits: HashMap<u8, u64> = HashMap::new();
        let mut last: HashMap<u8, usize> = HashMap::new();
        for (position, &number) in numbers.iter().enumerate() {
            if numbers.iter().filter(|&&other| other == number).count() > 1 {
                if !bits.contains_key(&number) {
                    bits.insert(number, 1u64.checked_shl(bits.len() as u32)?);
                }
                last.insert(number, position);
            }
        }
        let pending = (0..=numbers.len())
            .map(|at| {
                (last.iter())
                    .filter(|&(_, &position)| position >= at)
                    .fold(0, |pending, (number, _)| pending | bits[number])
            })
            .collect();
        Some(Repeats { bits, pending })
    }
}

/// The automaton of a line with these numbers (see the [module
/// docs](self)), or `None` when it would have more than `state_limit`
/// states.
pub fn line_automaton(numbers: &[u8], state_limit: usize) -> Option<Automaton> {
    band_automaton(&[numbers], state_limit)
}

/// The automaton of a band of one or two neighbouring lines of the same
/// length, read column by column (the first line's cell, then the
/// second's): each line's rules, and no two shaded cells side by side
/// across the lines either. `None` when it would have more than
/// `state_limit` states, or for other than one or two lines of one length.
pub fn band_automaton(lines: &[&[u8]], state_limit: usize) -> Option<Automaton> {
    let length = lines.first()?.len();
    if lines.len() > 2 || lines.iter().any(|line| line.len() != length) {
        return None;
    }
    let repeats: Vec<Repeats> = lines
        .iter()
        .map(|line| Repeats::of(line))
        .collect::<Option<_>>()?;
    let start = Seen {
        last_shaded: [false; 2],
        unshaded: [0; 2],
    };
    // States are numbered layer by layer; a state's key need only be
    // unique in its layer, so the map holds one layer at a time, and hashes
    // with hashbrown's fast hasher (a model builds dozens of these).
    let mut layer = vec![(start, 0)];
    let mut next_numbers: HashMap<Seen, usize> = HashMap::new();
    let mut count = 1;
    let mut transitions = Vec::new();
    for position in 0..length * lines.len() {
        let (column, index) = (position / lines.len(), position % lines.len());
        let bit = repeats[index]
            .bits
            .get(&lines[index][column])
            .copied()
            .unwrap_or(0);
        let pending = repeats[index].pending[column + 1];
        let mut next_layer = Vec::with_capacity(2 * layer.len());
        transitions.reserve(2 * layer.len());
        next_numbers.clear();
        for (seen, from) in layer {
            // The cell above, in this column, was read just before.
            let above_shaded = index == 1 && seen.last_shaded[0];
            let can_shade = !seen.last_shaded[index] && !above_shaded;
            let can_unshade = seen.unshaded[index] & bit == 0;
            let moves = [(SHADED, can_shade), (UNSHADED, can_unshade)];
            for (value, _) in moves.into_iter().filter(|&(_, possible)| possible) {
                let mut next = seen;
                next.last_shaded[index] = value == SHADED;
                if value == UNSHADED {
                    next.unshaded[index] |= bit;
                }
                next.unshaded[index] &= pending;
                let to = *next_numbers.entry(next).or_insert_with(|| {
                    next_layer.push((next, count));
                    count += 1;
                    count - 1
                });
                transitions.push((from, value, to));
            }
            if count > state_limit {
                return None;
            }
        }
        layer = next_layer;
    }
    let accepting = layer.iter().map(|&(_, number)| number).collect();
    Automaton::new(count, 0, accepting, transitions).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a line's shading keeps both rules, read directly.
    fn good(numbers: &[u8], shading: &[Value]) -> bool {
        let apart = shading.windows(2).all(|pair| pair != [SHADED, SHADED]);
        let unshaded: Vec<u8> = (numbers.iter().zip(shading))
            .filter(|&(_, &value)| value == UNSHADED)
            .map(|(&number, _)| number)
            .collect();
        let mut sorted = unshaded.clone();
        sorted.sort_unstable();
        sorted.dedup();
        apart && sorted.len() == unshaded.len()
    }

    #[test]
    fn the_automaton_accepts_exactly_the_good_shadings() {
        // Every line of up to 7 numbers from 1 to 3.
        for length in 1..=7u32 {
            for code in 0..3u32.pow(length) {
                let numbers: Vec<u8> = (0..length)
                    .map(|i| (code / 3u32.pow(i) % 3 + 1) as u8)
                    .collect();
                let automaton = line_automaton(&numbers, 10_000).expect("few states");
                for bits in 0u32..1 << length {
                    let shading: Vec<Value> =
                        (0..length).map(|i| (bits >> i & 1) as Value).collect();
                    assert_eq!(
                        automaton.accepts(&shading),
                        good(&numbers, &shading),
                        "{numbers:?} {shading:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_band_automaton_accepts_exactly_the_good_pairs_of_lines() {
        // Every two lines of up to 4 numbers from 1 to 3, read column by
        // column: each line good, and no column shaded twice.
        for length in 1..=4u32 {
            for code in 0..3u32.pow(2 * length) {
                let digit = |i: u32| (code / 3u32.pow(i) % 3 + 1) as u8;
                let top: Vec<u8> = (0..length).map(digit).collect();
                let bottom: Vec<u8> = (length..2 * length).map(digit).collect();
                let automaton = band_automaton(&[&top, &bottom], 10_000).expect("few states");
                for bits in 0u32..1 << (2 * length) {
                    let read: Vec<Value> =
                        (0..2 * length).map(|i| (bits >> i & 1) as Value).collect();
                    let upper: Vec<Value> = read.iter().step_by(2).copied().collect();
                    let lower: Vec<Value> = read.iter().skip(1).step_by(2).copied().collect();
                    let apart =
                        (upper.iter().zip(&lower)).all(|(&a, &b)| a == UNSHADED || b == UNSHADED);
                    let expected = good(&top, &upper) && good(&bottom, &lower) && apart;
                    assert_eq!(
                        automaton.accepts(&read),
                        expected,
                        "{top:?} {bottom:?} {read:?}"
                    );
                }
            }
        }
        assert!(
            band_automaton(&[&[1, 2], &[1]], 100).is_none(),
            "lengths differ"
        );
    }

    #[test]
    fn interleaved_repeats_past_the_limit_have_no_automaton() {
        // 1 2 3 … 20 1 2 3 … 20: twenty numbers pending at once.
        let numbers: Vec<u8> = (1..=20).chain(1..=20).collect();
        assert!(line_automaton(&numbers, 4096).is_none());
        assert!(line_automaton(&numbers[..10], 4096).is_some());
    }
}
