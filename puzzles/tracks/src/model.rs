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
        Self::build(puzzle, rules, true)
    }

    /// The model of [`TracksModel::new`], its variables, values and the
    /// track's cells left unnamed (a sentence would say `x437`, not `r1c2`):
    /// for a solve or a count, which writes none. Naming them, 225 cells of
    /// their own text, was an eighth of solving tracks-15x15de (165.8 ->
    /// 144.8 ms task-clock over 20 passes of its 100 IDs).
    pub fn unnamed(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        Self::build(puzzle, Rules::Lines, false)
    }

    /// The model of `puzzle` with the rules of `rules`, `named` or not.
    fn build(puzzle: &Puzzle, rules: Rules, named: bool) -> Result<Self, sieve::Error> {
        let board = puzzle.board();
        let mut model = Model::new();
        let graph = Graph::grid(board.height(), board.width());
        let links = model.new_vars(board.links(), 2);
        let shapes = add_shapes(&mut model, puzzle)?;
        let names = named.then(|| name_all(&mut model, &graph, (&links, &shapes), puzzle));
        // The lines' rules make every deduction of the counts', and word
        // those as the counts do: a model holds one or the other. They tie
        // the shapes to the links too, where the counts need a rule a cell.
        if rules == Rules::Counts {
            tie_shapes(&mut model, puzzle, (&links, &shapes))?;
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

/// Names the values (`0`, `1`, and the shapes in words), each link by its
/// cells (`r2c3–r2c4`) and each cell's shape by its cell (`r2c3`); returns
/// the cells' names, row by row, for the track's vertices.
fn name_all(
    model: &mut Model,
    graph: &Graph,
    (links, shapes): (&[VarId], &[VarId]),
    puzzle: &Puzzle,
) -> Vec<String> {
    let mut labels = vec!["0".to_string(), "1".to_string()];
    labels.extend(SHAPES.iter().map(|&(_, words)| words.to_string()));
    model.set_value_labels(labels);
    // Each cell's name, written once: the links and the path's vertices use
    // it.
    let names = puzzle.board().cell_names();
    name_edges(model, graph, links, &names);
    model.name_grid_cells(shapes, puzzle.width());
    names
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
/// the given pieces, its vertices named by `names` when there are any. When
/// the two are one cell (the track comes in on the left of the bottom-left
/// cell and leaves at its bottom), that cell is the whole track: no link is
/// on it.
fn add_path(
    model: &mut Model,
    puzzle: &Puzzle,
    (graph, names): (Graph, Option<Vec<String>>),
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
    let mut path =
        SinglePath::new("one track", graph, links.to_vec(), ends)?.with_degrees(degrees)?;
    if let Some(names) = names {
        path = path.with_vertex_names(names)?;
    }
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

    #[test]
    fn the_unnamed_model_is_the_named_one_without_its_names() {
        let puzzle = parse_tracks_id("4x4de:Cm9a,3,1,S3,3,S1,3,4,2").expect("a valid ID");
        let named = TracksModel::new(&puzzle).expect("a model");
        let unnamed = TracksModel::unnamed(&puzzle).expect("a model");
        let shape = |model: &TracksModel| model.shapes()[1];
        assert_eq!(
            (named.model().num_vars(), named.model().num_rules()),
            (unnamed.model().num_vars(), unnamed.model().num_rules())
        );
        assert_eq!(
            (named.links(), shape(&named)),
            (unnamed.links(), shape(&unnamed))
        );
        assert!(named.start() == unnamed.start(), "the same givens");
        assert_eq!(named.model().var_name(shape(&named)), "r1c2");
        assert_eq!(named.model().var_name(named.links()[0]), "r1c1–r1c2");
        assert_eq!(unnamed.model().names().given_name(shape(&unnamed)), None);
    }
}
