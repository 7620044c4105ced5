//! The cell-major path of [`ChuteRule`], for every chute shape: one mask of values
//! per cell, surveyed line by line and box by box.
//!
//! Each pass works on a snapshot of the chute: it gathers, for every line and box,
//! the values solved, the values with one place left (hidden singles) and the
//! values confined to one segment (locked candidates), then narrows every cell at
//! once. Passes repeat until one changes nothing.

use sieve::fast::{WordChanges, Words};
use sieve::prelude::*;

use super::{ChuteRule, HIDDEN, LOCKED, NAKED, NO_PLACE, TWICE, TWO_HIDDEN};

/// The words one run works on, borrowed from one buffer: the chute's cells, each
/// segment's candidates, and what each line and box holds.
struct Work<'a> {
    cells: &'a mut [u64],
    segments: &'a mut [u64],
    line_fixed: &'a mut [u64],
    line_hidden: &'a mut [u64],
    line_confined: &'a mut [u64],
    box_once: &'a mut [u64],
    box_twice: &'a mut [u64],
    box_cross: &'a mut [u64],
    box_fixed: &'a mut [u64],
    box_hidden: &'a mut [u64],
    box_confined: &'a mut [u64],
}

/// How many per-line (or per-box) arrays a [`Work`] holds.
const LINE_ARRAYS: usize = 9;

impl<'a> Work<'a> {
    /// How many words a chute of `lines` lines and `cells` cells needs.
    const fn words(lines: usize, cells: usize) -> usize {
        cells + lines * lines + LINE_ARRAYS * lines
    }

    /// Split `buffer` (at least [`Work::words`] long) into the named parts.
    #[inline(always)]
    fn split(buffer: &'a mut [u64], lines: usize, cells: usize) -> Self {
        let (cells, rest) = buffer.split_at_mut(cells);
        let (segments, rest) = rest.split_at_mut(lines * lines);
        let (line_fixed, rest) = rest.split_at_mut(lines);
        let (line_hidden, rest) = rest.split_at_mut(lines);
        let (line_confined, rest) = rest.split_at_mut(lines);
        let (box_once, rest) = rest.split_at_mut(lines);
        let (box_twice, rest) = rest.split_at_mut(lines);
        let (box_cross, rest) = rest.split_at_mut(lines);
        let (box_fixed, rest) = rest.split_at_mut(lines);
        let (box_hidden, rest) = rest.split_at_mut(lines);
        let (box_confined, _) = rest.split_at_mut(lines);
        Work {
            cells,
            segments,
            line_fixed,
            line_hidden,
            line_confined,
            box_once,
            box_twice,
            box_cross,
            box_fixed,
            box_hidden,
            box_confined,
        }
    }
}

/// The single value of a mask with one bit set, else 0.
#[inline(always)]
fn solved(bits: u64) -> u64 {
    if bits & bits.wrapping_sub(1) == 0 {
        bits
    } else {
        0
    }
}

impl ChuteRule {
    /// Gather what each segment, line and box of the snapshot in `work.cells` holds.
    /// `Err` on a conflict.
    ///
    /// Always inlined, so that callers passing constant `lines` and `segment` get
    /// loops of fixed length.
    #[inline(always)]
    fn survey(
        &self,
        lines: usize,
        segment: usize,
        work: &mut Work<'_>,
    ) -> Result<(), &'static Why<'static>> {
        let mut clash = 0u64;
        work.box_once.fill(0);
        work.box_twice.fill(0);
        work.box_cross.fill(0);
        work.box_fixed.fill(0);
        for line in 0..lines {
            let (mut once, mut twice, mut cross, mut fixed) = (0u64, 0u64, 0u64, 0u64);
            for block in 0..lines {
                let at = (line * lines + block) * segment;
                let (mut held, mut held_twice, mut held_fixed) = (0u64, 0u64, 0u64);
                for &bits in &work.cells[at..at + segment] {
                    let single = solved(bits);
                    clash |= held_fixed & single;
                    held_fixed |= single;
                    held_twice |= held & bits;
                    held |= bits;
                }
                work.segments[line * lines + block] = held;
                clash |= (fixed | work.box_fixed[block]) & held_fixed;
                fixed |= held_fixed;
                work.box_fixed[block] |= held_fixed;
                cross |= once & held;
                twice |= held_twice;
                once |= held;
                work.box_cross[block] |= work.box_once[block] & held;
                work.box_twice[block] |= held_twice;
                work.box_once[block] |= held;
            }
            if once != self.all_values {
                return Err(&NO_PLACE);
            }
            work.line_fixed[line] = fixed;
            work.line_hidden[line] = once & !(twice | cross | fixed);
            work.line_confined[line] = once & !cross;
        }
        if clash != 0 {
            return Err(&TWICE);
        }
        for block in 0..lines {
            let once = work.box_once[block];
            if once != self.all_values {
                return Err(&NO_PLACE);
            }
            let cross = work.box_cross[block];
            work.box_hidden[block] =
                once & !(work.box_twice[block] | cross | work.box_fixed[block]);
            work.box_confined[block] = once & !cross;
        }
        Ok(())
    }

    /// The values locked candidates remove from segment (`line`, `block`): values a
    /// line confines to this box but on another line (claiming), and values a box
    /// confines to this line but in another box (pointing).
    #[inline(always)]
    fn locked(lines: usize, work: &Work<'_>, line: usize, block: usize) -> u64 {
        let mut removed = 0u64;
        for other in 0..lines {
            if other != line {
                removed |= work.segments[other * lines + block] & work.line_confined[other];
            }
            if other != block {
                removed |= work.segments[line * lines + other] & work.box_confined[other];
            }
        }
        removed
    }

    /// Apply one survey's findings to every cell; `Ok(true)` when something changed.
    #[inline(always)]
    fn apply(
        &self,
        lines: usize,
        segment: usize,
        ctx: &mut Context<'_>,
        work: &mut Work<'_>,
    ) -> Result<bool, Conflict> {
        let mut changed = false;
        for line in 0..lines {
            for block in 0..lines {
                let locked = Self::locked(lines, work, line, block);
                let fixed = work.line_fixed[line] | work.box_fixed[block];
                let hidden = work.line_hidden[line] | work.box_hidden[block];
                let segment_bits = work.segments[line * lines + block];
                if segment_bits & (locked | fixed | hidden) == 0 {
                    continue;
                }
                let at = (line * lines + block) * segment;
                for index in at..at + segment {
                    let bits = work.cells[index];
                    let mut kept = bits & !(locked | (fixed & !solved(bits)));
                    let single = bits & hidden;
                    if single != 0 {
                        if single & single.wrapping_sub(1) != 0 {
                            return Err(ctx.conflict(&TWO_HIDDEN));
                        }
                        kept &= single;
                    }
                    if kept == bits {
                        continue;
                    }
                    let why = if single != 0 {
                        &HIDDEN
                    } else if bits & locked != 0 {
                        &LOCKED
                    } else {
                        &NAKED
                    };
                    ctx.keep_word(self.cells[index], kept, why)?;
                    work.cells[index] = kept;
                    changed = true;
                }
            }
        }
        Ok(changed)
    }

    /// Survey and apply until the chute is at its own fixpoint. Always inlined, so
    /// that each caller with constant sizes gets its own specialised copy.
    #[inline(always)]
    fn run(
        &self,
        ctx: &mut Context<'_>,
        lines: usize,
        segment: usize,
        buffer: &mut [u64],
    ) -> Result<(), Conflict> {
        let cells = lines * lines * segment;
        let mut work = Work::split(buffer, lines, cells);
        for (slot, &cell) in work.cells.iter_mut().zip(&self.cells) {
            *slot = ctx.domains().word(cell);
        }
        loop {
            if let Err(why) = self.survey(lines, segment, &mut work) {
                return Err(ctx.conflict(why));
            }
            if !self.apply(lines, segment, ctx, &mut work)? {
                return Ok(());
            }
        }
    }

    /// Singles and locked candidates to the chute's fixpoint, cell by cell.
    #[inline(never)]
    pub(super) fn run_by_cell(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let mut buffer = vec![0u64; Work::words(self.lines, self.cells.len())];
        self.run(ctx, self.lines, self.segment, &mut buffer)
    }
}
