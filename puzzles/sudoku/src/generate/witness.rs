//! A shortcut for clue removal the other way: a second solution found
//! without search, by a swap that touches hidden cells only.
//!
//! - **Two rows of a band** (or two columns of a stack): follow a cycle of
//!   columns where the value the first row holds in one column is held by
//!   the second row in the next. Swapping the two rows' values along the
//!   whole cycle gives another valid grid: each row keeps its set of values,
//!   each column keeps its two values, and each box keeps its values because
//!   both rows cross the same boxes.
//! - **Two values**: the cells holding `a` or `b`, linked when they share a
//!   row, column or box; swapping `a` and `b` over a whole linked component
//!   keeps every unit valid.
//!
//! If every cell of such a swap is hidden, the swapped grid also solves the
//! puzzle, so the puzzle is not unique.

use crate::shape::Shape;

/// Where each value sits in each row and each column of a full grid.
pub(crate) struct SwapCycles {
    shape: Shape,
    /// `row_place[row · N + value]` = the column holding `value` in `row`.
    row_place: Vec<usize>,
    /// `col_place[col · N + value]` = the row holding `value` in `col`.
    col_place: Vec<usize>,
    /// `box_place[box · N + value]` = the cell holding `value` in `box`.
    box_place: Vec<usize>,
    /// The cells of the component being followed.
    component: Vec<usize>,
}

impl SwapCycles {
    /// Empty tables for grids of `shape`.
    pub(crate) fn new(shape: Shape) -> SwapCycles {
        SwapCycles {
            shape,
            row_place: vec![0; shape.cell_count()],
            col_place: vec![0; shape.cell_count()],
            box_place: vec![0; shape.cell_count()],
            component: Vec::with_capacity(2 * shape.size()),
        }
    }

    /// Learns where the values of `solution` sit.
    pub(crate) fn load(&mut self, solution: &[u8]) {
        let size = self.shape.size();
        for (cell, &value) in solution.iter().enumerate() {
            let (row, col) = (cell / size, cell % size);
            self.row_place[row * size + usize::from(value)] = col;
            self.col_place[col * size + usize::from(value)] = row;
            self.box_place[self.shape.box_of(cell) * size + usize::from(value)] = cell;
        }
    }

    /// Whether a swap cycle through the hidden `cell` has every cell hidden:
    /// then the puzzle of the `visible` cells has a second solution.
    pub(crate) fn has_hidden_cycle(&self, solution: &[u8], visible: &[bool], cell: usize) -> bool {
        let shape = self.shape;
        let size = shape.size();
        let (row, col) = (shape.row_of(cell), shape.col_of(cell));
        let band_top = row - row % shape.box_rows();
        let stack_left = col - col % shape.box_cols();
        let rows = (band_top..band_top + shape.box_rows()).filter(|&other| other != row);
        let by_rows = rows.into_iter().any(|other| {
            let at = |line: usize, k: usize| line * size + k;
            self.cycle_hidden(solution, visible, (row, other, col), &self.row_place, at)
        });
        by_rows || {
            let cols = (stack_left..stack_left + shape.box_cols()).filter(|&other| other != col);
            cols.into_iter().any(|other| {
                let at = |line: usize, k: usize| k * size + line;
                self.cycle_hidden(solution, visible, (col, other, row), &self.col_place, at)
            })
        }
    }

    /// Follows the cycle of two parallel lines `first` and `second` from
    /// position `start`; `place` finds a value's position in a line and `at`
    /// a line's cell at a position.
    fn cycle_hidden(
        &self,
        solution: &[u8],
        visible: &[bool],
        (first, second, start): (usize, usize, usize),
        place: &[usize],
        at: impl Fn(usize, usize) -> usize,
    ) -> bool {
        let size = self.shape.size();
        let departed = solution[at(first, start)];
        let mut position = start;
        loop {
            if visible[at(second, position)] {
                return false;
            }
            let incoming = solution[at(second, position)];
            if incoming == departed {
                return true;
            }
            position = place[first * size + usize::from(incoming)];
            if visible[at(first, position)] {
                return false;
            }
        }
    }
}

impl SwapCycles {
    /// Whether exchanging the value of the hidden `cell` with some other
    /// value `b`, over the cells linked to it, touches only hidden cells.
    ///
    /// The cells holding `a` or `b` are linked when they share a row, column
    /// or box; swapping `a` and `b` over a whole linked component keeps every
    /// unit valid (a unit meeting the component holds both its `a` and its `b`
    /// there), so a hidden component means a second solution.
    pub(crate) fn has_hidden_value_swap(
        &mut self,
        solution: &[u8],
        visible: &[bool],
        cell: usize,
    ) -> bool {
        let a = solution[cell];
        (0..self.shape.size() as u8)
            .filter(|&b| b != a)
            .any(|b| self.component_hidden(solution, visible, cell, a, b))
    }

    fn component_hidden(
        &mut self,
        solution: &[u8],
        visible: &[bool],
        cell: usize,
        a: u8,
        b: u8,
    ) -> bool {
        let shape = self.shape;
        let size = shape.size();
        self.component.clear();
        self.component.push(cell);
        let mut next = 0;
        while next < self.component.len() {
            let here = self.component[next];
            next += 1;
            let other = usize::from(if solution[here] == a { b } else { a });
            let (row, col) = (shape.row_of(here), shape.col_of(here));
            let linked = [
                shape.cell(row, self.row_place[row * size + other]),
                shape.cell(self.col_place[col * size + other], col),
                self.box_place[shape.box_of(here) * size + other],
            ];
            for link in linked {
                if visible[link] {
                    return false;
                }
                if !self.component.contains(&link) {
                    self.component.push(link);
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::reference;

    #[test]
    fn a_hidden_cycle_means_a_second_solution() {
        let solution = Grid::parse(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        )
        .unwrap();
        let shape = solution.shape();
        let values: Vec<u8> = solution.cells().iter().map(|v| v.unwrap()).collect();
        let mut cycles = SwapCycles::new(shape);
        cycles.load(&values);
        let mut checked = 0;
        for stride in [2, 3, 5, 7] {
            let visible: Vec<bool> = (0..81).map(|cell| cell % stride != 0).collect();
            let mut puzzle = Grid::empty(shape);
            for cell in (0..81).filter(|&cell| visible[cell]) {
                puzzle.set(cell, Some(values[cell]));
            }
            let count = reference::count_solutions(&puzzle, 2);
            for cell in (0..81).filter(|&cell| !visible[cell]) {
                if cycles.has_hidden_cycle(&values, &visible, cell) {
                    checked += 1;
                    assert_eq!(count, 2, "stride {stride}, cell {cell}");
                }
            }
        }
        assert!(checked > 0);
    }
}
