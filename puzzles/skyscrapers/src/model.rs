//! A puzzle as an engine model: one variable per cell, named `r1c1`… and
//! valued `0..N` for the heights `1..=N` (labelled with the heights), the
//! puzzle's definition, and the rules of a chosen [`Tier`] and every simpler one.
//!
//! The clue rules are built from the clues, so a model belongs to one puzzle;
//! the givens go into the start state ([`SkyscrapersModel::start`]).

use sieve::{Config, Domains, Model, Search, Value, VarId};

use crate::puzzle::{Grid, Puzzle};
use crate::rules::{PositionPlacement, Positions};
use crate::tiers::{Tier, definition_rules};

/// Why a model could not be built or searched: the engine refused it (a bug
/// in a rule set, since every rule names the model's own cells).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// The engine's error, naming the rule.
    #[error(transparent)]
    Engine(#[from] sieve::Error),
}

/// One puzzle as an engine model with the rules up to a tier.
pub struct SkyscrapersModel {
    puzzle: Puzzle,
    tier: Tier,
    model: Model,
    cells: Vec<VarId>,
}

impl SkyscrapersModel {
    /// The model of `puzzle` with the definition and the rules of `tier` and
    /// every simpler tier, added simplest first.
    pub fn new(puzzle: &Puzzle, tier: Tier) -> Result<Self, ModelError> {
        Self::with_tiers(puzzle, tier, tier.and_below())
    }

    /// The fast solving model: the definition, the lines tier, and each
    /// height once in every row and column across the whole grid (what
    /// [`HeightPlacement`] does, which the tiers do not have). The per-line
    /// rule keeps exactly the candidates of some arrangement of each line, so
    /// it already makes every deduction the edge, viewpoint and hidden-single
    /// rules make on that line; leaving them out saves their runs, and the
    /// placements cut the search of hard puzzles.
    ///
    /// The placements ([`PositionPlacement`]) also keep [`Positions`],
    /// variables made after the cells (so [`SkyscrapersModel::cells`] and a
    /// search's first N·N values are still the cells): for each row and
    /// height the columns where it can stand, for each column and height the
    /// rows. A search that picks the variable with the fewest candidates
    /// takes a cell on a tie, and branches on where a height goes when that
    /// is the sharper choice. Same solutions as every other model of the puzzle.
    pub fn fast(puzzle: &Puzzle) -> Result<Self, ModelError> {
        let mut sky = Self::with_tiers(puzzle, Tier::Lines, [Tier::Lines].into_iter())?;
        let size = puzzle.size();
        let model = &mut sky.model;
        let in_rows = model.new_vars(size * size, size as u32);
        let in_columns = model.new_vars(size * size, size as u32);
        for index in 0..size * size {
            let (line, height) = (index / size + 1, index % size + 1);
            model.set_name(
                in_rows[index],
                numbered("column of ", height, " in row ", line),
            );
            model.set_name(
                in_columns[index],
                numbered("row of ", height, " in column ", line),
            );
        }
        let positions =
            Positions::new(size, in_rows, in_columns).expect("N·N position variables of each kind");
        let placement = PositionPlacement::new(sky.cells.clone(), positions)
            .expect("the cells and the positions have the same size");
        model.add_rule(placement)?;
        Ok(sky)
    }

    fn with_tiers(
        puzzle: &Puzzle,
        tier: Tier,
        tiers: impl Iterator<Item = Tier>,
    ) -> Result<Self, ModelError> {
        let size = puzzle.size();
        let mut model = Model::new();
        let cells = model.new_vars(size * size, size as u32);
        for (index, &var) in cells.iter().enumerate() {
            model.set_name(var, numbered("r", index / size + 1, "c", index % size + 1));
        }
        model.set_value_labels((1..=size).map(|height| height.to_string()).collect());
        for rule in definition_rules(puzzle, &cells) {
            model.add_boxed(rule)?;
        }
        for level in tiers {
            for rule in level.rules(puzzle, &cells) {
                model.add_boxed(rule)?;
            }
        }
        Ok(SkyscrapersModel {
            puzzle: puzzle.clone(),
            tier,
            model,
            cells,
        })
    }

    /// Every tier: the model whose search explains itself in the tiers'
    /// words (traces, worked solutions); [`SkyscrapersModel::fast`] solves faster.
    pub fn solver(puzzle: &Puzzle) -> Result<Self, ModelError> {
        Self::new(puzzle, Tier::HARDEST)
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The strongest tier whose rules the model holds.
    pub fn tier(&self) -> Tier {
        self.tier
    }

    /// N.
    pub fn size(&self) -> usize {
        self.puzzle.size()
    }

    /// The engine model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The engine model, to add rules of one's own to (a stronger tier, such as
    /// [`sieve::rules::Probing`]).
    pub fn model_mut(&mut self) -> &mut Model {
        &mut self.model
    }

    /// The variable of each cell, row-major.
    pub fn cells(&self) -> &[VarId] {
        &self.cells
    }

    /// The variable of the cell at (`row`, `column`), 0-based.
    pub fn cell(&self, row: usize, column: usize) -> Option<VarId> {
        let size = self.size();
        (row < size && column < size).then(|| self.cells[row * size + column])
    }

    /// The start state: full domains with the givens assigned.
    pub fn start(&self) -> Domains {
        let mut state = self.model.domains();
        for (&var, given) in self.cells.iter().zip(self.puzzle.givens()) {
            if let Some(height) = given {
                state
                    .assign(var, Value::from(*height) - 1)
                    .expect("a parsed puzzle's heights fit its grid");
            }
        }
        state
    }

    /// A search from the start state.
    pub fn search(&self, config: Config) -> Result<Search<'_, 'static>, ModelError> {
        Ok(Search::from_state(&self.model, self.start(), config)?)
    }

    /// The grid a state shows: placed heights, 0 for a cell still open.
    pub fn grid_of(&self, state: &Domains) -> Grid {
        let heights = self
            .cells
            .iter()
            .map(|&var| state.value(var).map_or(0, |value| value as u8 + 1))
            .collect();
        Grid::new(self.size(), heights).expect("a model's state fits its size")
    }

    /// The grid of a full assignment (a search's solution).
    pub fn grid_of_values(&self, values: &[Value]) -> Grid {
        let heights = self
            .cells
            .iter()
            .map(|var| values[var.index()] as u8 + 1)
            .collect();
        Grid::new(self.size(), heights).expect("a solution fits its size")
    }
}

/// `{before}{first}{between}{second}`, such as `r3c4`: a variable's name
/// written without `format!`, whose machinery cost about 1,000 instructions a
/// name here, and the fast model names 3N² variables for every puzzle it
/// solves (a fifth of a 6×6 puzzle's model: callgrind, bench/README "Start
/// of the engine-API work").
fn numbered(before: &str, first: usize, between: &str, second: usize) -> String {
    let mut name = String::with_capacity(before.len() + between.len() + 8);
    name.push_str(before);
    push_decimal(&mut name, first);
    name.push_str(between);
    push_decimal(&mut name, second);
    name
}

/// Append `number` in decimal.
fn push_decimal(text: &mut String, number: usize) {
    if number >= 10 {
        push_decimal(text, number / 10);
    }
    text.push(char::from(b'0' + (number % 10) as u8));
}

#[cfg(test)]
mod tests {
    use super::numbered;

    #[test]
    fn numbered_names_read_as_format_writes_them() {
        for first in [0, 1, 9, 10, 12, 99, 100, 4096] {
            for second in [1, 7, 10, 63] {
                assert_eq!(
                    numbered("column of ", first, " in row ", second),
                    format!("column of {first} in row {second}")
                );
            }
        }
    }
}
