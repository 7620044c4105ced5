//! The rules in tiers, from the simplest deduction to the strongest.
//!
//! | tier | name        | rules                                                     |
//! |------|-------------|-----------------------------------------------------------|
//! | 1    | `edge`      | clue 1 ⇒ the tallest is adjacent; clue N ⇒ ascending       |
//! | 2    | `viewpoint` | the source's five viewpoint rules, for any N               |
//! | 3    | `latin`     | hidden singles per row and column                          |
//! | 4    | `lines`     | only the arrangements of a line that agree with its clues and candidates survive |
//!
//! Every tier's model also holds the puzzle's **definition**: each row and
//! column all different, with singles (a placed height leaves the rest of its
//! row and column: the engine's [`AllDifferent`]), and each clue checked on a
//! full line ([`ClueCheck`]). So a tier's model means exactly the puzzle, and
//! the Latin rule of the source, "solved values are removed from the rest of
//! their row and column", runs beside every tier as it does in the source's
//! loop; without it no puzzle larger than 2×2 could be solved below tier 3.
//! Tier 3 completes the Latin elimination with the source's other half,
//! hidden singles (the engine's [`EachValueSomewhere`]).
//!
//! A tier's rules have a [`sieve::Cost`] class no cheaper than the tier below,
//! so the `Priority` schedule tries simpler deductions first.
//!
//! ```
//! use sieve_skyscrapers::Tier;
//!
//! let tier: Tier = "viewpoint".parse()?;
//! assert_eq!(tier, Tier::Viewpoint);
//! assert_eq!("3".parse::<Tier>()?, Tier::Latin);
//! assert_eq!(Tier::Lines.and_below().count(), 4);
//! # Ok::<(), sieve_skyscrapers::tiers::TierParseError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use sieve::{AllDifferent, EachValueSomewhere, Rule, Value, VarId};

use crate::puzzle::{Line, Puzzle, Side};
use crate::rules::{
    ClueCheck, EdgeRule, HiddenCount, LineArrangements, NearCellsBound, OneFacingTwo,
    RisingToTallest, TallestNotCloser, View,
};

/// A tier of rules; tiers are ordered from the simplest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tier {
    /// Tier 1: the edge rules, from the clues alone.
    Edge = 1,
    /// Tier 2: the five viewpoint rules.
    Viewpoint = 2,
    /// Tier 3: hidden singles per row and column.
    Latin = 3,
    /// Tier 4: the per-line arrangements rule.
    Lines = 4,
}

/// Why a text does not name a tier.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown tier {text:?}: use edge, viewpoint, latin, lines, or a number 1-4")]
pub struct TierParseError {
    /// The text that was given.
    pub text: String,
}

impl Tier {
    /// Every tier, simplest first.
    pub const ALL: [Tier; 4] = [Tier::Edge, Tier::Viewpoint, Tier::Latin, Tier::Lines];

    /// The strongest tier.
    pub const HARDEST: Tier = Tier::Lines;

    /// The tier's number, 1 to 4.
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The tier with a number 1 to 4.
    pub fn from_number(number: u8) -> Option<Tier> {
        Tier::ALL.into_iter().find(|tier| tier.number() == number)
    }

    /// The name used on command lines and in ratings, such as `viewpoint`.
    pub const fn name(self) -> &'static str {
        match self {
            Tier::Edge => "edge",
            Tier::Viewpoint => "viewpoint",
            Tier::Latin => "latin",
            Tier::Lines => "lines",
        }
    }

    /// What the tier adds, in a few words.
    pub const fn description(self) -> &'static str {
        match self {
            Tier::Edge => "clue 1 puts the tallest next to it; clue N makes the line ascend",
            Tier::Viewpoint => "the five viewpoint rules",
            Tier::Latin => "hidden singles per row and column",
            Tier::Lines => "only the arrangements of a line that agree with its clues survive",
        }
    }

    /// The simpler tier below, if any.
    pub fn below(self) -> Option<Tier> {
        Tier::from_number(self.number().wrapping_sub(1))
    }

    /// This tier and every simpler one, simplest first.
    pub fn and_below(self) -> impl Iterator<Item = Tier> {
        Tier::ALL.into_iter().filter(move |tier| *tier <= self)
    }

    /// The rules of this tier alone for `puzzle`, over its cell variables
    /// (row-major).
    pub fn rules(self, puzzle: &Puzzle, cells: &[VarId]) -> Vec<Box<dyn Rule>> {
        match self {
            Tier::Edge => View::all(puzzle, cells)
                .into_iter()
                .filter_map(EdgeRule::new)
                .map(|rule| Box::new(rule) as Box<dyn Rule>)
                .collect(),
            Tier::Viewpoint => viewpoint_rules(puzzle, cells),
            Tier::Latin => units(puzzle.size(), cells)
                .map(|(line, vars)| {
                    let values = (0..puzzle.size() as Value).collect();
                    Box::new(EachValueSomewhere::new(line.to_string(), vars, values))
                        as Box<dyn Rule>
                })
                .collect(),
            Tier::Lines => Line::all(puzzle.size())
                .map(|line| Box::new(LineArrangements::new(puzzle, cells, line)) as Box<dyn Rule>)
                .collect(),
        }
    }
}

/// The rows, then the columns, each with its cells from start to end.
fn units(size: usize, cells: &[VarId]) -> impl Iterator<Item = (Line, Vec<VarId>)> + '_ {
    Line::all(size).map(move |line| (line, line.cell_indexes(size).map(|i| cells[i]).collect()))
}

/// The five viewpoint rules of every clue, in the source's order per clue.
fn viewpoint_rules(puzzle: &Puzzle, cells: &[VarId]) -> Vec<Box<dyn Rule>> {
    let mut rules: Vec<Box<dyn Rule>> = Vec::new();
    for view in View::all(puzzle, cells) {
        if let Some(rule) = TallestNotCloser::new(view.clone()) {
            rules.push(Box::new(rule));
        }
        if let Some(rule) = RisingToTallest::new(view.clone()) {
            rules.push(Box::new(rule));
        }
        if let Some(rule) = NearCellsBound::new(view.clone()) {
            rules.push(Box::new(rule));
        }
        let opposite = View::new(puzzle, cells, opposite_side(view.side), view.index);
        if let Some(rule) = opposite.and_then(|opposite| OneFacingTwo::new(view.clone(), opposite))
        {
            rules.push(Box::new(rule));
        }
        rules.push(Box::new(HiddenCount::new(view)));
    }
    rules
}

/// The side across the grid.
fn opposite_side(side: Side) -> Side {
    match side {
        Side::Top => Side::Bottom,
        Side::Bottom => Side::Top,
        Side::Left => Side::Right,
        Side::Right => Side::Left,
    }
}

/// The puzzle's definition, in every tier: each row and column all different
/// (with singles), and each line's clues checked once it is full.
pub fn definition_rules(puzzle: &Puzzle, cells: &[VarId]) -> Vec<Box<dyn Rule>> {
    let mut rules: Vec<Box<dyn Rule>> = units(puzzle.size(), cells)
        .map(|(line, vars)| Box::new(AllDifferent::new(line.to_string(), vars)) as Box<dyn Rule>)
        .collect();
    for line in Line::all(puzzle.size()) {
        let (start, end) = line.sides();
        let views = [start, end]
            .into_iter()
            .filter_map(|side| View::new(puzzle, cells, side, line.index()))
            .collect();
        if let Some(check) = ClueCheck::new(views) {
            rules.push(Box::new(check));
        }
    }
    rules
}

impl fmt::Display for Tier {
    /// The tier's name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Tier {
    type Err = TierParseError;

    /// A name (`edge`, `viewpoint`, `latin`, `lines`, any case) or a number 1-4.
    fn from_str(text: &str) -> Result<Tier, TierParseError> {
        let lower = text.trim().to_ascii_lowercase();
        let by_name = Tier::ALL.into_iter().find(|tier| tier.name() == lower);
        let by_number = || lower.parse::<u8>().ok().and_then(Tier::from_number);
        by_name.or_else(by_number).ok_or_else(|| TierParseError {
            text: text.to_string(),
        })
    }
}
