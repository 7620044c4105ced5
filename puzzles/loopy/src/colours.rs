//! The inside and the outside: a loop cuts the squares into the ones it
//! encloses and the rest, each side connected (the outside through the
//! border), and an edge is on the loop exactly when the squares either side
//! of it are on different sides. Colouring the squares so gives parity
//! deductions of the kind Tatham's hard level makes with edges known alike or
//! unlike, and keeps each side from being cut in two.

use sieve::rules::{ConnectedValues, Deduction, Graph};
use sieve::{Model, Names, VarId};
use smallvec::{SmallVec, smallvec};

use crate::edge_sides::EdgeSides;
use crate::naming::Name;
use crate::puzzle::{Edge, Lattice};

/// Adds an inside boolean for every square, tied to the edges, and the
/// connectedness of each side; returns the squares' variables, row by row.
///
/// Both sides are one [`ConnectedValues`] rule over the squares and one more
/// vertex beyond the border, fixed outside: the squares at 1 (inside) are
/// connected, and so are those at 0 with the border. One rule over the
/// squares' own variables rather than a [`sieve::rules::Connected`] for each
/// side, which would need a second variable a square for the outside and a
/// table tying the two.
pub(crate) fn add_colours(
    model: &mut Model,
    lattice: Lattice,
    edges: &[VarId],
) -> Result<Vec<VarId>, sieve::Error> {
    let width = lattice.width();
    let squares = model.new_vars(lattice.squares(), 2);
    let border = lattice.squares();
    let beyond = model.new_var(2);
    model.fix(beyond, 0)?;
    model.set_name(beyond, "beyond the border");
    for (square, &var) in squares.iter().enumerate() {
        let name = Name::new().square(square / width, square % width);
        model.set_name(var, name.text(" inside").done());
    }
    let mut links = Vec::new();
    for (edge, &var) in edges.iter().enumerate() {
        // The edge's name as the model already holds it, not written again.
        let name = match model.names().given_name(var) {
            Some(given) => Name::new().text(given),
            None => Name::new().text(&lattice.edge_name(edge)),
        };
        let name = name.text(" between its squares").done();
        let (links_to, beside): (_, SmallVec<[VarId; 2]>) = match squares_beside(lattice, edge) {
            (Some(a), Some(b)) => ((a, b), smallvec![squares[a], squares[b]]),
            (Some(square), None) | (None, Some(square)) => {
                ((square, border), smallvec![squares[square]])
            }
            (None, None) => continue,
        };
        links.push(links_to);
        model.add_rule(EdgeSides::new(name, var, &beside))?;
    }
    let graph = Graph::new(lattice.squares() + 1, links)?;
    let mut vars = squares.clone();
    vars.push(beyond);
    let sides = ConnectedValues::new("the inside and the outside are each connected", graph, vars)?
        .wording(side_sentence);
    model.add_rule(sides)?;
    Ok(squares)
}

/// A change of the connectedness rule in words: the squares' variables are
/// named `r2c3 inside`, and 1 is the inside.
fn side_sentence(names: &Names, deduction: &Deduction<'_>) -> String {
    let name = names.var_name(deduction.var);
    let square = name.strip_suffix(" inside").unwrap_or(&name);
    let side = if deduction.value == Some(1) {
        "inside"
    } else {
        "outside"
    };
    let other = if side == "inside" {
        "outside"
    } else {
        "inside"
    };
    match deduction.inference {
        "articulation point" => {
            format!("{square} is {side}: without it the {side} would be cut in two")
        }
        _ => format!(
            "{square} is {other}: no squares that may be {side} join it to the rest of the {side}"
        ),
    }
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
