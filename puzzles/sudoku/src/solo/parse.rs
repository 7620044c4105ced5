//! Simon Tatham's Solo game IDs, read; the zoo's one-line answer; a picture.
//!
//! The facts of the format (from his `solo.c`):
//!
//! - The parameters are `CxR` — boxes of C rows and R columns, a grid of side
//!   N = C·R (`2x3`, `3x3`, `3x4`) — or a single number C for square boxes
//!   (`3` is `3x3`). Then, in any order: `j` for a jigsaw (the blocks are
//!   given in the description; `9j` is a jigsaw of side 9, and `3x3j` the
//!   same), `x` for X (both main diagonals hold every value once), `k` for
//!   killer (cages with sums), a difficulty `d<letter>` (`dt db di da de du`)
//!   and a symmetry (`r2`, `r4`, `m2`, `md2`, `m4`, `md4`, `m8`, `a`), both
//!   ignored. A box of one column (`9x1`) is a jigsaw too. N is at most 31,
//!   at most 9 for killer, at least 4 for X.
//! - The description starts with the N·N cells row by row in run lengths: a
//!   number is a given, a letter `a`…`z` a run of 1…26 empty cells, `_` only
//!   separates two numbers.
//! - A jigsaw then has `,` and its block structure; a killer has `,` and its
//!   cage structure, then `,` and the cage sums as a grid in run lengths (one
//!   number in one cell of each cage).
//! - A structure lists the grid's inner edges, first the N·(N−1) edges
//!   between horizontal neighbours in reading order, then the N·(N−1) edges
//!   between vertical neighbours column by column. Each letter `a`…`y` is a
//!   run of 1…25 edges that do not separate two blocks (the two cells join)
//!   followed by one that does; `_` is a separating edge alone; `z` is 26
//!   joining edges with no separator after them, as his own reader (and so
//!   his game and solver) takes it; his writer's comment counts `z` as 25,
//!   so the two differ on a run of 26 or more joined edges, which none of
//!   the generated IDs we tried holds (no `z` in any structure).
//!   The last separator stands for a virtual edge just past the last one.
//!   Jigsaw blocks are N blocks of N cells; cages have 2 to N cells.

use sieve_gameid::{
    Found, GameId, GameIdError, Reader, run_length_grid, size_param, value_char,
    write_run_length_grid,
};

use crate::solo::puzzle::{Cage, SoloGrid, SoloPuzzle};

/// The largest N Tatham's game allows.
pub const MAX_SOLO_SIZE: usize = 31;

/// The largest N of a killer puzzle.
pub const MAX_KILLER_SIZE: usize = 9;

/// Reads a Solo game ID in any variant; the error names the part of the ID,
/// the offset in it and what was expected there.
pub fn parse_solo_id(id: &str) -> Result<SoloPuzzle, GameIdError> {
    let id = GameId::parse(id)?;
    let mut params = id.params_reader();
    let mut box_rows = size_param(&mut params, 2..=MAX_SOLO_SIZE, "the rows of a box")?;
    let mut box_cols = box_rows;
    let mut seen_cols = false;
    if params.eat('x') {
        box_cols = size_param(
            &mut params,
            1..=MAX_SOLO_SIZE,
            "the columns of a box after 'x'",
        )?;
        seen_cols = true;
    }
    let (mut x, mut killer) = (false, false);
    while let Some(letter) = params.peek() {
        match letter {
            'j' => {
                params.bump();
                if seen_cols {
                    box_rows *= box_cols;
                    seen_cols = false;
                }
                box_cols = 1;
            }
            'x' => {
                params.bump();
                x = true;
            }
            'k' => {
                params.bump();
                killer = true;
            }
            'd' => {
                params.bump();
                if !params.peek().is_some_and(|level| "tbiaeu".contains(level)) {
                    return Err(params.error("a difficulty t, b, i, a, e or u after 'd'"));
                }
                params.bump();
            }
            'r' | 'm' | 'a' => {
                params.bump();
                if letter == 'm' {
                    params.eat('d');
                }
                params.number();
            }
            _ => {
                return Err(params.error(
                    "j (jigsaw), x (X), k (killer), a difficulty such as dt or a symmetry such as r2",
                ));
            }
        }
    }
    let size = box_rows * box_cols;
    let whole =
        |expected: String| params.error_at(0, expected, Found::Text(id.params().to_string()));
    if size > MAX_SOLO_SIZE {
        return Err(whole(format!(
            "a grid of at most {MAX_SOLO_SIZE} values (boxes of {box_rows}×{box_cols} make {size})"
        )));
    }
    if killer && size > MAX_KILLER_SIZE {
        return Err(whole(format!(
            "a killer grid of at most {MAX_KILLER_SIZE} values (this one has {size})"
        )));
    }
    if x && size < 4 {
        return Err(whole(format!(
            "an X grid of at least 4 values (this one has {size})"
        )));
    }
    let jigsaw = box_cols == 1;

    let mut description = id.description_reader();
    let area = size * size;
    let givens: Vec<Option<u8>> =
        run_length_grid(&mut description, area, 1..=size as u64, "a given")?
            .into_iter()
            .map(|given| given.map(|value| value as u8))
            .collect();
    let blocks = if jigsaw {
        description.expect(',', "then the jigsaw's block structure")?;
        let start = description.offset();
        let (blocks, sizes) = structure(&mut description, size, "the jigsaw's block structure")?;
        let wrong = sizes.iter().position(|&cells| cells != size);
        if sizes.len() != size || wrong.is_some() {
            let found = match wrong {
                Some(block) => {
                    let first = blocks.iter().position(|&b| b == block).unwrap_or(0);
                    format!(
                        "a block of {} cells at {}",
                        sizes[block],
                        cell_name(size, first)
                    )
                }
                None => format!("{} blocks", sizes.len()),
            };
            return Err(description.error_at(
                start,
                format!("a block structure of {size} blocks of {size} cells"),
                Found::Text(found),
            ));
        }
        blocks
    } else {
        (0..area)
            .map(|cell| {
                let (row, column) = (cell / size, cell % size);
                (row / box_rows) * (size / box_cols) + column / box_cols
            })
            .collect()
    };
    let mut cages = Vec::new();
    if killer {
        description.expect(',', "then the killer cage structure")?;
        let start = description.offset();
        let (cage_of, sizes) = structure(&mut description, size, "the killer cage structure")?;
        if let Some(cage) = sizes.iter().position(|&cells| cells < 2 || cells > size) {
            let first = cage_of.iter().position(|&c| c == cage).unwrap_or(0);
            return Err(description.error_at(
                start,
                format!("killer cages of 2 to {size} cells"),
                Found::Text(format!(
                    "a cage of {} cell{} at {}",
                    sizes[cage],
                    if sizes[cage] == 1 { "" } else { "s" },
                    cell_name(size, first)
                )),
            ));
        }
        description.expect(',', "then the killer cages' sums")?;
        let sums_start = description.clone();
        let sums = run_length_grid(
            &mut description,
            area,
            1..=(size * area) as u64,
            "a cage's sum",
        )?;
        let offsets = value_offsets(sums_start, area);
        cages = sizes
            .iter()
            .map(|_| Cage {
                cells: Vec::new(),
                sum: None,
            })
            .collect();
        for cell in 0..area {
            let cage = &mut cages[cage_of[cell]];
            cage.cells.push(cell);
            if let Some(sum) = sums[cell] {
                if cage.sum.is_some() {
                    return Err(description.error_at(
                        offsets[cell],
                        "one sum a cage",
                        Found::Text(format!(
                            "a second sum {sum} in the cage of {}",
                            cell_name(size, cage.cells[0])
                        )),
                    ));
                }
                cage.sum = Some(sum as u32);
            }
        }
    }
    description.finish(&format!("the {area} cells and their structures"))?;
    Ok(SoloPuzzle {
        box_rows,
        box_cols,
        jigsaw,
        x,
        killer,
        blocks,
        cages,
        givens,
    })
}

/// Writes a puzzle as a Solo game ID, as his generator does (no difficulty,
/// no symmetry): `CxR` or `Nj`, then `x` and `k`; the givens; a jigsaw's
/// blocks; a killer's cages and their sums (each in the cage's first cell).
pub fn format_solo_id(puzzle: &SoloPuzzle) -> String {
    let size = puzzle.size();
    let mut id = if puzzle.is_jigsaw() {
        format!("{size}j")
    } else {
        format!("{}x{}", puzzle.box_rows, puzzle.box_cols)
    };
    if puzzle.is_x() {
        id.push('x');
    }
    if puzzle.is_killer() {
        id.push('k');
    }
    id.push(':');
    let givens: Vec<Option<u64>> = puzzle.givens().iter().map(|g| g.map(u64::from)).collect();
    id.push_str(&write_run_length_grid(&givens));
    if puzzle.is_jigsaw() {
        id.push(',');
        id.push_str(&write_structure(size, puzzle.blocks()));
    }
    if puzzle.is_killer() {
        let mut cage_of = vec![0; size * size];
        let mut sums = vec![None; size * size];
        for (index, cage) in puzzle.cages().iter().enumerate() {
            for &cell in &cage.cells {
                cage_of[cell] = index;
            }
            sums[cage.cells[0]] = cage.sum.map(u64::from);
        }
        id.push(',');
        id.push_str(&write_structure(size, &cage_of));
        id.push(',');
        id.push_str(&write_run_length_grid(&sums));
    }
    id
}

/// A structure written as [`structure`] reads it: each run of joining edges
/// then a separating one as a letter (`_` for none), 26 joins at a time as `z`.
fn write_structure(size: usize, group: &[usize]) -> String {
    let edges = 2 * size * (size - 1);
    let mut text = String::new();
    let mut run = 0;
    for edge in 0..=edges {
        let separates = edge == edges || {
            let (a, b) = edge_cells(size, edge);
            group[a] != group[b]
        };
        if !separates {
            run += 1;
            continue;
        }
        while run >= 26 {
            text.push('z');
            run -= 26;
        }
        text.push(if run == 0 {
            '_'
        } else {
            char::from(b'a' + run as u8 - 1)
        });
        run = 0;
    }
    text
}

/// `r1c1` for a cell.
fn cell_name(size: usize, cell: usize) -> String {
    format!("r{}c{}", cell / size + 1, cell % size + 1)
}

/// The two cells on either side of inner edge `edge`, in Tatham's order:
/// the edges between horizontal neighbours in reading order, then those
/// between vertical neighbours column by column.
fn edge_cells(size: usize, edge: usize) -> (usize, usize) {
    let per_line = size - 1;
    if edge < size * per_line {
        let (row, column) = (edge / per_line, edge % per_line);
        (row * size + column, row * size + column + 1)
    } else {
        let rest = edge - size * per_line;
        let (column, row) = (rest / per_line, rest % per_line);
        (row * size + column, (row + 1) * size + column)
    }
}

/// Reads a block structure up to the next `,` or the end: the group of each
/// cell (numbered in reading order of their first cells) and each group's size.
fn structure(
    reader: &mut Reader,
    size: usize,
    what: &str,
) -> Result<(Vec<usize>, Vec<usize>), GameIdError> {
    let area = size * size;
    let edges = 2 * size * (size - 1);
    let mut parent: Vec<usize> = (0..area).collect();
    fn root(parent: &mut [usize], mut cell: usize) -> usize {
        while parent[cell] != cell {
            parent[cell] = parent[parent[cell]];
            cell = parent[cell];
        }
        cell
    }
    let mut edge = 0;
    while let Some(letter) = reader.peek().filter(|&c| c != ',') {
        let joins = match letter {
            '_' => 0,
            'a'..='z' => usize::from(letter as u8 - b'a') + 1,
            _ => {
                return Err(reader.error(format!(
                    "a letter a-z or '_' in {what} ({edge} of {edges} edges read)"
                )));
            }
        };
        if edge + joins > edges || (letter != 'z' && edge + joins > edges + 1) {
            return Err(reader.error(format!(
                "',' or the end after {what} ({edges} inner edges, {edge} read)"
            )));
        }
        reader.bump();
        for _ in 0..joins {
            let (a, b) = edge_cells(size, edge);
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            parent[ra.max(rb)] = ra.min(rb);
            edge += 1;
        }
        if letter != 'z' {
            // The separating edge after the run.
            edge += 1;
        }
    }
    if edge != edges + 1 {
        return Err(reader.error(format!(
            "more of {what} ({edges} inner edges and a final separator; {edge} read)"
        )));
    }
    let mut number = vec![usize::MAX; area];
    let mut group = Vec::with_capacity(area);
    let mut sizes = Vec::new();
    for cell in 0..area {
        let top = root(&mut parent, cell);
        if number[top] == usize::MAX {
            number[top] = sizes.len();
            sizes.push(0);
        }
        group.push(number[top]);
        sizes[number[top]] += 1;
    }
    Ok((group, sizes))
}

/// The offset of each cell's number in a grid of run lengths already read
/// without error from `reader`.
fn value_offsets(mut reader: Reader, cells: usize) -> Vec<usize> {
    let mut offsets = vec![0; cells];
    let mut cell = 0;
    while cell < cells {
        if let Some(run) = reader.blank_run() {
            cell += run;
        } else if reader.eat('_') {
            continue;
        } else if let Some(number) = reader.number() {
            offsets[cell] = number.offset;
            cell += 1;
        } else {
            break;
        }
    }
    offsets
}

/// A solved grid as the zoo's one-line answer: one character a cell, row by
/// row, `1`–`9` then `a`, `b`, … for 10, 11, ….
pub fn format_solo_line(grid: &SoloGrid) -> String {
    grid.values()
        .iter()
        .map(|&value| value_char(u64::from(value)).unwrap_or('?'))
        .collect()
}

/// A picture of a grid with its blocks' borders (`|` between two cells of a
/// row in different blocks, `-` under a cell whose lower neighbour is in
/// another block); a killer's cages follow, one a line with their sums.
/// Values past 9 are written as letters (`a` for 10).
pub fn draw_solo(puzzle: &SoloPuzzle, grid: &SoloGrid) -> String {
    let size = puzzle.size();
    let block = |row: usize, column: usize| puzzle.blocks()[row * size + column];
    // A column boundary that is a wall in some row takes three characters in
    // every row, so that the columns line up.
    let wide = |column: usize| (0..size).any(|row| block(row, column) != block(row, column + 1));
    let mut text = String::new();
    for row in 0..size {
        let mut line = String::new();
        for column in 0..size {
            line.push(value_char(u64::from(grid.values()[row * size + column])).unwrap_or('?'));
            if column + 1 < size {
                let wall = block(row, column) != block(row, column + 1);
                line.push_str(match (wide(column), wall) {
                    (true, true) => " | ",
                    (true, false) => "   ",
                    (false, _) => " ",
                });
            }
        }
        text.push_str(line.trim_end());
        text.push('\n');
        if row + 1 < size {
            let mut between = String::new();
            for column in 0..size {
                let under = block(row, column) != block(row + 1, column);
                between.push(if under { '-' } else { ' ' });
                if column + 1 < size {
                    let wall_above = block(row, column) != block(row, column + 1);
                    let wall_below = block(row + 1, column) != block(row + 1, column + 1);
                    let under_next = block(row, column + 1) != block(row + 1, column + 1);
                    let corner = if wall_above || wall_below {
                        if under || under_next { '+' } else { '|' }
                    } else if under && under_next {
                        '-'
                    } else {
                        ' '
                    };
                    if wide(column) {
                        between.push(if under { '-' } else { ' ' });
                        between.push(corner);
                        between.push(if under_next { '-' } else { ' ' });
                    } else {
                        between.push(corner);
                    }
                }
            }
            if between.contains('-') {
                text.push_str(between.trim_end());
                text.push('\n');
            }
        }
    }
    for cage in puzzle.cages() {
        let cells: Vec<String> = cage.cells.iter().map(|&c| cell_name(size, c)).collect();
        match cage.sum {
            Some(sum) => text.push_str(&format!("cage {sum}: {}\n", cells.join(" "))),
            None => text.push_str(&format!("cage: {}\n", cells.join(" "))),
        }
    }
    text
}
