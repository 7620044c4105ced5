//! The puzzle as plain data: the grid's size, how its squares pair into
//! dominoes (a square may be alone), and the counts of `+` and `−` poles
//! of each column and row, any of which may be missing; and a solved grid.
//!
//! Squares are numbered row by row from 0 (`row * width + column`).

use std::fmt;

use thiserror::Error;

/// The smallest width and height Tatham's Magnets allows.
pub const MIN_SIZE: usize = 2;

/// The largest width and height Sieve reads: a count is one character, up
/// to 61 (`Z`).
pub const MAX_SIZE: usize = 61;

/// What a square holds in a solution.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Pole {
    /// A positive pole, `+`.
    Plus,
    /// A negative pole, `−`.
    Minus,
    /// Neither: half of a neutral domino, or a square alone.
    Neutral,
}

impl Pole {
    /// The character of the zoo's one-line answer: `+`, `-`, `.`.
    pub fn letter(self) -> char {
        match self {
            Pole::Plus => '+',
            Pole::Minus => '-',
            Pole::Neutral => '.',
        }
    }
}

impl fmt::Display for Pole {
    /// `+`, `−` or `neutral`.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(match self {
            Pole::Plus => "+",
            Pole::Minus => "−",
            Pole::Neutral => "neutral",
        })
    }
}

/// The counts of one pole round the grid: each column's and each row's,
/// `None` where the ID gives none.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Counts {
    /// One a column, left to right.
    pub columns: Vec<Option<usize>>,
    /// One a row, top to bottom.
    pub rows: Vec<Option<usize>>,
}

/// Why a puzzle could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// A side out of `MIN_SIZE..=MAX_SIZE`.
    #[error("a {width}×{height} grid: each side must be between {MIN_SIZE} and {MAX_SIZE}")]
    Size {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// Not one partner a square, or one that is neither the square itself
    /// nor a neighbour pointing back.
    #[error("square {square}: its partner is not a neighbour that pairs with it")]
    Domino {
        /// The square.
        square: usize,
    },
    /// Not one count a column and one a row.
    #[error("{found} counts for {expected} lines")]
    Counts {
        /// How many were given.
        found: usize,
        /// How many lines there are.
        expected: usize,
    },
    /// More poles than squares in a line.
    #[error("{line} asks for {poles} poles in {length} squares")]
    TooMany {
        /// "column 3" or "row 5".
        line: String,
        /// The poles asked for (one count, or both together).
        poles: usize,
        /// The line's length.
        length: usize,
    },
}

/// A Magnets puzzle: dominoes on a grid and the counts of poles.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    width: usize,
    height: usize,
    partner: Vec<usize>,
    plus: Counts,
    minus: Counts,
}

impl Puzzle {
    /// A `width`×`height` puzzle: `partner[square]` is the other square of
    /// its domino (the square itself when it stands alone); `plus` and
    /// `minus` the counts.
    pub fn new(
        width: usize,
        height: usize,
        partner: Vec<usize>,
        plus: Counts,
        minus: Counts,
    ) -> Result<Puzzle, PuzzleError> {
        let sides = MIN_SIZE..=MAX_SIZE;
        if !sides.contains(&width) || !sides.contains(&height) {
            return Err(PuzzleError::Size { width, height });
        }
        let cells = width * height;
        if partner.len() != cells {
            return Err(PuzzleError::Domino {
                square: partner.len().min(cells),
            });
        }
        for (square, &other) in partner.iter().enumerate() {
            let beside = other < cells
                && (other == square
                    || (other / width == square / width && other.abs_diff(square) == 1)
                    || other.abs_diff(square) == width);
            if !beside || partner[other] != square {
                return Err(PuzzleError::Domino { square });
            }
        }
        for counts in [&plus, &minus] {
            if counts.columns.len() != width || counts.rows.len() != height {
                return Err(PuzzleError::Counts {
                    found: counts.columns.len() + counts.rows.len(),
                    expected: width + height,
                });
            }
        }
        let lines = (0..width)
            .map(|c| {
                (
                    format!("column {}", c + 1),
                    height,
                    plus.columns[c],
                    minus.columns[c],
                )
            })
            .chain(
                (0..height).map(|r| (format!("row {}", r + 1), width, plus.rows[r], minus.rows[r])),
            );
        for (line, length, plus, minus) in lines {
            let poles = plus.unwrap_or(0) + minus.unwrap_or(0);
            if poles > length {
                return Err(PuzzleError::TooMany {
                    line,
                    poles,
                    length,
                });
            }
        }
        Ok(Puzzle {
            width,
            height,
            partner,
            plus,
            minus,
        })
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The other square of `square`'s domino; `square` itself when it
    /// stands alone.
    pub fn partner(&self, square: usize) -> usize {
        self.partner[square]
    }

    /// The partner of every square, row by row.
    pub fn partners(&self) -> &[usize] {
        &self.partner
    }

    /// The counts of `+` poles.
    pub fn plus(&self) -> &Counts {
        &self.plus
    }

    /// The counts of `−` poles.
    pub fn minus(&self) -> &Counts {
        &self.minus
    }
}

/// A filled grid, row by row (any poles: the checker judges them).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    width: usize,
    height: usize,
    poles: Vec<Pole>,
}

impl Grid {
    /// A grid of `width`×`height` poles; `None` when the length differs.
    pub fn new(width: usize, height: usize, poles: Vec<Pole>) -> Option<Grid> {
        (poles.len() == width * height).then_some(Grid {
            width,
            height,
            poles,
        })
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The poles, row by row.
    pub fn poles(&self) -> &[Pole] {
        &self.poles
    }
}

impl fmt::Display for Grid {
    /// One line a row, one character a square: `+`, `-`, `.`.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.poles.chunks(self.width.max(1)) {
            let line: String = row.iter().map(|pole| pole.letter()).collect();
            writeln!(formatter, "{line}")?;
        }
        Ok(())
    }
}
