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
//!
//! A puzzle's lines keep their cells, numbers, names and wording in one
//! [`Lines`] that all their rules share: a rule is a window on it, so
//! posting a line allocates nothing of its own (a line's name, cells,
//! numbers, twins and wording were allocations of their own, freed again
//! when the model was dropped, on every line of every puzzle solved).

use std::ops::Range;
use std::sync::Arc;

use sieve::fast::{WordChanges, Words, bits};
use sieve::{
    Conflict, Consistency, Context, Cost, Deduction, Domains, Events, Names, Rule, Value, VarId,
    Watch, Why,
};

use crate::line::{SHADED, UNSHADED};

/// The longest line the rule takes: its cells are bits of one word.
pub const LONGEST_LINE: usize = 64;

/// The inference every line deduction names.
const INFERENCE: &str = "line";

/// A line's shaded and unshaded cells, a bit a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shading {
    pub(crate) shaded: u64,
    pub(crate) unshaded: u64,
}

/// No cell fixed.
const NOTHING: Shading = Shading {
    shaded: 0,
    unshaded: 0,
};

/// The sentence of a line's deduction, given the line's name.
type LineSentence = dyn Fn(&Names, &Deduction<'_>, &str) -> String + Send + Sync;

/// The lines of one puzzle, as their rules read them: each line's cells,
/// for each cell the other positions of its number, and the line's name,
/// all lines one after another.
pub struct Lines {
    vars: Vec<VarId>,
    twins: Vec<u64>,
    names: String,
    /// Each line's cells in `vars` and `twins`, and its name in `names`.
    spans: Vec<(Range<usize>, Range<usize>)>,
    sentence: Option<Box<LineSentence>>,
    /// Each line's positions whose number comes again in it.
    twinned: Vec<u64>,
    /// Scratch while lines are added: each number's positions in the line
    /// being added (zero between lines), indexed by the number.
    positions: [u64; 256],
}

impl Lines {
    /// No lines yet, with room for `lines` lines of `cells` cells in all.
    pub fn with_capacity(lines: usize, cells: usize) -> Lines {
        Lines {
            vars: Vec::with_capacity(cells),
            twins: Vec::with_capacity(cells),
            // Room for names such as `column 12`.
            names: String::with_capacity(10 * lines),
            spans: Vec::with_capacity(lines),
            twinned: Vec::with_capacity(lines),
            sentence: None,
            positions: [0; 256],
        }
    }

    /// Add the line `name` of `cells`, each a variable (1 unshaded, 0
    /// shaded) and its number; an error past [`LONGEST_LINE`] cells.
    pub fn push(
        &mut self,
        name: &str,
        cells: impl IntoIterator<Item = (VarId, u8)>,
    ) -> Result<(), sieve::Error> {
        let start = self.vars.len();
        let mut numbers = [0u8; LONGEST_LINE];
        let mut length = 0;
        for (var, number) in cells {
            let Some(slot) = numbers.get_mut(length) else {
                self.vars.truncate(start);
                return Err(sieve::Error::InvalidRule {
                    rule: name.to_string(),
                    problem: format!("more than {LONGEST_LINE} cells in a line"),
                });
            };
            *slot = number;
            length += 1;
            self.vars.push(var);
        }
        let numbers = &numbers[..length];
        for (position, &number) in numbers.iter().enumerate() {
            self.positions[usize::from(number)] |= 1 << position;
        }
        let mut twinned = 0;
        for (position, &number) in numbers.iter().enumerate() {
            let twins = self.positions[usize::from(number)] & !(1 << position);
            twinned |= u64::from(twins != 0) << position;
            self.twins.push(twins);
        }
        for &number in numbers {
            self.positions[usize::from(number)] = 0;
        }
        self.twinned.push(twinned);
        let name_span = self.names.len()..self.names.len() + name.len();
        self.names.push_str(name);
        self.spans.push((start..start + length, name_span));
        Ok(())
    }

    /// Word the rules' removals in a puzzle's own sentences, from the
    /// deduction and the line's name.
    pub fn wording(
        mut self,
        say: impl Fn(&Names, &Deduction<'_>, &str) -> String + Send + Sync + 'static,
    ) -> Self {
        self.sentence = Some(Box::new(say));
        self
    }

    /// The rule of each line, in the order added, all sharing these lines.
    pub fn into_rules(self) -> impl Iterator<Item = LineRule> {
        let lines = Arc::new(self);
        (0..lines.spans.len()).map(move |index| {
            let (cells, name) = lines.spans[index].clone();
            let all = u64::MAX
                .checked_shr((LONGEST_LINE - cells.len()) as u32)
                .unwrap_or(0);
            let twinned = lines.twinned[index];
            LineRule {
                lines: Arc::clone(&lines),
                cells,
                name,
                all,
                twinned,
            }
        })
    }
}

/// The rule of one line (see the [module docs](self)).
pub struct LineRule {
    lines: Arc<Lines>,
    /// The line's cells in the shared lines.
    cells: Range<usize>,
    /// The line's name in the shared lines.
    name: Range<usize>,
    /// Every position of the line.
    all: u64,
    /// The positions whose number comes again in the line.
    twinned: u64,
}

impl LineRule {
    /// The rule of the line `name` alone, whose cells are `vars` holding
    /// `numbers` (see [`Lines::push`]); an error too when the lengths
    /// differ.
    pub fn new(name: &str, vars: &[VarId], numbers: &[u8]) -> Result<LineRule, sieve::Error> {
        if vars.len() != numbers.len() {
            return Err(sieve::Error::InvalidRule {
                rule: name.to_string(),
                problem: format!(
                    "{} cells and {} numbers: a line holds one number a cell",
                    vars.len(),
                    numbers.len()
                ),
            });
        }
        let mut lines = Lines::with_capacity(1, vars.len());
        lines.push(name, vars.iter().copied().zip(numbers.iter().copied()))?;
        Ok(lines.into_rules().next().expect("one line"))
    }

    /// The line's cells.
    fn vars(&self) -> &[VarId] {
        &self.lines.vars[self.cells.clone()]
    }

    /// The line's numbers as a run reads them.
    fn numbers(&self) -> Numbers<'_> {
        Numbers {
            twins: &self.lines.twins[self.cells.clone()],
            all: self.all,
            twinned: self.twinned,
        }
    }

    /// The sentence of a removal.
    fn sentence(&self, names: &Names, deduction: &Deduction<'_>) -> String {
        match &self.lines.sentence {
            Some(sentence) => sentence(names, deduction, self.name()),
            None => default_sentence(names, deduction),
        }
    }
}

/// What a run of a line's rule reads of its numbers.
#[derive(Clone, Copy)]
pub(crate) struct Numbers<'a> {
    /// For each position, the other positions of its number.
    pub(crate) twins: &'a [u64],
    /// Every position of the line.
    pub(crate) all: u64,
    /// The positions whose number comes again in the line.
    pub(crate) twinned: u64,
}

impl Numbers<'_> {
    /// `known` with `shaded` and `unshaded` added and all they force
    /// followed; `None` when some cell is forced both ways.
    fn follow(self, known: Shading, shaded: u64, unshaded: u64) -> Option<Shading> {
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
            let mut rest = new_unshaded & self.twinned;
            while rest != 0 {
                twins |= self
                    .twins
                    .get(rest.trailing_zeros() as usize)
                    .copied()
                    .unwrap_or(0);
                rest &= rest - 1;
            }
            new_shaded = twins & !known.shaded;
            new_unshaded = beside & !known.unshaded;
        }
        Some(known)
    }

    /// The cells every shading of the line that agrees with `known` fixes,
    /// trying both states of each open cell; `None` when there is none.
    pub(crate) fn settled(self, known: Shading) -> Option<Shading> {
        let base = self.follow(NOTHING, known.shaded, known.unshaded)?;
        let mut settled = base;
        let open = self.all & !(base.shaded | base.unshaded);
        // States some good shading has, already seen: following one of them
        // alone meets no contradiction either. Unshading a cell whose number
        // is alone in the line forces nothing, nor does shading a cell whose
        // open neighbours are such cells.
        let twinned = self.twinned & open;
        let mut can_shade = base.shaded | open & !(twinned << 1 | twinned >> 1);
        let mut can_unshade = base.unshaded | open & !twinned;
        let mut rest = open & !(can_shade & can_unshade);
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
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
}

/// The cells of `vars` the candidates of `domains` fix.
fn read(domains: &Domains, vars: &[VarId]) -> Shading {
    match domains.single_words() {
        // Each domain a word: one load a cell.
        Some(words) => read_words(vars, |var| words.get(var.index()).copied().unwrap_or(0)),
        None => read_words(vars, |var| domains.word(var)),
    }
}

/// The cells of `vars` fixed by the candidates `word_of` gives (a bit a
/// value).
fn read_words(vars: &[VarId], word_of: impl Fn(VarId) -> u64) -> Shading {
    // Which cells can still be shaded and which unshaded, a bit each.
    let (mut can_shade, mut can_unshade) = (0u64, 0u64);
    for (position, &var) in vars.iter().enumerate() {
        let word = word_of(var);
        can_shade |= (word >> SHADED & 1) << position;
        can_unshade |= (word >> UNSHADED & 1) << position;
    }
    Shading {
        shaded: can_shade & !can_unshade,
        unshaded: can_unshade & !can_shade,
    }
}

/// The engine's sentence of a removal no wording words: `r1c2 cannot be
/// shaded`.
pub(crate) fn default_sentence(names: &Names, deduction: &Deduction<'_>) -> String {
    let var = deduction.var;
    let label = (deduction.value).map_or_else(String::new, |value| names.label_of(var, value));
    format!("{} cannot be {label}", names.var_name(var))
}

/// A rule's removal of one value, with the sentence it makes of it (the
/// line and corner rules both remove so).
pub(crate) struct Removal<'a> {
    /// The inference the deduction names.
    pub(crate) inference: &'static str,
    /// The rule's cells, every one a cause.
    pub(crate) cause: &'a [VarId],
    /// The sentence of the deduction.
    pub(crate) say: &'a dyn Fn(&Names, &Deduction<'_>) -> String,
}

impl Removal<'_> {
    /// Remove each value (one of the first 64) from its variable, in turn.
    /// Unless someone reads the sentences, they go in one call, with no
    /// sentence: a call a removal, each with its own, was a third of the line
    /// rule's instructions on `bench/data/zoo/singles-12x12dk.txt`.
    pub(crate) fn apply_all(
        &self,
        ctx: &mut Context<'_>,
        removals: impl IntoIterator<Item = (VarId, Value)>,
    ) -> Result<(), Conflict> {
        if ctx.explaining() {
            for (var, value) in removals {
                self.apply(ctx, var, value)?;
            }
            return Ok(());
        }
        let why = Why::new(self.inference).cause(self.cause);
        let masks = (removals.into_iter()).map(|(var, value)| (var, 1u64 << value));
        ctx.remove_word_each(masks, &why)
    }

    /// Remove `value` (one of the first 64) from `var`.
    fn apply(&self, ctx: &mut Context<'_>, var: VarId, value: Value) -> Result<bool, Conflict> {
        let text = |names: &Names| {
            let deduction = Deduction {
                inference: self.inference,
                var,
                value: Some(value),
                facts: &[],
            };
            (self.say)(names, &deduction)
        };
        let why = Why::new(self.inference).cause(self.cause).named_text(&text);
        ctx.remove_word(var, 1 << value, &why)
    }
}

impl Rule for LineRule {
    fn name(&self) -> &str {
        &self.lines.names[self.name.clone()]
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(self.vars(), Events::REMOVED)
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
        let vars = self.vars();
        let known = read(ctx.domains(), vars);
        let Some(settled) = self.numbers().settled(known) else {
            return Err(ctx.conflict(&Why::new(INFERENCE).cause(vars)));
        };
        let newly_shaded = settled.shaded & !known.shaded;
        let newly_unshaded = settled.unshaded & !known.unshaded;
        let newly = newly_shaded | newly_unshaded;
        if newly != 0 {
            let removals = bits(newly).map(|position| {
                let shaded = newly_shaded >> position & 1 == 1;
                (
                    vars[position as usize],
                    if shaded { UNSHADED } else { SHADED },
                )
            });
            let say = |names: &Names, deduction: &Deduction<'_>| self.sentence(names, deduction);
            let removal = Removal {
                inference: INFERENCE,
                cause: vars,
                say: &say,
            };
            removal.apply_all(ctx, removals)?;
        }
        if settled.shaded | settled.unshaded == self.all {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let mut shaded = 0u64;
        for (position, var) in self.vars().iter().enumerate() {
            shaded |= u64::from(values[var.index()] == SHADED) << position;
        }
        let unshaded = self.all & !shaded;
        let apart = shaded & shaded >> 1 == 0;
        let twins = self.numbers().twins;
        let once = bits(unshaded).all(|position| twins[position as usize] & unshaded == 0);
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
        let rule = LineRule::new("the line", &vars, numbers).expect("a short line");
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
        assert!(LineRule::new("long", &vars, &[1; 65]).is_err());
        assert!(LineRule::new("short", &vars[..3], &[1, 2]).is_err());
        assert!(LineRule::new("longest", &vars[..64], &[1; 64]).is_ok());
    }
}
