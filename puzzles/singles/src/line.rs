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

/// One line's repeated numbers: the bit of the number at each position (0
/// for a number the line holds once), and before each position the bits of
/// those still to come there or later.
struct Repeats {
    bit_at: Vec<u64>,
    pending: Vec<u64>,
}

impl Repeats {
    /// `None` past 63 repeated numbers (a state keeps each line's in a word,
    /// beside whether its last cell is shaded).
    fn of(numbers: &[u8]) -> Option<Repeats> {
        let mut count = [0u32; 256];
        for &number in numbers {
            count[usize::from(number)] += 1;
        }
        // Bits in the order the numbers first come, looked up by number.
        let mut bits = [0u64; 256];
        let mut next = 0;
        let mut bit_at = Vec::with_capacity(numbers.len());
        for &number in numbers {
            let number = usize::from(number);
            if count[number] > 1 && bits[number] == 0 {
                next += 1;
                bits[number] = 1u64.checked_shl(next)?;
            }
            bit_at.push(bits[number]);
        }
        // What comes at or after a position: an or of the bits from there on.
        let mut pending = vec![0; numbers.len() + 1];
        for (at, &bit) in bit_at.iter().enumerate().rev() {
            pending[at] = pending[at + 1] | bit;
        }
        Some(Repeats { bit_at, pending })
    }
}

/// What the automaton remembers before a position (the position itself is
/// the layer the state is in), packed: each line a word of its own, bit 0
/// whether its last cell read is shaded, bit `r` whether its repeated
/// number `r` is unshaded before and comes again.
type Seen = u128;

/// The bit of `Seen` that says line `index`'s last cell read is shaded.
fn last_shaded_bit(index: usize) -> Seen {
    1 << (64 * index)
}

/// A layer of at most this many states is searched from end to end rather
/// than hashed: a line of Tatham's 12×12 has about 8 states a layer, and
/// hashing each one was most of what building its automaton cost.
const SEARCHED_LAYER: usize = 16;

/// The number of state `seen` in the layer being built (`layer`, and
/// `numbers` indexing it once it is longer than [`SEARCHED_LAYER`]),
/// numbering it `count` and counting it when it is new.
fn number_in_layer(
    seen: Seen,
    layer: &mut Vec<(Seen, usize)>,
    numbers: &mut HashMap<Seen, usize>,
    count: &mut usize,
) -> usize {
    let known = if layer.len() <= SEARCHED_LAYER {
        layer
            .iter()
            .find(|&&(other, _)| other == seen)
            .map(|&(_, number)| number)
    } else {
        numbers.get(&seen).copied()
    };
    if let Some(number) = known {
        return number;
    }
    layer.push((seen, *count));
    if layer.len() == SEARCHED_LAYER + 1 {
        numbers.extend(layer.iter().copied());
    } else if layer.len() > SEARCHED_LAYER + 1 {
        numbers.insert(seen, *count);
    }
    *count += 1;
    *count - 1
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
///
/// A model builds one for each of its lines, so states are packed words
/// numbered a layer at a time (the map holds one layer), with no
/// allocation past the layers' and the transitions' own.
pub fn band_automaton(lines: &[&[u8]], state_limit: usize) -> Option<Automaton> {
    let length = lines.first()?.len();
    if lines.len() > 2 || lines.iter().any(|line| line.len() != length) {
        return None;
    }
    let repeats: Vec<Repeats> = lines
        .iter()
        .map(|line| Repeats::of(line))
        .collect::<Option<_>>()?;
    let mut layer: Vec<(Seen, usize)> = vec![(0, 0)];
    let mut next_layer = Vec::new();
    let mut next_numbers = HashMap::new();
    let mut count = 1;
    // About 9 transitions a position on Tatham's 12×12 lines: room for
    // most lines without growing.
    let mut transitions = Vec::with_capacity(12 * length * lines.len());
    for position in 0..length * lines.len() {
        let (column, index) = (position / lines.len(), position % lines.len());
        let shift = 64 * index;
        let bit = Seen::from(repeats[index].bit_at[column]) << shift;
        // The other line's word is kept whole; this line's keeps its last
        // cell and the numbers still to come.
        let pending = repeats[index].pending[column + 1] | 1;
        let keep = !(Seen::from(u64::MAX) << shift) | Seen::from(pending) << shift;
        next_layer.clear();
        next_numbers.clear();
        for &(seen, from) in &layer {
            // The cell above, in this column, was read just before.
            let above_shaded = index == 1 && seen & last_shaded_bit(0) != 0;
            let can_shade = seen & last_shaded_bit(index) == 0 && !above_shaded;
            let can_unshade = seen & bit == 0;
            let shaded = (seen | last_shaded_bit(index)) & keep;
            let unshaded = (seen & !last_shaded_bit(index) | bit) & keep;
            let moves = [
                (SHADED, can_shade, shaded),
                (UNSHADED, can_unshade, unshaded),
            ];
            for (value, _, next) in moves.into_iter().filter(|&(_, possible, _)| possible) {
                let to = number_in_layer(next, &mut next_layer, &mut next_numbers, &mut count);
                transitions.push((from, value, to));
            }
            if count > state_limit {
                return None;
            }
        }
        std::mem::swap(&mut layer, &mut next_layer);
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
