//! A stronger sum rule for one line: distinct values with a fixed sum.
//!
//! The engine's [`LinearSum`](sieve::LinearSum) reasons on bounds only: a
//! candidate goes when it cannot fit between what the other cells can at
//! least and at most add. It knows nothing of the line's values being
//! different, and keeps every candidate between the bounds.
//! [`DistinctSum`] knows both: it keeps a candidate `v` of a cell only when
//! the other cells of the line can take values that are all different, all
//! different from `v`, and make up the rest of the sum — a *support* for `v`.
//! That is domain consistency on the line (every value left has a support),
//! with which a search over a magic square needs far fewer nodes.
//!
//! # How supports are found
//!
//! Decided cells (one candidate) are set aside first: their values leave the
//! other cells and their sum leaves the target. The undecided cells are
//! ordered by domain size; a depth-first walk gives the smaller ones every
//! combination of different values whose partial sum can still be completed
//! (bounds pruning), and settles the last two cells at once with bit
//! operations on their domains: the values `a` of one whose complement
//! `rest − a` is a candidate of the other form a mirrored, shifted copy of
//! that domain. Every combination that completes marks its values as
//! supported; the rest go.
//!
//! The walk has a step budget ([`DistinctSum::with_budget`]). When it runs
//! out, the action removes nothing. Keeping values is always sound, so a
//! budget only makes the rule weaker on lines too large to settle, never
//! wrong; lines of order-4 squares never come near it.
//!
//! The walk works on lines of at most 16 cells whose domains have at most
//! 64 values (one word, the engine's fast path: squares of order up to 8);
//! other lines fall back to bounds reasoning like `LinearSum`.

mod supports;

use sieve::{Conflict, Context, Cost, Domains, Events, Rule, Value, VarId, Watch, Why};
use smallvec::SmallVec;

use supports::{MAX_CELLS, Supports};

/// The default number of walk steps one action may spend finding supports.
pub const DEFAULT_BUDGET: u64 = 1 << 16;

/// Cells of one line hold pairwise different values summing to a target,
/// with domain-consistent pruning (see the [module docs](self)).
///
/// ```
/// use sieve::prelude::*;
/// use sieve_magic::DistinctSum;
///
/// // Three different digits 0..=9 summing to 3: only {0, 1, 2} will do.
/// let mut model = Model::new();
/// let digits = model.new_vars(3, 10);
/// model.add_rule(DistinctSum::new("three digits", digits.clone(), 3))?;
/// let mut state = model.domains();
/// propagate(&model, &mut state, Schedule::Queue, None)?;
/// assert!(digits.iter().all(|&digit| state.iter(digit).eq([0, 1, 2])));
/// # Ok::<(), sieve::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct DistinctSum {
    name: String,
    cells: Vec<VarId>,
    target: u64,
    budget: u64,
}

impl DistinctSum {
    /// The values of `cells` are pairwise different and sum to `target`
    /// (in the engine's raw values `0..size`).
    pub fn new(name: impl Into<String>, cells: Vec<VarId>, target: u64) -> Self {
        Self {
            name: name.into(),
            cells,
            target,
            budget: DEFAULT_BUDGET,
        }
    }

    /// The same rule with another step budget per action (at least 1).
    pub fn with_budget(mut self, budget: u64) -> Self {
        self.budget = budget.max(1);
        self
    }

    /// The cells of the line.
    pub fn cells(&self) -> &[VarId] {
        &self.cells
    }

    /// The sum the cells must reach, in raw values.
    pub fn target(&self) -> u64 {
        self.target
    }

    /// The line's values are pairwise different and sum to the target.
    fn line_holds(&self, line: &[Value]) -> bool {
        let sum: u64 = line.iter().map(|&value| u64::from(value)).sum();
        let different = line
            .iter()
            .enumerate()
            .all(|(index, value)| !line[index + 1..].contains(value));
        sum == self.target && different
    }

    /// Domain-consistent pruning when every domain fits in one word.
    fn prune_words(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let text = || {
            format!(
                "{}: no other value lets the line's cells be all different and reach its sum",
                self.name
            )
        };
        let why = Why::new("distinct sum").cause(&self.cells).text(&text);
        let length = self.cells.len();
        let mut domains = [0u64; MAX_CELLS];
        for (domain, &cell) in domains.iter_mut().zip(&self.cells) {
            *domain = ctx.domains().bits(cell);
        }
        let mut kept = [0u64; MAX_CELLS];
        let mut supports = Supports::new(
            &domains[..length],
            self.target,
            self.budget,
            &mut kept[..length],
        );
        if !supports.find() {
            return Err(ctx.conflict(&why));
        }
        for ((&cell, &keep), &domain) in self.cells.iter().zip(&kept).zip(&domains) {
            if keep != domain {
                ctx.keep_bits(cell, keep, &why)?;
            }
        }
        Ok(())
    }

    /// Bounds reasoning for domains wider than a word.
    fn prune_bounds(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let text = || format!("bounds of the sum {}", self.name);
        let why = Why::new("sum bounds").cause(&self.cells).text(&text);
        let target = i128::from(self.target);
        loop {
            let mut low_total = 0i128;
            let mut high_total = 0i128;
            for &cell in &self.cells {
                let (low, high) = bounds(ctx.domains(), cell).ok_or_else(|| ctx.conflict(&why))?;
                low_total += i128::from(low);
                high_total += i128::from(high);
            }
            if low_total > target || high_total < target {
                return Err(ctx.conflict(&why));
            }
            let mut changed = false;
            for &cell in &self.cells {
                let (low, high) = bounds(ctx.domains(), cell).ok_or_else(|| ctx.conflict(&why))?;
                let most = clamp_value(target - (low_total - i128::from(low)));
                let least = clamp_value(target - (high_total - i128::from(high)));
                changed |= ctx.remove_above(cell, most, &why)?;
                changed |= ctx.remove_below(cell, least, &why)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }
}

/// The smallest and largest candidate of a cell.
fn bounds(domains: &Domains, cell: VarId) -> Option<(Value, Value)> {
    Some((domains.min(cell)?, domains.max(cell)?))
}

/// A sum bound as a value, clamped to the values a domain can hold.
fn clamp_value(bound: i128) -> Value {
    bound.clamp(0, i128::from(Value::MAX)) as Value
}

impl DistinctSum {
    /// Whether every cell is decided and the line holds.
    fn decided_line_holds(&self, domains: &Domains) -> bool {
        let mut line: SmallVec<[Value; 16]> = SmallVec::new();
        for &cell in &self.cells {
            match domains.value(cell) {
                Some(value) => line.push(value),
                None => return false,
            }
        }
        self.line_holds(&line)
    }
}

impl Rule for DistinctSum {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        self.cells
            .iter()
            .map(|&cell| Watch::new(cell, Events::REMOVED))
            .collect()
    }

    fn cost(&self) -> Cost {
        Cost::Expensive
    }

    fn idempotent(&self) -> bool {
        // Every value of a support is kept, so a second run finds the same
        // supports (when the budget ran out the first run removed nothing,
        // and skipping a second try is still sound).
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if ctx.domains().is_single_word() && self.cells.len() <= MAX_CELLS {
            self.prune_words(ctx)?;
        } else {
            self.prune_bounds(ctx)?;
        }
        // Every cell decided and the line holds: nothing left can break it.
        if self.decided_line_holds(ctx.domains()) {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let line: SmallVec<[Value; 16]> =
            self.cells.iter().map(|cell| values[cell.index()]).collect();
        self.line_holds(&line)
    }
}
