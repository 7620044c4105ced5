//! Simon Tatham's Towers game IDs: `params:description`, as his `towers
//! --generate` prints them and his game's "Game ID" dialog shows them.
//!
//! - The parameters are N (his games use 3 to 9; any N of this crate is
//!   read), optionally followed by a difficulty `d<letter>` (`5dh`), which a
//!   puzzle does not need and is ignored.
//! - The description is the 4N clues separated by `/`, an empty clue meaning
//!   none, in his order: above the columns (left to right), below the columns
//!   (left to right), left of the rows (top to bottom), right of the rows
//!   (top to bottom). That is this crate's [`Order::Source`](super::Order).
//! - Optionally, `,` and the given cells row by row in run lengths: a letter
//!   `a`…`z` is a run of 1…26 empty cells, a number is a given height, `_`
//!   separates two numbers.
//!
//! ```
//! use sieve_skyscrapers::parse::{format_towers_id, parse_towers_id};
//! use sieve_skyscrapers::Side;
//!
//! let puzzle = parse_towers_id("5:/3////2/////3//1//3/2////,r1b1c")?;
//! assert_eq!(puzzle.size(), 5);
//! assert_eq!(puzzle.clues().get(Side::Top, 1), Some(3));
//! assert_eq!(puzzle.clues().get(Side::Left, 2), Some(1));
//! assert_eq!(puzzle.given(3, 3), Some(1));
//! assert_eq!(format_towers_id(&puzzle), "5:/3////2/////3//1//3/2////,r1b1c");
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use sieve_gameid::{
    Found, GameId, GameIdError, clue_list, run_length_grid, size_param, write_run_length_grid,
};

use crate::puzzle::{Clues, MAX_SIZE, Puzzle, Side};

/// Reads a Towers game ID; the error names the part of the ID, the offset
/// in it, and what was expected there.
pub fn parse_towers_id(id: &str) -> Result<Puzzle, GameIdError> {
    let id = GameId::parse(id)?;
    let mut params = id.params_reader();
    let size = size_param(&mut params, 1..=MAX_SIZE, "the grid size N")?;
    params.difficulty();
    params.finish("the grid size (and a difficulty such as dh)")?;

    let mut description = id.description_reader();
    let tallest = size as u64;
    let list = clue_list(&mut description, 4 * size, '/', 1..=tallest, "a clue")?;
    let mut clues = Clues::empty(size);
    for (position, clue) in list.into_iter().enumerate() {
        let side = Side::ALL[position / size];
        // In 1..=N ≤ 16: fits a u8.
        clues.side_mut(side)[position % size] = clue.map(|value| value as u8);
    }
    let mut givens = vec![None; size * size];
    if description.eat(',') {
        let cells = run_length_grid(&mut description, size * size, 1..=tallest, "a height")?;
        givens = cells
            .into_iter()
            .map(|cell| cell.map(|value| value as u8))
            .collect();
        description.finish("the N·N cells")?;
    } else {
        description.finish("the 4N clues (or ',' and the cells)")?;
    }
    let unreadable = |error: crate::puzzle::PuzzleError| GameIdError {
        part: sieve_gameid::Part::Description,
        offset: description.offset(),
        expected: "a puzzle".to_string(),
        found: Found::Text(error.to_string()),
    };
    Puzzle::new(size, clues)
        .and_then(|puzzle| puzzle.with_givens(givens))
        .map_err(unreadable)
}

/// Writes a puzzle as a Towers game ID (`N:clues[,givens]`), as his
/// generator does: no difficulty, and the givens only when there are some.
pub fn format_towers_id(puzzle: &Puzzle) -> String {
    let mut clues = Vec::with_capacity(4 * puzzle.size());
    for side in Side::ALL {
        for clue in puzzle.clues().side(side) {
            clues.push(clue.map_or(String::new(), |value| value.to_string()));
        }
    }
    let mut id = format!("{}:{}", puzzle.size(), clues.join("/"));
    if puzzle.has_givens() {
        let cells: Vec<Option<u64>> = puzzle
            .givens()
            .iter()
            .map(|given| given.map(u64::from))
            .collect();
        id.push(',');
        id.push_str(&write_run_length_grid(&cells));
    }
    id
}

/// A solved grid as the zoo's one-line answer: one character a cell, row
/// by row, `1`–`9` then `a`, `b`, … for 10, 11, ….
pub fn format_towers_line(grid: &crate::puzzle::Grid) -> String {
    grid.heights()
        .iter()
        .map(|&height| sieve_gameid::value_char(u64::from(height)).unwrap_or('?'))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clues_follow_tathams_order() {
        // 3×3: top 1 2 _, bottom _ 2 1, left 3 _ _, right _ _ 2.
        let puzzle = parse_towers_id("3:1/2///2/1/3/////2").unwrap();
        let clues = puzzle.clues();
        assert_eq!(clues.top, [Some(1), Some(2), None]);
        assert_eq!(clues.bottom, [None, Some(2), Some(1)]);
        assert_eq!(clues.left, [Some(3), None, None]);
        assert_eq!(clues.right, [None, None, Some(2)]);
        assert!(!puzzle.has_givens());
    }

    #[test]
    fn the_difficulty_is_ignored() {
        let plain = parse_towers_id("3:1/2///2/1/3/////2").unwrap();
        assert_eq!(parse_towers_id("3dx:1/2///2/1/3/////2"), Ok(plain));
    }

    #[test]
    fn errors_name_the_offset() {
        let error = parse_towers_id("3:1/2///2/1/3/////2x").unwrap_err();
        assert_eq!(error.offset, 17);
        let error = parse_towers_id("3:1/4").unwrap_err();
        assert_eq!(
            error.to_string(),
            "description at offset 2: expected a clue from 1 to 3, found 4"
        );
        let error = parse_towers_id("3:1/2///2/1/3/////2,a4").unwrap_err();
        assert_eq!(error.offset, 19);
        let error = parse_towers_id("3x:").unwrap_err();
        assert_eq!(error.part, sieve_gameid::Part::Params);
        assert_eq!(error.offset, 1);
    }
}
