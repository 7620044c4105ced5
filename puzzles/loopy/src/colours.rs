//! The inside and the outside: a loop cuts the squares into the ones it
//! encloses and the rest, each side connected (the outside through the
//! border), and an edge is on the loop exactly when the squares either side
//! of it are on different sides. Colouring the squares so gives parity
//! deductions of the kind Tatham's hard level makes with edges known alike or
//! unlike, and keeps each side from being cut in two.

use sieve::rules::{Connected, Graph, Table};
use sieve::{Model, VarId};

use crate::puzzle::{Edge, Lattice};

/// Adds an inside boolean for every square, tied to the edges, and the
/// connectedness of each side; returns the squares' variables, row by row.
pub(crate) fn add_colours(
    model: &mut Model,
    lattice: Lattice,
    edges: &[VarId],
) -> Result<Vec<VarId>, sieve::Error> {
    let width = lattice.width();
    let squares = model.new_vars(lattice.squares(), 2);
    let outside = model.new_vars(lattice.squares() + 1, 2);
    let border = lattice.squares();
    model.fix(outside[border], 1)?;
    for square in 0..lattice.squares() {
        let name = format!("r{}c{}", square / width + 1, square % width + 1);
        model.set_name(squares[square], format!("{name} inside"));
        model.set_name(outside[square], format!("{name} outside"));
        let tie = format!("{name} inside or outside");
        model.add_rule(Table::new(
            tie,
            vec![squares[square], outside[square]],
            [[0, 1], [1, 0]],
        )?)?;
    }
    model.set_name(outside[border], "beyond the border");
    let mut links = Vec::new();
    for (edge, &var) in edges.iter().enumerate() {
        let name = format!("{} between its squares", lattice.edge_name(edge));
        match squares_beside(lattice, edge) {
            (Some(a), Some(b)) => {
                links.push((a, b));
                let vars = vec![var, squares[a], squares[b]];
                let tuples = [[0, 0, 0], [0, 1, 1], [1, 0, 1], [1, 1, 0]];
                model.add_rule(Table::new(name, vars, tuples)?)?;
            }
            (Some(square), None) | (None, Some(square)) => {
                links.push((square, border));
                model.add_rule(Table::new(
                    name,
                    vec![var, squares[square]],
                    [[0, 0], [1, 1]],
                )?)?;
            }
            (None, None) => {}
        }
    }
    let inner: Vec<(usize, usize)> = links
        .iter()
        .copied()
        .filter(|&(_, b)| b != border)
        .collect();
    let inside_graph = Graph::new(lattice.squares(), inner)?;
    model.add_rule(Connected::new(
        "the inside is connected",
        inside_graph,
        squares.clone(),
    )?)?;
    let outside_graph = Graph::new(lattice.squares() + 1, links)?;
    model.add_rule(Connected::new(
        "the outside is connected",
        outside_graph,
        outside,
    )?)?;
    Ok(squares)
}

/// The squares either side of `edge`: above and below, or left and right
/// (`None` beyond the border).
fn squares_beside(lattice: Lattice, edge: usize) -> (Option<usize>, Option<usize>) {
    let (width, height) = (lattice.width(), lattice.height());
    match lattice.edge(edge) {
        Edge::Horizontal { row, column } => (
            (row > 0).then(|| (row - 1) * width + column),
            (row < height).then(|| row * width + column),
        ),
        Edge::Vertical { row, column } => (
            (column > 0).then(|| row * width + column - 1),
            (column < width).then(|| row * width + column),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_edge_lies_between_two_squares_or_a_square_and_the_border() {
        // 3×2 squares: edge 0 is the top of r1c1, 4 lies between r1c2 and
        // r2c2, 9 is the left of r1c1, 10 lies between r1c1 and r1c2.
        let lattice = Lattice::new(3, 2);
        assert_eq!(squares_beside(lattice, 0), (None, Some(0)));
        assert_eq!(squares_beside(lattice, 4), (Some(1), Some(4)));
        assert_eq!(squares_beside(lattice, 8), (Some(5), None));
        assert_eq!(squares_beside(lattice, 9), (None, Some(0)));
        assert_eq!(squares_beside(lattice, 10), (Some(0), Some(1)));
    }
}
