//! A Signpost puzzle: a grid of arrows, some cells numbered, and the numbering
//! that solves it.

use std::fmt;

use thiserror::Error;

/// The smallest side of a grid.
pub const MIN_SIZE: usize = 1;
/// The largest side of a grid: the model holds a variable a number and one a
/// cell, each with a value a cell, so its size grows with the square of the
/// cells.
pub const MAX_SIZE: usize = 20;

/// Where an arrow points, clockwise from up.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Up.
    North,
    /// Up and right.
    NorthEast,
    /// Right.
    East,
    /// Down and right.
    SouthEast,
    /// Down.
    South,
    /// Down and left.
    SouthWest,
    /// Left.
    West,
    /// Up and left.
    NorthWest,
}

impl Direction {
    /// The eight directions, clockwise from up: his letters `a` to `h`.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// One step in this direction: (rows, columns).
    pub fn step(self) -> (isize, isize) {
        match self {
            Direction::North => (-1, 0),
            Direction::NorthEast => (-1, 1),
            Direction::East => (0, 1),
            Direction::SouthEast => (1, 1),
            Direction::South => (1, 0),
            Direction::SouthWest => (1, -1),
            Direction::West => (0, -1),
            Direction::NorthWest => (-1, -1),
        }
    }

    /// The arrow as a picture shows it.
    pub fn arrow(self) -> char {
        match self {
            Direction::North => '↑',
            Direction::NorthEast => '↗',
            Direction::East => '→',
            Direction::SouthEast => '↘',
            Direction::South => '↓',
            Direction::SouthWest => '↙',
            Direction::West => '←',
            Direction::NorthWest => '↖',
        }
    }
}

/// Why a grid is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// A side outside [`MIN_SIZE`]`..=`[`MAX_SIZE`].
    #[error("a {width}x{height} grid: each side must be {MIN_SIZE} to {MAX_SIZE}")]
    Size {
        /// The width.
        width: usize,
        /// The height.
        height: usize,
    },
    /// Not one arrow and one optional number a cell.
    #[error("{found} {what} for {cells} cells")]
    CellCount {
        /// What was counted.
        what: &'static str,
        /// How many there were.
        found: usize,
        /// How many cells there are.
        cells: usize,
    },
    /// A given number outside 1 to the number of cells.
    #[error("the number {number} at {cell}: numbers run from 1 to {cells}")]
    NumberRange {
        /// The number.
        number: usize,
        /// The cell, as `r2c3`.
        cell: String,
        /// How many cells there are.
        cells: usize,
    },
    /// The same number given in two cells.
    #[error("the number {number} is given twice, at {first} and at {second}")]
    Repeated {
        /// The number.
        number: usize,
        /// The first cell holding it.
        first: String,
        /// The second.
        second: String,
    },
}

/// A Signpost puzzle: each cell's arrow, and the numbers given.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    width: usize,
    height: usize,
    arrows: Vec<Direction>,
    givens: Vec<Option<usize>>,
}

/// A cell's name: `r2c3` is row 2, column 3, counting from 1.
pub fn cell_name(width: usize, cell: usize) -> String {
    let mut name = String::new();
    push_cell_name(&mut name, width, cell);
    name
}

/// Appends a cell's name (as [`cell_name`]) to `text`: a model names every
/// cell twice on every build, into one reused buffer.
pub fn push_cell_name(text: &mut String, width: usize, cell: usize) {
    sieve::names::push_cell_name(text, cell / width, cell % width);
}

impl Puzzle {
    /// A puzzle of `width` × `height` cells, row by row: each cell's arrow and
    /// its given number, if any.
    pub fn new(
        (width, height): (usize, usize),
        arrows: Vec<Direction>,
        givens: Vec<Option<usize>>,
    ) -> Result<Puzzle, PuzzleError> {
        let sides = MIN_SIZE..=MAX_SIZE;
        if !sides.contains(&width) || !sides.contains(&height) {
            return Err(PuzzleError::Size { width, height });
        }
        let cells = width * height;
        for (what, found) in [("arrows", arrows.len()), ("number slots", givens.len())] {
            if found != cells {
                return Err(PuzzleError::CellCount { what, found, cells });
            }
        }
        let mut holder: Vec<Option<usize>> = vec![None; cells + 1];
        for (cell, &given) in givens.iter().enumerate() {
            let Some(number) = given else { continue };
            if !(1..=cells).contains(&number) {
                let cell = cell_name(width, cell);
                return Err(PuzzleError::NumberRange {
                    number,
                    cell,
                    cells,
                });
            }
            if let Some(first) = holder[number] {
                return Err(PuzzleError::Repeated {
                    number,
                    first: cell_name(width, first),
                    second: cell_name(width, cell),
                });
            }
            holder[number] = Some(cell);
        }
        Ok(Puzzle {
            width,
            height,
            arrows,
            givens,
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

    /// The number of cells, which is the last number.
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// Each cell's arrow, row by row.
    pub fn arrows(&self) -> &[Direction] {
        &self.arrows
    }

    /// Each cell's given number, row by row.
    pub fn givens(&self) -> &[Option<usize>] {
        &self.givens
    }

    /// A cell's name, as `r2c3`.
    pub fn cell_name(&self, cell: usize) -> String {
        cell_name(self.width, cell)
    }

    /// The cells `cell`'s arrow points at, nearest first.
    pub fn pointed_at(&self, cell: usize) -> Vec<usize> {
        self.pointed_cells(cell).collect()
    }

    /// The cells `cell`'s arrow points at, nearest first, one by one (a model
    /// reads every cell's on every build: no list a cell).
    pub fn pointed_cells(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let (row_step, column_step) = self.arrows[cell].step();
        let (mut row, mut column) = ((cell / self.width) as isize, (cell % self.width) as isize);
        std::iter::from_fn(move || {
            row += row_step;
            column += column_step;
            let inside = (0..self.height as isize).contains(&row)
                && (0..self.width as isize).contains(&column);
            inside.then(|| row as usize * self.width + column as usize)
        })
    }
}

/// A solution: each cell's number, row by row, 1 to the number of cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Numbering {
    width: usize,
    numbers: Vec<usize>,
}

impl Numbering {
    /// The numbering of a grid `width` cells wide, row by row.
    pub fn new(width: usize, numbers: Vec<usize>) -> Numbering {
        Numbering { width, numbers }
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Each cell's number, row by row.
    pub fn numbers(&self) -> &[usize] {
        &self.numbers
    }
}

/// The zoo's one-line answer: the numbers, comma-separated, row by row.
impl fmt::Display for Numbering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, number) in self.numbers.iter().enumerate() {
            if index > 0 {
                f.write_str(",")?;
            }
            write!(f, "{number}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_point_along_their_line_to_the_edge() {
        use Direction::*;
        let arrows = vec![SouthEast, South, West, East, North, NorthWest];
        let puzzle = Puzzle::new((3, 2), arrows, vec![None; 6]).expect("a puzzle");
        assert_eq!(puzzle.pointed_at(0), [4]);
        assert_eq!(puzzle.pointed_at(1), [4]);
        assert_eq!(puzzle.pointed_at(2), [1, 0]);
        assert_eq!(puzzle.pointed_at(3), [4, 5]);
        assert_eq!(puzzle.pointed_at(4), [1]);
        assert_eq!(puzzle.pointed_at(5), [1]);
    }

    #[test]
    fn numbers_are_checked() {
        let arrows = vec![Direction::East; 4];
        let new = |givens| Puzzle::new((2, 2), arrows.clone(), givens);
        assert_eq!(
            new(vec![Some(1), None, Some(1), None]).map(drop),
            Err(PuzzleError::Repeated {
                number: 1,
                first: "r1c1".into(),
                second: "r2c1".into()
            })
        );
        assert!(matches!(
            new(vec![Some(5), None, None, None]),
            Err(PuzzleError::NumberRange { number: 5, .. })
        ));
        assert!(matches!(
            Puzzle::new((0, 2), vec![], vec![]),
            Err(PuzzleError::Size { .. })
        ));
    }
}
