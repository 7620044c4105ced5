//! Simon Tatham's Keen game IDs, read and written, and the zoo's answers.
//!
//! - The parameters are N (3 to 9), then optionally a difficulty `d` with one
//!   of `e` (easy), `n` (normal), `h` (hard), `x` (extreme), `u`
//!   (unreasonable), which is checked and then ignored, then optionally `m`
//!   for the multiplication-only mode (`6`, `6dh`, `5dxm`, `4m`).
//! - The description is the cage structure, a `,`, then the clues.
//! - The cage structure walks the 2·N·(N−1) lines between neighbouring
//!   cells: first the lines between a cell and its right neighbour, row by
//!   row, then the lines between a cell and the one below it, column by
//!   column — and one more, virtual line at the end. Each letter stands for
//!   a number of lines that are *not* walls (`_` = 0, `a` = 1 … `z` = 26)
//!   followed by one that is. The exception is `y`: 25 lines that are not
//!   walls and no wall after them. (This follows the reader of Tatham's
//!   game; his writer means 25-and-a-wall by `y` and 25-without by `z`. The
//!   two agree on every run shorter than 25, the only ones his generator
//!   writes, since a cage has at most 6 cells.) A letter followed by a
//!   number `k` (at least 1) stands for that letter written `k` times. The
//!   structure must end exactly on the virtual line. Two cells joined by a
//!   line that is not a wall are in the same cage.
//! - The clues come one a cage, cages in the order of their first cell (row
//!   by row): `a` (+), `s` (−), `m` (×) or `d` (÷), then the target, a number
//!   of at least 1. A `−` or `÷` cage has exactly two cells.
//!
//! ```
//! use sieve_keen::{Operation, format_keen_id, parse_keen_id};
//!
//! // The lines right of r1c1, r1c2, r2c1, r2c2, r3c1, r3c2, then those
//! // below r1c1, r2c1, r1c2, r2c2, r1c3, r2c3, then the virtual one:
//! // `a` is one open line and a wall, `a3` three of those, `_` a wall.
//! let id = "3:a_a3_a_,s1a6m3m2";
//! let puzzle = parse_keen_id(id)?;
//! assert_eq!(puzzle.cages().len(), 4);
//! assert_eq!(puzzle.cages()[0].operation, Operation::Subtract);
//! assert_eq!(puzzle.cages()[0].cells, [0, 1]); // r1c1 and r1c2
//! assert_eq!(puzzle.cages()[1].cells, [2, 4, 5]); // r1c3, r2c2, r2c3
//! assert_eq!(puzzle.cages()[1].target, 6);
//! assert_eq!(format_keen_id(&puzzle), id);
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use sieve_gameid::{Found, GameId, GameIdError, size_param, value_char};

use crate::puzzle::{Cage, Grid, MAX_SIZE, MIN_SIZE, Operation, Puzzle};

/// The difficulty letters of Tatham's Keen, easiest first.
pub const DIFFICULTIES: [char; 5] = ['e', 'n', 'h', 'x', 'u'];

/// The largest target a clue may have.
pub const MAX_TARGET: u64 = i64::MAX as u64;

/// The letter `y`: 25 lines that are not walls, and no wall after them.
const NO_WALL_RUN: u64 = 25;

/// The two cells on either side of line `line` of the walk (see the module
/// docs), for an N×N grid.
pub fn line_cells(size: usize, line: usize) -> (usize, usize) {
    let per = size - 1;
    if line < size * per {
        let (row, column) = (line / per, line % per);
        (row * size + column, row * size + column + 1)
    } else {
        let line = line - size * per;
        let (column, row) = (line / per, line % per);
        (row * size + column, (row + 1) * size + column)
    }
}

/// Union-find whose root is always the smallest cell of its class.
fn root(parent: &mut [usize], mut cell: usize) -> usize {
    while parent[cell] != cell {
        parent[cell] = parent[parent[cell]];
        cell = parent[cell];
    }
    cell
}

fn join(parent: &mut [usize], a: usize, b: usize) {
    let (a, b) = (root(parent, a), root(parent, b));
    parent[a.max(b)] = a.min(b);
}

/// Reads a Keen game ID; the error names the part of the ID, the offset in
/// it and what was expected there.
pub fn parse_keen_id(id: &str) -> Result<Puzzle, GameIdError> {
    let id = GameId::parse(id)?;
    let mut params = id.params_reader();
    let size = size_param(&mut params, MIN_SIZE..=MAX_SIZE, "the grid size N")?;
    let level_offset = params.offset() + 1;
    if let Some(level) = params.difficulty()
        && !DIFFICULTIES.contains(&level)
    {
        return Err(params.error_at(
            level_offset,
            "a difficulty e, n, h, x or u after 'd'",
            Found::Char(level),
        ));
    }
    let multiplication_only = params.eat('m');
    params
        .finish("the grid size (then a difficulty such as dh, then 'm' for multiplication only)")?;

    let mut description = id.description_reader();
    let cells = size * size;
    let lines = 2 * size * (size - 1);
    let mut parent: Vec<usize> = (0..cells).collect();
    // The position in the walk: lines 0..lines, then the virtual one.
    let mut position = 0usize;
    while let Some(letter) = description.peek().filter(|&c| c != ',') {
        let offset = description.offset();
        let open = match letter {
            '_' => 0,
            'a'..='z' => u64::from(letter as u8 - b'a') + 1,
            _ => {
                return Err(description
                    .error("a letter a-z or '_' (the cage structure), or ',' before the clues"));
            }
        };
        description.bump();
        let repeat = match description.number() {
            Some(number) if number.value == 0 => {
                return Err(description.error_at(
                    number.offset,
                    "a repeat count of at least 1",
                    Found::Text(description.written(&number)),
                ));
            }
            Some(number) => number.value,
            None => 1,
        };
        let too_much = |description: &sieve_gameid::Reader| {
            description.error_at(
                offset,
                format!(
                    "no more of the cage structure: its {} lines between cells are all read",
                    lines
                ),
                Found::Char(letter),
            )
        };
        // Each repetition moves at least one line on, so a long repeat
        // fails within lines + 1 turns.
        for _ in 0..repeat {
            for _ in 0..open {
                if position >= lines {
                    return Err(too_much(&description));
                }
                let (a, b) = line_cells(size, position);
                join(&mut parent, a, b);
                position += 1;
            }
            if open != NO_WALL_RUN {
                position += 1;
                if position > lines + 1 {
                    return Err(too_much(&description));
                }
            }
        }
    }
    if position != lines + 1 {
        return Err(description.error(format!(
            "more of the cage structure ({position} of its {} lines read, the last a virtual wall)",
            lines + 1
        )));
    }
    description.expect(',', "between the cage structure and the clues")?;

    let mut members: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for cell in 0..cells {
        let first = root(&mut parent, cell);
        members[first].push(cell);
    }
    let mut cages = Vec::new();
    for (first, cage_cells) in members.into_iter().enumerate() {
        if cage_cells.is_empty() {
            continue;
        }
        let offset = description.offset();
        let (row, column) = (first / size + 1, first % size + 1);
        let Some(operation) = description.peek().and_then(Operation::from_letter) else {
            return Err(description.error(format!(
                "a clue a, s, m or d (+ − × ÷) for the cage at r{row}c{column} (clue {} of the cages)",
                cages.len() + 1
            )));
        };
        if operation.needs_two_cells() && cage_cells.len() != 2 {
            return Err(description.error_at(
                offset,
                format!(
                    "a clue a or m: the cage at r{row}c{column} has {} cell{}, and a {} clue needs two",
                    cage_cells.len(),
                    if cage_cells.len() == 1 { "" } else { "s" },
                    operation.sign()
                ),
                Found::Char(operation.letter()),
            ));
        }
        description.bump();
        let target = description.number_in(1..=MAX_TARGET, "the clue's target")?;
        cages.push(Cage {
            cells: cage_cells,
            operation,
            target,
        });
    }
    description.finish(&format!("the clues of the {} cages", cages.len()))?;
    Puzzle::new(size, multiplication_only, cages)
        .map_err(|error| description.error_at(0, "a puzzle", Found::Text(error.to_string())))
}

/// Writes a puzzle as a Keen game ID, as his generator does (runs of three
/// or more of one letter written as the letter and the count), with `m` in
/// the parameters for the multiplication-only mode and no difficulty.
pub fn format_keen_id(puzzle: &Puzzle) -> String {
    let size = puzzle.size();
    let lines = 2 * size * (size - 1);
    let mut letters: Vec<char> = Vec::new();
    let mut open = 0usize;
    for line in 0..=lines {
        let wall = line == lines || {
            let (a, b) = line_cells(size, line);
            puzzle.cage_of(a) != puzzle.cage_of(b)
        };
        if !wall {
            open += 1;
            continue;
        }
        while open >= NO_WALL_RUN as usize {
            letters.push('y');
            open -= NO_WALL_RUN as usize;
        }
        letters.push(if open == 0 {
            '_'
        } else {
            char::from(b'a' + open as u8 - 1)
        });
        open = 0;
    }
    let mut id = size.to_string();
    if puzzle.multiplication_only() {
        id.push('m');
    }
    id.push(':');
    let mut at = 0;
    while at < letters.len() {
        let letter = letters[at];
        let run = letters[at..].iter().take_while(|&&c| c == letter).count();
        id.push(letter);
        match run {
            1 => {}
            2 => id.push(letter),
            _ => id.push_str(&run.to_string()),
        }
        at += run;
    }
    id.push(',');
    for cage in puzzle.cages() {
        id.push(cage.operation.letter());
        id.push_str(&cage.target.to_string());
    }
    id
}

/// A solved grid as the zoo's one-line answer: one character a cell, row by
/// row, `1`–`9`.
pub fn format_keen_line(grid: &Grid) -> String {
    grid.values()
        .iter()
        .map(|&value| value_char(u64::from(value)).unwrap_or('?'))
        .collect()
}

/// A picture of a solved grid with its cages: `|` between two cells of a
/// row in different cages, `-` under a cell whose neighbour below is in
/// another cage.
pub fn draw(puzzle: &Puzzle, grid: &Grid) -> String {
    let size = puzzle.size();
    let mut text = String::new();
    for row in 0..size {
        let mut line = String::new();
        for column in 0..size {
            let cell = row * size + column;
            line.push(value_char(u64::from(grid.values()[cell])).unwrap_or('?'));
            if column + 1 < size {
                let wall = puzzle.cage_of(cell) != puzzle.cage_of(cell + 1);
                line.push(if wall { '|' } else { ' ' });
            }
        }
        text.push_str(&line);
        text.push('\n');
        if row + 1 < size {
            let mut between = String::new();
            for column in 0..size {
                let cell = row * size + column;
                let wall = puzzle.cage_of(cell) != puzzle.cage_of(cell + size);
                between.push(if wall { '-' } else { ' ' });
                between.push(' ');
            }
            text.push_str(between.trim_end());
            text.push('\n');
        }
    }
    text
}
