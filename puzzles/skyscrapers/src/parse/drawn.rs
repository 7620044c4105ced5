//! The drawn grid: N + 2 lines with the clues around the border.

use super::{FieldRole, ParseError, decimal_value};
use crate::puzzle::{Clues, MAX_SIZE, Puzzle, Side};

/// The width of one drawn-grid field for N: enough digits for N.
pub fn field_width(size: usize) -> usize {
    if size >= 10 { 2 } else { 1 }
}

/// One field of a drawn-grid line: its text (trimmed) and 1-based start column.
struct Field {
    column: usize,
    text: String,
}

/// Cuts a drawn-grid line into its N + 2 fields (see the module docs).
fn split_grid_line(line: &str, line_number: usize, size: usize) -> Result<Vec<Field>, ParseError> {
    let field_count = size + 2;
    let free: Vec<&str> = line.split_whitespace().collect();
    if free.len() == field_count {
        let mut fields = Vec::with_capacity(field_count);
        let mut rest = line;
        let mut consumed = 0;
        for token in free {
            let start = rest.find(token).unwrap_or(0);
            let column = line[..consumed + start].chars().count() + 1;
            fields.push(Field {
                column,
                text: token.to_string(),
            });
            consumed += start + token.len();
            rest = &line[consumed..];
        }
        return Ok(fields);
    }
    let width = field_width(size);
    let chars: Vec<char> = line.trim_end().chars().collect();
    let mut fields = Vec::with_capacity(field_count);
    for field in 0..field_count {
        let start = field * (width + 1);
        if field > 0
            && let Some(&separator) = chars.get(start - 1)
            && separator != ' '
        {
            return Err(ParseError::GridSeparator {
                line: line_number,
                column: start,
                character: separator,
                width,
                size,
            });
        }
        let end = (start + width).min(chars.len());
        let text: String = chars.get(start..end).unwrap_or(&[]).iter().collect();
        fields.push(Field {
            column: start + 1,
            text: text.trim().to_string(),
        });
    }
    let used = field_count * (width + 1) - 1;
    if chars.len() > used {
        return Err(ParseError::GridLineTooLong {
            line: line_number,
            column: used + 1,
            size,
        });
    }
    Ok(fields)
}

/// Reads one drawn-grid field: `None` for blank, `.` or `0`, else a value in `1..=size`.
fn read_field(
    field: &Field,
    line: usize,
    size: usize,
    role: FieldRole,
) -> Result<Option<u8>, ParseError> {
    let text = field.text.as_str();
    if text.is_empty() || text.chars().all(|c| c == '.') {
        return Ok(None);
    }
    if role == FieldRole::Corner {
        if text.chars().all(|c| c == '0') {
            return Ok(None);
        }
        return Err(ParseError::GridCorner {
            line,
            column: field.column,
            text: text.to_string(),
        });
    }
    if !text.chars().all(|c| c.is_ascii_digit()) {
        return Err(ParseError::GridNotANumber {
            line,
            column: field.column,
            text: text.to_string(),
            role,
        });
    }
    let chars: Vec<char> = text.chars().collect();
    let value = decimal_value(&chars);
    if value > size {
        return Err(ParseError::GridValueTooLarge {
            line,
            column: field.column,
            value: text.to_string(),
            size,
            role,
        });
    }
    Ok((value > 0).then_some(value as u8))
}

/// Reads a top or bottom border line into that side's clues.
fn read_border(
    fields: &[Field],
    line: usize,
    size: usize,
    side: Side,
    clues: &mut Clues,
) -> Result<(), ParseError> {
    for (position, field) in fields.iter().enumerate() {
        let role = if position == 0 || position == size + 1 {
            FieldRole::Corner
        } else {
            FieldRole::Clue(side, position - 1)
        };
        let value = read_field(field, line, size, role)?;
        if let FieldRole::Clue(_, index) = role {
            clues.side_mut(side)[index] = value;
        }
    }
    Ok(())
}

/// Parses the drawn-grid form (see the module docs): clues and givens.
pub fn parse_grid(text: &str) -> Result<Puzzle, ParseError> {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() < 3 || lines.len() > MAX_SIZE + 2 {
        return Err(ParseError::GridLineCount { found: lines.len() });
    }
    let size = lines.len() - 2;
    let mut clues = Clues::empty(size);
    let mut givens = vec![None; size * size];
    for (index, line) in lines.iter().enumerate() {
        let line_number = index + 1;
        let fields = split_grid_line(line, line_number, size)?;
        if index == 0 || index == size + 1 {
            let side = if index == 0 { Side::Top } else { Side::Bottom };
            read_border(&fields, line_number, size, side, &mut clues)?;
            continue;
        }
        let row = index - 1;
        let left = FieldRole::Clue(Side::Left, row);
        clues.left[row] = read_field(&fields[0], line_number, size, left)?;
        for column in 0..size {
            let role = FieldRole::Cell(row, column);
            givens[row * size + column] = read_field(&fields[column + 1], line_number, size, role)?;
        }
        let right = FieldRole::Clue(Side::Right, row);
        clues.right[row] = read_field(&fields[size + 1], line_number, size, right)?;
    }
    Ok(Puzzle::new(size, clues)?.with_givens(givens)?)
}

/// Writes the drawn-grid form: blank for a missing clue or corner, `.` for an
/// empty cell, fields right-aligned to [`field_width`], no trailing spaces,
/// each line ending in a newline. [`parse_grid`] reads it back unchanged.
pub fn format_grid(puzzle: &Puzzle) -> String {
    let size = puzzle.size();
    let width = field_width(size);
    let field = |value: Option<u8>, empty: &str| match value {
        Some(value) => format!("{value:>width$}"),
        None => format!("{empty:>width$}"),
    };
    let border = |side: Side| {
        let mut fields = vec![field(None, "")];
        fields.extend((0..size).map(|index| field(puzzle.clues().get(side, index), "")));
        fields.join(" ").trim_end().to_string()
    };
    let mut lines = vec![border(Side::Top)];
    for row in 0..size {
        let mut fields = vec![field(puzzle.clues().get(Side::Left, row), "")];
        fields.extend((0..size).map(|column| field(puzzle.given(row, column), ".")));
        fields.push(field(puzzle.clues().get(Side::Right, row), ""));
        lines.push(fields.join(" ").trim_end().to_string());
    }
    lines.push(border(Side::Bottom));
    lines.iter().map(|line| format!("{line}\n")).collect()
}
