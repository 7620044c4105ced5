//! [`EdgeSides`]: an edge is on the loop exactly when the squares either side
//! of it lie on different sides of it, the deductions of the table of those
//! tuples without the table.
//!
//! Every variable is a boolean, so a run is a few word operations: a value of
//! one variable is possible while the others' values can make it (the edge the
//! squares' difference, a square the other's difference with the edge). A
//! [`sieve::rules::Table`] of the same four (or two) tuples made every
//! puzzle that reaches the inside and the outside build, post and drop 840 of
//! them (a 20×20 one).

use sieve::fast::{WordChanges, Words};
use sieve::{Conflict, Consistency, Context, Cost, Events, Names, Rule, Value, VarId, Watch, Why};
use smallvec::SmallVec;

/// The inference label of every change: the table's, whose deductions these are
/// (a trace reads `[top of r2c3 between its squares: table]` as before).
const INFERENCE: &str = "table";

/// An edge's boolean (1: on the loop) and the "inside" booleans of the
/// squares either side of it: the edge is 1 exactly when they differ. At the
/// border one square only, the outside beyond counting as 0: the edge equals
/// it. Domain consistent, each removal worded as the edge's table worded it.
pub(crate) struct EdgeSides {
    name: String,
    /// The edge, then its one or two squares.
    vars: SmallVec<[VarId; 3]>,
}

impl EdgeSides {
    /// The rule `name` of `edge` between `squares` (one at the border, else
    /// two).
    pub(crate) fn new(name: String, edge: VarId, squares: &[VarId]) -> Self {
        let vars = std::iter::once(edge).chain(squares.iter().copied());
        EdgeSides {
            name,
            vars: vars.collect(),
        }
    }

    /// Keep only the values of `keep` (bit 0: value 0, bit 1: value 1) of the
    /// variable at `index`: one narrowing, or one removal a value with its own
    /// sentence when someone reads them.
    fn narrow(&self, ctx: &mut Context<'_>, index: usize, keep: u64) -> Result<(), Conflict> {
        let var = self.vars[index];
        let others: SmallVec<[VarId; 2]> = (self.vars.iter().copied())
            .filter(|&other| other != var)
            .collect();
        if !ctx.explaining() {
            ctx.keep_word(var, keep, &Why::new(INFERENCE).cause(&others))?;
            return Ok(());
        }
        let gone: SmallVec<[Value; 2]> = (ctx.domains().iter(var))
            .filter(|&value| keep >> value & 1 == 0)
            .collect();
        for value in gone {
            let text = |names: &Names| self.sentence(names, var, value);
            let why = Why::new(INFERENCE).cause(&others).named_text(&text);
            ctx.remove(var, value, &why)?;
        }
        Ok(())
    }

    /// The table's sentence of removing `value` from `var`: every value of
    /// every variable lies in some tuple, so the combinations left are why.
    fn sentence(&self, names: &Names, var: VarId, value: Value) -> String {
        format!(
            "{} cannot be {}: no allowed combination of {} has it with what is left",
            names.var_name(var),
            names.label_of(var, value),
            self.name
        )
    }
}

/// The values `a ^ b` takes for `a` among the values of word `a` and `b` among
/// those of word `b` (booleans: bit 0 the value 0, bit 1 the value 1).
fn differences(a: u64, b: u64) -> u64 {
    let flipped = (b & 1) << 1 | (b >> 1 & 1);
    let mut set = 0;
    if a & 1 != 0 {
        set |= b;
    }
    if a & 2 != 0 {
        set |= flipped;
    }
    set
}

impl Rule for EdgeSides {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    /// The table's class, so that a model reads the deductions in the order
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

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let domains = ctx.domains();
        let held: SmallVec<[u64; 3]> = self.vars.iter().map(|&var| domains.word(var) & 3).collect();
        // Each variable's value is the difference of the other two (the
        // border's missing square a fixed 0).
        let others = |index: usize| {
            let mut rest = (0..held.len()).filter(|&other| other != index);
            let first = rest.next().map_or(1, |other| held[other]);
            let second = rest.next().map_or(1, |other| held[other]);
            differences(first, second)
        };
        let keep: SmallVec<[u64; 3]> = (0..held.len())
            .map(|index| held[index] & others(index))
            .collect();
        if keep.contains(&0) {
            return Err(ctx.conflict(&Why::new(INFERENCE).cause(&self.vars)));
        }
        for (index, (&held, &keep)) in held.iter().zip(&keep).enumerate() {
            if held != keep {
                self.narrow(ctx, index, keep)?;
            }
        }
        // Left open, a variable leaves two of its combinations open and one
        // fails: entailed only once every one is fixed.
        if keep.iter().all(|keep| keep.is_power_of_two()) {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let value = |index: usize| self.vars.get(index).map_or(0, |var| values[var.index()]);
        let booleans = (0..3).all(|index| matches!(value(index), 0 | 1));
        booleans && value(0) == value(1) ^ value(2)
    }
}

#[cfg(test)]
mod tests {
    use sieve::Model;
    use sieve::oracle::check_rule;

    use super::*;

    #[test]
    fn a_run_is_sound_and_domain_consistent_by_brute_force() {
        // An edge between two squares, and one at the border, from every
        // state of their booleans (each 0, 1 or open): the oracle compares the
        // rule's removals, entailment and idempotence with brute force.
        for squares in 1..=2 {
            let mut model = Model::new();
            let vars = model.new_vars(1 + squares, 2);
            let rule = EdgeSides::new("edge".to_string(), vars[0], &vars[1..]);
            model.add_rule(rule).expect("the rule fits");
            for code in 0..3u32.pow(vars.len() as u32) {
                let mut state = model.domains();
                for (index, &var) in vars.iter().enumerate() {
                    match code / 3u32.pow(index as u32) % 3 {
                        0 => state.assign(var, 0).expect("a value"),
                        1 => state.assign(var, 1).expect("a value"),
                        _ => false,
                    };
                }
                let verdict = check_rule(&model, &state, sieve::RuleId::first()).expect("small");
                assert_eq!(verdict, Ok(()), "{squares} squares, state {code}");
            }
        }
    }

    #[test]
    fn the_edge_is_on_exactly_when_its_squares_differ() {
        let mut model = Model::new();
        let vars = model.new_vars(3, 2);
        let rule = EdgeSides::new("edge".to_string(), vars[0], &vars[1..]);
        for code in 0..8 {
            let values: Vec<Value> = (0..3).map(|bit| (code >> bit & 1) as Value).collect();
            let differ = values[1] != values[2];
            assert_eq!(
                rule.holds(&values),
                (values[0] == 1) == differ,
                "{values:?}"
            );
        }
        let border = EdgeSides::new("edge".to_string(), vars[0], &vars[1..2]);
        assert!(border.holds(&[1, 1, 0]) && border.holds(&[0, 0, 1]));
        assert!(!border.holds(&[1, 0, 0]) && !border.holds(&[2, 2, 0]));
    }
}
