//! Simon Tatham's Unruly game IDs, read and written, and the zoo's answers.
//!
//! - The parameters are the size, `WxH` or `W` alone for a square grid,
//!   each side even (from [`MIN_SIZE`] to [`MAX_SIZE`]; his game asks for
//!   at least 6); then `u` for the unique-rows mode; then optionally a
//!   difficulty `d` with one of `t` (trivial), `e` (easy), `n` (normal),
//!   which is checked and then ignored (`8x8`, `10x10u`, `14x14dn`,
//!   `6x8udt`).
//! - The description walks the cells row by row, and one more, virtual,
//!   cell after the last. A letter `a`…`y` skips as many cells as its place
//!   in the alphabet (`a` none, `b` one, … `y` 24) and then gives the next
//!   cell a 0; `A`…`Y` the same, giving a 1; `z` or `Z` skips 25 cells and
//!   gives none. The letters must end exactly past the virtual cell, whose
//!   given, if any, is dropped.
//!
//! ```
//! use sieve_unruly::{format_unruly_id, parse_unruly_id};
//!
//! // 2×2: skip r1c1 and give r1c2 a 1 (`B`); give r2c1 a 0 (`a`); skip
//! // r2c2 and give the virtual cell a 0 (`b`).
//! let puzzle = parse_unruly_id("2x2u:Bab")?;
//! assert!(puzzle.unique());
//! assert_eq!(puzzle.givens(), [None, Some(true), Some(false), None]);
//! assert_eq!(format_unruly_id(&puzzle), "2x2u:Bab");
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use sieve_gameid::{Found, GameId, GameIdError, Reader, size_param};

use crate::puzzle::{Grid, MAX_SIZE, MIN_SIZE, Puzzle, is_valid_side};

/// The difficulty letters of Tatham's Unruly, easiest first.
pub const DIFFICULTIES: [char; 3] = ['t', 'e', 'n'];

/// The letters `z` and `Z` skip 25 cells and give none.
const LONG_SKIP: usize = 25;

/// Reads an Unruly game ID; the error names the part of the ID, the offset
/// in it and what was expected there.
pub fn parse_unruly_id(id: &str) -> Result<Puzzle, GameIdError> {
    let id = GameId::parse(id)?;
    let mut params = id.params_reader();
    let width = read_side(&mut params, "the width W (W or WxH)")?;
    let height = if params.eat('x') {
        read_side(&mut params, "the height H after 'x'")?
    } else {
        width
    };
    let unique = params.eat('u');
    let level_offset = params.offset() + 1;
    if let Some(level) = params.difficulty()
        && !DIFFICULTIES.contains(&level)
    {
        return Err(params.error_at(
            level_offset,
            "a difficulty t, e or n after 'd'",
            Found::Char(level),
        ));
    }
    params.finish("the grid size (then 'u' for unique rows, then a difficulty such as dn)")?;

    let mut description = id.description_reader();
    let givens = read_givens(&mut description, width * height)?;
    description.finish("the cells and the virtual cell after them")?;
    Puzzle::new(width, height, unique, givens)
        .map_err(|error| description.error_at(0, "a puzzle", Found::Text(error.to_string())))
}

/// One side of the grid: even, in range.
fn read_side(params: &mut Reader, what: &str) -> Result<usize, GameIdError> {
    let offset = params.offset();
    let side = size_param(params, MIN_SIZE..=MAX_SIZE, what)?;
    if !is_valid_side(side) {
        return Err(params.error_at(
            offset,
            format!("{what}, an even number (each line holds as many 1s as 0s)"),
            Found::Text(side.to_string()),
        ));
    }
    Ok(side)
}

/// The given cells (see the module docs): `cells` of them, then the
/// virtual one.
fn read_givens(description: &mut Reader, cells: usize) -> Result<Vec<Option<bool>>, GameIdError> {
    let mut givens = vec![None; cells];
    let positions = cells + 1;
    let mut at = 0;
    while at < positions {
        let offset = description.offset();
        let Some(letter) = description.peek().filter(char::is_ascii_alphabetic) else {
            return Err(description.error(format!(
                "a letter a-z or A-Z ({} of the {cells} cells and the virtual one after them left)",
                positions - at
            )));
        };
        description.bump();
        let lower = letter.to_ascii_lowercase();
        let (skip, gives) = if lower == 'z' {
            (LONG_SKIP, false)
        } else {
            (usize::from(lower as u8 - b'a'), true)
        };
        let reach = at + skip + usize::from(gives);
        if reach > positions {
            return Err(description.error_at(
                offset,
                format!(
                    "a letter that ends at most {} cell{} on (the {cells} cells and the virtual one)",
                    positions - at,
                    if positions - at == 1 { "" } else { "s" }
                ),
                Found::Text(format!("{letter:?} ({} cells on)", reach - at)),
            ));
        }
        at += skip;
        if gives && at < cells {
            givens[at] = Some(letter.is_ascii_uppercase());
        }
        at = reach;
    }
    Ok(givens)
}

/// Writes a puzzle as an Unruly game ID, as his generator does: `WxH`, `u`
/// in the unique mode, and the cells, the virtual one given a 0.
pub fn format_unruly_id(puzzle: &Puzzle) -> String {
    let mut id = format!("{}x{}", puzzle.width(), puzzle.height());
    if puzzle.unique() {
        id.push('u');
    }
    id.push(':');
    let mut skipped = 0;
    let virtual_cell = std::iter::once(&Some(false));
    for given in puzzle.givens().iter().chain(virtual_cell) {
        let Some(one) = given else {
            skipped += 1;
            continue;
        };
        let base = if *one { b'A' } else { b'a' };
        while skipped >= LONG_SKIP {
            id.push(char::from(base + LONG_SKIP as u8));
            skipped -= LONG_SKIP;
        }
        id.push(char::from(base + skipped as u8));
        skipped = 0;
    }
    id
}

/// A solved grid as the zoo's one-line answer: one character a cell, row by
/// row, `1` for the colour the ID writes in upper case and `0` for the
/// other.
pub fn format_unruly_line(grid: &Grid) -> String {
    (grid.ones().iter())
        .map(|&one| if one { '1' } else { '0' })
        .collect()
}

/// A picture of the solved grid: `1` and `0` with spaces between, each
/// given cell in brackets.
pub fn draw(puzzle: &Puzzle, grid: &Grid) -> String {
    let mut text = String::new();
    for (row, cells) in grid.ones().chunks(grid.width()).enumerate() {
        let mut line = String::new();
        for (column, &one) in cells.iter().enumerate() {
            let digit = if one { '1' } else { '0' };
            let given = puzzle.givens()[row * grid.width() + column].is_some();
            let (open, close) = if given { ('[', ']') } else { (' ', ' ') };
            line.push(open);
            line.push(digit);
            line.push(close);
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}
