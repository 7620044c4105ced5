//! Uniqueness proofs with the fast engine model, for removing clues from a
//! puzzle whose solution is known.
//!
//! A puzzle with clues removed from a unique puzzle is still unique exactly
//! when no solution differs from the known one at a removed cell: any other
//! solution agrees with every remaining clue, so if it also agreed at every
//! removed cell it would solve the unique puzzle and be the known solution.
//! So one removal costs one search per removed cell, started with that cell's
//! known value excluded, and each search ends as soon as it finds any
//! solution. When the clue was redundant the search usually fails at the root
//! by propagation alone, which is what makes generation fast.
//!
//! A search that hits the node limit proves nothing; it counts as "another
//! solution may exist", so a clue is only removed when uniqueness is proven.

use sieve::{Config, Domains, Search, Value, VarOrder};

use crate::grid::Grid;
use crate::model::{ModelError, SudokuModel};

use super::Uniqueness;

/// The outcome of a search for a solution other than the known one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Other {
    /// No other solution: the known one is the only one there.
    None,
    /// Another solution exists.
    Found,
    /// The node limit stopped the search first.
    Unsettled,
}

/// One search over a fast model, reused for every check on puzzles of its shape.
pub struct UniquenessProver<'m> {
    sudoku: &'m SudokuModel,
    search: Search<'m, 'static>,
    empty: Domains,
    start: Domains,
}

impl<'m> UniquenessProver<'m> {
    /// A prover over `sudoku` (normally [`SudokuModel::fast`]); each search
    /// stops after `node_limit` nodes.
    pub fn new(sudoku: &'m SudokuModel, node_limit: u64) -> Result<Self, ModelError> {
        let config = Config::default()
            .var_order(VarOrder::DomWdeg)
            .node_limit(node_limit);
        let search = Search::new(sudoku.model(), config)?;
        let empty = sudoku.model().domains();
        Ok(UniquenessProver {
            sudoku,
            search,
            start: empty.clone(),
            empty,
        })
    }

    /// Whether the puzzle made of the `visible` cells of `solution` has a
    /// solution whose value at `cell` differs from `solution`'s.
    ///
    /// `solution` holds one 0-based value per cell and `cell` must be hidden.
    pub fn other_at(&mut self, solution: &[u8], visible: &[bool], cell: usize) -> Other {
        let cells = self.sudoku.cells();
        self.start.copy_from(&self.empty);
        for ((&var, &value), _) in cells
            .iter()
            .zip(solution)
            .zip(visible)
            .filter(|(_, shown)| **shown)
        {
            self.start
                .assign(var, Value::from(value))
                .expect("a solution's values fit its grid");
        }
        self.start
            .remove(cells[cell], Value::from(solution[cell]))
            .expect("a solution's values fit its grid");
        self.first_solution_from_start()
    }

    /// Whether hiding every cell of `removed` (already hidden in `visible`)
    /// keeps the puzzle unique, given that it was unique with them shown.
    pub fn removal_keeps_unique(
        &mut self,
        solution: &[u8],
        visible: &[bool],
        removed: &[usize],
    ) -> Other {
        let mut outcome = Other::None;
        for &cell in removed {
            match self.other_at(solution, visible, cell) {
                Other::None => {}
                Other::Found => return Other::Found,
                Other::Unsettled => outcome = Other::Unsettled,
            }
        }
        outcome
    }

    /// Counts a puzzle's solutions up to two, for a report of [`Uniqueness`].
    pub fn uniqueness(&mut self, puzzle: &Grid) -> Result<Uniqueness, ModelError> {
        let start = self.sudoku.start(puzzle)?;
        self.search.restart(&start)?;
        let count = self.search.count_in_place(Some(2));
        Ok(match (count.solutions, count.stopped) {
            (0, None) => Uniqueness::None,
            (1, None) => Uniqueness::Unique,
            (2.., _) => Uniqueness::Multiple,
            (_, Some(_)) => Uniqueness::Unknown,
        })
    }

    fn first_solution_from_start(&mut self) -> Other {
        self.search
            .restart(&self.start)
            .expect("the start state comes from the prover's own model");
        if self.search.next_values().is_some() {
            Other::Found
        } else if self.search.stop_reason().is_some() {
            Other::Unsettled
        } else {
            Other::None
        }
    }
}
