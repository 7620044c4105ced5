//! Tier 2, the source's five viewpoint rules, for any N. Cells are counted
//! from the clue: the 1st cell is the one next to it.
//!
//! 1. [`TallestNotCloser`]: clue n ⇒ the tallest is not closer than the n-th
//!    cell (it hides everything behind it, so at most its position is seen).
//! 2. [`RisingToTallest`]: clue n with the tallest at the n-th cell ⇒ the n
//!    buildings up to it are all seen, so they shrink towards the viewpoint.
//! 3. [`NearCellsBound`]: clue n ⇒ the adjacent cell is at most N − (n − 1).
//!    The source states it for the adjacent cell of a 4×4 grid (`5 − n`); the
//!    same count bounds every cell before the n-th: the p-th cell is at most
//!    N − n + p, since a building of height h there leaves at most p seen up to
//!    it and N − h taller ones behind it.
//! 4. [`OneFacingTwo`]: clue 1 on one side and 2 on the opposite ⇒ the cell
//!    next to the 2 is N − 1 (the tallest is at the far end, and the one
//!    building seen before it is the tallest of the others).
//! 5. [`HiddenCount`]: clue n ⇒ N − n buildings are hidden. Counting the
//!    buildings surely seen and surely hidden so far (from the candidates'
//!    bounds): once n are surely seen, every other cell is hidden (shorter
//!    than some building before it), and the adjacent cell takes the highest
//!    height left when no other cell of the line can take it; once N − n are
//!    surely hidden, every other cell is seen (taller than all before it).
//!    The source's trigger, "as many empty cells as remaining hidden ones + 1",
//!    is the first case with the adjacent cell as the one seen.
//!
//! Rules 1, 3 and 4 depend on the clues alone and run once; rules 2 and 5
//! wake when the line's candidates change.

use sieve::{Conflict, Context, Cost, Domains, Events, Fact, Names, Rule, Value, Watch, Why};

use super::view::{View, ordinal};
use crate::puzzle::MAX_SIZE;

/// "1 building is seen", "3 buildings are hidden": a count with its verb.
fn buildings(count: usize, state: &str) -> String {
    if count == 1 {
        format!("1 building is {state}")
    } else {
        format!("{count} buildings are {state}")
    }
}

/// Watches on every cell of a view, for one kind of event.
fn watch_all(view: &View, events: Events) -> Vec<Watch> {
    Watch::all(&view.cells, events)
}

/// Viewpoint rule 1: the tallest stands no closer than the n-th cell.
#[derive(Clone, Debug)]
pub struct TallestNotCloser {
    name: String,
    view: View,
}

impl TallestNotCloser {
    /// The rule for a clue of at least 2 (`None` for clue 1, which the edge rule covers).
    pub fn new(view: View) -> Option<Self> {
        (view.clue >= 2).then(|| TallestNotCloser {
            name: format!("viewpoint 1 {}", view.label()),
            view,
        })
    }
}

impl Rule for TallestNotCloser {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        watch_all(&self.view, Events::NONE)
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let tallest = self.view.size() as Value - 1;
        for position in 0..self.view.clue_count() - 1 {
            let cell = self.view.cells[position];
            let text = |names: &Names| {
                format!(
                    "{}: the tallest ({}) hides everything behind it, so it stands no closer than the {} cell; not in {}",
                    self.view.describe(),
                    names.value_label(tallest),
                    ordinal(self.view.clue_count()),
                    names.var_name(cell)
                )
            };
            let why = Why::new("viewpoint rule 1").named_text(&text);
            ctx.remove(cell, tallest, &why)?;
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        self.view.holds(values)
    }
}

/// Viewpoint rule 2: with the tallest at the n-th cell, the n cells rise towards it.
#[derive(Clone, Debug)]
pub struct RisingToTallest {
    name: String,
    view: View,
}

impl RisingToTallest {
    /// The rule for a clue of at least 2.
    pub fn new(view: View) -> Option<Self> {
        (view.clue >= 2).then(|| RisingToTallest {
            name: format!("viewpoint 2 {}", view.label()),
            view,
        })
    }

    fn explain(&self, names: &Names, position: usize, bound: &str, value: Value) -> String {
        let count = self.view.clue_count();
        format!(
            "{} with the tallest ({}) in the {} cell: the {count} buildings up to it are all seen, so they rise towards it; {} is {bound} {}",
            self.view.describe(),
            names.value_label(self.view.size() as Value - 1),
            ordinal(count),
            names.var_name(self.view.cells[position]),
            names.value_label(value)
        )
    }
}

impl Rule for RisingToTallest {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        let count = self.view.clue_count();
        self.view.cells[..count]
            .iter()
            .enumerate()
            .map(|(position, &var)| {
                let events = if position + 1 == count {
                    Events::ASSIGNED
                } else {
                    Events::BOUNDS
                };
                Watch::new(var, events)
            })
            .collect()
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let count = self.view.clue_count();
        let cells = &self.view.cells;
        let tallest = self.view.size() as Value - 1;
        if ctx.domains().value(cells[count - 1]) != Some(tallest) {
            return Ok(());
        }
        let at_tallest = Fact::Is(cells[count - 1], tallest);
        for position in (0..count - 1).rev() {
            let next_max = ctx.domains().max(cells[position + 1]).unwrap_or(0);
            let Some(bound) = next_max.checked_sub(1) else {
                return Err(ctx.conflict(&Why::new("viewpoint rule 2")));
            };
            let facts = [at_tallest, Fact::AtMost(cells[position + 1], next_max)];
            // Next to the tallest, its value is the bound's only fact.
            let facts = if position + 2 == count {
                &facts[..1]
            } else {
                &facts[..]
            };
            let text = |names: &Names| self.explain(names, position, "at most", bound);
            let why = Why::new("viewpoint rule 2")
                .because(facts)
                .named_text(&text);
            ctx.remove_above(cells[position], bound, &why)?;
        }
        for position in 1..count {
            let previous_min = ctx.domains().min(cells[position - 1]).unwrap_or(0);
            let bound = previous_min + 1;
            let facts = [at_tallest, Fact::AtLeast(cells[position - 1], previous_min)];
            let text = |names: &Names| self.explain(names, position, "at least", bound);
            let why = Why::new("viewpoint rule 2")
                .because(&facts)
                .named_text(&text);
            ctx.remove_below(cells[position], bound, &why)?;
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        self.view.holds(values)
    }
}

/// Viewpoint rule 3: the p-th cell before the n-th holds at most N − n + p.
#[derive(Clone, Debug)]
pub struct NearCellsBound {
    name: String,
    view: View,
}

impl NearCellsBound {
    /// The rule for a clue of at least 2.
    pub fn new(view: View) -> Option<Self> {
        (view.clue >= 2).then(|| NearCellsBound {
            name: format!("viewpoint 3 {}", view.label()),
            view,
        })
    }
}

impl Rule for NearCellsBound {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        watch_all(&self.view, Events::NONE)
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (size, count) = (self.view.size(), self.view.clue_count());
        for position in 0..count - 1 {
            // 1-based position p = position + 1: at most N − n + p, as a value one less.
            let bound = (size - count + position) as Value;
            let cell = self.view.cells[position];
            let text = |names: &Names| {
                format!(
                    "{}: the {} cell, {}, is at most N − {count} + {} = {}, since a taller building there would leave too few taller ones behind it to see {count}",
                    self.view.describe(),
                    ordinal(position + 1),
                    names.var_name(cell),
                    position + 1,
                    names.value_label(bound)
                )
            };
            let why = Why::new("viewpoint rule 3").named_text(&text);
            ctx.remove_above(cell, bound, &why)?;
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        self.view.holds(values)
    }
}

/// Viewpoint rule 4: clue 2 facing clue 1 ⇒ the cell next to the 2 is N − 1.
#[derive(Clone, Debug)]
pub struct OneFacingTwo {
    name: String,
    view: View,
    opposite: View,
}

impl OneFacingTwo {
    /// The rule for a clue of 2 (`view`) whose opposite clue is 1 (`opposite`).
    pub fn new(view: View, opposite: View) -> Option<Self> {
        let facing = view.clue == 2 && opposite.clue == 1 && view.line() == opposite.line();
        facing.then(|| OneFacingTwo {
            name: format!("viewpoint 4 {}", view.label()),
            view,
            opposite,
        })
    }
}

impl Rule for OneFacingTwo {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        watch_all(&self.view, Events::NONE)
    }

    fn cost(&self) -> Cost {
        Cost::Constant
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let size = self.view.size() as Value;
        let cell = self.view.cells[0];
        let text = |names: &Names| {
            format!(
                "{} faces clue 1 {}: the tallest ({}) stands at the far end, so the building next to the 2 is the only other one seen and is the second tallest: {} = {}",
                self.view.describe(),
                self.opposite.place(),
                names.value_label(size - 1),
                names.var_name(cell),
                names.value_label(size - 2)
            )
        };
        let why = Why::new("viewpoint rule 4").named_text(&text);
        ctx.assign(cell, size - 2, &why)?;
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        self.view.holds(values) && self.opposite.holds(values)
    }
}

/// Viewpoint rule 5: counting the buildings surely seen and surely hidden.
#[derive(Clone, Debug)]
pub struct HiddenCount {
    name: String,
    view: View,
}

/// What the candidates' bounds already decide about one line, seen from a clue.
struct Visibility {
    /// The largest candidate of any cell before each position (`None` for the first).
    tallest_before: [Option<Value>; MAX_SIZE],
    /// The largest smallest-candidate of the cells before each position.
    surely_before: [Option<Value>; MAX_SIZE],
    /// Each cell is surely seen: shorter buildings are all it can have in front.
    seen: [bool; MAX_SIZE],
    /// Each cell is surely hidden: a building in front is surely taller.
    hidden: [bool; MAX_SIZE],
}

impl Visibility {
    fn of(view: &View, domains: &Domains) -> Visibility {
        let mut facts = Visibility {
            tallest_before: [None; MAX_SIZE],
            surely_before: [None; MAX_SIZE],
            seen: [false; MAX_SIZE],
            hidden: [false; MAX_SIZE],
        };
        let (mut tallest, mut surely): (Option<Value>, Option<Value>) = (None, None);
        for (position, &var) in view.cells.iter().enumerate() {
            let low = domains.min(var).unwrap_or(0);
            let high = domains.max(var).unwrap_or(0);
            facts.tallest_before[position] = tallest;
            facts.surely_before[position] = surely;
            facts.seen[position] = tallest.is_none_or(|tallest| low > tallest);
            facts.hidden[position] = surely.is_some_and(|surely| high < surely);
            tallest = tallest.max(Some(high));
            surely = surely.max(Some(low));
        }
        facts
    }

    fn count(flags: &[bool]) -> usize {
        flags.iter().filter(|&&flag| flag).count()
    }
}

impl HiddenCount {
    /// The rule for any clue.
    pub fn new(view: View) -> Self {
        HiddenCount {
            name: format!("viewpoint 5 {}", view.label()),
            view,
        }
    }

    /// The line's bounds (`x ≥ min`, `x ≤ max` where they cut the universe): what
    /// decides which buildings are surely seen or hidden. Gathered only when an
    /// observer wants explanations.
    fn line_bounds(&self, ctx: &Context<'_>) -> Vec<Fact> {
        if !ctx.explaining() {
            return Vec::new();
        }
        let domains = ctx.domains();
        let mut bounds = Vec::new();
        for &var in &self.view.cells {
            let (Some(min), Some(max)) = (domains.min(var), domains.max(var)) else {
                continue;
            };
            if min > 0 {
                bounds.push(Fact::AtLeast(var, min));
            }
            if max < *domains.range(var).end() {
                bounds.push(Fact::AtMost(var, max));
            }
        }
        bounds
    }

    /// Every cell not surely seen is hidden: shorter than the tallest possible before it.
    fn all_others_hidden(
        &self,
        ctx: &mut Context<'_>,
        facts: &Visibility,
        bounds: &[Fact],
    ) -> Result<(), Conflict> {
        let size = self.view.size();
        for position in 1..size {
            if facts.seen[position] {
                continue;
            }
            let cell = self.view.cells[position];
            let Some(bound) = facts.tallest_before[position].and_then(|t| t.checked_sub(1)) else {
                return Err(ctx.conflict(&Why::new("viewpoint rule 5")));
            };
            let text = |names: &Names| {
                format!(
                    "{}: {} already, so every other one is hidden; {} must be shorter than a building before it: at most {}",
                    self.view.describe(),
                    buildings(self.view.clue_count(), "surely seen"),
                    names.var_name(cell),
                    names.value_label(bound)
                )
            };
            let why = Why::new("viewpoint rule 5")
                .because(bounds)
                .named_text(&text);
            ctx.remove_above(cell, bound, &why)?;
        }
        self.adjacent_takes_the_highest(ctx, bounds)
    }

    /// With every other building hidden: the adjacent cell's highest height goes
    /// there when no other cell of the line can take it.
    fn adjacent_takes_the_highest(
        &self,
        ctx: &mut Context<'_>,
        bounds: &[Fact],
    ) -> Result<(), Conflict> {
        let cells = &self.view.cells;
        let first = cells[0];
        if ctx.domains().is_assigned(first) {
            return Ok(());
        }
        let Some(highest) = ctx.domains().max(first) else {
            return Ok(());
        };
        if cells[1..]
            .iter()
            .any(|&other| ctx.domains().contains(other, highest))
        {
            return Ok(());
        }
        let text = |names: &Names| {
            format!(
                "{}: every building after the first is hidden, and no other cell of the line can take {}, so the adjacent cell takes it: {} = {}",
                self.view.describe(),
                names.value_label(highest),
                names.var_name(first),
                names.value_label(highest)
            )
        };
        let mut facts = bounds.to_vec();
        if ctx.explaining() {
            facts.extend((cells[1..].iter()).map(|&other| Fact::IsNot(other, highest)));
            facts.push(Fact::AtMost(first, highest));
        }
        let why = Why::new("viewpoint rule 5")
            .because(&facts)
            .named_text(&text);
        ctx.assign(first, highest, &why)?;
        Ok(())
    }

    /// Every cell not surely hidden is seen: taller than every building before it.
    fn all_others_seen(
        &self,
        ctx: &mut Context<'_>,
        facts: &Visibility,
        bounds: &[Fact],
    ) -> Result<(), Conflict> {
        let hidden = self.view.size() - self.view.clue_count();
        for position in 1..self.view.size() {
            if facts.hidden[position] {
                continue;
            }
            let cell = self.view.cells[position];
            let bound = facts.surely_before[position].map_or(0, |surely| surely + 1);
            let text = |names: &Names| {
                format!(
                    "{}: N − {} = {} already, so every other one is seen; {} must be taller than every building before it: at least {}",
                    self.view.describe(),
                    self.view.clue,
                    buildings(hidden, "surely hidden"),
                    names.var_name(cell),
                    names.value_label(bound)
                )
            };
            let why = Why::new("viewpoint rule 5")
                .because(bounds)
                .named_text(&text);
            ctx.remove_below(cell, bound, &why)?;
        }
        Ok(())
    }
}

impl Rule for HiddenCount {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        watch_all(&self.view, Events::REMOVED)
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let facts = Visibility::of(&self.view, ctx.domains());
        let size = self.view.size();
        let seen = Visibility::count(&facts.seen[..size]);
        let hidden = Visibility::count(&facts.hidden[..size]);
        let (wanted_seen, wanted_hidden) = (self.view.clue_count(), size - self.view.clue_count());
        if seen > wanted_seen || hidden > wanted_hidden {
            return Err(ctx.conflict(&Why::new("viewpoint rule 5")));
        }
        let bounds = self.line_bounds(ctx);
        if seen == wanted_seen {
            self.all_others_hidden(ctx, &facts, &bounds)?;
        }
        if hidden == wanted_hidden {
            self.all_others_seen(ctx, &facts, &bounds)?;
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        self.view.holds(values)
    }
}
