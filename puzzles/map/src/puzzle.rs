//! The puzzle as plain data: a W×H grid of cells cut into regions, and the
//! colours given to some regions; a solution is one colour a region.
//!
//! Cells are numbered row by row from 0 (`row * W + column`). Regions are
//! numbered as the ID numbers them: in the order of their first cell, row by
//! row. Colours are `0..=3`, the numbering of the ID's given colours (his
//! game paints them red, yellow, green and blue).

use thiserror::Error;

/// The number of colours.
pub const COLOURS: u8 = 4;

/// The smallest width and height (Tatham's Map refuses 1).
pub const MIN_SIDE: usize = 2;

/// The largest width and height Sieve reads (Tatham sets no limit but the
/// grid's area).
pub const MAX_SIDE: usize = 200;

/// Why a puzzle could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// A width or height out of `MIN_SIDE..=MAX_SIDE`.
    #[error("a {width}×{height} grid: each side must be between {MIN_SIDE} and {MAX_SIDE}")]
    Size {
        /// Cells across.
        width: usize,
        /// Cells down.
        height: usize,
    },
    /// Not one region a cell.
    #[error("{found} cells for a grid of {expected}")]
    Cells {
        /// How many cells were given a region.
        found: usize,
        /// W·H.
        expected: usize,
    },
    /// Regions not numbered `0..n` in the order of their first cells.
    #[error("cell {cell} is in region {region}, but the next new region is {expected}")]
    Numbering {
        /// The cell.
        cell: usize,
        /// Its region.
        region: usize,
        /// The number a new region must have there.
        expected: usize,
    },
    /// A region whose cells are not joined side to side.
    #[error("region {0} is not one connected piece of the grid")]
    Disconnected(usize),
    /// Not one given entry a region.
    #[error("{found} colour entries for {expected} regions")]
    Givens {
        /// How many were given.
        found: usize,
        /// The regions.
        expected: usize,
    },
    /// A given colour outside `0..=3`.
    #[error("region {region}: colour {colour} is not one of 0 to 3")]
    Colour {
        /// The region.
        region: usize,
        /// The colour.
        colour: u8,
    },
}

/// A four-colour map puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    width: usize,
    height: usize,
    region_of: Vec<usize>,
    givens: Vec<Option<u8>>,
    neighbours: Vec<Vec<usize>>,
}

impl Puzzle {
    /// A W×H map: the region of each cell, row by row, numbered in the order
    /// of the regions' first cells, each region one connected piece; and a
    /// given colour or nothing a region.
    pub fn new(
        width: usize,
        height: usize,
        region_of: Vec<usize>,
        givens: Vec<Option<u8>>,
    ) -> Result<Puzzle, PuzzleError> {
        let sides = MIN_SIDE..=MAX_SIDE;
        if !sides.contains(&width) || !sides.contains(&height) {
            return Err(PuzzleError::Size { width, height });
        }
        if region_of.len() != width * height {
            return Err(PuzzleError::Cells {
                found: region_of.len(),
                expected: width * height,
            });
        }
        let mut regions = 0;
        for (cell, &region) in region_of.iter().enumerate() {
            if region > regions {
                return Err(PuzzleError::Numbering {
                    cell,
                    region,
                    expected: regions,
                });
            }
            regions = regions.max(region + 1);
        }
        if givens.len() != regions {
            return Err(PuzzleError::Givens {
                found: givens.len(),
                expected: regions,
            });
        }
        if let Some((region, colour)) = (givens.iter().enumerate())
            .find_map(|(region, given)| given.filter(|&c| c >= COLOURS).map(|c| (region, c)))
        {
            return Err(PuzzleError::Colour { region, colour });
        }
        let puzzle = Puzzle {
            neighbours: neighbours(width, height, &region_of, regions),
            width,
            height,
            region_of,
            givens,
        };
        if let Some(region) = puzzle.disconnected_region() {
            return Err(PuzzleError::Disconnected(region));
        }
        Ok(puzzle)
    }

    /// A region whose cells are in more than one piece, if any.
    fn disconnected_region(&self) -> Option<usize> {
        let (width, cells) = (self.width, self.region_of.len());
        let mut seen = vec![false; cells];
        let mut pieces = vec![0usize; self.givens.len()];
        for start in 0..cells {
            if seen[start] {
                continue;
            }
            let region = self.region_of[start];
            pieces[region] += 1;
            if pieces[region] > 1 {
                return Some(region);
            }
            seen[start] = true;
            let mut stack = vec![start];
            while let Some(cell) = stack.pop() {
                let (row, column) = (cell / width, cell % width);
                let sides = [
                    (column > 0).then(|| cell - 1),
                    (column + 1 < width).then_some(cell + 1),
                    (row > 0).then(|| cell - width),
                    (cell + width < cells).then_some(cell + width),
                ];
                for next in sides.into_iter().flatten() {
                    if !seen[next] && self.region_of[next] == region {
                        seen[next] = true;
                        stack.push(next);
                    }
                }
            }
        }
        None
    }

    /// Cells across (W).
    pub fn width(&self) -> usize {
        self.width
    }

    /// Cells down (H).
    pub fn height(&self) -> usize {
        self.height
    }

    /// How many regions there are.
    pub fn regions(&self) -> usize {
        self.givens.len()
    }

    /// The region of each cell, row by row.
    pub fn region_of(&self) -> &[usize] {
        &self.region_of
    }

    /// The given colour of each region, or nothing.
    pub fn givens(&self) -> &[Option<u8>] {
        &self.givens
    }

    /// The regions that share a side with `region`, smallest first.
    pub fn neighbours(&self, region: usize) -> &[usize] {
        &self.neighbours[region]
    }
}

/// For each region, the regions sharing a side with it, sorted.
fn neighbours(width: usize, height: usize, region_of: &[usize], regions: usize) -> Vec<Vec<usize>> {
    let mut neighbours = vec![Vec::new(); regions];
    let mut join = |a: usize, b: usize| {
        if a != b {
            neighbours[a].push(b);
            neighbours[b].push(a);
        }
    };
    for row in 0..height {
        for column in 0..width {
            let cell = row * width + column;
            if column + 1 < width {
                join(region_of[cell], region_of[cell + 1]);
            }
            if row + 1 < height {
                join(region_of[cell], region_of[cell + width]);
            }
        }
    }
    for list in &mut neighbours {
        list.sort_unstable();
        list.dedup();
    }
    neighbours
}

/// A colour for every region, in the ID's numbering of the regions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Colouring {
    colours: Vec<u8>,
}

impl Colouring {
    /// The colouring with these colours, one a region.
    pub fn new(colours: Vec<u8>) -> Colouring {
        Colouring { colours }
    }

    /// The colours, one a region.
    pub fn colours(&self) -> &[u8] {
        &self.colours
    }
}
