//! The independent checker: it reads the puzzle's cells, regions and given
//! colours and the colouring and nothing else (no rule, no model, not even
//! the puzzle's list of neighbours: it walks the grid's cells itself), so a
//! bug in the rules cannot hide behind it.

use thiserror::Error;

use crate::puzzle::{COLOURS, Colouring, Puzzle};

/// The first thing wrong with a colouring.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// Not one colour a region.
    #[error("{found} colours for {expected} regions")]
    Count {
        /// How many colours.
        found: usize,
        /// How many regions.
        expected: usize,
    },
    /// A colour outside `0..=3`.
    #[error("region {region} has colour {colour}, not one of 0 to 3")]
    Colour {
        /// The region.
        region: usize,
        /// Its colour.
        colour: u8,
    },
    /// A given colour changed.
    #[error("region {region} is given colour {given} but has {colour}")]
    Given {
        /// The region.
        region: usize,
        /// The colour given.
        given: u8,
        /// The colour it has.
        colour: u8,
    },
    /// Two regions sharing a side with the same colour.
    #[error("regions {first} and {second} share a side and both have colour {colour}")]
    Neighbours {
        /// The smaller region.
        first: usize,
        /// The larger region.
        second: usize,
        /// Their colour.
        colour: u8,
    },
}

/// Checks `colouring` against every rule of `puzzle`: one colour of `0..=3`
/// a region, the given ones kept, and no two regions that share a side
/// alike.
pub fn check(puzzle: &Puzzle, colouring: &Colouring) -> Result<(), Violation> {
    let colours = colouring.colours();
    if colours.len() != puzzle.regions() {
        return Err(Violation::Count {
            found: colours.len(),
            expected: puzzle.regions(),
        });
    }
    for (region, &colour) in colours.iter().enumerate() {
        if colour >= COLOURS {
            return Err(Violation::Colour { region, colour });
        }
        if let Some(given) = puzzle.givens()[region]
            && given != colour
        {
            return Err(Violation::Given {
                region,
                given,
                colour,
            });
        }
    }
    let (width, region_of) = (puzzle.width(), puzzle.region_of());
    for cell in 0..region_of.len() {
        let right = (cell % width + 1 < width).then_some(cell + 1);
        let below = Some(cell + width).filter(|&below| below < region_of.len());
        for other in [right, below].into_iter().flatten() {
            let (a, b) = (region_of[cell], region_of[other]);
            if a != b && colours[a] == colours[b] {
                return Err(Violation::Neighbours {
                    first: a.min(b),
                    second: a.max(b),
                    colour: colours[a],
                });
            }
        }
    }
    Ok(())
}
