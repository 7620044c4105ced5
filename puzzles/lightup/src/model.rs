//! A puzzle as an engine model: one variable per empty square, named
//! `r1c1`…, 1 for a light and 0 for none.
//!
//! A *segment* is a longest run of empty squares in a row or a column, walls
//! or the edge at both ends: a light lights exactly the squares of its two
//! segments. The rules:
//!
//! - **Lights never see each other**: at most one light in each segment
//!   ([`Cardinality`]).
//! - **Every square lit**: at least one light among the squares of its two
//!   segments ([`Cardinality`]).
//! - **Numbers**: exactly that many lights on the empty squares beside a
//!   numbered wall ([`Cardinality`]).
//! - **Shadows** ([`Shadows`], this crate's own rule): a square must not
//!   hold a light that would leave some square no way of being lit, or some
//!   number too few places for its lights: Tatham's "tricky" reasoning.
//!
//! The shadows rule waits while the counting rules have work left, so that
//! every deduction is told by the simplest rule that makes it.
//!
//! [`Tier::Easy`] holds the counting rules, [`Tier::Tricky`] the shadows
//! rule too: their propagation alone solves Tatham's easy and tricky
//! puzzles. His hard ones need a guess; [`sieve::rules::Probing`] (one
//! supposition, refuted by these rules) solves them without search (see
//! `tests/tatham.rs`).

mod layout;
mod shadows;

use std::sync::Arc;

use sieve::rules::Deduction;
use sieve::{Cardinality, Config, Domains, Model, Names, Search, Value, ValueSet, VarId};

pub use shadows::Shadows;

use crate::puzzle::{Cell, Grid, Puzzle, Square};

/// The (row step, column step) of the four sides of a square.
const SIDES: [(isize, isize); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

/// Which rules a model holds, by Tatham's levels of difficulty.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tier {
    /// The counting rules (segments, lit squares, numbers): what his easy
    /// puzzles need.
    Easy,
    /// Also the shadows rule: what his tricky puzzles need.
    Tricky,
}

impl Tier {
    /// Both tiers, weakest first.
    pub const ALL: [Tier; 2] = [Tier::Easy, Tier::Tricky];

    /// The tier's name, as `rate` prints it.
    pub fn name(self) -> &'static str {
        match self {
            Tier::Easy => "easy",
            Tier::Tricky => "tricky",
        }
    }
}

/// One puzzle as an engine model.
pub struct LightUpModel {
    puzzle: Puzzle,
    model: Model,
    /// The light variable of each empty square (`None` for a wall).
    cells: Vec<Option<VarId>>,
}

/// The squares a light at each square would light, and the lines they lie on.
pub(crate) struct Sight {
    /// Every segment of two squares or more: its squares and its name.
    pub(crate) segments: Vec<(Vec<usize>, String)>,
    /// For each empty square, the squares of its two segments, itself first.
    pub(crate) seen: Vec<Vec<usize>>,
}

/// `r1c1`… for a square.
pub fn square_name(width: usize, square: usize) -> String {
    format!("r{}c{}", square / width + 1, square % width + 1)
}

impl Sight {
    /// The segments of `puzzle` and what each empty square sees.
    pub(crate) fn of(puzzle: &Puzzle) -> Sight {
        let (width, height) = (puzzle.width(), puzzle.height());
        let empty = |square: usize| puzzle.squares()[square] == Square::Empty;
        let mut segments = Vec::new();
        let mut seen: Vec<Vec<usize>> = (0..width * height)
            .map(|square| {
                if empty(square) {
                    vec![square]
                } else {
                    Vec::new()
                }
            })
            .collect();
        let rows = (0..height).map(|row| (0..width).map(|c| row * width + c).collect::<Vec<_>>());
        let columns = (0..width).map(|c| (0..height).map(|row| row * width + c).collect());
        for line in rows.chain(columns) {
            for run in line.split(|&square| !empty(square)) {
                for &square in run {
                    seen[square].extend(run.iter().filter(|&&other| other != square));
                }
                if run.len() >= 2 {
                    let (first, last) = (run[0], run[run.len() - 1]);
                    let name = format!(
                        "the squares {} to {}",
                        square_name(width, first),
                        square_name(width, last)
                    );
                    segments.push((run.to_vec(), name));
                }
            }
        }
        Sight { segments, seen }
    }
}

/// The empty squares beside `square`.
pub(crate) fn neighbours(puzzle: &Puzzle, square: usize) -> Vec<usize> {
    let (width, height) = (puzzle.width(), puzzle.height());
    let (row, column) = (square / width, square % width);
    SIDES
        .iter()
        .filter_map(|&(down, across)| {
            let r = row.checked_add_signed(down)?;
            let c = column.checked_add_signed(across)?;
            (r < height && c < width && puzzle.square(r, c) == Square::Empty)
                .then_some(r * width + c)
        })
        .collect()
}

impl LightUpModel {
    /// The model of `puzzle`, with every rule.
    pub fn new(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        Self::with_tier(puzzle, Tier::Tricky)
    }

    /// The model of `puzzle` with the rules of `tier`.
    pub fn with_tier(puzzle: &Puzzle, tier: Tier) -> Result<Self, sieve::Error> {
        let width = puzzle.width();
        let mut model = Model::new();
        let cells: Vec<Option<VarId>> = (puzzle.squares().iter().enumerate())
            .map(|(square, &kind)| {
                (kind == Square::Empty).then(|| {
                    let var = model.new_var(2);
                    model.set_name(var, square_name(width, square));
                    var
                })
            })
            .collect();
        let var = |square: usize| cells[square].expect("an empty square");
        let sight = Sight::of(puzzle);
        let light = ValueSet::single(1);
        let name = |square: usize| square_name(width, square);

        for (squares, segment) in &sight.segments {
            let vars = squares.iter().map(|&square| var(square)).collect();
            let rule =
                Cardinality::at_most(format!("one light in {segment}"), vars, light.clone(), 1)?;
            let reason = format!("{segment} see each other, and have a light already");
            model.add_rule(rule.wording(say(reason)))?;
        }
        for (square, seen) in sight.seen.iter().enumerate() {
            if seen.is_empty() {
                continue;
            }
            let vars = seen.iter().map(|&square| var(square)).collect();
            let rule =
                Cardinality::at_least(format!("{} lit", name(square)), vars, light.clone(), 1)?;
            let reason = format!("it is the last square left that can light {}", name(square));
            model.add_rule(rule.wording(say(reason)))?;
        }
        for (square, &kind) in puzzle.squares().iter().enumerate() {
            let Square::Clue(clue) = kind else { continue };
            let beside = neighbours(puzzle, square);
            let label = format!("the {clue} at {}", name(square));
            if usize::from(clue) > beside.len() {
                // More lights than places: no solution. Said by a variable
                // with nothing left, named with the reason.
                let none = model.new_var(1);
                model.set_name(
                    none,
                    format!("{label}, with {} empty squares beside it", beside.len()),
                );
                model.restrict(none, &ValueSet::new())?;
                continue;
            }
            if beside.is_empty() {
                continue;
            }
            let vars = beside.iter().map(|&square| var(square)).collect();
            let rule = Cardinality::exactly(label.clone(), vars, light.clone(), usize::from(clue))?;
            let reason = format!("{label} counts the lights beside it");
            model.add_rule(rule.wording(say(reason)))?;
        }
        if tier == Tier::Tricky {
            model.add_rule(Shadows::new(puzzle, &cells, &sight))?;
        }
        Ok(LightUpModel {
            puzzle: puzzle.clone(),
            model,
            cells,
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

    /// The engine model, to add rules of one's own to (a stronger tier,
    /// such as [`sieve::rules::Probing`]).
    pub fn model_mut(&mut self) -> &mut Model {
        &mut self.model
    }

    /// The start state: the model's domains.
    pub fn start(&self) -> Domains {
        self.model.domains()
    }

    /// The light variable of the square at `row`, `column` (0-based); `None`
    /// for a wall or off the grid.
    pub fn var_at(&self, row: usize, column: usize) -> Option<VarId> {
        let (width, height) = (self.puzzle.width(), self.puzzle.height());
        (row < height && column < width)
            .then(|| self.cells[row * width + column])
            .flatten()
    }

    /// The light variable of each square, row by row (`None` for a wall).
    pub fn cells(&self) -> &[Option<VarId>] {
        &self.cells
    }

    /// A search over the model.
    pub fn search(&self, config: Config) -> Result<Search<'_, 'static>, sieve::Error> {
        Search::new(&self.model, config)
    }

    /// The grid of a solution's values.
    pub fn solution_of(&self, values: &[Value]) -> Grid {
        let cells = (self.cells.iter())
            .map(|cell| match cell {
                None => Cell::Wall,
                Some(var) if values[var.index()] == 1 => Cell::Light,
                Some(_) => Cell::Empty,
            })
            .collect();
        Grid::new(self.puzzle.width(), self.puzzle.height(), cells).expect("one cell a square")
    }
}

/// The wording of a [`Cardinality`] over lights: "r2c3 cannot hold a light:
/// {reason}" when it filled up, "r2c3 must hold a light: {reason}" when it
/// needs every square left.
fn say(reason: String) -> impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static {
    let reason: Arc<str> = Arc::from(reason);
    move |names: &Names, deduction: &Deduction<'_>| {
        let verdict = if deduction.inference == "cardinality full" {
            "cannot hold a light"
        } else {
            "must hold a light"
        };
        format!("{} {verdict}: {reason}", names.var_name(deduction.var))
    }
}
