//! Simon Tatham's Unequal game IDs, read and written, and the zoo's answers.
//!
//! - The parameters are N, then `a` for the adjacent mode, then optionally a
//!   difficulty `d<letter>`, which is ignored (`5`, `5a`, `6adt`).
//! - The description holds the N·N cells row by row, separated by `,` (a
//!   trailing `,` is allowed). A cell is its given value, `0` for an empty
//!   cell, followed by any of the flags `U`, `R`, `D`, `L`, one for each
//!   neighbour (up, right, down, left) it is marked against. Letters `a`…`z`
//!   before a cell skip 1…26 empty cells.
//! - In the unequal mode, a flag means this cell is *greater* than that
//!   neighbour; two neighbours may not each be greater than the other.
//! - In the adjacent mode, a flag is a bar: the two differ by exactly one,
//!   and both cells carry it (`R` on one, `L` on the other).
//!
//! ```
//! use sieve_unequal::{Mode, format_unequal_id, parse_unequal_id};
//!
//! let id = "3:0R,0,0,0D,1,0,0,0,0,";
//! let puzzle = parse_unequal_id(id)?;
//! assert_eq!(puzzle.mode(), Mode::Unequal);
//! assert_eq!(puzzle.givens()[4], Some(1));
//! assert_eq!(puzzle.signs().len(), 2); // r1c1 > r1c2, r2c1 > r3c1
//! assert_eq!(format_unequal_id(&puzzle), id);
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use sieve_gameid::{Found, GameId, GameIdError, size_param, value_char};

use crate::puzzle::{Grid, MAX_SIZE, Mode, Puzzle};

/// The four directions of the flags, in the order `U`, `R`, `D`, `L`.
const FLAGS: [(char, isize, isize); 4] = [('U', -1, 0), ('R', 0, 1), ('D', 1, 0), ('L', 0, -1)];

/// One flag as read: the cell, the neighbour it points at, and where it stood.
struct Flag {
    cell: usize,
    neighbour: usize,
    offset: usize,
}

/// Reads an Unequal game ID in either mode; the error names the part of the
/// ID, the offset in it and what was expected there.
pub fn parse_unequal_id(id: &str) -> Result<Puzzle, GameIdError> {
    let id = GameId::parse(id)?;
    let mut params = id.params_reader();
    let size = size_param(&mut params, 1..=MAX_SIZE, "the grid size N")?;
    let mode = if params.eat('a') {
        Mode::Adjacent
    } else {
        Mode::Unequal
    };
    params.difficulty();
    params.finish("the grid size (then 'a' for the adjacent mode, and a difficulty such as dt)")?;

    let mut description = id.description_reader();
    let cells = size * size;
    let mut givens = vec![None; cells];
    let mut flags: Vec<Flag> = Vec::new();
    let mut cell = 0;
    while cell < cells {
        loop {
            let offset = description.offset();
            let Some(run) = description.blank_run() else {
                break;
            };
            if cell + run >= cells {
                return Err(description.error_at(
                    offset,
                    format!(
                        "a run of fewer than {} empty cells (a cell must follow it)",
                        cells - cell
                    ),
                    Found::Text(format!("a run of {run}")),
                ));
            }
            cell += run;
        }
        let value = description.number_in(0..=size as u64, "a cell's value (0 for empty)")?;
        givens[cell] = (value > 0).then_some(value as u8);
        let (row, column) = (cell / size, cell % size);
        while let Some(&(_, dr, dc)) = FLAGS
            .iter()
            .find(|(c, _, _)| description.peek() == Some(*c))
        {
            let offset = description.offset();
            let (r, c) = (row as isize + dr, column as isize + dc);
            if r < 0 || c < 0 || r >= size as isize || c >= size as isize {
                return Err(description.error_at(
                    offset,
                    format!(
                        "a flag pointing at a neighbour inside the grid (cell at row {}, column {})",
                        row + 1,
                        column + 1
                    ),
                    description.found(),
                ));
            }
            description.bump();
            flags.push(Flag {
                cell,
                neighbour: r as usize * size + c as usize,
                offset,
            });
        }
        cell += 1;
        if cell < cells {
            description.expect(
                ',',
                &format!(
                    "or a flag U, R, D, L after cell {cell} of {cells} (row {}, column {})",
                    row + 1,
                    column + 1
                ),
            )?;
        } else {
            description.eat(',');
        }
    }
    description.finish(&format!("the {cells} cells"))?;

    let mut puzzle = Puzzle::new(size, mode)
        .and_then(|puzzle| puzzle.with_givens(givens))
        .map_err(|error| description.error_at(0, "a puzzle", Found::Text(error.to_string())))?;
    let pointed =
        |from: usize, to: usize| flags.iter().any(|f| f.cell == from && f.neighbour == to);
    for flag in &flags {
        let back = pointed(flag.neighbour, flag.cell);
        let added = match mode {
            Mode::Unequal if back => {
                return Err(description.error_at(
                    flag.offset,
                    "signs that agree: two neighbours cannot each be greater than the other",
                    Found::Text(format!("{:?}", description_char(&id, flag.offset))),
                ));
            }
            Mode::Unequal => puzzle.add_sign(flag.cell, flag.neighbour),
            Mode::Adjacent if !back => {
                return Err(description.error_at(
                    flag.offset,
                    "a bar on both cells: the neighbour has no flag pointing back",
                    Found::Text(format!("{:?}", description_char(&id, flag.offset))),
                ));
            }
            // Each bar is flagged twice: add it once.
            Mode::Adjacent if flag.cell < flag.neighbour => {
                puzzle.add_bar(flag.cell, flag.neighbour)
            }
            Mode::Adjacent => Ok(()),
        };
        // A repeated flag marks the same pair again: harmless.
        if let Err(crate::puzzle::PuzzleError::Duplicate(..)) = added {
            continue;
        }
        added.map_err(|error| {
            description.error_at(flag.offset, "a flag", Found::Text(error.to_string()))
        })?;
    }
    Ok(puzzle)
}

fn description_char(id: &GameId<'_>, offset: usize) -> char {
    id.description().chars().nth(offset).unwrap_or(' ')
}

/// Writes a puzzle as an Unequal game ID, as his generator does: every cell
/// written, `0` for an empty one, with a trailing `,`; no difficulty.
pub fn format_unequal_id(puzzle: &Puzzle) -> String {
    let size = puzzle.size();
    let mut id = size.to_string();
    if puzzle.mode() == Mode::Adjacent {
        id.push('a');
    }
    id.push(':');
    for cell in 0..size * size {
        id.push_str(&puzzle.givens()[cell].unwrap_or(0).to_string());
        let (row, column) = (cell / size, cell % size);
        for (letter, dr, dc) in FLAGS {
            let (r, c) = (row as isize + dr, column as isize + dc);
            if r < 0 || c < 0 || r >= size as isize || c >= size as isize {
                continue;
            }
            let neighbour = r as usize * size + c as usize;
            let flagged = match puzzle.mode() {
                Mode::Unequal => puzzle
                    .signs()
                    .iter()
                    .any(|sign| sign.greater == cell && sign.less == neighbour),
                Mode::Adjacent => puzzle.has_bar(cell, neighbour),
            };
            if flagged {
                id.push(letter);
            }
        }
        id.push(',');
    }
    id
}

/// A solved grid as the zoo's one-line answer: one character a cell, row by
/// row, `1`–`9` then `a`, `b`, … for 10, 11, ….
pub fn format_unequal_line(grid: &Grid) -> String {
    grid.values()
        .iter()
        .map(|&value| value_char(u64::from(value)).unwrap_or('?'))
        .collect()
}

/// A picture of a grid with the puzzle's marks, as Tatham draws it in text:
/// `<`, `>` between cells of a row and `^`, `v` between rows (the sign
/// opens towards the greater cell), or `|` and `-` for the adjacent mode's
/// bars. Values past 9 are written as letters (`a` for 10).
pub fn draw(puzzle: &Puzzle, grid: &Grid) -> String {
    let size = puzzle.size();
    let sign_between = |a: usize, b: usize| -> Option<bool> {
        puzzle.signs().iter().find_map(|sign| {
            if (sign.greater, sign.less) == (a, b) {
                Some(true)
            } else if (sign.greater, sign.less) == (b, a) {
                Some(false)
            } else {
                None
            }
        })
    };
    let mut text = String::new();
    for row in 0..size {
        let mut line = String::new();
        for column in 0..size {
            let cell = row * size + column;
            line.push(value_char(u64::from(grid.values()[cell])).unwrap_or('?'));
            if column + 1 < size {
                line.push(match (puzzle.mode(), sign_between(cell, cell + 1)) {
                    (Mode::Adjacent, _) if puzzle.has_bar(cell, cell + 1) => '|',
                    (_, Some(true)) => '>',
                    (_, Some(false)) => '<',
                    _ => ' ',
                });
            }
        }
        text.push_str(line.trim_end());
        text.push('\n');
        if row + 1 < size {
            let mut between = String::new();
            for column in 0..size {
                let cell = row * size + column;
                between.push(match (puzzle.mode(), sign_between(cell, cell + size)) {
                    (Mode::Adjacent, _) if puzzle.has_bar(cell, cell + size) => '-',
                    (_, Some(true)) => 'v',
                    (_, Some(false)) => '^',
                    _ => ' ',
                });
                between.push(' ');
            }
            text.push_str(between.trim_end());
            text.push('\n');
        }
    }
    text
}
