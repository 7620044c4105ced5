//! How a page draws a trace's variables: a grid of cells, a chessboard, or a list.
//!
//! A trace knows variables and values but not the puzzle's shape, so the caller (the
//! CLI, for each puzzle) says where each variable goes. Variables a view does not
//! draw are listed under the drawing, so nothing in the trace is hidden.

use serde::{Deserialize, Serialize};

use sieve::Value;

use crate::board::Board;
use crate::error::ReplayError;

/// Clues drawn around a grid's border (skyscrapers' viewpoints). `None` leaves a
/// place blank.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BorderClues {
    /// Above each column, left to right.
    pub top: Vec<Option<String>>,
    /// Below each column, left to right.
    pub bottom: Vec<Option<String>>,
    /// Left of each row, top to bottom.
    pub left: Vec<Option<String>>,
    /// Right of each row, top to bottom.
    pub right: Vec<Option<String>>,
}

/// How to draw a trace's variables. Serialisable, so the page reads it as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum View {
    /// A grid of cells (sudoku, skyscrapers, magic squares): each cell shows its
    /// value, or its candidates as small pencil marks.
    Grid {
        /// Rows of cells.
        rows: usize,
        /// Columns of cells.
        cols: usize,
        /// Rows of a box; thick borders fall between boxes (`rows` for none).
        box_rows: usize,
        /// Columns of a box (`cols` for none).
        box_cols: usize,
        /// The variable drawn in each cell, row by row (`rows × cols` entries).
        cells: Vec<usize>,
        /// Clues drawn around the border, if the puzzle has them.
        clues: Option<BorderClues>,
    },
    /// An `n × n` chessboard (queens): one variable per column whose value is the
    /// row of that column's queen.
    Chessboard {
        /// The board's size.
        n: usize,
        /// The variable of each column, left to right (`n` entries).
        columns: Vec<usize>,
    },
    /// A board in layers (cells, lines, clues, regions, cages): every zoo puzzle.
    Board(Board),
    /// Every variable with its candidates, one per line: the fallback for any model.
    List,
}

impl View {
    /// A grid whose cells are variables `0..rows × cols` in row-major order, the
    /// layout of the sudoku and skyscrapers models.
    pub fn row_major_grid(rows: usize, cols: usize, box_rows: usize, box_cols: usize) -> Self {
        View::Grid {
            rows,
            cols,
            box_rows,
            box_cols,
            cells: (0..rows * cols).collect(),
            clues: None,
        }
    }

    /// The same view with clues around its border; a view that is not a grid is
    /// returned unchanged, since only grids have borders.
    pub fn with_clues(self, clues: BorderClues) -> Self {
        match self {
            View::Grid {
                rows,
                cols,
                box_rows,
                box_cols,
                cells,
                ..
            } => View::Grid {
                rows,
                cols,
                box_rows,
                box_cols,
                cells,
                clues: Some(clues),
            },
            other => other,
        }
    }

    /// A chessboard whose column `c` is variable `c`, the layout of the queens model.
    pub fn chessboard(n: usize) -> Self {
        View::Chessboard {
            n,
            columns: (0..n).collect(),
        }
    }

    /// Check that the view fits a trace whose variables have these first values and
    /// universe sizes.
    pub fn check(&self, firsts: &[Value], sizes: &[u32]) -> Result<(), ReplayError> {
        match self {
            View::Grid {
                rows,
                cols,
                box_rows,
                box_cols,
                cells,
                clues,
            } => {
                check_grid(*rows, *cols, *box_rows, *box_cols, cells.len())?;
                check_variables(cells, sizes.len())?;
                match clues {
                    Some(clues) => check_clues(clues, *rows, *cols),
                    None => Ok(()),
                }
            }
            View::Chessboard { n, columns } => check_board(*n, columns, sizes),
            View::Board(board) => board.check(firsts, sizes),
            View::List => Ok(()),
        }
    }
}

fn check_grid(
    rows: usize,
    cols: usize,
    box_rows: usize,
    box_cols: usize,
    cells: usize,
) -> Result<(), ReplayError> {
    let needed = rows.saturating_mul(cols);
    if needed == 0 || cells != needed {
        return Err(ReplayError::GridShape {
            rows,
            cols,
            needed: needed.max(1),
            cells,
        });
    }
    if box_rows == 0
        || box_cols == 0
        || !rows.is_multiple_of(box_rows)
        || !cols.is_multiple_of(box_cols)
    {
        return Err(ReplayError::BoxShape {
            rows,
            cols,
            box_rows,
            box_cols,
        });
    }
    Ok(())
}

fn check_variables(vars: &[usize], variables: usize) -> Result<(), ReplayError> {
    match vars.iter().find(|&&var| var >= variables) {
        Some(&var) => Err(ReplayError::ViewVariable { var, variables }),
        None => Ok(()),
    }
}

fn check_clues(clues: &BorderClues, rows: usize, cols: usize) -> Result<(), ReplayError> {
    let sides = [
        ("top", &clues.top, cols),
        ("bottom", &clues.bottom, cols),
        ("left", &clues.left, rows),
        ("right", &clues.right, rows),
    ];
    for (side, found, expected) in sides {
        if found.len() != expected {
            return Err(ReplayError::ClueCount {
                side,
                expected,
                found: found.len(),
            });
        }
    }
    Ok(())
}

fn check_board(n: usize, columns: &[usize], sizes: &[u32]) -> Result<(), ReplayError> {
    if n == 0 || columns.len() != n {
        return Err(ReplayError::BoardShape {
            n,
            columns: columns.len(),
        });
    }
    check_variables(columns, sizes.len())?;
    for (column, &var) in columns.iter().enumerate() {
        let size = sizes[var];
        if size as usize > n {
            return Err(ReplayError::BoardValues {
                column,
                var,
                size,
                n,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_must_be_filled_and_tiled_by_its_boxes() {
        let sizes = vec![4; 16];
        assert!(
            View::row_major_grid(4, 4, 2, 2)
                .check(&[0; 16], &sizes)
                .is_ok()
        );
        assert!(matches!(
            View::row_major_grid(4, 4, 3, 2).check(&[0; 16], &sizes),
            Err(ReplayError::BoxShape { box_rows: 3, .. })
        ));
        assert!(matches!(
            View::row_major_grid(5, 4, 1, 1).check(&[0; 16], &sizes),
            Err(ReplayError::ViewVariable { var: 16, .. })
        ));
    }

    #[test]
    fn clues_name_the_side_that_is_wrong() {
        let clues = BorderClues {
            top: vec![None; 4],
            bottom: vec![None; 4],
            left: vec![None; 3],
            right: vec![None; 4],
        };
        let view = View::row_major_grid(4, 4, 4, 4).with_clues(clues);
        assert!(matches!(
            view.check(&[0; 16], &[4; 16]),
            Err(ReplayError::ClueCount {
                side: "left",
                expected: 4,
                found: 3
            })
        ));
    }

    #[test]
    fn a_board_column_holds_rows_of_the_board() {
        assert!(View::chessboard(4).check(&[0; 4], &[4; 4]).is_ok());
        assert!(matches!(
            View::chessboard(4).check(&[0; 4], &[4, 4, 5, 4]),
            Err(ReplayError::BoardValues { column: 2, .. })
        ));
        assert!(matches!(
            View::Chessboard {
                n: 4,
                columns: vec![0, 1]
            }
            .check(&[0; 4], &[4; 4]),
            Err(ReplayError::BoardShape { n: 4, columns: 2 })
        ));
    }

    #[test]
    fn a_view_reads_back_from_its_json() {
        let view = View::row_major_grid(2, 2, 1, 2).with_clues(BorderClues {
            top: vec![Some("1".into()), None],
            bottom: vec![None, None],
            left: vec![None, Some("2".into())],
            right: vec![None, None],
        });
        let json = serde_json::to_string(&view).unwrap();
        assert!(json.starts_with(r#"{"kind":"grid","rows":2"#), "{json}");
        let back: View = serde_json::from_str(&json).unwrap();
        assert_eq!(back, view);
        assert_eq!(
            serde_json::to_string(&View::List).unwrap(),
            r#"{"kind":"list"}"#
        );
    }
}
