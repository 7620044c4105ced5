//! Pieces the zoo adapters share to describe their boards for the replay page
//! (`sieve_replay::Board`): a grid of cell variables, counts around the border,
//! cages from lists of cell indexes.

use sieve::VarId;
use sieve::rules::Graph;
use sieve_replay::{Board, Cage, ClueShape, Ink, Point};

/// A `rows × cols` board whose cell (r, c) draws the variable `var_at(r, c)` (cells
/// without one stay blank) with the ink `ink(r, c)`.
pub fn cell_board(
    rows: usize,
    cols: usize,
    var_at: impl Fn(usize, usize) -> Option<VarId>,
    ink: impl Fn(usize, usize) -> Ink,
) -> Board {
    let mut board = Board::new(rows, cols);
    for row in 0..rows {
        for col in 0..cols {
            if let Some(var) = var_at(row, col) {
                board.cell(row, col, var.index(), ink(row, col));
            }
        }
    }
    board
}

/// Clues above the columns (`top`) and left of the rows (`left`), a `None` left
/// out; `bottom` and `right` below and to the right.
pub struct BorderCounts<'a> {
    /// Above each column.
    pub top: &'a [Option<String>],
    /// Left of each row.
    pub left: &'a [Option<String>],
    /// Below each column.
    pub bottom: &'a [Option<String>],
    /// Right of each row.
    pub right: &'a [Option<String>],
}

/// Writes clues around the border of `board`.
pub fn border_clues(board: &mut Board, counts: &BorderCounts<'_>) {
    let (below, beyond) = (2 * board.rows as i32 + 1, 2 * board.cols as i32 + 1);
    let sides = [
        (counts.top, true, -1),
        (counts.bottom, true, below),
        (counts.left, false, -1),
        (counts.right, false, beyond),
    ];
    for (clues, across, at) in sides {
        for (index, clue) in clues.iter().enumerate() {
            let Some(text) = clue else { continue };
            let along = 2 * index as i32 + 1;
            let point = if across {
                Point { y: at, x: along }
            } else {
                Point { y: along, x: at }
            };
            board.clue(point, text.clone(), ClueShape::Plain);
        }
    }
}

/// Numbers written as clue texts, `None` kept.
pub fn texts<T: ToString>(numbers: &[Option<T>]) -> Vec<Option<String>> {
    numbers
        .iter()
        .map(|number| number.as_ref().map(ToString::to_string))
        .collect()
}

/// A cage over cell indexes of a grid `cols` wide.
pub fn cage(cells: &[usize], cols: usize, label: Option<String>) -> Cage {
    Cage {
        cells: cells
            .iter()
            .map(|&cell| (cell / cols, cell % cols))
            .collect(),
        label,
    }
}

/// The two-valued ink that draws `dark` black.
pub fn shade(dark: sieve::Value) -> Ink {
    Ink::Shade { dark }
}

/// The ink that draws each value as one of `symbols` (from the first value).
pub fn symbols(symbols: &[&str]) -> Ink {
    Ink::Symbols {
        symbols: symbols.iter().map(|symbol| symbol.to_string()).collect(),
    }
}

/// A board whose lines join the centres of neighbouring cells: one line for
/// each link of a `rows × cols` grid graph (the order of `Graph::grid`'s
/// edges), drawn when its variable is 1 (Pearl's loop, Tracks' track).
pub fn links_board(rows: usize, cols: usize, links: &[VarId]) -> Board {
    let mut board = Board::new(rows, cols);
    let centre = |cell: usize| Point::centre(cell / cols, cell % cols);
    for (&(a, b), var) in Graph::grid(rows, cols).edges().iter().zip(links) {
        board.line(var.index(), 1, centre(a), centre(b));
    }
    board
}
