//! A puzzle as an engine model: each cell's number (a variable a cell, named
//! `r2c3`, 1 to the number of cells, the given ones fixed), all different
//! ([`AllDifferent`]); each cell's successor (named `after r2c3`: a cell its
//! arrow points at, or the cell itself at the end of the path); and the
//! [`Links`] rule between them, which follows chains of linked cells.

use sieve::rules::AllDifferent;
use sieve::{Config, Consistency, Domains, Model, Search, Value, ValueSet, VarId};

use crate::links::Links;
use crate::puzzle::{Numbering, Puzzle, push_cell_name};

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
        let count = puzzle.cells();
        let mut model = Model::new();
        let numbers = model.new_vars_in(count, 1..=count as Value)?;
        let successors = model.new_vars(count, count as u32);
        let links = Links::new(puzzle, successors.clone(), numbers.clone());
        let mut name = String::new();
        for cell in 0..count {
            name.clear();
            name.push_str("after ");
            push_cell_name(&mut name, puzzle.width(), cell);
            model.set_name(numbers[cell], &name["after ".len()..]);
            model.set_name(successors[cell], &name);
            if let Some(given) = puzzle.givens()[cell] {
                model.fix(numbers[cell], given as Value)?;
            }
            let mut next: ValueSet = (links.targets(cell).iter())
                .map(|&to| to as Value)
                .collect();
            next.insert(cell as Value);
            model.restrict(successors[cell], &next)?;
        }
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
