//! A puzzle as an engine model: one boolean an edge (1 on the loop), named by
//! the square it borders (`top of r2c3`); the edges form one loop
//! ([`SingleLoop`] on the lattice of dots, which also keeps every dot at two
//! edges or none, and closes the loop only once every clue has its sides);
//! each clue counts its square's sides on the loop ([`Cardinality`], domain
//! consistent). Those are the [`Rules::Loop`]; the
//! [`Rules::Corners`] add a variable for what the loop does at each dot (see
//! [`crate::corners`]).

use sieve::rules::{Cardinality, EdgeCount, Graph, SingleLoop};
use sieve::{Config, Domains, Model, Search, Value, ValueSet, VarId};

use crate::colours::add_colours;
use crate::corners::{add_corners, dot_name, shape_labels};
use crate::naming::Name;
use crate::puzzle::{Lattice, Loop, Puzzle};

/// Which rules a model holds, weakest first: the tiers `rate` tries.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// One loop, and each clue's count of sides.
    Loop,
    /// Those, and a variable for each dot tied to its edges and to the clues
    /// at its corners.
    Corners,
    /// Those, and each square inside or outside the loop, each side connected.
    Colours,
}

/// Writes an edge's values as a student reads them ("top of r2c2 = a line",
/// not "= 1"); the squares' and dots' variables keep the model's labels.
fn label_edges(model: &mut Model, edges: &[VarId]) {
    let Some(first) = edges.first().map(|var| var.index()) else {
        return;
    };
    let count = edges.len();
    model.set_value_labeller(move |var, value| {
        let edge = var.index().checked_sub(first).filter(|&edge| edge < count);
        edge.map(|_| match value {
            0 => "no line".to_string(),
            _ => "a line".to_string(),
        })
    });
}

/// One puzzle as an engine model.
pub struct LoopyModel {
    puzzle: Puzzle,
    model: Model,
    /// The rules the model holds now.
    rules: Rules,
    edges: Vec<VarId>,
    /// Each square's "inside the loop" variable, with [`Rules::Colours`].
    squares: Vec<VarId>,
}

impl LoopyModel {
    /// The model of `puzzle` with every rule ([`Rules::Colours`]).
    pub fn new(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        Self::with_rules(puzzle, Rules::Colours)
    }

    /// The model of `puzzle` with the rules of `rules`.
    pub fn with_rules(puzzle: &Puzzle, rules: Rules) -> Result<Self, sieve::Error> {
        let lattice = puzzle.lattice();
        let mut model = Model::new();
        let edges = model.new_vars(lattice.edges(), 2);
        let mut name = String::with_capacity(16);
        for (edge, &var) in edges.iter().enumerate() {
            name.clear();
            lattice.push_edge_name(&mut name, edge);
            model.set_name(var, &name);
        }
        let mut labels = vec!["0".to_string(), "1".to_string()];
        labels.extend(shape_labels().map(str::to_string));
        model.set_value_labels(labels);
        label_edges(&mut model, &edges);
        let dots = Graph::grid(lattice.height() + 1, lattice.width() + 1);
        let columns = lattice.width() + 1;
        let one_loop = SingleLoop::new("one loop", dots, edges.clone())?
            .with_vertex_namer(move |dot| dot_name(dot / columns, dot % columns))
            .with_edge_counts(clue_counts(puzzle))?;
        model.add_rule(one_loop)?;
        for row in 0..lattice.height() {
            for column in 0..lattice.width() {
                if let Some(clue) = puzzle.clue(row, column) {
                    add_clue(&mut model, lattice, &edges, (row, column), clue)?;
                }
            }
        }
        let mut loopy = LoopyModel {
            puzzle: puzzle.clone(),
            model,
            rules: Rules::Loop,
            edges,
            squares: Vec::new(),
        };
        while loopy.rules != rules {
            loopy.strengthen()?;
        }
        Ok(loopy)
    }

    /// Add the rules of the next tier to the model, keeping every variable it
    /// has (so that a state reached with the weaker rules carries over); `false`
    /// when it holds every rule already. A solve tries the cheap rules first and
    /// pays for the inside and the outside only when they leave edges open.
    pub fn strengthen(&mut self) -> Result<bool, sieve::Error> {
        let lattice = self.puzzle.lattice();
        match self.rules {
            Rules::Loop => {
                add_corners(&mut self.model, lattice, &self.edges, self.puzzle.clues())?;
                self.rules = Rules::Corners;
            }
            Rules::Corners => {
                self.squares = add_colours(&mut self.model, lattice, &self.edges)?;
                self.rules = Rules::Colours;
            }
            Rules::Colours => return Ok(false),
        }
        Ok(true)
    }

    /// The rules the model holds now.
    pub fn rules(&self) -> Rules {
        self.rules
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

    /// The edge variables, in the lattice's edge order.
    pub fn edges(&self) -> &[VarId] {
        &self.edges
    }

    /// A search over the model.
    pub fn search(&self, config: Config) -> Result<Search<'_, 'static>, sieve::Error> {
        Search::new(&self.model, config)
    }

    /// The loop of a solution's values.
    pub fn solution_of(&self, values: &[Value]) -> Loop {
        let on = self.edges.iter().map(|var| values[var.index()] == 1);
        Loop::new(self.puzzle.lattice(), on.collect()).expect("one value an edge")
    }

    /// The squares' "inside the loop" variables, row by row (empty unless the
    /// model has the [`Rules::Colours`]).
    pub fn squares(&self) -> &[VarId] {
        &self.squares
    }

    /// The variable drawn at line `row`, character `column` (0-based) of the
    /// picture [`crate::draw`] makes: an edge, or at a square's middle whether
    /// it lies inside the loop; `None` at a dot.
    pub fn var_at(&self, row: usize, column: usize) -> Option<VarId> {
        let lattice = self.puzzle.lattice();
        let (dot_row, dot_column) = (row / 2, column / 2);
        let edge = match (row % 2, column % 2) {
            (0, 1) if dot_row <= lattice.height() && dot_column < lattice.width() => {
                lattice.horizontal(dot_row, dot_column)
            }
            (1, 0) if dot_row < lattice.height() && dot_column <= lattice.width() => {
                lattice.vertical(dot_row, dot_column)
            }
            (1, 1) if dot_row < lattice.height() && dot_column < lattice.width() => {
                return self
                    .squares
                    .get(dot_row * lattice.width() + dot_column)
                    .copied();
            }
            _ => return None,
        };
        Some(self.edges[edge])
    }
}

/// The clues as the loop rule's edge counts: the loop may not close with a
/// square short of its clue.
fn clue_counts(puzzle: &Puzzle) -> Vec<EdgeCount> {
    let lattice = puzzle.lattice();
    let mut counts = Vec::new();
    for row in 0..lattice.height() {
        for column in 0..lattice.width() {
            if let Some(clue) = puzzle.clue(row, column).filter(|&clue| clue > 0) {
                counts.push(EdgeCount {
                    name: (Name::new().text("the clue ").number(usize::from(clue)))
                        .text(" at ")
                        .square(row, column)
                        .done(),
                    edges: lattice.sides(row, column).to_vec(),
                    least: usize::from(clue),
                });
            }
        }
    }
    counts
}

fn add_clue(
    model: &mut Model,
    lattice: Lattice,
    edges: &[VarId],
    (row, column): (usize, usize),
    clue: u8,
) -> Result<(), sieve::Error> {
    let sides: Vec<VarId> = (lattice.sides(row, column).iter())
        .map(|&edge| edges[edge])
        .collect();
    let square = Name::new().square(row, column).done();
    let name = Name::new().text("clue ").number(usize::from(clue));
    let name = name.text(" at ").text(&square).done();
    let rule = Cardinality::exactly(name, sides, ValueSet::single(1), usize::from(clue))?.wording(
        move |names, deduction| {
            let edge = names.var_name(deduction.var);
            match deduction.inference {
                "cardinality full" => {
                    format!("the clue {clue} at {square} is met, so {edge} is off the loop")
                }
                "cardinality needs all" => format!(
                    "the clue {clue} at {square} needs every side still open, so {edge} is on \
                     the loop"
                ),
                _ => format!("{edge}: the clue {clue} at {square} cannot be met"),
            }
        },
    );
    model.add_rule(rule).map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strengthening_tier_by_tier_builds_the_whole_model() {
        let puzzle = crate::parse_loopy_id("3x3t0:c2a20a3").expect("a valid ID");
        let whole = LoopyModel::new(&puzzle).expect("a model");
        let mut grown = LoopyModel::with_rules(&puzzle, Rules::Loop).expect("a model");
        let loop_vars = grown.model().num_vars();
        assert!(grown.strengthen().expect("corners"));
        assert_eq!(grown.rules(), Rules::Corners);
        assert!(grown.strengthen().expect("colours"));
        assert!(!grown.strengthen().expect("nothing left"));
        assert_eq!(grown.model().num_vars(), whole.model().num_vars());
        assert_eq!(grown.model().num_rules(), whole.model().num_rules());
        assert_eq!(grown.squares(), whole.squares());
        // The variables of a weaker tier keep their numbers.
        assert_eq!(grown.edges(), whole.edges());
        assert!(loop_vars < grown.model().num_vars());
    }

    #[test]
    fn the_graph_numbers_edges_as_the_lattice_does() {
        let lattice = Lattice::new(4, 3);
        let dots = Graph::grid(4, 5);
        assert_eq!(dots.edges().len(), lattice.edges());
        for (edge, &ends) in dots.edges().iter().enumerate() {
            assert_eq!(ends, lattice.ends(edge), "edge {edge}");
        }
    }
}
