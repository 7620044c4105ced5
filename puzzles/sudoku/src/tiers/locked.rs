//! Tier 3, locked candidates: where a box meets a row or a column.
//!
//! - **pointing**: when a value's places in a box all lie in one row (or column),
//!   the value leaves the rest of that row (column), outside the box;
//! - **claiming** (box-line reduction): when a value's places in a row (or column)
//!   all lie in one box, the value leaves the rest of that box.
//!
//! One rule per box and line that cross. Its meaning is that the box and the line
//! are permutations, so it also reports a value with no place in either as a
//! conflict: without that, a full assignment repeating a value would pass it.

use sieve::fast::Words;
use sieve::fast::bits;
use sieve::prelude::*;

use super::Tier;
use super::singles::unit_is_permutation;
use super::text;
use crate::shape::{Shape, Unit};

/// Cells as (cell index, variable) pairs.
type Cells = Vec<(usize, VarId)>;

/// Pointing and claiming for one box and one line that crosses it.
pub(crate) struct LockedCandidates {
    name: String,
    shape: Shape,
    box_name: String,
    line_name: String,
    /// The cells the box and the line share.
    segment: Cells,
    /// The box's other cells.
    box_rest: Cells,
    /// The line's other cells.
    line_rest: Cells,
}

/// The union of the candidates of some cells, and the union of the placed values.
fn union_and_placed(domains: &Domains, cells: &Cells) -> (u64, u64) {
    cells.iter().fold((0, 0), |(union, placed), &(_, var)| {
        let bits = domains.word(var);
        let single = if bits.count_ones() == 1 { bits } else { 0 };
        (union | bits, placed | single)
    })
}

impl LockedCandidates {
    /// The rule where `box_unit` meets `line` (a row or a column), or `None`
    /// when it could never remove anything (the box is the whole line).
    pub(crate) fn new(shape: Shape, box_unit: &Unit, line: &Unit, cells: &[VarId]) -> Option<Self> {
        let pair = |cell: usize| (cell, cells[cell]);
        let in_line = |cell: &usize| line.cells.contains(cell);
        let in_box = |cell: &usize| box_unit.cells.contains(cell);
        let segment: Cells = box_unit
            .cells
            .iter()
            .copied()
            .filter(in_line)
            .map(pair)
            .collect();
        let box_rest: Cells = box_unit
            .cells
            .iter()
            .copied()
            .filter(|c| !in_line(c))
            .map(pair)
            .collect();
        let line_rest: Cells = line
            .cells
            .iter()
            .copied()
            .filter(|c| !in_box(c))
            .map(pair)
            .collect();
        if segment.is_empty() || (box_rest.is_empty() && line_rest.is_empty()) {
            return None;
        }
        Some(LockedCandidates {
            name: format!("locked candidates {box_unit} {line}"),
            shape,
            box_name: box_unit.to_string(),
            line_name: line.to_string(),
            segment,
            box_rest,
            line_rest,
        })
    }

    /// Remove `value` from the `targets` that still hold it, for one deduction:
    /// within `unit`, the value is only where it meets `within`, as it is gone from
    /// the unit's other cells (`gone`).
    fn eliminate(
        &self,
        ctx: &mut Context<'_>,
        value: Value,
        inference: &'static str,
        (unit, within): (&str, &str),
        (gone, targets): (&Cells, &Cells),
    ) -> Result<(), Conflict> {
        let hit: Cells = targets
            .iter()
            .copied()
            .filter(|&(_, var)| ctx.domains().contains(var, value))
            .collect();
        if hit.is_empty() {
            return Ok(());
        }
        let facts: Vec<Fact> = if ctx.explaining() {
            gone.iter()
                .map(|&(_, var)| Fact::IsNot(var, value))
                .collect()
        } else {
            Vec::new()
        };
        let sentence = || {
            let value = text::value(self.shape, value);
            let cells = text::cell_list(self.shape, hit.iter().map(|&(cell, _)| cell));
            format!(
                "in {unit}, {value} is only in {within}, so {value} leaves the rest of {within}: {cells}"
            )
        };
        let why = Why::new(inference).because(&facts).text(&sentence);
        for &(_, var) in &hit {
            ctx.remove(var, value, &why)?;
        }
        Ok(())
    }
}

impl Rule for LockedCandidates {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        let cells = (self.segment.iter())
            .chain(&self.box_rest)
            .chain(&self.line_rest);
        Watch::all(cells.map(|(_, var)| var), Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Tier::LockedCandidates.cost()
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let domains = ctx.domains();
        let (segment, segment_placed) = union_and_placed(domains, &self.segment);
        let (box_rest, box_placed) = union_and_placed(domains, &self.box_rest);
        let (line_rest, line_placed) = union_and_placed(domains, &self.line_rest);
        // The rule means that the box and the line are permutations: a value with
        // no place in either is a conflict (on a full assignment, exactly a repeat).
        let full = self.shape.full_mask();
        if segment | box_rest != full || segment | line_rest != full {
            return Err(ctx.conflict(&Why::new("value has no place")));
        }
        let open = segment & !segment_placed;
        let pointing = open & !box_rest & !box_placed;
        let claiming = open & !line_rest & !line_placed;
        for value in bits(pointing).map(|bit| bit as Value) {
            let names = (self.box_name.as_str(), self.line_name.as_str());
            let cells = (&self.box_rest, &self.line_rest);
            self.eliminate(ctx, value, "pointing", names, cells)?;
        }
        for value in bits(claiming).map(|bit| bit as Value) {
            let names = (self.line_name.as_str(), self.box_name.as_str());
            let cells = (&self.line_rest, &self.box_rest);
            self.eliminate(ctx, value, "claiming", names, cells)?;
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let vars = |rest: &Cells| -> Vec<VarId> {
            (self.segment.iter().chain(rest))
                .map(|&(_, var)| var)
                .collect()
        };
        unit_is_permutation(self.shape, &vars(&self.box_rest), values)
            && unit_is_permutation(self.shape, &vars(&self.line_rest), values)
    }
}
