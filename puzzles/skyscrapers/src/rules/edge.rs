//! Tier 1, the edge rules: they depend on the clues alone, so they act once.
//!
//! - **Edge rule 1**: clue 1 ⇒ the cell next to it holds the tallest building
//!   (N): any building in front of the tallest would be a second one seen.
//! - **Edge rule 2**: clue N ⇒ every building is seen, so the line rises
//!   1, 2, …, N from that side.

use sieve::{Conflict, Context, Cost, Events, Names, Rule, Value, Watch, Why};

use super::view::View;

/// One clue of 1 or N, and what it fixes.
#[derive(Clone, Debug)]
pub struct EdgeRule {
    name: String,
    view: View,
}

impl EdgeRule {
    /// The edge rule of a clue, when the clue is 1 or N (`None` otherwise).
    pub fn new(view: View) -> Option<EdgeRule> {
        let size = view.size();
        (view.clue_count() == 1 || view.clue_count() == size).then(|| EdgeRule {
            name: format!("edge {}", view.label()),
            view,
        })
    }

    /// Whether the clue is N: the ascending line (else it is 1: the tallest first).
    fn ascending(&self) -> bool {
        self.view.clue_count() == self.view.size()
    }

    /// What the rule fixes: (position from the clue, value).
    fn fixed(&self) -> Vec<(usize, Value)> {
        let size = self.view.size();
        if self.ascending() {
            (0..size)
                .map(|position| (position, position as Value))
                .collect()
        } else {
            vec![(0, size as Value - 1)]
        }
    }

    fn explain(&self, names: &Names, position: usize, value: Value) -> String {
        let cell = names.var_name(self.view.cells[position]);
        let height = names.value_label(value);
        if self.ascending() {
            let size = self.view.size();
            let rising: Vec<String> = (0..size as Value).map(|v| names.value_label(v)).collect();
            format!(
                "{}: all {size} buildings are seen, so the line rises {} {}, and {cell} = {height}",
                self.view.describe(),
                rising.join(", "),
                self.view.from_where()
            )
        } else {
            format!(
                "{}: the tallest ({height}) stands next to it, in {cell}",
                self.view.describe()
            )
        }
    }
}

impl Rule for EdgeRule {
    fn name(&self) -> &str {
        &self.name
    }

    /// The clue alone decides, so no change wakes the rule: it runs once, at the start.
    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.view.cells, Events::NONE)
    }

    fn cost(&self) -> Cost {
        Cost::Constant
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let inference = if self.ascending() {
            "edge rule 2"
        } else {
            "edge rule 1"
        };
        for (position, value) in self.fixed() {
            let text = |names: &Names| self.explain(names, position, value);
            let why = Why::new(inference).named_text(&text);
            ctx.assign(self.view.cells[position], value, &why)?;
        }
        // A clue of 1 or N is settled by the cells it fixes, whatever the others hold.
        ctx.declare_entailed();
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        self.view.holds(values)
    }
}
