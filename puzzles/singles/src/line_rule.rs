//! The rule of one Hitori line, on its own: no two shaded cells side by
//! side, and no number unshaded twice; domain consistent on the line, as
//! the line's automaton read by a `Regular` rule was, at a fraction of the
//! cost.
//!
//! Both halves of the rule forbid two cells one state each: two neighbours
//! both shaded, two equal numbers both unshaded. A line is so a set of
//! two-cell clauses (2-SAT), and for those following the forced cells is
//! complete: a cell can be shaded exactly when shading it and following
//! what that forces (its neighbours unshaded, their equal numbers shaded,
//! and on) meets no cell forced both ways. The line is a word or two of
//! bits, each following a few shifts and masks, so a run tries both states
//! of every open cell and removes the ones that fail.
//!
//! The automaton it replaces had to be built for every line of every
//! puzzle and its graph posted; on Tatham's 100 12×12 IDs of
//! `bench/data/zoo/singles-12x12dk.txt` that was 67 M of the solve's
//! 167 M instructions, and its runs another 39 M.

use sieve::{
    Conflict, Consistency, Context, Cost, Deduction, Events, Names, Rule, Value, VarId, Watch, Why,
    Wording,
};

use crate::line::{SHADED, UNSHADED};

/// The longest line the rule takes: its cells are bits of one word.
pub const LONGEST_LINE: usize = 64;

/// A line's shaded and unshaded cells, a bit a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shading {
    shaded: u64,
    unshaded: u64,
}

/// The rule of one line (see the [module docs](self)).
pub struct LineRule {
    name: String,
    vars: Vec<VarId>,
    /// For each position, the other positions of its number.
    twins: Vec<u64>,
    /// Every position of the line.
    all: u64,
    wording: Wording,
}

impl LineRule {
    /// The rule of the line `name` whose cells are `vars` (1 unshaded, 0
    /// shaded), holding `numbers`; an error past [`LONGEST_LINE`] cells or
    /// when the lengths differ.
    pub fn new(
        name: impl Into<String>,
        vars: Vec<VarId>,
        numbers: &[u8],
    ) -> Result<LineRule, sieve::Error> {
        let name = name.into();
        if vars.len() > LONGEST_LINE || vars.len() != numbers.len() {
            let problem = format!(
                "{} cells and {} numbers: a line holds one number a cell, at most {LONGEST_LINE}",
                vars.len(),
                numbers.len()
            );
            return Err(sieve::Error::InvalidRule {
                rule: name,
                problem,
            });
        }
        // Each number's positions, then each position's others of its kind.
        let mut positions = [0u64; 256];
        for (position, &number) in numbers.iter().enumerate() {
            positions[usize::from(number)] |= 1 << position;
        }
        let twins = (numbers.iter().enumerate())
            .map(|(position, &number)| positions[usize::from(number)] & !(1 << position))
            .collect();
        let all = u64::MAX
            .checked_shr((LONGEST_LINE - vars.len()) as u32)
            .unwrap_or(0);
        Ok(LineRule {
            name,
            vars,
            twins,
            all,
            wording: Wording::default(),
        })
    }

    /// Word the rule's removals in a puzzle's own sentences.
    pub fn wording(
        mut self,
        say: impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static,
    ) -> Self {
        self.wording = Wording::new(say);
        self
    }

    /// `known` with `shaded` and `unshaded` added and all they force
    /// followed; `None` when some cell is forced both ways.
    fn follow(&self, known: Shading, shaded: u64, unshaded: u64) -> Option<Shading> {
        let mut known = known;
        let (mut new_shaded, mut new_unshaded) =
            (shaded & !known.shaded, unshaded & !known.unshaded);
        while new_shaded | new_unshaded != 0 {
            known.shaded |= new_shaded;
            known.unshaded |= new_unshaded;
            if known.shaded & known.unshaded != 0 {
                return None;
            }
            let beside = (new_shaded << 1 | new_shaded >> 1) & self.all;
            let mut twins = 0;
            let mut rest = new_unshaded;
            while rest != 0 {
                twins |= self.twins[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            new_shaded = twins & !known.shaded;
            new_unshaded = beside & !known.unshaded;
        }
        Some(known)
    }

    /// The cells the current candidates fix.
    fn read(&self, ctx: &Context<'_>) -> Shading {
        let domains = ctx.domains();
        let mut known = Shading {
            shaded: 0,
            unshaded: 0,
        };
        for (position, &var) in self.vars.iter().enumerate() {
            match domains.value(var) {
                Some(SHADED) => known.shaded |= 1 << position,
                Some(_) => known.unshaded |= 1 << position,
                None => {}
            }
        }
        known
    }

    /// The cells every shading of the line that agrees with `known` fixes,
    /// trying both states of each open cell; `None` when there is none.
    fn settled(&self, known: Shading) -> Option<Shading> {
        let nothing = Shading {
            shaded: 0,
            unshaded: 0,
        };
        let base = self.follow(nothing, known.shaded, known.unshaded)?;
        let mut settled = base;
        // States some good shading has, already seen: following one of them
        // alone meets no contradiction either.
        let mut can_shade = base.shaded;
        let mut can_unshade = base.unshaded;
        let mut open = self.all & !(base.shaded | base.unshaded);
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open &= open - 1;
            if can_shade & bit == 0 {
                match self.follow(base, bit, 0) {
                    Some(reached) => {
                        can_shade |= reached.shaded;
                        can_unshade |= reached.unshaded;
                    }
                    None => settled.unshaded |= bit,
                }
            }
            if can_unshade & bit == 0 {
                match self.follow(base, 0, bit) {
                    Some(reached) => {
                        can_shade |= reached.shaded;
                        can_unshade |= reached.unshaded;
                    }
                    None => settled.shaded |= bit,
                }
            }
        }
        (settled.shaded & settled.unshaded == 0).then_some(settled)
    }

    /// Remove `value` from `var`, with its sentence.
    fn remove(&self, ctx: &mut Context<'_>, var: VarId, value: Value) -> Result<bool, Conflict> {
        let removal = Removal {
            inference: "line",
            cause: &self.vars,
            wording: &self.wording,
        };
        removal.apply(ctx, var, value)
    }
}

/// A rule's removal of one value, with the sentence its wording makes of it
/// (the line and corner rules both remove so).
pub(crate) struct Removal<'a> {
    /// The inference the deduction names.
    pub(crate) inference: &'static str,
    /// The rule's cells, every one a cause.
    pub(crate) cause: &'a [VarId],
    /// The rule's sentences.
    pub(crate) wording: &'a Wording,
}

impl Removal<'_> {
    /// Remove `value` from `var`.
    pub(crate) fn apply(
        &self,
        ctx: &mut Context<'_>,
        var: VarId,
        value: Value,
    ) -> Result<bool, Conflict> {
        let deduction = Deduction {
            inference: self.inference,
            var,
            value: Some(value),
            facts: &[],
        };
        let text = |names: &Names| {
            let default = |names: &Names| {
                let label = names.label_of(var, value);
                format!("{} cannot be {label}", names.var_name(var))
            };
            self.wording.sentence(names, &deduction, default)
        };
        let why = Why::new(self.inference).cause(self.cause).named_text(&text);
        ctx.remove(var, value, &why)
    }
}

impl Rule for LineRule {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    /// A run is a few word operations a cell of one line, as cheap as a
    /// binary rule's: under the `Priority` schedule the lines settle what
    /// they can before the connectivity rule walks the whole grid, which
    /// halved that rule's share of a Hitori solve (16.0 M to 7.7 M
    /// instructions on `bench/data/zoo/singles-12x12dk.txt`).
    fn cost(&self) -> Cost {
        Cost::Constant
    }

    fn idempotent(&self) -> bool {
        // What a run fixes follows from the line and what it read, so a
        // second run finds the same shadings possible.
        true
    }

    fn consistency(&self) -> Consistency {
        Consistency::Domain
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let known = self.read(ctx);
        let Some(settled) = self.settled(known) else {
            return Err(ctx.conflict(&Why::new("line").cause(&self.vars)));
        };
        let newly_shaded = settled.shaded & !known.shaded;
        let newly_unshaded = settled.unshaded & !known.unshaded;
        for (position, &var) in self.vars.iter().enumerate() {
            if newly_shaded >> position & 1 == 1 {
                self.remove(ctx, var, UNSHADED)?;
            } else if newly_unshaded >> position & 1 == 1 {
                self.remove(ctx, var, SHADED)?;
            }
        }
        if settled.shaded | settled.unshaded == self.all {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let mut shaded = 0u64;
        for (position, var) in self.vars.iter().enumerate() {
            shaded |= u64::from(values[var.index()] == SHADED) << position;
        }
        let unshaded = self.all & !shaded;
        let apart = shaded & shaded >> 1 == 0;
        let once = (0..self.vars.len())
            .filter(|&position| unshaded >> position & 1 == 1)
            .all(|position| self.twins[position] & unshaded == 0);
        apart && once
    }
}

#[cfg(test)]
mod tests {
    use sieve::oracle::check_rule;
    use sieve::{Domains, Model, RuleId};

    use super::*;

    /// The line of `length` numbers from 1 to 3 that `code` spells in base 3.
    fn numbers_of(code: u32, length: u32) -> Vec<u8> {
        (0..length)
            .map(|i| (code / 3u32.pow(i) % 3 + 1) as u8)
            .collect()
    }

    /// A model of one line of `numbers`, and its rule.
    fn line_model(numbers: &[u8]) -> (Model, Vec<VarId>, RuleId) {
        let mut model = Model::new();
        let vars = model.new_vars(numbers.len(), 2);
        let rule = LineRule::new("the line", vars.clone(), numbers).expect("a short line");
        let rule = model.add_rule(rule).expect("the line's cells");
        (model, vars, rule)
    }

    /// The start state narrowed as `code` says (a base-3 digit a cell:
    /// open, shaded, unshaded).
    fn narrowed(model: &Model, vars: &[VarId], code: u32) -> Domains {
        let mut state = model.domains();
        for (index, &var) in vars.iter().enumerate() {
            match code / 3u32.pow(index as u32) % 3 {
                1 => state.assign(var, SHADED).expect("a value"),
                2 => state.assign(var, UNSHADED).expect("a value"),
                _ => false,
            };
        }
        state
    }

    #[test]
    fn the_rule_is_sound_and_domain_consistent_on_every_small_line() {
        // Every line of up to 6 numbers from 1 to 3, from every state of
        // its cells: the oracle compares the rule's removals with brute
        // force, and its claim of domain consistency and idempotence.
        for length in 1..=6u32 {
            for numbers_code in 0..3u32.pow(length) {
                let numbers = numbers_of(numbers_code, length);
                let (model, vars, rule) = line_model(&numbers);
                for code in 0..3u32.pow(length) {
                    let state = narrowed(&model, &vars, code);
                    let verdict = check_rule(&model, &state, rule).expect("small");
                    assert_eq!(verdict, Ok(()), "{numbers:?} {code}");
                }
            }
        }
    }

    #[test]
    fn the_rule_holds_exactly_where_the_lines_automaton_accepts() {
        // The oracle reads the rule's meaning from `holds`: check it
        // against the automaton, which its own tests check directly.
        for length in 1..=7u32 {
            for numbers_code in 0..3u32.pow(length) {
                let numbers = numbers_of(numbers_code, length);
                let (model, vars, rule) = line_model(&numbers);
                let automaton = crate::line::line_automaton(&numbers, 10_000).expect("small");
                for bits in 0u32..1 << length {
                    let word: Vec<Value> = (0..length).map(|i| (bits >> i & 1) as Value).collect();
                    let mut values = vec![0; vars.len()];
                    for (&var, &value) in vars.iter().zip(&word) {
                        values[var.index()] = value;
                    }
                    assert_eq!(
                        model.rule(rule).holds(&values),
                        automaton.accepts(&word),
                        "{numbers:?} {word:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_line_too_long_or_of_other_lengths_is_an_error() {
        let mut model = Model::new();
        let vars = model.new_vars(65, 2);
        assert!(LineRule::new("long", vars.clone(), &[1; 65]).is_err());
        assert!(LineRule::new("short", vars[..3].to_vec(), &[1, 2]).is_err());
        assert!(LineRule::new("longest", vars[..64].to_vec(), &[1; 64]).is_ok());
    }
}
