//! Tier 5, fish: X-wing (2 lines), swordfish (3) and jellyfish (4).
//!
//! When a value's places in k rows (the base) all lie in the same k columns (the
//! cover), each of those columns gets the value from one of the base rows, so the
//! value leaves the rest of the cover columns. The same holds with rows and
//! columns exchanged. One rule per size, direction and value; fewer than k cover
//! lines for k base lines is a contradiction.

use sieve::fast::Words;
use std::sync::Arc;

use sieve::fast::bits;
use sieve::prelude::*;

use super::Tier;
use super::text;
use crate::shape::Shape;

/// The fish of one size on one value, with rows or with columns as the base.
pub(crate) struct Fish {
    name: String,
    shape: Shape,
    size: usize,
    on_rows: bool,
    value: Value,
    cells: Arc<[VarId]>,
}

/// The inference label of a fish size.
fn label(size: usize) -> &'static str {
    match size {
        2 => "x-wing",
        3 => "swordfish",
        _ => "jellyfish",
    }
}

impl Fish {
    /// The rule for fish of `size` (2 to 4) on `value`, with rows as the base
    /// when `on_rows`, else columns; `cells` maps every cell to its variable.
    pub(crate) fn new(
        shape: Shape,
        size: usize,
        on_rows: bool,
        value: Value,
        cells: Arc<[VarId]>,
    ) -> Self {
        let base = if on_rows { "rows" } else { "columns" };
        Fish {
            name: format!(
                "{} on {base} for {}",
                label(size),
                text::value(shape, value)
            ),
            shape,
            size,
            on_rows,
            value,
            cells,
        }
    }

    /// The cell at `position` along base line `line`.
    fn cell(&self, line: usize, position: usize) -> usize {
        if self.on_rows {
            self.shape.cell(line, position)
        } else {
            self.shape.cell(position, line)
        }
    }

    fn var(&self, line: usize, position: usize) -> VarId {
        self.cells[self.cell(line, position)]
    }

    /// For each base line, the positions where the value may go (bit `p`), or
    /// `None` when the value is already placed in that line.
    /// Whether the state already breaks the rule's meaning (the value once in every
    /// row and every column): a line with no place for the value, or with the value
    /// fixed in two cells. On a full assignment, exactly the assignments that break
    /// it; the fish patterns alone, blind to fixed cells, would let them pass.
    fn broken(&self, domains: &Domains) -> bool {
        let size = self.shape.size();
        let line_broken = |cell_of: &dyn Fn(usize, usize) -> usize| {
            (0..size).any(|line| {
                let vars = (0..size).map(|p| self.cells[cell_of(line, p)]);
                let places: Vec<VarId> = vars
                    .filter(|&var| domains.contains(var, self.value))
                    .collect();
                let fixed = places.iter().filter(|&&var| domains.is_assigned(var));
                places.is_empty() || fixed.count() > 1
            })
        };
        line_broken(&|r, c| self.shape.cell(r, c)) || line_broken(&|c, r| self.shape.cell(r, c))
    }

    fn places(&self, domains: &Domains) -> Vec<Option<u64>> {
        let size = self.shape.size();
        (0..size)
            .map(|line| {
                let mut places = 0u64;
                for position in 0..size {
                    let bits = domains.word(self.var(line, position));
                    if bits == 1u64 << self.value {
                        return None;
                    }
                    places |= (bits >> self.value & 1) << position;
                }
                Some(places)
            })
            .collect()
    }

    /// Why the base lines hold the value only in the cover lines: it is gone from
    /// their other cells. Gathered only when an observer wants explanations.
    fn outside_cover(&self, ctx: &Context<'_>, base: u64, cover: u64) -> Vec<Fact> {
        if !ctx.explaining() {
            return Vec::new();
        }
        let size = self.shape.size();
        bits(base)
            .flat_map(|line| (0..size).map(move |position| (line as usize, position)))
            .filter(|&(_, position)| cover >> position & 1 == 0)
            .map(|(line, position)| Fact::IsNot(self.var(line, position), self.value))
            .collect()
    }

    /// Remove the value from the cover lines outside the base lines.
    fn eliminate(&self, ctx: &mut Context<'_>, base: u64, cover: u64) -> Result<(), Conflict> {
        let size = self.shape.size();
        let targets: Vec<usize> = (0..size)
            .filter(|&line| base >> line & 1 == 0)
            .flat_map(|line| bits(cover).map(move |p| (line, p as usize)))
            .filter(|&(line, p)| ctx.domains().contains(self.var(line, p), self.value))
            .map(|(line, p)| self.cell(line, p))
            .collect();
        if targets.is_empty() {
            return Ok(());
        }
        let mut targets = targets;
        targets.sort_unstable();
        let facts = self.outside_cover(ctx, base, cover);
        let sentence = || {
            let (base_kind, cover_kind) = if self.on_rows {
                ("rows", "columns")
            } else {
                ("columns", "rows")
            };
            let value = text::value(self.shape, self.value);
            let article = if self.size == 2 { "an" } else { "a" };
            format!(
                "in {base_kind} {}, {value} can only go in {cover_kind} {} ({article} {}), so {value} leaves {}",
                text::numbers(bits(base).map(|l| l as usize)),
                text::numbers(bits(cover).map(|p| p as usize)),
                label(self.size),
                text::cell_list(self.shape, targets.iter().copied())
            )
        };
        let why = Why::new(label(self.size)).because(&facts).text(&sentence);
        for &cell in &targets {
            ctx.remove(self.cells[cell], self.value, &why)?;
        }
        Ok(())
    }
}

impl Rule for Fish {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(self.cells.iter(), Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Tier::Fish.cost()
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if self.broken(ctx.domains()) {
            return Err(ctx.conflict(&Why::new("value not once per line")));
        }
        let places = self.places(ctx.domains());
        let lines: Vec<usize> = (0..places.len())
            .filter(|&line| {
                places[line].is_some_and(|p| (2..=self.size as u32).contains(&p.count_ones()))
            })
            .collect();
        let masks: Vec<u64> = lines.iter().filter_map(|&line| places[line]).collect();
        let mut found = Vec::new();
        text::small_unions(&masks, self.size, &mut |chosen, cover| {
            let base = chosen.iter().fold(0u64, |m, &c| m | 1u64 << lines[c]);
            found.push((base, cover));
        });
        for (base, cover) in found {
            if (cover.count_ones() as usize) < self.size {
                return Err(ctx.conflict(&Why::new(label(self.size))));
            }
            self.eliminate(ctx, base, cover)?;
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let size = self.shape.size();
        let once = |cell_of: &dyn Fn(usize, usize) -> usize| {
            (0..size).all(|line| {
                (0..size)
                    .filter(|&p| values[self.cells[cell_of(line, p)].index()] == self.value)
                    .count()
                    == 1
            })
        };
        once(&|r, c| self.shape.cell(r, c)) && once(&|c, r| self.shape.cell(r, c))
    }
}
