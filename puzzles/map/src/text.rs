//! A colouring as text: the zoo's one-line answer, and a picture.

use crate::puzzle::{COLOURS, Colouring, Puzzle};

/// A colouring as the zoo's one-line answer: one digit `0`–`3` a region, in
/// the ID's numbering of the regions.
pub fn format_map_line(colouring: &Colouring) -> String {
    (colouring.colours().iter())
        .map(|&colour| char::from_digit(u32::from(colour), 10).unwrap_or('?'))
        .collect()
}

/// Reads a one-line answer back; `None` unless it is digits `0`–`3`.
pub fn parse_map_line(line: &str) -> Option<Colouring> {
    let colours: Option<Vec<u8>> = (line.trim().chars())
        .map(|c| {
            c.to_digit(10)
                .filter(|&d| d < u32::from(COLOURS))
                .map(|d| d as u8)
        })
        .collect();
    colours.map(Colouring::new)
}

/// A picture of the coloured map: each cell shows its region's colour,
/// with `|` between two cells of a row in different regions and `-` under a
/// cell whose neighbour below is in another region.
pub fn draw(puzzle: &Puzzle, colouring: &Colouring) -> String {
    let (width, height) = (puzzle.width(), puzzle.height());
    let region_of = puzzle.region_of();
    let colour_of = |cell: usize| {
        (colouring.colours().get(region_of[cell]))
            .and_then(|&colour| char::from_digit(u32::from(colour), 10))
            .unwrap_or('?')
    };
    let mut text = String::new();
    for row in 0..height {
        for column in 0..width {
            let cell = row * width + column;
            text.push(colour_of(cell));
            if column + 1 < width {
                let wall = region_of[cell] != region_of[cell + 1];
                text.push(if wall { '|' } else { ' ' });
            }
        }
        text.push('\n');
        if row + 1 < height {
            let between: String = (0..width)
                .map(|column| {
                    let cell = row * width + column;
                    let wall = region_of[cell] != region_of[cell + width];
                    if wall { "- " } else { "  " }
                })
                .collect();
            text.push_str(between.trim_end());
            text.push('\n');
        }
    }
    text
}
