//! Two neighbouring lines read together as one rule, with bit operations on
//! words rather than through an automaton.
//!
//! The band's squares pair up across (a square of one line and the one
//! beside it in the other): a pair holds no tent, a tent in the first line
//! or a tent in the second, and two pairs one after the other never both
//! hold one (their squares touch). A state after some pairs is the tents
//! of each line so far and whether the last pair held one; the states of
//! one kind are one word, bit `a × (second + 1) + b` for `a` tents in the
//! first line and `b` in the second, so a tent in the first line shifts the
//! word by `second + 1` and one in the second by 1. A run sweeps the pairs
//! forward and back, a few shifts a pair, and keeps what some placement of
//! both counts uses: domain consistency on the band's squares, the same as a
//! [`sieve::Regular`] rule over the automaton that reads the squares one by
//! one (`model::band_automaton`), with the same removals in the same order.
//! That rule's sweep walked the live states of each of thirty layers and was
//! a third of solving Tatham's tricky 15×15 puzzles (callgrind,
//! tents-15x15dt: 194.7 M of 545.5 M instructions, 26,000 a run).

use sieve::rules::Deduction;
use sieve::rules::wording::remove_worded;
use sieve::{Conflict, Consistency, Context, Cost, Events, Names, Rule, Value, VarId, Watch, Why};

/// The sentence of a removal: the band's wording.
pub type BandWording = Box<dyn Fn(&Names, &Deduction<'_>) -> String + Send + Sync>;

/// The most pairs a band reads: each kind of square is a bit a pair.
const MOST_PAIRS: usize = 64;

/// States of one kind after some pairs: a bit for each two counts so far.
type Counts = u128;

/// All bits when `allowed`, none otherwise.
fn mask(allowed: bool) -> Counts {
    Counts::from(allowed).wrapping_neg()
}

/// What the squares of each pair can still be: bit `p` of a field for pair
/// `p`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pairs {
    /// The square of the first line can be grass, or a tent.
    pub(crate) first_grass: u64,
    pub(crate) first_tent: u64,
    /// The square of the second line can be grass, or a tent.
    pub(crate) second_grass: u64,
    pub(crate) second_tent: u64,
}

/// The states after some pairs: the last pair empty, or holding a tent.
#[derive(Copy, Clone, Debug, Default)]
struct Layer {
    after_empty: Counts,
    after_tent: Counts,
}

/// How the counts move, and which pairs allow what.
struct Sweep {
    /// A tent in the first line: the shift, and the states below its count.
    first_step: u32,
    first_room: Counts,
    /// A tent in the second line: the states below its count.
    second_room: Counts,
    /// The state of both counts reached.
    done: Counts,
}

impl Sweep {
    fn new(first: usize, second: usize) -> Sweep {
        let step = second + 1;
        let (mut first_room, mut second_room) = (0, 0);
        for a in 0..=first {
            for b in 0..=second {
                let bit: Counts = 1 << (a * step + b);
                first_room |= if a < first { bit } else { 0 };
                second_room |= if b < second { bit } else { 0 };
            }
        }
        Sweep {
            first_step: step as u32,
            first_room,
            second_room,
            done: 1 << (first * step + second),
        }
    }

    /// What pair `pair` allows: empty, a tent in the first line, one in the
    /// second.
    fn allowed(pairs: &Pairs, pair: usize) -> [Counts; 3] {
        let can = |field: u64| field >> pair & 1 == 1;
        let (grass, tent) = (can(pairs.first_grass), can(pairs.first_tent));
        let (other_grass, other_tent) = (can(pairs.second_grass), can(pairs.second_tent));
        [
            mask(grass && other_grass),
            mask(tent && other_grass),
            mask(grass && other_tent),
        ]
    }
}

/// Which values of each square some placement uses, as [`Pairs`]; `None`
/// when no placement of `first` tents in the first line and `second` in the
/// other agrees with `pairs` over `count` pairs.
pub(crate) fn supports(count: usize, first: usize, second: usize, pairs: &Pairs) -> Option<Pairs> {
    let sweep = Sweep::new(first, second);
    let mut reached = [Layer::default(); MOST_PAIRS + 1];
    reached[0].after_empty = 1;
    for pair in 0..count {
        let [empty, first_tent, second_tent] = Sweep::allowed(pairs, pair);
        let here = reached[pair];
        let free = here.after_empty;
        reached[pair + 1] = Layer {
            after_empty: (here.after_empty | here.after_tent) & empty,
            after_tent: ((free & sweep.first_room) << sweep.first_step) & first_tent
                | ((free & sweep.second_room) << 1) & second_tent,
        };
    }
    let end = reached[count];
    if (end.after_empty | end.after_tent) & sweep.done == 0 {
        return None;
    }
    let mut finishing = Layer {
        after_empty: sweep.done,
        after_tent: sweep.done,
    };
    let mut found = Pairs::default();
    for pair in (0..count).rev() {
        let [empty, first_tent, second_tent] = Sweep::allowed(pairs, pair);
        let free = reached[pair].after_empty;
        let bit = 1u64 << pair;
        let used = |states: Counts| if states != 0 { bit } else { 0 };
        let by_empty = used(reached[pair + 1].after_empty & finishing.after_empty);
        let by_first = used(
            ((free & sweep.first_room) << sweep.first_step) & first_tent & finishing.after_tent,
        );
        let by_second =
            used(((free & sweep.second_room) << 1) & second_tent & finishing.after_tent);
        found.first_grass |= by_empty | by_second;
        found.first_tent |= by_first;
        found.second_grass |= by_empty | by_first;
        found.second_tent |= by_second;
        let on_empty = finishing.after_empty & empty;
        finishing = Layer {
            after_empty: on_empty
                | (finishing.after_tent >> sweep.first_step) & sweep.first_room & first_tent
                | (finishing.after_tent >> 1) & sweep.second_room & second_tent,
            after_tent: on_empty,
        };
    }
    Some(found)
}

/// Two neighbouring lines of tents and grass (0 and 1), read across: the
/// first holds `first` tents and the second `second`, and no two tents
/// touch (see the [module docs](self)).
pub struct Band {
    name: String,
    /// The squares, a square of the first line then the one beside it.
    vars: Vec<VarId>,
    first: usize,
    second: usize,
    wording: BandWording,
}

impl Band {
    /// Whether a band of `squares` squares with these counts fits the words
    /// a run reads.
    pub fn fits(squares: usize, (first, second): (usize, usize)) -> bool {
        squares.is_multiple_of(2)
            && squares <= 2 * MOST_PAIRS
            && (first + 1) * (second + 1) <= Counts::BITS as usize
    }

    /// The band over `vars` (a square of the first line, then the one
    /// beside it in the second, pair after pair), worded by `wording`; for
    /// a band that [`Band::fits`].
    pub fn new(
        name: String,
        vars: Vec<VarId>,
        (first, second): (usize, usize),
        wording: BandWording,
    ) -> Band {
        debug_assert!(Band::fits(vars.len(), (first, second)));
        Band {
            name,
            vars,
            first,
            second,
            wording,
        }
    }

    /// What each pair's squares can still be.
    fn read(&self, ctx: &Context<'_>) -> Pairs {
        let domains = ctx.domains();
        let mut pairs = Pairs::default();
        for (pair, squares) in self.vars.chunks_exact(2).enumerate() {
            let bit = 1u64 << pair;
            let can = |var: VarId, value: Value| if domains.contains(var, value) { bit } else { 0 };
            pairs.first_grass |= can(squares[0], 0);
            pairs.first_tent |= can(squares[0], 1);
            pairs.second_grass |= can(squares[1], 0);
            pairs.second_tent |= can(squares[1], 1);
        }
        pairs
    }

    /// Remove `value` from `var`, with the band's sentence.
    fn remove(&self, ctx: &mut Context<'_>, var: VarId, value: Value) -> Result<bool, Conflict> {
        let causes = ("regular", self.vars.as_slice());
        remove_worded(ctx, causes, (var, value), &self.wording)
    }
}

impl Rule for Band {
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
        // Every value kept lies on a placement, whose values all stay.
        true
    }

    fn consistency(&self) -> Consistency {
        Consistency::Domain
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let pairs = self.read(ctx);
        let count = self.vars.len() / 2;
        let Some(found) = supports(count, self.first, self.second, &pairs) else {
            return Err(ctx.conflict(&Why::new("regular").cause(&self.vars)));
        };
        // Square after square, grass before tent, as the general rule's sweep.
        let gone = |can: u64, kept: u64, pair: usize| (can & !kept) >> pair & 1 == 1;
        for pair in 0..count {
            let (square, other) = (self.vars[2 * pair], self.vars[2 * pair + 1]);
            let removals = [
                (square, 0, gone(pairs.first_grass, found.first_grass, pair)),
                (square, 1, gone(pairs.first_tent, found.first_tent, pair)),
                (other, 0, gone(pairs.second_grass, found.second_grass, pair)),
                (other, 1, gone(pairs.second_tent, found.second_tent, pair)),
            ];
            for (var, value, gone) in removals {
                if gone {
                    self.remove(ctx, var, value)?;
                }
            }
        }
        // An open square could be either, and one of them breaks a count:
        // every placement left holds only once all are set.
        let open = found.first_grass & found.first_tent | found.second_grass & found.second_tent;
        if open == 0 {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let value = |var: &VarId| values[var.index()];
        let squares: Vec<(Value, Value)> = (self.vars.chunks_exact(2))
            .map(|pair| (value(&pair[0]), value(&pair[1])))
            .collect();
        let count = |pick: fn(&(Value, Value)) -> Value| {
            squares.iter().filter(|pair| pick(pair) == 1).count()
        };
        let binary = squares.iter().all(|&(a, b)| a <= 1 && b <= 1);
        let held = |&(a, b): &(Value, Value)| a + b > 0;
        let apart = squares.iter().all(|&(a, b)| a + b <= 1)
            && squares
                .windows(2)
                .all(|two| !(held(&two[0]) && held(&two[1])));
        binary && apart && count(|pair| pair.0) == self.first && count(|pair| pair.1) == self.second
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values of each square the placements that agree with `pairs`
    /// use, by trying every filling of the squares.
    fn brute_force(count: usize, first: usize, second: usize, pairs: &Pairs) -> Option<Pairs> {
        let mut found = Pairs::default();
        let mut any = false;
        for filling in 0u64..1 << (2 * count) {
            let square = |pair: usize, line: usize| filling >> (2 * pair + line) & 1 == 1;
            let agrees = (0..count).all(|pair| {
                let bit = |field: u64| field >> pair & 1 == 1;
                let (a, b) = (square(pair, 0), square(pair, 1));
                (if a {
                    bit(pairs.first_tent)
                } else {
                    bit(pairs.first_grass)
                }) && (if b {
                    bit(pairs.second_tent)
                } else {
                    bit(pairs.second_grass)
                })
            });
            let held = |pair: usize| square(pair, 0) || square(pair, 1);
            let apart = (0..count).all(|pair| !(square(pair, 0) && square(pair, 1)))
                && (1..count).all(|pair| !(held(pair - 1) && held(pair)));
            let tents = |line: usize| (0..count).filter(|&pair| square(pair, line)).count();
            if agrees && apart && tents(0) == first && tents(1) == second {
                any = true;
                for pair in 0..count {
                    let bit = 1u64 << pair;
                    let pick = |yes: bool| if yes { bit } else { 0 };
                    found.first_tent |= pick(square(pair, 0));
                    found.first_grass |= pick(!square(pair, 0));
                    found.second_tent |= pick(square(pair, 1));
                    found.second_grass |= pick(!square(pair, 1));
                }
            }
        }
        any.then_some(found)
    }

    #[test]
    fn supports_agree_with_every_filling_tried() {
        // Every mix of open, grass, tent and empty squares over bands of up
        // to three pairs, and a spread of mixes over five, for every count.
        for count in 1..=5usize {
            let mixes = 16u64.pow(count as u32);
            let stride = if count <= 3 { 1 } else { 97 };
            for mix in (0..mixes).step_by(stride) {
                let mut pairs = Pairs::default();
                for pair in 0..count {
                    let kind = mix >> (4 * pair) & 15;
                    pairs.first_grass |= (kind & 1) << pair;
                    pairs.first_tent |= (kind >> 1 & 1) << pair;
                    pairs.second_grass |= (kind >> 2 & 1) << pair;
                    pairs.second_tent |= (kind >> 3) << pair;
                }
                for first in 0..=count.div_ceil(2) {
                    for second in 0..=count.div_ceil(2) {
                        assert_eq!(
                            supports(count, first, second, &pairs),
                            brute_force(count, first, second, &pairs),
                            "{count} pairs, counts {first} and {second}, {pairs:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_oracle_finds_every_claim_true_on_small_bands() {
        // Bands of one to three pairs, every count, each square open, grass
        // or tent: every claim of the rule checked by brute force over
        // `holds` alone.
        for pairs in 1..=3usize {
            for first in 0..=pairs.div_ceil(2) {
                for second in 0..=pairs.div_ceil(2) {
                    let mut model = sieve::Model::new();
                    let vars = model.new_vars(2 * pairs, 2);
                    let wording: BandWording = Box::new(|_, _| String::from("no placement"));
                    let band = Band::new("band".into(), vars.clone(), (first, second), wording);
                    model.add_rule(band).expect("the rule fits");
                    let (rule, _) = model.rules().next().expect("the rule");
                    for mix in 0..3u32.pow(vars.len() as u32) {
                        let mut state = model.domains();
                        for (position, &var) in vars.iter().enumerate() {
                            let kind = mix / 3u32.pow(position as u32) % 3;
                            if kind < 2 {
                                state.assign(var, kind as Value).expect("a value");
                            }
                        }
                        let verdict = sieve::oracle::check_rule(&model, &state, rule);
                        assert_eq!(
                            verdict.expect("small"),
                            Ok(()),
                            "{pairs} pairs, counts {first} and {second}, mix {mix}"
                        );
                    }
                }
            }
        }
    }
}
