//! A deliberately simple brute-force solver, the oracle for tests and for
//! generation cross-checks.
//!
//! It fills the grid cell by cell in reading order, trying every height the
//! Latin rule (and the givens) allows, and checks each clue as soon as its
//! line is complete; the only pruning beyond that is that the buildings seen
//! so far from the left and from the top never exceed their clue. It shares
//! no code with the rules or with [`crate::lines`], so the two can check each
//! other. Fine for N ≤ 6 in general, and for larger N when many cells are given.

use crate::puzzle::{Grid, Puzzle, Side};

/// The search state: the grid being filled and the bookkeeping per line.
struct Search<'a> {
    puzzle: &'a Puzzle,
    size: usize,
    heights: Vec<u8>,
    /// Heights placed in each row (bit `k − 1` for height `k`).
    row_used: Vec<u32>,
    /// Heights placed in each column.
    column_used: Vec<u32>,
    limit: usize,
    found: Vec<Grid>,
    count: usize,
    keep_grids: bool,
}

impl Search<'_> {
    /// Buildings seen along `heights` from its first element.
    fn seen(heights: impl Iterator<Item = u8>) -> u8 {
        let mut tallest = 0;
        let mut seen = 0;
        for height in heights {
            if height > tallest {
                tallest = height;
                seen += 1;
            }
        }
        seen
    }

    fn row_cells(&self, row: usize, columns: impl Iterator<Item = usize>) -> Vec<u8> {
        columns
            .map(|column| self.heights[row * self.size + column])
            .collect()
    }

    fn column_cells(&self, column: usize, rows: impl Iterator<Item = usize>) -> Vec<u8> {
        rows.map(|row| self.heights[row * self.size + column])
            .collect()
    }

    /// Whether clue `side`/`index` is at most (partial) or exactly (complete) met.
    fn clue_fits(&self, side: Side, index: usize, cells: Vec<u8>, complete: bool) -> bool {
        match self.puzzle.clues().get(side, index) {
            None => true,
            Some(clue) => {
                let seen = Search::seen(cells.into_iter());
                if complete { seen == clue } else { seen <= clue }
            }
        }
    }

    /// The clue checks that apply once cell (`row`, `column`) is placed.
    fn clues_hold(&self, row: usize, column: usize) -> bool {
        let size = self.size;
        let row_done = column + 1 == size;
        let column_done = row + 1 == size;
        let row_prefix = self.row_cells(row, 0..=column);
        let column_prefix = self.column_cells(column, 0..=row);
        if !self.clue_fits(Side::Left, row, row_prefix, row_done)
            || !self.clue_fits(Side::Top, column, column_prefix, column_done)
        {
            return false;
        }
        if row_done && !self.clue_fits(Side::Right, row, self.row_cells(row, (0..size).rev()), true)
        {
            return false;
        }
        if column_done {
            let cells = self.column_cells(column, (0..size).rev());
            return self.clue_fits(Side::Bottom, column, cells, true);
        }
        true
    }

    /// Fills cells `cell..`; returns `false` once the limit is reached.
    fn fill(&mut self, cell: usize) -> bool {
        let size = self.size;
        if cell == size * size {
            self.count += 1;
            if self.keep_grids
                && let Ok(grid) = Grid::new(size, self.heights.clone())
            {
                self.found.push(grid);
            }
            return self.count < self.limit;
        }
        let (row, column) = (cell / size, cell % size);
        let given = self.puzzle.given(row, column);
        for height in 1..=size as u8 {
            let bit = 1u32 << (height - 1);
            let taken = (self.row_used[row] | self.column_used[column]) & bit != 0;
            if taken || given.is_some_and(|given| given != height) {
                continue;
            }
            self.heights[cell] = height;
            self.row_used[row] |= bit;
            self.column_used[column] |= bit;
            let keep_going = !self.clues_hold(row, column) || self.fill(cell + 1);
            self.row_used[row] &= !bit;
            self.column_used[column] &= !bit;
            self.heights[cell] = 0;
            if !keep_going {
                return false;
            }
        }
        true
    }
}

fn run(puzzle: &Puzzle, limit: usize, keep_grids: bool) -> (usize, Vec<Grid>) {
    if limit == 0 {
        return (0, Vec::new());
    }
    let size = puzzle.size();
    let mut search = Search {
        puzzle,
        size,
        heights: vec![0; size * size],
        row_used: vec![0; size],
        column_used: vec![0; size],
        limit,
        found: Vec::new(),
        count: 0,
        keep_grids,
    };
    search.fill(0);
    (search.count, search.found)
}

/// How many solutions `puzzle` has, counting no further than `limit`
/// (so `limit = 2` answers "none, unique or several").
pub fn count_solutions(puzzle: &Puzzle, limit: usize) -> usize {
    run(puzzle, limit, false).0
}

/// Up to `limit` solutions, in lexicographic order of their cells.
pub fn solutions(puzzle: &Puzzle, limit: usize) -> Vec<Grid> {
    run(puzzle, limit, true).1
}

/// The first solution in lexicographic order, if any.
pub fn solve(puzzle: &Puzzle) -> Option<Grid> {
    solutions(puzzle, 1).into_iter().next()
}
