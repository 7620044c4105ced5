//! Simon Tatham's Galaxies game IDs, read and written, and the zoo's answers.
//!
//! - The parameters are the size, `WxH` or `W` alone for a square grid, each
//!   side from 3 to 40; then optionally a difficulty `d` with `n` (normal) or
//!   `u` (unreasonable), which is checked and then ignored (`7x7dn`).
//! - The description places the dots on the inside of the grid of half cells
//!   (`2W - 1` columns by `2H - 1` rows: cell centres, edge midpoints and
//!   corners, row by row), each as a letter after a gap: `a`–`y` is a dot after
//!   0–24 places without one (`A`–`Y` the same for a dot his game draws
//!   black), and `z` skips 25 places without a dot.
//!
//! ```
//! use sieve_galaxies::{format_galaxies_id, parse_galaxies_id};
//!
//! // A 3×3 grid: one dot at the corner between the first two rows and columns,
//! // one at the centre of the last cell.
//! let puzzle = parse_galaxies_id("3x3:gr")?;
//! assert_eq!(puzzle.dots().len(), 2);
//! assert_eq!(puzzle.dots()[0].to_string(), "the dot at the corner of r1c1 and r2c2");
//! assert_eq!(puzzle.dots()[1].to_string(), "the dot at r3c3");
//! assert_eq!(format_galaxies_id(&puzzle), "3x3:gr");
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use sieve_gameid::{Found, GameId, GameIdError, dimensions_param};

use crate::puzzle::{Dot, Galaxies, MAX_SIZE, MIN_SIZE, Puzzle, place_dot};

/// The difficulty letters of Tatham's Galaxies, easiest first.
pub const DIFFICULTIES: [char; 2] = ['n', 'u'];

/// Reads a Galaxies game ID; the error names the part of the ID, the offset in
/// it and what was expected there.
pub fn parse_galaxies_id(id: &str) -> Result<Puzzle, GameIdError> {
    let id = GameId::parse(id)?;
    let mut params = id.params_reader();
    let (width, height) = dimensions_param(&mut params, MIN_SIZE..=MAX_SIZE, "the grid")?;
    let level_offset = params.offset() + 1;
    if let Some(level) = params.difficulty()
        && !DIFFICULTIES.contains(&level)
    {
        return Err(params.error_at(
            level_offset,
            "a difficulty n or u after 'd'",
            Found::Char(level),
        ));
    }
    params.finish("the grid size (then a difficulty such as dn)")?;

    let (columns, rows) = (2 * width - 1, 2 * height - 1);
    let places = columns * rows;
    let mut description = id.description_reader();
    let mut dots: Vec<Dot> = Vec::new();
    // Each cell's dot, as the dots are placed one at a time.
    let mut owner = vec![None; width * height];
    let mut place = 0;
    while let Some(letter) = description.peek() {
        let offset = description.offset();
        let (gap, black) = match letter {
            'z' => (25, None),
            'a'..='y' => (letter as usize - 'a' as usize, Some(false)),
            'A'..='Y' => (letter as usize - 'A' as usize, Some(true)),
            _ => {
                return Err(description.error(format!(
                    "a letter a-y or A-Y (a dot after that many empty places) or z (25 empty \
                     places) ({} dots read)",
                    dots.len()
                )));
            }
        };
        description.bump();
        place += gap;
        let Some(black) = black else { continue };
        if place >= places {
            return Err(description.error_at(
                offset,
                format!("a dot inside the {places} places of a {width}×{height} grid"),
                Found::Text(format!("{letter:?}, a dot at place {}", place + 1)),
            ));
        }
        let dot = Dot {
            y: place / columns + 1,
            x: place % columns + 1,
            black,
        };
        dots.push(dot);
        if let Err(error) = place_dot(width, height, &dots, &mut owner) {
            return Err(description.error_at(
                offset,
                "a dot that touches no cell another dot touches",
                Found::Text(error.to_string()),
            ));
        }
        place += 1;
    }
    Puzzle::new(width, height, dots)
        .map_err(|error| description.error_at(0, "a puzzle", Found::Text(error.to_string())))
}

/// Writes a puzzle as a Galaxies game ID, as his generator does (the size alone
/// as the parameters).
pub fn format_galaxies_id(puzzle: &Puzzle) -> String {
    let columns = 2 * puzzle.width() - 1;
    let mut text = format!("{}x{}:", puzzle.width(), puzzle.height());
    let mut next = 0;
    for dot in puzzle.dots() {
        let place = (dot.y - 1) * columns + dot.x - 1;
        let mut gap = place - next;
        while gap > 24 {
            text.push('z');
            gap -= 25;
        }
        let first = if dot.black { b'A' } else { b'a' };
        text.push(char::from(first + gap as u8));
        next = place + 1;
    }
    text
}

/// A solved grid as the zoo's one-line answer: one character a cell, row by
/// row, the index of its dot in base 36 (`0`–`9`, then `a`–`z`; from 36 on the
/// index modulo 36).
pub fn format_galaxies_line(galaxies: &Galaxies) -> String {
    (galaxies.dots().iter())
        .map(|&dot| char::from_digit((dot % 36) as u32, 36).unwrap_or('?'))
        .collect()
}

/// A picture of the solved grid: walls between regions (and round the grid),
/// and an `o` for each dot, on a cell, an edge or a corner.
pub fn draw(puzzle: &Puzzle, galaxies: &Galaxies) -> String {
    let (width, height) = (galaxies.width(), galaxies.height());
    let region = |row: usize, column: usize| galaxies.dots()[row * width + column];
    let dot_at = |y: usize, x: usize| puzzle.dots().iter().any(|dot| (dot.y, dot.x) == (y, x));
    let mut text = String::new();
    for y in 0..=2 * height {
        for x in 0..=2 * width {
            let (row, column) = (y / 2, x / 2);
            let dot = dot_at(y, x);
            let piece = match (y % 2, x % 2) {
                (0, 0) => (if dot { "o" } else { "+" }).to_string(),
                (0, _) => {
                    let wall =
                        y == 0 || y == 2 * height || region(row - 1, column) != region(row, column);
                    let line = if wall { '-' } else { ' ' };
                    let middle = if dot { 'o' } else { line };
                    format!("{line}{middle}{line}")
                }
                (_, 0) => {
                    let wall =
                        x == 0 || x == 2 * width || region(row, column - 1) != region(row, column);
                    (if dot {
                        "o"
                    } else if wall {
                        "|"
                    } else {
                        " "
                    })
                    .to_string()
                }
                _ => (if dot { " o " } else { "   " }).to_string(),
            };
            text.push_str(&piece);
        }
        text.push('\n');
    }
    text
}
