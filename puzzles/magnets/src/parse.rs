//! Simon Tatham's Magnets game IDs, read and written, and the zoo's answers.
//!
//! - The parameters are the size `WxH` (or `N` for N×N), each side 2 to 61,
//!   then optionally a difficulty `de` (easy) or `dt` (tricky), which is
//!   checked and then ignored, then optionally `S` (the generator stripped
//!   clues): `6x5`, `10x9dtS`.
//! - The description gives four lists of counts, each ended by `,`: the `+`
//!   count of each column (left to right), of each row (top to bottom), then
//!   the `−` count of each column and of each row. A count is one
//!   character: `0`–`9`, then `a`–`z` for 10–35 and `A`–`Z` for 36–61, or
//!   `.` for a count the puzzle does not give.
//! - Then the squares, row by row: `L` and `R` are the left and right
//!   halves of a domino lying across, `T` and `B` the top and bottom halves
//!   of one standing up, `*` a square alone (always neutral). A `,` among
//!   them is skipped, as his game skips it.
//!
//! ```
//! use sieve_magnets::{format_magnets_id, parse_magnets_id};
//!
//! let id = "3x2:1.1,01,.10,10,LRTLRB";
//! let puzzle = parse_magnets_id(id)?;
//! assert_eq!(puzzle.plus().columns, [Some(1), None, Some(1)]);
//! assert_eq!(puzzle.minus().rows, [Some(1), Some(0)]);
//! assert_eq!(puzzle.partner(0), 1); // L R
//! assert_eq!(puzzle.partner(2), 5); // T over B
//! assert_eq!(format_magnets_id(&puzzle), id);
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use sieve_gameid::{Found, GameId, GameIdError, Reader, dimensions_param};

use crate::puzzle::{Counts, Grid, MAX_SIZE, MIN_SIZE, Pole, Puzzle};

/// The difficulty letters of Tatham's Magnets, easiest first.
pub const DIFFICULTIES: [char; 2] = ['e', 't'];

/// Reads a Magnets game ID; the error names the part of the ID, the offset
/// in it and what was expected there.
pub fn parse_magnets_id(id: &str) -> Result<Puzzle, GameIdError> {
    let id = GameId::parse(id)?;
    let mut params = id.params_reader();
    let (width, height) = dimensions_param(&mut params, MIN_SIZE..=MAX_SIZE, "the grid")?;
    let level_offset = params.offset() + 1;
    if let Some(level) = params.difficulty()
        && !DIFFICULTIES.contains(&level)
    {
        return Err(params.error_at(
            level_offset,
            "a difficulty e or t after 'd'",
            Found::Char(level),
        ));
    }
    params.eat('S');
    params.finish("the grid size (then a difficulty de or dt, then S)")?;

    let mut description = id.description_reader();
    let plus_columns = read_counts(&mut description, width, height, "+ count of column")?;
    let plus_rows = read_counts(&mut description, height, width, "+ count of row")?;
    let minus_columns = read_counts(&mut description, width, height, "− count of column")?;
    let minus_rows = read_counts(&mut description, height, width, "− count of row")?;
    let partner = read_dominoes(&mut description, width, height)?;
    description.finish(&format!("the {} squares", width * height))?;
    let plus = Counts {
        columns: plus_columns,
        rows: plus_rows,
    };
    let minus = Counts {
        columns: minus_columns,
        rows: minus_rows,
    };
    Puzzle::new(width, height, partner, plus, minus)
        .map_err(|error| description.error_at(0, "a puzzle", Found::Text(error.to_string())))
}

/// The value of a count character: `0`–`9`, `a`–`z`, `A`–`Z`.
fn count_value(character: char) -> Option<usize> {
    match character {
        '0'..='9' => Some(character as usize - '0' as usize),
        'a'..='z' => Some(character as usize - 'a' as usize + 10),
        'A'..='Z' => Some(character as usize - 'A' as usize + 36),
        _ => None,
    }
}

/// The character of a count, as [`count_value`] reads it.
fn count_char(count: Option<usize>) -> char {
    match count {
        None => '.',
        Some(value @ 0..=9) => char::from(b'0' + value as u8),
        Some(value @ 10..=35) => char::from(b'a' + (value - 10) as u8),
        Some(value) => char::from(b'A' + (value.min(61) - 36) as u8),
    }
}

/// `lines` counts, one character each, of lines `length` long, then `,`.
fn read_counts(
    description: &mut Reader,
    lines: usize,
    length: usize,
    what: &str,
) -> Result<Vec<Option<usize>>, GameIdError> {
    let mut counts = Vec::with_capacity(lines);
    for index in 0..lines {
        let expected = || {
            format!(
                "the {what} {} (0-9, a-z, A-Z, or '.' for none; at most {length})",
                index + 1
            )
        };
        let count = match description.peek() {
            Some('.') => None,
            Some(character) => match count_value(character).filter(|&count| count <= length) {
                Some(count) => Some(count),
                None => return Err(description.error(expected())),
            },
            None => return Err(description.error(expected())),
        };
        description.bump();
        counts.push(count);
    }
    description.expect(',', &format!("after the {lines} of each {what}"))?;
    Ok(counts)
}

/// The dominoes: one letter a square, `,` skipped; the partner of each.
fn read_dominoes(
    description: &mut Reader,
    width: usize,
    height: usize,
) -> Result<Vec<usize>, GameIdError> {
    let cells = width * height;
    let mut letters: Vec<(char, usize)> = Vec::with_capacity(cells);
    while letters.len() < cells {
        match description.peek() {
            Some(',') => {}
            Some(letter @ ('L' | 'R' | 'T' | 'B' | '*')) => {
                letters.push((letter, description.offset()));
            }
            _ => {
                return Err(description.error(format!(
                    "a square: L, R (a domino across), T, B (a domino standing) or * (alone); {} of {cells} read",
                    letters.len()
                )));
            }
        }
        description.bump();
    }
    let mut partner = Vec::with_capacity(cells);
    for (square, &(letter, offset)) in letters.iter().enumerate() {
        let (row, column) = (square / width, square % width);
        let (other, wanted, where_) = match letter {
            'L' => (
                (column + 1 < width).then(|| square + 1),
                'R',
                "on its right",
            ),
            'R' => ((column > 0).then(|| square - 1), 'L', "on its left"),
            'T' => ((row + 1 < height).then(|| square + width), 'B', "below it"),
            'B' => ((row > 0).then(|| square - width), 'T', "above it"),
            _ => (Some(square), '*', ""),
        };
        match other {
            Some(other) if letters[other].0 == wanted => partner.push(other),
            _ => {
                return Err(description.error_at(
                    offset,
                    format!(
                        "a square whose domino is whole: {letter} at r{}c{} needs {wanted} {where_}",
                        row + 1,
                        column + 1
                    ),
                    Found::Char(letter),
                ));
            }
        }
    }
    Ok(partner)
}

/// Writes a puzzle as a Magnets game ID, as his generator writes it,
/// without a difficulty.
pub fn format_magnets_id(puzzle: &Puzzle) -> String {
    let (width, height) = (puzzle.width(), puzzle.height());
    let mut id = format!("{width}x{height}:");
    for counts in [
        &puzzle.plus().columns,
        &puzzle.plus().rows,
        &puzzle.minus().columns,
        &puzzle.minus().rows,
    ] {
        id.extend(counts.iter().map(|&count| count_char(count)));
        id.push(',');
    }
    for square in 0..width * height {
        let other = puzzle.partner(square);
        id.push(match other {
            _ if other == square => '*',
            _ if other == square + 1 => 'L',
            _ if other + 1 == square => 'R',
            _ if other == square + width => 'T',
            _ => 'B',
        });
    }
    id
}

/// A solved grid as the zoo's one-line answer: one character a square, row
/// by row, `+`, `-`, `.` (neutral).
pub fn format_magnets_line(grid: &Grid) -> String {
    grid.poles().iter().map(|pole| pole.letter()).collect()
}

/// A picture of a solved grid, in the layout of Tatham's text format: the
/// `+` counts above and on the left, the `−` counts below and on the
/// right (`.` for none), `|` between two squares of a row in different
/// dominoes, `-` under a square whose neighbour below is in another one,
/// `#` for a square alone.
pub fn draw(puzzle: &Puzzle, grid: &Grid) -> String {
    let (width, height) = (puzzle.width(), puzzle.height());
    let pole = |square: usize| grid.poles().get(square).map_or('?', |pole| pole.letter());
    let counts = |counts: &[Option<usize>]| -> String {
        counts
            .iter()
            .map(|&count| format!(" {}", count_char(count)))
            .collect()
    };
    let border = format!(" +{}+\n", "-".repeat(2 * width - 1));
    let mut text = format!("+{}\n{border}", counts(&puzzle.plus().columns));
    for row in 0..height {
        let mut line = format!("{}|", count_char(puzzle.plus().rows[row]));
        for column in 0..width {
            let square = row * width + column;
            // A square alone is drawn `#`, as his text format draws it.
            line.push(if puzzle.partner(square) == square {
                '#'
            } else {
                pole(square)
            });
            if column + 1 < width {
                line.push(if puzzle.partner(square) == square + 1 {
                    ' '
                } else {
                    '|'
                });
            }
        }
        line.push_str(&format!("|{}\n", count_char(puzzle.minus().rows[row])));
        text.push_str(&line);
        if row + 1 < height {
            let between: Vec<&str> = (0..width)
                .map(|column| {
                    let square = row * width + column;
                    if puzzle.partner(square) == square + width {
                        " "
                    } else {
                        "-"
                    }
                })
                .collect();
            text.push_str(&format!(" |{}|\n", between.join("+")));
        }
    }
    text.push_str(&border);
    text.push_str(&format!(" {} -\n", counts(&puzzle.minus().columns)));
    text
}

/// The pole a character of a one-line answer stands for.
pub fn pole_of(character: char) -> Option<Pole> {
    match character {
        '+' => Some(Pole::Plus),
        '-' => Some(Pole::Minus),
        '.' => Some(Pole::Neutral),
        _ => None,
    }
}
