//! The solver's extra rule, outside the tiers: each height stands exactly
//! once in every row and every column, so its places form a permutation of
//! the grid. A cell keeps the height only if some such permutation of the
//! cells still allowed uses it (a perfect matching of rows to columns).
//!
//! The tiers reason one line at a time; this rule looks at one height across
//! all lines at once (what sudoku players call fish), which cuts the search
//! for hard puzzles. It is Régin's all-different filter on the dual view (a
//! height's rows take different columns), run by the engine's
//! [`sieve::rules::matching`], the same code as the library's domain-consistent
//! [`sieve::AllDifferent`]: one perfect matching, then only the edges on an
//! alternating cycle stay. Rows are at most [`MAX_SIZE`], so every set is one
//! machine word.
//!
//! One rule can watch several heights ([`HeightPlacement::every_height`]):
//! every change wakes it once, and it reads the grid once for all of them,
//! skipping the heights already placed everywhere.
//!
//! The matching and its cycles work on any rows-to-columns graph; the fast
//! model runs them on position variables instead of cells
//! ([`super::positions`]).

use sieve::fast::Words;
use sieve::rules::matching;
use sieve::{Conflict, Context, Cost, Domains, Events, Names, Rule, Value, VarId, Watch, Why};

use crate::puzzle::MAX_SIZE;

/// Rows (or columns) as bit sets, `MAX_SIZE` at most: the engine's matching
/// works on words.
pub(crate) type Set = u64;

/// For each height, for each row, the columns whose cell can still hold it.
pub(crate) type Places = [[Set; MAX_SIZE]; MAX_SIZE];

/// Heights' placements: each once in every row and column.
#[derive(Clone, Debug)]
pub struct HeightPlacement {
    name: String,
    /// The heights (values) the rule looks after, as a bit set.
    heights: u64,
    size: usize,
    /// The cells, row-major.
    cells: Vec<VarId>,
}

impl HeightPlacement {
    /// The rule for value `height` (height `height + 1`) over the cells of an
    /// N×N grid, row-major (N at most [`MAX_SIZE`]: larger grids are cut to it).
    pub fn new(size: usize, height: Value, cells: Vec<VarId>) -> Self {
        HeightPlacement {
            name: format!("height {} placement", height + 1),
            heights: heights_up_to(MAX_SIZE)
                & u32::try_from(height)
                    .ok()
                    .and_then(|height| 1u64.checked_shl(height))
                    .unwrap_or(0),
            size: size.min(MAX_SIZE),
            cells,
        }
    }

    /// One rule for every height of an N×N grid (cells row-major): the same
    /// removals as one [`HeightPlacement::new`] per height, for one wake-up.
    pub fn every_height(size: usize, cells: Vec<VarId>) -> Self {
        HeightPlacement {
            name: "height placement".to_string(),
            heights: heights_up_to(size.min(MAX_SIZE)),
            size: size.min(MAX_SIZE),
            cells,
        }
    }

    /// For each watched height and each row, the columns whose cell can
    /// still hold the height.
    fn places(&self, domains: &Domains) -> Places {
        let size = self.size;
        let mut places = [[0; MAX_SIZE]; MAX_SIZE];
        for (row, cells) in self.cells.chunks(size.max(1)).take(size).enumerate() {
            for (column, &cell) in cells.iter().enumerate() {
                for height in members(domains.word(cell) & self.heights) {
                    places[height][row] |= 1 << column;
                }
            }
        }
        places
    }

    fn explain(names: &Names, cell: VarId, height: Value) -> String {
        let height = names.value_label(height);
        format!(
            "{height} stands once in every row and column; with {height} in {}, some row or column would be left without one",
            names.var_name(cell)
        )
    }
}

/// The values `0..count` as a bit set.
fn heights_up_to(count: usize) -> u64 {
    (1u64 << count) - 1
}

/// The members of a set, lowest first.
pub(crate) fn members(set: impl Into<u64>) -> impl Iterator<Item = usize> {
    sieve::fast::bits(set.into()).map(|member| member as usize)
}

/// Whether every row has exactly one column and no two share one: the height
/// is placed everywhere and nothing is left to remove.
pub(crate) fn settled(columns: &[Set]) -> bool {
    matching::settled(columns)
}

/// The columns each row must lose: those of no perfect matching of rows to
/// columns (the engine's matching filter, [`sieve::rules::matching`]). `None`
/// when no perfect matching exists.
pub(crate) fn removed_columns(columns: &[Set]) -> Option<[Set; MAX_SIZE]> {
    let mut removed = [0; MAX_SIZE];
    matching::unsupported(columns, &mut removed[..columns.len()]).then_some(removed)
}

impl Rule for HeightPlacement {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.cells, Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Cost::Quadratic
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let size = self.size;
        let places = self.places(ctx.domains());
        for height in members(self.heights) {
            let columns = &places[height][..size];
            if settled(columns) {
                continue;
            }
            let Some(removed) = removed_columns(columns) else {
                return Err(ctx.conflict(&Why::new("no placement")));
            };
            for (row, &removed) in removed.iter().enumerate().take(size) {
                for column in members(removed) {
                    let cell = self.cells[row * size + column];
                    let height = height as Value;
                    let text = |names: &Names| Self::explain(names, cell, height);
                    let why = Why::new("height placement").named_text(&text);
                    ctx.remove(cell, height, &why)?;
                }
            }
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let size = self.size;
        let at = |row: usize, column: usize| values[self.cells[row * size + column].index()];
        sieve::fast::bits(self.heights).all(|height| {
            let height = height as Value;
            (0..size).all(|line| {
                let in_row = (0..size).filter(|&c| at(line, c) == height).count();
                let in_column = (0..size).filter(|&r| at(r, line) == height).count();
                in_row == 1 && in_column == 1
            })
        })
    }
}
