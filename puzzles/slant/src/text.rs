//! A solved grid as text: the zoo's one-line answer, and a picture.

use crate::puzzle::{Diagonal, Grid, Puzzle};

/// A solved grid as the zoo's one-line answer: one character a cell, row by
/// row, `\` or `/`.
pub fn format_slant_line(grid: &Grid) -> String {
    grid.cells().iter().map(|cell| cell.symbol()).collect()
}

/// Reads a one-line answer back into a W×H grid; `None` when it is not W·H
/// characters `\` and `/`.
pub fn parse_slant_line(width: usize, height: usize, line: &str) -> Option<Grid> {
    let cells: Option<Vec<Diagonal>> = line.trim().chars().map(Diagonal::from_symbol).collect();
    Grid::new(width, height, cells?)
}

/// A picture of a solved grid as Tatham's Slant prints one: corners as
/// their clue or `+`, joined by `-` across and `|` down, each cell's
/// diagonal between them.
pub fn draw(puzzle: &Puzzle, grid: &Grid) -> String {
    let (width, height) = (puzzle.width(), puzzle.height());
    let mut text = String::new();
    for row in 0..=height {
        for column in 0..=width {
            let corner = puzzle.clue(row, column);
            text.push(corner.map_or('+', |clue| char::from(b'0' + clue)));
            if column < width {
                text.push('-');
            }
        }
        text.push('\n');
        if row < height {
            text.push('|');
            for column in 0..width {
                text.push(grid.cells()[row * width + column].symbol());
                text.push('|');
            }
            text.push('\n');
        }
    }
    text
}
