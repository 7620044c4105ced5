//! A board of cells in layers, one description for every grid puzzle: cells that
//! draw a variable (its value, its candidates, or a shade), lines that draw a
//! variable (a loop's edge, a track between cell centres, a slant's diagonal),
//! fixed clues at any point (in a cell, on a corner, between two cells, around the
//! border), regions with thick walls, and cages with their targets. The page
//! draws any board from this; no puzzle has page code of its own.
//!
//! Points are in half-cells, so one type places everything: `(2r + 1, 2c + 1)` is
//! the centre of cell `(r, c)`, `(2r, 2c)` its top-left corner, `(2r + 1, 2c + 2)`
//! the middle of the wall to its right, and `y = -1` the row of clues above the
//! board.

use serde::{Deserialize, Serialize};
use sieve::Value;

use crate::error::ReplayError;

/// The most cells a board has (a 100 × 100 grid).
pub const BOARD_CELL_LIMIT: usize = 10_000;

/// How many cells deep clues may stand around the board (a nonogram's runs).
pub const CLUE_BAND: i32 = 20;

/// A point of the board in half-cells (see the module's documentation).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Point {
    /// Down, in half-cells from the top edge.
    pub y: i32,
    /// Across, in half-cells from the left edge.
    pub x: i32,
}

impl Point {
    /// The centre of cell (row, col).
    pub fn centre(row: usize, col: usize) -> Self {
        Point {
            y: 2 * row as i32 + 1,
            x: 2 * col as i32 + 1,
        }
    }

    /// The corner above and left of cell (row, col); (rows, cols) is the
    /// bottom-right corner of the board.
    pub fn corner(row: usize, col: usize) -> Self {
        Point {
            y: 2 * row as i32,
            x: 2 * col as i32,
        }
    }
}

/// How a cell draws its variable's values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ink {
    /// The value's label when decided, the candidates as pencil marks before.
    Label,
    /// Shaded black when the value is `dark`, white (with a dot) for any other
    /// value, grey while open: the two-coloured cells of Nonogram, Hitori, Binairo.
    Shade {
        /// The value drawn black.
        dark: Value,
    },
    /// Each value a colour of the page's palette, in order (Map's four colours).
    Colours,
    /// Each value drawn as the symbol at its place (from the first value), such as
    /// a tent or a light; candidates are drawn small.
    Symbols {
        /// One symbol per value of the variable.
        symbols: Vec<String>,
    },
}

/// A cell that draws a variable. Several cells may draw one variable (a Map
/// region's colour fills all its cells).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardCell {
    /// Its row, from 0.
    pub row: usize,
    /// Its column, from 0.
    pub col: usize,
    /// The variable it draws.
    pub var: usize,
    /// How the values look.
    pub ink: Ink,
}

/// A line between two points that stands for one value of a variable: drawn
/// solid when the variable takes `on`, left out once `on` is gone, and faint
/// while open. A loop's edge, a track between cell centres, a slant's diagonal,
/// a domino's link between its halves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardLine {
    /// The variable.
    pub var: usize,
    /// The value that means "the line is there".
    pub on: Value,
    /// One end.
    pub from: Point,
    /// The other end.
    pub to: Point,
}

/// The shape a clue is drawn on.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClueShape {
    /// Text only.
    #[default]
    Plain,
    /// A black disc (a black pearl, a galaxy's centre).
    Black,
    /// A white disc with a black ring (a white pearl).
    White,
    /// A black square filling the cell, the text in white (a Light Up wall).
    Block,
}

/// A fixed mark at a point: a number in a cell, a count on a corner, a sign
/// between two cells, a clue around the border, a pearl.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clue {
    /// Where it is.
    pub at: Point,
    /// Its text (may be empty for a bare shape).
    pub text: String,
    /// What it is drawn on.
    #[serde(default)]
    pub shape: ClueShape,
}

/// A cage: cells outlined together, with a target (Keen, killer sudoku).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cage {
    /// Its cells as (row, col).
    pub cells: Vec<(usize, usize)>,
    /// The target written in its first cell's corner, such as `12+`.
    pub label: Option<String>,
}

/// A board of `rows × cols` cells in layers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Rows of cells.
    pub rows: usize,
    /// Columns of cells.
    pub cols: usize,
    /// Cells that draw a variable.
    pub cells: Vec<BoardCell>,
    /// Lines that draw a variable.
    pub lines: Vec<BoardLine>,
    /// Fixed marks.
    pub clues: Vec<Clue>,
    /// The region of each cell, row by row, with thick walls between regions;
    /// empty for none.
    pub regions: Vec<usize>,
    /// Cages.
    pub cages: Vec<Cage>,
    /// Fixed lines drawn thin and dashed over the cells, such as the diagonals
    /// that are houses of Solo X; absent in pages written before they existed.
    #[serde(default)]
    pub guides: Vec<(Point, Point)>,
}

impl Board {
    /// An empty board of this size, to add layers to.
    pub fn new(rows: usize, cols: usize) -> Self {
        Board {
            rows,
            cols,
            ..Board::default()
        }
    }

    /// Adds a cell drawing `var` with `ink`.
    pub fn cell(&mut self, row: usize, col: usize, var: usize, ink: Ink) -> &mut Self {
        self.cells.push(BoardCell { row, col, var, ink });
        self
    }

    /// Adds a line for value `on` of `var`.
    pub fn line(&mut self, var: usize, on: Value, from: Point, to: Point) -> &mut Self {
        self.lines.push(BoardLine { var, on, from, to });
        self
    }

    /// Adds a clue.
    pub fn clue(&mut self, at: Point, text: impl Into<String>, shape: ClueShape) -> &mut Self {
        self.clues.push(Clue {
            at,
            text: text.into(),
            shape,
        });
        self
    }

    /// The variables the board draws, each once, in the order first drawn.
    pub fn variables(&self) -> Vec<usize> {
        let mut seen = Vec::new();
        let drawn =
            (self.cells.iter().map(|cell| cell.var)).chain(self.lines.iter().map(|l| l.var));
        for var in drawn {
            if !seen.contains(&var) {
                seen.push(var);
            }
        }
        seen
    }

    /// Check that the board fits a trace whose variables have these first values
    /// and sizes.
    pub fn check(&self, firsts: &[Value], sizes: &[u32]) -> Result<(), ReplayError> {
        let bad = |what: String| Err(ReplayError::BoardLayer(what));
        let cells = self.rows.saturating_mul(self.cols);
        if cells == 0 || cells > BOARD_CELL_LIMIT {
            return bad(format!(
                "a board of {}×{} cells (at least 1, at most {BOARD_CELL_LIMIT})",
                self.rows, self.cols
            ));
        }
        let has = |var: usize, value: Value| {
            let first = i64::from(firsts[var]);
            (first..first + i64::from(sizes[var])).contains(&i64::from(value))
        };
        for (index, cell) in self.cells.iter().enumerate() {
            check_var(cell.var, sizes.len())?;
            if cell.row >= self.rows || cell.col >= self.cols {
                return bad(format!(
                    "cell {index} at ({}, {}) is off the board",
                    cell.row, cell.col
                ));
            }
            match &cell.ink {
                Ink::Shade { dark } if !has(cell.var, *dark) => {
                    return bad(format!(
                        "cell {index}: the dark value {dark} is not a value of its variable"
                    ));
                }
                Ink::Symbols { symbols } if symbols.len() < sizes[cell.var] as usize => {
                    return bad(format!(
                        "cell {index}: {} symbols for {} values",
                        symbols.len(),
                        sizes[cell.var]
                    ));
                }
                _ => {}
            }
        }
        for (index, line) in self.lines.iter().enumerate() {
            check_var(line.var, sizes.len())?;
            if !has(line.var, line.on) {
                return bad(format!(
                    "line {index}: {} is not a value of its variable",
                    line.on
                ));
            }
            if !self.holds(line.from) || !self.holds(line.to) {
                return bad(format!("line {index} leaves the board"));
            }
        }
        if let Some(index) = self.clues.iter().position(|clue| !self.holds(clue.at)) {
            return bad(format!("clue {index} is off the board and its border"));
        }
        if !self.regions.is_empty() && self.regions.len() != cells {
            return bad(format!("{} regions for {cells} cells", self.regions.len()));
        }
        if let Some(index) =
            (self.guides.iter()).position(|&(from, to)| !self.holds(from) || !self.holds(to))
        {
            return bad(format!("guide {index} leaves the board"));
        }
        for (index, cage) in self.cages.iter().enumerate() {
            if cage.cells.is_empty() {
                return bad(format!("cage {index} has no cells"));
            }
            if cage
                .cells
                .iter()
                .any(|&(row, col)| row >= self.rows || col >= self.cols)
            {
                return bad(format!("cage {index} has a cell off the board"));
            }
        }
        Ok(())
    }

    /// Whether a point lies on the board or in the band of clues around it.
    fn holds(&self, point: Point) -> bool {
        let (height, width) = (2 * self.rows as i32, 2 * self.cols as i32);
        let band = 2 * CLUE_BAND;
        (-band..=height + band).contains(&point.y) && (-band..=width + band).contains(&point.x)
    }
}

fn check_var(var: usize, variables: usize) -> Result<(), ReplayError> {
    if var >= variables {
        return Err(ReplayError::ViewVariable { var, variables });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_by_two() -> Board {
        let mut board = Board::new(2, 2);
        for index in 0..4 {
            board.cell(index / 2, index % 2, index, Ink::Label);
        }
        board
    }

    #[test]
    fn a_board_that_fits_is_accepted() {
        let mut board = two_by_two();
        board.line(0, 1, Point::corner(0, 0), Point::corner(0, 1));
        board.clue(Point { y: -1, x: 1 }, "3", ClueShape::Plain);
        board.regions = vec![0, 0, 1, 1];
        assert!(board.check(&[0; 4], &[4; 4]).is_ok());
        assert_eq!(board.variables(), [0, 1, 2, 3]);
    }

    #[test]
    fn each_layer_names_what_does_not_fit() {
        let mut off = two_by_two();
        off.cell(2, 0, 0, Ink::Label);
        let error = off.check(&[0; 4], &[4; 4]).unwrap_err().to_string();
        assert!(
            error.contains("cell 4 at (2, 0) is off the board"),
            "{error}"
        );

        let mut line = two_by_two();
        line.line(1, 4, Point::corner(0, 0), Point::corner(1, 1));
        let error = line.check(&[0; 4], &[4; 4]).unwrap_err().to_string();
        assert!(error.contains("line 0: 4 is not a value"), "{error}");

        let mut clue = two_by_two();
        clue.clue(Point { y: 45, x: 0 }, "x", ClueShape::Plain);
        let error = clue.check(&[0; 4], &[4; 4]).unwrap_err().to_string();
        assert!(error.contains("clue 0 is off the board"), "{error}");

        let mut shade = Board::new(1, 1);
        shade.cell(0, 0, 0, Ink::Shade { dark: 2 });
        let error = shade.check(&[0], &[2]).unwrap_err().to_string();
        assert!(error.contains("dark value 2"), "{error}");

        let mut guide = two_by_two();
        guide
            .guides
            .push((Point::corner(0, 0), Point { y: 4, x: 60 }));
        let error = guide.check(&[0; 4], &[4; 4]).unwrap_err().to_string();
        assert!(error.contains("guide 0 leaves the board"), "{error}");

        let mut regions = two_by_two();
        regions.regions = vec![0, 1, 2];
        assert!(regions.check(&[0; 4], &[4; 4]).is_err());

        assert!(matches!(
            two_by_two().check(&[0; 3], &[4; 3]),
            Err(ReplayError::ViewVariable {
                var: 3,
                variables: 3
            })
        ));
    }

    #[test]
    fn a_board_reads_back_from_its_json() {
        let mut board = two_by_two();
        board.cages.push(Cage {
            cells: vec![(0, 0), (1, 0)],
            label: Some("3+".into()),
        });
        board.clue(Point::centre(0, 1), "", ClueShape::Black);
        board
            .guides
            .push((Point::corner(0, 0), Point::corner(2, 2)));
        let json = serde_json::to_string(&board).unwrap();
        let back: Board = serde_json::from_str(&json).unwrap();
        assert_eq!(back, board);
        // A board written before guides existed reads with none.
        let old = json.replace(r#","guides":[[{"y":0,"x":0},{"y":4,"x":4}]]"#, "");
        assert!(!old.contains("guides"), "{old}");
        let back: Board = serde_json::from_str(&old).unwrap();
        assert!(back.guides.is_empty());
    }
}
