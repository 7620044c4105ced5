//! Tier 4, subsets within one unit, of 2, 3 or 4 (pair, triple, quad):
//!
//! - **naked**: k cells whose candidates together are only k values; those
//!   values leave the unit's other cells;
//! - **hidden**: k values whose places together are only k cells; those cells
//!   lose every other value.
//!
//! One rule per kind, size and unit, so a worked solution meets pairs before
//! triples. Fewer than k values for k cells (or the reverse) is a contradiction.

use sieve::fast;
use sieve::fast::{WordChanges, Words};
use sieve::prelude::*;

use super::Tier;
use super::singles::unit_is_permutation;
use super::text;
use crate::shape::{Shape, Unit};

/// Naked or hidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SubsetKind {
    /// k cells holding only k values.
    Naked,
    /// k values with only k places.
    Hidden,
}

/// One kind and size of subset in one unit.
pub(crate) struct Subset {
    name: String,
    shape: Shape,
    kind: SubsetKind,
    size: usize,
    unit: String,
    cells: Vec<usize>,
    vars: Vec<VarId>,
}

/// The inference label of a kind and size.
fn label(kind: SubsetKind, size: usize) -> &'static str {
    match (kind, size) {
        (SubsetKind::Naked, 2) => "naked pair",
        (SubsetKind::Naked, 3) => "naked triple",
        (SubsetKind::Naked, _) => "naked quad",
        (SubsetKind::Hidden, 2) => "hidden pair",
        (SubsetKind::Hidden, 3) => "hidden triple",
        (SubsetKind::Hidden, _) => "hidden quad",
    }
}

/// The unit positions (bit `i` = the unit's `i`-th cell) of the cells in `chosen`.
fn positions_mask(chosen: &[usize]) -> u64 {
    chosen.iter().fold(0, |mask, &i| mask | 1u64 << i)
}

impl Subset {
    /// The rule for subsets of `kind` and `size` (2 to 4) in `unit`.
    pub(crate) fn new(
        shape: Shape,
        kind: SubsetKind,
        size: usize,
        unit: &Unit,
        cells: &[VarId],
    ) -> Self {
        Subset {
            name: format!("{} {unit}", label(kind, size)),
            shape,
            kind,
            size,
            unit: unit.to_string(),
            cells: unit.cells.clone(),
            vars: unit.cells.iter().map(|&cell| cells[cell]).collect(),
        }
    }

    fn bits(&self, ctx: &Context<'_>) -> Vec<u64> {
        self.vars
            .iter()
            .map(|&var| ctx.domains().word(var))
            .collect()
    }

    /// `cell ≠ value` for each of the unit's cells at `positions` and each value
    /// `gone` selects, gathered only when an observer wants explanations.
    fn facts(
        &self,
        ctx: &Context<'_>,
        positions: impl Iterator<Item = u32>,
        gone: impl Fn(Value) -> bool,
    ) -> Vec<Fact> {
        if !ctx.explaining() {
            return Vec::new();
        }
        let values: Vec<Value> = (0..self.shape.size() as Value)
            .filter(|&v| gone(v))
            .collect();
        positions
            .map(|position| self.vars[position as usize])
            .flat_map(|var| values.iter().map(move |&value| Fact::IsNot(var, value)))
            .collect()
    }

    fn conflict(&self, ctx: &Context<'_>) -> Conflict {
        ctx.conflict(&Why::new(label(self.kind, self.size)))
    }

    /// Cells (as unit positions) whose candidates fit in `size` values.
    fn naked(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let bits = self.bits(ctx);
        let members: Vec<usize> = (0..bits.len())
            .filter(|&i| (2..=self.size as u32).contains(&bits[i].count_ones()))
            .collect();
        let masks: Vec<u64> = members.iter().map(|&i| bits[i]).collect();
        let mut found = Vec::new();
        text::small_unions(&masks, self.size, &mut |chosen, union| {
            let cells: Vec<usize> = chosen.iter().map(|&c| members[c]).collect();
            found.push((positions_mask(&cells), union));
        });
        for (pattern, values) in found {
            if (values.count_ones() as usize) < self.size {
                return Err(self.conflict(ctx));
            }
            self.remove_naked(ctx, pattern, values)?;
        }
        Ok(())
    }

    fn remove_naked(
        &self,
        ctx: &mut Context<'_>,
        pattern: u64,
        values: u64,
    ) -> Result<(), Conflict> {
        let targets: Vec<usize> = (0..self.vars.len())
            .filter(|&i| pattern >> i & 1 == 0 && ctx.domains().word(self.vars[i]) & values != 0)
            .collect();
        if targets.is_empty() {
            return Ok(());
        }
        // The subset's cells have lost every value outside it.
        let facts = self.facts(ctx, fast::bits(pattern), |value| values >> value & 1 == 0);
        let sentence = || {
            let shape = self.shape;
            let cells =
                text::cell_phrase(shape, fast::bits(pattern).map(|i| self.cells[i as usize]));
            let list = text::values(shape, values, "and");
            let leave = text::cell_list(shape, targets.iter().map(|&i| self.cells[i]));
            format!(
                "in {}, {cells} hold only {list} between them (a {}), so {list} leave {leave}",
                self.unit,
                label(self.kind, self.size)
            )
        };
        let why = Why::new(label(self.kind, self.size))
            .because(&facts)
            .text(&sentence);
        for &i in &targets {
            ctx.remove_word(self.vars[i], values, &why)?;
        }
        Ok(())
    }

    /// Values whose places fit in `size` cells.
    fn hidden(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let bits = self.bits(ctx);
        let placed = bits
            .iter()
            .filter(|b| b.count_ones() == 1)
            .fold(0, |placed, b| placed | b);
        let mut places = vec![0u64; self.shape.size()];
        for (i, &b) in bits.iter().enumerate() {
            for value in fast::bits(b) {
                places[value as usize] |= 1u64 << i;
            }
        }
        let members: Vec<u32> = (0..self.shape.size() as u32)
            .filter(|&v| placed >> v & 1 == 0)
            .filter(|&v| (2..=self.size as u32).contains(&places[v as usize].count_ones()))
            .collect();
        let masks: Vec<u64> = members.iter().map(|&v| places[v as usize]).collect();
        let mut found = Vec::new();
        text::small_unions(&masks, self.size, &mut |chosen, union| {
            let values = chosen.iter().fold(0u64, |m, &c| m | 1u64 << members[c]);
            found.push((values, union));
        });
        for (values, pattern) in found {
            if (pattern.count_ones() as usize) < self.size {
                return Err(self.conflict(ctx));
            }
            self.keep_hidden(ctx, values, pattern)?;
        }
        Ok(())
    }

    fn keep_hidden(
        &self,
        ctx: &mut Context<'_>,
        values: u64,
        pattern: u64,
    ) -> Result<(), Conflict> {
        let targets: Vec<usize> = fast::bits(pattern)
            .map(|i| i as usize)
            .filter(|&i| ctx.domains().word(self.vars[i]) & !values != 0)
            .collect();
        if targets.is_empty() {
            return Ok(());
        }
        // The subset's values are gone from the unit's other cells.
        let others = (0..self.vars.len() as u32).filter(|&i| pattern >> i & 1 == 0);
        let facts = self.facts(ctx, others, |value| values >> value & 1 == 1);
        let sentence = || {
            let shape = self.shape;
            let list = text::values(shape, values, "and");
            let cells =
                text::cell_phrase(shape, fast::bits(pattern).map(|i| self.cells[i as usize]));
            let keepers = text::cell_phrase(shape, targets.iter().map(|&i| self.cells[i]));
            let keep = if targets.len() == 1 { "keeps" } else { "keep" };
            format!(
                "in {}, {list} can only go in {cells} (a {}), so {keepers} {keep} only {list}",
                self.unit,
                label(self.kind, self.size)
            )
        };
        let why = Why::new(label(self.kind, self.size))
            .because(&facts)
            .text(&sentence);
        for &i in &targets {
            ctx.keep_word(self.vars[i], values, &why)?;
        }
        Ok(())
    }
}

impl Rule for Subset {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Tier::Subsets.cost()
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        // The rule means that its unit is a permutation: a value with no place is a
        // conflict (on a full assignment, exactly a repeat, which the subsets alone,
        // blind to fixed cells, would let pass).
        let union = self.bits(ctx).iter().fold(0, |union, bits| union | bits);
        if union != self.shape.full_mask() {
            return Err(ctx.conflict(&Why::new("value has no place")));
        }
        match self.kind {
            SubsetKind::Naked => self.naked(ctx),
            SubsetKind::Hidden => self.hidden(ctx),
        }
    }

    fn holds(&self, values: &[Value]) -> bool {
        unit_is_permutation(self.shape, &self.vars, values)
    }
}
