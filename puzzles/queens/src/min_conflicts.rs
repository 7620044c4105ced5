//! Repair at scale: a min-conflicts walk for millions of queens, run by the
//! engine's repair loop and state memory.
//!
//! The board is kept a permutation (one queen per row as well as per column),
//! so only diagonals can conflict. [`MinConflicts`] implements
//! [`RepairProblem`] with incremental bookkeeping, every check O(1):
//!
//! - **start**: a random permutation placed greedily (Sosić and Gu's idea):
//!   column by column, a random remaining row is taken when both its
//!   diagonals are still free, trying a few times before accepting a
//!   conflict. This leaves few queens attacked;
//! - **condition**: "queen c is attacked" for the queens on the *suspects*
//!   stack (every attacked queen is on it; see [`MinConflicts`]);
//! - **action**: swap the attacked queen's row with another queen's: the
//!   first of a few random partners that lowers the number of collisions, or
//!   else the best of them (a sideways or uphill step);
//! - **reaction**, when the swap's board is already in the state memory: a
//!   random different swap.
//!
//! The walk is random (seeded, [`ChaCha8Rng`]), so the engine does not check
//! it for cycles; the state memory keeps fingerprints only (`keep_log: false`).
//! Every result is checked by the independent [`check_solution`].

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sieve::{Move, Reaction, Repair, RepairConfig, RepairEnd, RepairProblem, RuleId, Value, VarId};

use crate::board::Board;
use crate::error::{QueensError, check_size};
use crate::validate::check_solution;

/// The largest N the walk takes (rows and diagonals are indexed by `u32`).
pub const MAX_REPAIR_SIZE: usize = 100_000_000;

/// How many random rows the greedy start tries for a column before it
/// accepts a conflict.
const PLACEMENT_TRIES: u32 = 64;

/// How many random partners an action tries for a swap that lowers the
/// number of collisions; failing that it takes the best one tried.
const SWAP_TRIES: u32 = 64;

/// A permutation board with counts of queens on every diagonal.
///
/// Invariant of the suspects stack: every diagonal holding two or more queens
/// holds at least one queen that is on the stack. It holds after the start (all
/// attacked queens are pushed), a queen is popped only when it is alone on both
/// its diagonals, and every queen a move puts on an occupied diagonal is pushed.
/// So an empty stack means a solution.
pub struct MinConflicts {
    rows: Vec<Value>,
    /// Queens on each diagonal `row - column + N - 1`.
    diagonals: Vec<u32>,
    /// Queens on each anti-diagonal `row + column`.
    anti_diagonals: Vec<u32>,
    suspects: Vec<u32>,
    random: ChaCha8Rng,
    /// The last swap proposed (attacked queen, partner), so that the reaction
    /// can pick another partner.
    proposed: Option<(usize, usize)>,
}

impl MinConflicts {
    /// The greedy random start for N queens, drawn from `seed`.
    pub fn new(size: usize, seed: u64) -> Result<Self, QueensError> {
        check_size(size, MAX_REPAIR_SIZE, "the min-conflicts walk")?;
        let mut walk = MinConflicts {
            rows: (0..size as Value).collect(),
            diagonals: vec![0; 2 * size - 1],
            anti_diagonals: vec![0; 2 * size - 1],
            suspects: Vec::new(),
            random: ChaCha8Rng::seed_from_u64(seed),
            proposed: None,
        };
        walk.place_greedily();
        walk.suspects = (0..size as u32)
            .filter(|&column| walk.attacked(column as usize))
            .collect();
        Ok(walk)
    }

    /// N.
    pub fn size(&self) -> usize {
        self.rows.len()
    }

    fn place_greedily(&mut self) {
        let size = self.rows.len();
        for column in 0..size {
            let mut choice = column;
            for _ in 0..PLACEMENT_TRIES {
                choice = self.random.random_range(column..size);
                if self.free(column, self.rows[choice]) {
                    break;
                }
            }
            self.rows.swap(column, choice);
            self.add(column);
        }
    }

    #[inline]
    fn diagonal(&self, column: usize, row: Value) -> usize {
        row as usize + self.rows.len() - 1 - column
    }

    #[inline]
    fn anti_diagonal(column: usize, row: Value) -> usize {
        row as usize + column
    }

    /// Whether both diagonals through (`column`, `row`) are empty.
    #[inline]
    fn free(&self, column: usize, row: Value) -> bool {
        self.diagonals[self.diagonal(column, row)] == 0
            && self.anti_diagonals[Self::anti_diagonal(column, row)] == 0
    }

    /// Whether the queen of `column` shares a diagonal with another queen.
    #[inline]
    fn attacked(&self, column: usize) -> bool {
        let row = self.rows[column];
        self.diagonals[self.diagonal(column, row)] > 1
            || self.anti_diagonals[Self::anti_diagonal(column, row)] > 1
    }

    /// Counts the queen of `column` on its diagonals; returns the collisions
    /// it adds (one per diagonal that was already occupied).
    #[inline]
    fn add(&mut self, column: usize) -> i64 {
        let row = self.rows[column];
        let diagonal = self.diagonal(column, row);
        let anti = Self::anti_diagonal(column, row);
        let added =
            i64::from(self.diagonals[diagonal] > 0) + i64::from(self.anti_diagonals[anti] > 0);
        self.diagonals[diagonal] += 1;
        self.anti_diagonals[anti] += 1;
        added
    }

    /// Uncounts the queen of `column`; returns the collisions it removes.
    #[inline]
    fn remove(&mut self, column: usize) -> i64 {
        let row = self.rows[column];
        let diagonal = self.diagonal(column, row);
        let anti = Self::anti_diagonal(column, row);
        self.diagonals[diagonal] -= 1;
        self.anti_diagonals[anti] -= 1;
        i64::from(self.diagonals[diagonal] > 0) + i64::from(self.anti_diagonals[anti] > 0)
    }

    /// Exchanges the rows of two columns, keeping the counts; returns the
    /// change in collisions.
    fn swap_rows(&mut self, a: usize, b: usize) -> i64 {
        let removed = self.remove(a) + self.remove(b);
        self.rows.swap(a, b);
        let added = self.add(a) + self.add(b);
        added - removed
    }

    /// The change in collisions that swapping `a` and `b` would make.
    fn swap_delta(&mut self, a: usize, b: usize) -> i64 {
        let delta = self.swap_rows(a, b);
        self.swap_rows(a, b);
        delta
    }

    /// The total number of collisions: for each diagonal, its queens beyond
    /// the first. Zero exactly for a solution.
    pub fn collisions(&self) -> u64 {
        self.diagonals
            .iter()
            .chain(&self.anti_diagonals)
            .map(|&count| u64::from(count.saturating_sub(1)))
            .sum()
    }

    /// A random column other than `column` (and than `avoid` when there is a
    /// third column to take).
    fn random_partner(&mut self, column: usize, avoid: Option<usize>) -> usize {
        let size = self.rows.len();
        if size < 2 {
            return column;
        }
        let excluded = if size > 2 { avoid } else { None };
        loop {
            let partner = self.random.random_range(0..size);
            if partner != column && Some(partner) != excluded {
                return partner;
            }
        }
    }

    /// The board (1-based rows).
    pub fn board(&self) -> Board {
        Board {
            rows: self.rows.iter().map(|&row| row as u32 + 1).collect(),
        }
    }
}

impl RepairProblem for MinConflicts {
    fn values(&self) -> &[Value] {
        &self.rows
    }

    fn first_violated(&mut self) -> Option<RuleId> {
        while let Some(&column) = self.suspects.last() {
            if self.attacked(column as usize) {
                return Some(RuleId::from_index(column as usize));
            }
            self.suspects.pop();
        }
        None
    }

    fn corrective_move(&mut self, rule: RuleId) -> Option<Move> {
        let column = rule.index();
        let mut best: Option<(i64, usize)> = None;
        for _ in 0..SWAP_TRIES {
            let candidate = self.random_partner(column, None);
            let delta = self.swap_delta(column, candidate);
            if best.is_none_or(|(lowest, _)| delta < lowest) {
                best = Some((delta, candidate));
                if delta < 0 {
                    break;
                }
            }
        }
        let partner = best.map_or(column, |(_, partner)| partner);
        self.proposed = Some((column, partner));
        Some(swap_move(&self.rows, column, partner))
    }

    fn reaction(&mut self, rule: RuleId) -> Reaction {
        let column = rule.index();
        let avoid = self
            .proposed
            .filter(|&(proposed, _)| proposed == column)
            .map(|(_, partner)| partner);
        let partner = self.random_partner(column, avoid);
        Reaction::Move(swap_move(&self.rows, column, partner))
    }

    fn apply(&mut self, mv: &Move) {
        for &(var, _) in &mv.changes {
            self.remove(var.index());
        }
        for &(var, value) in &mv.changes {
            self.rows[var.index()] = value;
        }
        for &(var, _) in &mv.changes {
            self.add(var.index());
        }
        for &(var, _) in &mv.changes {
            if self.attacked(var.index()) {
                self.suspects.push(var.index() as u32);
            }
        }
    }

    fn rule_name(&self, rule: RuleId) -> String {
        format!("queen {} is not attacked", rule.index() + 1)
    }

    fn is_deterministic(&self) -> bool {
        false
    }
}

/// The move that exchanges the rows of two columns.
fn swap_move(rows: &[Value], a: usize, b: usize) -> Move {
    Move::swap(rows, VarId::from_index(a), VarId::from_index(b))
}

/// Limits and seed of a min-conflicts run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepairOptions {
    /// The seed of the start and of every random choice.
    pub seed: u64,
    /// Stop after this many steps (`None`: [`default_max_steps`]).
    pub max_steps: Option<u64>,
    /// Stop after this much time.
    pub time_limit: Option<Duration>,
}

impl Default for RepairOptions {
    fn default() -> Self {
        RepairOptions {
            seed: 1,
            max_steps: None,
            time_limit: None,
        }
    }
}

/// The default step limit for N queens: far above what a solvable N needs,
/// so that N = 2 and 3 (no solution) end.
pub fn default_max_steps(size: usize) -> u64 {
    100_000 + 10 * size as u64
}

/// The result of a min-conflicts run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepairRun {
    /// The board where the walk stopped: a solution, checked by
    /// [`check_solution`], when `end` is [`RepairEnd::Solved`].
    pub board: Board,
    /// How the walk ended.
    pub end: RepairEnd,
    /// Collisions left by the greedy start.
    pub start_collisions: u64,
    /// Repair steps taken (actions applied plus actions refused).
    pub steps: u64,
    /// Actions refused because their board was in the state memory.
    pub refused: u64,
    /// Distinct states in the memory.
    pub states: usize,
    /// Time of the greedy start.
    pub start_time: Duration,
    /// Time of the repair loop.
    pub repair_time: Duration,
}

impl RepairRun {
    /// Whether the walk found a solution.
    pub fn solved(&self) -> bool {
        self.end == RepairEnd::Solved
    }
}

/// Places N queens by greedy start and min-conflicts repair in the engine's
/// repair loop. A solved board is checked by the independent
/// [`check_solution`] before it is returned.
pub fn solve_min_conflicts(size: usize, options: &RepairOptions) -> Result<RepairRun, QueensError> {
    let started = Instant::now();
    let problem = MinConflicts::new(size, options.seed)?;
    let start_collisions = problem.collisions();
    let start_time = started.elapsed();
    let config = RepairConfig {
        max_steps: Some(options.max_steps.unwrap_or_else(|| default_max_steps(size))),
        time_limit: options.time_limit,
        keep_log: false,
    };
    let repairing = Instant::now();
    let mut repair = Repair::new(problem, config);
    let report = repair.run()?;
    let repair_time = repairing.elapsed();
    let states = repair.memory().states();
    let board = repair.into_problem().board();
    if report.end == RepairEnd::Solved {
        check_solution(&board)?;
    }
    Ok(RepairRun {
        board,
        end: report.end,
        start_collisions,
        steps: report.steps,
        refused: report.refused,
        states,
        start_time,
        repair_time,
    })
}
