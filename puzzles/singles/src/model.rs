//! A puzzle as an engine model: one variable per cell, named `r1c1`…, 1
//! for unshaded and 0 for shaded.
//!
//! - Each row and column is a [`LineRule`](crate::line_rule::LineRule): no two shaded cells side by
//!   side, no number unshaded twice; domain consistent on the line.
//! - The unshaded cells are one connected region of the grid
//!   ([`UnshadedConnected`]).
//! - Each corner's 2×2 block is a table of its fillings ([`add_corners`]).
//! - Every two neighbouring rows, and every two neighbouring columns, are
//!   one more [`Regular`] rule read column by column (row by row):
//!   [`band_automaton`], both lines' rules and no shaded cells side by side
//!   across them, domain consistent on the band. Tatham's "offset pairs"
//!   are band deductions: of two equal numbers side by side across the
//!   lines one is unshaded, so its twin along its line is shaded, and
//!   either way the same cells beside the twins are unshaded.
//!
//! With these, the puzzles his generator makes, easy and tricky alike,
//! are solved without a single decision (`tests/tatham.rs` checks his IDs
//! so).

use std::fmt::Display;

use sieve::rules::{Deduction, Regular};
use sieve::{Config, Domains, Model, Names, Search, Value, VarId};

use crate::connected::UnshadedConnected;
use crate::corner::add_corners;
use crate::line::{SHADED, band_automaton};
use crate::line_rule::Lines;
use crate::puzzle::{Line, Puzzle, Shading};
use crate::whole::WholeGrid;

/// The most states a band's automaton may have before the band is left
/// out.
pub const LINE_STATE_LIMIT: usize = 1 << 14;

/// One puzzle as an engine model.
pub struct SinglesModel {
    puzzle: Puzzle,
    model: Model,
    cells: Vec<VarId>,
    state_limit: usize,
    /// Whether the band rules are in the model (see [`SinglesModel::without_bands`]).
    has_bands: bool,
}

impl SinglesModel {
    /// The model of `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        Self::with_state_limit(puzzle, LINE_STATE_LIMIT)
    }

    /// The model of `puzzle` with another limit on the states of a band's
    /// automaton (0 leaves the bands out: the same puzzle, propagated more
    /// weakly).
    pub fn with_state_limit(puzzle: &Puzzle, state_limit: usize) -> Result<Self, sieve::Error> {
        let mut singles = Self::without_bands(puzzle, state_limit)?;
        singles.add_bands()?;
        Ok(singles)
    }

    /// The model of `puzzle` without the band rules: each line's rules, the
    /// connectivity and the corners. The lines settle every ID of Tatham's
    /// levels on their own (all 100 of `bench/data/zoo/singles-12x12dk.txt`
    /// at the root), and the bands cost more to build than the whole solve
    /// without them, so a solve starts here and calls
    /// [`SinglesModel::add_bands`] only when something stays open.
    pub fn without_bands(puzzle: &Puzzle, state_limit: usize) -> Result<Self, sieve::Error> {
        let mut model = Model::new();
        let width = puzzle.width();
        let cells = model.new_vars(width * puzzle.height(), 2);
        model.name_grid_cells(&cells, width);
        model.set_value_labels(vec!["shaded".to_string(), "unshaded".to_string()]);
        add_lines(&mut model, puzzle, &cells)?;
        let connected =
            UnshadedConnected::new("the unshaded cells connected", width, cells.clone())?;
        model.add_rule(connected.wording(connected_wording))?;
        add_corners(&mut model, puzzle, &cells)?;
        Ok(SinglesModel {
            puzzle: puzzle.clone(),
            model,
            cells,
            state_limit,
            has_bands: false,
        })
    }

    /// The model of `puzzle` for solving only: every rule of
    /// [`SinglesModel::without_bands`] in one [`WholeGrid`] rule, which
    /// reaches the same fixpoint with none of the engine's work around 29
    /// rules (see [`crate::whole`]); its deductions name no line or corner, so
    /// traces and hints read the separate rules. The bands join as in
    /// [`SinglesModel::add_bands`].
    ///
    /// Nobody reads its sentences, so its cells are not named (`x0`… in
    /// any sentence): naming 144 cells `r1c1`… was a tenth of building the
    /// model of a 12×12 ID.
    pub fn whole(puzzle: &Puzzle, state_limit: usize) -> Result<Self, sieve::Error> {
        let mut model = Model::new();
        let width = puzzle.width();
        let cells = model.new_vars(width * puzzle.height(), 2);
        model.add_rule(WholeGrid::new(puzzle, cells.clone())?)?;
        Ok(SinglesModel {
            puzzle: puzzle.clone(),
            model,
            cells,
            state_limit,
            has_bands: false,
        })
    }

    /// Add the band rules (see the [module docs](self)), once: the variables
    /// keep their numbers, so a state of the model without bands carries over.
    pub fn add_bands(&mut self) -> Result<(), sieve::Error> {
        if !self.has_bands {
            add_bands(&mut self.model, &self.puzzle, &self.cells, self.state_limit)?;
            self.has_bands = true;
        }
        Ok(())
    }

    /// Whether the band rules are in the model.
    pub fn has_bands(&self) -> bool {
        self.has_bands
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

    /// The start state: every cell open.
    pub fn start(&self) -> Domains {
        self.model.domains()
    }

    /// The cell variables, row by row.
    pub fn cells(&self) -> &[VarId] {
        &self.cells
    }

    /// The variable of the cell at `row`, `column` (0-based), if inside the
    /// grid.
    pub fn var_at(&self, row: usize, column: usize) -> Option<VarId> {
        let width = self.puzzle.width();
        (row < self.puzzle.height() && column < width).then(|| self.cells[row * width + column])
    }

    /// A search over the model.
    pub fn search(&self, config: Config) -> Result<Search<'_, 'static>, sieve::Error> {
        Search::new(&self.model, config)
    }

    /// The shading of a solution's values.
    pub fn solution_of(&self, values: &[Value]) -> Shading {
        let shaded = (self.cells.iter())
            .map(|var| values[var.index()] == SHADED)
            .collect();
        Shading::new(self.puzzle.width(), shaded).expect("whole rows")
    }
}

/// The rule of each line, sharing one [`Lines`].
fn add_lines(model: &mut Model, puzzle: &Puzzle, cells: &[VarId]) -> Result<(), sieve::Error> {
    let lines_count = puzzle.width() + puzzle.height();
    let mut lines = Lines::with_capacity(lines_count, 2 * cells.len());
    let mut name = String::new();
    for line in puzzle.lines() {
        name.clear();
        line.push_name(&mut name);
        let along = puzzle.cells_along(line);
        lines.push(
            &name,
            along.map(|cell| (cells[cell], puzzle.numbers()[cell])),
        )?;
    }
    for rule in lines.wording(line_sentence).into_rules() {
        model.add_rule(rule)?;
    }
    Ok(())
}

/// The band rule of every two neighbouring rows and every two neighbouring
/// columns whose automaton is small enough (it only strengthens the rules
/// of the lines and is left out past the limit).
fn add_bands(
    model: &mut Model,
    puzzle: &Puzzle,
    cells: &[VarId],
    state_limit: usize,
) -> Result<(), sieve::Error> {
    let rows: Vec<Line> = (0..puzzle.height()).map(Line::Row).collect();
    let columns: Vec<Line> = (0..puzzle.width()).map(Line::Column).collect();
    for group in [rows, columns] {
        for pair in group.windows(2) {
            let [first, second] = [pair[0], pair[1]].map(|line| puzzle.cells_of(line));
            let numbers = |line: &[usize]| -> Vec<u8> {
                line.iter().map(|&cell| puzzle.numbers()[cell]).collect()
            };
            let Some(automaton) =
                band_automaton(&[&numbers(&first), &numbers(&second)], state_limit)
            else {
                continue;
            };
            let vars = (first.iter().zip(&second))
                .flat_map(|(&a, &b)| [cells[a], cells[b]])
                .collect();
            let name = band_name(pair[0], pair[1]);
            let rule = Regular::new(name.clone(), vars, automaton).wording(line_wording(name));
            model.add_rule(rule)?;
        }
    }
    Ok(())
}

/// The connectivity rule's sentences, in the puzzle's words.
fn connected_wording(names: &Names, deduction: &Deduction<'_>) -> String {
    let cell = names.var_name(deduction.var);
    if deduction.inference == "articulation point" {
        format!("{cell} cannot be shaded: that would cut the unshaded cells apart")
    } else {
        format!("{cell} cannot be unshaded: shaded cells wall it off from the unshaded ones")
    }
}

/// `rows 2 and 3`, `columns 1 and 2`.
fn band_name(first: Line, second: Line) -> String {
    match (first, second) {
        (Line::Row(a), Line::Row(b)) => format!("rows {} and {}", a + 1, b + 1),
        (Line::Column(a), Line::Column(b)) => format!("columns {} and {}", a + 1, b + 1),
        (a, b) => format!("{a} and {b}"),
    }
}

/// The sentence of a band's removals ([`line_sentence`]).
fn line_wording(
    line: impl Display + Send + Sync + 'static,
) -> impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static {
    move |names: &Names, deduction: &Deduction<'_>| line_sentence(names, deduction, &line)
}

/// The sentence of a removal by the rule of `line` (or of a band).
fn line_sentence(
    names: &Names,
    deduction: &Deduction<'_>,
    line: &(impl Display + ?Sized),
) -> String {
    let cell = names.var_name(deduction.var);
    match deduction.value {
        Some(SHADED) => format!(
            "{cell} cannot be shaded: every shading of {line} with no two shaded cells side by \
             side and no number unshaded twice leaves it unshaded"
        ),
        _ => format!(
            "{cell} cannot be unshaded: every shading of {line} with no two shaded cells side \
             by side and no number unshaded twice shades it"
        ),
    }
}
