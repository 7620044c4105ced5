//! The propagation model: one variable per column, rows as values, searched
//! by the engine.
//!
//! One rule per column, [`ColumnAttacks`], written for speed: once its queen
//! is placed it clears that row and both diagonals from every other column
//! in one pass (one word operation per column), then declares itself entailed
//! (no row left can break it, so solutions below skip its check); until then it
//! sleeps.
//! The engine's [`Search`] does the rest: first solution, every solution,
//! counts (OEIS A000170) and, through the [`crate::symmetry`] module, counts
//! up to symmetry (A002562). Counting splits the tree below the search's first
//! decisions into subtrees ([`sieve::split`]) that threads, shards of a run on
//! many machines and checkpoints share; the count depends on none of them.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use rayon::prelude::*;
use sieve::fast::{WordChanges, Words};
use sieve::prelude::*;
use sieve::split::{SplitError, Subtrees};

use crate::board::Board;
use crate::error::{QueensError, check_size};
use crate::symmetry::canonical;

/// The largest N the search model takes. Every rule reads every column to
/// its left, so the model holds N²/2 watches.
pub const MAX_SEARCH_SIZE: usize = 256;

/// The row and diagonals of queen `column`: once it is placed, its action
/// clears them from every other column; its check ([`Rule::holds`]) is that
/// it attacks no queen to its left.
pub struct ColumnAttacks {
    column: usize,
    size: u32,
    name: String,
}

impl ColumnAttacks {
    /// The rule of 0-based `column` on a board of `size` columns.
    pub fn new(column: usize, size: u32) -> Self {
        ColumnAttacks {
            column,
            size,
            name: format!("queen {}'s row and diagonals", column + 1),
        }
    }

    /// The fast path when every column fits one word (N ≤ 64), given every
    /// column's rows as one word ([`Words::single_words`]: a scan of every
    /// column in one pass, measured 1.7× faster for counting 8 queens than
    /// removing the attacked rows value by value — `cargo bench -p sieve-bench
    /// --bench value_access`). A first pass without branches marks the columns
    /// that still hold an attacked row; only those are cleared, so the search's
    /// unpredictable data costs one loop exit instead of a guess per column.
    #[inline]
    fn clear_single_words(
        &self,
        ctx: &mut Context<'_>,
        row: Value,
        why: &Why<'_>,
    ) -> Option<Result<(), Conflict>> {
        let hits = {
            let (left, right) = ctx.domains().single_words()?.split_at(self.column);
            let (queen, own) = (1u64 << row, 1u64 << self.column);
            attacked_columns(queen, own, left.iter().rev().copied(), |place| place >> 1)
                | attacked_columns(queen, own, right[1..].iter().copied(), |place| place << 1)
        };
        let queen = 1u64 << row;
        let removals = sieve::fast::bits(hits).map(|other| {
            let distance = self.column.abs_diff(other as usize);
            (VarId::from_index(other as usize), attacked(queen, distance))
        });
        Some(ctx.remove_word_each(removals, why))
    }
}

/// The columns, walking outwards from the queen's (bit `own`) through
/// `columns` (each a set of rows), that hold a row the queen attacks, as a set
/// of column bits (`next` moves one column along: `>> 1` to the left, `<< 1`
/// to the right). The diagonals move one row a column, so every step is a
/// constant shift and no step branches.
#[inline]
fn attacked_columns(
    queen: u64,
    own: u64,
    columns: impl Iterator<Item = u64>,
    next: impl Fn(u64) -> u64,
) -> u64 {
    let (mut up, mut down, mut place, mut hits) = (queen, queen, own, 0u64);
    for word in columns {
        up <<= 1;
        down >>= 1;
        place = next(place);
        hits |= place & u64::from(word & (queen | up | down) != 0).wrapping_neg();
    }
    hits
}

/// The rows attacked by `queen` (a single bit) in a column `distance` away:
/// its own row and both diagonals. Bits beyond N may be set; they are never
/// candidates.
#[inline]
fn attacked(queen: u64, distance: usize) -> u64 {
    queen | queen << distance | queen >> distance
}

impl Rule for ColumnAttacks {
    fn name(&self) -> &str {
        &self.name
    }

    /// Woken when its own queen is placed; the columns to its left are read
    /// by [`Rule::holds`] but never wake it.
    fn watches(&self) -> Vec<Watch> {
        let mut watches = vec![Watch::new(VarId::from_index(self.column), Events::ASSIGNED)];
        watches
            .extend((0..self.column).map(|left| Watch::new(VarId::from_index(left), Events::NONE)));
        watches
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let own = VarId::from_index(self.column);
        let Some(row) = ctx.domains().value(own) else {
            return Ok(());
        };
        let facts = [Fact::Is(own, row)];
        let sentence = || {
            format!(
                "queen {} stands on row {}, so no other queen may share that row or a diagonal",
                self.column + 1,
                row + 1
            )
        };
        let why = Why::new("queen attack").because(&facts).text(&sentence);
        if let Some(cleared) = self.clear_single_words(ctx, row, &why) {
            cleared?;
        } else {
            for other in (0..self.size as usize).filter(|&other| other != self.column) {
                let var = VarId::from_index(other);
                let distance = other.abs_diff(self.column) as Value;
                ctx.remove(var, row, &why)?;
                ctx.remove(var, row + distance, &why)?;
                ctx.remove(var, row - distance, &why)?;
            }
        }
        // No row left anywhere is attacked by this queen: the rule holds for good.
        ctx.declare_entailed();
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        // Every pair is checked without an early exit: a solution (the
        // common case here) reads them all anyway, and the loop needs no branch.
        let row = values[self.column];
        if self.size <= 64 {
            // The same walk as the action's, over the left queens as rows.
            let left = values[..self.column]
                .iter()
                .rev()
                .map(|&other| 1u64 << other);
            return attacked_columns(1u64 << row, 1u64 << self.column, left, |place| place >> 1)
                == 0;
        }
        values[..self.column]
            .iter()
            .enumerate()
            .fold(true, |holds, (left, &other)| {
                holds & (other != row) & (other.abs_diff(row) as usize != self.column - left)
            })
    }
}

/// What a count found, with the search counters summed over every subtree.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CountReport {
    /// Solutions counted (only canonical ones when counting up to symmetry).
    pub solutions: u64,
    /// The engine's counters, summed over subtrees (`max_depth`: the deepest).
    pub counters: Counters,
    /// Set when a limit stopped some subtree: the count is a lower bound.
    pub stopped: Option<StopReason>,
    /// How many subtrees were searched (1 when not split).
    pub subtrees: usize,
}

/// The N-queens search model.
pub struct QueensModel {
    model: Model,
    size: usize,
}

impl QueensModel {
    /// The model for N queens (1 ≤ N ≤ [`MAX_SEARCH_SIZE`]).
    pub fn new(size: usize) -> Result<Self, QueensError> {
        check_size(size, MAX_SEARCH_SIZE, "the search model")?;
        let mut model = Model::new();
        let columns = model.new_vars(size, size as u32);
        for (column, &var) in columns.iter().enumerate() {
            model.set_name(var, format!("queen {}", column + 1));
            model.add_rule(ColumnAttacks::new(column, size as u32))?;
        }
        model.set_branch_order(middle_out(&columns))?;
        // Traces and explanations write rows as the boards do: from 1.
        model.set_value_labels((1..=size).map(|row| row.to_string()).collect());
        Ok(QueensModel { model, size })
    }

    /// N.
    pub fn size(&self) -> usize {
        self.size
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

    /// The board of a solution's values (0-based rows).
    pub fn board(&self, values: &[Value]) -> Board {
        Board {
            rows: values.iter().map(|&value| value as u32 + 1).collect(),
        }
    }

    /// The first solution in search order, with the search counters; the
    /// error is the limit that stopped the search first.
    pub fn first(&self, config: &Config) -> Result<(Option<Board>, Counters), StopReason> {
        let mut search = Search::new(&self.model, *config).expect("the model's own state");
        let found = search.next_values().map(|values| self.board(values));
        match (found, search.stop_reason()) {
            (None, Some(reason)) => Err(reason),
            (found, _) => Ok((found, search.counters())),
        }
    }

    /// Every solution, in search order, as boards.
    pub fn solutions(&self, config: &Config) -> impl Iterator<Item = Board> + '_ {
        Search::new(&self.model, *config)
            .expect("the model's own state")
            .map(|solution| self.board(&solution.values))
    }

    /// Counts every solution (OEIS A000170). With `threads` > 1 the tree is split
    /// into subtrees ([`QueensModel::subtrees`]) searched in parallel. A node or time limit in
    /// `config` bounds the whole count, so a limited count runs on one thread.
    pub fn count(&self, config: &Config, threads: usize) -> Result<CountReport, QueensError> {
        self.tally(config, threads, false)
    }

    /// Counts solutions up to the eight symmetries of the square (OEIS
    /// A002562): a solution counts when it is its class's canonical board.
    pub fn count_unique(
        &self,
        config: &Config,
        threads: usize,
    ) -> Result<CountReport, QueensError> {
        self.tally(config, threads, true)
    }

    fn tally(
        &self,
        config: &Config,
        threads: usize,
        unique: bool,
    ) -> Result<CountReport, QueensError> {
        let limited = config.node_limit.is_some() || config.time_limit.is_some();
        if threads <= 1 || limited {
            let mut search = Search::new(&self.model, *config).expect("the model's own state");
            let solutions = self.count_in(&mut search, unique);
            return Ok(CountReport {
                solutions,
                counters: search.counters(),
                stopped: search.stop_reason(),
                subtrees: 1,
            });
        }
        let subtrees = self.subtrees(config, THREAD_SUBTREES)?;
        let every: Vec<usize> = (0..subtrees.len()).collect();
        let options = PartOptions {
            threads,
            unique,
            cancel: None,
        };
        let parts = self.count_parts(&subtrees, &every, config, &options, &|_, _| {})?;
        Ok(parts.total())
    }

    /// The open subtrees below the search's first decisions, at least `at_least`
    /// of them (fewer only when the tree is smaller): the parts a count is split
    /// into, over threads, shards or checkpoints. The same model, orders and
    /// number always give the same subtrees in the same order.
    pub fn subtrees(&self, config: &Config, at_least: usize) -> Result<Subtrees, QueensError> {
        Subtrees::split(&self.model, self.model.domains(), config, at_least).map_err(|error| {
            match error {
                SplitError::Model(error) => QueensError::from(error),
                SplitError::Stopped(reason) => QueensError::Split(reason.to_string()),
            }
        })
    }

    /// Counts the subtrees numbered `indices` of `subtrees` (made by
    /// [`QueensModel::subtrees`] with the same config), on `options.threads`
    /// threads, calling `finished` with each subtree counted to its end. A node or
    /// time limit in `config` bounds the whole call (a node limit runs on one
    /// thread); a subtree stopped by a limit or by `options.cancel` is not
    /// finished, and its solutions so far count only towards the lower bound.
    pub fn count_parts(
        &self,
        subtrees: &Subtrees,
        indices: &[usize],
        config: &Config,
        options: &PartOptions,
        finished: &(dyn Fn(usize, &CountReport) + Sync),
    ) -> Result<Parts, QueensError> {
        let deadline = config.time_limit.map(|limit| Instant::now() + limit);
        let threads = if config.node_limit.is_some() {
            1
        } else {
            options.threads.max(1)
        };
        let budget = Budget {
            nodes: config.node_limit.map(AtomicU64::new),
            deadline,
            halted: OnceLock::new(),
        };
        let run = |&index: &usize| -> Result<Option<(usize, CountReport, bool)>, QueensError> {
            let Some(part_config) = budget.config_for(config) else {
                return Ok(None);
            };
            let state = subtrees
                .state(index)
                .ok_or_else(|| QueensError::Split(format!("there is no subtree {index}")))?;
            let mut search = Search::from_state(&self.model, state.clone(), part_config)?;
            if let Some(flag) = &options.cancel {
                search = search.cancel_on(flag.clone());
            }
            let report = CountReport {
                solutions: self.count_in(&mut search, options.unique),
                counters: search.counters(),
                stopped: search.stop_reason(),
                subtrees: 1,
            };
            budget.spend(&report);
            let done = report.stopped.is_none();
            if done {
                finished(index, &report);
            }
            Ok(Some((index, report, done)))
        };
        let results: Vec<_> = if threads <= 1 {
            indices.iter().map(run).collect::<Result<_, _>>()?
        } else {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|error| QueensError::Threads(error.to_string()))?;
            pool.install(|| indices.par_iter().map(run).collect::<Result<_, _>>())?
        };
        let mut parts = Parts::default();
        for (index, report, done) in results.into_iter().flatten() {
            if done {
                parts.finished.push((index, report));
            } else {
                parts.stopped = parts.stopped.or(report.stopped);
                parts.unfinished = merge(std::mem::take(&mut parts.unfinished), report);
            }
        }
        parts.stopped = parts.stopped.or(budget.halted.get().copied());
        Ok(parts)
    }

    /// Runs a search to its end, counting solutions (canonical ones only when
    /// `unique`).
    fn count_in(&self, search: &mut Search<'_, '_>, unique: bool) -> u64 {
        if !unique {
            return search.count_in_place(None).solutions;
        }
        let mut count = 0;
        while let Some(values) = search.next_values() {
            let board = self.board(values);
            if canonical(&board).is_ok_and(|class| class == board) {
                count += 1;
            }
        }
        count
    }
}

/// The columns from the middle outwards, left before right at equal distance:
/// the usual N-queens branching order, since a middle queen attacks the most
/// squares and so prunes the most. With fewest-values branching it breaks ties,
/// which are many near the root (N = 8: 647 nodes instead of 767 left to right).
fn middle_out(columns: &[VarId]) -> Vec<VarId> {
    let size = columns.len();
    let mut order = columns.to_vec();
    order.sort_by_key(|var| (2 * var.index() + 1).abs_diff(size));
    order
}

/// How many subtrees a count on several threads is split into: enough that
/// two threads stay busy to the end (the subtrees differ a lot in size).
const THREAD_SUBTREES: usize = 256;

/// How [`QueensModel::count_parts`] runs.
#[derive(Clone, Debug, Default)]
pub struct PartOptions {
    /// Worker threads (0 and 1: one).
    pub threads: usize,
    /// Count only canonical solutions (up to symmetry).
    pub unique: bool,
    /// Raised (by a signal handler) to stop every subtree at its next node.
    pub cancel: Option<Arc<AtomicBool>>,
}

/// What [`QueensModel::count_parts`] did.
#[derive(Clone, Debug, Default)]
pub struct Parts {
    /// Each subtree counted to its end, with its report, in index order.
    pub finished: Vec<(usize, CountReport)>,
    /// The solutions and counters of the subtrees a limit or the cancel flag stopped.
    pub unfinished: CountReport,
    /// Why some subtree was not finished, if one was not.
    pub stopped: Option<StopReason>,
}

impl Parts {
    /// The finished and unfinished subtrees summed: the exact count of the
    /// subtrees asked for when nothing stopped, a lower bound otherwise.
    pub fn total(&self) -> CountReport {
        let finished = self.finished.iter().map(|(_, report)| report.clone());
        let mut total = finished.fold(self.unfinished.clone(), merge);
        total.stopped = self.stopped;
        total
    }
}

/// The limits a call of [`QueensModel::count_parts`] shares between its subtrees.
struct Budget {
    /// Nodes left, when limited.
    nodes: Option<AtomicU64>,
    /// When the whole call must end.
    deadline: Option<Instant>,
    /// Set once a limit is spent or a subtree stopped: no further subtree starts.
    halted: OnceLock<StopReason>,
}

impl Budget {
    /// The config of the next subtree, with what is left of the limits; `None`
    /// once they are spent.
    fn config_for(&self, config: &Config) -> Option<Config> {
        if self.halted.get().is_some() {
            return None;
        }
        let mut part = *config;
        if let Some(nodes) = &self.nodes {
            let left = nodes.load(Ordering::Relaxed);
            if left == 0 {
                let _ = self.halted.set(StopReason::NodeLimit);
                return None;
            }
            part.node_limit = Some(left);
        }
        if let Some(deadline) = self.deadline {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                let _ = self.halted.set(StopReason::TimeLimit);
                return None;
            }
            part.time_limit = Some(left);
        }
        Some(part)
    }

    /// Takes a subtree's nodes from the budget.
    fn spend(&self, report: &CountReport) {
        if let Some(nodes) = &self.nodes {
            let used = report.counters.nodes;
            let _ = nodes.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                Some(left.saturating_sub(used))
            });
        }
        if let Some(reason) = report.stopped {
            let _ = self.halted.set(reason);
        }
    }
}

/// Sums two reports.
fn merge(total: CountReport, part: CountReport) -> CountReport {
    let (a, b) = (&total.counters, &part.counters);
    CountReport {
        solutions: total.solutions + part.solutions,
        counters: Counters {
            nodes: a.nodes + b.nodes,
            failures: a.failures + b.failures,
            backtracks: a.backtracks + b.backtracks,
            propagations: a.propagations + b.propagations,
            changes: a.changes + b.changes,
            solutions: a.solutions + b.solutions,
            max_depth: a.max_depth.max(b.max_depth),
        },
        stopped: total.stopped.or(part.stopped),
        subtrees: total.subtrees + part.subtrees,
    }
}
