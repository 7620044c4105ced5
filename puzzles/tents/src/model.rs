//! A puzzle as an engine model.
//!
//! # Variables
//!
//! - Each square is a *cell*, named `r1c1`…: 1 for a tent, 0 for grass. A
//!   tree's square is fixed to grass, and so is a square the ID marks so; a
//!   square it marks as a tent is fixed to 1.
//! - Each tree is a *direction*, named `tree at r2c4`: which of its four
//!   sides its own tent stands on (values in the order of [`DIRECTIONS`]:
//!   up, left, right, down), only sides inside the grid and not a tree.
//!
//! The directions are the pairing of trees with tents that the rules ask
//! for. A placement of tents can allow more than one pairing (Tatham's
//! generator makes puzzles where it does not); the solver therefore counts
//! placements, not pairings (see [`crate::solve()`]).
//!
//! # Rules
//!
//! - **Pairing**, a [`Table`] for each cell over it and the directions of the
//!   trees beside it: the cell is a tent exactly when one of them points at
//!   it, and never two. With every tree pointing somewhere, that is a
//!   one-to-one pairing of trees and tents. A cell beside no tree is grass.
//! - **Around a tree**, a [`Table`] over a tree's direction and the cells of
//!   the 3×3 block around it: its tent stands where it points, and no other
//!   tent of the block touches that one. Domain consistency here removes a
//!   cell that touches every place left for the tree's tent (Tatham's
//!   tricky deduction for two places diagonal to each other, and more).
//! - **Never touching**: at most one tent in each 2×2 block
//!   ([`Cardinality`]): two squares touch, even diagonally, exactly when
//!   some 2×2 block holds both.
//! - **Counts**: each column and row is a [`Regular`] rule over its cells,
//!   whose automaton counts the tents and forbids two side by side (a tree
//!   is a cell fixed to grass): every way of placing the line's tents, as
//!   Tatham's solver enumerates them.
//! - **Two lines together**: each two neighbouring columns, and rows, read
//!   across as one [`Band`] rule (a square of one, then of the other):
//!   both counts, and no tent of one touching a tent of the other. Tatham's
//!   tricky deduction that a line's possible placements all darken some
//!   square of the next line, and more. (A band whose counts do not fit
//!   its words is a [`Regular`] rule over the same placements.)
//!
//! [`Tier::Easy`] holds the pairing, the blocks and the counts; the other
//! two, the block around a tree and two lines together, make
//! [`Tier::Tricky`]. The easy tier's propagation alone solves exactly
//! Tatham's easy puzzles, the tricky tier's all of his tricky ones (see
//! `tests/tatham.rs`). The tricky tier leaves out the blocks and the
//! single lines: two lines together hold both counts and keep apart every
//! two squares of a 2×2 block, so once those rules are domain consistent so
//! are the ones left out, and building and running them would only cost.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::sync::Arc;

use sieve::names::push_cell_name;
use sieve::rules::Deduction;
use sieve::{
    Automaton, Cardinality, Config, Domains, Model, Names, Regular, Search, Table, Value, ValueSet,
    VarId,
};

use crate::band::{Band, BandWording};
use crate::puzzle::{Cell, Grid, Puzzle, Square};

/// The four sides of a tree as (row step, column step): up, left, right,
/// down, in the order of a tree variable's values.
pub const DIRECTIONS: [(isize, isize); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

/// Which rules a model holds, by Tatham's two levels of difficulty.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tier {
    /// The pairing of trees and tents, the 2×2 blocks and each line's count:
    /// what his easy puzzles need.
    Easy,
    /// Also the block around each tree and the counts of two neighbouring
    /// lines read together: what his tricky puzzles need.
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

/// How a sentence says where a tent stands, for each of [`DIRECTIONS`].
const SIDES: [&str; 4] = ["above", "left of", "right of", "below"];

/// One puzzle as an engine model.
pub struct TentsModel {
    puzzle: Puzzle,
    model: Model,
    /// The tent-or-grass variable of each square (fixed to grass on a tree).
    cells: Vec<VarId>,
    /// The direction variable of each tree square.
    trees: Vec<Option<VarId>>,
}

/// What each variable stands for, so that sentences speak of tents and trees.
struct Words {
    width: usize,
    /// By variable index: the square, and whether it is a tree's direction.
    roles: Vec<(usize, bool)>,
}

impl Words {
    fn square(&self, square: usize) -> String {
        square_name(self.width, square)
    }

    /// "r2c3 cannot be a tent", "r2c3 must be a tent", "the tree at r1c3
    /// cannot have its tent above it": what removing `value` from `var` says.
    fn removal(&self, var: VarId, value: Option<Value>) -> String {
        let (square, is_tree) = self.roles[var.index()];
        let name = self.square(square);
        match (is_tree, value) {
            (true, Some(direction)) => {
                let side = SIDES.get(direction as usize).unwrap_or(&"beside");
                format!("the tree at {name} cannot have its tent {side} it")
            }
            (true, None) => format!("the tree at {name} loses places for its tent"),
            (false, Some(1)) => format!("{name} cannot be a tent"),
            (false, _) => format!("{name} must be a tent"),
        }
    }

    /// The sentence of a removal made for `reason`.
    fn sentence(&self, deduction: &Deduction<'_>, reason: &str) -> String {
        format!("{}: {reason}", self.removal(deduction.var, deduction.value))
    }
}

/// `r1c1`… for a square.
pub fn square_name(width: usize, square: usize) -> String {
    named(&[], width, square, "")
}

/// `before`, a square's name, then `after`, written digit by digit into one
/// string sized once: the model names hundreds of variables and rules for
/// every puzzle solved, and `format!` for each was a tenth of building it
/// (callgrind, tents-15x15dt).
fn named(before: &[&str], width: usize, square: usize, after: &str) -> String {
    let mut name = String::with_capacity(32);
    for part in before {
        name.push_str(part);
    }
    push_cell_name(&mut name, square / width, square % width);
    name.push_str(after);
    name
}

impl TentsModel {
    /// The model of `puzzle`, with every rule.
    pub fn new(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        Self::with_tier(puzzle, Tier::Tricky)
    }

    /// The model of `puzzle` with the rules of `tier`.
    pub fn with_tier(puzzle: &Puzzle, tier: Tier) -> Result<Self, sieve::Error> {
        let (width, height) = (puzzle.width(), puzzle.height());
        let mut model = Model::new();
        let mut cells = Vec::with_capacity(width * height);
        let mut trees = vec![None; width * height];
        let mut roles = Vec::new();
        for (square, &kind) in puzzle.squares().iter().enumerate() {
            let var = model.new_var(2);
            match kind {
                Square::Tree => {
                    model.set_name(var, named(&[], width, square, " (a tree)"));
                    model.fix(var, 0)?;
                }
                Square::MarkedTent => model.fix(var, 1)?,
                Square::MarkedGrass => model.fix(var, 0)?,
                Square::Open => {}
            }
            if kind != Square::Tree {
                model.set_name(var, square_name(width, square));
            }
            cells.push(var);
            roles.push((square, false));
        }
        for (square, &kind) in puzzle.squares().iter().enumerate() {
            if kind != Square::Tree {
                continue;
            }
            let var = model.new_var(DIRECTIONS.len() as u32);
            model.set_name(var, named(&["tree at "], width, square, ""));
            let sides: ValueSet = (0..DIRECTIONS.len())
                .filter(|&direction| {
                    step(width, height, square, DIRECTIONS[direction])
                        .is_some_and(|next| puzzle.squares()[next] != Square::Tree)
                })
                .map(|direction| direction as Value)
                .collect();
            model.restrict(var, &sides)?;
            trees[square] = Some(var);
            roles.push((square, true));
        }
        let mut tents = TentsModel {
            puzzle: puzzle.clone(),
            model,
            cells,
            trees,
        };
        let words = Arc::new(Words { width, roles });
        tents.add_pairings(&words)?;
        match tier {
            Tier::Easy => {
                tents.add_blocks(&words)?;
                tents.add_lines(&words, |_| true)?;
            }
            Tier::Tricky => {
                // Two lines read together hold each line's count, and every
                // 2×2 block lies in two neighbouring rows: domain consistent
                // on them, the bands deduce all that the lines and blocks
                // would, so only a line no band covers (in a grid one square
                // wide) gets a rule of its own. Hundreds fewer rules to
                // build and run for every puzzle solved, the same fixpoint.
                let banded = |index: usize| if index < width { width > 1 } else { height > 1 };
                tents.add_lines(&words, |index| !banded(index))?;
                tents.add_surroundings(&words)?;
                tents.add_bands(&words)?;
            }
        }
        Ok(tents)
    }

    /// Whether `square` holds a tree.
    fn is_tree(&self, square: usize) -> bool {
        self.trees[square].is_some()
    }

    /// Each cell is a tent exactly when one tree beside it points at it.
    fn add_pairings(&mut self, words: &Arc<Words>) -> Result<(), sieve::Error> {
        let (width, height) = (self.puzzle.width(), self.puzzle.height());
        for square in 0..width * height {
            if self.is_tree(square) {
                continue;
            }
            let cell = self.cells[square];
            // Each tree beside the cell, and the direction that points here.
            let mut vars = vec![cell];
            let mut towards = Vec::new();
            for (direction, &offset) in DIRECTIONS.iter().enumerate() {
                let Some(tree) = step(width, height, square, offset).and_then(|s| self.trees[s])
                else {
                    continue;
                };
                vars.push(tree);
                // The tree sees this cell on the opposite side.
                towards.push((DIRECTIONS.len() - 1 - direction) as Value);
            }
            if towards.is_empty() {
                self.model.fix(cell, 0)?;
                continue;
            }
            let name = named(&["pairing at "], width, square, "");
            let rule = Table::from_predicate(name, vars, &self.model, {
                move |values| {
                    let pointing = (values[1..].iter().zip(&towards))
                        .filter(|(value, toward)| value == toward)
                        .count();
                    pointing <= 1 && values[0] == pointing as Value
                }
            })?;
            let words = Arc::clone(words);
            let rule = rule.wording(move |_: &Names, d: &Deduction<'_>| {
                let name = words.square(square);
                let reason =
                    format!("{name} is a tent exactly when one tree beside it has its tent there");
                words.sentence(d, &reason)
            });
            self.model.add_rule(rule)?;
        }
        Ok(())
    }

    /// A tree's tent stands where it points, and nothing of the 3×3 block
    /// around the tree touches it.
    fn add_surroundings(&mut self, words: &Arc<Words>) -> Result<(), sieve::Error> {
        let (width, height) = (self.puzzle.width(), self.puzzle.height());
        for square in 0..width * height {
            let Some(tree) = self.trees[square] else {
                continue;
            };
            // The block's cells, as (row step, column step) from the tree.
            let mut ring = Vec::with_capacity(8);
            let mut vars = vec![tree];
            for row_step in -1..=1 {
                for column_step in -1..=1 {
                    if let Some(next) = step(width, height, square, (row_step, column_step))
                        && !self.is_tree(next)
                    {
                        ring.push((row_step, column_step));
                        vars.push(self.cells[next]);
                    }
                }
            }
            if ring.len() < 2 {
                continue;
            }
            let tuples = surrounding_tuples(&ring);
            let label = named(&["around the tree at "], width, square, "");
            let rule = Table::new(label, vars, tuples.chunks_exact(ring.len() + 1))?;
            let words = Arc::clone(words);
            let rule = rule.wording(move |_: &Names, d: &Deduction<'_>| {
                let reason = format!(
                    "the tent of the tree at {} stands beside it, and no other tent may touch that one",
                    words.square(square)
                );
                words.sentence(d, &reason)
            });
            self.model.add_rule(rule)?;
        }
        Ok(())
    }

    /// At most one tent in each 2×2 block.
    fn add_blocks(&mut self, words: &Arc<Words>) -> Result<(), sieve::Error> {
        let (width, height) = (self.puzzle.width(), self.puzzle.height());
        for row in 0..height - 1 {
            for column in 0..width - 1 {
                let corner = row * width + column;
                let vars: Vec<VarId> = [corner, corner + 1, corner + width, corner + width + 1]
                    .into_iter()
                    .filter(|&square| !self.is_tree(square))
                    .map(|square| self.cells[square])
                    .collect();
                if vars.len() < 2 {
                    continue;
                }
                let name = named(&["2×2 block at "], width, corner, "");
                let rule = Cardinality::at_most(name, vars, ValueSet::single(1), 1)?;
                let words = Arc::clone(words);
                let rule = rule.wording(move |_: &Names, d: &Deduction<'_>| {
                    let reason = format!(
                        "the 2×2 block at {} already holds a tent, and tents never touch",
                        words.square(corner)
                    );
                    words.sentence(d, &reason)
                });
                self.model.add_rule(rule)?;
            }
        }
        Ok(())
    }

    /// The squares of column or row `index` (rows after the columns), its
    /// name and its count.
    fn line(&self, index: usize) -> (Vec<VarId>, String, usize) {
        let (width, height) = (self.puzzle.width(), self.puzzle.height());
        if index < width {
            let vars = (0..height).map(|row| self.cells[row * width + index]);
            let count = self.puzzle.column_counts()[index];
            (vars.collect(), format!("column {}", index + 1), count)
        } else {
            let row = index - width;
            let vars = self.cells[row * width..(row + 1) * width].to_vec();
            (
                vars,
                format!("row {}", row + 1),
                self.puzzle.row_counts()[row],
            )
        }
    }

    /// Each column and row (those `wanted`, by index: the columns, then the
    /// rows) holds its count of tents, never two side by side.
    fn add_lines(
        &mut self,
        words: &Arc<Words>,
        wanted: impl Fn(usize) -> bool,
    ) -> Result<(), sieve::Error> {
        let (width, height) = (self.puzzle.width(), self.puzzle.height());
        let mut automata: HashMap<usize, Automaton> = HashMap::new();
        for index in (0..width + height).filter(|&index| wanted(index)) {
            let (vars, name, count) = self.line(index);
            let rule_name = format!("{name} holds {count}");
            let words = Arc::clone(words);
            // Lines of the same count share one automaton, built once.
            let automaton = match automata.entry(count) {
                Entry::Occupied(built) => built.get().clone(),
                Entry::Vacant(slot) => slot.insert(line_automaton(count)?).clone(),
            };
            let rule = Regular::new(rule_name, vars, automaton).wording(
                move |_: &Names, d: &Deduction<'_>| {
                    let reason = format!(
                        "no way of placing the {} of {name}, never side by side, \
                         agrees with what is left",
                        tents(count)
                    );
                    words.sentence(d, &reason)
                },
            );
            self.model.add_rule(rule)?;
        }
        Ok(())
    }

    /// Each two neighbouring columns and rows hold their counts of tents, no
    /// tent of one touching a tent of the other.
    fn add_bands(&mut self, words: &Arc<Words>) -> Result<(), sieve::Error> {
        let (width, height) = (self.puzzle.width(), self.puzzle.height());
        let mut automata: HashMap<(usize, usize), Automaton> = HashMap::new();
        for first in (0..width - 1).chain(width..width + height - 1) {
            let (one, one_name, one_count) = self.line(first);
            let (other, other_name, other_count) = self.line(first + 1);
            let vars: Vec<VarId> = one.iter().zip(&other).flat_map(|(&a, &b)| [a, b]).collect();
            let name = format!("{one_name} and {other_name}");
            let words = Arc::clone(words);
            let wording: BandWording = Box::new(move |_: &Names, d: &Deduction<'_>| {
                let reason = format!(
                    "no way of placing the {} of {one_name} and the {} of {other_name}, \
                     none touching, agrees with what is left",
                    tents(one_count),
                    tents(other_count)
                );
                words.sentence(d, &reason)
            });
            let counts = (one_count, other_count);
            if Band::fits(vars.len(), counts) {
                self.model
                    .add_rule(Band::new(name, vars, counts, wording))?;
                continue;
            }
            // Lines of the same counts share one automaton, built once.
            let automaton = match automata.entry(counts) {
                Entry::Occupied(built) => built.get().clone(),
                Entry::Vacant(slot) => slot.insert(band_automaton(one_count, other_count)?).clone(),
            };
            self.model
                .add_rule(Regular::new(name, vars, automaton).wording(wording))?;
        }
        Ok(())
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

    /// The start state: the model's domains, with the marked squares fixed.
    pub fn start(&self) -> Domains {
        self.model.domains()
    }

    /// The tent-or-grass variable of the square at `row`, `column` (0-based;
    /// fixed to grass on a tree); `None` off the grid.
    pub fn var_at(&self, row: usize, column: usize) -> Option<VarId> {
        let (width, height) = (self.puzzle.width(), self.puzzle.height());
        (row < height && column < width).then(|| self.cells[row * width + column])
    }

    /// The tent-or-grass variable of each square, row by row.
    pub fn cells(&self) -> &[VarId] {
        &self.cells
    }

    /// The direction variable of each square (`None` but for a tree).
    pub fn trees(&self) -> &[Option<VarId>] {
        &self.trees
    }

    /// A search over the model.
    pub fn search(&self, config: Config) -> Result<Search<'_, 'static>, sieve::Error> {
        Search::new(&self.model, config)
    }

    /// The grid of a solution's values.
    pub fn solution_of(&self, values: &[Value]) -> Grid {
        let cells = (self.cells.iter().zip(&self.trees))
            .map(|(cell, tree)| match tree {
                Some(_) => Cell::Tree,
                None if values[cell.index()] == 1 => Cell::Tent,
                None => Cell::Grass,
            })
            .collect();
        Grid::new(self.puzzle.width(), self.puzzle.height(), cells).expect("one cell a square")
    }
}

/// The rows of a tree's block table, in increasing order: for each side of
/// [`DIRECTIONS`] whose square is in `ring` (the block's cells that are not
/// trees, as steps from the tree, in reading order), the tree's direction,
/// then 1 on that square, 0 on each of `ring` touching it, and every
/// filling of the rest. Written out rather than found by testing all
/// 2⁹ fillings of the block against each direction: the model is built
/// for every puzzle solved.
fn surrounding_tuples(ring: &[(isize, isize)]) -> Vec<Value> {
    let mut rows = Vec::new();
    for (direction, &tent) in DIRECTIONS.iter().enumerate() {
        if !ring.contains(&tent) {
            continue;
        }
        let touches = |&(r, c): &(isize, isize)| (r - tent.0).abs() <= 1 && (c - tent.1).abs() <= 1;
        let free: Vec<usize> = (0..ring.len()).filter(|&at| !touches(&ring[at])).collect();
        let mut row: Vec<Value> = std::iter::once(direction as Value)
            .chain(ring.iter().map(|&at| Value::from(at == tent)))
            .collect();
        // The free cells count up in binary, the first the highest bit,
        // so the rows of one direction come in increasing order.
        for filling in 0..1u32 << free.len() {
            for (bit, &at) in free.iter().rev().enumerate() {
                row[at + 1] = (filling >> bit & 1) as Value;
            }
            rows.extend_from_slice(&row);
        }
    }
    rows
}

/// "1 tent", "2 tents".
fn tents(count: usize) -> String {
    format!("{count} tent{}", if count == 1 { "" } else { "s" })
}

/// The square one `offset` away from `square`, if it is on the grid.
fn step(width: usize, height: usize, square: usize, offset: (isize, isize)) -> Option<usize> {
    let row = (square / width).checked_add_signed(offset.0)?;
    let column = (square % width).checked_add_signed(offset.1)?;
    (row < height && column < width).then_some(row * width + column)
}

/// The automaton of a line: exactly `count` tents (1s), never two side by
/// side (a tree is a 0). States: (tents so far, whether the last was one).
fn line_automaton(count: usize) -> Result<Automaton, sieve::Error> {
    let state = |tents: usize, last: bool| tents * 2 + usize::from(last);
    let mut transitions = Vec::new();
    for tents in 0..=count {
        for last in [false, true] {
            transitions.push((state(tents, last), 0, state(tents, false)));
            if tents < count && !last {
                transitions.push((state(tents, last), 1, state(tents + 1, true)));
            }
        }
    }
    let accepting = vec![state(count, false), state(count, true)];
    Automaton::new(state(count + 1, false), 0, accepting, transitions)
}

/// The automaton of two neighbouring lines read across, one square of each
/// in turn (`a1 b1 a2 b2 …`): `first` tents in the first line and `second`
/// in the other, and no two touching, that is at most one tent in each pair
/// and none in two pairs one after the other. States: (tents of each line
/// so far, whether the last pair had a tent, and where in the pair the
/// reading is: at its start, after a 0, or after a 1).
fn band_automaton(first: usize, second: usize) -> Result<Automaton, sieve::Error> {
    const START: usize = 0;
    const AFTER_GRASS: usize = 1;
    const AFTER_TENT: usize = 2;
    let state = |a: usize, b: usize, last: bool, phase: usize| {
        ((a * (second + 1) + b) * 2 + usize::from(last)) * 3 + phase
    };
    let mut transitions = Vec::new();
    for a in 0..=first {
        for b in 0..=second {
            for last in [false, true] {
                let start = state(a, b, last, START);
                transitions.push((start, 0, state(a, b, last, AFTER_GRASS)));
                if a < first && !last {
                    transitions.push((start, 1, state(a + 1, b, last, AFTER_TENT)));
                }
                let grass = state(a, b, last, AFTER_GRASS);
                transitions.push((grass, 0, state(a, b, false, START)));
                if b < second && !last {
                    transitions.push((grass, 1, state(a, b + 1, true, START)));
                }
                // A tent in the first line: the other square of the pair touches it.
                let tent = state(a, b, last, AFTER_TENT);
                transitions.push((tent, 0, state(a, b, true, START)));
            }
        }
    }
    let accepting = vec![
        state(first, second, false, START),
        state(first, second, true, START),
    ];
    let states = state(first, second, true, AFTER_TENT) + 1;
    Automaton::new(states, state(0, 0, false, START), accepting, transitions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_places_its_tents_apart() {
        let automaton = line_automaton(2).unwrap();
        assert!(automaton.accepts(&[1, 0, 1, 0, 0]));
        assert!(automaton.accepts(&[0, 0, 1, 0, 1]));
        assert!(!automaton.accepts(&[1, 1, 0, 0, 0]));
        assert!(!automaton.accepts(&[1, 0, 1, 0, 1]));
        assert!(!automaton.accepts(&[1, 0, 0, 0, 0]));
    }

    #[test]
    fn two_lines_keep_their_tents_apart() {
        // Pairs (first line, second line), read across.
        let automaton = band_automaton(1, 2).unwrap();
        assert!(automaton.accepts(&[1, 0, 0, 0, 0, 1, 0, 0, 0, 1]));
        // Two tents in one pair, or in pairs one after the other, touch.
        assert!(!automaton.accepts(&[1, 1, 0, 0, 0, 0, 0, 1, 0, 0]));
        assert!(!automaton.accepts(&[1, 0, 0, 1, 0, 0, 0, 1, 0, 0]));
        assert!(!automaton.accepts(&[0, 1, 1, 0, 0, 0, 0, 1, 0, 0]));
        // The counts.
        assert!(!automaton.accepts(&[1, 0, 0, 0, 0, 1, 0, 0, 0, 0]));
        assert!(!automaton.accepts(&[1, 0, 0, 0, 1, 0, 0, 0, 0, 1]));
    }

    /// The rows written out are those of testing every filling of the
    /// block against every direction, in the same order.
    #[test]
    fn a_trees_block_rows_match_brute_force() {
        let full: Vec<(isize, isize)> = (-1..=1)
            .flat_map(|r| (-1..=1).map(move |c| (r, c)))
            .filter(|&step| step != (0, 0))
            .collect();
        // A corner tree, and one with trees beside it above and to the right.
        let corner = vec![(0, 1), (1, 0), (1, 1)];
        let crowded: Vec<(isize, isize)> = (full.iter().copied())
            .filter(|&step| step != (-1, 0) && step != (0, 1))
            .collect();
        for ring in [full, corner, crowded] {
            let mut expected = Vec::new();
            for direction in 0..DIRECTIONS.len() as Value {
                let tent = DIRECTIONS[direction as usize];
                for filling in 0..1u32 << ring.len() {
                    let values: Vec<Value> = (0..ring.len())
                        .rev()
                        .map(|bit| (filling >> bit & 1) as Value)
                        .collect();
                    let fits = ring.contains(&tent)
                        && ring.iter().zip(&values).all(|(&(r, c), &value)| {
                            if (r, c) == tent {
                                value == 1
                            } else if (r - tent.0).abs() <= 1 && (c - tent.1).abs() <= 1 {
                                value == 0
                            } else {
                                true
                            }
                        });
                    if fits {
                        expected.push(direction);
                        expected.extend(values);
                    }
                }
            }
            assert_eq!(surrounding_tuples(&ring), expected, "ring {ring:?}");
        }
    }

    #[test]
    fn steps_stay_on_the_grid() {
        assert_eq!(step(4, 5, 0, (-1, 0)), None);
        assert_eq!(step(4, 5, 3, (0, 1)), None);
        assert_eq!(step(4, 5, 5, (1, 1)), Some(10));
        assert_eq!(step(4, 5, 19, (1, 0)), None);
    }
}
