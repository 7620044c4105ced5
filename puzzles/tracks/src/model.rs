//! A puzzle as an engine model: one boolean a link between neighbouring cells
//! (1 on the track), named by its cells (`r2c3–r2c4`); the links form one path
//! from the entrance cell to the exit cell ([`SinglePath`] on the grid of
//! cells, the cells of given pieces on it); each cell's shape (see
//! [`crate::shapes`]) tied to its links, the given pieces fixing theirs; and
//! each row's and column's count of cells whose shape is not empty
//! ([`Cardinality`], domain consistent). Those are the [`Rules::Counts`]; the
//! [`Rules::Lines`] read each row and column as a word of shapes instead (see
//! [`crate::lines`]), which holds its count and more.

use sieve::rules::graph::lines::name_edges;
use sieve::rules::{Cardinality, Graph, SinglePath};
use sieve::{Config, Domains, Model, Search, Value, ValueSet, VarId};

use crate::lines::{add_lines, track_cells};
use crate::puzzle::{Puzzle, Track};
use crate::shapes::{FIRST_SHAPE, SHAPE_VALUES, SHAPES, add_shapes, tie_shapes};

/// Which rules a model holds, weakest first: the tiers `rate` tries.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// One track, the given pieces, and each line's count.
    Counts,
    /// One track, the given pieces, and each line's shapes as a word that holds
    /// its count and joins up.
    Lines,
}

/// One puzzle as an engine model.
pub struct TracksModel {
    puzzle: Puzzle,
    model: Model,
    /// The rules the model holds.
    rules: Rules,
    links: Vec<VarId>,
    shapes: Vec<VarId>,
}

impl TracksModel {
    /// The model of `puzzle` with every rule ([`Rules::Lines`]).
    pub fn new(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        Self::with_rules(puzzle, Rules::Lines)
    }

    /// The model of `puzzle` with the rules of `rules`.
    pub fn with_rules(puzzle: &Puzzle, rules: Rules) -> Result<Self, sieve::Error> {
        let board = puzzle.board();
        let mut model = Model::new();
        let mut labels = vec!["0".to_string(), "1".to_string()];
        labels.extend(SHAPES.iter().map(|&(_, words)| words.to_string()));
        model.set_value_labels(labels);
        let graph = Graph::grid(board.height(), board.width());
        let links = model.new_vars(board.links(), 2);
        // Each cell's name, written once: the links, the path's vertices and
        // the shapes all use it.
        let names = board.cell_names();
        name_edges(&mut model, &graph, &links, &names);
        let shapes = add_shapes(&mut model, puzzle, &names)?;
        // The lines' rules make every deduction of the counts', and word
        // those as the counts do: a model holds one or the other. They tie
        // the shapes to the links too, where the counts need a rule a cell.
        if rules == Rules::Counts {
            tie_shapes(&mut model, puzzle, (&links, &shapes), &names)?;
        }
        add_path(&mut model, puzzle, (graph, names), &links)?;
        match rules {
            Rules::Counts => add_counts(&mut model, puzzle, &shapes)?,
            Rules::Lines => add_lines(&mut model, puzzle, &shapes, &links)?,
        }
        Ok(TracksModel {
            puzzle: puzzle.clone(),
            model,
            rules,
            links,
            shapes,
        })
    }

    /// The rules the model holds.
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

    /// The track of a solution's values.
    pub fn solution_of(&self, values: &[Value]) -> Track {
        let masks = self
            .shapes
            .iter()
            .map(|var| SHAPE_VALUES.mask_of(values[var.index()]));
        Track::new(self.puzzle.board(), masks.collect()).expect("one shape a cell")
    }

    /// The shape variable of the cell at (row, column), 0-based.
    pub fn var_at(&self, row: usize, column: usize) -> Option<VarId> {
        let board = self.puzzle.board();
        (row < board.height() && column < board.width())
            .then(|| self.shapes[row * board.width() + column])
    }
}

/// Each column's count, then each row's.
fn add_counts(model: &mut Model, puzzle: &Puzzle, shapes: &[VarId]) -> Result<(), sieve::Error> {
    let (width, height) = (puzzle.width(), puzzle.height());
    for (column, &count) in puzzle.columns().iter().enumerate() {
        let vars = (0..height)
            .map(|row| shapes[row * width + column])
            .collect();
        add_count(model, format!("column {}", column + 1), count, vars)?;
    }
    for (row, &count) in puzzle.rows().iter().enumerate() {
        let vars = shapes[row * width..(row + 1) * width].to_vec();
        add_count(model, format!("row {}", row + 1), count, vars)?;
    }
    Ok(())
}

/// `count` of the cells of `line` (their shape variables `vars`) hold track.
fn add_count(
    model: &mut Model,
    line: String,
    count: usize,
    vars: Vec<VarId>,
) -> Result<(), sieve::Error> {
    let track: ValueSet = (FIRST_SHAPE + 1..FIRST_SHAPE + SHAPES.len() as Value).collect();
    let cells = track_cells(count);
    let name = format!("{line} count {count}");
    let rule = Cardinality::exactly(name, vars, track, count)?.wording(move |names, deduction| {
        let cell = names.var_name(deduction.var);
        match deduction.inference {
            "cardinality full" => format!("{cell} is empty: {line} has its {cells}"),
            "cardinality needs all" => {
                format!("{cell} holds track: {line} needs {cells}, and no other cell can")
            }
            _ => format!("{cell}: {line} cannot have {cells}"),
        }
    });
    model.add_rule(rule).map(drop)
}

/// The one path between the entrance and the exit cells, through the cells of
/// the given pieces. When the two are one cell (the track comes in on the left
/// of the bottom-left cell and leaves at its bottom), that cell is the whole
/// track: no link is on it.
fn add_path(
    model: &mut Model,
    puzzle: &Puzzle,
    (graph, names): (Graph, Vec<String>),
    links: &[VarId],
) -> Result<(), sieve::Error> {
    let board = puzzle.board();
    let ends = (puzzle.entrance_cell(), puzzle.exit_cell());
    if ends.0 == ends.1 {
        return links.iter().try_for_each(|&link| model.fix(link, 0));
    }
    let degrees = (0..board.cells())
        .map(|cell| {
            let inner = cell != ends.0 && cell != ends.1;
            (inner && puzzle.pieces()[cell].is_some()).then_some(2)
        })
        .collect();
    let path = SinglePath::new("one track", graph, links.to_vec(), ends)?
        .with_degrees(degrees)?
        .with_vertex_names(names)?;
    model.add_rule(path).map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_tracks_id;

    #[test]
    fn the_lines_take_the_place_of_the_counts() {
        let puzzle = parse_tracks_id("4x4de:Cm9a,3,1,S3,3,S1,3,4,2").expect("a valid ID");
        let lines = TracksModel::new(&puzzle).expect("a model");
        let counts = TracksModel::with_rules(&puzzle, Rules::Counts).expect("a model");
        assert_eq!(
            (lines.rules(), counts.rules()),
            (Rules::Lines, Rules::Counts)
        );
        // The lines tie the shapes to the links: no rule a cell.
        let cells = puzzle.board().cells();
        assert_eq!(
            lines.model().num_rules() + cells,
            counts.model().num_rules()
        );
    }
}
