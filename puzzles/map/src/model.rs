//! A puzzle as an engine model: one variable a region, named `region 0`…
//! in the ID's numbering, valued `0..=3`; a given colour fixes its region
//! ([`Model::fix`]); and each group of regions that all touch each other (a
//! maximal clique of the neighbour graph: a pair, a triangle, at most four)
//! is all different, with Régin's domain-consistent filter. Over a pair that
//! is plain "neighbours differ"; over a triangle it also makes Tatham's
//! Normal deduction: two neighbours left with the same two colours take
//! both, so a third region touching both has neither.
//!
//! His Hard deductions (forcing chains along regions of two colours) and
//! Unreasonable (guessing) go beyond that: such puzzles need the search.

use sieve::prelude::*;

use crate::cliques::maximal_cliques;
use crate::puzzle::{COLOURS, Colouring, Puzzle};

/// One puzzle as an engine model.
pub struct MapModel {
    puzzle: Puzzle,
    model: Model,
    regions: Vec<VarId>,
}

impl MapModel {
    /// The model of `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        let mut model = Model::new();
        let regions = model.new_vars(puzzle.regions(), u32::from(COLOURS));
        for (region, &var) in regions.iter().enumerate() {
            model.set_name(var, format!("region {region}"));
            if let Some(colour) = puzzle.givens()[region] {
                model.fix(var, Value::from(colour))?;
            }
        }
        let neighbours: Vec<Vec<usize>> = (0..puzzle.regions())
            .map(|region| puzzle.neighbours(region).to_vec())
            .collect();
        for clique in maximal_cliques(&neighbours) {
            if clique.len() < 2 {
                continue;
            }
            let vars = clique.iter().map(|&region| regions[region]).collect();
            let named: Vec<String> = clique.iter().map(usize::to_string).collect();
            let name = match named.as_slice() {
                [a, b] => format!("regions {a} and {b} are neighbours"),
                _ => format!("regions {} all touch each other", named.join(", ")),
            };
            let rule = AllDifferent::new(name, vars).with_consistency(Consistency::Domain);
            model.add_rule(rule)?;
        }
        Ok(MapModel {
            puzzle: puzzle.clone(),
            model,
            regions,
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

    /// The start state: the given colours fixed, nothing propagated.
    pub fn start(&self) -> Domains {
        self.model.domains()
    }

    /// The variables, one a region in the ID's numbering.
    pub fn regions(&self) -> &[VarId] {
        &self.regions
    }

    /// The variable of the cell at `row`, `column`: its region's; `None`
    /// outside the grid.
    pub fn var_at(&self, row: usize, column: usize) -> Option<VarId> {
        let width = self.puzzle.width();
        (row < self.puzzle.height() && column < width)
            .then(|| self.regions[self.puzzle.region_of()[row * width + column]])
    }

    /// A search over the model.
    pub fn search(&self, config: Config) -> Result<Search<'_, 'static>, sieve::Error> {
        Search::new(&self.model, config)
    }

    /// The colouring of a solution's values.
    pub fn solution_of(&self, values: &[Value]) -> Colouring {
        let colours = (self.regions.iter())
            .map(|var| u8::try_from(values[var.index()]).unwrap_or(u8::MAX))
            .collect();
        Colouring::new(colours)
    }
}
