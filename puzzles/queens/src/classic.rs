//! Constraint.Queen exactly: the source's rules as engine rules, run by the
//! engine's repair loop, with the state memory written in the source's text.
//!
//! For each queen k = 2..N in order (the *slave*), two rules against the
//! queens to its left (its *masters*): not on the same row, then not on the
//! same diagonal. Each rule is a [`sieve::Rule`]:
//!
//! - **condition**: [`Rule::holds`]: the slave shares no row (diagonal) with a
//!   master;
//! - **action**: [`Rule::repair`]: move the slave one row up, row N wrapping
//!   to 1;
//! - **reaction**: [`Rule::reaction`]: move queen k − 1 one row up instead
//!   (a [`Reaction::Move`]), used when the action's board is already in the
//!   state memory.
//!
//! [`sieve::Repair`] over [`sieve::ModelRepair`] scans the rules in order and
//! restarts the scan after every step, exactly as the source's `QueSolve`
//! does. Its log is turned into the source's memory text by
//! [`memory_from_log`]: an accepted action writes its board with
//! `A<queen>:<row>`; a refused one writes the refused board with
//! `R<queen>:<row>`, and the reaction's board is not written.
//!
//! The rules also propagate (a master's row is removed from the slave, and
//! back), so the same model can be searched; see the tests.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sieve::prelude::*;
use sieve::{
    ModelRepair, Repair, RepairConfig, RepairEnd, RepairProblem, StepKind as EngineStepKind,
};

use crate::board::Board;
use crate::classic_log::{Step, StepKind, format_memory};
use crate::error::{QueensError, check_size};
use crate::validate::check_solution;

/// The largest N the classic walk takes (one word per domain).
pub const MAX_CLASSIC_SIZE: usize = 64;

/// The default step limit of one walk; N = 8 needs a few thousand at most.
pub const DEFAULT_CLASSIC_STEPS: u64 = 10_000_000;

/// Which line a classic rule keeps free.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// Not on the same row as a master.
    Row,
    /// Not on the same diagonal as a master.
    Diagonal,
}

/// One Constraint.Queen triple: queen `slave` (0-based column) shares no
/// `line` with the queens to its left.
pub struct SlaveQueen {
    slave: usize,
    line: Line,
    size: u32,
    name: String,
}

impl SlaveQueen {
    /// The rule for 0-based column `slave` ≥ 1 of a board of `size` columns.
    pub fn new(slave: usize, line: Line, size: u32) -> Self {
        let what = match line {
            Line::Row => "row",
            Line::Diagonal => "diagonal",
        };
        SlaveQueen {
            slave,
            line,
            size,
            name: format!(
                "queen {} not on a {what} with queens 1..{}",
                slave + 1,
                slave
            ),
        }
    }

    /// The rows (0-based) of a column `distance` away that a queen on `row`
    /// attacks along this rule's line.
    fn attacked(&self, row: Value, distance: u32) -> [Option<Value>; 2] {
        let distance = distance as Value;
        match self.line {
            Line::Row => [Some(row), None],
            Line::Diagonal => [
                Some(row + distance).filter(|&up| up < self.size as Value),
                Some(row - distance).filter(|&down| down >= 0),
            ],
        }
    }

    /// Whether queens on `master_row` and `slave_row`, `distance` columns
    /// apart, share this rule's line.
    fn conflict(&self, master_row: Value, slave_row: Value, distance: u32) -> bool {
        match self.line {
            Line::Row => master_row == slave_row,
            Line::Diagonal => master_row.abs_diff(slave_row) == distance,
        }
    }

    /// Queen `column` one row up, row N wrapping to row 1.
    fn up(&self, values: &[Value], column: usize) -> Move {
        Move::set(
            VarId::from_index(column),
            (values[column] + 1) % self.size as Value,
        )
    }

    /// Remove from `to` the rows a queen fixed in `from` attacks.
    fn clear(
        &self,
        ctx: &mut Context<'_>,
        from: usize,
        to: usize,
        distance: u32,
    ) -> Result<(), Conflict> {
        let from_var = VarId::from_index(from);
        let Some(row) = ctx.domains().value(from_var) else {
            return Ok(());
        };
        let facts = [Fact::Is(from_var, row)];
        let why = Why::new("queens attack").because(&facts);
        for attacked in self.attacked(row, distance).into_iter().flatten() {
            ctx.remove(VarId::from_index(to), attacked, &why)?;
        }
        Ok(())
    }
}

impl Rule for SlaveQueen {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        (0..=self.slave)
            .map(|column| Watch::new(VarId::from_index(column), Events::ASSIGNED))
            .collect()
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        for master in 0..self.slave {
            let distance = (self.slave - master) as u32;
            self.clear(ctx, master, self.slave, distance)?;
            self.clear(ctx, self.slave, master, distance)?;
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let slave_row = values[self.slave];
        (0..self.slave)
            .all(|master| !self.conflict(values[master], slave_row, (self.slave - master) as u32))
    }

    fn repair(&self, values: &[Value]) -> Option<Move> {
        Some(self.up(values, self.slave))
    }

    fn reaction(&self, values: &[Value]) -> Reaction {
        Reaction::Move(self.up(values, self.slave - 1))
    }
}

/// The Constraint.Queen model: N variables of N rows, and for k = 2..N the
/// row rule then the diagonal rule of queen k, in the source's order.
pub fn classic_model(size: usize) -> Result<Model, QueensError> {
    check_size(size, MAX_CLASSIC_SIZE, "the classic walk")?;
    let mut model = Model::new();
    let columns = model.new_vars(size, size as u32);
    for (index, &column) in columns.iter().enumerate() {
        model.set_name(column, format!("queen {}", index + 1));
    }
    for slave in 1..size {
        for line in [Line::Row, Line::Diagonal] {
            model.add_rule(SlaveQueen::new(slave, line, size as u32))?;
        }
    }
    Ok(model)
}

/// Limits of one classic walk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassicOptions {
    /// Stop after this many steps (actions and refusals).
    pub max_steps: u64,
    /// Keep the state memory text (off when only the final board matters).
    pub keep_log: bool,
    /// Stop after this much time, whatever the steps.
    pub time_limit: Option<std::time::Duration>,
}

impl Default for ClassicOptions {
    fn default() -> Self {
        ClassicOptions {
            max_steps: DEFAULT_CLASSIC_STEPS,
            keep_log: true,
            time_limit: None,
        }
    }
}

/// How a classic walk ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassicEnd {
    /// Every rule holds: the final board is a solution.
    Solved,
    /// The step limit was hit.
    StepLimit,
    /// The walk came back to a state with nothing new in memory, so it would
    /// go round forever (N = 2 and 3, which have no solution).
    Cycle {
        /// The length of the cycle in steps.
        steps: u64,
    },
    /// A violated rule had no move. The classic rules always have one, so
    /// this only ends walks over rules changed by hand.
    Stuck {
        /// The rule's name.
        rule: String,
    },
}

/// The result of one classic walk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassicRun {
    /// The start board.
    pub start: Board,
    /// The board where the walk stopped (a solution when solved).
    pub board: Board,
    /// How the walk ended.
    pub end: ClassicEnd,
    /// Steps taken: actions applied plus actions refused. After a
    /// [`ClassicEnd::Cycle`] the engine reports only the cycle, so this counts
    /// the memory's steps, and is 0 when the memory was not kept.
    pub steps: u64,
    /// Actions refused because their board was already in memory (0 after a
    /// cycle when the memory was not kept).
    pub refused: u64,
    /// The state memory, one entry per step after `INIT` (empty when the
    /// log was not kept).
    pub memory: Vec<Step>,
}

impl ClassicRun {
    /// Whether the walk reached a solution.
    pub fn solved(&self) -> bool {
        self.end == ClassicEnd::Solved
    }

    /// The state memory in the source's text (`11111111INIT|12111111A2:2|...`).
    pub fn memory_text(&self) -> String {
        format_memory(&self.memory)
    }

    /// How many entries the source's memory holds: `INIT` plus one per step.
    /// The source sizes its traces by this.
    pub fn entries(&self) -> u64 {
        self.steps + 1
    }
}

/// A reusable Constraint.Queen solver for one N: the model is built once.
pub struct Classic {
    model: Model,
    size: usize,
}

impl Classic {
    /// The solver for N queens (1 ≤ N ≤ [`MAX_CLASSIC_SIZE`]).
    pub fn new(size: usize) -> Result<Self, QueensError> {
        Ok(Classic {
            model: classic_model(size)?,
            size,
        })
    }

    /// N.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The engine model of the rules.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Walks from `start` with the default limits, keeping the memory.
    pub fn solve(&self, start: &Board) -> Result<ClassicRun, QueensError> {
        self.solve_with(start, &ClassicOptions::default())
    }

    /// Walks from `start`. A solved board is checked by the independent
    /// [`check_solution`] before it is returned.
    pub fn solve_with(
        &self,
        start: &Board,
        options: &ClassicOptions,
    ) -> Result<ClassicRun, QueensError> {
        if start.size() != self.size {
            return Err(QueensError::StartSize {
                expected: self.size,
                found: start.size(),
            });
        }
        let values: Vec<Value> = start.rows.iter().map(|&row| row as Value - 1).collect();
        let problem = ModelRepair::new(&self.model, values)?;
        let config = RepairConfig {
            max_steps: Some(options.max_steps),
            time_limit: options.time_limit,
            keep_log: options.keep_log,
        };
        let mut repair = Repair::new(problem, config);
        let (end, steps, refused) = match repair.run() {
            Ok(report) => {
                let end = match report.end {
                    RepairEnd::Solved => ClassicEnd::Solved,
                    // No time limit is set: only the step limit stops a walk.
                    RepairEnd::StepLimit | RepairEnd::TimeLimit => ClassicEnd::StepLimit,
                    RepairEnd::Stuck { rule } => ClassicEnd::Stuck { rule },
                };
                (end, report.steps, report.refused)
            }
            Err(sieve::Error::RepairCycle { steps, .. }) => {
                let log_steps = repair.memory().log().len().saturating_sub(1) as u64;
                (ClassicEnd::Cycle { steps }, log_steps, 0)
            }
            Err(other) => return Err(other.into()),
        };
        let memory = if options.keep_log {
            memory_from_log(start, repair.memory().log())?
        } else {
            Vec::new()
        };
        let board = board_of(repair.problem().values());
        if end == ClassicEnd::Solved {
            check_solution(&board)?;
        }
        Ok(ClassicRun {
            start: start.clone(),
            board,
            end,
            steps,
            refused: if options.keep_log {
                count_refused(&memory)
            } else {
                refused
            },
            memory,
        })
    }
}

/// The board of 0-based values.
fn board_of(values: &[Value]) -> Board {
    Board {
        rows: values.iter().map(|&value| value as u32 + 1).collect(),
    }
}

fn count_refused(memory: &[Step]) -> u64 {
    memory
        .iter()
        .filter(|step| matches!(step.kind, StepKind::Refused { .. }))
        .count() as u64
}

/// Writes the engine's repair log as the source's state memory, replaying
/// the moves from `start`.
///
/// An accepted action writes the new board with `A<queen>:<row>`; a refused
/// action writes the board it would have made with `R<queen>:<row>`, then the
/// reaction is applied without writing its board. A [`Reaction::Backtrack`]
/// undoes the last accepted action, as the engine does. Every action must move
/// exactly one queen (the source's labels name one).
pub fn memory_from_log(start: &Board, log: &[sieve::Step]) -> Result<Vec<Step>, QueensError> {
    let mut rows = start.rows.clone();
    let mut undo: Vec<(usize, u32)> = Vec::new();
    let mut memory = Vec::with_capacity(log.len());
    for (index, step) in log.iter().enumerate() {
        let error = |reason| QueensError::Log {
            step: index,
            reason,
        };
        match (&step.kind, index) {
            (EngineStepKind::Init, 0) => memory.push(Step {
                board: start.clone(),
                kind: StepKind::Init,
            }),
            (EngineStepKind::Init, _) => return Err(error("INIT after the first step")),
            (_, 0) => return Err(error("the log does not open with INIT")),
            (EngineStepKind::Action, _) => {
                let (queen, row) = queen_move(&step.action, rows.len()).ok_or(error(
                    "an action must move exactly one queen to a row of the board",
                ))?;
                undo.push((queen, rows[queen]));
                rows[queen] = row;
                memory.push(entry(&rows, queen, false));
            }
            (EngineStepKind::Refused(reaction), _) => {
                let (queen, row) = queen_move(&step.action, rows.len()).ok_or(error(
                    "a refused action must move exactly one queen to a row of the board",
                ))?;
                let mut refused = rows.clone();
                refused[queen] = row;
                memory.push(entry(&refused, queen, true));
                match reaction {
                    Reaction::Move(mv) => {
                        for &(var, value) in &mv.changes {
                            let slot = rows
                                .get_mut(var.index())
                                .ok_or(error("a reaction moves a queen off the board"))?;
                            *slot = value as u32 + 1;
                        }
                    }
                    Reaction::Backtrack => {
                        let (queen, row) = undo
                            .pop()
                            .ok_or(error("a backtrack with no action to undo"))?;
                        rows[queen] = row;
                    }
                }
            }
        }
    }
    if memory.is_empty() {
        return Err(QueensError::Log {
            step: 0,
            reason: "the log is empty",
        });
    }
    Ok(memory)
}

/// The queen (0-based) and 1-based row of a one-queen move on N columns.
fn queen_move(mv: &Move, size: usize) -> Option<(usize, u32)> {
    match mv.changes.as_slice() {
        [(var, value)] if var.index() < size && (*value as usize) < size => {
            Some((var.index(), *value as u32 + 1))
        }
        _ => None,
    }
}

/// A memory entry for `rows`, labelled `A` (or `R` when `refused`) with
/// queen `queen`'s row.
fn entry(rows: &[u32], queen: usize, refused: bool) -> Step {
    let (queen, row) = (queen as u32 + 1, rows[queen]);
    Step {
        board: Board {
            rows: rows.to_vec(),
        },
        kind: if refused {
            StepKind::Refused { queen, row }
        } else {
            StepKind::Action { queen, row }
        },
    }
}

/// The random start drawn from `seed` (see [`random_start`]).
pub fn seeded_start(size: usize, seed: u64) -> Board {
    random_start(size, &mut ChaCha8Rng::seed_from_u64(seed))
}

/// A start with each queen on a random row, drawn as the source's `solRnd`
/// does: one draw in 1..=N per column, left to right.
pub fn random_start(size: usize, random: &mut ChaCha8Rng) -> Board {
    Board {
        rows: (0..size)
            .map(|_| random.random_range(1..=size as u32))
            .collect(),
    }
}
