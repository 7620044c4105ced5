//! What loop and track puzzles on a grid of cells (Tracks, Masyu) build alike
//! around a line rule on [`Graph::grid`](crate::rules::graph::Graph::grid):
//! the cells' names, and their edges' names. A variable a cell for what the
//! line does there is tied to the booleans of its edges by
//! [`VertexShape`](super::VertexShape).

use crate::domain::VarId;
use crate::model::Model;
use crate::rules::graph::Graph;

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
    let mut name = String::new();
    for (&var, &(a, b)) in vars.iter().zip(graph.edges()) {
        name.clear();
        name.push_str(&vertex_names[a]);
        name.push('–');
        name.push_str(&vertex_names[b]);
        model.set_name(var, &name);
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
