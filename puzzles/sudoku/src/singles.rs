//! The fast rule for solving: naked and hidden singles for one unit, in one pass over
//! its cells with bit masks.
//!
//! One rule per unit (row, column, box). The `Queue` schedule wakes only the three
//! units of a changed cell, so a search node costs a handful of unit passes. The tier
//! rules in `tiers` module make the same inferences one kind at a time, with full
//! explanations; this rule trades that detail for speed.

use sieve::prelude::*;

use crate::shape::{Shape, Unit};

/// Naked and hidden singles within one unit.
pub struct UnitSingles {
    name: String,
    cells: Vec<VarId>,
    /// Every value of the grid (`N` ones).
    all_values: u64,
}

impl UnitSingles {
    /// The singles rule of `unit`, whose cells are variables `cells[i]`.
    pub fn new(unit: &Unit, cells: &[VarId], shape: Shape) -> Self {
        UnitSingles {
            name: format!("{unit} singles"),
            cells: unit.cells.iter().map(|&cell| cells[cell]).collect(),
            all_values: shape.full_mask(),
        }
    }
}

impl Rule for UnitSingles {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        self.cells
            .iter()
            .map(|&cell| Watch::new(cell, Events::REMOVED))
            .collect()
    }

    fn action(&self, ctx: &mut Propagator<'_>) -> Result<(), Conflict> {
        let mut bits = [0u64; 64];
        let bits = &mut bits[..self.cells.len()];
        let (mut fixed, mut once, mut twice) = (0u64, 0u64, 0u64);
        for (slot, &cell) in bits.iter_mut().zip(&self.cells) {
            let cell_bits = ctx.domains().bits(cell);
            *slot = cell_bits;
            if cell_bits & (cell_bits - 1) == 0 {
                if fixed & cell_bits != 0 {
                    return Err(ctx.conflict(&Why::new("value twice in a unit")));
                }
                fixed |= cell_bits;
            }
            twice |= once & cell_bits;
            once |= cell_bits;
        }
        if once != self.all_values {
            return Err(ctx.conflict(&Why::new("value has no place")));
        }
        let hidden = once & !twice & !fixed;
        let naked = Why::new("naked single");
        let why_hidden = Why::new("hidden single");
        for (&cell_bits, &cell) in bits.iter().zip(&self.cells) {
            if cell_bits & (cell_bits - 1) == 0 {
                continue;
            }
            if cell_bits & hidden != 0 {
                // A value that only this cell can take (two such values: a conflict).
                ctx.keep_bits(cell, cell_bits & hidden, &why_hidden)?;
            } else if cell_bits & fixed != 0 {
                ctx.remove_bits(cell, fixed, &naked)?;
            }
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let seen = self
            .cells
            .iter()
            .fold(0u64, |seen, cell| seen | 1u64 << values[cell.index()]);
        seen == self.all_values
    }
}
