//! [`VertexShape`]: what a line does at one vertex, as one variable, tied to the
//! booleans of the vertex's edges.

use smallvec::SmallVec;

use crate::domain::{Value, VarId};
use crate::error::Error;
use crate::fast::{WordChanges, Words};
use crate::names::Names;
use crate::propagation::{Conflict, Consistency, Context, Cost, Events, Posting, Rule, Watch, Why};
use crate::value_set::ValueSet;

/// The inference label of every change.
const INFERENCE: &str = "shape";

/// A vertex's shape variable and its edges' booleans agree: the shape takes only
/// the values of its list, and each edge is 1 exactly when the shape's mask
/// holds the edge's direction, else 0. Domain consistent (inference `"shape"`):
/// the deductions of a [`Table`](crate::rules::Table) of the shapes' tuples,
/// for a fraction of its cost. A grid puzzle posts one a cell, and building and
/// running those tables was a third of solving an easy Tracks ID; here each
/// shape's support is one bit an edge, read in a few word operations.
#[derive(Clone, Debug)]
pub struct VertexShape {
    name: String,
    /// The shape variable, then the edges' booleans.
    vars: SmallVec<[VarId; 5]>,
    /// The value of the shape whose mask is bit 0 of the words below: from
    /// post on, the shape variable's first value when its range fits a word,
    /// so that the masks are bits of its own word.
    base: Value,
    /// The shapes of the list, as bits from `base`.
    listed: u64,
    /// For each edge, the shapes (bits from `base`) that leave along it.
    leaving: SmallVec<[u64; 4]>,
    /// Whether a run may read the domains as words (set at post): the shape
    /// variable's range fits a word, so that the masks above are bits of its
    /// word, and every edge is declared over 0 and 1.
    by_words: bool,
}

/// `mask` (bits from the value `from`) as bits from the value `to`, keeping
/// those that land in one word.
fn rebase(mask: u64, from: Value, to: Value) -> u64 {
    let shift = i64::from(from) - i64::from(to);
    match shift {
        0..=63 => mask << shift,
        -63..=-1 => mask >> -shift,
        _ => 0,
    }
}

impl VertexShape {
    /// `shape` takes the values of `shapes`, each `(value, mask)` with the mask
    /// of the directions it leaves in (one bit a direction), and each edge of
    /// `edges`, `(direction, boolean)`, is 1 exactly when the shape leaves in
    /// its direction. Refused when the values span more than 64 or there is
    /// none.
    pub fn new(
        name: impl Into<String>,
        shape: VarId,
        edges: &[(u8, VarId)],
        shapes: impl IntoIterator<Item = (Value, u8)>,
    ) -> Result<Self, Error> {
        let name = name.into();
        let shapes: SmallVec<[(Value, u8); 8]> = shapes.into_iter().collect();
        let low = shapes.iter().map(|&(value, _)| value).min();
        let high = shapes.iter().map(|&(value, _)| value).max();
        let (Some(base), Some(high)) = (low, high) else {
            return Err(Error::InvalidRule {
                rule: name,
                problem: "no shape".to_string(),
            });
        };
        if i64::from(high) - i64::from(base) >= 64 {
            return Err(Error::InvalidRule {
                rule: name,
                problem: format!("shapes from {base} to {high}, more than 64 values"),
            });
        }
        let bit = |value: Value| 1u64 << (i64::from(value) - i64::from(base));
        let listed = shapes.iter().fold(0, |set, &(value, _)| set | bit(value));
        let leaving = (edges.iter())
            .map(|&(direction, _)| {
                (shapes.iter())
                    .filter(|&&(_, mask)| mask & direction != 0)
                    .fold(0, |set, &(value, _)| set | bit(value))
            })
            .collect();
        let vars = std::iter::once(shape)
            .chain(edges.iter().map(|&(_, edge)| edge))
            .collect();
        Ok(VertexShape {
            name,
            vars,
            base,
            listed,
            leaving,
            by_words: false,
        })
    }

    /// Rebase the masks to the shape variable's own word when its range fits
    /// one and holds every shape of the list (so that the sentences, which say
    /// whether any shape has a value, stay the same), and note whether runs may read the domains as words. Reading
    /// through ranges and value sets was about 890 instructions a run, the
    /// largest single cost of solving an easy Slitherlink (123 M of 638 M,
    /// callgrind, bench/data/zoo/loopy-20x20t0de.txt).
    fn rebase_to_words(&mut self, posting: &Posting<'_>) {
        let shape = posting.range(self.vars[0]);
        let (first, last) = (i64::from(*shape.start()), i64::from(*shape.end()));
        if !(0..64).contains(&(last - first)) {
            return;
        }
        let held = u64::MAX >> (63 - (last - first));
        let from = self.base;
        let rebased = |mask: u64| rebase(mask, from, *shape.start()) & held;
        if rebased(self.listed).count_ones() != self.listed.count_ones() {
            return;
        }
        self.listed = rebased(self.listed);
        self.leaving
            .iter_mut()
            .for_each(|mask| *mask = rebased(*mask));
        self.base = *shape.start();
        self.by_words = (self.vars[1..].iter()).all(|&edge| posting.range(edge) == (0..=1));
    }

    /// Every variable but `var`: the cause of a change to `var`.
    fn others(&self, var: VarId) -> SmallVec<[VarId; 4]> {
        (self.vars.iter().copied())
            .filter(|&other| other != var)
            .collect()
    }

    /// The action when no one reads explanations and the masks are words: the
    /// same deductions, in the same order, with the same causes as
    /// [`VertexShape::narrow`]'s quiet path, each domain read as one word
    /// (an edge's: bit 0 for the value 0, bit 1 for 1).
    fn action_by_words(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let domains = ctx.domains();
        let held = domains.word(self.vars[0]);
        let mut shapes = held & self.listed;
        for (&edge, &leaving) in self.vars[1..].iter().zip(&self.leaving) {
            let values = domains.word(edge);
            let on = if values & 0b10 != 0 { leaving } else { 0 };
            let off = if values & 0b01 != 0 { !leaving } else { 0 };
            shapes &= on | off;
        }
        if shapes == 0 {
            return Err(ctx.conflict(&Why::new(INFERENCE).cause(&self.vars)));
        }
        if held != shapes {
            self.keep_word(ctx, self.vars[0], shapes)?;
        }
        for (&edge, &leaving) in self.vars[1..].iter().zip(&self.leaving) {
            let keep = u64::from(shapes & !leaving != 0) | u64::from(shapes & leaving != 0) << 1;
            if ctx.domains().word(edge) != keep {
                self.keep_word(ctx, edge, keep)?;
            }
        }
        if shapes.is_power_of_two() {
            ctx.declare_entailed();
        }
        Ok(())
    }

    /// Keep only the values of `keep` (bits of its own word) of `var`. The
    /// edges are the shape's cause as they stand, without a copy, unless one
    /// of them is the shape variable itself.
    fn keep_word(&self, ctx: &mut Context<'_>, var: VarId, keep: u64) -> Result<(), Conflict> {
        let edges = &self.vars[1..];
        if var == self.vars[0] && !edges.contains(&var) {
            ctx.keep_word(var, keep, &Why::new(INFERENCE).cause(edges))?;
            return Ok(());
        }
        let others = self.others(var);
        ctx.keep_word(var, keep, &Why::new(INFERENCE).cause(&others))?;
        Ok(())
    }

    /// The shapes the edges still allow, among those the shape variable holds:
    /// an edge that can be 1 keeps the shapes leaving along it, one that can be
    /// 0 those that do not.
    fn supported(&self, ctx: &Context<'_>) -> u64 {
        let domains = ctx.domains();
        let mut shapes = domains.word_from(self.vars[0], i64::from(self.base), 0) & self.listed;
        for (&edge, &leaving) in self.vars[1..].iter().zip(&self.leaving) {
            let values = domains.word_from(edge, 0, 0);
            let on = if values & 0b10 != 0 { leaving } else { 0 };
            let off = if values & 0b01 != 0 { !leaving } else { 0 };
            shapes &= on | off;
        }
        shapes
    }

    /// Keep only the values of `keep` (bits from `base`) of the variable at
    /// `index`: one narrowing, or one removal a value with its own sentence
    /// when someone reads them (`listed`: the bits some shape holds).
    fn narrow(
        &self,
        ctx: &mut Context<'_>,
        index: usize,
        (base, keep, listed): (Value, u64, u64),
    ) -> Result<(), Conflict> {
        let var = self.vars[index];
        let others = self.others(var);
        if !ctx.explaining() {
            let why = Why::new(INFERENCE).cause(&others);
            ctx.retain(var, &ValueSet::from_words(base, &[keep]), &why)?;
            return Ok(());
        }
        let bit = |value: Value| {
            let position = i64::from(value) - i64::from(base);
            let of = |word: u64| (0..64).contains(&position) && word >> position & 1 == 1;
            (of(keep), of(listed))
        };
        let gone: SmallVec<[Value; 8]> = (ctx.domains().iter(var))
            .filter(|&value| !bit(value).0)
            .collect();
        for value in gone {
            let anywhere = bit(value).1;
            let text = |names: &Names| self.sentence(names, (var, value), anywhere);
            let cause = if anywhere { &others[..] } else { &[] };
            let why = Why::new(INFERENCE).cause(cause).named_text(&text);
            ctx.remove(var, value, &why)?;
        }
        Ok(())
    }

    /// The sentence of removing `value` from `var`: `r2c3 cannot be up and down:
    /// no shape of links at r2c3 still possible agrees with it`, or, for a value
    /// no shape has at all (not `anywhere`), `... no shape of links at r2c3 has it`.
    fn sentence(&self, names: &Names, (var, value): (VarId, Value), anywhere: bool) -> String {
        let reason = if anywhere {
            "still possible agrees with it"
        } else {
            "has it"
        };
        format!(
            "{} cannot be {}: no shape of {} {reason}",
            names.var_name(var),
            names.label_of(var, value),
            self.name
        )
    }
}

impl Rule for VertexShape {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    /// The table's class, so that a model reads its deductions in the order
    /// the tables made them.
    fn cost(&self) -> Cost {
        Cost::Quadratic
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn consistency(&self) -> Consistency {
        Consistency::Domain
    }

    fn post(&mut self, posting: &mut Posting<'_>) -> Result<(), Error> {
        self.rebase_to_words(posting);
        Ok(())
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if self.by_words && !ctx.explaining() {
            return self.action_by_words(ctx);
        }
        let shapes = self.supported(ctx);
        if shapes == 0 {
            let others = &self.vars[..];
            return Err(ctx.conflict(&Why::new(INFERENCE).cause(others)));
        }
        let domains = ctx.domains();
        let held = domains.word_from(self.vars[0], i64::from(self.base), 0);
        if held != shapes || domains.count(self.vars[0]) != shapes.count_ones() {
            self.narrow(ctx, 0, (self.base, shapes, self.listed))?;
        }
        for (index, &leaving) in self.leaving.iter().enumerate() {
            let keep = u64::from(shapes & !leaving != 0) | u64::from(shapes & leaving != 0) << 1;
            let edge = self.vars[index + 1];
            let domains = ctx.domains();
            if domains.word_from(edge, 0, 0) != keep || domains.count(edge) != keep.count_ones() {
                let listed = self.listed;
                let either =
                    u64::from(listed & !leaving != 0) | u64::from(listed & leaving != 0) << 1;
                self.narrow(ctx, index + 1, (0, keep, either))?;
            }
        }
        if shapes.is_power_of_two() {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let position = i64::from(values[self.vars[0].index()]) - i64::from(self.base);
        if !(0..64).contains(&position) || self.listed >> position & 1 == 0 {
            return false;
        }
        (self.vars[1..].iter().zip(&self.leaving)).all(|(&edge, &leaving)| {
            let on = leaving >> position & 1;
            i64::from(values[edge.index()]) == on as i64
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Model;
    use crate::rules::testing::{Random, after, assert_sound, candidates, supported};

    /// A random vertex: up to four edges (some over -1..=1, where -1 is neither
    /// 0 nor 1), up to six shapes of random masks with values from -2, and a
    /// random state of the shape and the edges.
    fn random_vertex(random: &mut Random) -> (Model, crate::domain::Domains) {
        let mut model = Model::new();
        let shape = model.new_var_in(-2..=5).expect("a range");
        let edges: Vec<(u8, VarId)> = (0..1 + random.below(4) as u8)
            .map(|edge| {
                let low = -(random.below(2) as Value);
                (1 << edge, model.new_var_in(low..=1).expect("a range"))
            })
            .collect();
        let shapes: Vec<(Value, u8)> = (-2..=5)
            .map(|value| (value, random.below(4), random.below(16) as u8))
            .filter(|&(_, kept, _)| kept != 0)
            .map(|(value, _, mask)| (value, mask))
            .collect();
        let Ok(rule) = VertexShape::new("v", shape, &edges, shapes.clone()) else {
            assert!(shapes.is_empty());
            return random_vertex(random);
        };
        model.add_rule(rule).expect("the rule fits");
        let mut state = model.domains();
        for var in model.vars() {
            let keep = random.below(1 << state.count(var)).max(1);
            let values: Vec<Value> = state.iter(var).collect();
            for (bit, value) in values.into_iter().enumerate() {
                if keep >> bit & 1 == 0 {
                    state.remove(var, value).expect("a value left");
                }
            }
        }
        (model, state)
    }

    #[test]
    fn a_run_keeps_exactly_the_values_of_some_solution() {
        let mut random = Random::new(7);
        for case in 0..2000 {
            let (model, state) = random_vertex(&mut random);
            assert_sound(&model, &state);
            let expected = supported(&model, &state);
            let got = after(&model, &state).map(|state| candidates(&model, &state));
            assert_eq!(got, expected, "case {case}: {state:?}");
        }
    }

    /// Records the variable of each change, asking for explanations or not.
    struct Changes {
        explaining: bool,
        seen: Vec<VarId>,
    }

    impl crate::observe::Observer for Changes {
        fn wants_explanations(&self) -> bool {
            self.explaining
        }

        fn on_event(&mut self, event: &crate::observe::Event<'_>) -> crate::observe::Flow {
            if let crate::observe::Event::Change(change) = event {
                self.seen.push(change.var);
            }
            crate::observe::Flow::Continue
        }
    }

    #[test]
    fn the_word_path_changes_what_the_explained_path_does_in_the_same_order() {
        use crate::ids::RuleId;
        use crate::propagation::{Fixpoint, apply_rule};
        let mut random = Random::new(11);
        for case in 0..2000 {
            let (model, state) = random_vertex(&mut random);
            let run = |explaining: bool| {
                let mut changes = Changes {
                    explaining,
                    seen: Vec::new(),
                };
                let mut after = state.clone();
                let fixpoint = apply_rule(&model, &mut after, RuleId::first(), Some(&mut changes));
                let conflict = matches!(fixpoint.expect("fits"), Fixpoint::Conflict(_));
                (conflict, changes.seen, after)
            };
            let quiet = run(false);
            let explained = run(true);
            assert_eq!(quiet.0, explained.0, "case {case}: {state:?}");
            if !quiet.0 {
                assert_eq!(quiet.2, explained.2, "case {case}: {state:?}");
            }
            // The explained path removes one value a change, the word path
            // narrows a variable at once: the variables come in the same order.
            let mut order = explained.1;
            order.dedup();
            assert_eq!(quiet.1, order, "case {case}: {state:?}");
        }
    }

    #[test]
    fn a_removal_names_the_vertex_and_whether_any_shape_has_the_value() {
        use crate::propagation::{Schedule, propagate};
        use crate::trace::TextTrace;
        // Shapes 0 (no edge) and 2 (the edge right, bit 1); the shape keeps 1
        // and 2, the edge both values: 1 goes (no shape has it), then the edge
        // must be 1.
        let mut model = Model::new();
        let shape = model.new_var_in(0..=2).expect("a range");
        let edge = model.new_var(2);
        let rule = VertexShape::new("links at v0", shape, &[(1, edge)], [(0, 0), (2, 1)]);
        model
            .add_rule(rule.expect("a rule"))
            .expect("the rule fits");
        let mut state = model.domains();
        state.remove(shape, 0).expect("a value left");
        let mut trace = TextTrace::new(&model, Vec::new()).with_wakes(false);
        propagate(&model, &mut state, Schedule::Queue, Some(&mut trace)).expect("fits");
        let text = String::from_utf8(trace.finish().expect("a trace")).expect("utf-8");
        assert_eq!(state.value(edge), Some(1));
        assert!(
            text.contains("x0 cannot be 1: no shape of links at v0 has it"),
            "{text}"
        );
        assert!(
            text.contains("x1 cannot be 0: no shape of links at v0 still possible agrees with it"),
            "{text}"
        );
    }

    #[test]
    fn no_shape_or_too_wide_a_span_is_refused() {
        let mut model = Model::new();
        let shape = model.new_var(2);
        let edge = model.new_var(2);
        assert!(VertexShape::new("v", shape, &[(1, edge)], []).is_err());
        assert!(VertexShape::new("v", shape, &[(1, edge)], [(0, 1), (64, 0)]).is_err());
        assert!(VertexShape::new("v", shape, &[(1, edge)], [(0, 1), (63, 0)]).is_ok());
    }
}
