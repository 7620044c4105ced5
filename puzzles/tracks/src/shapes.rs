//! What the track does in each cell, as one variable: empty, or one of the six
//! pieces of track (two straights, four turns). The counts of the rows and
//! columns count the cells whose shape is not empty, and a given piece fixes
//! its cell's shape.

use sieve::names::push_cell_name;
use sieve::rules::graph::lines::{CellShapes, VertexShape};
use sieve::{Model, Value, ValueSet, VarId};

use crate::puzzle::{DOWN, LEFT, Puzzle, RIGHT, UP};

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

/// Adds a shape variable for every cell; returns them, row by row (naming
/// them is up to the caller). A cell takes the shapes that leave it only
/// towards its neighbours or off the grid where the track does (the entrance
/// and the exit), always there, and only the given piece where one is given;
/// a cell left with none makes the puzzle unsolvable. What ties the shapes to
/// the links is up to the caller: [`tie_shapes`], or the line rules
/// ([`crate::lines`]).
pub fn add_shapes(model: &mut Model, puzzle: &Puzzle) -> Result<Vec<VarId>, sieve::Error> {
    let last = FIRST_SHAPE + SHAPES.len() as Value - 1;
    let shapes = model.new_vars_in(puzzle.board().cells(), FIRST_SHAPE..=last)?;
    for (cell, &shape) in shapes.iter().enumerate() {
        // Most cells keep every shape: nothing to restrict, nor a list of
        // shapes to walk.
        if !keeps_every_shape(puzzle, cell) {
            model.restrict(shape, &shapes_allowed(puzzle, cell))?;
        }
    }
    Ok(shapes)
}

/// Ties each cell's shape (`shapes`, row by row) to its links by a
/// [`VertexShape`] named by the cell (`links at r1c1`). A cell's shapes and
/// links are read without a list of their own: a model has 225 cells.
pub fn tie_shapes(
    model: &mut Model,
    puzzle: &Puzzle,
    (links, shapes): (&[VarId], &[VarId]),
) -> Result<(), sieve::Error> {
    let width = puzzle.width();
    for (cell, &shape) in shapes.iter().enumerate() {
        let allowed = allowed_shapes(puzzle, cell);
        if allowed.clone().next().is_none() {
            continue;
        }
        let (around, edges) = cell_links(puzzle, links, cell);
        let mut rule_name = String::from("links at ");
        push_cell_name(&mut rule_name, cell / width, cell % width);
        let rule = VertexShape::new(rule_name, shape, &around[..edges], allowed)?;
        model.add_rule(rule)?;
    }
    Ok(())
}

/// Whether `cell` may take every shape: a cell inside the grid, neither end of
/// the track, without a given piece.
fn keeps_every_shape(puzzle: &Puzzle, cell: usize) -> bool {
    let all = UP | RIGHT | DOWN | LEFT;
    puzzle.pieces()[cell].is_none()
        && puzzle.off_grid(cell) == 0
        && puzzle.board().directions(cell) == all
}

/// The values of the shapes `cell` may take, as a set: every shape, less
/// those it may not take (a set built value by value, each value moving its
/// start, cost as much as the rest of adding the cell).
fn shapes_allowed(puzzle: &Puzzle, cell: usize) -> ValueSet {
    let every = SHAPE_VALUES.first()..=SHAPE_VALUES.last();
    let bit = |value: Value| 1u32 << (value - FIRST_SHAPE);
    let allowed = allowed_shapes(puzzle, cell).fold(0, |set, (value, _)| set | bit(value));
    let mut values = ValueSet::inclusive(every.clone());
    for value in every.filter(|&value| allowed & bit(value) == 0) {
        values.remove(value);
    }
    values
}

/// The shapes `cell` may take, `(value, mask)`: see [`add_shapes`].
fn allowed_shapes(puzzle: &Puzzle, cell: usize) -> impl Iterator<Item = (Value, u8)> + Clone {
    let off = puzzle.off_grid(cell);
    let piece = puzzle.pieces()[cell];
    let directions = puzzle.board().directions(cell) | off;
    SHAPE_VALUES.shapes_where(directions, move |mask| {
        mask & off == off && piece.is_none_or(|piece| piece == mask)
    })
}

/// The links of `cell`, `(direction, link)`, up, right, down, left, in the
/// first places of an array: the array and how many there are.
fn cell_links(puzzle: &Puzzle, links: &[VarId], cell: usize) -> ([(u8, VarId); 4], usize) {
    let board = puzzle.board();
    let mut around = [(0, VarId::from_index(0)); 4];
    let mut edges = 0;
    for direction in [UP, RIGHT, DOWN, LEFT] {
        if let Some(link) = board.link(cell, direction) {
            around[edges] = (direction, links[link]);
            edges += 1;
        }
    }
    (around, edges)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_and_their_values() {
        assert_eq!(value_of(0), FIRST_SHAPE);
        assert_eq!(SHAPE_VALUES.mask_of(value_of(DOWN | LEFT)), DOWN | LEFT);
        assert_eq!(SHAPE_VALUES.mask_of(0), 0);
        // A top-left corner cell: empty, or the turn right and down.
        assert_eq!(
            SHAPE_VALUES.values_where(RIGHT | DOWN, |_| true),
            [value_of(0), value_of(RIGHT | DOWN)]
        );
    }
}
