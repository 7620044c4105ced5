//! Simon Tatham's Loopy game IDs on the square grid, read and written, the
//! zoo's one-line answer and a picture.
//!
//! - The parameters are W, then optionally `x` and H (else H = W), then
//!   optionally `t` and the grid type, which must be `0` (squares: Sieve reads
//!   no other grid), then optionally a difficulty `d` with one of `e` (easy),
//!   `n` (normal), `t` (tricky), `h` (hard), checked and then ignored:
//!   `10x10t0dh`, `7x5t0`, `5`.
//! - The description walks the squares row by row: a digit `0`–`4` is a
//!   square's clue, a letter `a`…`z` a run of 1…26 squares without one. (His
//!   other grids put a grid description and `_` in front; the square grid has
//!   none.)
//!
//! ```
//! use sieve_loopy::{format_loopy_id, parse_loopy_id};
//!
//! let puzzle = parse_loopy_id("3x3t0de:c2a20a3")?;
//! assert_eq!(puzzle.clue(1, 0), Some(2));
//! assert_eq!(puzzle.clue(2, 1), None);
//! assert_eq!(format_loopy_id(&puzzle), "3x3t0:c2a20a3");
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use sieve_gameid::{Found, GameId, GameIdError, Reader, size_param};

use crate::puzzle::{Edge, Loop, MAX_CLUE, MAX_SIZE, MIN_SIZE, Puzzle};

/// The difficulty letters of Tatham's Loopy, easiest first.
pub const DIFFICULTIES: [char; 4] = ['e', 'n', 't', 'h'];

/// Reads a Loopy game ID; the error names the part of the ID, the offset in
/// it and what was expected there.
pub fn parse_loopy_id(id: &str) -> Result<Puzzle, GameIdError> {
    let id = GameId::parse(id)?;
    let mut params = id.params_reader();
    let (width, height) = read_params(&mut params)?;
    let mut description = id.description_reader();
    let clues = read_clues(&mut description, width * height)?;
    description.finish(&format!("the {} squares", width * height))?;
    Puzzle::new(width, height, clues)
        .map_err(|error| description.error_at(0, "a puzzle", Found::Text(error.to_string())))
}

/// `W[xH][tN][dL]`: the size, the grid type (squares only) and a difficulty.
fn read_params(params: &mut Reader) -> Result<(usize, usize), GameIdError> {
    let width = size_param(params, MIN_SIZE..=MAX_SIZE, "the grid width")?;
    let height = if params.eat('x') {
        size_param(params, MIN_SIZE..=MAX_SIZE, "the grid height after 'x'")?
    } else {
        width
    };
    if params.eat('t') {
        let offset = params.offset();
        match params.number() {
            Some(number) if number.value == 0 => {}
            Some(number) => {
                return Err(params.error_at(
                    offset,
                    "grid type 0 after 't' (Sieve reads only Loopy's square grid)",
                    Found::Text(params.written(&number)),
                ));
            }
            None => return Err(params.error("the grid type 0 (squares) after 't'")),
        }
    }
    let level_offset = params.offset() + 1;
    if let Some(level) = params.difficulty()
        && !DIFFICULTIES.contains(&level)
    {
        return Err(params.error_at(
            level_offset,
            "a difficulty e, n, t or h after 'd'",
            Found::Char(level),
        ));
    }
    params.finish("the grid size (then t0 for the square grid, then a difficulty such as dh)")?;
    Ok((width, height))
}

/// `squares` squares: a clue digit or a run of squares without one.
fn read_clues(description: &mut Reader, squares: usize) -> Result<Vec<Option<u8>>, GameIdError> {
    let mut clues: Vec<Option<u8>> = Vec::with_capacity(squares);
    while clues.len() < squares {
        let left = squares - clues.len();
        let offset = description.offset();
        let Some(character) = description.bump() else {
            return Err(description.error(format!(
                "a clue 0-4 or a letter a-z (a run of squares without one): {left} of \
                 {squares} squares left"
            )));
        };
        match character {
            '0'..='9' | 'A'..='Z' => {
                let clue = character.to_digit(36).unwrap_or(u32::MAX);
                if clue > u32::from(MAX_CLUE) {
                    return Err(description.error_at(
                        offset,
                        "a clue 0 to 4 (a square has four sides)",
                        Found::Char(character),
                    ));
                }
                clues.push(Some(clue as u8));
            }
            'a'..='z' => {
                let run = usize::from(character as u8 - b'a') + 1;
                if run > left {
                    return Err(description.error_at(
                        offset,
                        format!(
                            "a run of at most {left} square{} (the grid has {squares})",
                            if left == 1 { "" } else { "s" }
                        ),
                        Found::Text(format!("{character:?} ({run} squares)")),
                    ));
                }
                clues.extend(std::iter::repeat_n(None, run));
            }
            '_' => {
                return Err(description.error_at(
                    offset,
                    "a clue 0-4 or a letter a-z (the square grid has no grid description \
                     before '_')",
                    Found::Char(character),
                ));
            }
            _ => {
                return Err(description.error_at(
                    offset,
                    "a clue 0-4 or a letter a-z (a run of squares without one)",
                    Found::Char(character),
                ));
            }
        }
    }
    Ok(clues)
}

/// Writes a puzzle as a Loopy game ID (`WxHt0:...`, no difficulty), runs of
/// squares without clues as letters as his generator writes them.
pub fn format_loopy_id(puzzle: &Puzzle) -> String {
    let mut id = format!("{}x{}t0:", puzzle.width(), puzzle.height());
    let mut blanks = 0usize;
    let flush = |id: &mut String, blanks: &mut usize| {
        while *blanks > 0 {
            let run = (*blanks).min(26);
            id.push(char::from(b'a' + run as u8 - 1));
            *blanks -= run;
        }
    };
    for &clue in puzzle.clues() {
        match clue {
            None => blanks += 1,
            Some(clue) => {
                flush(&mut id, &mut blanks);
                id.push(char::from(b'0' + clue));
            }
        }
    }
    flush(&mut id, &mut blanks);
    id
}

/// A loop as the zoo's one-line answer: `1` for an edge on the loop, `0` for
/// one off it, horizontal edges first ((H+1) rows of W), then vertical ones
/// (H rows of W+1).
pub fn format_loopy_line(solution: &Loop) -> String {
    solution.to_string()
}

/// A picture of a solved puzzle, `2H+1` lines of up to `2W+1` characters: `+`
/// at every dot, `-` and `|` for the loop's edges, the clues in their squares.
/// Line `r`, character `c` (0-based) is what `explain --cell r{r+1}c{c+1}`
/// asks about.
pub fn draw(puzzle: &Puzzle, solution: &Loop) -> String {
    let lattice = puzzle.lattice();
    let (rows, columns) = (2 * lattice.height() + 1, 2 * lattice.width() + 1);
    let mut canvas = vec![vec![' '; columns]; rows];
    for row in (0..rows).step_by(2) {
        for column in (0..columns).step_by(2) {
            canvas[row][column] = '+';
        }
    }
    for edge in (0..lattice.edges()).filter(|&edge| solution.has(edge)) {
        match lattice.edge(edge) {
            Edge::Horizontal { row, column } => canvas[2 * row][2 * column + 1] = '-',
            Edge::Vertical { row, column } => canvas[2 * row + 1][2 * column] = '|',
        }
    }
    for row in 0..lattice.height() {
        for column in 0..lattice.width() {
            if let Some(clue) = puzzle.clue(row, column) {
                canvas[2 * row + 1][2 * column + 1] = char::from(b'0' + clue);
            }
        }
    }
    let mut text = String::new();
    for line in canvas {
        let line: String = line.into_iter().collect();
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}
