//! A puzzle as an engine model.
//!
//! Each cell has two booleans, one for each diagonal it may hold (`r1c1\`
//! and `r1c1/`, value 1 when drawn), and a [`Cardinality`] saying exactly
//! one of the two is drawn. Two because the no-loop rule, [`Acyclic`], reads
//! one boolean per edge of the graph of corners, and a cell offers two
//! edges: `\` joins its top-left and bottom-right corners, `/` the other
//! two. Each clue is a [`Cardinality`] over the diagonals that would touch
//! its corner (exactly that many are drawn), worded with the clue: "r2c3 is
//! /: the 1 at corner r2c3 already has its 1 line". A clue its corner's
//! cells cannot meet (a 3 where two cells meet) empties a domain in the
//! model, so the puzzle has no solution, which the search reports.
//!
//! [`Acyclic`] leaves out a diagonal whose corners the drawn lines already
//! join: Tatham's "simple loop avoidance", his only loop deduction at Easy.
//!
//! Clues near each other act together: for every 3×3 block of corners with
//! two or more clues, a window rule holds the fillings of the cells those
//! clues touch that meet all of them and close no loop there (domain
//! consistent, as a [`sieve::rules::Table`] of them would be). Propagation
//! alone then solves all of Tatham's Easy puzzles and most of his Hard ones
//! (what is left needs his dead-end reasoning, which weighs how many lines
//! a group of corners can still take against its way out to the border).

use std::sync::Arc;

use sieve::names::push_number;
use sieve::rules::graph::{Acyclic, Graph};
use sieve::rules::{Cardinality, Deduction};
use sieve::{Config, Domains, Model, Names, Search, Value, ValueSet, VarId};

use crate::puzzle::{Diagonal, Grid, Puzzle};
use crate::window::{MAX_CELLS, MAX_CLUES, Scratch, WindowClue, cells_in, window_fillings};
use crate::window_rule::WindowRule;

/// One puzzle as an engine model.
pub struct SlantModel {
    puzzle: Puzzle,
    model: Model,
    /// Per cell, the boolean of its `\`.
    backslashes: Vec<VarId>,
    /// Per cell, the boolean of its `/`.
    slashes: Vec<VarId>,
}

/// A diagonal that could touch a clue's corner: its boolean, and the cell.
#[derive(Clone, Copy)]
struct Touch {
    var: VarId,
    cell: usize,
    diagonal: Diagonal,
}

impl SlantModel {
    /// The model of `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        let (width, height) = (puzzle.width(), puzzle.height());
        let mut model = Model::new();
        let mut backslashes = Vec::with_capacity(width * height);
        let mut slashes = Vec::with_capacity(width * height);
        // One text reused for every cell's names: 240 `format!`s an ID of
        // 12x10 were a tenth of building its model.
        let mut name = String::with_capacity(16);
        for cell in 0..width * height {
            let backslash = model.new_var(2);
            let slash = model.new_var(2);
            name.clear();
            push_cell_name(&mut name, width, cell);
            let cell_end = name.len();
            name.push('\\');
            model.set_name(backslash, &name);
            name.truncate(cell_end);
            name.push('/');
            model.set_name(slash, &name);
            name.truncate(cell_end);
            name.push_str(" holds one diagonal");
            let one_line = Cardinality::exactly(name.as_str(), vec![backslash, slash], drawn(), 1)?;
            model.add_rule(one_line)?;
            backslashes.push(backslash);
            slashes.push(slash);
        }
        let mut slant = SlantModel {
            puzzle: puzzle.clone(),
            model,
            backslashes,
            slashes,
        };
        for row in 0..=height {
            for column in 0..=width {
                if let Some(clue) = puzzle.clue(row, column) {
                    slant.add_clue(row, column, clue)?;
                }
            }
        }
        slant.add_no_loop()?;
        let mut scratch = Scratch::default();
        for (top, left) in slant.windows() {
            slant.add_window(top, left, &mut scratch)?;
        }
        Ok(slant)
    }

    /// The diagonals that would touch the corner at `row`, `column` (at most
    /// four, in an array: asked for several times per clue).
    fn touching(&self, row: usize, column: usize) -> impl Iterator<Item = Touch> {
        let (width, height) = (self.puzzle.width(), self.puzzle.height());
        let touch = |there: bool, cell_row: usize, cell_column: usize, diagonal: Diagonal| {
            there.then(|| {
                let cell = cell_row * width + cell_column;
                let var = match diagonal {
                    Diagonal::Backslash => self.backslashes[cell],
                    Diagonal::Slash => self.slashes[cell],
                };
                Touch {
                    var,
                    cell,
                    diagonal,
                }
            })
        };
        let (above, left) = (row.wrapping_sub(1), column.wrapping_sub(1));
        [
            touch(row > 0 && column > 0, above, left, Diagonal::Backslash),
            touch(row > 0 && column < width, above, column, Diagonal::Slash),
            touch(row < height && column > 0, row, left, Diagonal::Slash),
            touch(
                row < height && column < width,
                row,
                column,
                Diagonal::Backslash,
            ),
        ]
        .into_iter()
        .flatten()
    }

    /// The clue on a corner: exactly `clue` of the diagonals there are drawn.
    fn add_clue(&mut self, row: usize, column: usize, clue: u8) -> Result<(), sieve::Error> {
        // At most four touches, kept in the wording as an array: a list and
        // a shared label a clue were a good part of building the model.
        let mut touches = [None; 4];
        for (slot, touch) in touches.iter_mut().zip(self.touching(row, column)) {
            *slot = Some(touch);
        }
        let vars: Vec<VarId> = touches.iter().flatten().map(|touch| touch.var).collect();
        let clue_count = usize::from(clue);
        if clue_count > vars.len() {
            // More lines than cells at the corner: no solution.
            return self.model.restrict(vars[0], &ValueSet::new());
        }
        let label = clue_label(clue, row, column);
        let width = self.puzzle.width();
        let wording = move |_: &Names, deduction: &Deduction<'_>| {
            let words = clue_label(clue, row, column);
            let Some(touch) = (touches.iter().flatten()).find(|touch| touch.var == deduction.var)
            else {
                return format!("{words} is touched by exactly {clue} lines");
            };
            let cell = cell_name(width, touch.cell);
            let other = other(touch.diagonal).symbol();
            match deduction.inference {
                "cardinality full" => {
                    format!("{cell} is {other}: {words} already has its {clue} lines")
                }
                "cardinality needs all" => format!(
                    "{cell} is {}: {words} needs every line it can still have",
                    touch.diagonal.symbol()
                ),
                _ => format!("{words} is touched by exactly {clue} lines"),
            }
        };
        let rule = Cardinality::exactly(label, vars, drawn(), clue_count)?.wording(wording);
        self.model.add_rule(rule).map(drop)
    }

    /// The top-left corners of the 3×3 blocks of corners that get a window
    /// table: those with two or more clues, less each one whose clues all
    /// lie in another block with more clues (or as many, first in reading
    /// order). That other block's table meets the same clues on more cells,
    /// so once it is domain consistent so is the smaller one: posting both
    /// costs a table and deduces nothing more.
    fn windows(&self) -> Vec<(usize, usize)> {
        let (width, height) = (self.puzzle.width(), self.puzzle.height());
        let (tops, lefts) = (height.saturating_sub(1), width.saturating_sub(1));
        let clues_in = |top: usize, left: usize| {
            (top..top + 3)
                .flat_map(move |r| (left..left + 3).map(move |c| (r, c)))
                .filter(|&(r, c)| self.puzzle.clue(r, c).is_some())
        };
        let counts: Vec<usize> = (0..tops * lefts)
            .map(|at| clues_in(at / lefts, at % lefts).count())
            .collect();
        let mut kept = Vec::new();
        for top in 0..tops {
            for left in 0..lefts {
                let count = counts[top * lefts + left];
                if count < 2 {
                    continue;
                }
                let (mut low_row, mut high_row) = (usize::MAX, 0);
                let (mut low_column, mut high_column) = (usize::MAX, 0);
                for (r, c) in clues_in(top, left) {
                    (low_row, high_row) = (low_row.min(r), high_row.max(r));
                    (low_column, high_column) = (low_column.min(c), high_column.max(c));
                }
                // Every block holding these clues' bounding box holds them all.
                let covers = |other_top: usize, other_left: usize| {
                    let other = counts[other_top * lefts + other_left];
                    other > count || (other == count && (other_top, other_left) < (top, left))
                };
                let subsumed = (high_row.saturating_sub(2)..=low_row.min(tops - 1))
                    .flat_map(|t| {
                        (high_column.saturating_sub(2)..=low_column.min(lefts - 1))
                            .map(move |l| (t, l))
                    })
                    .any(|(t, l)| (t, l) != (top, left) && covers(t, l));
                if !subsumed {
                    kept.push((top, left));
                }
            }
        }
        kept
    }

    /// Around the 3×3 corners from `top`, `left`: the cells their clues
    /// touch, as a window rule over the fillings that meet every one of
    /// those clues and close no loop among those cells. Made when two or more of
    /// the corners have clues: the clues then act together on the cells they
    /// share, as Tatham's Hard deductions do (cells forced alike or unlike by
    /// a 2 between them, v-shapes ruled out by a 1 or a 3).
    fn add_window(
        &mut self,
        top: usize,
        left: usize,
        scratch: &mut Scratch,
    ) -> Result<(), sieve::Error> {
        // The window's clues, cells and table rows in arrays: a model makes
        // dozens of windows, and lists for them were most of its allocations.
        let mut corners = [(0, 0, 0); MAX_CLUES];
        let mut count = 0;
        for (r, c) in (top..top + 3).flat_map(|r| (left..left + 3).map(move |c| (r, c))) {
            if let Some(clue) = self.puzzle.clue(r, c) {
                corners[count] = (r, c, clue);
                count += 1;
            }
        }
        let corners = &corners[..count];
        if corners.len() < 2 {
            return Ok(());
        }
        // The cells the clues touch lie in the 4×4 cells from row `top - 1`,
        // column `left - 1`: one bit each, in reading order (which is the
        // order of their numbers).
        let width = self.puzzle.width();
        let local = |cell: usize| (cell / width + 1 - top) * 4 + (cell % width + 1 - left);
        let touched = (corners.iter())
            .flat_map(|&(r, c, _)| self.touching(r, c))
            .fold(0u16, |touched, touch| touched | 1 << local(touch.cell));
        let mut block = [0; MAX_CELLS];
        let mut size = 0;
        let mut bits = touched;
        while bits != 0 {
            let bit = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            block[size] = (top + bit / 4 - 1) * width + left + bit % 4 - 1;
            size += 1;
        }
        let block = &block[..size];
        let mut clues = [WindowClue::default(); MAX_CLUES];
        for (window_clue, &(r, c, clue)) in clues.iter_mut().zip(corners) {
            window_clue.lines = clue;
            // Corners of the 4×4 cells from row `top - 1`, column `left - 1`.
            window_clue.corner = ((r + 1 - top) * 5 + (c + 1 - left)) as u8;
            for touch in self.touching(r, c) {
                let at = cells_in(touched & ((1 << local(touch.cell)) - 1));
                match touch.diagonal {
                    Diagonal::Backslash => window_clue.backslash_touches |= 1 << at,
                    Diagonal::Slash => window_clue.slash_touches |= 1 << at,
                }
            }
        }
        let fillings = window_fillings(touched, &clues[..corners.len()], scratch);
        if fillings.is_empty() {
            return self
                .model
                .restrict(self.backslashes[block[0]], &ValueSet::new());
        }
        let label = window_label(top, left);
        let backslashes = &self.backslashes;
        let fillings = fillings.to_vec();
        let rule = WindowRule::new(label, width, block, |cell| backslashes[cell], fillings);
        self.model.add_rule(rule).map(drop)
    }

    /// No loop: the drawn diagonals, as edges between corners, form a forest.
    fn add_no_loop(&mut self) -> Result<(), sieve::Error> {
        let width = self.puzzle.width();
        let corners_across = width + 1;
        let corner = |row: usize, column: usize| row * corners_across + column;
        let cells = self.backslashes.len();
        let mut edges = Vec::with_capacity(2 * cells);
        let mut vars = Vec::with_capacity(2 * cells);
        for cell in 0..cells {
            let (row, column) = (cell / width, cell % width);
            edges.push((corner(row, column), corner(row + 1, column + 1)));
            vars.push(self.backslashes[cell]);
            edges.push((corner(row, column + 1), corner(row + 1, column)));
            vars.push(self.slashes[cell]);
        }
        let graph = Graph::new(corners_across * (self.puzzle.height() + 1), edges)?;
        let diagonal_of: Arc<[VarId]> = Arc::from(vars.as_slice());
        let wording = move |_: &Names, deduction: &Deduction<'_>| {
            let Some(edge) = diagonal_of.iter().position(|&var| var == deduction.var) else {
                return "the lines would close a loop".to_string();
            };
            let (cell, diagonal) = (edge / 2, [Diagonal::Backslash, Diagonal::Slash][edge % 2]);
            format!(
                "{} is {}: a {} there would close a loop",
                cell_name(width, cell),
                other(diagonal).symbol(),
                diagonal.symbol()
            )
        };
        let rule = Acyclic::new("no loop", graph, vars)?.wording(wording);
        self.model.add_rule(rule).map(drop)
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

    /// The start state: every clue and rule posted, nothing propagated.
    pub fn start(&self) -> Domains {
        self.model.domains()
    }

    /// The variable of a cell: its `\` boolean (1 when the cell holds `\`,
    /// 0 when it holds `/`); `None` outside the grid.
    pub fn var_at(&self, row: usize, column: usize) -> Option<VarId> {
        let width = self.puzzle.width();
        (row < self.puzzle.height() && column < width)
            .then(|| self.backslashes[row * width + column])
    }

    /// The `/` boolean of a cell (1 when the cell holds `/`); `None` outside
    /// the grid.
    pub fn slash_at(&self, row: usize, column: usize) -> Option<VarId> {
        let width = self.puzzle.width();
        (row < self.puzzle.height() && column < width).then(|| self.slashes[row * width + column])
    }

    /// A search over the model.
    pub fn search(&self, config: Config) -> Result<Search<'_, 'static>, sieve::Error> {
        Search::new(&self.model, config)
    }

    /// The grid of a solution's values.
    pub fn solution_of(&self, values: &[Value]) -> Grid {
        let cells = (self.backslashes.iter())
            .map(|var| match values[var.index()] {
                1 => Diagonal::Backslash,
                _ => Diagonal::Slash,
            })
            .collect();
        Grid::new(self.puzzle.width(), self.puzzle.height(), cells).expect("one diagonal a cell")
    }
}

/// The value of a drawn diagonal's boolean.
fn drawn() -> ValueSet {
    ValueSet::single(1)
}

/// The diagonal a cell holds when it does not hold `diagonal`.
fn other(diagonal: Diagonal) -> Diagonal {
    match diagonal {
        Diagonal::Backslash => Diagonal::Slash,
        Diagonal::Slash => Diagonal::Backslash,
    }
}

/// `r1c1`… for a cell.
fn cell_name(width: usize, cell: usize) -> String {
    let mut name = String::with_capacity(8);
    push_cell_name(&mut name, width, cell);
    name
}

/// Append `r1c1`… for a cell to `text`, digit by digit (a model names every
/// cell, and `format!` cost as much as the rest of naming).
fn push_cell_name(text: &mut String, width: usize, cell: usize) {
    push_corner_name(text, cell / width, cell % width);
}

/// Append `r1c1`… for the corner (or cell) at `row`, `column` (from 0).
fn push_corner_name(text: &mut String, row: usize, column: usize) {
    text.push('r');
    push_number(text, row + 1);
    text.push('c');
    push_number(text, column + 1);
}

/// "the 2 at corner r3c4": a clue's rule, and its words.
fn clue_label(clue: u8, row: usize, column: usize) -> String {
    let mut label = String::with_capacity(24);
    label.push_str("the ");
    push_number(&mut label, usize::from(clue));
    label.push_str(" at corner ");
    push_corner_name(&mut label, row, column);
    label
}

/// "the clues of corners r1c2 to r3c4 together": the window of 3×3 corners
/// from `top`, `left`.
fn window_label(top: usize, left: usize) -> String {
    let mut label = String::with_capacity(48);
    label.push_str("the clues of corners ");
    push_corner_name(&mut label, top, left);
    label.push_str(" to ");
    push_corner_name(&mut label, top + 2, left + 2);
    label.push_str(" together");
    label
}
