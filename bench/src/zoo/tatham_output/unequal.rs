//! `unequalsolver ID [ID ...]`: Unequal's solver takes several IDs in one
//! process and always shows its working. For each ID it prints the start grid,
//! the deductions, one verdict line (`Game has difficulty Easy.`, `Game has
//! multiple solutions.`, `Game is impossible.`, `Game has incomplete.`), then
//! the grid as `game_text_format` draws it: `2o - 1` lines, cells in the even
//! columns of the even lines, with `<`, `>`, `|` between cells and `^`, `v`,
//! `-` on the lines between.

use super::picture::Picture;
use super::{OutputError, leading_number, unreadable, value_char};

/// The start of the solved verdict line.
const SOLVED: &str = "Game has difficulty ";

/// Reads Unequal's solution of one ID into the zoo's line: the values, row by
/// row.
pub fn read_unequal(id: &str, output: &str) -> Result<String, OutputError> {
    read_unequal_batch(&[id], output)
        .pop()
        .unwrap_or_else(|| Err(unreadable("no answer read")))
}

/// Reads the output of one `unequalsolver` process given `ids` in this order:
/// one answer for each ID. An ID whose verdict never came (the process stopped
/// early) reads as unreadable, as do all after it.
pub fn read_unequal_batch(ids: &[&str], output: &str) -> Vec<Result<String, OutputError>> {
    let lines: Vec<&str> = output.lines().collect();
    let mut next = 0;
    let mut answers = Vec::with_capacity(ids.len());
    for id in ids {
        let answer = read_next(id, &lines, &mut next);
        answers.push(answer);
    }
    answers
}

/// Reads the next verdict and grid from `lines[*next..]`, moving `next` past them.
fn read_next(id: &str, lines: &[&str], next: &mut usize) -> Result<String, OutputError> {
    let order = leading_number(id)?;
    let Some(offset) = lines[*next..].iter().position(|line| is_verdict(line)) else {
        *next = lines.len();
        return Err(unreadable(
            "the output ends before this ID's verdict (the solver stopped?)",
        ));
    };
    let verdict_at = *next + offset;
    let grid_lines = 2 * order - 1;
    *next = (verdict_at + 1 + grid_lines).min(lines.len());
    let verdict = lines[verdict_at].trim_end();
    if !verdict.starts_with(SOLVED) {
        return Err(OutputError::NoUniqueSolution(verdict.to_string()));
    }
    let grid = &lines[verdict_at + 1..*next];
    if grid.len() != grid_lines {
        return Err(unreadable(format!(
            "expected {grid_lines} grid lines after `{verdict}`, found {}",
            grid.len()
        )));
    }
    read_grid(&Picture::from_lines(grid.to_vec()), order)
}

/// Whether a line is one of the solver's verdicts (`pdiff` in his source).
fn is_verdict(line: &str) -> bool {
    line.starts_with("Game has ") || line.starts_with("Game is ")
}

/// The values of the solved grid, in zoo characters.
fn read_grid(picture: &Picture<'_>, order: usize) -> Result<String, OutputError> {
    let mut line = String::with_capacity(order * order);
    for row in 0..order {
        for column in 0..order {
            let (at_line, at_column) = (2 * row, 2 * column);
            let character = picture.at(at_line, at_column)?;
            let value = cell_value(character, order).ok_or_else(|| {
                unreadable(format!(
                    "expected a value, found {}",
                    picture.describe(at_line, at_column)
                ))
            })?;
            line.push(value_char(value)?);
        }
    }
    Ok(line)
}

/// The value a cell character stands for (`n2c` in his source: `1`–`9` below
/// order 10; from order 10 on, `0`–`9` for 1–10, then `A`, … for 11 on).
fn cell_value(character: char, order: usize) -> Option<u64> {
    let value = if order < 10 {
        u64::from(character.to_digit(10)?)
    } else if character.is_ascii_digit() {
        u64::from(character.to_digit(10)?) + 1
    } else if character.is_ascii_uppercase() {
        u64::from(character as u8 - b'A') + 11
    } else {
        return None;
    };
    (1..=order as u64).contains(&value).then_some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_value_characters_of_large_orders() {
        assert_eq!(cell_value('9', 9), Some(9));
        assert_eq!(cell_value('0', 9), None);
        assert_eq!(cell_value('0', 12), Some(1));
        assert_eq!(cell_value('9', 12), Some(10));
        assert_eq!(cell_value('B', 12), Some(12));
        assert_eq!(cell_value('C', 12), None);
    }
}
