//! Simon Tatham's Dominosa game IDs, read and written.
//!
//! - The parameters are N, the largest number (at least 1), then optionally
//!   a difficulty `d` with `t` (trivial), `b` (basic), `h` (hard), `e`
//!   (extreme) or `a` (ambiguous), which is checked and then ignored (`6`,
//!   `6dh`).
//! - The description is the (N+1)×(N+2) numbers row by row: a digit `0`–`9`
//!   is a number, and a number of 10 or more is written in brackets, `[12]`.
//!   Each number `0..=N` is written N+2 times, as a full set of dominoes
//!   0-0 … N-N has it.
//!
//! ```
//! use sieve_dominosa::{format_dominosa_id, parse_dominosa_id};
//!
//! // N = 1: dominoes 0-0, 0-1, 1-1 on a 2×3 grid.
//! let puzzle = parse_dominosa_id("1:001011")?;
//! assert_eq!((puzzle.width(), puzzle.height()), (3, 2));
//! assert_eq!(puzzle.numbers(), [0, 0, 1, 0, 1, 1]);
//! assert_eq!(format_dominosa_id(&puzzle), "1:001011");
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use sieve_gameid::{Found, GameId, GameIdError, size_param};

use crate::puzzle::{MAX_N, MIN_N, Puzzle};

/// The difficulty letters of Tatham's Dominosa, easiest first, then `a`
/// for his ambiguous puzzles.
pub const DIFFICULTIES: [char; 5] = ['t', 'b', 'h', 'e', 'a'];

/// Reads a Dominosa game ID; the error names the part of the ID, the
/// offset in it and what was expected there.
pub fn parse_dominosa_id(id: &str) -> Result<Puzzle, GameIdError> {
    let id = GameId::parse(id)?;
    let mut params = id.params_reader();
    let size = size_param(&mut params, MIN_N..=MAX_N, "N, the largest number")?;
    let level_offset = params.offset() + 1;
    if let Some(level) = params.difficulty()
        && !DIFFICULTIES.contains(&level)
    {
        return Err(params.error_at(
            level_offset,
            "a difficulty t, b, h, e or a after 'd'",
            Found::Char(level),
        ));
    }
    params.finish("N (then a difficulty such as dh)")?;

    let mut description = id.description_reader();
    let cells = (size + 1) * (size + 2);
    let mut times = vec![0usize; size + 1];
    let mut numbers = Vec::with_capacity(cells);
    while numbers.len() < cells {
        let offset = description.offset();
        // Written only for an error: formatting it for every cell read was
        // most of reading an ID.
        let what = || {
            format!(
                "a number 0-{size} (a digit, or [12] from 10 on) ({} of {cells} cells left)",
                cells - numbers.len()
            )
        };
        let number = if description.eat('[') {
            let number = description.number_in(0..=size as u64, "a number in brackets")?;
            description.expect(']', "after the number in brackets")?;
            number
        } else {
            match description
                .peek()
                .and_then(|c| c.to_digit(10).filter(|_| c.is_ascii()))
            {
                Some(digit) if digit as usize <= size => {
                    description.bump();
                    u64::from(digit)
                }
                _ => return Err(description.error(what())),
            }
        };
        // At most N, so it fits a u8 and indexes `times`.
        let count = &mut times[number as usize];
        *count += 1;
        if *count > size + 2 {
            return Err(description.error_at(
                offset,
                format!(
                    "a number other than {number}: a full set of dominoes has each {} times",
                    size + 2
                ),
                Found::Text(format!("{number}, written {} times by here", *count)),
            ));
        }
        numbers.push(number as u8);
    }
    description.finish(&format!("the {cells} numbers"))?;
    Puzzle::new(size, numbers)
        .map_err(|error| description.error_at(0, "a puzzle", Found::Text(error.to_string())))
}

/// Writes a puzzle as a Dominosa game ID, as his generator does (numbers
/// from 10 on in brackets), without a difficulty.
pub fn format_dominosa_id(puzzle: &Puzzle) -> String {
    let mut id = format!("{}:", puzzle.size());
    for &number in puzzle.numbers() {
        if number < 10 {
            id.push(char::from(b'0' + number));
        } else {
            id.push_str(&format!("[{number}]"));
        }
    }
    id
}
