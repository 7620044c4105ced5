//! Simon Tatham's Tents game IDs, read and written, and the zoo's answers.
//!
//! - The parameters are the size `WxH` (or `N` for N×N), each side 4 to 100,
//!   then optionally a difficulty `de` (easy) or `dt` (tricky), which is
//!   checked and then ignored (`8x8`, `10x10dt`).
//! - The description walks the squares row by row, then one virtual square
//!   after the last. `_` is a tree; a letter `a` … `y` is 1 … 25 open squares
//!   and then a tree; `z` is 25 open squares and no tree. The walk must end
//!   with a tree on exactly the virtual square. `!` makes the square just
//!   walked a tent, `-` makes it grass (his game lets an ID carry such
//!   marks: the letter before one stands for the squares up to it, and its
//!   tree is replaced by the mark).
//! - Then `,` and a count for each column, left to right, then `,` and a
//!   count for each row, top to bottom.
//!
//! ```
//! use sieve_tents::{Square, format_tents_id, parse_tents_id};
//!
//! // 4×4: trees at r1c2, r2c4, r4c1; r3c3 marked as grass (`b-`: two open
//! // squares and the third marked).
//! let id = "4x4:aeb-ac,1,0,1,1,1,1,0,1";
//! let puzzle = parse_tents_id(id)?;
//! assert_eq!(puzzle.square(0, 1), Square::Tree);
//! assert_eq!(puzzle.square(2, 2), Square::MarkedGrass);
//! assert_eq!(puzzle.trees(), 3);
//! assert_eq!(puzzle.column_counts(), [1, 0, 1, 1]);
//! assert_eq!(format_tents_id(&puzzle), id);
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use sieve_gameid::{Found, GameId, GameIdError, dimensions_param};

use crate::puzzle::{Cell, Grid, MAX_SIZE, MIN_SIZE, Puzzle, Square};

/// The difficulty letters of Tatham's Tents, easiest first.
pub const DIFFICULTIES: [char; 2] = ['e', 't'];

/// The open squares of `z`, the longest run a letter writes.
const LONGEST_RUN: usize = 25;

/// Reads a Tents game ID; the error names the part of the ID, the offset in
/// it and what was expected there.
pub fn parse_tents_id(id: &str) -> Result<Puzzle, GameIdError> {
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
    params.finish("the grid size (then a difficulty de or dt)")?;

    let mut description = id.description_reader();
    let squares = read_squares(&mut description, width * height)?;
    let mut counts = Vec::with_capacity(width + height);
    for index in 0..width + height {
        let (line, number, length) = if index < width {
            ("column", index + 1, height)
        } else {
            ("row", index - width + 1, width)
        };
        let what = format!("the tent count of {line} {number}");
        description.expect(',', &format!("before {what}"))?;
        counts.push(description.number_in(0..=length as u64, &what)? as usize);
    }
    description.finish("the column and row counts")?;
    let row_counts = counts.split_off(width);
    Puzzle::new(width, height, squares, counts, row_counts)
        .map_err(|error| description.error_at(0, "a puzzle", Found::Text(error.to_string())))
}

/// The squares of the description, up to the `,` before the counts.
fn read_squares(
    description: &mut sieve_gameid::Reader,
    cells: usize,
) -> Result<Vec<Square>, GameIdError> {
    let mut squares = Vec::with_capacity(cells);
    let mut ended = false;
    while let Some(letter) = description.peek().filter(|&c| c != ',') {
        let offset = description.offset();
        if ended && !matches!(letter, '!' | '-') {
            return Err(description.error(format!(
                "',' before the counts: the {cells} squares and the tree after them are read"
            )));
        }
        let (open, tree) = match letter {
            '_' => (0, true),
            'a'..='y' => (usize::from(letter as u8 - b'a') + 1, true),
            'z' => (LONGEST_RUN, false),
            '!' | '-' => {
                let Some(last) = squares.len().checked_sub(1).filter(|_| !ended) else {
                    return Err(description.error(format!(
                        "a square of the grid before the mark ({})",
                        if ended {
                            "the last tree stands after the grid"
                        } else {
                            "no square is read yet"
                        }
                    )));
                };
                squares[last] = if letter == '!' {
                    Square::MarkedTent
                } else {
                    Square::MarkedGrass
                };
                description.bump();
                continue;
            }
            _ => {
                return Err(description.error(
                    "a letter a-z or '_' (the trees), '!' or '-' (a mark), or ',' before the counts",
                ));
            }
        };
        let left = cells - squares.len();
        if open > left {
            return Err(description.error_at(
                offset,
                format!(
                    "a run of at most {left} open square{} ({left} of the grid's {cells} left, then the tree after them)",
                    if left == 1 { "" } else { "s" }
                ),
                Found::Text(format!("{letter:?} ({open} open squares)")),
            ));
        }
        squares.extend(std::iter::repeat_n(Square::Open, open));
        if tree {
            if squares.len() == cells {
                ended = true;
            } else {
                squares.push(Square::Tree);
            }
        }
        description.bump();
    }
    if !ended {
        return Err(description.error(format!(
            "more of the grid: {} of its {cells} squares read, and a tree must follow the last",
            squares.len()
        )));
    }
    Ok(squares)
}

/// Writes a puzzle as a Tents game ID, as his generator writes it (with the
/// marks after the letters that stand for them), without a difficulty.
pub fn format_tents_id(puzzle: &Puzzle) -> String {
    let mut id = format!("{}x{}:", puzzle.width(), puzzle.height());
    let mut open = 0usize;
    let squares = puzzle.squares().iter().copied();
    // The virtual tree after the grid closes the last run.
    for square in squares.chain(std::iter::once(Square::Tree)) {
        if square == Square::Open {
            open += 1;
            if open > LONGEST_RUN {
                id.push('z');
                open -= LONGEST_RUN;
            }
            continue;
        }
        id.push(if open == 0 {
            '_'
        } else {
            char::from(b'a' + open as u8 - 1)
        });
        open = 0;
        match square {
            Square::MarkedTent => id.push('!'),
            Square::MarkedGrass => id.push('-'),
            _ => {}
        }
    }
    for count in puzzle.column_counts().iter().chain(puzzle.row_counts()) {
        id.push(',');
        id.push_str(&count.to_string());
    }
    id
}

/// A solved grid as the zoo's one-line answer: one character a square, row
/// by row, `A` tent, `T` tree, `.` grass.
pub fn format_tents_line(grid: &Grid) -> String {
    grid.cells().iter().map(|cell| cell.letter()).collect()
}

/// A picture of a solved grid: one row a line, `A` tent, `T` tree, `.`
/// grass, each row's count at its end and the columns' counts underneath.
pub fn draw(puzzle: &Puzzle, grid: &Grid) -> String {
    let cell_width = puzzle
        .column_counts()
        .iter()
        .map(|count| count.to_string().len())
        .max()
        .unwrap_or(1);
    let mut text = String::new();
    for (row, cells) in grid.cells().chunks(grid.width().max(1)).enumerate() {
        for cell in cells {
            text.push_str(&format!("{:>cell_width$} ", cell.letter()));
        }
        let count = puzzle.row_counts().get(row).copied().unwrap_or(0);
        text.push_str(&format!(" {count}\n"));
    }
    let counts: Vec<String> = (puzzle.column_counts().iter())
        .map(|count| format!("{count:>cell_width$}"))
        .collect();
    text.push_str(&counts.join(" "));
    text.push('\n');
    text
}

/// The cell a solved grid should have for a square the puzzle marks; `None`
/// for an open square.
pub fn marked_cell(square: Square) -> Option<Cell> {
    match square {
        Square::Tree => Some(Cell::Tree),
        Square::MarkedTent => Some(Cell::Tent),
        Square::MarkedGrass => Some(Cell::Grass),
        Square::Open => None,
    }
}
