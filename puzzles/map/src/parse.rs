//! Simon Tatham's Map game IDs, read and written.
//!
//! - The parameters are the width and height in cells, `WxH` (or `W` alone
//!   for a square), each at least 2; then optionally `n` and the number of
//!   regions (without it, W·H/8, as his game reads it); then optionally a
//!   difficulty `d` with `e` (easy), `n` (normal), `h` (hard) or `u`
//!   (unreasonable), which is checked and then ignored (`20x15n30`,
//!   `8x8n10de`).
//! - The description is the edge list, a `,`, then the given colours.
//! - The edge list walks the lines between neighbouring cells: first the
//!   line under each cell, row by row (W·(H−1) of them), then the line right
//!   of each cell, column by column ((W−1)·H), after one notional line that
//!   is not a wall. Letters are runs along that walk that alternate between
//!   lines that are not walls and lines that are, starting with not walls:
//!   `a`…`y` is a run of 1…25 and switches to the other kind, `z` is 25 and
//!   does not switch. The runs must cover the walk exactly. Cells joined by
//!   a line that is not a wall are in one region; regions are numbered in
//!   the order of their first cell, row by row, and there must be as many as
//!   the parameters say.
//! - The given colours come one a region, in that numbering: a digit `0`–`3`
//!   is a region's colour, a letter `a`…`z` a run of 1…26 regions without
//!   one.
//!
//! ```
//! use sieve_map::{format_map_id, parse_map_id};
//!
//! // 3×2 cells: lines under r1c1, r1c2, r1c3, then right of r1c1, r2c1,
//! // r1c2, r2c2. `b` is the notional line and the one under r1c1 (not
//! // walls), `f` the other six (walls): r1c1 and r2c1 make region 0, and
//! // every other cell is a region of its own. Region 0 is given colour 0.
//! let puzzle = parse_map_id("3x2n5:bf,0d")?;
//! assert_eq!(puzzle.region_of(), [0, 1, 2, 0, 3, 4]);
//! assert_eq!(puzzle.givens()[0], Some(0));
//! assert_eq!(puzzle.neighbours(0), [1, 3]);
//! assert_eq!(format_map_id(&puzzle), "3x2n5:bf,0d");
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use sieve_gameid::{
    Found, GameId, GameIdError, Reader, digit_run_grid, dimensions_param, write_digit_run_grid,
};

use crate::puzzle::{COLOURS, MAX_SIDE, MIN_SIDE, Puzzle};

/// The difficulty letters of Tatham's Map, easiest first.
pub const DIFFICULTIES: [char; 4] = ['e', 'n', 'h', 'u'];

/// The run that does not switch between walls and open lines: `z`, 25.
const LONG_RUN: usize = 25;

/// The two cells on either side of line `line` of the walk (see the module
/// docs), for a W×H grid: under each cell row by row, then right of each
/// cell column by column.
pub fn line_cells(width: usize, height: usize, line: usize) -> (usize, usize) {
    let under = width * (height - 1);
    if line < under {
        (line, line + width)
    } else {
        let line = line - under;
        let (column, row) = (line / height, line % height);
        (row * width + column, row * width + column + 1)
    }
}

/// How many lines the walk has: W·(H−1) + (W−1)·H.
pub fn line_count(width: usize, height: usize) -> usize {
    width * (height - 1) + (width - 1) * height
}

/// Reads a Map game ID; the error names the part of the ID, the offset in
/// it and what was expected there.
pub fn parse_map_id(id: &str) -> Result<Puzzle, GameIdError> {
    let id = GameId::parse(id)?;
    let mut params = id.params_reader();
    let (width, height) = dimensions_param(&mut params, MIN_SIDE..=MAX_SIDE, "the grid")?;
    let cells = width * height;
    let regions = if params.eat('n') {
        params.number_in(1..=cells as u64, "the number of regions")? as usize
    } else {
        cells / 8
    };
    let level_offset = params.offset() + 1;
    if let Some(level) = params.difficulty()
        && !DIFFICULTIES.contains(&level)
    {
        return Err(params.error_at(
            level_offset,
            "a difficulty e, n, h or u after 'd'",
            Found::Char(level),
        ));
    }
    params.finish("the grid size (WxH, then n and the regions, then a difficulty such as dh)")?;

    let mut description = id.description_reader();
    let walls = read_edge_list(&mut description, width, height)?;
    let comma = description.offset();
    description.expect(',', "between the edge list and the given colours")?;
    let region_of = number_regions(width, height, &walls);
    let made = region_of.iter().max().map_or(0, |&last| last + 1);
    if made != regions {
        return Err(description.error_at(
            comma,
            format!("an edge list of {regions} regions, as the parameters say"),
            Found::Text(format!("one of {made}")),
        ));
    }
    let givens = digit_run_grid(&mut description, regions, COLOURS - 1, "a colour")?;
    description.finish(&format!("the colours of the {regions} regions"))?;
    Puzzle::new(width, height, region_of, givens)
        .map_err(|error| description.error_at(0, "a puzzle", Found::Text(error.to_string())))
}

/// Reads the edge list up to the `,`: whether each line of the walk is a
/// wall.
fn read_edge_list(
    description: &mut Reader,
    width: usize,
    height: usize,
) -> Result<Vec<bool>, GameIdError> {
    let lines = line_count(width, height);
    let mut walls = Vec::with_capacity(lines);
    // The notional line before the walk, which is not a wall.
    let mut notional = true;
    let mut wall = false;
    while let Some(letter) = description.peek().filter(|&c| c != ',') {
        if !letter.is_ascii_lowercase() {
            return Err(
                description.error("a letter a-z (the edge list), or ',' before the colours")
            );
        }
        let run = if letter == 'z' {
            LONG_RUN
        } else {
            usize::from(letter as u8 - b'a') + 1
        };
        for _ in 0..run {
            if std::mem::take(&mut notional) {
                continue;
            }
            if walls.len() == lines {
                return Err(description.error(format!(
                    "no more of the edge list: its {lines} lines between cells are all read"
                )));
            }
            walls.push(wall);
        }
        if letter != 'z' {
            wall = !wall;
        }
        description.bump();
    }
    if walls.len() < lines {
        return Err(description.error(format!(
            "more of the edge list ({} of its {lines} lines read)",
            walls.len()
        )));
    }
    Ok(walls)
}

/// The region of each cell: cells joined by lines that are not walls share
/// one, numbered in the order of their first cells.
fn number_regions(width: usize, height: usize, walls: &[bool]) -> Vec<usize> {
    let cells = width * height;
    let mut parent: Vec<usize> = (0..cells).collect();
    for (line, &wall) in walls.iter().enumerate() {
        if !wall {
            let (a, b) = line_cells(width, height, line);
            let (a, b) = (root(&mut parent, a), root(&mut parent, b));
            parent[a.max(b)] = a.min(b);
        }
    }
    let mut number = vec![usize::MAX; cells];
    let mut next = 0;
    (0..cells)
        .map(|cell| {
            let first = root(&mut parent, cell);
            if number[first] == usize::MAX {
                number[first] = next;
                next += 1;
            }
            number[first]
        })
        .collect()
}

/// Union-find whose root is the smallest cell of its class.
fn root(parent: &mut [usize], mut cell: usize) -> usize {
    while parent[cell] != cell {
        parent[cell] = parent[parent[cell]];
        cell = parent[cell];
    }
    cell
}

/// Writes a puzzle as a Map game ID, as his generator does, with `n` and
/// the number of regions in the parameters and no difficulty.
pub fn format_map_id(puzzle: &Puzzle) -> String {
    let (width, height) = (puzzle.width(), puzzle.height());
    let region_of = puzzle.region_of();
    let mut id = format!("{width}x{height}n{}:", puzzle.regions());
    // The notional line counts in the first run.
    let (mut run, mut wall) = (1usize, false);
    for line in 0..line_count(width, height) {
        let (a, b) = line_cells(width, height, line);
        let this = region_of[a] != region_of[b];
        if this != wall {
            id.push(run_letter(run));
            (run, wall) = (1, this);
        } else {
            if run == LONG_RUN {
                id.push('z');
                run = 0;
            }
            run += 1;
        }
    }
    id.push(run_letter(run));
    id.push(',');
    id.push_str(&write_digit_run_grid(puzzle.givens()));
    id
}

/// `a` for a run of 1 … `y` for 25.
fn run_letter(run: usize) -> char {
    char::from(b'a' + run as u8 - 1)
}
