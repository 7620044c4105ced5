//! A nonogram clue's rule ([`super::Automaton::runs`]) read a bit a cell: the
//! whole line is one word, and each run's possible starts are one word, so a
//! run costs a few masks and shifts per run of the clue rather than a walk
//! over positions × states. On Tatham's 100 nonograms of 30×30 a run costs
//! about 1,900 instructions so (removals aside), against 8,000 over the kept
//! layered graph, whose post also built the graph (12,000 a line).
//!
//! A sweep from the line's start finds, run after run, the cells where the run
//! can start with every run before it placed (its cells can be filled, the
//! cells beside it emptied, and a gap of cells that can be empty leads to it),
//! and the gap cells reachable after it; the same sweep over the line read
//! backwards gives where each run can start with every run after it placed. A
//! start both allow is on some whole arrangement; a cell can be filled when
//! such a start of some run covers it, and empty when both sweeps reach it in
//! the same gap. That is exactly the values some accepted word uses: the same
//! domain consistency as the layered graph, with nothing kept between runs.

use super::Regular;
use super::automaton::Runs;
use crate::domain::{Domains, Value, VarId, low_mask};
use crate::fast::bits;
use crate::propagation::{Conflict, Context, Posting};

/// The longest line read a bit a cell: the bit after the last cell stands for
/// the line's end.
const LONGEST: usize = 63;

/// A posted rule over [`super::Automaton::runs`] whose line fits a word.
#[derive(Clone, Debug)]
pub(super) struct RunsLine {
    /// The runs' lengths, in order.
    lengths: Vec<u32>,
    /// The value of bit 0 of a cell's candidates: the smaller of empty and filled.
    base: Value,
    /// Whether every cell's first value is `base` (its first word then holds
    /// its candidates as they are).
    aligned: bool,
    /// Bits of a cell's candidates, from `base` to the larger of empty and
    /// filled: values other than those two lie between them when more than 2.
    span: u32,
    /// The bits of empty and filled among a cell's candidates.
    empty_bit: u32,
    filled_bit: u32,
}

/// The cells of a line as words: those that can be filled, those that can be
/// empty, and those with some other value.
struct Cells {
    count: u32,
    fill: u64,
    empty: u64,
    other: u64,
}

/// What the arrangements of the runs allow: the cells some arrangement fills,
/// and those some arrangement leaves empty.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Allowed {
    pub(super) fill: u64,
    pub(super) empty: u64,
}

impl RunsLine {
    /// The rule of `runs` over `vars`, when the line fits a word and every
    /// cell's declared range lies between empty and filled.
    pub(super) fn new(runs: &Runs, vars: &[VarId], posting: &Posting<'_>) -> Option<RunsLine> {
        let base = runs.empty.min(runs.filled);
        let last = runs.empty.max(runs.filled);
        let span = u32::try_from(i64::from(last) - i64::from(base) + 1).ok()?;
        let inside = vars.iter().all(|&var| {
            let range = posting.range(var);
            *range.start() >= base && *range.end() <= last
        });
        if vars.is_empty() || vars.len() > LONGEST || span > 64 || !inside {
            return None;
        }
        Some(RunsLine {
            lengths: runs.clue.iter().map(|&length| length as u32).collect(),
            base,
            aligned: vars.iter().all(|&var| *posting.range(var).start() == base),
            span,
            empty_bit: (runs.empty - base) as u32,
            filled_bit: (runs.filled - base) as u32,
        })
    }

    /// `var`'s candidates as bits from the base.
    #[inline(always)]
    fn candidates(&self, domains: &Domains, var: VarId) -> u64 {
        if self.aligned {
            domains.words(var)[0] & low_mask(self.span)
        } else {
            domains.word_from(var, i64::from(self.base), 0) & low_mask(self.span)
        }
    }

    /// The line's cells as words.
    fn cells(&self, domains: &Domains, vars: &[VarId]) -> Cells {
        let both = 1 << self.empty_bit | 1 << self.filled_bit;
        let mut cells = Cells {
            count: vars.len() as u32,
            fill: 0,
            empty: 0,
            other: 0,
        };
        for (position, &var) in vars.iter().enumerate() {
            let candidates = self.candidates(domains, var);
            cells.fill |= (candidates >> self.filled_bit & 1) << position;
            cells.empty |= (candidates >> self.empty_bit & 1) << position;
            if self.span > 2 {
                cells.other |= u64::from(candidates & !both != 0) << position;
            }
        }
        cells
    }

    /// One run: remove the values no arrangement uses, from the last cell back
    /// (as the layered graph does), and declare the rule entailed once every
    /// cell is fixed (then the one word left is accepted).
    pub(super) fn run(&self, rule: &Regular, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let vars = rule.vars();
        let cells = self.cells(ctx.domains(), vars);
        let Some(allowed) = allowed(&self.lengths, cells.count, cells.fill, cells.empty) else {
            return Err(rule.conflict(ctx));
        };
        let mut unsupported =
            cells.fill & !allowed.fill | cells.empty & !allowed.empty | cells.other;
        while unsupported != 0 {
            let position = 63 - unsupported.leading_zeros();
            unsupported &= !(1 << position);
            let var = vars[position as usize];
            let kept = (allowed.fill >> position & 1) << self.filled_bit
                | (allowed.empty >> position & 1) << self.empty_bit;
            let candidates = self.candidates(ctx.domains(), var);
            for bit in bits(candidates & !kept) {
                rule.remove(ctx, var, self.base + bit as Value)?;
            }
        }
        if cells.fill & allowed.fill & cells.empty & allowed.empty == 0 {
            ctx.declare_entailed();
        }
        Ok(())
    }
}

/// The cells of `mask` reached from a cell of `seeds` (all in `mask`) through
/// cells of `mask` only, going up: adding the seeds carries through each
/// stretch of `mask` from its first seed to its end.
#[inline(always)]
fn spread_up(seeds: u64, mask: u64) -> u64 {
    mask & !mask.wrapping_add(seeds) | seeds
}

/// The cells a run of `length` can start at: its cells can be filled, and the
/// cells beside it are empty or off the line (`empty` holds every bit from the
/// line's end up).
#[inline(always)]
fn fits(length: u32, count: u32, fill: u64, empty: u64) -> u64 {
    if length > count {
        return 0;
    }
    let mut starts = fill;
    let mut covered = 1;
    while covered < length {
        let step = covered.min(length - covered);
        starts &= starts >> step;
        covered += step;
    }
    starts & (empty << 1 | 1) & empty >> length
}

/// The cells from `starts`, each stretched over the `length` cells of its run.
#[inline(always)]
fn cover(starts: u64, length: u32) -> u64 {
    let mut cells = starts;
    let mut covered = 1;
    while covered < length {
        let step = covered.min(length - covered);
        cells |= cells << step;
        covered += step;
    }
    cells
}

/// One sweep from the line's start: for each run, the cells it can start at
/// with every run before it placed, into `starts`; and for each gap (before
/// the first run, between two, after the last) the cells of it reachable
/// from the start, into `gaps` (one more than runs; bits past the line count
/// as empty, so the last gap reaches bit `count` when the line can be
/// finished).
fn sweep(
    lengths: impl Iterator<Item = u32>,
    count: u32,
    fill: u64,
    empty: u64,
    starts: &mut [u64],
    gaps: &mut [u64],
) {
    let empty = empty | !low_mask(count);
    gaps[0] = spread_up(empty & 1, empty);
    let mut next = 1 | gaps[0] << 1;
    for (run, length) in lengths.enumerate() {
        let here = next & fits(length, count, fill, empty);
        starts[run] = here;
        // The cell after each run is empty or the line's end: in `empty`.
        let ends = here.checked_shl(length).unwrap_or(0);
        gaps[run + 1] = spread_up(ends, empty);
        next = gaps[run + 1] << 1;
    }
}

/// The runs of `lengths` over a line of `count` cells (1 to 63) of which those of
/// `fill` can be filled and those of `empty` can be empty: the cells some
/// arrangement fills and those some arrangement leaves empty, or `None` when no
/// arrangement fits.
pub(super) fn allowed(lengths: &[u32], count: u32, fill: u64, empty: u64) -> Option<Allowed> {
    debug_assert!((1..=LONGEST as u32).contains(&count));
    let runs = lengths.len();
    // A clue has at most (63 + 1) / 2 runs that fit; more cannot.
    if runs > 32 {
        return None;
    }
    let mut forward_starts = [0u64; 32];
    let mut forward_gaps = [0u64; 33];
    sweep(
        lengths.iter().copied(),
        count,
        fill,
        empty,
        &mut forward_starts,
        &mut forward_gaps,
    );
    if forward_gaps[runs] >> count & 1 == 0 {
        return None;
    }
    // The line read backwards: bit `i` is cell `count - 1 - i`, and a run's
    // start there is its last cell.
    let turn = |word: u64| word.reverse_bits() >> (64 - count);
    let mut backward_starts = [0u64; 32];
    let mut backward_gaps = [0u64; 33];
    sweep(
        lengths.iter().rev().copied(),
        count,
        turn(fill),
        turn(empty),
        &mut backward_starts,
        &mut backward_gaps,
    );
    let mut allowed = Allowed { fill: 0, empty: 0 };
    for (run, &length) in lengths.iter().enumerate() {
        let after = turn(backward_starts[runs - 1 - run]) >> (length - 1);
        allowed.fill |= cover(forward_starts[run] & after, length);
    }
    for gap in 0..=runs {
        allowed.empty |= forward_gaps[gap] & turn(backward_gaps[runs - gap]);
    }
    Some(allowed)
}
