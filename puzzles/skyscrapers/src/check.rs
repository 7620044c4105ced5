//! An independent solution checker.
//!
//! It shares no code with the rules, the line enumerator or the solvers: it
//! recounts everything from the definition of the puzzle (every row and
//! column a permutation of `1..=N`, every clue equal to the number of
//! buildings seen from it, every given kept), so a bug in a rule cannot hide
//! itself by also being in the checker.

use thiserror::Error;

use crate::puzzle::{Grid, Puzzle, Side};

/// The first way a grid fails to solve a puzzle, naming the row, column or clue.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The grid's N differs from the puzzle's.
    #[error("the grid is {found}×{found}, the puzzle is {expected}×{expected}")]
    WrongSize {
        /// The puzzle's N.
        expected: usize,
        /// The grid's N.
        found: usize,
    },
    /// A cell is empty (0) or taller than N.
    #[error("row {}, column {}: height {height} is not in 1..={size}", row + 1, column + 1)]
    HeightOutOfRange {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// The height found.
        height: u8,
        /// N.
        size: usize,
    },
    /// A height appears twice in one row.
    #[error("row {}: height {height} appears in columns {} and {}", row + 1, first + 1, second + 1)]
    RepeatedInRow {
        /// 0-based row.
        row: usize,
        /// The repeated height.
        height: u8,
        /// 0-based column of its first appearance.
        first: usize,
        /// 0-based column of its second appearance.
        second: usize,
    },
    /// A height appears twice in one column.
    #[error("column {}: height {height} appears in rows {} and {}", column + 1, first + 1, second + 1)]
    RepeatedInColumn {
        /// 0-based column.
        column: usize,
        /// The repeated height.
        height: u8,
        /// 0-based row of its first appearance.
        first: usize,
        /// 0-based row of its second appearance.
        second: usize,
    },
    /// A clue sees a different number of buildings.
    #[error("{side} clue, {} {}: the clue is {clue} but {visible} buildings are visible", side.index_noun(), index + 1)]
    ClueNotMet {
        /// The clue's side.
        side: Side,
        /// 0-based index along the side.
        index: usize,
        /// The clue.
        clue: u8,
        /// How many buildings the grid shows from there.
        visible: usize,
    },
    /// A given cell holds another height.
    #[error("row {}, column {}: the given is {given} but the grid holds {found}", row + 1, column + 1)]
    GivenChanged {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// The given height.
        given: u8,
        /// The height in the grid.
        found: u8,
    },
}

/// Checks that `grid` solves `puzzle`: sizes, ranges, givens, the Latin rule
/// on rows and columns, then every clue. Returns the first violation found.
pub fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), Violation> {
    let size = puzzle.size();
    if grid.size() != size {
        return Err(Violation::WrongSize {
            expected: size,
            found: grid.size(),
        });
    }
    check_cells(puzzle, grid)?;
    check_rows(grid)?;
    check_columns(grid)?;
    check_clues(puzzle, grid)
}

/// Every cell is in `1..=N` and keeps its given.
fn check_cells(puzzle: &Puzzle, grid: &Grid) -> Result<(), Violation> {
    let size = puzzle.size();
    for row in 0..size {
        for column in 0..size {
            let height = grid.get(row, column);
            if height == 0 || usize::from(height) > size {
                return Err(Violation::HeightOutOfRange {
                    row,
                    column,
                    height,
                    size,
                });
            }
            if let Some(given) = puzzle.given(row, column)
                && given != height
            {
                return Err(Violation::GivenChanged {
                    row,
                    column,
                    given,
                    found: height,
                });
            }
        }
    }
    Ok(())
}

/// The first repeated height among `heights` (in range): (height, first, second).
fn first_repeat(heights: impl Iterator<Item = u8>) -> Option<(u8, usize, usize)> {
    let mut seen_at: [Option<usize>; 256] = [None; 256];
    for (position, height) in heights.enumerate() {
        match seen_at[usize::from(height)] {
            Some(first) => return Some((height, first, position)),
            None => seen_at[usize::from(height)] = Some(position),
        }
    }
    None
}

fn check_rows(grid: &Grid) -> Result<(), Violation> {
    let size = grid.size();
    for row in 0..size {
        if let Some((height, first, second)) = first_repeat((0..size).map(|c| grid.get(row, c))) {
            return Err(Violation::RepeatedInRow {
                row,
                height,
                first,
                second,
            });
        }
    }
    Ok(())
}

fn check_columns(grid: &Grid) -> Result<(), Violation> {
    let size = grid.size();
    for column in 0..size {
        if let Some((height, first, second)) = first_repeat((0..size).map(|r| grid.get(r, column)))
        {
            return Err(Violation::RepeatedInColumn {
                column,
                height,
                first,
                second,
            });
        }
    }
    Ok(())
}

/// The heights a clue looks along, nearest first.
fn seen_from(grid: &Grid, side: Side, index: usize) -> Vec<u8> {
    let size = grid.size();
    (0..size)
        .map(|step| match side {
            Side::Top => grid.get(step, index),
            Side::Bottom => grid.get(size - 1 - step, index),
            Side::Left => grid.get(index, step),
            Side::Right => grid.get(index, size - 1 - step),
        })
        .collect()
}

/// How many buildings are seen: each one taller than all nearer ones.
fn buildings_seen(heights: &[u8]) -> usize {
    let mut seen = 0;
    for (position, &height) in heights.iter().enumerate() {
        if heights[..position].iter().all(|&nearer| nearer < height) {
            seen += 1;
        }
    }
    seen
}

fn check_clues(puzzle: &Puzzle, grid: &Grid) -> Result<(), Violation> {
    for side in Side::ALL {
        for (index, clue) in puzzle.clues().side(side).iter().enumerate() {
            let Some(clue) = *clue else { continue };
            let visible = buildings_seen(&seen_from(grid, side, index));
            if visible != usize::from(clue) {
                return Err(Violation::ClueNotMet {
                    side,
                    index,
                    clue,
                    visible,
                });
            }
        }
    }
    Ok(())
}
