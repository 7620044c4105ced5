//! A shortcut for clue removal: a hidden cell whose value the visible clues
//! force in one step.
//!
//! When the clues still visible leave a hidden cell a single candidate (a
//! naked single), or leave its value a single place in one of its units (a
//! hidden single), every solution of the puzzle has that value there, so
//! hiding the cell cannot add a solution. This needs no search and settles
//! most removals from a nearly full grid; the [`UniquenessProver`] settles the
//! rest.
//!
//! [`UniquenessProver`]: super::UniquenessProver

use crate::shape::Shape;

/// The values visible in each row, column and box, kept up to date as cells
/// are hidden and shown again.
pub(crate) struct VisibleValues {
    full: u64,
    /// For each cell: its row, column and box, as indices into `used`.
    homes: Vec<[usize; 3]>,
    /// The cells of each unit: N rows, then N columns, then N boxes.
    units: Vec<Vec<usize>>,
    /// The visible values of each unit, one bit a value.
    used: Vec<u64>,
}

impl VisibleValues {
    /// The masks of a grid whose every cell is visible.
    pub(crate) fn new(shape: Shape) -> VisibleValues {
        let size = shape.size();
        let homes: Vec<[usize; 3]> = (0..shape.cell_count())
            .map(|cell| {
                let (row, col) = (shape.row_of(cell), shape.col_of(cell));
                [row, size + col, 2 * size + shape.box_at(row, col)]
            })
            .collect();
        let mut units = vec![Vec::with_capacity(size); 3 * size];
        for (cell, home) in homes.iter().enumerate() {
            for &unit in home {
                units[unit].push(cell);
            }
        }
        VisibleValues {
            full: shape.full_mask(),
            homes,
            units,
            used: vec![shape.full_mask(); 3 * size],
        }
    }

    /// Starts again from a full grid.
    pub(crate) fn reset(&mut self) {
        self.used.fill(self.full);
    }

    /// Marks a cell holding `value` as hidden.
    pub(crate) fn hide(&mut self, cell: usize, value: u8) {
        for unit in self.homes[cell] {
            self.used[unit] &= !(1u64 << value);
        }
    }

    /// Marks a cell holding `value` as visible again.
    pub(crate) fn show(&mut self, cell: usize, value: u8) {
        for unit in self.homes[cell] {
            self.used[unit] |= 1u64 << value;
        }
    }

    /// The values no visible clue rules out for a hidden cell.
    fn candidates(&self, cell: usize) -> u64 {
        let [row, col, block] = self.homes[cell];
        self.full & !(self.used[row] | self.used[col] | self.used[block])
    }

    /// Whether the visible clues force `value` into the hidden `cell` in one
    /// naked or hidden single.
    pub(crate) fn is_forced(&self, cell: usize, value: u8, visible: &[bool]) -> bool {
        let bit = 1u64 << value;
        if self.candidates(cell) == bit {
            return true;
        }
        self.homes[cell].iter().any(|&unit| {
            self.units[unit]
                .iter()
                .all(|&other| other == cell || visible[other] || self.candidates(other) & bit == 0)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::reference;

    #[test]
    fn a_forced_cell_keeps_the_puzzle_unique() {
        let solution = Grid::parse(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        )
        .unwrap();
        let shape = solution.shape();
        let values: Vec<u8> = solution.cells().iter().map(|v| v.unwrap()).collect();
        let mut masks = VisibleValues::new(shape);
        let mut visible = vec![true; 81];
        let mut forced_seen = 0;
        for cell in (0..81).step_by(2).chain((1..81).step_by(2)) {
            visible[cell] = false;
            masks.hide(cell, values[cell]);
            if masks.is_forced(cell, values[cell], &visible) {
                forced_seen += 1;
                let mut puzzle = Grid::empty(shape);
                for (index, &shown) in visible.iter().enumerate() {
                    if shown {
                        puzzle.set(index, Some(values[index]));
                    }
                }
                // Forced by the clues alone, so the count is that of the
                // puzzle before (which was unique).
                assert_eq!(reference::count_solutions(&puzzle, 2), 1);
            } else {
                visible[cell] = true;
                masks.show(cell, values[cell]);
            }
        }
        assert!(forced_seen > 30, "only {forced_seen} forced removals");
    }
}
