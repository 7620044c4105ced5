//! The half-turn rule: a cell belongs to a dot exactly when the cell a half turn
//! about the dot takes it to does. One rule for the whole grid: for each cell
//! and each dot it may still belong to, the dot goes when the mirror cell lies
//! outside the grid or can no longer belong to it, and a cell fixed to a dot
//! fixes its mirror.

use sieve::prelude::*;

use crate::puzzle::{Dot, Puzzle, mirror};

/// Each dot's region is symmetric by a half turn about the dot.
#[derive(Clone, Debug)]
pub struct Symmetry {
    cells: Vec<VarId>,
    width: usize,
    height: usize,
    dots: Vec<Dot>,
}

impl Symmetry {
    /// The rule for `puzzle`'s dots over its cell variables (one per cell, row by
    /// row, the value a dot's index).
    pub fn new(puzzle: &Puzzle, cells: Vec<VarId>) -> Symmetry {
        Symmetry {
            cells,
            width: puzzle.width(),
            height: puzzle.height(),
            dots: puzzle.dots().to_vec(),
        }
    }

    /// The mirror of `cell` about dot `value`, if the value is a dot and the
    /// mirror inside the grid.
    fn mirror(&self, cell: usize, value: Value) -> Option<usize> {
        let dot = self.dots.get(usize::try_from(value).ok()?)?;
        mirror(self.width, self.height, cell, dot)
    }
}

impl Rule for Symmetry {
    fn name(&self) -> &str {
        "regions symmetric about their dots"
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.cells, Events::REMOVED)
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        for (cell, &var) in self.cells.iter().enumerate() {
            let values = ctx.domains().candidates(var);
            for value in values.iter() {
                let Some(mirror) = self.mirror(cell, value) else {
                    let text = |names: &Names| {
                        format!(
                            "{} cannot belong to {}: its mirror about the dot lies outside the grid",
                            names.var_name(var),
                            names.value_label(value)
                        )
                    };
                    let why = Why::new("mirror outside the grid").named_text(&text);
                    ctx.remove(var, value, &why)?;
                    continue;
                };
                let other = self.cells[mirror];
                if !ctx.domains().contains(other, value) {
                    let facts = [Fact::IsNot(other, value)];
                    let cause = [other];
                    let text = |names: &Names| {
                        format!(
                            "{} cannot belong to {}: its mirror about the dot, {}, cannot",
                            names.var_name(var),
                            names.value_label(value),
                            names.var_name(other)
                        )
                    };
                    let why = Why::new("mirror cannot")
                        .cause(&cause)
                        .because(&facts)
                        .named_text(&text);
                    ctx.remove(var, value, &why)?;
                } else if ctx.domains().value(var) == Some(value)
                    && !ctx.domains().is_assigned(other)
                {
                    let facts = [Fact::Is(var, value)];
                    let text = |names: &Names| {
                        format!(
                            "{} belongs to {}: its mirror about the dot, {}, does",
                            names.var_name(other),
                            names.value_label(value),
                            names.var_name(var)
                        )
                    };
                    let cause = [var];
                    let why = Why::new("mirror belongs")
                        .cause(&cause)
                        .because(&facts)
                        .named_text(&text);
                    ctx.assign(other, value, &why)?;
                }
            }
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        (self.cells.iter().enumerate()).all(|(cell, var)| {
            let value = values[var.index()];
            self.mirror(cell, value)
                .is_some_and(|mirror| values[self.cells[mirror].index()] == value)
        })
    }
}
