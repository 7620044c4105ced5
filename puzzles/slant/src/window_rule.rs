//! The rule of a window: its cells hold one of its fillings (the ways to
//! meet the clues of 3×3 corners together without closing a loop, from
//! [`crate::window`]), domain consistent.
//!
//! It propagates as a [`sieve::rules::Table`] of those fillings would, to
//! the same fixpoint, with the same causes and sentences, but reads a
//! window's state as two masks of its frame's 16 cells (those that may
//! still hold `\`, those that may still hold `/`) and walks, each run, only
//! the fillings that agree with both (16-bit words of the same frame): the
//! cells' values left are the union and the intersection of those. A table
//! made support masks per cell and value and sorted its rows when posted,
//! and read each cell's domain as a word a run: posting the windows was a
//! sixth of building a model, and their runs more than half of solving.
//! Listing every filling when the model was built, to test each against
//! the masks a run, was then more than half of building it.

use std::sync::OnceLock;

use sieve::fast::Words;
use sieve::{Conflict, Consistency, Context, Cost, Events, Names, Rule, Value, VarId, Watch, Why};

use crate::clue_rule::{ClueRule, Touch};
use crate::puzzle::Diagonal;
use crate::window::{
    CELLS_ACROSS, CORNERS_ACROSS, Live, MAX_CELLS, Window, WindowClue, bits_of, cells_in,
};
use sieve::names::push_cell_name;

/// The label of a window's deductions, as a table's (traces read the same).
const INFERENCE: &str = "table";

/// A window's cells and the fillings they may hold.
pub(crate) struct WindowRule {
    /// "the clues of corners r1c2 to r3c4 together", written when first
    /// asked for (as a clue's name: see [`crate::clue_rule`]).
    name: OnceLock<String>,
    /// The row and column (from 0) of its top-left corner, to name it and
    /// its frame's cells (the frame starts a row up and a column left).
    top_left: (usize, usize),
    /// The cells of the frame (the 4×4 cells around the window) its clues
    /// touch: bit `i` for the frame's `i`-th cell in reading order.
    touched: u16,
    /// Per frame cell, its `\` boolean (of a touched cell only).
    frame_vars: [VarId; MAX_CELLS],
    /// The touched cells' booleans, in reading order: the rule's scope.
    vars: [VarId; MAX_CELLS],
    /// The frame cell of each of `vars`.
    positions: [u8; MAX_CELLS],
    /// How many cells are touched.
    count: usize,
    /// The grid's width, to name cells in a clue's sentences.
    width: usize,
    /// The clues and loops whose fillings the cells hold.
    window: Window,
}

impl WindowRule {
    /// The rule over `window`, whose top-left corner is at `top_left` (row
    /// and column from 0) in a grid `width` cells across, the `i`-th cell of
    /// whose frame is grid cell `frame_cell(i)`, a grid cell's `\` boolean
    /// being `vars(cell)`.
    pub(crate) fn new(
        (top_left, width): ((usize, usize), usize),
        window: Window,
        frame_cell: impl Fn(usize) -> usize,
        vars: impl Fn(usize) -> VarId,
    ) -> Self {
        let touched = window.touched();
        let mut rule = WindowRule {
            name: OnceLock::new(),
            top_left,
            touched,
            frame_vars: [VarId::from_index(0); MAX_CELLS],
            vars: [VarId::from_index(0); MAX_CELLS],
            positions: [0; MAX_CELLS],
            count: 0,
            width,
            window,
        };
        for at in bits_of(touched) {
            let cell = frame_cell(at);
            rule.frame_vars[at] = vars(cell);
            rule.vars[rule.count] = vars(cell);
            rule.positions[rule.count] = at as u8;
            rule.count += 1;
        }
        rule
    }

    /// "the clues of corners r1c2 to r3c4 together".
    fn label(&self) -> &str {
        self.name.get_or_init(|| {
            let (top, left) = self.top_left;
            let mut label = String::with_capacity(48);
            label.push_str("the clues of corners ");
            push_cell_name(&mut label, top, left);
            label.push_str(" to ");
            push_cell_name(&mut label, top + 2, left + 2);
            label.push_str(" together");
            label
        })
    }

    /// The window's cells' `\` booleans.
    fn vars(&self) -> &[VarId] {
        &self.vars[..self.count]
    }

    /// Every cell's boolean but the frame's `at`-th: the cause of a change
    /// there.
    fn others(&self, at: usize) -> ([VarId; MAX_CELLS], usize) {
        let mut others = [VarId::from_index(0); MAX_CELLS];
        let vars = self.vars();
        // Its place in `vars`: the touched cells before it.
        let index = cells_in(self.touched & ((1 << at) - 1)) as usize;
        others[..index].copy_from_slice(&vars[..index]);
        others[index..vars.len() - 1].copy_from_slice(&vars[index + 1..]);
        (others, vars.len() - 1)
    }

    /// Leave out value `removed` (1 for `\`, 0 for `/`) of the `at`-th cell.
    fn remove(&self, ctx: &mut Context<'_>, at: usize, removed: Value) -> Result<(), Conflict> {
        let (others, count) = self.others(at);
        let var = self.frame_vars[at];
        if !ctx.explaining() {
            let why = Why::new(INFERENCE).cause(&others[..count]);
            return ctx.remove(var, removed, &why).map(drop);
        }
        // What one clue alone leaves out reads as that clue's deduction.
        let at_bit = 1u16 << at;
        for clue in (self.window.clues().iter()).filter(|clue| clue.touches() & at_bit != 0) {
            let clue_rule = self.clue_rule(clue);
            if let Some((touch, full)) = clue_rule.forcing(ctx.domains(), var, removed) {
                return clue_rule.narrow(ctx, touch, full);
            }
        }
        // A value no filling has at all is left out with no cause, as a
        // table does: the walk over every filling says which.
        let (bit, every) = (1 << at, self.window.live(0, 0));
        let anywhere = match removed {
            1 => every.some_backslash & bit != 0,
            _ => every.every_backslash & bit == 0,
        };
        let cause = if anywhere { &others[..count] } else { &[] };
        let text = |_: &Names| self.sentence(at, removed);
        let why = Why::new(INFERENCE).cause(cause).named_text(&text);
        ctx.remove(var, removed, &why).map(drop)
    }

    /// The rule of `clue` alone, over the grid's cells: to word what it
    /// leaves out as that rule would, the window holding the clue in place
    /// of a rule of its own.
    fn clue_rule(&self, clue: &WindowClue) -> ClueRule {
        let (top, left) = self.top_left;
        let corner = usize::from(clue.corner);
        let (row, column) = (corner / CORNERS_ACROSS, corner % CORNERS_ACROSS);
        // The frame cells up-left, up-right, down-left and down-right of the
        // corner, with the diagonal of each that would touch it.
        let around = [
            (row - 1, column - 1, Diagonal::Backslash),
            (row - 1, column, Diagonal::Slash),
            (row, column - 1, Diagonal::Slash),
            (row, column, Diagonal::Backslash),
        ];
        let mut touches = Vec::with_capacity(around.len());
        for (cell_row, cell_column, diagonal) in around {
            let at = cell_row * CELLS_ACROSS + cell_column;
            if clue.touches() >> at & 1 == 1 {
                let cell = (top + cell_row - 1) * self.width + left + cell_column - 1;
                let var = self.frame_vars[at];
                touches.push(Touch {
                    var,
                    cell,
                    diagonal,
                });
            }
        }
        let corner = (top + row - 1, left + column - 1);
        ClueRule::new(corner, clue.lines, &touches, self.width)
    }

    /// "r2c3 is /: a \\ there leaves no way to meet the clues of corners r1c2
    /// to r3c4 together".
    fn sentence(&self, at: usize, removed: Value) -> String {
        let (left_out, kept) = match removed {
            1 => ('\\', '/'),
            _ => ('/', '\\'),
        };
        // The frame's cell `at` lies a row up and a column left of the
        // window's corners: counted from 1, at their row and column.
        let (top, left) = self.top_left;
        format!(
            "r{}c{} is {kept}: a {left_out} there leaves no way to meet {}",
            top + at / 4,
            left + at % 4,
            self.label()
        )
    }
}

impl Rule for WindowRule {
    fn name(&self) -> &str {
        self.label()
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(self.vars(), Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        // As a table's: the Priority schedule runs the windows where it did.
        Cost::Quadratic
    }

    fn idempotent(&self) -> bool {
        // Values go only when no live filling has them: a second run finds
        // the same live fillings.
        true
    }

    fn consistency(&self) -> Consistency {
        Consistency::Domain
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let domains = ctx.domains();
        let (mut may_backslash, mut may_slash) = (0u16, 0u16);
        // One read a cell, its candidates as a word: bit 1 is `\`, bit 0 `/`.
        for (&var, &at) in self.vars().iter().zip(&self.positions) {
            let word = domains.word(var);
            may_backslash |= u16::from(word & 0b10 != 0) << at;
            may_slash |= u16::from(word & 0b01 != 0) << at;
        }
        let cells = self.touched;
        if may_backslash & may_slash == 0 {
            // Every cell held (a third of the runs): one filling to test, no
            // walk to set up.
            if !self.window.holds(may_backslash) {
                return Err(ctx.conflict(&Why::new(INFERENCE).cause(self.vars())));
            }
            ctx.declare_entailed();
            return Ok(());
        }
        let (only_backslash, only_slash) = (cells & !may_slash, cells & !may_backslash);
        let Live {
            count: live,
            some_backslash: some,
            every_backslash: every,
        } = self.window.live(only_backslash, only_slash);
        if live == 0 {
            return Err(ctx.conflict(&Why::new(INFERENCE).cause(self.vars())));
        }
        // Cell by cell, as a table narrows its columns.
        let no_backslash = may_backslash & !some;
        let mut changed = no_backslash | (may_slash & every);
        while changed != 0 {
            let at = changed.trailing_zeros() as usize;
            changed &= changed - 1;
            let removed = Value::from(no_backslash >> at & 1 == 1);
            self.remove(ctx, at, removed)?;
        }
        // Every combination of the cells still open is a live filling: the
        // window can deduce nothing more below here.
        let open = (may_backslash & may_slash & some & !every).count_ones();
        if open < u32::BITS && live == 1 << open {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let mut filling = 0u16;
        for at in bits_of(self.touched) {
            match values[self.frame_vars[at].index()] {
                0 => {}
                1 => filling |= 1 << at,
                _ => return false,
            }
        }
        self.window.holds(filling)
    }
}
