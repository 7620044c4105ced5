//! A tiling as text: the zoo's one-line answer, and a picture.

use crate::puzzle::{Puzzle, Side, Tiling};

/// A tiling as the zoo's one-line answer: one letter a cell, row by row,
/// the side of its partner: `L`, `R`, `U` or `D`.
pub fn format_dominosa_line(tiling: &Tiling) -> String {
    tiling.sides().iter().map(|side| side.letter()).collect()
}

/// Reads a one-line answer back into a tiling `width` cells wide; `None`
/// unless it is letters L, R, U, D filling whole rows.
pub fn parse_dominosa_line(width: usize, line: &str) -> Option<Tiling> {
    let sides: Option<Vec<Side>> = line.trim().chars().map(Side::from_letter).collect();
    Tiling::new(width, sides?)
}

/// A picture of the laid dominoes as Tatham's Dominosa prints one: each
/// domino a box of two cells (four characters a cell, the number in the
/// middle), with `+` where walls meet.
pub fn draw(puzzle: &Puzzle, tiling: &Tiling) -> String {
    let (width, height) = (puzzle.width(), puzzle.height());
    let sides = tiling.sides();
    let paired = |row: usize, column: usize, side: Side| sides[row * width + column] == side;
    // The wall above row `row` over column `column` (row may be `height`).
    let across = |row: usize, column: usize| {
        row == 0 || row == height || !paired(row - 1, column, Side::Down)
    };
    // The wall left of column `column` on row `row` (column may be `width`).
    let down = |row: usize, column: usize| {
        column == 0 || column == width || !paired(row, column - 1, Side::Right)
    };
    let mut text = String::new();
    for row in 0..=height {
        for column in 0..=width {
            let left = column > 0 && across(row, column - 1);
            let right = column < width && across(row, column);
            let up = row > 0 && down(row - 1, column);
            let below = row < height && down(row, column);
            text.push(match (left || right, up || below) {
                (true, false) => '-',
                (false, true) => '|',
                (false, false) => ' ',
                (true, true) => '+',
            });
            if column < width {
                text.push_str(if right { "---" } else { "   " });
            }
        }
        text.push('\n');
        if row == height {
            break;
        }
        for column in 0..=width {
            text.push(if down(row, column) { '|' } else { ' ' });
            if column < width {
                let number = puzzle.numbers()[row * width + column];
                text.push_str(&format!("{number:>2} "));
            }
        }
        text.push('\n');
    }
    text
}
