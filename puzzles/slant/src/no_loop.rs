//! No loop: the drawn diagonals, as edges between the grid's corners, form
//! a forest.
//!
//! The rule [`sieve::rules::Acyclic`] would be, over the graph of corners
//! whose edges are every cell's two diagonals, but with one boolean a cell
//! (1 for `\`, 0 for `/`): a union-find of the corners joins the drawn
//! diagonals, a drawn one that closes a loop is a conflict, and an open
//! cell loses each diagonal whose corners are already joined (Tatham's
//! "simple loop avoidance"). It knows the grid, so a cell's corners are
//! worked out, not looked up in a list of edges.

use sieve::fast::Words;
use sieve::rules::graph::Fragments;
use sieve::{Conflict, Context, Cost, Events, Fact, Rule, Value, VarId, Watch, Why};

use crate::model::{cell_name, diagonal_value, other};
use crate::puzzle::Diagonal;

/// The cells of a grid, each holding one diagonal, with no loop among them.
pub(crate) struct NoLoop {
    /// Per cell, in reading order, its boolean (1 for `\`).
    cells: Vec<VarId>,
    /// Cells across.
    width: usize,
}

/// Union-find over corners: the groups the drawn diagonals have joined.
type Corners = Fragments;

/// An open cell: its number, and its top-left corner's (a cell's corners
/// come from that one without a division).
#[derive(Clone, Copy)]
struct Open {
    cell: usize,
    top_left: usize,
}

impl NoLoop {
    /// How many corners the grid has.
    fn corners(&self) -> usize {
        (self.width + 1) * (self.cells.len() / self.width + 1)
    }

    /// No loop among the diagonals of the cells `cells` (their booleans, in
    /// reading order) of a grid `width` cells across.
    pub(crate) fn new(cells: Vec<VarId>, width: usize) -> Self {
        NoLoop { cells, width }
    }

    /// The corners (numbered in reading order of the grid's corners) that
    /// `diagonal` joins in the cell whose top-left corner is `top_left`.
    fn ends(&self, top_left: usize, diagonal: Diagonal) -> (usize, usize) {
        let across = self.width + 1;
        match diagonal {
            Diagonal::Backslash => (top_left, top_left + across + 1),
            Diagonal::Slash => (top_left + 1, top_left + across),
        }
    }

    /// The drawn diagonals as facts, when an observer reads explanations.
    fn drawn_facts(&self, ctx: &Context<'_>) -> Vec<Fact> {
        if !ctx.explaining() {
            return Vec::new();
        }
        (self.cells.iter())
            .filter_map(|&var| ctx.domains().value(var).map(|value| Fact::Is(var, value)))
            .collect()
    }

    /// Leave out `diagonal` of the open cell `cell`: its corners are joined.
    fn leave_out(
        &self,
        ctx: &mut Context<'_>,
        facts: &[Fact],
        cell: usize,
        diagonal: Diagonal,
    ) -> Result<(), Conflict> {
        let text = || {
            format!(
                "{} is {}: a {} there would close a loop",
                cell_name(self.width, cell),
                other(diagonal).symbol(),
                diagonal.symbol()
            )
        };
        let cause: Vec<VarId> = facts.iter().map(|fact| fact.var()).collect();
        let why = Why::new("would close a cycle")
            .cause(&cause)
            .because(facts)
            .text(&text);
        ctx.remove(self.cells[cell], diagonal_value(diagonal), &why)
            .map(drop)
    }

    /// The corners the drawn diagonals join, and the open cells (read once
    /// here, row by row: the later passes go over those alone); a conflict
    /// when the drawn diagonals close a loop.
    fn drawn_corners(&self, ctx: &Context<'_>) -> Result<(Corners, Vec<Open>), Conflict> {
        let mut corners = Corners::new(self.corners());
        let mut open = Vec::with_capacity(self.cells.len());
        let domains = ctx.domains();
        for (row, vars) in self.cells.chunks_exact(self.width).enumerate() {
            // A cell's top-left corner: the corners have one more column.
            let first = row * self.width;
            for (column, &var) in vars.iter().enumerate() {
                let (cell, top_left) = (first + column, first + row + column);
                // The candidates as a word: bit 1 is `\`, bit 0 `/`.
                let diagonal = match domains.word(var) {
                    0b10 => Diagonal::Backslash,
                    0b01 => Diagonal::Slash,
                    _ => {
                        open.push(Open { cell, top_left });
                        continue;
                    }
                };
                let (a, b) = self.ends(top_left, diagonal);
                if corners.join(a, b) {
                    return Err(self.loop_closed(ctx, cell));
                }
            }
        }
        Ok((corners, open))
    }

    /// The conflict of drawn diagonals that close a loop through `cell`.
    fn loop_closed(&self, ctx: &Context<'_>, cell: usize) -> Conflict {
        let facts = self.drawn_facts(ctx);
        let text = || {
            let cell = cell_name(self.width, cell);
            format!("the lines close a loop through {cell}")
        };
        let why = Why::new("cycle").because(&facts).text(&text);
        ctx.conflict(&why)
    }

    /// Leave out every open cell's diagonal whose corners are joined, and
    /// join those of the one it then holds, round the `open` cells until
    /// none changes; `open` keeps those still open.
    fn leave_out_loops(
        &self,
        ctx: &mut Context<'_>,
        corners: &mut Corners,
        open: &mut Vec<Open>,
    ) -> Result<(), Conflict> {
        let mut facts: Option<Vec<Fact>> = None;
        loop {
            let before = open.len();
            let mut kept = 0;
            for at in 0..before {
                let Open { cell, top_left } = open[at];
                let closing =
                    [Diagonal::Backslash, Diagonal::Slash]
                        .into_iter()
                        .find(|&diagonal| {
                            let (a, b) = self.ends(top_left, diagonal);
                            corners.joined(a, b)
                        });
                let Some(diagonal) = closing else {
                    open[kept] = open[at];
                    kept += 1;
                    continue;
                };
                let known = facts.get_or_insert_with(|| self.drawn_facts(ctx));
                self.leave_out(ctx, known, cell, diagonal)?;
                let (a, b) = self.ends(top_left, other(diagonal));
                if corners.join(a, b) {
                    // Both diagonals close a loop: leaving the other out too
                    // empties the cell, a conflict.
                    self.leave_out(ctx, known, cell, other(diagonal))?;
                }
                // The facts now lack the diagonal drawn: read them again.
                facts = None;
            }
            open.truncate(kept);
            if kept == before {
                return Ok(());
            }
        }
    }

    /// Whether every diagonal still possible, both of each `open` cell's and
    /// the drawn ones (already in `corners`), forms a forest: then no choice
    /// left closes a loop.
    fn forest_left(&self, open: &[Open], mut corners: Corners) -> bool {
        open.iter().all(|&Open { top_left, .. }| {
            [Diagonal::Backslash, Diagonal::Slash]
                .iter()
                .all(|&diagonal| {
                    let (a, b) = self.ends(top_left, diagonal);
                    !corners.join(a, b)
                })
        })
    }
}

/// The diagonal a cell's boolean stands for.
fn diagonal_of(value: Value) -> Diagonal {
    match value {
        1 => Diagonal::Backslash,
        _ => Diagonal::Slash,
    }
}

impl Rule for NoLoop {
    fn name(&self) -> &str {
        "no loop"
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.cells, Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Cost::Linear
    }

    fn idempotent(&self) -> bool {
        // A run draws what it leaves a cell, and goes round the open cells
        // until none loses a diagonal: a second run finds nothing more.
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (mut corners, mut open) = self.drawn_corners(ctx)?;
        self.leave_out_loops(ctx, &mut corners, &mut open)?;
        // A forest has fewer edges than corners: with more diagonals left
        // (two an open cell), the join over them all is skipped.
        let possible = self.cells.len() + open.len();
        if possible < self.corners() && self.forest_left(&open, corners) {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let mut corners = Corners::new(self.corners());
        (self.cells.iter().enumerate()).all(|(cell, var)| {
            let top_left = cell + cell / self.width;
            let (a, b) = self.ends(top_left, diagonal_of(values[var.index()]));
            !corners.join(a, b)
        })
    }
}
