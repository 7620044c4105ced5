//! Writing grids in the forms [`crate::parse`] reads, and the pencil-mark view.
//!
//! - [`Format::Line`]: N² symbols on one line, `.` for a blank; a 9×9 solution
//!   is 81 digits.
//! - [`Format::Block`]: one row a line, cells separated by spaces, `|` between
//!   stacks and a `-+-` line between bands.
//! - [`Format::Numbers`]: one row a line of 1-based numbers, right-aligned,
//!   `0` for a blank; the only form for sides above 61.
//!
//! [`write_pencil_marks`] draws each cell as a small `box_rows × box_cols`
//! block in which value `v` has its own slot, so a column of candidates lines
//! up across cells. For 9×9 each cell is 3×3 characters (about 40 columns
//! wide); for 16×16 each cell is 4×4 (about 90 columns).

use crate::grid::Grid;
use crate::shape::{CellPos, Shape};
use crate::symbols::{self, SYMBOL_COUNT};

/// The forms a grid can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Format {
    /// N² symbols on one line.
    #[default]
    Line,
    /// Symbols over N lines, with box separators.
    Block,
    /// Whitespace-separated 1-based numbers over N lines.
    Numbers,
}

/// Why a grid cannot be written in the form asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// The side has more values than there are one-character symbols.
    #[error(
        "a {size}x{size} grid needs {size} symbols, but only 61 exist (1-9, A-Z, a-z): use the numbers form"
    )]
    TooManyValues {
        /// The grid side.
        size: usize,
    },
    /// The candidate list does not have one mask per cell.
    #[error("{found} candidate masks given for a {size}x{size} grid of {expected} cells")]
    CandidateCount {
        /// How many masks were given.
        found: usize,
        /// N².
        expected: usize,
        /// The grid side.
        size: usize,
    },
    /// A mask has bits for values the grid does not have.
    #[error("{cell} has candidates beyond {size}, the largest value of a {size}x{size} grid")]
    CandidateOutOfRange {
        /// The cell whose mask is too wide.
        cell: CellPos,
        /// The grid side.
        size: usize,
    },
}

/// Writes a grid in the given form.
pub fn write(grid: &Grid, format: Format) -> Result<String, WriteError> {
    match format {
        Format::Line => write_line(grid),
        Format::Block => write_block(grid),
        Format::Numbers => Ok(write_numbers(grid)),
    }
}

fn require_symbols(size: usize) -> Result<(), WriteError> {
    if size > SYMBOL_COUNT {
        Err(WriteError::TooManyValues { size })
    } else {
        Ok(())
    }
}

fn cell_symbol(value: Option<u8>) -> char {
    value.and_then(symbols::symbol).unwrap_or('.')
}

/// The line form: N² symbols, `.` for a blank.
pub fn write_line(grid: &Grid) -> Result<String, WriteError> {
    require_symbols(grid.size())?;
    Ok(grid
        .cells()
        .iter()
        .map(|&value| cell_symbol(value))
        .collect())
}

/// The block form: rows of symbols with `|` between stacks and rules between bands.
pub fn write_block(grid: &Grid) -> Result<String, WriteError> {
    require_symbols(grid.size())?;
    let shape = grid.shape();
    let render_row = |row: usize| {
        let cells: Vec<String> = (0..shape.size())
            .map(|col| cell_symbol(grid.get_at(row, col)).to_string())
            .collect();
        join_in_boxes(shape, &cells, " ")
    };
    let rule = band_rule(shape, 2 * shape.box_cols() - 1);
    Ok(join_in_bands(shape, render_row, &rule))
}

/// Joins one row's cell texts: `cell_gap` inside a box, ` | ` between boxes.
fn join_in_boxes(shape: Shape, cells: &[String], cell_gap: &str) -> String {
    cells
        .chunks(shape.box_cols())
        .map(|chunk| chunk.join(cell_gap))
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The line between bands: dashes the width of a box segment, `-+-` between.
fn band_rule(shape: Shape, segment_width: usize) -> String {
    vec!["-".repeat(segment_width); shape.stacks()].join("-+-")
}

/// Stacks the rendered rows, with the rule between bands.
fn join_in_bands(shape: Shape, render_row: impl Fn(usize) -> String, rule: &str) -> String {
    let mut lines = Vec::new();
    for row in 0..shape.size() {
        if row > 0 && row % shape.box_rows() == 0 {
            lines.push(rule.to_string());
        }
        lines.push(render_row(row));
    }
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

/// The numbers form: one row a line, 1-based numbers right-aligned, `0` for a blank.
pub fn write_numbers(grid: &Grid) -> String {
    let width = grid.size().to_string().len();
    let mut text = String::new();
    for row in 0..grid.size() {
        let numbers: Vec<String> = (0..grid.size())
            .map(|col| format!("{:>width$}", number(grid.get_at(row, col))))
            .collect();
        text.push_str(&numbers.join(" "));
        text.push('\n');
    }
    text
}

/// The numbers form on a single line, for one-puzzle-a-line files.
pub fn write_numbers_line(grid: &Grid) -> String {
    grid.cells()
        .iter()
        .map(|&value| number(value).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn number(value: Option<u8>) -> usize {
    value.map_or(0, |v| usize::from(v) + 1)
}

/// Draws candidates as pencil marks: one mask per cell, bit `v` for value `v` (0-based).
///
/// Each cell is a `box_rows × box_cols` block of characters; value `v` sits at
/// row `v / box_cols`, column `v % box_cols` of it, and an absent candidate is
/// `.`. A cell with no candidate at all (a contradiction) is drawn with `!`.
/// Rows of cells are separated by a blank line within a band and by a rule
/// between bands.
pub fn write_pencil_marks(shape: Shape, candidates: &[u64]) -> Result<String, WriteError> {
    let size = shape.size();
    require_symbols(size)?;
    if candidates.len() != shape.cell_count() {
        return Err(WriteError::CandidateCount {
            found: candidates.len(),
            expected: shape.cell_count(),
            size,
        });
    }
    if let Some(cell) = candidates
        .iter()
        .position(|&mask| mask & !shape.full_mask() != 0)
    {
        return Err(WriteError::CandidateOutOfRange {
            cell: shape.position(cell),
            size,
        });
    }
    let render_row = |row: usize| {
        let lines: Vec<String> = (0..shape.box_rows())
            .map(|mark_row| {
                let cells: Vec<String> = (0..size)
                    .map(|col| marks_line(shape, candidates[shape.cell(row, col)], mark_row))
                    .collect();
                join_in_boxes(shape, &cells, " ")
            })
            .collect();
        lines.join("\n")
    };
    let cell_width = shape.box_cols();
    let segment_width = shape.box_cols() * (cell_width + 1) - 1;
    let spacer = join_in_boxes(shape, &vec![" ".repeat(cell_width); size], " ");
    let rule = band_rule(shape, segment_width);
    let mut text = String::new();
    for row in 0..size {
        if row > 0 {
            let separator = if row % shape.box_rows() == 0 {
                &rule
            } else {
                &spacer
            };
            text.push_str(separator.trim_end());
            text.push('\n');
        }
        text.push_str(&render_row(row));
        text.push('\n');
    }
    Ok(text)
}

/// One line of one cell's pencil-mark block.
fn marks_line(shape: Shape, mask: u64, mark_row: usize) -> String {
    (0..shape.box_cols())
        .map(|mark_col| {
            let value = mark_row * shape.box_cols() + mark_col;
            if mask == 0 {
                '!'
            } else if mask >> value & 1 == 1 {
                symbols::symbol(value as u8).unwrap_or('?')
            } else {
                '.'
            }
        })
        .collect()
}
