//! Elimination rules in tiers, from the simplest deduction to the hardest.
//!
//! | tier | name                | rules                                   | inferences |
//! |------|---------------------|-----------------------------------------|------------|
//! | 1    | `naked-single`      | one a cell: "possible values"           | naked single, possible values |
//! | 2    | `hidden-single`     | one a unit: "must value"                | hidden single |
//! | 3    | `locked-candidates` | one where a box meets a row or a column | pointing, claiming |
//! | 4    | `subsets`           | one a kind, size and unit               | naked/hidden pair, triple, quad |
//! | 5    | `fish`              | one a size, direction and value         | x-wing, swordfish, jellyfish |
//!
//! Tiers 1 and 2 are the two rules of the sudoku helper this crate started from (naked
//! and hidden singles). Every rule is
//! an engine [`Rule`] over the cells of a [`SudokuModel`], for every box shape up to
//! 64×64 (candidates as single-word masks). Each change carries its inference, the
//! cells that caused it and a sentence such as "r3c5 can only be 7: 1-6, 8 and 9
//! are all seen in its row, column or box", built only when an observer asks.
//! A tier's rules have a [`Cost`] class no cheaper than the tier below, so the
//! `Priority` schedule runs simpler deductions first.
//!
//! ```
//! use sieve_sudoku::{Grid, tiers::{self, Tier}};
//!
//! let puzzle: Grid =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let tier: Tier = "hidden-single".parse()?;
//! assert_eq!(tier, Tier::HiddenSingle);
//! let candidates = tiers::candidates_after(&puzzle, tier)?;
//! assert!(candidates.iter().all(|mask| mask.count_ones() == 1)); // solved by tier 2
//! println!("{}", tiers::pencil_marks(&puzzle, Tier::NakedSingle)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod candidates;
mod fish;
mod locked;
mod singles;
mod subsets;
mod text;

use std::fmt;
use std::ops::Range;
use std::str::FromStr;
use std::sync::Arc;

use sieve::{Cost, Rule, Value, VarId};

pub use candidates::{CandidatesError, candidates_after, pencil_marks, propagate_tier};

use crate::model::{ModelError, SudokuModel};
use crate::shape::{CellPos, UnitKind};
use fish::Fish;
use locked::LockedCandidates;
use singles::{NakedSingle, hidden_single};
use subsets::{Subset, SubsetKind};

/// A tier of elimination rules; tiers are ordered from the simplest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tier {
    /// Tier 1: a cell loses the values placed in its row, column or box.
    NakedSingle = 1,
    /// Tier 2: a value with one place left in a unit goes there.
    HiddenSingle = 2,
    /// Tier 3: pointing and claiming where a box meets a row or a column.
    LockedCandidates = 3,
    /// Tier 4: naked and hidden pairs, triples and quads.
    Subsets = 4,
    /// Tier 5: X-wing, swordfish and jellyfish, on rows and on columns.
    Fish = 5,
}

/// Why a text does not name a tier.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown tier \"{text}\": use naked-single, hidden-single, locked-candidates, subsets, fish, or a number 1-5"
)]
pub struct TierParseError {
    /// The text that was given.
    pub text: String,
}

impl Tier {
    /// Every tier, simplest first.
    pub const ALL: [Tier; 5] = [
        Tier::NakedSingle,
        Tier::HiddenSingle,
        Tier::LockedCandidates,
        Tier::Subsets,
        Tier::Fish,
    ];

    /// The strongest tier.
    pub const HARDEST: Tier = Tier::Fish;

    /// The tier's number, 1 to 5.
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The tier with a number 1 to 5.
    pub fn from_number(number: u8) -> Option<Tier> {
        Tier::ALL.into_iter().find(|tier| tier.number() == number)
    }

    /// The name used on command lines and in ratings, such as `hidden-single`.
    pub const fn name(self) -> &'static str {
        match self {
            Tier::NakedSingle => "naked-single",
            Tier::HiddenSingle => "hidden-single",
            Tier::LockedCandidates => "locked-candidates",
            Tier::Subsets => "subsets",
            Tier::Fish => "fish",
        }
    }

    /// The difficulty score of a puzzle that needs this tier and no more: it grows
    /// faster than the tier number because harder patterns are rarer and harder to see.
    pub const fn score(self) -> u32 {
        match self {
            Tier::NakedSingle => 10,
            Tier::HiddenSingle => 15,
            Tier::LockedCandidates => 30,
            Tier::Subsets => 50,
            Tier::Fish => 80,
        }
    }

    /// The engine cost class of the tier's rules: constant, linear, quadratic,
    /// then expensive for both subsets and fish (the engine has four classes).
    pub const fn cost(self) -> Cost {
        match self {
            Tier::NakedSingle => Cost::Constant,
            Tier::HiddenSingle => Cost::Linear,
            Tier::LockedCandidates => Cost::Quadratic,
            Tier::Subsets | Tier::Fish => Cost::Expensive,
        }
    }

    /// This tier and every simpler one, simplest first.
    pub fn and_below(self) -> impl Iterator<Item = Tier> {
        Tier::ALL.into_iter().filter(move |tier| *tier <= self)
    }

    /// The rules of this tier alone for the cells of `sudoku`, in the order a
    /// worked solution tries them (simpler patterns and boxes first).
    pub fn rules(self, sudoku: &SudokuModel) -> Vec<Box<dyn Rule>> {
        let shape = sudoku.shape();
        let cells = sudoku.cells();
        let units = shape.units();
        let of_kind = |kind: UnitKind| units.iter().filter(move |unit| unit.kind == kind);
        let boxes_first = of_kind(UnitKind::Box)
            .chain(of_kind(UnitKind::Row))
            .chain(of_kind(UnitKind::Column));
        let sizes = (2..=4).filter(|&size| size < shape.size());
        match self {
            Tier::NakedSingle => (0..shape.cell_count())
                .map(|cell| boxed(NakedSingle::new(shape, cell, cells)))
                .collect(),
            Tier::HiddenSingle => boxes_first
                .map(|unit| boxed(hidden_single(shape, unit, cells)))
                .collect(),
            Tier::LockedCandidates => of_kind(UnitKind::Box)
                .flat_map(|box_unit| {
                    let lines = of_kind(UnitKind::Row).chain(of_kind(UnitKind::Column));
                    lines.filter_map(|line| LockedCandidates::new(shape, box_unit, line, cells))
                })
                .map(boxed)
                .collect(),
            Tier::Subsets => sizes
                .flat_map(|size| [(SubsetKind::Naked, size), (SubsetKind::Hidden, size)])
                .flat_map(|(kind, size)| {
                    units
                        .iter()
                        .map(move |unit| boxed(Subset::new(shape, kind, size, unit, cells)))
                })
                .collect(),
            Tier::Fish => {
                let shared: Arc<[VarId]> = Arc::from(cells);
                sizes
                    .flat_map(|size| [(size, true), (size, false)])
                    .flat_map(|(size, on_rows)| {
                        let shared = Arc::clone(&shared);
                        (0..shape.size() as Value).map(move |value| {
                            boxed(Fish::new(shape, size, on_rows, value, Arc::clone(&shared)))
                        })
                    })
                    .collect()
            }
        }
    }

    /// Add this tier's rules to `sudoku`; returns the range of rule indices added.
    pub fn add_rules(self, sudoku: &mut SudokuModel) -> Result<Range<usize>, ModelError> {
        let rules = self.rules(sudoku);
        let start = sudoku.model().num_rules();
        for rule in rules {
            sudoku.model_mut().add_boxed(rule)?;
        }
        Ok(start..sudoku.model().num_rules())
    }
}

fn boxed(rule: impl Rule + 'static) -> Box<dyn Rule> {
    Box::new(rule)
}

impl fmt::Display for Tier {
    /// The tier's [`name`](Tier::name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Tier {
    type Err = TierParseError;

    /// Reads a tier's name (`naked-single`, `hidden single`, `fish`, any case),
    /// its number (`1` to `5`) or `t1` to `t5`.
    fn from_str(text: &str) -> Result<Tier, TierParseError> {
        let wanted = text.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        let number = wanted.strip_prefix('t').unwrap_or(&wanted);
        let by_number = number.parse::<u8>().ok().and_then(Tier::from_number);
        by_number
            .or_else(|| Tier::ALL.into_iter().find(|tier| tier.name() == wanted))
            .ok_or_else(|| TierParseError {
                text: text.to_string(),
            })
    }
}

/// A contradiction found by propagation: the puzzle (or the state) has no solution.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the puzzle has no solution: {}", self.describe())]
pub struct Contradiction {
    /// The rule that found it, when a rule did.
    pub rule: Option<String>,
    /// What failed, such as `"no candidate left"` or `"value has no place"`.
    pub inference: &'static str,
    /// The cell left without a candidate, when there is one.
    pub cell: Option<CellPos>,
}

impl Contradiction {
    /// The contradiction an engine conflict stands for in `sudoku`.
    pub fn from_conflict(sudoku: &SudokuModel, conflict: &sieve::Conflict) -> Self {
        let cell = conflict.var.and_then(|var| {
            let index = sudoku.cells().iter().position(|&cell| cell == var)?;
            Some(sudoku.shape().position(index))
        });
        Contradiction {
            rule: conflict
                .rule
                .map(|rule| sudoku.model().rule(rule).name().to_string()),
            inference: conflict.inference,
            cell,
        }
    }

    fn describe(&self) -> String {
        let mut text = self.inference.to_string();
        if let Some(cell) = self.cell {
            text.push_str(&format!(" at {cell}"));
        }
        if let Some(rule) = &self.rule {
            text.push_str(&format!(" (rule \"{rule}\")"));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_read_by_name_and_number() {
        for tier in Tier::ALL {
            assert_eq!(tier.name().parse::<Tier>(), Ok(tier));
            assert_eq!(tier.number().to_string().parse::<Tier>(), Ok(tier));
            assert_eq!(tier.to_string(), tier.name());
        }
        assert_eq!("Hidden Single".parse::<Tier>(), Ok(Tier::HiddenSingle));
        assert_eq!("t5".parse::<Tier>(), Ok(Tier::Fish));
        let error = "6".parse::<Tier>().unwrap_err();
        assert!(error.to_string().starts_with("unknown tier \"6\""));
    }

    #[test]
    fn costs_and_scores_grow_with_the_tier() {
        for pair in Tier::ALL.windows(2) {
            assert!(pair[0].cost() <= pair[1].cost());
            assert!(pair[0].score() < pair[1].score());
            assert!(pair[0] < pair[1]);
        }
    }
}
