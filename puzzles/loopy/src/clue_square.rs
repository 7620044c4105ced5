//! [`ClueSquare`]: a clue over the shapes of its square's four corners, the
//! deductions of the table of their tuples without the table.
//!
//! A square's corners agree on each side (the two dots at its ends both use it
//! or both leave it), and the sides drawn number the clue. Given which sides
//! are drawn, each corner's shape only has to agree with its own two sides, so
//! the corners are independent: a drawing of the sides is possible while every
//! corner still holds a shape agreeing with it, and a corner's shape is
//! supported when some possible drawing agrees with it. At most six drawings
//! (the ways to choose 2 sides of 4), each a mask of shapes a corner, read in a
//! few word operations: a [`sieve::rules::Table`] of the same tuples costs as
//! much to build as to run, 180 of them a 20×20 puzzle.

use sieve::fast::{WordChanges, Words};
use sieve::{Conflict, Consistency, Context, Cost, Events, Names, Rule, Value, VarId, Watch, Why};
use smallvec::SmallVec;

use sieve::rules::graph::lines::{DOWN, LEFT, RIGHT, UP};

use crate::corners::FIRST_SHAPE;
use crate::naming::Name;

/// The inference label of every change: the table's, whose deductions these are
/// (a trace reads `[corners of clue 2 at r2c1: table]` as before).
const INFERENCE: &str = "table";

/// The corners' two sides, as the directions a corner's shape uses them in:
/// top-left, top-right, bottom-right, bottom-left, the sides numbered top,
/// right, bottom, left.
const CORNER_SIDES: [[(usize, u8); 2]; 4] = [
    [(0, RIGHT), (3, DOWN)],
    [(0, LEFT), (1, DOWN)],
    [(1, UP), (2, LEFT)],
    [(2, RIGHT), (3, UP)],
];

/// The drawings of a clue's sides, each as the shapes (bits from the first
/// shape's value) its corners may take; the same for every square of the clue.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Drawings {
    /// Each drawing's shapes a corner; the first `count` are the clue's.
    shapes: [[u64; 4]; 6],
    count: usize,
    /// The shapes some drawing gives each corner.
    present: [u64; 4],
}

impl Drawings {
    /// The drawings of exactly `clue` sides; `shapes` lists the shapes a
    /// corner may take as `(bit, mask)`, the mask of the directions it uses.
    pub(crate) fn new(clue: u8, shapes: &[(u32, u8)]) -> Self {
        let mut drawings = Drawings {
            shapes: [[0; 4]; 6],
            count: 0,
            present: [0; 4],
        };
        for sides in (0..16u8).filter(|sides| sides.count_ones() == u32::from(clue)) {
            let drawing = CORNER_SIDES.map(|corner| {
                let agrees = |mask: u8| {
                    (corner.iter()).all(|&(side, direction)| {
                        (sides >> side & 1 == 1) == (mask & direction != 0)
                    })
                };
                (shapes.iter())
                    .filter(|&&(_, mask)| agrees(mask))
                    .fold(0, |set, &(bit, _)| set | 1 << bit)
            });
            for (present, &corner) in drawings.present.iter_mut().zip(&drawing) {
                *present |= corner;
            }
            drawings.shapes[drawings.count] = drawing;
            drawings.count += 1;
        }
        drawings
    }

    /// The clue's drawings.
    fn each(&self) -> &[[u64; 4]] {
        &self.shapes[..self.count]
    }
}

/// The clue `clue` at a square over its corners' shape variables (top-left,
/// top-right, bottom-right, bottom-left, valued from the first shape's value):
/// domain consistent, each removal worded as the clue's table worded it.
pub(crate) struct ClueSquare {
    name: String,
    corners: [VarId; 4],
    clue: u8,
    square: (usize, usize),
    drawings: Drawings,
}

impl ClueSquare {
    /// The rule of the clue `clue` at square `(row, column)` (0-based).
    pub(crate) fn new(
        corners: [VarId; 4],
        clue: u8,
        (row, column): (usize, usize),
        drawings: Drawings,
    ) -> Self {
        let name = Name::new()
            .text("corners of clue ")
            .number(usize::from(clue));
        let name = name.text(" at ").square(row, column).done();
        ClueSquare {
            name,
            corners,
            clue,
            square: (row, column),
            drawings,
        }
    }

    /// Each corner's shapes that some drawing still possible gives it, and how
    /// many tuples of shapes are still possible; every corner's word is `0`
    /// when no drawing is.
    fn supported(&self, held: [u64; 4]) -> ([u64; 4], u64) {
        let mut supported = [0; 4];
        let mut tuples = 0;
        for drawing in self.drawings.each() {
            let shapes: [u64; 4] = std::array::from_fn(|corner| drawing[corner] & held[corner]);
            if shapes.contains(&0) {
                continue;
            }
            tuples += (shapes.iter()).fold(1, |product, shapes| product * shapes.count_ones());
            for (supported, shapes) in supported.iter_mut().zip(shapes) {
                *supported |= shapes;
            }
        }
        (supported, u64::from(tuples))
    }

    /// Keep only the shapes of `keep` at corner `index`: one narrowing, or one
    /// removal a shape with its own sentence when someone reads them.
    fn narrow(&self, ctx: &mut Context<'_>, index: usize, keep: u64) -> Result<(), Conflict> {
        let var = self.corners[index];
        let others: SmallVec<[VarId; 3]> = (self.corners.iter().copied())
            .filter(|&other| other != var)
            .collect();
        if !ctx.explaining() {
            let why = Why::new(INFERENCE).cause(&others);
            ctx.keep_word(var, keep, &why)?;
            return Ok(());
        }
        let bit = |value: Value| 1u64 << (value - FIRST_SHAPE);
        let gone: SmallVec<[Value; 8]> = (ctx.domains().iter(var))
            .filter(|&value| keep & bit(value) == 0)
            .collect();
        for value in gone {
            let anywhere = self.drawings.present[index] & bit(value) != 0;
            let text = |names: &Names| corner_sentence(names, (var, value), self.clue, self.square);
            let cause = if anywhere { &others[..] } else { &[] };
            let why = Why::new(INFERENCE).cause(cause).named_text(&text);
            ctx.remove(var, value, &why)?;
        }
        Ok(())
    }
}

/// Why `dot` lost `value` (a shape) as a corner of the square `(row, column)`
/// (0-based): no drawing of exactly `clue` of the square's sides, as its
/// corners' shapes still allow, has that shape there. The clue is named as the
/// puzzle shows it, so a student finds it on the board.
fn corner_sentence(
    names: &Names,
    (dot, value): (VarId, Value),
    clue: u8,
    (row, column): (usize, usize),
) -> String {
    let square = Name::new().square(row, column).done();
    let shape = names.label_of(dot, value);
    let dot = names.var_name(dot);
    format!(
        "{dot} cannot be {shape}: no way to draw exactly {clue} sides of the {clue} at {square}, \
         with what is left at its corners, has {dot} {shape}"
    )
}

impl Rule for ClueSquare {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.corners, Events::REMOVED)
    }

    /// The table's class, so that a model reads the deductions in the order
    /// the tables made them.
    fn cost(&self) -> Cost {
        Cost::Quadratic
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn consistency(&self) -> Consistency {
        Consistency::Domain
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let domains = ctx.domains();
        let held = self.corners.map(|corner| domains.word(corner));
        let (supported, tuples) = self.supported(held);
        if tuples == 0 {
            return Err(ctx.conflict(&Why::new(INFERENCE).cause(&self.corners)));
        }
        for (index, (&held, &keep)) in held.iter().zip(&supported).enumerate() {
            if held != keep {
                self.narrow(ctx, index, keep)?;
            }
        }
        let combinations = (supported.iter()).fold(1, |product, shapes| {
            product * u64::from(shapes.count_ones())
        });
        if combinations == tuples {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let bit = |corner: VarId| {
            let position = i64::from(values[corner.index()]) - i64::from(FIRST_SHAPE);
            match position {
                0..64 => 1u64 << position,
                _ => 0,
            }
        };
        let shapes = self.corners.map(bit);
        (self.drawings.each().iter()).any(|drawing| {
            (drawing.iter().zip(&shapes)).all(|(drawing, shape)| drawing & shape != 0)
        })
    }
}

#[cfg(test)]
mod tests {
    use sieve::Model;
    use sieve::oracle::check_rule;

    use super::*;
    use crate::corners::square_tuples;

    /// A square's four corners over every shape, and its clue's rule.
    fn square(clue: u8) -> (Model, [VarId; 4]) {
        let mut model = Model::new();
        let last = FIRST_SHAPE + 6;
        let corners = [(); 4].map(|_| model.new_var_in(FIRST_SHAPE..=last).expect("a range"));
        let shapes = crate::corners::corner_shapes();
        let rule = ClueSquare::new(corners, clue, (0, 0), Drawings::new(clue, &shapes));
        model.add_rule(rule).expect("the rule fits");
        (model, corners)
    }

    #[test]
    fn a_tuple_holds_exactly_when_the_table_lists_it() {
        for clue in 0..=4 {
            let (model, corners) = square(clue);
            let rule = model.rule(sieve::RuleId::first());
            let listed = square_tuples(clue);
            let shapes = FIRST_SHAPE..FIRST_SHAPE + 7;
            for code in 0..7usize.pow(4) {
                let tuple: [Value; 4] = std::array::from_fn(|corner| {
                    FIRST_SHAPE + (code / 7usize.pow(corner as u32) % 7) as Value
                });
                let mut values = vec![0; 4];
                for (&corner, &value) in corners.iter().zip(&tuple) {
                    values[corner.index()] = value;
                }
                assert!(tuple.iter().all(|value| shapes.contains(value)));
                assert_eq!(
                    rule.holds(&values),
                    listed.contains(&tuple),
                    "{clue} {tuple:?}"
                );
            }
        }
    }

    #[test]
    fn a_run_is_sound_and_domain_consistent_by_brute_force() {
        // Random states of the four corners, each keeping a random set of
        // shapes: the oracle compares the rule's removals, entailment and
        // idempotence with brute force over `holds`.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut below = |limit: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % limit
        };
        for case in 0..3000 {
            let clue = (case % 5) as u8;
            let (model, corners) = square(clue);
            let mut state = model.domains();
            for &corner in &corners {
                let keep = below(127) + 1;
                for bit in (0..7).filter(|bit| keep >> bit & 1 == 0) {
                    state
                        .remove(corner, FIRST_SHAPE + bit)
                        .expect("a value left");
                }
            }
            let verdict = check_rule(&model, &state, sieve::RuleId::first()).expect("small");
            assert_eq!(verdict, Ok(()), "case {case}: clue {clue}, {state:?}");
        }
    }
}
