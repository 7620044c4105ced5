//! Simon Tatham's Light Up game IDs, read and written, and the zoo's
//! answers.
//!
//! - The parameters are the size `WxH` (each side 2 to 100), then, each
//!   optional and in this order, the generator's settings, which are
//!   checked and then ignored: `b` and the percentage of walls (0 to 100),
//!   `s` and the symmetry (0 to 4), `r` (an old way to ask for the hard
//!   level) and `d` and the difficulty (0 to 2): `7x7`, `10x10b20s2d1`.
//! - The description gives the squares row by row: `B` is a wall, a digit
//!   `0` to `4` a wall with that number, and a letter `a` … `z` a run of 1
//!   … 26 empty squares.
//!
//! ```
//! use sieve_lightup::{Square, format_lightup_id, parse_lightup_id};
//!
//! let id = "5x5:a0gBe0g3a";
//! let puzzle = parse_lightup_id(id)?;
//! assert_eq!(puzzle.square(0, 1), Square::Clue(0));
//! assert_eq!(puzzle.square(1, 4), Square::Wall);
//! assert_eq!(puzzle.square(3, 0), Square::Clue(0));
//! assert_eq!(puzzle.square(4, 3), Square::Clue(3));
//! assert_eq!(format_lightup_id(&puzzle), id);
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use sieve_gameid::{Found, GameId, GameIdError, Reader, size_param};

use crate::puzzle::{Cell, Grid, MAX_SIZE, MIN_SIZE, Puzzle, Square};

/// The difficulties of Tatham's Light Up: 0 easy, 1 tricky, 2 hard.
pub const DIFFICULTIES: std::ops::RangeInclusive<u64> = 0..=2;

/// The longest run of empty squares one letter writes (`z`).
const LONGEST_RUN: usize = 26;

/// Reads a Light Up game ID; the error names the part of the ID, the offset
/// in it and what was expected there.
pub fn parse_lightup_id(id: &str) -> Result<Puzzle, GameIdError> {
    let id = GameId::parse(id)?;
    let mut params = id.params_reader();
    let (width, height) = read_params(&mut params)?;
    let mut description = id.description_reader();
    let squares = read_squares(&mut description, width * height)?;
    description.finish(&format!("the {} squares", width * height))?;
    Puzzle::new(width, height, squares)
        .map_err(|error| description.error_at(0, "a puzzle", Found::Text(error.to_string())))
}

/// The size, then the generator's settings, checked and ignored.
fn read_params(params: &mut Reader) -> Result<(usize, usize), GameIdError> {
    let width = size_param(params, MIN_SIZE..=MAX_SIZE, "the grid width")?;
    params.expect('x', "between the width and the height (WxH)")?;
    let height = size_param(params, MIN_SIZE..=MAX_SIZE, "the grid height")?;
    if params.eat('b') {
        params.number_in(0..=100, "the percentage of walls after 'b'")?;
    }
    if params.eat('s') {
        params.number_in(0..=4, "the symmetry after 's'")?;
    }
    params.eat('r');
    if params.eat('d') {
        let range = DIFFICULTIES;
        params.number_in(range, "the difficulty after 'd'")?;
    }
    params.finish("the grid size (then b, s, d settings such as b20s4d1)")?;
    Ok((width, height))
}

/// The squares of the description.
fn read_squares(description: &mut Reader, cells: usize) -> Result<Vec<Square>, GameIdError> {
    let mut squares = Vec::with_capacity(cells);
    while squares.len() < cells {
        let left = cells - squares.len();
        let offset = description.offset();
        let square = match description.peek() {
            Some('B') => Square::Wall,
            Some(digit @ '0'..='4') => Square::Clue(digit as u8 - b'0'),
            Some('a'..='z') => {
                let run = description.blank_run().unwrap_or(1);
                if run > left {
                    return Err(description.error_at(
                        offset,
                        format!(
                            "a run of at most {left} empty square{} ({left} of the grid's {cells} left)",
                            if left == 1 { "" } else { "s" }
                        ),
                        Found::Text(format!("a run of {run}")),
                    ));
                }
                squares.extend(std::iter::repeat_n(Square::Empty, run));
                continue;
            }
            _ => {
                return Err(description.error(format!(
                    "a square: 'B' (a wall), 0-4 (a numbered wall) or a-z (empty squares); {left} of {cells} left"
                )));
            }
        };
        description.bump();
        squares.push(square);
    }
    Ok(squares)
}

/// Writes a puzzle as a Light Up game ID, as his generator writes it,
/// without the generator's settings.
pub fn format_lightup_id(puzzle: &Puzzle) -> String {
    let mut id = format!("{}x{}:", puzzle.width(), puzzle.height());
    let mut run = 0usize;
    let flush = |id: &mut String, run: &mut usize| {
        if *run > 0 {
            id.push(char::from(b'a' + (*run - 1) as u8));
            *run = 0;
        }
    };
    for &square in puzzle.squares() {
        match square {
            Square::Empty => {
                if run == LONGEST_RUN {
                    flush(&mut id, &mut run);
                }
                run += 1;
            }
            Square::Wall => {
                flush(&mut id, &mut run);
                id.push('B');
            }
            Square::Clue(clue) => {
                flush(&mut id, &mut run);
                id.push(char::from(b'0' + clue));
            }
        }
    }
    flush(&mut id, &mut run);
    id
}

/// A solved grid as the zoo's one-line answer: one character a square, row
/// by row, `L` light, `#` wall (numbered or not), `.` empty.
pub fn format_lightup_line(grid: &Grid) -> String {
    grid.cells().iter().map(|cell| cell.letter()).collect()
}

/// A picture of a solved grid: one row a line, `L` a light, `.` an empty
/// square, `#` a wall, a digit a numbered wall.
pub fn draw(puzzle: &Puzzle, grid: &Grid) -> String {
    let mut text = String::new();
    for (row, cells) in grid.cells().chunks(grid.width().max(1)).enumerate() {
        let line: Vec<String> = (cells.iter().enumerate())
            .map(|(column, cell)| {
                let square = (row < puzzle.height() && column < puzzle.width())
                    .then(|| puzzle.square(row, column));
                match (cell, square) {
                    (Cell::Wall, Some(Square::Clue(clue))) => clue.to_string(),
                    _ => cell.letter().to_string(),
                }
            })
            .collect();
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    text
}
