//! A line's own rule, read with bit operations on words rather than through
//! the line's automaton.
//!
//! A state after some squares is the `+` and `−` so far and the last
//! square's value; the states of one last value are one word, bit
//! `plus × (minus + 1) + minus` for the counts so far (a count the line
//! has not is not counted), so a `+` shifts the word by `minus + 1` and a
//! `−` by 1. A run sweeps the squares forward and back, a few shifts a
//! square, and keeps what some filling of the line uses: domain consistency
//! on the line, the same as a [`sieve::Regular`] rule over the automaton
//! `model::line_automaton` builds, with the same removals in the same order.
//! Building that automaton for each line of each puzzle, and sweeping its
//! layers at every run, was two thirds of solving Tatham's tricky 10×10
//! puzzles (callgrind, magnets-10x10dt: about 130 M of 192.7 M
//! instructions).

use sieve::rules::Deduction;
use sieve::rules::wording::remove_worded;
use sieve::{Conflict, Consistency, Context, Cost, Events, Names, Rule, Value, VarId, Watch, Why};

use crate::model::{MINUS, NEUTRAL, PLUS, Place};

/// The sentence of a removal: the line's wording.
pub type LineWording = Box<dyn Fn(&Names, &Deduction<'_>) -> String + Send + Sync>;

/// The most squares a line the rule reads: a bit a square.
const MOST_SQUARES: usize = 64;

/// States of one last value: a bit for each two counts so far.
type Counts = u128;

/// All bits when `allowed`, none otherwise.
fn mask(allowed: bool) -> Counts {
    Counts::from(allowed).wrapping_neg()
}

/// For each value (neutral, `+`, `−`), the squares that can still take it
/// (bit `p` for square `p`), or that some filling gives it.
pub(crate) type Squares = [u64; 3];

/// The states after some squares, by the last square's value.
type Layer = [Counts; 3];

/// How the counts move.
struct Steps {
    /// A `+`: the shift, and the states below its count (all when uncounted).
    plus_step: u32,
    plus_room: Counts,
    /// A `−`: the shift, and the states below its count.
    minus_step: u32,
    minus_room: Counts,
    /// The state of both counts reached.
    done: Counts,
}

impl Steps {
    fn new(plus: Option<usize>, minus: Option<usize>) -> Steps {
        let (pluses, minuses) = (plus.unwrap_or(0), minus.unwrap_or(0));
        let width = minuses + 1;
        let (mut plus_room, mut minus_room) = (0, 0);
        for p in 0..=pluses {
            for m in 0..=minuses {
                let bit: Counts = 1 << (p * width + m);
                plus_room |= if plus.is_none() || p < pluses { bit } else { 0 };
                minus_room |= if minus.is_none() || m < minuses {
                    bit
                } else {
                    0
                };
            }
        }
        Steps {
            plus_step: if plus.is_some() { width as u32 } else { 0 },
            plus_room,
            minus_step: u32::from(minus.is_some()),
            minus_room,
            done: 1 << (pluses * width + minuses),
        }
    }
}

/// The values some filling of the line uses, as [`Squares`]; `None` when no
/// filling of squares at `places` with these counts agrees with `can`.
pub(crate) fn supports(
    places: &[Place],
    plus: Option<usize>,
    minus: Option<usize>,
    can: &Squares,
) -> Option<Squares> {
    let steps = Steps::new(plus, minus);
    let count = places.len();
    let mut reached: [Layer; MOST_SQUARES + 1] = [[0; 3]; MOST_SQUARES + 1];
    reached[0][NEUTRAL as usize] = 1;
    for (square, &place) in places.iter().enumerate() {
        let [neutral, pluses, minuses] = can.map(|values| mask(values >> square & 1 == 1));
        let [after_neutral, after_plus, after_minus] = reached[square];
        // The second half of a domino is the opposite of the first; any
        // other square is neutral or unlike the last.
        let (to_neutral, to_plus, to_minus) = if place == Place::Second {
            (after_neutral, after_minus, after_plus)
        } else {
            let any = after_neutral | after_plus | after_minus;
            (any, after_neutral | after_minus, after_neutral | after_plus)
        };
        reached[square + 1] = [
            to_neutral & neutral,
            (to_plus & steps.plus_room) << steps.plus_step & pluses,
            (to_minus & steps.minus_room) << steps.minus_step & minuses,
        ];
    }
    let end = reached[count];
    if (end[0] | end[1] | end[2]) & steps.done == 0 {
        return None;
    }
    let mut finishing: Layer = [steps.done; 3];
    let mut found: Squares = [0; 3];
    for (square, &place) in places.iter().enumerate().rev() {
        for (value, used) in found.iter_mut().enumerate() {
            let live = reached[square + 1][value] & finishing[value];
            *used |= u64::from(live != 0) << square;
        }
        let [neutral, pluses, minuses] = can.map(|values| mask(values >> square & 1 == 1));
        let on_neutral = finishing[0] & neutral;
        let on_plus = (finishing[1] >> steps.plus_step) & steps.plus_room & pluses;
        let on_minus = (finishing[2] >> steps.minus_step) & steps.minus_room & minuses;
        finishing = if place == Place::Second {
            [on_neutral, on_minus, on_plus]
        } else {
            [
                on_neutral | on_plus | on_minus,
                on_neutral | on_minus,
                on_neutral | on_plus,
            ]
        };
    }
    Some(found)
}

/// A line of squares valued neutral, `+` or `−`: like poles never side by
/// side, each domino along it `+` and `−` or neutral twice, and its counts
/// (see the [module docs](self)).
pub struct MagnetLine {
    name: String,
    vars: Vec<VarId>,
    places: Vec<Place>,
    plus: Option<usize>,
    minus: Option<usize>,
    wording: LineWording,
}

impl MagnetLine {
    /// Whether a line of `squares` squares with these counts fits the words
    /// a run reads.
    pub(crate) fn fits(squares: usize, plus: Option<usize>, minus: Option<usize>) -> bool {
        let states = (plus.unwrap_or(0) + 1) * (minus.unwrap_or(0) + 1);
        squares <= MOST_SQUARES && states <= Counts::BITS as usize
    }

    /// The line over `vars`, whose squares stand at `places`, with these
    /// counts, worded by `wording`; for a line that [`MagnetLine::fits`].
    pub(crate) fn new(
        name: String,
        vars: Vec<VarId>,
        places: Vec<Place>,
        (plus, minus): (Option<usize>, Option<usize>),
        wording: LineWording,
    ) -> MagnetLine {
        debug_assert!(MagnetLine::fits(vars.len(), plus, minus));
        MagnetLine {
            name,
            vars,
            places,
            plus,
            minus,
            wording,
        }
    }

    /// The squares that can still take each value.
    fn read(&self, ctx: &Context<'_>) -> Squares {
        let domains = ctx.domains();
        let mut can: Squares = [0; 3];
        for (square, &var) in self.vars.iter().enumerate() {
            for (value, squares) in can.iter_mut().enumerate() {
                *squares |= u64::from(domains.contains(var, value as Value)) << square;
            }
        }
        can
    }

    /// Remove `value` from `var`, with the line's sentence.
    fn remove(&self, ctx: &mut Context<'_>, var: VarId, value: Value) -> Result<bool, Conflict> {
        let causes = ("regular", self.vars.as_slice());
        remove_worded(ctx, causes, (var, value), &self.wording)
    }
}

impl Rule for MagnetLine {
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
        // Every value kept lies on a filling, whose values all stay.
        true
    }

    fn consistency(&self) -> Consistency {
        Consistency::Domain
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let can = self.read(ctx);
        let Some(found) = supports(&self.places, self.plus, self.minus, &can) else {
            return Err(ctx.conflict(&Why::new("regular").cause(&self.vars)));
        };
        // Square after square, values in order, as the general rule's sweep.
        let mut open = 0;
        for (square, &var) in self.vars.iter().enumerate() {
            let mut left = 0;
            for value in [NEUTRAL, PLUS, MINUS] {
                let bit = 1u64 << square;
                let index = value as usize;
                if can[index] & bit != 0 && found[index] & bit == 0 {
                    self.remove(ctx, var, value)?;
                }
                left += u32::from(found[index] & bit != 0);
            }
            open |= u64::from(left > 1) << square;
        }
        if open == 0 {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let line: Vec<Value> = self.vars.iter().map(|var| values[var.index()]).collect();
        let mut last = NEUTRAL;
        for (&value, &place) in line.iter().zip(&self.places) {
            let allowed = match place {
                Place::Second => value == (3 - last) % 3,
                _ => value <= MINUS && (value == NEUTRAL || value != last),
            };
            if !allowed {
                return false;
            }
            last = value;
        }
        let count = |pole: Value| line.iter().filter(|&&value| value == pole).count();
        self.plus.is_none_or(|plus| count(PLUS) == plus)
            && self.minus.is_none_or(|minus| count(MINUS) == minus)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values the fillings that agree with `can` use, by trying every
    /// filling of the line.
    fn brute_force(
        places: &[Place],
        plus: Option<usize>,
        minus: Option<usize>,
        can: &Squares,
    ) -> Option<Squares> {
        let count = places.len();
        let mut found: Squares = [0; 3];
        let mut any = false;
        for number in 0..3usize.pow(count as u32) {
            let line: Vec<usize> = (0..count)
                .map(|s| number / 3usize.pow(s as u32) % 3)
                .collect();
            let agrees = (0..count).all(|s| can[line[s]] >> s & 1 == 1);
            let mut last = 0;
            let mut allowed = true;
            for (&value, &place) in line.iter().zip(places) {
                allowed &= match place {
                    Place::Second => value == (3 - last) % 3,
                    _ => value == 0 || value != last,
                };
                last = value;
            }
            let poles = |pole: usize| line.iter().filter(|&&value| value == pole).count();
            let counted = plus.is_none_or(|plus| poles(1) == plus)
                && minus.is_none_or(|minus| poles(2) == minus);
            if agrees && allowed && counted {
                any = true;
                for (square, &value) in line.iter().enumerate() {
                    found[value] |= 1 << square;
                }
            }
        }
        any.then_some(found)
    }

    /// Places for a line of `count` squares: dominoes along it where `along`
    /// has a bit at their first square.
    fn places_of(count: usize, along: u64) -> Vec<Place> {
        let mut places = vec![Place::Across; count];
        let mut square = 0;
        while square + 1 < count {
            if along >> square & 1 == 1 {
                places[square] = Place::First;
                places[square + 1] = Place::Second;
                square += 2;
            } else {
                square += 1;
            }
        }
        places
    }

    #[test]
    fn supports_agree_with_every_filling_tried() {
        let counts = [None, Some(0), Some(1), Some(2), Some(3)];
        let mut tried = 0;
        for count in 1..=6usize {
            for along in 0..1u64 << (count - 1) {
                let places = places_of(count, along);
                // A spread of candidate mixes: each square's values a number 1..8.
                for mix in (0..8u64.pow(count as u32)).step_by(1 + 37 * (count / 3)) {
                    let mut can: Squares = [0; 3];
                    for square in 0..count {
                        let kind = mix >> (3 * square) & 7;
                        for (value, squares) in can.iter_mut().enumerate() {
                            *squares |= (kind >> value & 1) << square;
                        }
                    }
                    let plus = counts[(mix % 5) as usize];
                    let minus = counts[(mix / 5 % 5) as usize];
                    assert_eq!(
                        supports(&places, plus, minus, &can),
                        brute_force(&places, plus, minus, &can),
                        "{places:?}, counts {plus:?} {minus:?}, {can:?}"
                    );
                    tried += 1;
                }
            }
        }
        assert!(tried > 10_000, "{tried}");
    }

    #[test]
    fn the_oracle_finds_every_claim_true_on_short_lines() {
        // Lines of up to four squares, every domino layout, counts none to
        // two, each square open, neutral, + or −: every claim of the rule
        // checked by brute force over `holds` alone.
        let counts = [None, Some(0), Some(1), Some(2)];
        for count in 1..=4usize {
            for along in 0..1u64 << count {
                for (plus, minus) in counts.iter().flat_map(|&p| counts.map(|m| (p, m))) {
                    let mut model = sieve::Model::new();
                    let vars = model.new_vars(count, 3);
                    let wording: LineWording = Box::new(|_, _| String::from("no filling"));
                    let places = places_of(count, along);
                    let line = MagnetLine::new(
                        "line".into(),
                        vars.clone(),
                        places,
                        (plus, minus),
                        wording,
                    );
                    model.add_rule(line).expect("the rule fits");
                    let (rule, _) = model.rules().next().expect("the rule");
                    for mix in 0..4u32.pow(count as u32) {
                        let mut state = model.domains();
                        for (position, &var) in vars.iter().enumerate() {
                            let kind = mix / 4u32.pow(position as u32) % 4;
                            if kind < 3 {
                                state.assign(var, kind as Value).expect("a value");
                            }
                        }
                        let verdict = sieve::oracle::check_rule(&model, &state, rule);
                        assert_eq!(
                            verdict.expect("small"),
                            Ok(()),
                            "{count} squares, along {along:b}, counts {plus:?} {minus:?}, mix {mix}"
                        );
                    }
                }
            }
        }
    }
}
