//! Simon Tatham's Signpost game IDs, read and written, the zoo's one-line
//! answer and a picture.
//!
//! - The parameters are W, then optionally `x` and H (else H = W), then
//!   optionally `c` (his option that puts 1 and the last number in opposite
//!   corners, which only the generator reads): `8x8`, `7x7c`, `5`.
//! - The description walks the cells row by row: each cell is its given
//!   number, if any (1 to W×H, in decimal), then its arrow as a letter, `a` up,
//!   then clockwise: `b` up-right, `c` right, `d` down-right, `e` down, `f`
//!   down-left, `g` left, `h` up-left. The last number's cell has an arrow too,
//!   which the rules ignore.
//!
//! ```
//! use sieve_signpost::{Direction, format_signpost_id, parse_signpost_id};
//!
//! let id = "3x3:d1d9aaegbgh";
//! let puzzle = parse_signpost_id(id)?;
//! assert_eq!(puzzle.givens()[1], Some(1));
//! assert_eq!(puzzle.arrows()[0], Direction::SouthEast); // his d
//! assert_eq!(format_signpost_id(&puzzle), id);
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use sieve_gameid::{Found, GameId, GameIdError, Reader, dimensions_param};

use crate::puzzle::{Direction, MAX_SIZE, MIN_SIZE, Numbering, Puzzle};

/// Reads a Signpost game ID; the error names the part of the ID, the offset in
/// it and what was expected there.
pub fn parse_signpost_id(id: &str) -> Result<Puzzle, GameIdError> {
    let id = GameId::parse(id)?;
    let mut params = id.params_reader();
    let (width, height) = dimensions_param(&mut params, MIN_SIZE..=MAX_SIZE, "the grid")?;
    params.eat('c');
    params.finish("the grid size (then c)")?;
    let mut description = id.description_reader();
    let (arrows, givens) = read_cells(&mut description, width, width * height)?;
    description.finish("the last cell's arrow")?;
    Puzzle::new((width, height), arrows, givens)
        .map_err(|error| description.error_at(0, "a puzzle", Found::Text(error.to_string())))
}

/// The arrow his letter stands for.
fn arrow_of(letter: char) -> Option<Direction> {
    let index = (letter as u32).checked_sub('a' as u32)?;
    Direction::ALL.get(index as usize).copied()
}

/// His letter for an arrow.
fn letter_of(direction: Direction) -> char {
    let index = Direction::ALL.iter().position(|&d| d == direction);
    char::from(b'a' + index.unwrap_or(0) as u8)
}

/// The `cells` cells of a grid `width` wide: each one's arrow and given number.
fn read_cells(
    description: &mut Reader,
    width: usize,
    cells: usize,
) -> Result<(Vec<Direction>, Vec<Option<usize>>), GameIdError> {
    let mut arrows = Vec::with_capacity(cells);
    let mut givens: Vec<Option<usize>> = Vec::with_capacity(cells);
    let mut given_at: Vec<Option<usize>> = vec![None; cells + 1];
    while arrows.len() < cells {
        let cell = arrows.len();
        // The names of the messages are written only for an error or a number:
        // most cells are a letter alone, and a name each cost a third of a
        // batch's reading.
        let name = || crate::puzzle::cell_name(width, cell);
        let offset = description.offset();
        let given = match description.peek() {
            Some(digit) if digit.is_ascii_digit() => {
                let what = || format!("the number of {}", name());
                description.optional_number_named(1..=cells as u64, what)?
            }
            _ => None,
        };
        if let Some(number) = given.map(|number| number as usize) {
            if let Some(first) = given_at[number] {
                return Err(description.error_at(
                    offset,
                    format!(
                        "a number not given before ({number} is at {} already)",
                        crate::puzzle::cell_name(width, first)
                    ),
                    Found::Text(number.to_string()),
                ));
            }
            given_at[number] = Some(cell);
        }
        let arrow_offset = description.offset();
        let expected = || {
            let name = name();
            if given.is_some() {
                format!("the arrow of {name} after its number: a letter a-h (a up, then clockwise)")
            } else {
                format!("{name}: a number, or its arrow a-h (a up, then clockwise)")
            }
        };
        match description.bump() {
            Some(letter) if arrow_of(letter).is_some() => {
                arrows.extend(arrow_of(letter));
                givens.push(given.map(|number| number as usize));
            }
            Some(other) => {
                return Err(description.error_at(arrow_offset, expected(), Found::Char(other)));
            }
            None => {
                let (expected, left) = (expected(), cells - cell);
                return Err(description.error(format!("{expected}: {left} of {cells} cells left")));
            }
        }
    }
    Ok((arrows, givens))
}

/// Writes a puzzle as a Signpost game ID (`WxH:...`), as his generator writes
/// it: each cell's given number, if any, then its arrow letter.
pub fn format_signpost_id(puzzle: &Puzzle) -> String {
    let mut id = format!("{}x{}:", puzzle.width(), puzzle.height());
    for (&arrow, &given) in puzzle.arrows().iter().zip(puzzle.givens()) {
        if let Some(number) = given {
            id.push_str(&number.to_string());
        }
        id.push(letter_of(arrow));
    }
    id
}

/// A numbering as the zoo's one-line answer: each cell's number, row by row,
/// comma-separated.
pub fn format_signpost_line(solution: &Numbering) -> String {
    solution.to_string()
}

/// A picture of a solved puzzle: each cell's number and arrow, a row a line,
/// the given numbers marked `*`; the last number's cell, where the path ends,
/// shows `.` for its arrow.
pub fn draw(puzzle: &Puzzle, solution: &Numbering) -> String {
    let digits = puzzle.cells().to_string().len();
    let mut text = String::new();
    for row in solution.numbers().chunks(puzzle.width()).enumerate() {
        let (row, numbers) = row;
        let cells: Vec<String> = (numbers.iter().enumerate())
            .map(|(column, &number)| {
                let cell = row * puzzle.width() + column;
                let arrow = if number == puzzle.cells() {
                    '.'
                } else {
                    puzzle.arrows()[cell].arrow()
                };
                let mark = if puzzle.givens()[cell].is_some() {
                    '*'
                } else {
                    ' '
                };
                format!("{number:>digits$}{arrow}{mark}")
            })
            .collect();
        text.push_str(cells.join(" ").trim_end());
        text.push('\n');
    }
    text
}
