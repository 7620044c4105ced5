//! The independent checker: it reads the pearls and each cell's connections
//! and nothing else (no rule, no model), so a bug in the rules cannot hide
//! behind it. It checks that neighbours agree, that each cell is passed once
//! or not at all, each pearl's rule, and walks the loop once round.

use thiserror::Error;

use crate::puzzle::{Loop, Pearl, Puzzle};

/// The first thing wrong with a loop.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The loop is drawn on another grid than the puzzle's.
    #[error("the loop is on a {found:?} grid, the puzzle {expected:?} (width, height)")]
    Size {
        /// The loop's (W, H).
        found: (usize, usize),
        /// The puzzle's (W, H).
        expected: (usize, usize),
    },
    /// A cell whose connections are not none or two.
    #[error("r{}c{} has connections {mask:#x}: a cell is passed once or not at all", cell.0 + 1, cell.1 + 1)]
    Cell {
        /// 0-based row and column.
        cell: (usize, usize),
        /// Its connections.
        mask: u8,
    },
    /// A cell connected towards a neighbour that is not connected back, or off
    /// the grid.
    #[error("r{}c{} leads {direction} where nothing leads back", cell.0 + 1, cell.1 + 1)]
    Dangling {
        /// 0-based row and column.
        cell: (usize, usize),
        /// `up`, `right`, `down` or `left`.
        direction: &'static str,
    },
    /// A pearl whose rule is broken.
    #[error("the {colour} pearl at r{}c{}: {problem}", cell.0 + 1, cell.1 + 1)]
    Pearl {
        /// `black` or `white`.
        colour: &'static str,
        /// 0-based row and column.
        cell: (usize, usize),
        /// What is wrong.
        problem: &'static str,
    },
    /// No cell on the loop.
    #[error("no cell is on the loop")]
    Empty,
    /// More than one loop.
    #[error("the cells make several loops: a walk round one passes {walked} of the {total} cells")]
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
pub fn check(puzzle: &Puzzle, solution: &Loop) -> Result<(), Violation> {
    let (width, height) = (puzzle.width(), puzzle.height());
    let found = (solution.board().width(), solution.board().height());
    if found != (width, height) {
        return Err(Violation::Size {
            found,
            expected: (width, height),
        });
    }
    let masks = solution.connections();
    // The neighbour of (row, column) one step along `way`, if on the grid.
    let neighbour = |row: usize, column: usize, way: usize| {
        let (_, down, right, _) = WAYS[way];
        let row = row.checked_add_signed(down).filter(|&row| row < height)?;
        let column = column
            .checked_add_signed(right)
            .filter(|&column| column < width)?;
        Some((row, column))
    };
    let mask_at = |(row, column): (usize, usize)| masks[row * width + column];
    for row in 0..height {
        for column in 0..width {
            let mask = mask_at((row, column));
            if mask > 15 || !matches!(mask.count_ones(), 0 | 2) {
                return Err(Violation::Cell {
                    cell: (row, column),
                    mask,
                });
            }
            for (way, &(bit, _, _, name)) in WAYS.iter().enumerate() {
                let back = WAYS[(way + 2) % 4].0;
                let answered =
                    neighbour(row, column, way).is_some_and(|next| mask_at(next) & back != 0);
                if mask & bit != 0 && !answered {
                    return Err(Violation::Dangling {
                        cell: (row, column),
                        direction: name,
                    });
                }
            }
        }
    }
    for (cell, pearl) in puzzle.pearls().iter().enumerate() {
        let Some(pearl) = pearl else { continue };
        let (row, column) = (cell / width, cell % width);
        let mask = masks[cell];
        let straight = |mask: u8| mask == 0b0101 || mask == 0b1010;
        // For each way the loop leaves the pearl: does the next cell go straight on?
        let mut straight_on = Vec::new();
        for (way, &(bit, _, _, _)) in WAYS.iter().enumerate() {
            if mask & bit != 0 {
                let next = neighbour(row, column, way).map_or(0, mask_at);
                straight_on.push(next & bit != 0);
            }
        }
        let problem = match pearl {
            _ if mask == 0 => "the loop does not pass it",
            Pearl::Black if straight(mask) => "the loop does not turn on it",
            Pearl::Black if straight_on.contains(&false) => "the loop turns in a cell next to it",
            Pearl::White if !straight(mask) => "the loop turns on it",
            Pearl::White if !straight_on.contains(&false) => {
                "the loop goes straight on in both cells next to it"
            }
            _ => continue,
        };
        return Err(Violation::Pearl {
            colour: if *pearl == Pearl::Black {
                "black"
            } else {
                "white"
            },
            cell: (row, column),
            problem,
        });
    }
    let total = masks.iter().filter(|&&mask| mask != 0).count();
    let Some(start) = masks.iter().position(|&mask| mask != 0) else {
        return Err(Violation::Empty);
    };
    // Walk round from the first cell on the loop, never straight back.
    let start = (start / width, start % width);
    let (mut previous, mut here, mut walked) = (None, start, 0);
    loop {
        let onward = (0..4)
            .filter(|&way| mask_at(here) & WAYS[way].0 != 0)
            .filter_map(|way| neighbour(here.0, here.1, way))
            .find(|&next| Some(next) != previous);
        let Some(next) = onward else { break };
        (previous, here) = (Some(here), next);
        walked += 1;
        if here == start {
            break;
        }
    }
    if walked != total {
        return Err(Violation::Several { walked, total });
    }
    Ok(())
}
