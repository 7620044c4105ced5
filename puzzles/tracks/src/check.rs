//! The independent checker: it reads the puzzle's data and each cell's
//! connections and nothing else (no rule, no model), so a bug in the rules
//! cannot hide behind it. It checks that neighbours agree, that the track
//! comes in and goes out where the puzzle says, the given pieces, the counts,
//! and walks the track from one end to the other.

use thiserror::Error;

use crate::puzzle::{Puzzle, Track};

/// The first thing wrong with a track.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The track is laid on another grid than the puzzle's.
    #[error("the track is on a {found:?} grid, the puzzle {expected:?} (width, height)")]
    Size {
        /// The track's (W, H).
        found: (usize, usize),
        /// The puzzle's (W, H).
        expected: (usize, usize),
    },
    /// A cell whose connections are not none or two.
    #[error("r{}c{} has connections {mask:#x}: a cell holds one piece of track or none", cell.0 + 1, cell.1 + 1)]
    Cell {
        /// 0-based row and column.
        cell: (usize, usize),
        /// Its connections.
        mask: u8,
    },
    /// A cell leading towards a neighbour that does not lead back, or off the
    /// grid other than at the entrance or the exit.
    #[error("r{}c{} leads {direction} where nothing leads back", cell.0 + 1, cell.1 + 1)]
    Dangling {
        /// 0-based row and column.
        cell: (usize, usize),
        /// `up`, `right`, `down` or `left`.
        direction: &'static str,
    },
    /// The track does not come in at the entrance, or go out at the exit.
    #[error("the track does not pass the {end}")]
    End {
        /// `entrance` or `exit`.
        end: &'static str,
    },
    /// A given piece laid otherwise.
    #[error("r{}c{} holds {found:#x}, but the piece given there is {given:#x}", cell.0 + 1, cell.1 + 1)]
    Piece {
        /// 0-based row and column.
        cell: (usize, usize),
        /// The piece given.
        given: u8,
        /// What the track does there.
        found: u8,
    },
    /// A row or column with another count of track cells than its clue.
    #[error("{line} has {found} track cells, its count is {count}")]
    Count {
        /// `column 3` or `row 2`.
        line: String,
        /// The clue.
        count: usize,
        /// The track cells in it.
        found: usize,
    },
    /// Track cells off the path from the entrance to the exit.
    #[error("the track from the entrance passes {walked} of the {total} track cells")]
    Several {
        /// The cells the walk passed.
        walked: usize,
        /// Every cell with connections.
        total: usize,
    },
}

/// The four directions: bit, row step, column step, name.
const WAYS: [(u8, isize, isize, &str); 4] = [
    (1, -1, 0, "up"),
    (2, 0, 1, "right"),
    (4, 1, 0, "down"),
    (8, 0, -1, "left"),
];

/// Checks `solution` against every rule of `puzzle`.
pub fn check(puzzle: &Puzzle, solution: &Track) -> Result<(), Violation> {
    let (width, height) = (puzzle.width(), puzzle.height());
    let found = (solution.board().width(), solution.board().height());
    if found != (width, height) {
        return Err(Violation::Size {
            found,
            expected: (width, height),
        });
    }
    let masks = solution.connections();
    let entrance = (puzzle.entrance(), 0);
    let exit = (height - 1, puzzle.exit());
    let neighbour = |(row, column): (usize, usize), way: usize| {
        let (_, down, right, _) = WAYS[way];
        let row = row.checked_add_signed(down).filter(|&row| row < height)?;
        let column = column
            .checked_add_signed(right)
            .filter(|&column| column < width)?;
        Some((row, column))
    };
    let mask_at = |(row, column): (usize, usize)| masks[row * width + column];
    // The way out of the grid at each end: left at the entrance, down at the exit.
    let leaves_grid = |cell: (usize, usize), way: usize| {
        (cell == entrance && way == 3) || (cell == exit && way == 2)
    };
    for row in 0..height {
        for column in 0..width {
            let cell = (row, column);
            let mask = mask_at(cell);
            if mask > 15 || !matches!(mask.count_ones(), 0 | 2) {
                return Err(Violation::Cell { cell, mask });
            }
            // Only the ways the cell leads in are asked after: most cells
            // lead in none (with a board's directions read at one division,
            // tracks-15x15de 160.7 -> 159.0 ms task-clock over 20 passes).
            for (way, &(bit, _, _, name)) in WAYS.iter().enumerate() {
                let back = WAYS[(way + 2) % 4].0;
                let answered = || {
                    leaves_grid(cell, way)
                        || neighbour(cell, way).is_some_and(|next| mask_at(next) & back != 0)
                };
                if mask & bit != 0 && !answered() {
                    return Err(Violation::Dangling {
                        cell,
                        direction: name,
                    });
                }
            }
        }
    }
    if mask_at(entrance) & WAYS[3].0 == 0 {
        return Err(Violation::End { end: "entrance" });
    }
    if mask_at(exit) & WAYS[2].0 == 0 {
        return Err(Violation::End { end: "exit" });
    }
    for (index, piece) in puzzle.pieces().iter().enumerate() {
        if let Some(given) = *piece
            && masks[index] != given
        {
            let cell = (index / width, index % width);
            return Err(Violation::Piece {
                cell,
                given,
                found: mask_at(cell),
            });
        }
    }
    let on = |cell: (usize, usize)| usize::from(mask_at(cell) != 0);
    for (column, &count) in puzzle.columns().iter().enumerate() {
        let found = (0..height).map(|row| on((row, column))).sum();
        if found != count {
            let line = format!("column {}", column + 1);
            return Err(Violation::Count { line, count, found });
        }
    }
    for (row, &count) in puzzle.rows().iter().enumerate() {
        let found = (0..width).map(|column| on((row, column))).sum();
        if found != count {
            let line = format!("row {}", row + 1);
            return Err(Violation::Count { line, count, found });
        }
    }
    // Walk from the entrance, never straight back, until the track leaves the
    // grid (at the exit: every other way out was refused above).
    let total: usize = masks.iter().filter(|&&mask| mask != 0).count();
    let (mut here, mut came_from, mut walked) = (entrance, 3, 1);
    loop {
        let out = (0..4).find(|&way| way != came_from && mask_at(here) & WAYS[way].0 != 0);
        let Some(next) = out.and_then(|way| neighbour(here, way).map(|next| (next, way))) else {
            break;
        };
        if walked > total {
            break;
        }
        (here, came_from, walked) = (next.0, (next.1 + 2) % 4, walked + 1);
    }
    if walked != total {
        return Err(Violation::Several { walked, total });
    }
    Ok(())
}
