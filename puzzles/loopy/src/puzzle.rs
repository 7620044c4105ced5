//! The puzzle as plain data: a W×H grid of squares, some with a clue, and the
//! numbering of the lines between its dots that the answer and the model share.
//!
//! Squares are numbered row by row from 0. Dots are the corners of squares,
//! `(H+1) × (W+1)` of them, row by row. Edges join two neighbouring dots: first
//! the horizontal ones, row of dots by row of dots ((H+1) rows of W), then the
//! vertical ones, row of squares by row of squares (H rows of W+1) — the order
//! of the zoo's one-line answer.

use std::fmt;

use thiserror::Error;

/// The smallest width or height: Tatham's Loopy asks for at least 3 on squares.
pub const MIN_SIZE: usize = 3;

/// The largest width or height Sieve reads (Tatham sets none).
pub const MAX_SIZE: usize = 100;

/// The largest clue on a square: it has four sides.
pub const MAX_CLUE: u8 = 4;

/// Where an edge lies: on a row of dots (horizontal) or a row of squares
/// (vertical), 0-based.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Edge {
    /// Between dots `(row, column)` and `(row, column + 1)`; `row` in `0..=H`.
    Horizontal {
        /// The row of dots.
        row: usize,
        /// The column of its left dot, `0..W`.
        column: usize,
    },
    /// Between dots `(row, column)` and `(row + 1, column)`; `row` in `0..H`.
    Vertical {
        /// The row of squares it runs beside.
        row: usize,
        /// The column of dots, `0..=W`.
        column: usize,
    },
}

/// The dots and edges of a W×H grid of squares, numbered as the module docs say.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lattice {
    width: usize,
    height: usize,
}

impl Lattice {
    /// The lattice of a `width × height` grid of squares.
    pub fn new(width: usize, height: usize) -> Lattice {
        Lattice { width, height }
    }

    /// W, squares across.
    pub fn width(self) -> usize {
        self.width
    }

    /// H, squares down.
    pub fn height(self) -> usize {
        self.height
    }

    /// How many squares.
    pub fn squares(self) -> usize {
        self.width * self.height
    }

    /// How many dots.
    pub fn dots(self) -> usize {
        (self.width + 1) * (self.height + 1)
    }

    /// How many edges.
    pub fn edges(self) -> usize {
        (self.height + 1) * self.width + self.height * (self.width + 1)
    }

    /// The number of the horizontal edge right of dot `(row, column)`.
    pub fn horizontal(self, row: usize, column: usize) -> usize {
        row * self.width + column
    }

    /// The number of the vertical edge below dot `(row, column)`.
    pub fn vertical(self, row: usize, column: usize) -> usize {
        (self.height + 1) * self.width + row * (self.width + 1) + column
    }

    /// Where edge `edge` lies.
    pub fn edge(self, edge: usize) -> Edge {
        let horizontals = (self.height + 1) * self.width;
        if edge < horizontals {
            Edge::Horizontal {
                row: edge / self.width,
                column: edge % self.width,
            }
        } else {
            let edge = edge - horizontals;
            Edge::Vertical {
                row: edge / (self.width + 1),
                column: edge % (self.width + 1),
            }
        }
    }

    /// The number of dot `(row, column)`.
    pub fn dot(self, row: usize, column: usize) -> usize {
        row * (self.width + 1) + column
    }

    /// The two dots edge `edge` joins, the upper or left one first.
    pub fn ends(self, edge: usize) -> (usize, usize) {
        match self.edge(edge) {
            Edge::Horizontal { row, column } => (self.dot(row, column), self.dot(row, column + 1)),
            Edge::Vertical { row, column } => (self.dot(row, column), self.dot(row + 1, column)),
        }
    }

    /// The four sides of square `(row, column)`: top, right, bottom, left.
    pub fn sides(self, row: usize, column: usize) -> [usize; 4] {
        [
            self.horizontal(row, column),
            self.vertical(row, column + 1),
            self.horizontal(row + 1, column),
            self.vertical(row, column),
        ]
    }

    /// An edge named for people by the square it borders: `top of r1c2`, and
    /// for the last row and column `bottom of r5c2`, `right of r3c5`.
    pub fn edge_name(self, edge: usize) -> String {
        let mut name = String::with_capacity(16);
        self.push_edge_name(&mut name, edge);
        name
    }

    /// Append [`Lattice::edge_name`] to `text`: a model names its 840 edges
    /// (a 20×20 puzzle's) through one text, not a new one each.
    pub fn push_edge_name(self, text: &mut String, edge: usize) {
        let (side, row, column) = match self.edge(edge) {
            Edge::Horizontal { row, column } if row < self.height => ("top of ", row, column),
            Edge::Horizontal { row, column } => ("bottom of ", row - 1, column),
            Edge::Vertical { row, column } if column < self.width => ("left of ", row, column),
            Edge::Vertical { row, column } => ("right of ", row, column - 1),
        };
        text.push_str(side);
        sieve::names::push_cell_name(text, row, column);
    }
}

/// Why a puzzle could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// A side out of `MIN_SIZE..=MAX_SIZE`.
    #[error("a {width}×{height} grid: each side must be {MIN_SIZE} to {MAX_SIZE}")]
    Size {
        /// W.
        width: usize,
        /// H.
        height: usize,
    },
    /// Not one entry a square.
    #[error("{found} clues for {expected} squares")]
    Clues {
        /// How many were given.
        found: usize,
        /// W·H.
        expected: usize,
    },
    /// A clue above four.
    #[error("square {square}: a clue of {clue}, but a square has four sides")]
    Clue {
        /// The square, row by row from 0.
        square: usize,
        /// The clue.
        clue: u8,
    },
}

/// A Slitherlink puzzle: a grid of squares, some numbered with how many of
/// their sides the loop uses.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    lattice: Lattice,
    clues: Vec<Option<u8>>,
}

impl Puzzle {
    /// A `width × height` puzzle with one entry of `clues` a square, row by
    /// row (`None` for no clue).
    pub fn new(width: usize, height: usize, clues: Vec<Option<u8>>) -> Result<Puzzle, PuzzleError> {
        let in_range = |side: usize| (MIN_SIZE..=MAX_SIZE).contains(&side);
        if !in_range(width) || !in_range(height) {
            return Err(PuzzleError::Size { width, height });
        }
        if clues.len() != width * height {
            return Err(PuzzleError::Clues {
                found: clues.len(),
                expected: width * height,
            });
        }
        if let Some((square, clue)) = (clues.iter().enumerate())
            .find_map(|(square, clue)| clue.filter(|&clue| clue > MAX_CLUE).map(|c| (square, c)))
        {
            return Err(PuzzleError::Clue { square, clue });
        }
        Ok(Puzzle {
            lattice: Lattice::new(width, height),
            clues,
        })
    }

    /// The dots and edges.
    pub fn lattice(&self) -> Lattice {
        self.lattice
    }

    /// W.
    pub fn width(&self) -> usize {
        self.lattice.width
    }

    /// H.
    pub fn height(&self) -> usize {
        self.lattice.height
    }

    /// The clues, one a square, row by row.
    pub fn clues(&self) -> &[Option<u8>] {
        &self.clues
    }

    /// The clue of square `(row, column)`.
    pub fn clue(&self, row: usize, column: usize) -> Option<u8> {
        self.clues[row * self.lattice.width + column]
    }
}

/// A set of edges on a lattice (the loop of a solution), in the order of the
/// [module docs](self); the checker judges whether it is one loop.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Loop {
    lattice: Lattice,
    on: Vec<bool>,
}

impl Loop {
    /// The edges of `lattice` for which `on` is true; `None` when `on` does not
    /// hold one entry an edge.
    pub fn new(lattice: Lattice, on: Vec<bool>) -> Option<Loop> {
        (on.len() == lattice.edges()).then_some(Loop { lattice, on })
    }

    /// The lattice.
    pub fn lattice(&self) -> Lattice {
        self.lattice
    }

    /// Whether each edge is on the loop, in edge order.
    pub fn edges(&self) -> &[bool] {
        &self.on
    }

    /// Whether edge `edge` is on the loop.
    pub fn has(&self, edge: usize) -> bool {
        self.on[edge]
    }
}

impl fmt::Display for Loop {
    /// The one-line answer: `1` or `0` an edge.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &on in &self.on {
            formatter.write_str(if on { "1" } else { "0" })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_numbering_follows_the_line_answer() {
        // 3×2 squares: 3 rows of 3 horizontal edges (0..9), then 2 rows of 4
        // vertical ones (9..17).
        let lattice = Lattice::new(3, 2);
        assert_eq!(lattice.edges(), 17);
        assert_eq!(lattice.horizontal(2, 2), 8);
        assert_eq!(lattice.vertical(0, 0), 9);
        assert_eq!(lattice.vertical(1, 3), 16);
        assert_eq!(lattice.sides(1, 1), [4, 15, 7, 14]);
        for edge in 0..lattice.edges() {
            let back = match lattice.edge(edge) {
                Edge::Horizontal { row, column } => lattice.horizontal(row, column),
                Edge::Vertical { row, column } => lattice.vertical(row, column),
            };
            assert_eq!(back, edge);
        }
        assert_eq!(lattice.ends(16), (7, 11));
        assert_eq!(lattice.edge_name(0), "top of r1c1");
        assert_eq!(lattice.edge_name(8), "bottom of r2c3");
        assert_eq!(lattice.edge_name(16), "right of r2c3");
        assert_eq!(lattice.edge_name(14), "left of r2c2");
    }

    #[test]
    fn bad_puzzles_are_refused() {
        assert!(matches!(
            Puzzle::new(2, 5, vec![None; 10]),
            Err(PuzzleError::Size { .. })
        ));
        assert!(matches!(
            Puzzle::new(3, 3, vec![None; 8]),
            Err(PuzzleError::Clues { .. })
        ));
        let mut clues = vec![None; 9];
        clues[4] = Some(5);
        assert_eq!(
            Puzzle::new(3, 3, clues),
            Err(PuzzleError::Clue { square: 4, clue: 5 })
        );
    }
}
