//! The clues' meaning, in every tier: once a line is full, its clues are
//! counted, and a wrong count is a contradiction.
//!
//! This rule deduces nothing, so it never makes a puzzle easier; it makes
//! every tier's model mean exactly the puzzle (the edge rules alone say
//! nothing about a clue of 2), so a search over any tier finds only true
//! solutions and the soundness oracle enumerates exactly the puzzle's.

use sieve::{Conflict, Context, Cost, Events, Rule, Value, VarId, Watch, Why};

use super::view::View;

/// The clues of one line, checked when the line is full.
#[derive(Clone, Debug)]
pub struct ClueCheck {
    name: String,
    views: Vec<View>,
    cells: Vec<VarId>,
}

impl ClueCheck {
    /// The check of the clues in `views`, which must all look along one line
    /// (`None` when there are none).
    pub fn new(views: Vec<View>) -> Option<Self> {
        let first = views.first()?;
        let name = format!("{} clues", first.line());
        let cells = first.cells.clone();
        Some(ClueCheck { name, views, cells })
    }
}

impl Rule for ClueCheck {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.cells, Events::ASSIGNED)
    }

    fn cost(&self) -> Cost {
        Cost::Constant
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let domains = ctx.domains();
        if !self.cells.iter().all(|&var| domains.is_assigned(var)) {
            return Ok(());
        }
        for view in &self.views {
            let mut tallest: Option<Value> = None;
            let mut seen = 0;
            for &var in &view.cells {
                let value = domains.value(var).unwrap_or(0);
                if tallest.is_none_or(|tallest| value > tallest) {
                    tallest = Some(value);
                    seen += 1;
                }
            }
            if seen != view.clue_count() {
                return Err(ctx.conflict(&Why::new("clue not met")));
            }
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        self.views.iter().all(|view| view.holds(values))
    }
}
