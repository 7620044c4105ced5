//! The rule of one clue: exactly that many of the diagonals that could touch
//! its corner are drawn, domain consistent.
//!
//! A cell is one boolean (1 for `\`, 0 for `/`), so a corner is touched by
//! the `\` of some cells and the `/` of others: a count of literals, which a
//! [`sieve::rules::Cardinality`] (one set of values for all its variables)
//! cannot say without a second boolean a cell. Counting its at most four
//! cells in place, it deduces what that cardinality over both booleans did,
//! with the same inferences and sentences.

use std::sync::OnceLock;

use sieve::names::{push_cell_name, push_number};
use sieve::{Conflict, Consistency, Context, Domains, Events, Rule, Value, VarId, Watch, Why};

use crate::model::{cell_name, diagonal_value, other};
use crate::puzzle::Diagonal;

/// The most cells whose diagonals can touch a corner.
const MAX_TOUCHES: usize = 4;

/// A diagonal that could touch a clue's corner: its cell's boolean, the
/// cell, and which of its diagonals it is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Touch {
    pub var: VarId,
    pub cell: usize,
    pub diagonal: Diagonal,
}

impl Touch {
    /// The value of the cell's boolean when this diagonal is drawn.
    fn drawn(self) -> Value {
        diagonal_value(self.diagonal)
    }
}

/// Exactly `lines` of a corner's touches are drawn.
pub(crate) struct ClueRule {
    /// "the 2 at corner r3c4": its name, and its sentences' words, written
    /// when first asked for. Only traces, explanations and errors ask, and
    /// writing and freeing a name for each of a model's clues and windows
    /// took 8 M of the 101.5 M instructions of solving 100 IDs of Tatham's
    /// Hard 12×10 (callgrind, bench/data/zoo/slant-12x10dh.txt).
    name: OnceLock<String>,
    /// Its corner's row and column, from 0.
    corner: (usize, usize),
    lines: u8,
    touches: [Touch; MAX_TOUCHES],
    count: usize,
    /// The cells' booleans, in the order of `touches` (the causes of a
    /// conflict).
    vars: [VarId; MAX_TOUCHES],
    /// The grid's width, to name cells.
    width: usize,
}

impl ClueRule {
    /// The clue on the corner `corner` (row and column from 0): exactly
    /// `lines` of `touches` (one to four) are drawn, in a grid `width` cells
    /// wide.
    pub(crate) fn new(corner: (usize, usize), lines: u8, touches: &[Touch], width: usize) -> Self {
        assert!(
            (1..=MAX_TOUCHES).contains(&touches.len()),
            "a corner has one to four cells"
        );
        let mut rule = ClueRule {
            name: OnceLock::new(),
            corner,
            lines,
            touches: [touches[0]; MAX_TOUCHES],
            count: touches.len(),
            vars: [touches[0].var; MAX_TOUCHES],
            width,
        };
        rule.touches[..touches.len()].copy_from_slice(touches);
        for (var, touch) in rule.vars.iter_mut().zip(touches) {
            *var = touch.var;
        }
        rule
    }

    /// "the 2 at corner r3c4".
    fn label(&self) -> &str {
        self.name.get_or_init(|| {
            let (row, column) = self.corner;
            let mut label = String::with_capacity(24);
            label.push_str("the ");
            push_number(&mut label, usize::from(self.lines));
            label.push_str(" at corner ");
            push_cell_name(&mut label, row, column);
            label
        })
    }

    /// The corner's touches.
    fn touches(&self) -> &[Touch] {
        &self.touches[..self.count]
    }

    /// How many of the corner's touches are drawn, and how many open.
    fn counts(&self, domains: &Domains) -> (usize, usize) {
        let (mut drawn, mut open) = (0, 0);
        for touch in self.touches() {
            match domains.value(touch.var) {
                Some(value) => drawn += usize::from(value == touch.drawn()),
                None => open += 1,
            }
        }
        (drawn, open)
    }

    /// Whether this clue alone leaves `removed` out of the open cell whose
    /// boolean is `var`: its touch there and `full` as [`ClueRule::narrow`]
    /// takes them (the clue has its lines, or needs every one it can still
    /// have), or `None` when it takes more than this clue to do so.
    pub(crate) fn forcing(
        &self,
        domains: &Domains,
        var: VarId,
        removed: Value,
    ) -> Option<(Touch, bool)> {
        let touch = *self.touches().iter().find(|touch| touch.var == var)?;
        let (drawn, open) = self.counts(domains);
        let lines = usize::from(self.lines);
        let full = drawn == lines && removed == touch.drawn();
        let needs_all = drawn + open == lines && removed != touch.drawn();
        (domains.value(var).is_none() && (full || needs_all)).then_some((touch, full))
    }

    /// Draw (`full` false) or leave out (`full` true) the open `touch`:
    /// the clue has its lines already, or needs every one it can still have.
    pub(crate) fn narrow(
        &self,
        ctx: &mut Context<'_>,
        touch: Touch,
        full: bool,
    ) -> Result<(), Conflict> {
        // The cause: the touches drawn (full) or left out (needs all).
        let mut cause = [touch.var; MAX_TOUCHES];
        let mut causes = 0;
        for other in self.touches() {
            if let Some(value) = ctx.domains().value(other.var)
                && (value == other.drawn()) == full
            {
                cause[causes] = other.var;
                causes += 1;
            }
        }
        let (inference, removed) = match full {
            true => ("cardinality full", touch.drawn()),
            false => ("cardinality needs all", 1 - touch.drawn()),
        };
        let text = || self.sentence(touch, full);
        let why = Why::new(inference).cause(&cause[..causes]).text(&text);
        ctx.remove(touch.var, removed, &why).map(drop)
    }

    /// "r2c3 is /: the 1 at corner r2c3 already has its 1 lines", or "r2c3
    /// is \\: the 3 at corner r2c3 needs every line it can still have".
    fn sentence(&self, touch: Touch, full: bool) -> String {
        let (cell, words, lines) = (cell_name(self.width, touch.cell), self.label(), self.lines);
        match full {
            true => format!(
                "{cell} is {}: {words} already has its {lines} lines",
                other(touch.diagonal).symbol()
            ),
            false => format!(
                "{cell} is {}: {words} needs every line it can still have",
                touch.diagonal.symbol()
            ),
        }
    }
}

impl Rule for ClueRule {
    fn name(&self) -> &str {
        self.label()
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars[..self.count], Events::REMOVED)
    }

    fn idempotent(&self) -> bool {
        // A narrowing leaves the count settled; none changes nothing.
        true
    }

    fn consistency(&self) -> Consistency {
        Consistency::Domain
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (drawn, open) = self.counts(ctx.domains());
        let lines = usize::from(self.lines);
        if drawn > lines || drawn + open < lines {
            let why = Why::new("cardinality").cause(&self.vars[..self.count]);
            return Err(ctx.conflict(&why));
        }
        if open > 0 && (drawn == lines || drawn + open == lines) {
            let full = drawn == lines;
            for &touch in self.touches() {
                if ctx.domains().value(touch.var).is_none() {
                    self.narrow(ctx, touch, full)?;
                }
            }
            ctx.declare_entailed();
        } else if open == 0 {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let drawn = (self.touches().iter())
            .filter(|touch| values[touch.var.index()] == touch.drawn())
            .count();
        drawn == usize::from(self.lines)
    }
}
