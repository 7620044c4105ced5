//! The solver's dual view of the grid, outside the tiers: *position
//! variables*, one per row and height (the columns where the height can still
//! stand in that row) and one per column and height (the rows).
//!
//! They add no solution and no deduction that [`super::HeightPlacement`] does
//! not make, but a search may branch on them: "the 7 of row 3 is in column 2
//! or column 5" is often a sharper question than any cell offers (value
//! branching, the dual view of a Latin square).
//!
//! [`PositionPlacement`] keeps the three views in step (a cell holds height
//! `h` exactly when its row's and its column's position variables of `h` allow
//! it) and, for each height, keeps only the places of some perfect matching of
//! rows to columns, as [`super::HeightPlacement`] does on the cells alone. One
//! rule does both: it reads the grid once for every height.

use sieve::fast::{WordChanges, Words};
use sieve::{Conflict, Context, Cost, Domains, Events, Names, Rule, Value, VarId, Watch, Why};

use super::placement::{Places, Set, members, removed_columns, settled};
use crate::puzzle::MAX_SIZE;

/// The position variables of an N×N grid.
#[derive(Clone, Debug)]
pub struct Positions {
    size: usize,
    /// `in_rows[row · N + h]`: the columns (values `0..N`) where value `h`
    /// can stand in `row`.
    in_rows: Vec<VarId>,
    /// `in_columns[column · N + h]`: the rows where value `h` can stand in `column`.
    in_columns: Vec<VarId>,
}

impl Positions {
    /// The position variables of an N×N grid: `in_rows[row · N + h]` holds
    /// the columns where value `h` can stand in `row`, `in_columns[column ·
    /// N + h]` the rows where it can stand in `column` (N·N variables of N
    /// values each). `None` unless both have N·N variables and N is at most
    /// [`MAX_SIZE`].
    pub fn new(size: usize, in_rows: Vec<VarId>, in_columns: Vec<VarId>) -> Option<Self> {
        let fits = size <= MAX_SIZE && in_rows.len() == size * size;
        (fits && in_columns.len() == size * size).then_some(Positions {
            size,
            in_rows,
            in_columns,
        })
    }

    /// The variable of value `height` in `row`: its values are columns.
    pub fn in_row(&self, row: usize, height: usize) -> VarId {
        self.in_rows[row * self.size + height]
    }

    /// The variable of value `height` in `column`: its values are rows.
    pub fn in_column(&self, column: usize, height: usize) -> VarId {
        self.in_columns[column * self.size + height]
    }
}

/// Each height once in every row and column, over the cells and the position
/// variables: a cell keeps a height only where both its row's and its
/// column's position variables allow it, each position variable keeps only
/// the places its cells allow, and of those only the places of some perfect
/// matching of rows to columns.
#[derive(Clone, Debug)]
pub struct PositionPlacement {
    /// The cells, row-major.
    cells: Vec<VarId>,
    positions: Positions,
}

impl PositionPlacement {
    /// The rule over `cells` (row-major, N·N) and `positions`; `None` when
    /// their sizes differ.
    pub fn new(cells: Vec<VarId>, positions: Positions) -> Option<Self> {
        let size = positions.size;
        (cells.len() == size * size).then_some(PositionPlacement { cells, positions })
    }

    /// Where each height can stand by all three views at once.
    fn places(&self, domains: &Domains) -> Places {
        let size = self.positions.size;
        let mut by_cells = [[0; MAX_SIZE]; MAX_SIZE];
        for (row, cells) in self.cells.chunks(size.max(1)).enumerate() {
            for (column, &cell) in cells.iter().enumerate() {
                for height in members(domains.word(cell)) {
                    by_cells[height][row] |= 1 << column;
                }
            }
        }
        let mut places = [[0; MAX_SIZE]; MAX_SIZE];
        for (height, places) in places.iter_mut().enumerate().take(size) {
            let mut by_columns: [Set; MAX_SIZE] = [0; MAX_SIZE];
            for column in 0..size {
                for row in members(domains.word(self.positions.in_column(column, height))) {
                    by_columns[row] |= 1 << column;
                }
            }
            for row in 0..size {
                let by_rows = domains.word(self.positions.in_row(row, height));
                places[row] = by_cells[height][row] & by_rows & by_columns[row];
            }
        }
        places
    }
}

impl Rule for PositionPlacement {
    fn name(&self) -> &str {
        "height placement"
    }

    fn watches(&self) -> Vec<Watch> {
        let positions = &self.positions;
        self.cells
            .iter()
            .chain(&positions.in_rows)
            .chain(&positions.in_columns)
            .map(|&var| Watch::new(var, Events::REMOVED))
            .collect()
    }

    /// Every height's matching over the whole grid, at each wake-up: it
    /// costs more than one line's arrangements, so it waits with them.
    fn cost(&self) -> Cost {
        Cost::Expensive
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let size = self.positions.size;
        let mut places = self.places(ctx.domains());
        for places in places.iter_mut().take(size) {
            let columns = &mut places[..size];
            if settled(columns) {
                continue;
            }
            let Some(removed) = removed_columns(columns) else {
                return Err(ctx.conflict(&Why::new("no placement")));
            };
            for (columns, removed) in columns.iter_mut().zip(removed) {
                *columns &= !removed;
            }
        }
        let why = Why::new("height placement");
        let mut keep = [0u16; MAX_SIZE * MAX_SIZE];
        for (height, places) in places.iter().enumerate().take(size) {
            for (row, &columns) in places.iter().enumerate().take(size) {
                for column in members(columns) {
                    keep[row * size + column] |= 1 << height;
                }
            }
        }
        for (&cell, &keep) in self.cells.iter().zip(&keep) {
            let keep = u64::from(keep);
            if ctx.domains().word(cell) != keep {
                let text = |names: &Names| {
                    format!(
                        "each height stands once in every row and column; where the heights can still stand leaves {} only these",
                        names.var_name(cell)
                    )
                };
                ctx.keep_word(cell, keep, &why.named_text(&text))?;
            }
        }
        for (height, places) in places.iter().enumerate().take(size) {
            let mut rows_by_column = [0u64; MAX_SIZE];
            for (row, &columns) in places.iter().enumerate().take(size) {
                let var = self.positions.in_row(row, height);
                if ctx.domains().word(var) != columns {
                    ctx.keep_word(var, columns, &why)?;
                }
                for column in members(columns) {
                    rows_by_column[column] |= 1 << row;
                }
            }
            for (column, &rows) in rows_by_column.iter().enumerate().take(size) {
                let var = self.positions.in_column(column, height);
                if ctx.domains().word(var) != rows {
                    ctx.keep_word(var, rows, &why)?;
                }
            }
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let size = self.positions.size;
        self.cells.iter().enumerate().all(|(index, &cell)| {
            let (row, column) = (index / size, index % size);
            let height = values[cell.index()] as usize;
            height < size
                && values[self.positions.in_row(row, height).index()] as usize == column
                && values[self.positions.in_column(column, height).index()] as usize == row
        })
    }
}
