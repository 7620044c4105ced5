//! Symmetries of the visible-cell mask: which cells must be shown or hidden
//! together so that the pattern of clues looks the same after a turn or a
//! reflection of the square.
//!
//! Only the mask is symmetric, never the values, so every symmetry applies to
//! every box shape (a 2×3-box 6×6 can have clues symmetric about its diagonal).
//!
//! ```
//! use sieve_sudoku::Shape;
//! use sieve_sudoku::generate::Symmetry;
//!
//! let symmetry: Symmetry = "rotate180".parse()?;
//! let classes = symmetry.classes(Shape::classic());
//! assert_eq!(classes.len(), 41); // 40 pairs and the centre
//! assert!(classes.contains(&vec![0, 80]));
//! # Ok::<(), sieve_sudoku::generate::SymmetryParseError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::shape::Shape;

/// A symmetry group of the square, applied to the visible-cell mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// No constraint: clues are removed one at a time.
    #[default]
    None,
    /// A half turn: cell (r, c) goes with (N−1−r, N−1−c).
    Rotate180,
    /// Quarter turns: the four images of a cell under rotation go together.
    Rotate90,
    /// A left-right reflection: (r, c) goes with (r, N−1−c).
    Mirror,
    /// A top-bottom reflection: (r, c) goes with (N−1−r, c).
    Flip,
    /// A reflection in the main diagonal: (r, c) goes with (c, r).
    Diagonal,
    /// A reflection in the anti-diagonal: (r, c) goes with (N−1−c, N−1−r).
    AntiDiagonal,
    /// All eight turns and reflections of the square at once.
    Dihedral,
}

/// Why a text does not name a symmetry.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown symmetry \"{text}\": use none, rotate180, rotate90, mirror, flip, diagonal, antidiagonal or dihedral"
)]
pub struct SymmetryParseError {
    /// The text that was given.
    pub text: String,
}

/// One of the eight maps of the square onto itself, on (row, column).
type CellMap = fn(usize, usize, usize) -> (usize, usize);

const IDENTITY: CellMap = |row, col, _| (row, col);
const HALF_TURN: CellMap = |row, col, last| (last - row, last - col);
const QUARTER_TURN: CellMap = |row, col, last| (col, last - row);
const THREE_QUARTER_TURN: CellMap = |row, col, last| (last - col, row);
const MIRROR: CellMap = |row, col, last| (row, last - col);
const FLIP: CellMap = |row, col, last| (last - row, col);
const TRANSPOSE: CellMap = |row, col, _| (col, row);
const ANTI_TRANSPOSE: CellMap = |row, col, last| (last - col, last - row);

impl Symmetry {
    /// Every symmetry, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Dihedral,
    ];

    /// The name used on command lines, such as `rotate180`.
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "antidiagonal",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// The maps of the group, identity included.
    fn maps(self) -> &'static [CellMap] {
        match self {
            Symmetry::None => &[IDENTITY],
            Symmetry::Rotate180 => &[IDENTITY, HALF_TURN],
            Symmetry::Rotate90 => &[IDENTITY, QUARTER_TURN, HALF_TURN, THREE_QUARTER_TURN],
            Symmetry::Mirror => &[IDENTITY, MIRROR],
            Symmetry::Flip => &[IDENTITY, FLIP],
            Symmetry::Diagonal => &[IDENTITY, TRANSPOSE],
            Symmetry::AntiDiagonal => &[IDENTITY, ANTI_TRANSPOSE],
            Symmetry::Dihedral => &[
                IDENTITY,
                QUARTER_TURN,
                HALF_TURN,
                THREE_QUARTER_TURN,
                MIRROR,
                FLIP,
                TRANSPOSE,
                ANTI_TRANSPOSE,
            ],
        }
    }

    /// The images of a cell under the group (with repeats when the cell lies
    /// on an axis or at the centre).
    pub fn images(self, shape: Shape, cell: usize) -> impl Iterator<Item = usize> {
        let (row, col, last) = (shape.row_of(cell), shape.col_of(cell), shape.size() - 1);
        self.maps().iter().map(move |map| {
            let (image_row, image_col) = map(row, col, last);
            shape.cell(image_row, image_col)
        })
    }

    /// The classes of cells that must be shown or hidden together: the orbits
    /// of the group, each sorted, ordered by their first cell.
    pub fn classes(self, shape: Shape) -> Vec<Vec<usize>> {
        let mut seen = vec![false; shape.cell_count()];
        let mut classes = Vec::new();
        for cell in 0..shape.cell_count() {
            if seen[cell] {
                continue;
            }
            let mut class: Vec<usize> = self.images(shape, cell).collect();
            class.sort_unstable();
            class.dedup();
            for &member in &class {
                seen[member] = true;
            }
            classes.push(class);
        }
        classes
    }

    /// Whether a visible mask (one flag per cell of `shape`, reading order)
    /// looks the same under every map of the group.
    pub fn is_invariant(self, shape: Shape, visible: &[bool]) -> bool {
        visible.len() == shape.cell_count()
            && (0..visible.len()).all(|cell| {
                self.images(shape, cell)
                    .all(|image| visible[image] == visible[cell])
            })
    }
}

impl fmt::Display for Symmetry {
    /// The symmetry's [`name`](Symmetry::name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = SymmetryParseError;

    /// Reads a name in any case, with `-`, `_` or spaces ignored; also
    /// `rotational`/`180` for a half turn, `90` for quarter turns,
    /// `horizontal` for the mirror, `vertical` for the flip and `all` for the
    /// dihedral group.
    fn from_str(text: &str) -> Result<Symmetry, SymmetryParseError> {
        let wanted: String = text
            .trim()
            .to_ascii_lowercase()
            .chars()
            .filter(|c| !matches!(c, '-' | '_' | ' '))
            .collect();
        let alias = match wanted.as_str() {
            "rotational" | "rotate" | "180" => Some(Symmetry::Rotate180),
            "90" => Some(Symmetry::Rotate90),
            "horizontal" | "leftright" => Some(Symmetry::Mirror),
            "vertical" | "topbottom" => Some(Symmetry::Flip),
            "all" | "full" => Some(Symmetry::Dihedral),
            _ => None,
        };
        alias
            .or_else(|| Symmetry::ALL.into_iter().find(|s| s.name() == wanted))
            .ok_or_else(|| SymmetryParseError {
                text: text.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for symmetry in Symmetry::ALL {
            assert_eq!(symmetry.name().parse::<Symmetry>(), Ok(symmetry));
            assert_eq!(symmetry.to_string(), symmetry.name());
        }
        assert_eq!(
            "Anti-Diagonal".parse::<Symmetry>(),
            Ok(Symmetry::AntiDiagonal)
        );
        assert_eq!("all".parse::<Symmetry>(), Ok(Symmetry::Dihedral));
        assert!("spiral".parse::<Symmetry>().is_err());
    }

    #[test]
    fn classes_partition_the_cells() {
        for (box_rows, box_cols) in [(2, 2), (2, 3), (3, 3), (3, 4)] {
            let shape = Shape::new(box_rows, box_cols).unwrap();
            for symmetry in Symmetry::ALL {
                let classes = symmetry.classes(shape);
                let mut cells: Vec<usize> = classes.iter().flatten().copied().collect();
                cells.sort_unstable();
                assert_eq!(cells, (0..shape.cell_count()).collect::<Vec<_>>());
                let group_order = symmetry.maps().len();
                assert!(classes.iter().all(|class| group_order % class.len() == 0));
            }
        }
    }

    #[test]
    fn class_counts_on_the_classic_grid() {
        let shape = Shape::classic();
        let count = |symmetry: Symmetry| symmetry.classes(shape).len();
        assert_eq!(count(Symmetry::None), 81);
        assert_eq!(count(Symmetry::Rotate180), 41);
        assert_eq!(count(Symmetry::Rotate90), 21);
        assert_eq!(count(Symmetry::Mirror), 45);
        assert_eq!(count(Symmetry::Flip), 45);
        assert_eq!(count(Symmetry::Diagonal), 45);
        assert_eq!(count(Symmetry::AntiDiagonal), 45);
        assert_eq!(count(Symmetry::Dihedral), 15);
    }
}
