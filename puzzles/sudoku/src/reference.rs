//! A simple, independent solution counter: the yardstick for tests and for
//! the generators' uniqueness reports.
//!
//! Depth-first search over bitmasks of the values used in each row, column and
//! box. At each node it picks the empty cell with the fewest candidates; when
//! every cell has two or more, it looks for a value that has a single place
//! left in some row, column or box and places it (a forced move, not a guess).
//! A cell without candidates, or a value with no place left in a unit, ends the
//! branch. It shares no code with the engine or the solving rules, and
//! computes its own rows, columns and boxes from the box sides.
//!
//! ```
//! use sieve_sudoku::{Grid, reference};
//! let puzzle = Grid::parse(
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//! )?;
//! assert_eq!(reference::count_solutions(&puzzle, 2), 1);
//! let solution = reference::solve(&puzzle).expect("it has a solution");
//! assert!(solution.is_complete());
//! # Ok::<(), sieve_sudoku::ParseError>(())
//! ```

use crate::grid::Grid;

/// Counts the solutions of `grid`, stopping once `limit` are found.
///
/// A grid whose givens repeat a value in a unit has 0 solutions. With
/// `limit = 2` the answer says whether the puzzle is unique (1), has several
/// (2) or none (0).
pub fn count_solutions(grid: &Grid, limit: usize) -> usize {
    let mut search = Search::new(grid, limit, 0, u64::MAX);
    search.run();
    search.found
}

/// Like [`count_solutions`], but gives up after visiting `node_budget` search
/// nodes: `None` means the budget ran out before the count was settled.
pub fn count_solutions_within(grid: &Grid, limit: usize, node_budget: u64) -> Option<usize> {
    let mut search = Search::new(grid, limit, 0, node_budget);
    search.run();
    (!search.exhausted).then_some(search.found)
}

/// The first solution found, or `None` if there is none.
pub fn solve(grid: &Grid) -> Option<Grid> {
    solutions(grid, 1).into_iter().next()
}

/// Up to `limit` solutions, in the search's order: a brute-force oracle for
/// small grids (all solutions of a 4×4 or 6×6 with a high limit).
pub fn solutions(grid: &Grid, limit: usize) -> Vec<Grid> {
    let mut search = Search::new(grid, limit, limit, u64::MAX);
    search.run();
    search
        .kept
        .into_iter()
        .map(|values| {
            Grid::from_checked_cells(grid.shape(), values.into_iter().map(Some).collect())
        })
        .collect()
}

/// What to do at a search node.
enum Choice {
    /// Some cell has no candidate or some value no place: backtrack.
    Dead,
    /// Every cell is filled.
    Solved,
    /// Try these values (a bitmask) in this cell.
    Branch(usize, u64),
}

struct Search {
    full: u64,
    cells: Vec<Option<u8>>,
    /// For each cell: its row, column and box.
    home: Vec<[usize; 3]>,
    /// The 3N units (rows, columns, boxes), each a list of N cells.
    units: Vec<Vec<usize>>,
    /// Values used, per row, column and box (indexed like `home`).
    used: [Vec<u64>; 3],
    limit: usize,
    keep: usize,
    found: usize,
    kept: Vec<Vec<u8>>,
    nodes: u64,
    budget: u64,
    exhausted: bool,
    contradictory: bool,
}

impl Search {
    fn new(grid: &Grid, limit: usize, keep: usize, budget: u64) -> Search {
        let size = grid.size();
        let box_rows = grid.shape().box_rows();
        let box_cols = grid.shape().box_cols();
        let stacks = size / box_cols;
        let home: Vec<[usize; 3]> = (0..size * size)
            .map(|cell| {
                let (row, col) = (cell / size, cell % size);
                [row, col, row / box_rows * stacks + col / box_cols]
            })
            .collect();
        let mut units = vec![Vec::with_capacity(size); 3 * size];
        for (cell, places) in home.iter().enumerate() {
            for (kind, &index) in places.iter().enumerate() {
                units[kind * size + index].push(cell);
            }
        }
        let full = if size == 64 {
            u64::MAX
        } else {
            (1u64 << size) - 1
        };
        let mut search = Search {
            full,
            cells: vec![None; size * size],
            home,
            units,
            used: [vec![0; size], vec![0; size], vec![0; size]],
            limit,
            keep,
            found: 0,
            kept: Vec::new(),
            nodes: 0,
            budget,
            exhausted: false,
            contradictory: false,
        };
        for (cell, value) in grid.cells().iter().enumerate() {
            if let Some(value) = *value {
                if search.candidates(cell) & (1 << value) == 0 {
                    search.contradictory = true;
                }
                search.place(cell, value);
            }
        }
        search
    }

    fn run(&mut self) {
        if !self.contradictory && self.limit > 0 {
            self.search();
        }
    }

    fn candidates(&self, cell: usize) -> u64 {
        let [row, col, block] = self.home[cell];
        self.full & !(self.used[0][row] | self.used[1][col] | self.used[2][block])
    }

    fn place(&mut self, cell: usize, value: u8) {
        self.cells[cell] = Some(value);
        for (kind, &index) in self.home[cell].iter().enumerate() {
            self.used[kind][index] |= 1 << value;
        }
    }

    fn unplace(&mut self, cell: usize, value: u8) {
        self.cells[cell] = None;
        for (kind, &index) in self.home[cell].iter().enumerate() {
            self.used[kind][index] &= !(1 << value);
        }
    }

    /// Explores the subtree below the current state; true means stop everything.
    fn search(&mut self) -> bool {
        if self.nodes >= self.budget {
            self.exhausted = true;
            return true;
        }
        self.nodes += 1;
        let (cell, mut values) = match self.choose() {
            Choice::Dead => return false,
            Choice::Solved => return self.record(),
            Choice::Branch(cell, values) => (cell, values),
        };
        while values != 0 {
            let value = values.trailing_zeros() as u8;
            values &= values - 1;
            self.place(cell, value);
            let stop = self.search();
            self.unplace(cell, value);
            if stop {
                return true;
            }
        }
        false
    }

    /// Records a solution; true when the limit is reached.
    fn record(&mut self) -> bool {
        self.found += 1;
        if self.kept.len() < self.keep {
            self.kept
                .push(self.cells.iter().map(|v| v.unwrap_or(0)).collect());
        }
        self.found >= self.limit
    }

    fn choose(&self) -> Choice {
        let mut best: Option<(usize, u64, u32)> = None;
        for cell in 0..self.cells.len() {
            if self.cells[cell].is_some() {
                continue;
            }
            let mask = self.candidates(cell);
            let count = mask.count_ones();
            match count {
                0 => return Choice::Dead,
                1 => return Choice::Branch(cell, mask),
                _ if best.is_none_or(|(_, _, fewest)| count < fewest) => {
                    best = Some((cell, mask, count));
                }
                _ => {}
            }
        }
        let Some((cell, mask, _)) = best else {
            return Choice::Solved;
        };
        self.forced_placement()
            .unwrap_or(Choice::Branch(cell, mask))
    }

    /// A value with one place left in a unit (placed without guessing), or
    /// `Dead` if a value has no place left; `None` when neither occurs.
    fn forced_placement(&self) -> Option<Choice> {
        for unit in &self.units {
            let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
            for &cell in unit {
                match self.cells[cell] {
                    Some(value) => placed |= 1 << value,
                    None => {
                        let mask = self.candidates(cell);
                        twice |= once & mask;
                        once |= mask;
                    }
                }
            }
            if (once | placed) != self.full {
                return Some(Choice::Dead);
            }
            let single = once & !twice;
            if single != 0 {
                let bit = single & single.wrapping_neg();
                let cell = unit
                    .iter()
                    .copied()
                    .find(|&cell| self.cells[cell].is_none() && self.candidates(cell) & bit != 0)?;
                return Some(Choice::Branch(cell, bit));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    #[test]
    fn an_empty_4x4_has_288_solutions() {
        let grid = Grid::empty(Shape::new(2, 2).unwrap());
        assert_eq!(count_solutions(&grid, 1000), 288);
        assert_eq!(solutions(&grid, 1000).len(), 288);
    }

    #[test]
    fn counting_stops_at_the_limit() {
        let grid = Grid::empty(Shape::new(2, 3).unwrap());
        assert_eq!(count_solutions(&grid, 5000), 5000);
    }

    #[test]
    fn repeated_givens_mean_no_solution() {
        let mut grid = Grid::empty(Shape::classic());
        grid.set(0, Some(3));
        grid.set(80, Some(3));
        grid.set(8, Some(3));
        assert_eq!(count_solutions(&grid, 2), 0);
        assert_eq!(solve(&grid), None);
    }

    #[test]
    fn a_budget_can_run_out() {
        let grid = Grid::empty(Shape::new(4, 4).unwrap());
        assert_eq!(count_solutions_within(&grid, 1_000_000, 50), None);
    }
}
