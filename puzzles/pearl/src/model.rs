//! A puzzle as an engine model: one boolean a link between neighbouring cells
//! (1 on the loop), named by its cells (`r2c3–r2c4`); the links form one loop
//! through every pearl ([`SingleLoop`] on the grid of cells, pearls as cells
//! it must visit); each cell's shape (see [`crate::shapes`]) tied to its
//! links; and each pearl's rule as small tables over shapes:
//!
//! - a black pearl turns, and each cell it leads to goes straight on the same
//!   way (one table with each neighbour);
//! - a white pearl goes straight, and of the two cells it leads to, not both
//!   go straight on (one table with each pair of opposite neighbours).

use sieve::rules::graph::lines::name_edges;
use sieve::rules::{Graph, SingleLoop, Table};
use sieve::{Config, Domains, Model, Search, Value, ValueSet, VarId};

use crate::puzzle::{Board, DIRECTIONS, DOWN, LEFT, Loop, Pearl, Puzzle, RIGHT, UP, opposite};
use crate::shapes::{SHAPE_VALUES, SHAPES, add_shapes, is_straight, is_turn, shape_ties};

/// One puzzle as an engine model.
pub struct PearlModel {
    puzzle: Puzzle,
    model: Model,
    links: Vec<VarId>,
    shapes: Vec<VarId>,
}

impl PearlModel {
    /// The model of `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        let board = puzzle.board();
        let mut model = Model::new();
        let mut labels = vec!["0".to_string(), "1".to_string()];
        labels.extend(SHAPES.iter().map(|&(_, words)| words.to_string()));
        model.set_value_labels(labels);
        let graph = Graph::grid(board.height(), board.width());
        let links = model.new_vars(board.links(), 2);
        // Each cell's name, written once: the links, the shapes, their rules
        // and the loop's vertices use it.
        let names = board.cell_names();
        name_edges(&mut model, &graph, &links, &names);
        let shapes = add_shapes(&mut model, board, &names)?;
        let ties = shape_ties(board, &links, &shapes, &names)?;
        let degrees = (puzzle.pearls().iter())
            .map(|pearl| pearl.map(|_| 2))
            .collect();
        let one_loop = SingleLoop::new("one loop", graph, links.clone())?
            .with_degrees(degrees)?
            .with_vertex_names(names)?;
        model.add_rule(one_loop)?;
        for tie in ties {
            model.add_rule(tie)?;
        }
        for (cell, pearl) in puzzle.pearls().iter().enumerate() {
            match pearl {
                Some(Pearl::Black) => add_black(&mut model, board, &shapes, cell)?,
                Some(Pearl::White) => add_white(&mut model, board, &shapes, cell)?,
                None => {}
            }
        }
        Ok(PearlModel {
            puzzle: puzzle.clone(),
            model,
            links,
            shapes,
        })
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The engine model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The engine model, to add rules of one's own to (a stronger tier, such as
    /// [`sieve::rules::Probing`]).
    pub fn model_mut(&mut self) -> &mut Model {
        &mut self.model
    }

    /// The state a search starts from.
    pub fn start(&self) -> Domains {
        self.model.domains()
    }

    /// The link variables, in the board's link order.
    pub fn links(&self) -> &[VarId] {
        &self.links
    }

    /// The cells' shape variables, row by row.
    pub fn shapes(&self) -> &[VarId] {
        &self.shapes
    }

    /// A search over the model.
    pub fn search(&self, config: Config) -> Result<Search<'_, 'static>, sieve::Error> {
        Search::new(&self.model, config)
    }

    /// The loop of a solution's values.
    pub fn solution_of(&self, values: &[Value]) -> Loop {
        let masks = self
            .shapes
            .iter()
            .map(|var| SHAPE_VALUES.mask_of(values[var.index()]));
        Loop::new(self.puzzle.board(), masks.collect()).expect("one shape a cell")
    }

    /// The shape variable of the cell at (row, column), 0-based.
    pub fn var_at(&self, row: usize, column: usize) -> Option<VarId> {
        let board = self.puzzle.board();
        (row < board.height() && column < board.width())
            .then(|| self.shapes[row * board.width() + column])
    }
}

/// The shapes, `(value, mask)`, of `cell` in a fresh model: what its
/// neighbours allow.
fn domain(board: Board, cell: usize) -> impl Iterator<Item = (Value, u8)> + Clone {
    SHAPE_VALUES.shapes_where(board.directions(cell), |_| true)
}

/// A black pearl at `cell`: it turns, and whichever way it leaves, the next cell
/// goes straight on that way.
fn add_black(
    model: &mut Model,
    board: Board,
    shapes: &[VarId],
    cell: usize,
) -> Result<(), sieve::Error> {
    let turns = SHAPE_VALUES.values_where(board.directions(cell), is_turn);
    model.restrict(shapes[cell], &turns.iter().copied().collect())?;
    for direction in DIRECTIONS {
        let Some(next) = board.step(cell, direction) else {
            continue;
        };
        // The pairs one after another, in a list made once at its most: for
        // each turn, the next cell goes straight on or takes one of the four
        // shapes that do not lead back.
        let mut pairs = Vec::with_capacity(2 * turns.len() * 4);
        for &here in &turns {
            for (there, there_mask) in domain(board, next) {
                let here_mask = SHAPE_VALUES.mask_of(here);
                let leaves = here_mask & direction != 0;
                let fits = if leaves {
                    there_mask == direction | opposite(direction)
                } else {
                    there_mask & opposite(direction) == 0
                };
                if fits {
                    pairs.extend([here, there]);
                }
            }
        }
        let pearl = Pearl::Black;
        let vars = vec![shapes[cell], shapes[next]];
        add_table(model, (pearl, board, cell), vars, pairs)?;
    }
    Ok(())
}

/// A white pearl at `cell`: it goes straight, and of the two cells it leads to,
/// at least one turns.
fn add_white(
    model: &mut Model,
    board: Board,
    shapes: &[VarId],
    cell: usize,
) -> Result<(), sieve::Error> {
    let straights = SHAPE_VALUES.values_where(board.directions(cell), is_straight);
    model.restrict(shapes[cell], &straights.iter().copied().collect())?;
    for (before, after) in [(LEFT, RIGHT), (UP, DOWN)] {
        let (Some(first), Some(second)) = (board.step(cell, before), board.step(cell, after))
        else {
            continue;
        };
        let along = before | after;
        let (ones, others) = (domain(board, first), domain(board, second));
        // The triples one after another, in a list made once at its most:
        // for each straight, each cell beside it takes one of the three
        // shapes that lead to the pearl or one of the four that do not.
        let mut triples = Vec::with_capacity(3 * straights.len() * 4 * 4);
        for &here in &straights {
            for (one, one_mask) in ones.clone() {
                for (other, other_mask) in others.clone() {
                    let fits = if SHAPE_VALUES.mask_of(here) == along {
                        one_mask & after != 0
                            && other_mask & before != 0
                            && !(one_mask == along && other_mask == along)
                    } else {
                        one_mask & after == 0 && other_mask & before == 0
                    };
                    if fits {
                        triples.extend([here, one, other]);
                    }
                }
            }
        }
        let vars = vec![shapes[cell], shapes[first], shapes[second]];
        add_table(model, (Pearl::White, board, cell), vars, triples)?;
    }
    Ok(())
}

/// Adds the table over `vars` of the tuples `flat` holds one after another,
/// named by the pearl at `cell` and worded with what it asks; with no tuple
/// at all (a pearl where the board leaves it no way to go) the first variable
/// loses every value instead, so the puzzle has no solution rather than no
/// model.
fn add_table(
    model: &mut Model,
    (pearl, board, cell): (Pearl, Board, usize),
    vars: Vec<VarId>,
    flat: Vec<Value>,
) -> Result<(), sieve::Error> {
    if flat.is_empty() {
        return model.restrict(vars[0], &ValueSet::new());
    }
    let (kind, rule) = match pearl {
        Pearl::Black => ("black pearl at ", "turns, and goes straight on either side"),
        Pearl::White => (
            "white pearl at ",
            "goes straight, and turns on at least one side",
        ),
    };
    // The pearl's cell is named as its shape variable is: the sentence reads
    // the name there when it is written, rather than a copy kept a table.
    let center = vars[0];
    let table = Table::from_flat(board.about_cell(kind, cell), vars, flat)?.wording(
        move |names, deduction| {
            let value = deduction
                .value
                .map_or_else(|| "that".to_string(), |value| names.value_label(value));
            format!(
                "{} cannot be {value}: the loop through the {kind}{} {rule}",
                names.var_name(deduction.var),
                names.var_name(center)
            )
        },
    );
    model.add_rule(table).map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_graph_numbers_links_as_the_board_does() {
        let board = Board::new(6, 5);
        let graph = Graph::grid(5, 6);
        assert_eq!(graph.edges().len(), board.links());
        for (link, &(a, b)) in graph.edges().iter().enumerate() {
            let direction = if b == a + 1 { RIGHT } else { DOWN };
            assert_eq!(board.link(a, direction), Some(link));
        }
    }
}
