//! What loop and track puzzles on a grid of cells (Tracks, Masyu) build alike
//! around a line rule on [`Graph::grid`](crate::rules::graph::Graph::grid):
//! the cells' names, and their edges' names. A variable a cell for what the
//! line does there is tied to the booleans of its edges by
//! [`VertexShape`](super::VertexShape).

use crate::domain::{Value, VarId};
use crate::model::Model;
use crate::rules::graph::Graph;

/// The top side of a grid cell, a bit of a cell shape's mask ([`CELL_SHAPES`]).
pub const UP: u8 = 1;
/// The right side of a grid cell.
pub const RIGHT: u8 = 2;
/// The bottom side of a grid cell.
pub const DOWN: u8 = 4;
/// The left side of a grid cell.
pub const LEFT: u8 = 8;

/// What a line may do in a cell of a grid, as the mask of the sides it leaves
/// by and in words: nothing, the two straights and the four turns. A puzzle
/// gives a cell's shape variable these as values from a first value of its own
/// ([`CellShapes`]) and ties it to the cell's edges by
/// [`VertexShape`](super::VertexShape).
pub const CELL_SHAPES: [(u8, &str); 7] = [
    (0, "empty"),
    (UP | RIGHT, "up and right"),
    (UP | DOWN, "up and down"),
    (RIGHT | DOWN, "right and down"),
    (UP | LEFT, "up and left"),
    (RIGHT | LEFT, "right and left"),
    (DOWN | LEFT, "down and left"),
];

/// The [`CELL_SHAPES`] as the values of a puzzle's shape variables: shape `i`
/// is the value `first + i` (Tracks and Masyu keep 0 and 1 for their links and
/// number the shapes from 2).
///
/// ```
/// use sieve::rules::graph::lines::{CellShapes, DOWN, LEFT, RIGHT, UP};
/// let shapes = CellShapes::from_first(2);
/// let turn = shapes.value_of(DOWN | LEFT).expect("a turn is a shape");
/// assert_eq!(shapes.mask_of(turn), DOWN | LEFT);
/// assert_eq!(shapes.value_of(UP | RIGHT | DOWN), None);
/// // A top-left corner cell: empty, or the turn right and down.
/// let corner: Vec<_> = shapes.shapes_where(RIGHT | DOWN, |_| true).collect();
/// assert_eq!(corner, [(2, 0), (5, RIGHT | DOWN)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellShapes {
    first: Value,
}

impl CellShapes {
    /// The shapes numbered from `first`.
    pub const fn from_first(first: Value) -> CellShapes {
        CellShapes { first }
    }

    /// The value of the first shape (the empty cell).
    pub fn first(self) -> Value {
        self.first
    }

    /// The value of the last shape.
    pub fn last(self) -> Value {
        self.first + CELL_SHAPES.len() as Value - 1
    }

    /// The value of the shape with `mask`; `None` for a mask of one, three or
    /// four sides, which no shape has.
    pub fn value_of(self, mask: u8) -> Option<Value> {
        let index = CELL_SHAPES.iter().position(|&(shape, _)| shape == mask)?;
        Some(self.first + index as Value)
    }

    /// The mask of the shape `value`; 0 (no side) for a value that is no shape.
    pub fn mask_of(self, value: Value) -> u8 {
        let index = value.checked_sub(self.first).map(|index| index as usize);
        index
            .and_then(|index| CELL_SHAPES.get(index))
            .map_or(0, |&(mask, _)| mask)
    }

    /// The shapes, `(value, mask)`, that leave only by the sides of `sides`
    /// and pass `keep`, in order, without a list of their own (a model reads
    /// them for every cell).
    pub fn shapes_where(
        self,
        sides: u8,
        keep: impl Fn(u8) -> bool + Clone,
    ) -> impl Iterator<Item = (Value, u8)> + Clone {
        (CELL_SHAPES.iter().enumerate())
            .map(move |(index, &(mask, _))| (self.first + index as Value, mask))
            .filter(move |&(_, mask)| mask & !sides == 0 && keep(mask))
    }

    /// The values of [`CellShapes::shapes_where`].
    pub fn values_where(self, sides: u8, keep: impl Fn(u8) -> bool + Clone) -> Vec<Value> {
        self.shapes_where(sides, keep)
            .map(|(value, _)| value)
            .collect()
    }
}

/// The names `r1c1`, `r1c2`, ... of the cells of a grid of `rows` by `columns`,
/// row by row (the vertices of [`Graph::grid`](crate::rules::graph::Graph::grid)),
/// for [`SingleLoop::with_vertex_names`](super::SingleLoop::with_vertex_names)
/// and the cells' variables, written without `format!` ([`crate::names::push_cell_name`]): a
/// model of a 15x15 grid names every cell, and `format!` a name cost more than
/// building the cell's variable.
///
/// ```
/// use sieve::rules::graph::lines::cell_names;
/// assert_eq!(cell_names(2, 3), ["r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3"]);
/// ```
pub fn cell_names(rows: usize, columns: usize) -> Vec<String> {
    let mut names = Vec::with_capacity(rows * columns);
    for row in 0..rows {
        for column in 0..columns {
            let mut name = String::with_capacity(8);
            crate::names::push_cell_name(&mut name, row, column);
            names.push(name);
        }
    }
    names
}

/// Names each edge's variable in `vars` (one per edge of `graph`, in edge
/// order) by the names of its ends, `r1c1–r1c2`, written into one buffer
/// rather than a new string a name (the model keeps its own copy).
pub fn name_edges(model: &mut Model, graph: &Graph, vars: &[VarId], vertex_names: &[String]) {
    model.reserve_names(vars.len(), "r10c10–r10c11".len());
    for (&var, &(a, b)) in vars.iter().zip(graph.edges()) {
        model.set_name_with(var, |name| {
            name.push_str(&vertex_names[a]);
            name.push('–');
            name.push_str(&vertex_names[b]);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_are_named_by_their_ends() {
        let graph = Graph::grid(2, 2);
        let mut model = Model::new();
        let vars = model.new_vars(graph.edges().len(), 2);
        name_edges(&mut model, &graph, &vars, &cell_names(2, 2));
        let names: Vec<String> = vars.iter().map(|&var| model.var_name(var)).collect();
        assert_eq!(names, ["r1c1–r1c2", "r2c1–r2c2", "r1c1–r2c1", "r1c2–r2c2"]);
    }

    #[test]
    fn cell_names_read_as_formatted_names() {
        for (rows, columns) in [(3, 12), (12, 3), (1, 1)] {
            let names = cell_names(rows, columns);
            assert_eq!(names.len(), rows * columns);
            for (cell, name) in names.iter().enumerate() {
                let (row, column) = (cell / columns + 1, cell % columns + 1);
                assert_eq!(name, &format!("r{row}c{column}"));
            }
        }
    }
}
