//! The SUDOKU-80B game of the Sharp MZ-80B (a BASIC game for that 1980s home computer) as a plain state
//! machine: no terminal here, so that a front end draws it and tests drive it.
//!
//! A [`Game`] holds the puzzle, its solution, the player's entries and pencil
//! marks, a cursor, and the score (mistakes, hints, time). A front end turns
//! keys into [`Command`]s ([`Command::from_char`] knows the source's letters)
//! and draws each cell from [`Game::cell`].
//!
//! - **Check** (the source's CR): wrong entries are erased and counted as
//!   mistakes; a complete, correct grid wins.
//! - **Hint** (H): the correct value goes into the cursor's cell, locked, with
//!   the reason from [`crate::explain`] when logic reaches the cell, else the
//!   note that it was taken from the solution.
//! - **Reveal** (R): the solution is shown and the game ends.
//! - **Undo** reverts the last entry, clearing or pencil mark (not a check or
//!   a hint, which are final).
//! - **Timer**: the caller feeds the elapsed seconds with [`Game::tick`], so
//!   the game itself never reads a clock; it stops when the game ends.
//!
//! ```
//! use sieve_sudoku::Grid;
//! use sieve_sudoku::play::{Command, Game, Status};
//!
//! let puzzle: Grid =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let solution: Grid =
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179".parse()?;
//! let mut game = Game::new(puzzle, solution)?;
//! game.apply(Command::Right); // r1c3, empty
//! game.apply(Command::Right);
//! game.apply(Command::Put(0)); // a wrong 1 (the answer is 4)
//! game.apply(Command::Check);
//! assert_eq!(game.mistakes(), 1);
//! game.apply(Command::Hint);
//! assert_eq!(game.cell(2).value, Some(3));
//! game.apply(Command::Reveal);
//! assert_eq!(game.status(), Status::Revealed);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Difficulty
//! [`Level`] 1 (easy) to 8 (hard), as in the source, is mapped onto the
//! generation tiers (see [`Level::target`]); [`Method::Transform`] keeps the
//! source's own rule instead, hiding 8·L cells of a transformed stored grid.

use std::fmt;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::check::{Violation, check_solution};
use crate::explain::{ExplainError, Explainer, Step};
use crate::generate::transform::{self, Variety};
use crate::generate::{GenerateError, GeneratedPuzzle, Symmetry, TargetDifficulty, unique};
use crate::grid::Grid;
use crate::model::ModelError;
use crate::shape::{CellPos, Shape};
use crate::symbols;
use crate::tiers::Tier;

/// A player's action, independent of the keys that produce it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Command {
    /// Cursor one row up (the source's Q).
    Up,
    /// Cursor one row down (A).
    Down,
    /// Cursor one column left (O).
    Left,
    /// Cursor one column right (P).
    Right,
    /// Put a 0-based value at the cursor; in pencil-mark mode, toggle it as a mark.
    Put(u8),
    /// Clear the cursor's entry and marks (the source's 0).
    Clear,
    /// Check the grid (the source's CR).
    Check,
    /// Fill the correct value at the cursor and say why (H).
    Hint,
    /// Show the solution and end the game (R).
    Reveal,
    /// Revert the last entry, clearing or mark.
    Undo,
    /// Switch between entering values and pencil marks.
    ToggleMarks,
    /// Switch the highlighting of conflicts on or off.
    ToggleConflicts,
}

impl Command {
    /// The command of a character key, case-insensitive: `Q` `A` `O` `P` move
    /// (as on the MZ-80B), the grid's symbols put a value (`1`-`9` on 9×9),
    /// `0` clears, `H` hints, `R` reveals, `U` undoes, `M` toggles pencil
    /// marks and `C` conflict highlighting. Symbols win over letters, so on
    /// grids beyond 9×9 the letters that are symbols put values.
    pub fn from_char(key: char, size: usize) -> Option<Command> {
        if let Some(value) = symbols::value_of(key).filter(|&v| usize::from(v) < size) {
            return Some(Command::Put(value));
        }
        let command = match key.to_ascii_lowercase() {
            'q' => Command::Up,
            'a' => Command::Down,
            'o' => Command::Left,
            'p' => Command::Right,
            '0' => Command::Clear,
            'h' => Command::Hint,
            'r' => Command::Reveal,
            'u' => Command::Undo,
            'm' => Command::ToggleMarks,
            'c' => Command::ToggleConflicts,
            _ => return None,
        };
        Some(command)
    }
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Still being played.
    Playing,
    /// A check found the grid complete and correct.
    Won,
    /// The player asked for the solution.
    Revealed,
}

/// Who put a cell's value, so that a front end can draw each kind its own way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CellKind {
    /// A given of the puzzle: fixed.
    Given,
    /// Filled by a hint: correct and locked.
    Hinted,
    /// The player's entry (right or wrong until checked).
    Entry,
    /// Shown by the reveal, where the player had not got it right.
    Revealed,
    /// Empty (perhaps with pencil marks).
    Empty,
}

/// What a front end needs to draw one cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CellView {
    /// The value shown, 0-based.
    pub value: Option<u8>,
    /// Who put it.
    pub kind: CellKind,
    /// The pencil marks of an empty cell (bit `v` = value `v`).
    pub marks: u64,
    /// Its value repeats in its row, column or box (only while conflicts are
    /// highlighted).
    pub conflict: bool,
    /// It holds the same value as the cursor's cell.
    pub same_as_cursor: bool,
}

/// Why a game cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The solution does not solve the puzzle.
    #[error("the solution does not fit the puzzle: {0}")]
    Solution(#[from] Violation),
    /// The puzzle could not be generated.
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// The hint explainer could not be built.
    #[error(transparent)]
    Model(#[from] ModelError),
    /// A difficulty level outside 1 to 8.
    #[error("difficulty level {0} is outside 1 (easy) to 8 (hard)")]
    Level(u8),
}

/// The source's difficulty, 1 (easy) to 8 (hard).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

impl Level {
    /// A level from 1 to 8.
    pub fn new(level: u8) -> Result<Level, PlayError> {
        if (1..=8).contains(&level) {
            Ok(Level(level))
        } else {
            Err(PlayError::Level(level))
        }
    }

    /// The number, 1 to 8.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The generation target of the level, with the [`Method::Unique`] method
    /// (every puzzle has one solution and rates exactly at the target):
    ///
    /// | level | hardest rule needed      | clues                     |
    /// |-------|--------------------------|---------------------------|
    /// | 1     | naked single             | symmetric (180°), more    |
    /// | 2     | naked single             | minimal                   |
    /// | 3     | hidden single            | minimal                   |
    /// | 4     | locked candidates        | minimal                   |
    /// | 5     | subsets (pairs, triples) | minimal                   |
    /// | 6     | fish (X-wing, swordfish) | minimal                   |
    /// | 7     | guessing                 | symmetric (180°), more    |
    /// | 8     | guessing                 | minimal                   |
    pub fn target(self) -> (TargetDifficulty, Symmetry) {
        let tier = |tier| TargetDifficulty::Tier(tier);
        match self.0 {
            1 => (tier(Tier::NakedSingle), Symmetry::Rotate180),
            2 => (tier(Tier::NakedSingle), Symmetry::None),
            3 => (tier(Tier::HiddenSingle), Symmetry::None),
            4 => (tier(Tier::LockedCandidates), Symmetry::None),
            5 => (tier(Tier::Subsets), Symmetry::None),
            6 => (tier(Tier::Fish), Symmetry::None),
            7 => (TargetDifficulty::Guessing, Symmetry::Rotate180),
            _ => (TargetDifficulty::Guessing, Symmetry::None),
        }
    }
}

impl fmt::Display for Level {
    /// The number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// How a game's puzzle is generated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Method {
    /// The `unique` generator aiming at the level's tier ([`Level::target`]).
    #[default]
    Unique,
    /// The MZ-80B's own: a transformed stored grid with 8·L cells hidden
    /// (fast, but the puzzle may have several solutions; the game's answer is
    /// the stored grid's).
    Transform,
}

/// Generates a 9×9 puzzle of `level` with `method`, from `seed`.
pub fn generate(level: Level, method: Method, seed: u64) -> Result<GeneratedPuzzle, PlayError> {
    let puzzle = match method {
        Method::Unique => {
            let (target, symmetry) = level.target();
            let options = unique::UniqueOptions::new(Shape::classic())
                .symmetry(symmetry)
                .difficulty(target);
            unique::generate(&options, seed)?
        }
        Method::Transform => transform::generate_with_rng(
            level.number(),
            Variety::Extended,
            &mut ChaCha8Rng::seed_from_u64(seed),
        )?,
    };
    Ok(puzzle)
}

/// One cell's player state: entry and pencil marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct PlayerCell {
    entry: Option<u8>,
    marks: u64,
}

/// An undoable change: a cell and what it held before.
#[derive(Debug, Clone, Copy)]
struct Edit {
    cell: usize,
    before: PlayerCell,
}

/// A game in progress (or over): see the [module documentation](self).
pub struct Game {
    puzzle: Grid,
    solution: Grid,
    player: Vec<PlayerCell>,
    hinted: Vec<bool>,
    history: Vec<Edit>,
    cursor: usize,
    marking: bool,
    show_conflicts: bool,
    status: Status,
    mistakes: u32,
    checks: u32,
    hints: u32,
    elapsed: u64,
    message: String,
    explainer: Explainer,
}

impl Game {
    /// A game of `puzzle` whose answer is `solution` (checked against it).
    pub fn new(puzzle: Grid, solution: Grid) -> Result<Game, PlayError> {
        check_solution(&puzzle, &solution)?;
        let cells = puzzle.shape().cell_count();
        let explainer = Explainer::new(puzzle.shape())?;
        Ok(Game {
            puzzle,
            solution,
            player: vec![PlayerCell::default(); cells],
            hinted: vec![false; cells],
            history: Vec::new(),
            cursor: 0,
            marking: false,
            show_conflicts: true,
            status: Status::Playing,
            mistakes: 0,
            checks: 0,
            hints: 0,
            elapsed: 0,
            message: String::new(),
            explainer,
        })
    }

    /// A game of a generated puzzle.
    pub fn from_generated(generated: &GeneratedPuzzle) -> Result<Game, PlayError> {
        Game::new(generated.puzzle(), generated.solution().clone())
    }

    /// The box shape.
    pub fn shape(&self) -> Shape {
        self.puzzle.shape()
    }

    /// The puzzle's givens.
    pub fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    /// The solution.
    pub fn solution(&self) -> &Grid {
        &self.solution
    }

    /// The cursor's position.
    pub fn cursor(&self) -> CellPos {
        self.shape().position(self.cursor)
    }

    /// Where the game stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Whether digits toggle pencil marks instead of entering values.
    pub fn is_marking(&self) -> bool {
        self.marking
    }

    /// Whether conflicts are highlighted.
    pub fn shows_conflicts(&self) -> bool {
        self.show_conflicts
    }

    /// How many wrong entries checks have erased.
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// How many checks were made.
    pub fn checks(&self) -> u32 {
        self.checks
    }

    /// How many hints were taken.
    pub fn hints(&self) -> u32 {
        self.hints
    }

    /// The elapsed seconds, as last fed by [`tick`](Self::tick).
    pub fn elapsed(&self) -> u64 {
        self.elapsed
    }

    /// The message for the player about the last command ("" when none).
    pub fn message(&self) -> &str {
        &self.message
    }

    /// How many cells are still empty.
    pub fn empty_cells(&self) -> usize {
        (0..self.player.len())
            .filter(|&cell| self.value(cell).is_none())
            .count()
    }

    /// Feeds the elapsed seconds since the game started; ignored once it is over.
    pub fn tick(&mut self, elapsed_seconds: u64) {
        if self.status == Status::Playing {
            self.elapsed = elapsed_seconds;
        }
    }

    /// Moves the cursor to a cell (ignored outside the grid), for mouse clicks
    /// or tests.
    pub fn move_to(&mut self, row: usize, col: usize) {
        if row < self.shape().size() && col < self.shape().size() {
            self.cursor = self.shape().cell(row, col);
        }
    }

    /// Carries out one command; [`message`](Self::message) says what happened.
    pub fn apply(&mut self, command: Command) {
        self.message.clear();
        match command {
            Command::Up | Command::Down | Command::Left | Command::Right => self.step(command),
            Command::ToggleConflicts => self.show_conflicts = !self.show_conflicts,
            _ if self.status != Status::Playing => {
                self.message = "the game is over: Esc quits".to_string();
            }
            Command::Put(value) if self.marking => self.toggle_mark(value),
            Command::Put(value) => self.put(Some(value)),
            Command::Clear => self.put(None),
            Command::Check => self.check(),
            Command::Hint => self.hint(),
            Command::Reveal => self.reveal(),
            Command::Undo => self.undo(),
            Command::ToggleMarks => self.toggle_marking(),
        }
    }

    /// What to draw for a cell (in reading order).
    ///
    /// # Panics
    /// If `cell` is not below N².
    pub fn cell(&self, cell: usize) -> CellView {
        let value = self.value(cell);
        let kind = self.kind(cell);
        let cursor_value = self.value(self.cursor);
        CellView {
            value,
            kind,
            marks: if value.is_none() {
                self.player[cell].marks
            } else {
                0
            },
            conflict: self.show_conflicts && self.clashes(cell),
            same_as_cursor: cursor_value.is_some() && value == cursor_value,
        }
    }

    /// The value shown in a cell.
    fn value(&self, cell: usize) -> Option<u8> {
        if self.status == Status::Revealed || self.hinted[cell] {
            return self.solution.get(cell);
        }
        self.puzzle.get(cell).or(self.player[cell].entry)
    }

    fn kind(&self, cell: usize) -> CellKind {
        let entry = self.player[cell].entry;
        if self.puzzle.get(cell).is_some() {
            CellKind::Given
        } else if self.hinted[cell] {
            CellKind::Hinted
        } else if self.status == Status::Revealed && entry != self.solution.get(cell) {
            CellKind::Revealed
        } else if entry.is_some() {
            CellKind::Entry
        } else {
            CellKind::Empty
        }
    }

    /// Whether a cell's value repeats in its row, column or box.
    fn clashes(&self, cell: usize) -> bool {
        let Some(value) = self.value(cell) else {
            return false;
        };
        (self.shape().peers(cell).into_iter()).any(|peer| self.value(peer) == Some(value))
    }

    /// Whether the player may change a cell.
    fn is_locked(&self, cell: usize) -> bool {
        self.puzzle.get(cell).is_some() || self.hinted[cell]
    }

    fn label(&self, value: u8) -> String {
        symbols::label(self.shape().size(), value)
    }

    fn name(&self, cell: usize) -> String {
        self.shape().position(cell).to_string()
    }

    fn step(&mut self, command: Command) {
        let size = self.shape().size();
        let CellPos { row, col } = self.cursor();
        let (row, col) = match command {
            Command::Up => ((row + size - 1) % size, col),
            Command::Down => ((row + 1) % size, col),
            Command::Left => (row, (col + size - 1) % size),
            _ => (row, (col + 1) % size),
        };
        self.cursor = self.shape().cell(row, col);
    }

    /// Sets the cursor's cell (entry and marks), recording the edit.
    fn edit(&mut self, after: PlayerCell) {
        let cell = self.cursor;
        let before = self.player[cell];
        if before != after {
            self.history.push(Edit { cell, before });
            self.player[cell] = after;
        }
    }

    fn put(&mut self, value: Option<u8>) {
        if self.is_locked(self.cursor) {
            self.message = format!("{} is fixed", self.name(self.cursor));
            return;
        }
        if value.is_some_and(|v| usize::from(v) >= self.shape().size()) {
            return;
        }
        self.edit(PlayerCell {
            entry: value,
            marks: if value.is_some() {
                self.player[self.cursor].marks
            } else {
                0
            },
        });
        if self.empty_cells() == 0 {
            self.message = "the grid is full: Enter checks it".to_string();
        }
    }

    fn toggle_mark(&mut self, value: u8) {
        let cell = self.cursor;
        if self.is_locked(cell) || self.player[cell].entry.is_some() {
            self.message = format!("{} is not empty: no pencil marks", self.name(cell));
            return;
        }
        if usize::from(value) >= self.shape().size() {
            return;
        }
        let marks = self.player[cell].marks ^ (1 << value);
        self.edit(PlayerCell { entry: None, marks });
    }

    fn toggle_marking(&mut self) {
        self.marking = !self.marking;
        self.message = if self.marking {
            "pencil marks: digits toggle candidates (M for values)"
        } else {
            "values: digits enter values (M for pencil marks)"
        }
        .to_string();
    }

    fn undo(&mut self) {
        while let Some(edit) = self.history.pop() {
            if self.hinted[edit.cell] {
                continue;
            }
            self.player[edit.cell] = edit.before;
            self.cursor = edit.cell;
            self.message = format!("undone at {}", self.name(edit.cell));
            return;
        }
        self.message = "nothing to undo".to_string();
    }

    /// The source's CR: erase and count the wrong entries; a full correct grid wins.
    fn check(&mut self) {
        self.checks += 1;
        let mut erased = 0;
        for cell in 0..self.player.len() {
            let entry = self.player[cell].entry;
            if entry.is_some() && !self.is_locked(cell) && entry != self.solution.get(cell) {
                self.player[cell].entry = None;
                erased += 1;
            }
        }
        self.mistakes += erased;
        let empty = self.empty_cells();
        self.message = match (erased, empty) {
            (0, 0) => {
                self.status = Status::Won;
                format!(
                    "solved in {} with {} mistakes and {} hints!",
                    clock(self.elapsed),
                    self.mistakes,
                    self.hints
                )
            }
            (0, _) => format!("no mistakes so far; {empty} cells to go"),
            (1, _) => format!("1 wrong entry erased; {empty} cells to go"),
            (_, _) => format!("{erased} wrong entries erased; {empty} cells to go"),
        };
    }

    /// The source's H: the correct value at the cursor, and why.
    fn hint(&mut self) {
        let cell = self.cursor;
        if self.is_locked(cell) || self.player[cell].entry == self.solution.get(cell) {
            self.message = format!("{} is already right", self.name(cell));
            return;
        }
        let reason = match self.reason(cell) {
            Ok(Some(reason)) => reason,
            Ok(None) | Err(_) => {
                let value = self
                    .solution
                    .get(cell)
                    .map_or(String::new(), |v| self.label(v));
                format!(
                    "{} is {value}: taken from the solution (logic does not reach it without guessing)",
                    self.name(cell)
                )
            }
        };
        self.hinted[cell] = true;
        self.player[cell] = PlayerCell::default();
        self.hints += 1;
        self.message = reason;
    }

    /// The explanation of the first logical step that places `cell`, from the
    /// givens and the player's right entries, with the deduction it uses; the
    /// deductions it needs first that the player has not made come before it, in
    /// short (the first [`EARLIER_SHOWN`], then how many more). `None` when logic
    /// gets stuck first.
    fn reason(&self, cell: usize) -> Result<Option<String>, ExplainError> {
        let mut known = self.puzzle.clone();
        for other in 0..self.player.len() {
            if self.value(other) == self.solution.get(other) {
                known.set(other, self.value(other));
            }
        }
        let target = self.shape().position(cell);
        let mut state = self.explainer.start(&known)?;
        let mut earlier: Vec<String> = Vec::new();
        while let Some(step) = self.explainer.next_step(&state)? {
            if step.placements().iter().any(|&(place, _)| place == target) {
                return Ok(Some(with_earlier(&earlier, &step)));
            }
            earlier.push(self.in_short(&step));
            step.apply(&mut state);
        }
        Ok(None)
    }

    /// A deduction in a few words: its rule and what it places or removes
    /// (`hidden single box 7: r9c3 = 7`).
    fn in_short(&self, step: &Step) -> String {
        let placed = step.placements();
        let effect = if placed.is_empty() {
            let cells: Vec<String> = step.cells().iter().map(ToString::to_string).collect();
            format!("removes candidates from {}", cells.join(", "))
        } else {
            let cells: Vec<String> = (placed.iter())
                .map(|&(place, value)| format!("{place} = {}", self.label(value)))
                .collect();
            cells.join(", ")
        };
        format!("{}: {effect}", step.rule)
    }

    /// The source's R: the solution, and the end.
    fn reveal(&mut self) {
        self.status = Status::Revealed;
        let wrong = (0..self.player.len())
            .filter(|&cell| self.kind(cell) == CellKind::Revealed)
            .count();
        self.message = format!("the solution: {wrong} cells were still to find");
    }
}

/// How many of the deductions a hint needs first are named before it.
pub const EARLIER_SHOWN: usize = 3;

/// The hint's deduction (`[technique] sentence`), after the deductions it needs
/// first, the first [`EARLIER_SHOWN`] named.
fn with_earlier(earlier: &[String], step: &Step) -> String {
    let (shown, rest) = earlier.split_at(earlier.len().min(EARLIER_SHOWN));
    let mut first: Vec<String> = shown.iter().map(|text| format!("{text}; ")).collect();
    if !rest.is_empty() {
        first.push(format!("and {} more; ", rest.len()));
    }
    match earlier.len() {
        0 => step.to_string(),
        1 => format!(
            "first 1 deduction you have not made: {}then {step}",
            first.concat()
        ),
        count => format!(
            "first {count} deductions you have not made: {}then {step}",
            first.concat()
        ),
    }
}

/// Seconds as `m:ss` (or `h:mm:ss` from an hour).
pub fn clock(seconds: u64) -> String {
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}
