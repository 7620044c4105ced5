//! The SRMagic puzzle mode: a magic square with some cells visible.
//!
//! The player sees the visible cells and, per row and per column, the sum of
//! the visible values; the magic constant tells what each line must reach.
//! Cells are revealed or hidden as play goes on.
//!
//! # Choosing the visible cells
//!
//! [`Puzzle::generate`] follows SRMagic's `SRmagic_Gen` → `PrRefinoActivas`,
//! keeping the rules that make sense for a magic square:
//!
//! 1. **Random start** (`PrRandActiva`, applied to every cell as it is
//!    written): each cell is visible with probability ½. The source does not
//!    show this routine's body; ½ is our choice.
//! 2. **Clear the diagonals** (`PrRefinoActivasDesactivar`, "limpia
//!    diagonales y subdiagonales"): both diagonals of the square are hidden.
//!    The body is not shown either; we read "subdiagonales" as the
//!    diagonals of the sudoku boxes, which a magic square does not have.
//!    Turn this off with [`PuzzleOptions::clear_diagonals`].
//! 3. **No empty row, then no empty column** (`SumaFila` = 0 →
//!    `PrActivarEnFila`, `SumaColumna` = 0 → `PrActivarEnColumna`): a row or
//!    column with no visible cell gets one random cell revealed. The
//!    source's second pass is not needed, since no later rule hides cells
//!    carelessly (see 4).
//! 4. **Exact number of hidden cells** (ours, for `--hide K`): with
//!    [`PuzzleOptions::hidden`] = `Some(K)`, random cells are revealed
//!    (off-diagonal ones first) or hidden until exactly `K` are hidden; a
//!    set of cells covering every row and column stays visible, so rule 3
//!    still holds. Hence `K ≤ n² − n` ([`Puzzle::max_hidden`]).
//!
//! Left out, because they are about sudokus: "every value 1..N stays visible
//! at least once" (`PrRefinoActivasSucesion`; in a magic square each value
//! occurs once, so the rule would show everything) and all the box rules (no
//! empty box, no over-dense box, at least n + 1 boxes with n visible cells),
//! since a magic square has no boxes. Like the source, generation does not
//! check that the visible cells determine the square.
//!
//! All randomness comes from `ChaCha8Rng::seed_from_u64(seed)`: the same
//! square, options and seed always give the same puzzle.
//!
//! # The service API
//!
//! | SRMagic                                   | here                                          |
//! |-------------------------------------------|-----------------------------------------------|
//! | `SRmagic_Gen(0, N)`                       | [`Puzzle::generate_for_order`]                |
//! | `NumActivas`, `NumDesactivas`             | [`Puzzle::visible_count`], [`Puzzle::hidden_count`] |
//! | `NumActivasFila`, `NumActivasColumna`     | [`Puzzle::visible_in_row`], [`Puzzle::visible_in_column`] |
//! | `SumaFila`, `SumaColumna`                 | [`Puzzle::row_visible_sum`], [`Puzzle::column_visible_sum`] |
//! | `Activar`, `DesActivar`, `VerActiva`      | [`Puzzle::reveal`], [`Puzzle::hide`], [`Puzzle::is_visible`] |
//! | `Chain(i, j)`                             | [`Puzzle::cell`]                              |
//! | `Read(l)`                                 | [`Puzzle::cell_in_reading_order`]             |
//! | `ReadActiva(l)`, `ReadDesactiva(l)`       | [`Puzzle::visible_cell`], [`Puzzle::hidden_cell`] |
//! | `Random`, `RandImpar`, `RandCuadrado`     | [`crate::random`]                             |
//!
//! `Open`/`Close` have no counterpart (a [`Puzzle`] is an ordinary value)
//! and `Edit` is `Display`. Indices count from 0 here, from 1 in the source.

use std::fmt;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

use crate::construct::{ConstructError, construct};
use crate::partial::PartialSquare;
use crate::refine::choose_visible;
use crate::square::{NotMagic, Position, Square};

/// How [`Puzzle::generate`] chooses the visible cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleOptions {
    /// Exactly this many hidden cells (`--hide K`); `None` keeps whatever the
    /// random start and the rules give.
    pub hidden: Option<usize>,
    /// Hide both diagonals before the row and column rules (the source's
    /// base clearing); on by default.
    pub clear_diagonals: bool,
}

impl Default for PuzzleOptions {
    fn default() -> Self {
        Self {
            hidden: None,
            clear_diagonals: true,
        }
    }
}

/// One cell as the service reports it: place, value and visibility.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub column: usize,
    /// The cell's value in the solution.
    pub value: u32,
    /// Whether the player sees it.
    pub visible: bool,
}

/// Why a puzzle could not be made or a cell could not be reached.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// The square given is not a normal magic square.
    #[error("not a magic square: {0}")]
    NotMagic(#[from] NotMagic),
    /// No magic square of the order asked for could be built.
    #[error(transparent)]
    Construct(#[from] ConstructError),
    /// More hidden cells were asked for than the rules allow.
    #[error(
        "cannot hide {requested} cells of an order-{order} square: at most {max}, so that every row and column keeps a visible cell"
    )]
    TooManyHidden {
        /// Hidden cells asked for.
        requested: usize,
        /// The square's order.
        order: usize,
        /// `order² − order`.
        max: usize,
    },
    /// A cell index is outside the square.
    #[error("{position} is outside the {order} × {order} square")]
    CellOutOfRange {
        /// The position asked for (from 0; the message counts from 1).
        position: Position,
        /// The square's order.
        order: usize,
    },
    /// A row index is outside the square.
    #[error("row {} is outside the {order} × {order} square", .row + 1)]
    RowOutOfRange {
        /// The row asked for, from 0.
        row: usize,
        /// The square's order.
        order: usize,
    },
    /// A column index is outside the square.
    #[error("column {} is outside the {order} × {order} square", .column + 1)]
    ColumnOutOfRange {
        /// The column asked for, from 0.
        column: usize,
        /// The square's order.
        order: usize,
    },
    /// A visibility mask does not have one entry per cell.
    #[error("the visibility mask has {found} entries, but the square has {expected} cells")]
    MaskLength {
        /// `order²`.
        expected: usize,
        /// Entries given.
        found: usize,
    },
}

/// A magic square and which of its cells the player sees.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Puzzle {
    square: Square,
    visible: Vec<bool>,
}

impl Puzzle {
    /// A new puzzle over `square`, visible cells chosen by the rules in the
    /// [module docs](self) from `seed`.
    ///
    /// ```
    /// use sieve_magic::{construct, Puzzle, PuzzleOptions};
    /// let options = PuzzleOptions { hidden: Some(12), ..PuzzleOptions::default() };
    /// let puzzle = Puzzle::generate(construct(5)?, &options, 42)?;
    /// assert_eq!(puzzle.hidden_count(), 12);
    /// assert!((0..5).all(|row| puzzle.visible_in_row(row).unwrap() > 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generate(
        square: Square,
        options: &PuzzleOptions,
        seed: u64,
    ) -> Result<Self, PuzzleError> {
        square.verify()?;
        let order = square.order();
        if let Some(requested) = options.hidden {
            let max = Self::max_hidden(order);
            if requested > max {
                return Err(PuzzleError::TooManyHidden {
                    requested,
                    order,
                    max,
                });
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let visible = choose_visible(order, options, &mut rng);
        Ok(Self { square, visible })
    }

    /// [`construct`] the square of `order`, then [`Puzzle::generate`]: what
    /// `sieve magic generate N --hide K --seed S` does.
    pub fn generate_for_order(
        order: usize,
        options: &PuzzleOptions,
        seed: u64,
    ) -> Result<Self, PuzzleError> {
        Self::generate(construct(order)?, options, seed)
    }

    /// A puzzle with an explicit visibility mask (row-major, `true` =
    /// visible), e.g. a saved game. The mask is taken as is: the generation
    /// rules are not applied.
    pub fn from_mask(square: Square, visible: Vec<bool>) -> Result<Self, PuzzleError> {
        square.verify()?;
        let expected = square.cells().len();
        if visible.len() != expected {
            return Err(PuzzleError::MaskLength {
                expected,
                found: visible.len(),
            });
        }
        Ok(Self { square, visible })
    }

    /// The most cells that can be hidden while every row and column keeps a
    /// visible cell: `order² − order`.
    pub fn max_hidden(order: usize) -> usize {
        order.saturating_mul(order).saturating_sub(order)
    }

    /// The full solution.
    pub fn square(&self) -> &Square {
        &self.square
    }

    /// The number of rows (and of columns).
    pub fn order(&self) -> usize {
        self.square.order()
    }

    /// The sum every row, column and diagonal reaches.
    pub fn magic_constant(&self) -> u64 {
        self.square.magic_constant()
    }

    /// The visibility mask, row by row (`true` = visible).
    pub fn visibility(&self) -> &[bool] {
        &self.visible
    }

    /// What the player sees, as a partial square: visible cells given,
    /// hidden ones unknown. This is the input to hand to a solver.
    pub fn givens(&self) -> PartialSquare {
        let cells = self
            .square
            .cells()
            .iter()
            .zip(&self.visible)
            .map(|(&value, &visible)| visible.then_some(value))
            .collect();
        PartialSquare::from_valid_cells(self.order(), cells)
    }

    /// How many cells are visible (`NumActivas`).
    pub fn visible_count(&self) -> usize {
        self.visible.iter().filter(|cell| **cell).count()
    }

    /// How many cells are hidden (`NumDesactivas`).
    pub fn hidden_count(&self) -> usize {
        self.visible.len() - self.visible_count()
    }

    /// How many cells of `row` are visible (`NumActivasFila`).
    pub fn visible_in_row(&self, row: usize) -> Result<usize, PuzzleError> {
        Ok(self.visible_row_cells(row)?.count())
    }

    /// How many cells of `column` are visible (`NumActivasColumna`).
    pub fn visible_in_column(&self, column: usize) -> Result<usize, PuzzleError> {
        Ok(self.visible_column_cells(column)?.count())
    }

    /// The sum of the visible values of `row` (`SumaFila`).
    pub fn row_visible_sum(&self, row: usize) -> Result<u64, PuzzleError> {
        Ok(self.visible_row_cells(row)?.map(u64::from).sum())
    }

    /// The sum of the visible values of `column` (`SumaColumna`).
    pub fn column_visible_sum(&self, column: usize) -> Result<u64, PuzzleError> {
        Ok(self.visible_column_cells(column)?.map(u64::from).sum())
    }

    /// Whether the cell is visible (`VerActiva`).
    pub fn is_visible(&self, row: usize, column: usize) -> Result<bool, PuzzleError> {
        Ok(self.visible[self.index(row, column)?])
    }

    /// Shows the cell (`Activar`); `true` when it was hidden.
    pub fn reveal(&mut self, row: usize, column: usize) -> Result<bool, PuzzleError> {
        self.set_visible(row, column, true)
    }

    /// Hides the cell (`DesActivar`); `true` when it was visible. Play may
    /// hide any cell: the generation rules are not enforced here.
    pub fn hide(&mut self, row: usize, column: usize) -> Result<bool, PuzzleError> {
        self.set_visible(row, column, false)
    }

    /// The cell at (`row`, `column`) with its value and visibility (`Chain`).
    pub fn cell(&self, row: usize, column: usize) -> Result<Cell, PuzzleError> {
        Ok(self.cell_at(self.index(row, column)?))
    }

    /// Every cell in reading order: the visible cells row by row, then the
    /// hidden cells row by row.
    pub fn cells_in_reading_order(&self) -> impl Iterator<Item = Cell> + '_ {
        let with_visibility = move |wanted: bool| {
            (0..self.visible.len())
                .filter(move |&index| self.visible[index] == wanted)
                .map(|index| self.cell_at(index))
        };
        with_visibility(true).chain(with_visibility(false))
    }

    /// The cell at `index` of the reading order (`Read`); `None` past the end.
    pub fn cell_in_reading_order(&self, index: usize) -> Option<Cell> {
        self.cells_in_reading_order().nth(index)
    }

    /// The cell at `index` of the reading order if it is visible (`ReadActiva`):
    /// visible cells have indices `0..visible_count()`.
    pub fn visible_cell(&self, index: usize) -> Option<Cell> {
        self.cell_in_reading_order(index)
            .filter(|cell| cell.visible)
    }

    /// The cell at `index` of the reading order if it is hidden
    /// (`ReadDesactiva`): hidden cells have indices `visible_count()..order²`.
    pub fn hidden_cell(&self, index: usize) -> Option<Cell> {
        self.cell_in_reading_order(index)
            .filter(|cell| !cell.visible)
    }

    /// The row-major index of a cell, or an error outside the square.
    fn index(&self, row: usize, column: usize) -> Result<usize, PuzzleError> {
        let order = self.order();
        if row < order && column < order {
            Ok(row * order + column)
        } else {
            Err(PuzzleError::CellOutOfRange {
                position: Position { row, column },
                order,
            })
        }
    }

    /// The cell at a row-major index known to be inside the square.
    fn cell_at(&self, index: usize) -> Cell {
        let position = Position::from_index(index, self.order());
        Cell {
            row: position.row,
            column: position.column,
            value: self.square.cells()[index],
            visible: self.visible[index],
        }
    }

    /// Sets one cell's visibility; `true` when it changed.
    fn set_visible(
        &mut self,
        row: usize,
        column: usize,
        visible: bool,
    ) -> Result<bool, PuzzleError> {
        let index = self.index(row, column)?;
        let changed = self.visible[index] != visible;
        self.visible[index] = visible;
        Ok(changed)
    }

    /// The visible values of a row.
    fn visible_row_cells(&self, row: usize) -> Result<impl Iterator<Item = u32> + '_, PuzzleError> {
        let order = self.order();
        if row >= order {
            return Err(PuzzleError::RowOutOfRange { row, order });
        }
        Ok((row * order..(row + 1) * order).filter_map(|index| self.visible_value(index)))
    }

    /// The visible values of a column.
    fn visible_column_cells(
        &self,
        column: usize,
    ) -> Result<impl Iterator<Item = u32> + '_, PuzzleError> {
        let order = self.order();
        if column >= order {
            return Err(PuzzleError::ColumnOutOfRange { column, order });
        }
        Ok((0..order).filter_map(move |row| self.visible_value(row * order + column)))
    }

    /// The value at a row-major index when visible.
    fn visible_value(&self, index: usize) -> Option<u32> {
        self.visible[index].then(|| self.square.cells()[index])
    }
}

impl fmt::Display for Puzzle {
    /// What the player sees: visible values, `.` for hidden cells.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.givens().fmt(f)
    }
}
