//! A line's own rule: as many 1s as 0s and never three alike in a row, read
//! with bit operations on words rather than through the automaton of
//! [`balanced_line`](crate::line::balanced_line).
//!
//! It filters exactly as a [`sieve::Regular`] rule over that automaton
//! (domain consistency on the line, the same removals in the same order and
//! the same sentences), but a layer of the graph is four words, one for
//! each tail (one or two 0s, one or two 1s), whose bit `b` is the balance
//! `b - length / 2` (1s less 0s): reading a value moves a whole tail's
//! balances by one shift. A run of a line of 16 is a few hundred
//! operations and keeps nothing between runs; the kept graph of the
//! general rule cost about 6,400 instructions a run, most of Unruly's
//! solving (callgrind, unruly-16x16dn, 100 IDs: 148.5 M instructions the
//! whole process before).

use sieve::rules::Deduction;
use sieve::rules::wording::remove_worded;
use sieve::{Conflict, Consistency, Context, Cost, Events, Names, Rule, Value, VarId, Watch, Why};

use crate::distinct::Known;
use crate::puzzle::Line;

/// The longest line the rule reads: its balances, from `-length / 2` to
/// `length / 2`, fit a word.
pub const LONGEST: usize = 62;

/// One layer's states: for each tail, the balances reached (bit `b` for
/// balance `b - length / 2`).
#[derive(Copy, Clone, Debug, Default)]
struct Layer {
    /// Ending in one 0, in two 0s, in one 1, in two 1s.
    tails: [u64; 4],
}

/// The tails, as indices of [`Layer::tails`].
const ONE_ZERO: usize = 0;
const TWO_ZEROS: usize = 1;
const ONE_ONE: usize = 2;
const TWO_ONES: usize = 3;

/// All bits when `allowed`, none otherwise.
fn mask(allowed: bool) -> u64 {
    u64::from(allowed).wrapping_neg()
}

/// Which values of each position some accepted filling uses: bit `p` of
/// `zeros` when one has a 0 at `p`, of `ones` when one has a 1 there.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Supports {
    pub(crate) zeros: u64,
    pub(crate) ones: u64,
}

/// The values some filling of `length` cells (even, at most [`LONGEST`])
/// with as many 1s as 0s and never three alike uses, where cell `p` can
/// be 0 when bit `p` of `can_zero` is set and 1 when that of `can_one` is;
/// `None` when no filling agrees.
pub(crate) fn supports(length: usize, can_zero: u64, can_one: u64) -> Option<Supports> {
    let half = length / 2;
    let balances = (1u64 << (length + 1)) - 1;
    // `reached[p]`: the states some agreeing prefix of `p` cells ends in;
    // before any cell only the balance 0, with no tail.
    let mut reached = [Layer::default(); LONGEST + 1];
    let start = 1u64 << half;
    for position in 0..length {
        let zero = mask(can_zero >> position & 1 == 1);
        let one = mask(can_one >> position & 1 == 1);
        let here = reached[position].tails;
        let first = if position == 0 { start } else { 0 };
        let after_ones = here[ONE_ONE] | here[TWO_ONES] | first;
        let after_zeros = here[ONE_ZERO] | here[TWO_ZEROS] | first;
        reached[position + 1].tails = [
            after_ones >> 1 & zero,
            here[ONE_ZERO] >> 1 & zero,
            after_zeros << 1 & one & balances,
            here[ONE_ONE] << 1 & one & balances,
        ];
    }
    let end = reached[length].tails;
    if (end[0] | end[1] | end[2] | end[3]) & start == 0 {
        return None;
    }
    // Back from the end: the states that finish at balance 0, and the
    // values of the cells that lead into a state both reached and finishing.
    let mut finishing = [start; 4];
    let mut found = Supports { zeros: 0, ones: 0 };
    for position in (0..length).rev() {
        let next = reached[position + 1].tails;
        let live = |tail: usize| next[tail] & finishing[tail];
        found.zeros |= u64::from(live(ONE_ZERO) | live(TWO_ZEROS) != 0) << position;
        found.ones |= u64::from(live(ONE_ONE) | live(TWO_ONES) != 0) << position;
        let zero = mask(can_zero >> position & 1 == 1);
        let one = mask(can_one >> position & 1 == 1);
        let on_zero = [
            finishing[TWO_ZEROS] << 1 & zero,
            0,
            finishing[ONE_ZERO] << 1 & zero,
            finishing[ONE_ZERO] << 1 & zero,
        ];
        let on_one = [
            finishing[ONE_ONE] >> 1 & one,
            finishing[ONE_ONE] >> 1 & one,
            finishing[TWO_ONES] >> 1 & one,
            0,
        ];
        finishing = std::array::from_fn(|tail| on_zero[tail] | on_one[tail]);
    }
    Some(found)
}

/// A line of an even number of cells, at most [`LONGEST`], valued 0 or 1:
/// as many 1s as 0s, never three alike in a row (see the [module
/// docs](self)).
#[derive(Clone, Debug)]
pub struct BalancedLine {
    name: String,
    vars: Vec<VarId>,
    line: Line,
}

impl BalancedLine {
    /// The rule of `line` over its cells `vars`, in order; `None` for no cells, an
    /// odd number of them or more than [`LONGEST`].
    pub fn new(line: Line, vars: Vec<VarId>) -> Option<BalancedLine> {
        (!vars.is_empty() && vars.len().is_multiple_of(2) && vars.len() <= LONGEST).then(|| {
            BalancedLine {
                name: format!("{line} balanced, no three alike"),
                vars,
                line,
            }
        })
    }

    /// Remove `value` from `var`, with the line's sentence.
    fn remove(&self, ctx: &mut Context<'_>, var: VarId, value: Value) -> Result<bool, Conflict> {
        let line = self.line;
        let text = |names: &Names, _: &Deduction<'_>| {
            format!(
                "{} cannot be {value}: no filling of {line} with as many 1s as 0s and never three \
                 alike agrees with what is left and has {value} there",
                names.var_name(var)
            )
        };
        remove_worded(ctx, ("regular", &self.vars), (var, value), &text)
    }
}

impl Rule for BalancedLine {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        // As the general rule's: the engine then orders its runs as before,
        // and traces and ratings stay the same.
        Cost::Quadratic
    }

    fn idempotent(&self) -> bool {
        // Every value kept lies on an accepted filling, whose values all stay.
        true
    }

    fn consistency(&self) -> Consistency {
        Consistency::Domain
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let known = Known::read(ctx.domains(), &self.vars);
        let (can_zero, can_one) = (known.zeros | known.open, known.ones | known.open);
        let Some(found) = supports(self.vars.len(), can_zero, can_one) else {
            return Err(ctx.conflict(&Why::new("regular").cause(&self.vars)));
        };
        // The last cell first, as the general rule removes them.
        let (no_zero, no_one) = (can_zero & !found.zeros, can_one & !found.ones);
        for position in (0..self.vars.len()).rev() {
            if no_zero >> position & 1 == 1 {
                self.remove(ctx, self.vars[position], 0)?;
            }
            if no_one >> position & 1 == 1 {
                self.remove(ctx, self.vars[position], 1)?;
            }
        }
        // Any open cell could take either value, and one of them breaks the
        // count: the rule holds of every filling left only once all are set.
        if known.open & (found.zeros & found.ones) == 0 {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let word: Vec<Value> = self.vars.iter().map(|var| values[var.index()]).collect();
        let ones = word.iter().filter(|&&value| value == 1).count();
        let three = word
            .windows(3)
            .any(|cells| cells[0] == cells[1] && cells[1] == cells[2]);
        2 * ones == word.len() && !three && word.iter().all(|&value| value <= 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::line::balanced_line;

    /// The values the accepted words of `length` cells that agree with the
    /// candidates use, by trying every word.
    fn brute_force(length: usize, can_zero: u64, can_one: u64) -> Option<Supports> {
        let automaton = balanced_line(length).expect("an automaton");
        let mut found = Supports { zeros: 0, ones: 0 };
        let mut any = false;
        for word in 0u64..1 << length {
            let agrees = word & !can_one == 0 && !word & !can_zero & ((1 << length) - 1) == 0;
            let values: Vec<Value> = (0..length).map(|p| (word >> p & 1) as Value).collect();
            if agrees && automaton.accepts(&values) {
                any = true;
                found.ones |= word;
                found.zeros |= !word & ((1 << length) - 1);
            }
        }
        any.then_some(found)
    }

    #[test]
    fn supports_agree_with_every_word_tried() {
        for length in [2, 4, 6, 8] {
            // Each cell open, 0, 1 or empty: every mix for short lines.
            let kinds = 4u64.pow(length as u32);
            for mix in 0..kinds {
                let (mut can_zero, mut can_one) = (0, 0);
                for position in 0..length {
                    let kind = mix / 4u64.pow(position as u32) % 4;
                    can_zero |= (kind & 1) << position;
                    can_one |= (kind >> 1) << position;
                }
                assert_eq!(
                    supports(length, can_zero, can_one),
                    brute_force(length, can_zero, can_one),
                    "{length} cells, zeros {can_zero:b}, ones {can_one:b}"
                );
            }
        }
    }

    #[test]
    fn longer_lines_agree_with_every_word_tried() {
        // A few fixed cells on lines of 12 and 14, spread by a fixed stride.
        for length in [12, 14] {
            let full = (1u64 << length) - 1;
            for seed in 0..200u64 {
                let fixed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20 & full;
                let ones = seed.wrapping_mul(0xC2B2_AE3D_27D4_EB4F) >> 17 & fixed;
                let (can_zero, can_one) = (full & !ones, (full & !fixed) | ones);
                assert_eq!(
                    supports(length, can_zero, can_one),
                    brute_force(length, can_zero, can_one),
                    "{length} cells, seed {seed}"
                );
            }
        }
    }

    #[test]
    fn the_longest_line_keeps_its_balances() {
        // Alternating is the only filling once every other cell is set so.
        let full = (1u64 << LONGEST) - 1;
        let alternating = 0x5555_5555_5555_5555 & full;
        let found = supports(LONGEST, full & !alternating, alternating).expect("accepted");
        assert_eq!(found.ones, alternating);
        assert_eq!(found.zeros, full & !alternating);
        // The first cell a 1, the rest open: it is never a 0, the rest can be either.
        let found = supports(LONGEST, full & !1, full).expect("accepted");
        assert_eq!((found.ones, found.zeros), (full, full & !1));
        // The first 32 cells set to 1: no filling agrees.
        let ones = (1u64 << (LONGEST / 2 + 1)) - 1;
        assert_eq!(supports(LONGEST, full & !ones, full), None);
    }

    #[test]
    fn the_oracle_finds_every_claim_true_on_every_mix_of_short_lines() {
        // Each cell open, 0 or 1: soundness, entailment, idempotence and
        // domain consistency, checked by brute force over `holds` alone.
        for length in [2, 4, 6] {
            let mut model = sieve::Model::new();
            let vars = model.new_vars(length, 2);
            let rule = BalancedLine::new(Line::Row(0), vars.clone()).expect("an even line");
            model.add_rule(rule).expect("the rule fits");
            let (rule, _) = model.rules().next().expect("the rule");
            for mix in 0..3u32.pow(length as u32) {
                let mut state = model.domains();
                for (position, &var) in vars.iter().enumerate() {
                    let kind = mix / 3u32.pow(position as u32) % 3;
                    if kind < 2 {
                        state.assign(var, kind as Value).expect("a value");
                    }
                }
                let verdict = sieve::oracle::check_rule(&model, &state, rule).expect("small");
                assert_eq!(verdict, Ok(()), "{length} cells, mix {mix}");
            }
        }
    }
}
