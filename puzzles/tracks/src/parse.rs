//! Simon Tatham's Tracks game IDs, read and written, the zoo's one-line answer
//! and a picture.
//!
//! - The parameters are W, then optionally `x` and H (else H = W), then
//!   optionally a difficulty `d` with `e` (easy), `t` (tricky) or `h` (hard),
//!   checked and then ignored, then optionally `o` (his option that allows two
//!   1 clues side by side, which only the generator reads): `8x8dt`, `10x6dho`.
//! - The description walks the cells row by row: a letter `a`…`z` is a run of
//!   1…26 cells, `0` one cell, with no piece given; a hex digit `1`–`9`, `A`–`F`
//!   is a given piece, the directions it leads in as his game numbers them
//!   (right 1, up 2, left 4, down 8; exactly two).
//! - Then, each after a `,`, the count of track cells of each column, left to
//!   right, then of each row, top to bottom. One column's count has `S` in
//!   front: the track leaves the grid at the bottom of that column; one row's
//!   has it too: the track enters from the left of that row.
//!
//! ```
//! use sieve_tracks::{DOWN, LEFT, RIGHT, format_tracks_id, parse_tracks_id};
//!
//! let id = "4x4:Cm9a,3,1,S3,3,S1,3,4,2";
//! let puzzle = parse_tracks_id(id)?;
//! assert_eq!((puzzle.entrance(), puzzle.exit()), (0, 2));
//! assert_eq!(puzzle.pieces()[0], Some(DOWN | LEFT)); // his C: left 4 + down 8
//! assert_eq!(puzzle.pieces()[14], Some(RIGHT | DOWN)); // his 9: right 1 + down 8
//! assert_eq!(puzzle.columns(), [3, 1, 3, 3]);
//! assert_eq!(format_tracks_id(&puzzle), id);
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use sieve_gameid::{Found, GameId, GameIdError, Reader, size_param};

use crate::puzzle::{DOWN, LEFT, MAX_SIZE, MIN_SIZE, Puzzle, RIGHT, Track, UP};

/// The difficulty letters of Tatham's Tracks, easiest first.
pub const DIFFICULTIES: [char; 3] = ['e', 't', 'h'];

/// His directions (right 1, up 2, left 4, down 8) beside the zoo's.
const HIS_DIRECTIONS: [(u8, u8); 4] = [(1, RIGHT), (2, UP), (4, LEFT), (8, DOWN)];

/// A piece's connections from his flags.
fn from_his(flags: u8) -> u8 {
    (HIS_DIRECTIONS.iter())
        .filter(|&&(his, _)| flags & his != 0)
        .fold(0, |mask, &(_, ours)| mask | ours)
}

/// His flags for a piece's connections.
fn to_his(mask: u8) -> u8 {
    (HIS_DIRECTIONS.iter())
        .filter(|&&(_, ours)| mask & ours != 0)
        .fold(0, |flags, &(his, _)| flags | his)
}

/// Reads a Tracks game ID; the error names the part of the ID, the offset in
/// it and what was expected there.
pub fn parse_tracks_id(id: &str) -> Result<Puzzle, GameIdError> {
    let id = GameId::parse(id)?;
    let mut params = id.params_reader();
    let (width, height) = read_params(&mut params)?;
    let mut description = id.description_reader();
    let pieces = read_pieces(&mut description, width * height)?;
    let columns = read_counts(&mut description, width, height, "column")?;
    let rows = read_counts(&mut description, height, width, "row")?;
    description.finish("the column and row counts")?;
    let (exit, columns) = columns;
    let (entrance, rows) = rows;
    Puzzle::new((width, height), pieces, (columns, rows), (entrance, exit))
        .map_err(|error| description.error_at(0, "a puzzle", Found::Text(error.to_string())))
}

/// `W[xH][dL][o]`: the size, a difficulty, and the generator's option.
fn read_params(params: &mut Reader) -> Result<(usize, usize), GameIdError> {
    let width = size_param(params, MIN_SIZE..=MAX_SIZE, "the grid width")?;
    let height = if params.eat('x') {
        size_param(params, MIN_SIZE..=MAX_SIZE, "the grid height after 'x'")?
    } else {
        width
    };
    let level_offset = params.offset() + 1;
    if let Some(level) = params.difficulty()
        && !DIFFICULTIES.contains(&level)
    {
        return Err(params.error_at(
            level_offset,
            "a difficulty e, t or h after 'd'",
            Found::Char(level),
        ));
    }
    params.eat('o');
    params.finish("the grid size (then a difficulty such as dt, then o)")?;
    Ok((width, height))
}

/// `cells` cells: a given piece, or a run of cells without one.
fn read_pieces(description: &mut Reader, cells: usize) -> Result<Vec<Option<u8>>, GameIdError> {
    let mut pieces: Vec<Option<u8>> = Vec::with_capacity(cells);
    let expected = "a piece 1-9 or A-F (his directions: right 1, up 2, left 4, down 8), 0 or a \
                    letter a-z (cells without one)";
    while pieces.len() < cells {
        let left = cells - pieces.len();
        let offset = description.offset();
        match description.bump() {
            Some('0') => pieces.push(None),
            Some(digit @ ('1'..='9' | 'A'..='F')) => {
                let flags = digit.to_digit(16).unwrap_or(0) as u8;
                if flags.count_ones() != 2 {
                    return Err(description.error_at(
                        offset,
                        "a piece of exactly two directions (3, 5, 6, 9, A or C)",
                        Found::Char(digit),
                    ));
                }
                pieces.push(Some(from_his(flags)));
            }
            Some(letter @ 'a'..='z') => {
                let run = usize::from(letter as u8 - b'a') + 1;
                if run > left {
                    return Err(description.error_at(
                        offset,
                        format!(
                            "a run of at most {left} cell{} (the grid has {cells})",
                            if left == 1 { "" } else { "s" }
                        ),
                        Found::Text(format!("{letter:?} ({run} cells)")),
                    ));
                }
                pieces.extend(std::iter::repeat_n(None, run));
            }
            Some(other) => {
                return Err(description.error_at(offset, expected, Found::Char(other)));
            }
            None => {
                return Err(description.error(format!("{expected}: {left} of {cells} cells left")));
            }
        }
    }
    Ok(pieces)
}

/// `lines` counts of a column or row of `cells` cells, each after a `,`, one of
/// them marked `S`: the marked line's index, and the counts.
fn read_counts(
    description: &mut Reader,
    lines: usize,
    cells: usize,
    line: &str,
) -> Result<(usize, Vec<usize>), GameIdError> {
    let mut marked = None;
    let mut counts = Vec::with_capacity(lines);
    for index in 0..lines {
        // The names of the count are written only for an error: written for
        // every count, they were a hundredth of solving an easy ID.
        if !description.eat(',') {
            let what = format!("',' before the count of {line} {}", index + 1);
            return Err(description.error(what));
        }
        let offset = description.offset();
        if description.eat('S') {
            if marked.is_some() {
                return Err(description.error_at(
                    offset,
                    format!(
                        "the count of {line} {} (only one {line} has an S)",
                        index + 1
                    ),
                    Found::Char('S'),
                ));
            }
            marked = Some(index);
        }
        let what = || format!("the count of {line} {}", index + 1);
        match description.optional_number_named(0..=cells as u64, what)? {
            Some(count) => counts.push(count as usize),
            None => {
                let expected = format!("{} (a number from 0 to {cells})", what());
                return Err(description.error(expected));
            }
        }
    }
    let end = if line == "column" {
        "an S before one column's count (where the track leaves at the bottom)"
    } else {
        "an S before one row's count (where the track enters from the left)"
    };
    match marked {
        Some(index) => Ok((index, counts)),
        None => Err(description.error(end)),
    }
}

/// Writes a puzzle as a Tracks game ID (`WxH:...`, no difficulty), as his
/// generator writes it: runs of cells without pieces as letters, pieces as his
/// hex flags, then the counts with their `S`.
pub fn format_tracks_id(puzzle: &Puzzle) -> String {
    let mut id = format!("{}x{}:", puzzle.width(), puzzle.height());
    let mut blanks = 0usize;
    let flush = |id: &mut String, blanks: &mut usize| {
        while *blanks > 0 {
            let run = (*blanks).min(26);
            id.push(char::from(b'a' + run as u8 - 1));
            *blanks -= run;
        }
    };
    for &piece in puzzle.pieces() {
        match piece {
            None => blanks += 1,
            Some(mask) => {
                flush(&mut id, &mut blanks);
                let flags = u32::from(to_his(mask));
                id.push(
                    char::from_digit(flags, 16)
                        .unwrap_or('0')
                        .to_ascii_uppercase(),
                );
            }
        }
    }
    flush(&mut id, &mut blanks);
    let lines = (puzzle.columns().iter().enumerate())
        .map(|(index, &count)| (index == puzzle.exit(), count))
        .chain(
            (puzzle.rows().iter().enumerate())
                .map(|(index, &count)| (index == puzzle.entrance(), count)),
        );
    for (marked, count) in lines {
        id.push(',');
        if marked {
            id.push('S');
        }
        id.push_str(&count.to_string());
    }
    id
}

/// A track as the zoo's one-line answer: each cell's connections as one hex
/// digit, up 1, right 2, down 4, left 8 (`0` off the track), row by row; the
/// entrance cell leads left and the exit cell down, off the grid.
pub fn format_tracks_line(solution: &Track) -> String {
    solution.to_string()
}

/// A count as one character: `0`–`9`, then `a`–`z` for 10 to 35, `*` above.
fn count_char(count: usize) -> char {
    char::from_digit(count as u32, 36)
        .filter(|_| count < 36)
        .unwrap_or('*')
}

/// A picture of a solved puzzle: the column counts on top, then the cells —
/// `#` for a given piece, `+` for another track cell, `.` off the track, with
/// `-` and `|` where the track joins them — each row with its count at the end;
/// the track comes in from the left at the entrance and goes out at the bottom.
pub fn draw(puzzle: &Puzzle, solution: &Track) -> String {
    let (width, height) = (puzzle.width(), puzzle.height());
    let mut text = String::from("  ");
    let counts: Vec<String> = (puzzle.columns().iter())
        .map(|&count| count_char(count).to_string())
        .collect();
    text.push_str(&counts.join(" "));
    text.push('\n');
    let masks = solution.connections();
    for row in 0..height {
        let mut cells = String::from(if row == puzzle.entrance() { " -" } else { "  " });
        let mut under = String::from("  ");
        for column in 0..width {
            let cell = row * width + column;
            let mask = masks[cell];
            cells.push(match (puzzle.pieces()[cell], mask) {
                (Some(_), _) => '#',
                (None, 0) => '.',
                (None, _) => '+',
            });
            cells.push(if mask & RIGHT != 0 && column + 1 < width {
                '-'
            } else {
                ' '
            });
            under.push(if mask & DOWN != 0 { '|' } else { ' ' });
            under.push(' ');
        }
        text.push_str(&cells);
        text.push_str(&puzzle.rows()[row].to_string());
        text.push('\n');
        text.push_str(under.trim_end());
        text.push('\n');
    }
    text
}
