//! A puzzle as an engine model.
//!
//! Each cell is one boolean, 1 when it holds `\` and 0 when it holds `/`
//! (named `r1c1`, its values written `\` and `/`). Each clue says that
//! exactly that many of the diagonals that would touch its corner are
//! drawn, worded with the clue: "r2c3 is /: the 1 at corner r2c3 already
//! has its 1 line". A clue no window (below) holds is a [`ClueRule`] of its
//! own; a window's rule holds its clues, and words what one of them leaves
//! out alone as that clue's rule would (same inference, causes and
//! sentence). A window is domain consistent over its clues, so a rule a
//! clue there adds nothing to it: leaving those rules out (about 55 of 64 an
//! ID) took slant-12x10dh from 84.7 to 73.7 M instructions and 9.3 to
//! 8.3 ms (perf stat task-clock), with the same solutions and ratings. A
//! clue its corner's cells cannot meet (a 3 where two cells meet) empties
//! a domain in the model, so the puzzle has no solution, which the search
//! reports.
//!
//! [`NoLoop`] leaves out a diagonal whose corners the drawn lines already
//! join: Tatham's "simple loop avoidance", his only loop deduction at Easy.
//! (A boolean a diagonal, two a cell tied by a count, let the engine's
//! `Acyclic` and `Cardinality` say the same: twice the variables and a rule
//! more a cell, which were most of building a model.)
//!
//! Clues near each other act together: for some 3×3 blocks of corners with
//! two or more clues (see `SlantModel::windows`), a window rule holds the fillings of the cells those
//! clues touch that meet all of them and close no loop there (domain
//! consistent, as a [`sieve::rules::Table`] of them would be). Propagation
//! alone then solves all of Tatham's Easy puzzles and most of his Hard ones
//! (what is left needs his dead-end reasoning, which weighs how many lines
//! a group of corners can still take against its way out to the border).

use sieve::names::push_cell_name;
use sieve::{Config, Domains, Model, Search, Value, ValueSet, VarId};

use crate::clue_rule::{ClueRule, Touch};
use crate::no_loop::NoLoop;
use crate::puzzle::{Diagonal, Grid, Puzzle};
use crate::window::{MAX_CLUES, Window, WindowClue, bits_of, cells_in};
use crate::window_rule::WindowRule;

/// One puzzle as an engine model.
pub struct SlantModel {
    puzzle: Puzzle,
    model: Model,
    /// Per cell, its boolean (1 when it holds `\`).
    cells: Vec<VarId>,
}

impl SlantModel {
    /// The model of `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        Self::build(puzzle, true)
    }

    /// The model of [`SlantModel::new`] with its cells and values left
    /// unnamed (a sentence would say `x17`, not `r2c6`): for a solve or a
    /// count, which writes none. Naming them was 2 % of solving
    /// slant-12x10dh (72.7 -> 71.0 M instructions).
    pub fn unnamed(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        Self::build(puzzle, false)
    }

    /// The model of `puzzle`, its cells and values `named` or not.
    fn build(puzzle: &Puzzle, named: bool) -> Result<Self, sieve::Error> {
        let (width, height) = (puzzle.width(), puzzle.height());
        let mut model = Model::new();
        let cells = model.new_vars(width * height, 2);
        if named {
            model.name_grid_cells(&cells, width);
            model.set_value_labels(vec!["/".to_string(), "\\".to_string()]);
        }
        let mut slant = SlantModel {
            puzzle: puzzle.clone(),
            model,
            cells,
        };
        let windows = slant.windows();
        let in_windows = slant.clues_in(&windows);
        for row in 0..=height {
            for column in 0..=width {
                if let Some(clue) = puzzle.clue(row, column) {
                    let alone = !in_windows[row * (width + 1) + column];
                    slant.add_clue(row, column, clue, alone)?;
                }
            }
        }
        slant.add_no_loop()?;
        for (top, left, clue_mask) in windows {
            slant.add_window(top, left, clue_mask)?;
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
                Touch {
                    var: self.cells[cell],
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

    /// Per corner (in reading order), whether one of `windows` holds its
    /// clue.
    fn clues_in(&self, windows: &[(usize, usize, u16)]) -> Vec<bool> {
        let across = self.puzzle.width() + 1;
        let mut held = vec![false; across * (self.puzzle.height() + 1)];
        for &(top, left, clue_mask) in windows {
            for at in bits_of(clue_mask) {
                held[(top + at / 3) * across + left + at % 3] = true;
            }
        }
        held
    }

    /// The clue on a corner: exactly `clue` of the diagonals there are drawn,
    /// by a rule of its own when `alone` (no window holds it).
    fn add_clue(
        &mut self,
        row: usize,
        column: usize,
        clue: u8,
        alone: bool,
    ) -> Result<(), sieve::Error> {
        let (width, height) = (self.puzzle.width(), self.puzzle.height());
        let rows = usize::from(row > 0) + usize::from(row < height);
        let columns = usize::from(column > 0) + usize::from(column < width);
        if usize::from(clue) > rows * columns {
            // More lines than cells at the corner: no solution.
            let touch = self.touching(row, column).next();
            let var = touch.expect("every corner touches a cell").var;
            return self.model.restrict(var, &ValueSet::new());
        }
        if !alone {
            return Ok(());
        }
        let mut around = self.touching(row, column);
        let first = around.next().expect("every corner touches a cell");
        let (mut touches, mut count) = ([first; 4], 1);
        for touch in around {
            touches[count] = touch;
            count += 1;
        }
        let rule = ClueRule::new((row, column), clue, &touches[..count], width);
        self.model.add_rule(rule).map(drop)
    }

    /// The top-left corners of the 3×3 blocks of corners that get a window
    /// table, each with its clues (bit `3 * r + c` for the corner at row
    /// `r`, column `c` of the block): the blocks with two or more clues, less
    /// each one whose clues all lie in another block with more clues (or as
    /// many, first in reading order). That other block's table meets the
    /// same clues on more cells, so once it is domain consistent so is the
    /// smaller one: posting both costs a table and deduces nothing more.
    fn windows(&self) -> Vec<(usize, usize, u16)> {
        let (width, height) = (self.puzzle.width(), self.puzzle.height());
        let (tops, lefts) = (height.saturating_sub(1), width.saturating_sub(1));
        // Per block, its clues as 9 bits (bit `3 * r + c` for the corner at
        // row `r`, column `c` of the block), read from the clues once.
        let clues = self.puzzle.clues();
        let has_clue = |r: usize, c: usize| u16::from(clues[r * (width + 1) + c].is_some());
        let masks: Vec<u16> = (0..tops * lefts)
            .map(|at| {
                let (top, left) = (at / lefts, at % lefts);
                (0..9).fold(0, |mask, k| mask | has_clue(top + k / 3, left + k % 3) << k)
            })
            .collect();
        let count_of = |at: usize| cells_in(masks[at]);
        let mut kept = Vec::new();
        for top in 0..tops {
            for left in 0..lefts {
                let (mask, count) = (masks[top * lefts + left], count_of(top * lefts + left));
                if count < 2 {
                    continue;
                }
                // The rows and columns of the block its clues lie in.
                let rows = (0..3).filter(|r| mask >> (3 * r) & 0b111 != 0);
                let columns = (0..3).filter(|c| mask >> c & 0b1_001_001 != 0);
                let (low_row, high_row) = (
                    top + rows.clone().min().unwrap_or(0),
                    top + rows.max().unwrap_or(0),
                );
                let (low_column, high_column) = (
                    left + columns.clone().min().unwrap_or(0),
                    left + columns.max().unwrap_or(0),
                );
                // Every block holding these clues' bounding box holds them all.
                let covers = |other_top: usize, other_left: usize| {
                    let other = count_of(other_top * lefts + other_left);
                    other > count || (other == count && (other_top, other_left) < (top, left))
                };
                let subsumed = (high_row.saturating_sub(2)..=low_row.min(tops - 1))
                    .flat_map(|t| {
                        (high_column.saturating_sub(2)..=low_column.min(lefts - 1))
                            .map(move |l| (t, l))
                    })
                    .any(|(t, l)| (t, l) != (top, left) && covers(t, l));
                if !subsumed {
                    kept.push((top, left, mask));
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
    fn add_window(&mut self, top: usize, left: usize, clue_mask: u16) -> Result<(), sieve::Error> {
        // The clues on the window's frame: the 4×4 cells from row `top - 1`,
        // column `left - 1`, and their 5×5 corners. In an array, read off
        // the block's mask: a model makes dozens of windows, and lists for
        // them were most of its allocations, a test of each corner for a
        // clue a twentieth of its time (perf).
        let in_grid = self.frame_in_grid(top, left);
        let mut clues = [WindowClue::default(); MAX_CLUES];
        let mut count = 0;
        for at in bits_of(clue_mask) {
            let (r, c) = (at / 3, at % 3);
            let lines = self.puzzle.clue(top + r, left + c).unwrap_or_default();
            clues[count] = WindowClue::at(lines, r + 1, c + 1, in_grid);
            count += 1;
        }
        let clues = &clues[..count];
        let touched = (clues.iter()).fold(0u16, |touched, clue| touched | clue.touches());
        let width = self.puzzle.width();
        // The grid cell of the frame's `at`-th cell.
        let frame_cell = |at: usize| (top + at / 4 - 1) * width + left + at % 4 - 1;
        let window = Window::new(touched, clues);
        let cells = &self.cells;
        let rule = WindowRule::new(((top, left), width), window, frame_cell, |cell| cells[cell]);
        self.model.add_rule(rule).map(drop)
    }

    /// Which of the 4×4 cells from row `top - 1`, column `left - 1` (bits in
    /// reading order) lie in the grid: a side is cut off at its border.
    fn frame_in_grid(&self, top: usize, left: usize) -> u16 {
        let (width, height) = (self.puzzle.width(), self.puzzle.height());
        let sides = [
            (top == 0, 0x000f),
            (top + 2 >= height, 0xf000),
            (left == 0, 0x1111),
            (left + 2 >= width, 0x8888),
        ];
        (sides.iter())
            .filter(|&&(off, _)| off)
            .fold(u16::MAX, |kept, &(_, side)| kept & !side)
    }

    /// No loop: the drawn diagonals, as edges between corners, form a forest.
    fn add_no_loop(&mut self) -> Result<(), sieve::Error> {
        let rule = NoLoop::new(self.cells.clone(), self.puzzle.width());
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

    /// The variable of a cell: its boolean (1 when the cell holds `\`, 0
    /// when it holds `/`); `None` outside the grid.
    pub fn var_at(&self, row: usize, column: usize) -> Option<VarId> {
        let width = self.puzzle.width();
        (row < self.puzzle.height() && column < width).then(|| self.cells[row * width + column])
    }

    /// A search over the model.
    pub fn search(&self, config: Config) -> Result<Search<'_, 'static>, sieve::Error> {
        Search::new(&self.model, config)
    }

    /// The grid of a solution's values.
    pub fn solution_of(&self, values: &[Value]) -> Grid {
        let diagonals = (self.cells.iter())
            .map(|var| match values[var.index()] {
                1 => Diagonal::Backslash,
                _ => Diagonal::Slash,
            })
            .collect();
        Grid::new(self.puzzle.width(), self.puzzle.height(), diagonals)
            .expect("one diagonal a cell")
    }
}

/// The value of a cell's boolean when it holds `diagonal`.
pub(crate) fn diagonal_value(diagonal: Diagonal) -> Value {
    match diagonal {
        Diagonal::Backslash => 1,
        Diagonal::Slash => 0,
    }
}

/// The diagonal a cell holds when it does not hold `diagonal`.
pub(crate) fn other(diagonal: Diagonal) -> Diagonal {
    match diagonal {
        Diagonal::Backslash => Diagonal::Slash,
        Diagonal::Slash => Diagonal::Backslash,
    }
}

/// `r1c1`… for a cell.
pub(crate) fn cell_name(width: usize, cell: usize) -> String {
    let mut name = String::with_capacity(8);
    push_cell_name(&mut name, cell / width, cell % width);
    name
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_slant_id;

    #[test]
    fn the_unnamed_model_is_the_named_one_without_its_names() {
        let puzzle = parse_slant_id("5x5:a2d11a3a0a112a1a2a2a1d2b10a11").expect("a valid ID");
        let named = SlantModel::new(&puzzle).expect("a model");
        let unnamed = SlantModel::unnamed(&puzzle).expect("a model");
        assert_eq!(
            (named.model().num_vars(), named.model().num_rules()),
            (unnamed.model().num_vars(), unnamed.model().num_rules())
        );
        assert!(named.start() == unnamed.start(), "the same start");
        let cell = named.var_at(1, 2).expect("a cell");
        assert_eq!(Some(cell), unnamed.var_at(1, 2));
        assert_eq!(named.model().var_name(cell), "r2c3");
        assert_eq!(unnamed.model().names().given_name(cell), None);
        let (solved, unnamed_solved) = (
            crate::solve::solve(&puzzle, &Config::default()).expect("solved"),
            named
                .search(Config::default())
                .expect("a search")
                .uniqueness(),
        );
        assert_eq!(
            solved.answer,
            unnamed_solved.map(|found| named.solution_of(&found.values))
        );
    }
}
