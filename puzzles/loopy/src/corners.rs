//! The corner rules: what the loop does at each dot as one variable, so that
//! facts about *pairs* of edges can propagate, not only facts about single
//! edges.
//!
//! A dot's variable takes the set of its edges the loop uses: none, or two of
//! the edges the dot has — seven shapes, valued from 2 up (after the edges'
//! 0 and 1) and labelled in words ([`shape_labels`]). A [`VertexShape`] ties it to its
//! edges. Each clue is a table over the
//! four dots at its square's corners ([`ClueSquare`] keeps it without listing
//! its tuples): the two dots at the ends of a side agree on that side, and the
//! sides on the loop number the clue. Domain consistency on these tables makes the "diagonal" deductions of Tatham's
//! normal and tricky levels — "at most one" or "at least one" of the two
//! sides of a corner, passed from square to square along a chain of 2s
//! between two 3s — since such a fact is a set of values of a dot's
//! variable.

use sieve::rules::graph::lines::{CELL_SHAPES, CellShapes, DOWN, LEFT, RIGHT, UP, VertexShape};
use sieve::{Model, Value, VarId};
use smallvec::SmallVec;

use crate::clue_square::{ClueSquare, Drawings};
use crate::naming::Name;
use crate::puzzle::Lattice;

/// The value of the first shape: 0 and 1 are the edges' values.
pub const FIRST_SHAPE: Value = 2;

/// What the loop may do at a dot, as the values of the dot's variable: the
/// engine's shapes of a grid cell ([`CELL_SHAPES`]) from [`FIRST_SHAPE`], a
/// dot's four edges being a cell's four sides.
const SHAPE_VALUES: CellShapes = CellShapes::from_first(FIRST_SHAPE);

/// The shapes in words, in the order of their values: "no line" at a dot
/// where a cell would be "empty".
pub fn shape_labels() -> impl Iterator<Item = &'static str> {
    (CELL_SHAPES.iter()).map(|&(mask, words)| if mask == 0 { "no line" } else { words })
}

/// The value of the shape with `mask`.
fn value_of(mask: u8) -> Value {
    (SHAPE_VALUES.value_of(mask)).expect("a shape of none or two directions")
}

/// The masks a dot may take, given the directions it has edges in: none, or
/// any two of them.
fn masks(directions: u8) -> Vec<u8> {
    let shapes = SHAPE_VALUES.shapes_where(directions, |_| true);
    shapes.map(|(_, mask)| mask).collect()
}

/// Adds a variable for every dot, tied to its edges, and a table for each clue
/// over its square's corners; returns the dots' variables, row by row.
pub(crate) fn add_corners(
    model: &mut Model,
    lattice: Lattice,
    edges: &[VarId],
    clues: &[Option<u8>],
) -> Result<Vec<VarId>, sieve::Error> {
    let mut dots = Vec::with_capacity(lattice.dots());
    for row in 0..=lattice.height() {
        for column in 0..=lattice.width() {
            dots.push(add_dot(model, lattice, edges, (row, column))?);
        }
    }
    // A square's drawings depend only on its clue: each is made once, not
    // once a square.
    let mut clue_drawings: [Option<Drawings>; 5] = [None; 5];
    for row in 0..lattice.height() {
        for column in 0..lattice.width() {
            if let Some(clue) = clues[row * lattice.width() + column] {
                let corners = [(0, 0), (0, 1), (1, 1), (1, 0)]
                    .map(|(down, right)| dots[lattice.dot(row + down, column + right)]);
                let drawings = (clue_drawings.get_mut(usize::from(clue)))
                    .ok_or_else(|| clue_too_large(clue))?
                    .get_or_insert_with(|| Drawings::new(clue, &corner_shapes()));
                model.add_rule(ClueSquare::new(corners, clue, (row, column), *drawings))?;
            }
        }
    }
    Ok(dots)
}

/// The shapes of a dot with all four edges, as `(bit, mask)`: the bit of the
/// shape's value counted from [`FIRST_SHAPE`], the mask of its directions.
pub(crate) fn corner_shapes() -> Vec<(u32, u8)> {
    let all = masks(UP | RIGHT | DOWN | LEFT);
    (all.into_iter())
        .map(|mask| ((value_of(mask) - FIRST_SHAPE) as u32, mask))
        .collect()
}

/// The error of a clue above 4, which a square cannot have.
fn clue_too_large(clue: u8) -> sieve::Error {
    sieve::Error::InvalidRule {
        rule: format!("clue {clue}"),
        problem: "a square has four sides".to_string(),
    }
}

/// The variable of dot `(row, column)`, its masks and the rule that ties it
/// to its edges (listed up, right, down, left, as far as the dot has them).
fn add_dot(
    model: &mut Model,
    lattice: Lattice,
    edges: &[VarId],
    (row, column): (usize, usize),
) -> Result<VarId, sieve::Error> {
    let mut around: SmallVec<[(u8, VarId); 4]> = SmallVec::new();
    if row > 0 {
        around.push((UP, edges[lattice.vertical(row - 1, column)]));
    }
    if column < lattice.width() {
        around.push((RIGHT, edges[lattice.horizontal(row, column)]));
    }
    if row < lattice.height() {
        around.push((DOWN, edges[lattice.vertical(row, column)]));
    }
    if column > 0 {
        around.push((LEFT, edges[lattice.horizontal(row, column - 1)]));
    }
    let directions = around
        .iter()
        .fold(0, |all, &(direction, _)| all | direction);
    let dot = model.new_var_in(SHAPE_VALUES.first()..=SHAPE_VALUES.last())?;
    // The rule's name ends with the dot's, which names the variable too.
    let name = Name::new().text("edges at ").text("dot ").number(row + 1);
    let name = name.text(",").number(column + 1).done();
    model.set_name(dot, &name["edges at ".len()..]);
    let allowed = masks(directions);
    // A dot inside the grid may take every shape: nothing to restrict (361
    // of a 20×20 puzzle's 441 dots).
    if allowed.len() < CELL_SHAPES.len() {
        model.restrict(dot, &allowed.iter().map(|&mask| value_of(mask)).collect())?;
    }
    let shapes = allowed.iter().map(|&mask| (value_of(mask), mask));
    let rule = VertexShape::new(name, dot, &around, shapes)?;
    model.add_rule(rule)?;
    Ok(dot)
}

/// Dot `(row, column)` (0-based) for people: `dot 2,3`, counted from 1.
pub fn dot_name(row: usize, column: usize) -> String {
    let name = Name::new().text("dot ").number(row + 1);
    name.text(",").number(column + 1).done()
}

/// The corner shapes `[top-left, top-right, bottom-right, bottom-left]` of a
/// square whose sides agree between their two ends and number `clue`: the
/// table [`ClueSquare`] keeps domain consistent, written out for the tests.
#[cfg(test)]
pub(crate) fn square_tuples(clue: u8) -> Vec<[Value; 4]> {
    let all = masks(UP | RIGHT | DOWN | LEFT);
    let mut tuples = Vec::new();
    for &top_left in &all {
        for &top_right in &all {
            for &bottom_right in &all {
                for &bottom_left in &all {
                    let top = top_left & RIGHT != 0;
                    let right = top_right & DOWN != 0;
                    let bottom = bottom_right & LEFT != 0;
                    let left = bottom_left & UP != 0;
                    let agree = top == (top_right & LEFT != 0)
                        && right == (bottom_right & UP != 0)
                        && bottom == (bottom_left & RIGHT != 0)
                        && left == (top_left & DOWN != 0);
                    let sides = [top, right, bottom, left].iter().filter(|&&on| on).count();
                    if agree && sides == usize::from(clue) {
                        let corners = [top_left, top_right, bottom_right, bottom_left];
                        tuples.push(corners.map(value_of));
                    }
                }
            }
        }
    }
    tuples
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_are_none_or_two_directions() {
        assert_eq!(masks(UP | RIGHT | DOWN | LEFT), [0, 3, 5, 6, 9, 10, 12]);
        assert_eq!(masks(RIGHT | DOWN), [0, 6]);
    }

    #[test]
    fn a_zero_has_no_side_and_a_four_all() {
        // A 0: no corner uses a side of the square, each is empty or runs
        // outside (the top-left may go up and left).
        let inside = [RIGHT | DOWN, DOWN | LEFT, UP | LEFT, UP | RIGHT];
        for tuple in square_tuples(0) {
            for (corner, sides) in tuple.into_iter().zip(inside) {
                let mask = SHAPE_VALUES.mask_of(corner);
                assert_eq!(mask & sides, 0, "{tuple:?}");
            }
        }
        // A 4: every corner turns round the square; only one tuple.
        assert_eq!(square_tuples(4), [inside.map(value_of)]);
    }
}
