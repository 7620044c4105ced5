//! What the loop does in each cell, as one variable: empty, or one of the six
//! ways through a cell (two straights, four turns). The pearls' rules are
//! small tables over these shapes, and domain consistency on them makes
//! Tatham's local deductions: a black pearl's neighbours go straight, a white
//! pearl between two straights cannot lie along them.

use sieve::rules::graph::lines::{CellShapes, VertexShape};
use sieve::{Model, Value, VarId};

use crate::puzzle::{Board, DOWN, LEFT, RIGHT, UP};

/// What the line may do in a cell, as the mask of directions it leaves in, and
/// in words: the value `FIRST_SHAPE + i` of a cell's variable is `SHAPES[i]`.
pub use sieve::rules::graph::lines::CELL_SHAPES as SHAPES;

/// The value of the first shape: 0 and 1 are the links' values.
pub const FIRST_SHAPE: Value = 2;

/// The shapes as the values of the cells' variables, from [`FIRST_SHAPE`].
pub const SHAPE_VALUES: CellShapes = CellShapes::from_first(FIRST_SHAPE);

/// The value of the shape with `mask`, one of none or two directions.
pub fn value_of(mask: u8) -> Value {
    SHAPE_VALUES
        .value_of(mask)
        .expect("a shape of none or two directions")
}

/// Whether `mask` is a straight: up and down, or right and left.
pub fn is_straight(mask: u8) -> bool {
    mask == UP | DOWN || mask == RIGHT | LEFT
}

/// Whether `mask` is a turn.
pub fn is_turn(mask: u8) -> bool {
    mask != 0 && !is_straight(mask)
}

/// Adds a shape variable for every cell, named by the cell (`names`, one a
/// cell), with the shapes its neighbours allow; returns them, row by row.
pub fn add_shapes(
    model: &mut Model,
    board: Board,
    names: &[String],
) -> Result<Vec<VarId>, sieve::Error> {
    let last = FIRST_SHAPE + SHAPES.len() as Value - 1;
    let shapes = model.new_vars_in(board.cells(), FIRST_SHAPE..=last)?;
    for (cell, (&shape, name)) in shapes.iter().zip(names).enumerate() {
        model.set_name(shape, name);
        let allowed = SHAPE_VALUES.shapes_where(board.directions(cell), |_| true);
        // A cell inside the board keeps every shape: nothing to restrict.
        if allowed.clone().count() < SHAPES.len() {
            model.restrict(shape, &allowed.map(|(value, _)| value).collect())?;
        }
    }
    Ok(shapes)
}

/// The rules tying each cell's shape (`shapes`, row by row) to its links, a
/// [`VertexShape`] a cell named by the cell (`names`): made before the model
/// takes them, so that the names can then go to the loop rule, which is
/// posted first, without a copy.
pub fn shape_ties(
    board: Board,
    links: &[VarId],
    shapes: &[VarId],
    names: &[String],
) -> Result<Vec<VertexShape>, sieve::Error> {
    let mut ties = Vec::with_capacity(shapes.len());
    for (cell, (&shape, name)) in shapes.iter().zip(names).enumerate() {
        let allowed = SHAPE_VALUES.shapes_where(board.directions(cell), |_| true);
        let mut around = [(0, VarId::from_index(0)); 4];
        let mut edges = 0;
        for direction in [UP, RIGHT, DOWN, LEFT] {
            if let Some(link) = board.link(cell, direction) {
                around[edges] = (direction, links[link]);
                edges += 1;
            }
        }
        let rule_name = ["links at ", name].concat();
        ties.push(VertexShape::new(
            rule_name,
            shape,
            &around[..edges],
            allowed,
        )?);
    }
    Ok(ties)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_and_their_values() {
        assert_eq!(value_of(0), FIRST_SHAPE);
        assert_eq!(SHAPE_VALUES.mask_of(value_of(DOWN | LEFT)), DOWN | LEFT);
        assert_eq!(SHAPE_VALUES.mask_of(0), 0);
        assert!(is_straight(UP | DOWN) && !is_turn(UP | DOWN));
        assert!(is_turn(UP | LEFT) && !is_turn(0));
        // A top-left corner cell: empty, or the turn right and down.
        assert_eq!(
            SHAPE_VALUES.values_where(RIGHT | DOWN, |_| true),
            [value_of(0), value_of(RIGHT | DOWN)]
        );
    }
}
