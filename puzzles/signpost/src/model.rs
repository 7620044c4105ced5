//! A puzzle as an engine model: each cell's number (a variable a cell, named
//! `r2c3`, 1 to the number of cells, the given ones fixed), all different
//! ([`AllDifferent`]); each cell's successor (named `after r2c3`: a cell its
//! arrow points at, or the cell itself at the end of the path); and the
//! [`Links`] rule between them, which follows chains of linked cells.

use sieve::rules::AllDifferent;
use sieve::{Config, Consistency, Domains, Model, Search, Value, ValueSet, VarId};

use crate::links::Links;
use crate::puzzle::{Numbering, Puzzle, cell_name, push_cell_name};

/// Which rules a model holds, weakest first: the tiers `rate` tries.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// The links along the arrows, each number once, value by value.
    Links,
    /// Those, with the numbers' permutation at full strength: a set of
    /// numbers that only as many cells can hold is theirs (Hall's theorem).
    Permutation,
}

/// One puzzle as an engine model.
pub struct SignpostModel {
    puzzle: Puzzle,
    model: Model,
    numbers: Vec<VarId>,
    successors: Vec<VarId>,
}

impl SignpostModel {
    /// The model of `puzzle` with every rule ([`Rules::Permutation`]).
    pub fn new(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        Self::with_rules(puzzle, Rules::Permutation)
    }

    /// The model of `puzzle` with the rules of `rules`.
    pub fn with_rules(puzzle: &Puzzle, rules: Rules) -> Result<Self, sieve::Error> {
        Self::with_links(puzzle, rules, |links| links)
    }

    /// The model of `puzzle` with the rules of `rules`, its links rule as
    /// `links` leaves it (tests choose how it keeps its sets).
    fn with_links(
        puzzle: &Puzzle,
        rules: Rules,
        links: impl FnOnce(Links) -> Links,
    ) -> Result<Self, sieve::Error> {
        let count = puzzle.cells();
        let mut model = Model::new();
        let numbers = model.new_vars_in(count, 1..=count as Value)?;
        let successors = model.new_vars(count, count as u32);
        let links = links(Links::new(puzzle, successors.clone(), numbers.clone()));
        let (mut name, mut ascending) = (String::new(), Vec::new());
        for cell in 0..count {
            name.clear();
            name.push_str("after ");
            push_cell_name(&mut name, puzzle.width(), cell);
            model.set_name(numbers[cell], &name["after ".len()..]);
            model.set_name(successors[cell], &name);
            if let Some(given) = puzzle.givens()[cell] {
                model.fix(numbers[cell], given as Value)?;
            }
            // In ascending order, so that the set grows only upwards: a grid
            // of 64 cells keeps each in its one inline word.
            ascending.clear();
            ascending.extend(links.targets(cell).iter().map(|&to| to as Value));
            ascending.push(cell as Value);
            ascending.sort_unstable();
            let next: ValueSet = ascending.iter().copied().collect();
            model.restrict(successors[cell], &next)?;
        }
        label_successors(&mut model, &successors, puzzle.width());
        model.add_rule(links)?;
        let consistency = match rules {
            Rules::Links => Consistency::Value,
            Rules::Permutation => Consistency::Domain,
        };
        let once =
            AllDifferent::new("each number once", numbers.clone()).with_consistency(consistency);
        model.add_rule(once)?;
        Ok(SignpostModel {
            puzzle: puzzle.clone(),
            model,
            numbers,
            successors,
        })
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
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

    /// The state a search starts from.
    pub fn start(&self) -> Domains {
        self.model.domains()
    }

    /// Each cell's number variable, row by row.
    pub fn numbers(&self) -> &[VarId] {
        &self.numbers
    }

    /// Each cell's successor variable, row by row: the cell its arrow leads to
    /// next (cells numbered row by row from 0), or the cell itself at the end
    /// of the path (no arrow points at its own cell). Every variable then has
    /// as many values as there are cells, so a grid of up to 64 cells is one
    /// word a domain.
    pub fn successors(&self) -> &[VarId] {
        &self.successors
    }

    /// A search over the model.
    pub fn search(&self, config: Config) -> Result<Search<'_, 'static>, sieve::Error> {
        Search::new(&self.model, config)
    }

    /// The numbering of a solution's values.
    pub fn solution_of(&self, values: &[Value]) -> Numbering {
        let numbers = (self.numbers.iter()).map(|var| values[var.index()] as usize);
        Numbering::new(self.puzzle.width(), numbers.collect())
    }

    /// The number variable of the cell at (row, column), 0-based.
    pub fn var_at(&self, row: usize, column: usize) -> Option<VarId> {
        let (width, height) = (self.puzzle.width(), self.puzzle.height());
        (row < height && column < width).then(|| self.numbers[row * width + column])
    }
}

/// A successor's values are cells: written as the cell (`after r1c2 ≠ r4c5`),
/// and the successor's own cell as the end of the path.
fn label_successors(model: &mut Model, successors: &[VarId], width: usize) {
    let Some(first) = successors.first().map(|var| var.index()) else {
        return;
    };
    let count = successors.len();
    model.set_value_labeller(move |var, value| {
        let cell = var
            .index()
            .checked_sub(first)
            .filter(|&cell| cell < count)?;
        let target = usize::try_from(value)
            .ok()
            .filter(|&target| target < count)?;
        Some(match target == cell {
            true => "the end of the path".to_string(),
            false => cell_name(width, target),
        })
    });
}

#[cfg(test)]
mod tests {
    use sieve::{Config, Search};

    use super::*;
    use crate::puzzle::Direction;

    /// Every solution of a model, in the order the search finds them.
    fn solutions(model: &SignpostModel) -> Vec<Numbering> {
        let search = Search::from_state(model.model(), model.start(), Config::default());
        let search = search.expect("the model searches");
        search
            .map(|found| model.solution_of(&found.values))
            .collect()
    }

    /// What propagation alone leaves of the start state, `None` for a conflict.
    fn settled(model: &SignpostModel) -> Option<sieve::Domains> {
        let mut state = model.start();
        let ended = sieve::propagate(model.model(), &mut state, sieve::Schedule::Priority, None);
        ended.ok().map(|_| state)
    }

    #[test]
    fn successors_are_written_as_cells_and_numbers_as_numbers() {
        let puzzle = crate::parse_signpost_id("3x3:d1d9aaegbgh").expect("a valid ID");
        let model = SignpostModel::new(&puzzle).expect("the model builds");
        let (after, number) = (model.successors()[1], model.numbers()[1]);
        let engine = model.model();
        assert_eq!(engine.label_of(after, 4), "r2c2");
        assert_eq!(engine.label_of(after, 1), "the end of the path");
        assert_eq!(engine.label_of(number, 4), "4");
    }

    /// The links rule keeps one word a set up to 64 cells, several above:
    /// on every 2×2 grid of arrows and a spread of the 3×2 and 2×3 ones, with
    /// and without a given number, propagation leaves the same state and the
    /// search finds the same solutions.
    #[test]
    fn wide_sets_find_what_one_word_sets_find() {
        let mut solved = 0;
        for (width, height, step) in [(2usize, 2usize, 1usize), (3, 2, 37), (2, 3, 41)] {
            let cells = width * height;
            for code in (0..8usize.pow(cells as u32)).step_by(step) {
                let arrows: Vec<Direction> = (0..cells)
                    .map(|cell| Direction::ALL[(code >> (3 * cell)) & 7])
                    .collect();
                let mut givens = vec![None; cells];
                for given in [None, Some((code % cells, code / 7 % cells + 1))] {
                    if let Some((cell, number)) = given {
                        givens[cell] = Some(number);
                    }
                    let puzzle = Puzzle::new((width, height), arrows.clone(), givens.clone());
                    let puzzle = puzzle.expect("a puzzle");
                    let one_word = SignpostModel::new(&puzzle).expect("the model builds");
                    let wide = SignpostModel::with_links(&puzzle, Rules::Permutation, |links| {
                        links.with_wide_sets()
                    });
                    let wide = wide.expect("the model builds");
                    assert_eq!(settled(&one_word), settled(&wide), "{puzzle:?}");
                    let found = solutions(&one_word);
                    assert_eq!(found, solutions(&wide), "{puzzle:?}");
                    solved += usize::from(!found.is_empty());
                }
            }
        }
        assert!(solved > 100, "only {solved} grids with a solution");
    }
}
