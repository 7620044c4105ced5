//! Simon Tatham's Pattern game IDs, read and written, and the zoo's answers.
//!
//! - The parameters are the size: `WxH`, or `W` alone for a square grid
//!   (`10x15`, `5`), each side from 1 to [`MAX_SIZE`].
//! - The description is the clue of every column, left to right, then of
//!   every row, top to bottom, with `/` between each two. A clue is its run
//!   lengths with `.` between them (`3.1.2`), or nothing for a line without
//!   filled cells. The runs of a line must fit in it, with a gap between
//!   each two.
//! - Optionally, a `,` and the cells the puzzle gives, row by row: each
//!   letter skips as many cells as its place in the alphabet (`a` none, `b`
//!   one, … `y` 24) and then gives the next one, filled for an upper-case
//!   letter and empty for a lower-case one; `z` or `Z` skips 25 cells and
//!   gives none. The letters must cover the grid exactly; a letter whose
//!   skip ends at the end of the grid gives nothing.
//!
//! ```
//! use sieve_pattern::{Line, format_pattern_id, parse_pattern_id};
//!
//! // Three columns and two rows, whose picture is `#.#` over `..#`: column
//! // 2 is empty, column 3 one run of two, row 1 two runs of one; the cell
//! // r1c2 is given empty (`b`: skip one cell, give the next), and `e` skips
//! // the last four.
//! let puzzle = parse_pattern_id("3x2:1//2/1.1/1,be")?;
//! assert!(puzzle.runs(Line::Column(1)).is_empty());
//! assert_eq!(puzzle.runs(Line::Column(2)), [2]);
//! assert_eq!(puzzle.runs(Line::Row(0)), [1, 1]);
//! assert_eq!(puzzle.givens()[1], Some(false));
//! assert_eq!(format_pattern_id(&puzzle), "3x2:1//2/1.1/1,be");
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use sieve_gameid::{Found, GameId, GameIdError, Reader, dimensions_param};

use crate::puzzle::{Line, MAX_SIZE, Picture, Puzzle, cells_needed, clue_text};

/// The letter that skips 25 cells and gives none.
const LONG_SKIP: usize = 25;

/// Reads a Pattern game ID; the error names the part of the ID, the offset
/// in it and what was expected there.
pub fn parse_pattern_id(id: &str) -> Result<Puzzle, GameIdError> {
    let id = GameId::parse(id)?;
    let mut params = id.params_reader();
    let (width, height) = dimensions_param(&mut params, 1..=MAX_SIZE, "the grid")?;
    params.finish("the grid size (W or WxH)")?;

    let mut description = id.description_reader();
    let mut clues = Vec::with_capacity(width + height);
    let lines = (0..width)
        .map(Line::Column)
        .chain((0..height).map(Line::Row));
    for (index, line) in lines.enumerate() {
        // The error's text is written only for an error: a 30x30 ID has 60
        // clues, and writing it for each was a third of parsing one.
        if index > 0 && !description.eat('/') {
            return Err(description.error(format!(
                "'/' between two clues ({index} of {} read, columns first)",
                width + height
            )));
        }
        let length = match line {
            Line::Column(_) => height,
            Line::Row(_) => width,
        };
        clues.push(read_clue(&mut description, line, length)?);
    }
    let rows = clues.split_off(width);
    let givens = if description.eat(',') {
        read_givens(&mut description, width * height)?
    } else {
        vec![None; width * height]
    };
    description.finish(&format!(
        "the {} clues (then ',' and the given cells)",
        width + height
    ))?;
    Puzzle::new(clues, rows, givens)
        .map_err(|error| description.error_at(0, "a puzzle", Found::Text(error.to_string())))
}

/// One line's clue: run lengths with `.` between them, or nothing.
fn read_clue(
    description: &mut Reader,
    line: Line,
    length: usize,
) -> Result<Vec<usize>, GameIdError> {
    let start = description.offset();
    let mut runs = Vec::new();
    if !description.peek().is_some_and(|c| c.is_ascii_digit()) {
        return Ok(runs);
    }
    let what = || format!("a run length of {line}");
    loop {
        // In range, so it fits a usize.
        runs.push(description.number_named(1..=length as u64, what)? as usize);
        if !description.eat('.') {
            break;
        }
    }
    let needed = cells_needed(&runs);
    if needed > length {
        let written: Vec<String> = runs.iter().map(usize::to_string).collect();
        return Err(description.error_at(
            start,
            format!("runs that fit in the {length} cells of {line}"),
            Found::Text(format!(
                "{} ({needed} cells with the gaps)",
                written.join(".")
            )),
        ));
    }
    Ok(runs)
}

/// The given cells after the `,` (see the module docs).
fn read_givens(description: &mut Reader, cells: usize) -> Result<Vec<Option<bool>>, GameIdError> {
    let mut givens = vec![None; cells];
    let mut at = 0;
    while at < cells {
        let offset = description.offset();
        let Some(letter) = description.peek().filter(char::is_ascii_alphabetic) else {
            return Err(description.error(format!(
                "a letter a-z or A-Z for the given cells ({} of {cells} cells left)",
                cells - at
            )));
        };
        description.bump();
        let skip = usize::from(letter.to_ascii_lowercase() as u8 - b'a');
        if at + skip > cells {
            return Err(description.error_at(
                offset,
                format!(
                    "a skip of at most {} cells (the grid has {cells})",
                    cells - at
                ),
                Found::Text(format!("{letter:?} (a skip of {skip})")),
            ));
        }
        at += skip;
        if skip < LONG_SKIP && at < cells {
            givens[at] = Some(letter.is_ascii_uppercase());
            at += 1;
        }
    }
    Ok(givens)
}

/// Writes a puzzle as a Pattern game ID, as his game does: `WxH`, the
/// clues, and the given cells only when there are some.
pub fn format_pattern_id(puzzle: &Puzzle) -> String {
    let mut id = format!("{}x{}:", puzzle.width(), puzzle.height());
    let clues: Vec<String> = puzzle
        .lines()
        .map(|line| {
            let runs: Vec<String> = puzzle.runs(line).iter().map(usize::to_string).collect();
            runs.join(".")
        })
        .collect();
    id.push_str(&clues.join("/"));
    if puzzle.givens().iter().any(Option::is_some) {
        id.push(',');
        let mut skipped = 0;
        for given in puzzle.givens() {
            match given {
                None => {
                    skipped += 1;
                    if skipped == LONG_SKIP {
                        id.push('z');
                        skipped = 0;
                    }
                }
                Some(filled) => {
                    let base = if *filled { b'A' } else { b'a' };
                    id.push(char::from(base + skipped as u8));
                    skipped = 0;
                }
            }
        }
        if skipped > 0 {
            id.push(char::from(b'a' + skipped as u8));
        }
    }
    id
}

/// A solved picture as the zoo's one-line answer: one character a cell,
/// row by row, `#` filled and `.` empty.
pub fn format_pattern_line(picture: &Picture) -> String {
    (picture.filled().iter())
        .map(|&filled| if filled { '#' } else { '.' })
        .collect()
}

/// A picture of the solved grid with its clues: the column clues stacked
/// above their columns, each row's clue at its right.
pub fn draw(puzzle: &Puzzle, picture: &Picture) -> String {
    let columns: Vec<&[usize]> = (0..puzzle.width())
        .map(|column| puzzle.runs(Line::Column(column)))
        .collect();
    let cell_width = (columns.iter().flat_map(|runs| runs.iter()))
        .map(|run| run.to_string().len())
        .max()
        .unwrap_or(1);
    let depth = columns
        .iter()
        .map(|runs| runs.len())
        .max()
        .unwrap_or(0)
        .max(1);
    let mut text = String::new();
    for level in 0..depth {
        let cells: Vec<String> = columns
            .iter()
            .map(|runs| {
                let shown = if runs.is_empty() { &[0][..] } else { runs };
                match (level + shown.len()).checked_sub(depth) {
                    Some(index) => format!("{:>cell_width$}", shown[index]),
                    None => " ".repeat(cell_width),
                }
            })
            .collect();
        push_line(&mut text, &cells.join(" "));
    }
    for (row, cells) in picture.filled().chunks(picture.width()).enumerate() {
        let cells: Vec<String> = cells
            .iter()
            .map(|&filled| format!("{:>cell_width$}", if filled { '#' } else { '.' }))
            .collect();
        let clue = clue_text(puzzle.runs(Line::Row(row)));
        push_line(&mut text, &format!("{}  {clue}", cells.join(" ")));
    }
    text
}

/// Appends `line` without trailing spaces, and a newline.
fn push_line(text: &mut String, line: &str) {
    text.push_str(line.trim_end());
    text.push('\n');
}
