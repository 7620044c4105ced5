//! Regular: the values of a sequence of variables, read in order, form a word that
//! a deterministic finite automaton accepts (nonogram lines, patterns of shifts,
//! "no three in a row").
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::rules::Automaton;
//!
//! // A nonogram row of 5 cells (0 empty, 1 filled) with the clue [3]: wherever the
//! // run lies, it covers the middle cell.
//! let mut model = Model::new();
//! let row = model.new_vars(5, 2);
//! model.add_rule(Regular::new("row 1", row.clone(), Automaton::runs(&[3], 0, 1)?))?;
//! let mut state = model.domains();
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert_eq!(state.value(row[2]), Some(1));
//! assert_eq!(state.count(row[0]), 2);
//! assert_eq!(Search::new(&model, Config::default())?.count(None).solutions, 3);
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! # How values are filtered
//!
//! Pesant's layered graph (CP 2004): layer `i` holds the automaton's states before
//! position `i`, and each candidate `v` of variable `i` is an edge from a state `q`
//! of layer `i` to its successor on `v` in layer `i + 1`. A forward sweep keeps the
//! states the start reaches, a backward sweep those that still reach an accepting
//! state; a candidate stays only when some edge it labels joins two states kept,
//! that is when some accepted word through what is left uses it (domain
//! consistency, inference `"regular"`). A run costs the number of edges out of
//! the states kept: positions × live states × transitions per state.
//!
//! For an automaton of at most 64 states whose values move states by few
//! distances (a nonogram clue's 0 or 1, most counting automata), the graph is
//! kept between runs as reversible state ([`crate::Posting::bitset`]), a word a
//! layer read a whole layer at a time with masks and shifts: each layer's live
//! states, each position's candidates when the rule last looked, and the
//! positions where some live state still has a candidate leading off the live
//! states. It starts as the graph over the declared ranges, built when the rule
//! is posted. A run compares the candidates with those it saw and repairs the
//! layers only around the positions that changed, forward while a next layer
//! loses states and backward while a layer before does. On Tatham's 100
//! nonograms of 30×30 the rule's runs went from 1,592 M to 366 M instructions
//! (`bench/README.md`). An automaton of more than 64 states (or whose values
//! move states by many distances) is kept unfolded over the positions (its
//! states numbered within each layer, each layer a few words), built once for
//! all the rules of a model that share copies of one automaton over the same
//! ranges, from the fourth such rule on: a Binairo line of 16 counts its 0s and
//! 1s in 325 states, and on 100 IDs of 16×16 the runs and posts of its 32
//! lines went from 255 M to 181 M instructions. Other rules, values spanning more
//! than 64, and a rule built with [`Regular::recompute_layers`] are swept whole
//! at every run, keeping nothing: unfolding costs about one sweep, which a
//! rule of its own, run two to five times, did not earn back.
//!
//! A nonogram clue ([`Automaton::runs`]) over a line of at most 63 cells whose
//! values lie between its empty and filled value skips the graph: the line is
//! one word and each run's possible starts are one word, swept from both ends
//! with masks and shifts (a few dozen operations a run of the clue), with the
//! same domain consistency and nothing built at post or kept between runs. On
//! 100 nonograms of 30×30 the whole process went from 592.6 M to 270.4 M
//! instructions (the kept graph's runs cost about 8,000 instructions each and
//! its post about 12,000 a line).
//!
//! The rule is entailed when every word left is accepted: no position is left
//! where a live state has a candidate that leads off the live states. Sentences
//! speak of runs for [`Automaton::runs`] ("r2c5 cannot be filled: no arrangement
//! of the runs 3 1 2 that agrees with what is left puts a filled cell there") and
//! can be a puzzle's own ([`Regular::wording`]).

mod automaton;
mod kept;
mod layers;
mod runs;
mod seen;
mod shifts;
mod unfolded;

use crate::domain::{Domains, Value, VarId};
use crate::names::Names;
use crate::propagation::{Conflict, Consistency, Context, Cost, Events, Posting, Rule, Watch, Why};
use crate::rules::wording::{Deduction, Wording};

pub use automaton::Automaton;
use kept::Kept;
use layers::Layers;
use runs::RunsLine;
use seen::Seen;
use unfolded::Unfolded;

/// How a posted rule keeps its graph between runs.
#[derive(Clone, Debug)]
enum KeptGraph {
    /// A word a layer, read a whole layer at a time.
    Shifts(Kept),
    /// Any automaton, unfolded over the positions.
    Unfolded(Unfolded),
    /// A nonogram clue over a line of at most 63 cells, a bit a cell; nothing
    /// kept between runs.
    Runs(RunsLine),
}

/// The variables, in order, spell a word the automaton accepts; domain consistent
/// (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct Regular {
    name: String,
    vars: Vec<VarId>,
    automaton: Automaton,
    /// Whether to keep the layered graph between runs.
    keep_layers: bool,
    /// Whether to unfold an automaton of more than 64 states even when no
    /// other rule shares it (tests reach that path through it).
    unfold_always: bool,
    /// The kept graph's state and tables, once posted (unless swept whole).
    kept: Option<KeptGraph>,
    wording: Wording,
}

impl Regular {
    /// The values of `vars`, in order, form a word `automaton` accepts.
    pub fn new(name: impl Into<String>, vars: Vec<VarId>, automaton: Automaton) -> Self {
        Regular {
            name: name.into(),
            vars,
            automaton,
            keep_layers: true,
            unfold_always: false,
            kept: None,
            wording: Wording::default(),
        }
    }

    /// Sweep the whole graph at every run, keeping no state between runs (the
    /// same filtering; for measuring what the kept graph buys).
    pub fn recompute_layers(mut self) -> Self {
        self.keep_layers = false;
        self
    }

    /// Unfold the graph of an automaton of more than 64 states even when no
    /// other rule of the model shares it (for tests of that path).
    #[cfg(test)]
    pub(crate) fn unfold_always(mut self) -> Self {
        self.unfold_always = true;
        self
    }

    /// Word the rule's changes in a puzzle's own sentences (see [`Wording`]).
    pub fn wording(
        mut self,
        say: impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static,
    ) -> Self {
        self.wording = Wording::new(say);
        self
    }

    /// The variables, in order.
    pub fn vars(&self) -> &[VarId] {
        &self.vars
    }

    /// The automaton.
    pub fn automaton(&self) -> &Automaton {
        &self.automaton
    }

    /// The window of values the sweep marks: from the smallest first value of the
    /// variables, in words enough for the largest last value.
    fn window(&self, domains: &Domains) -> (Value, usize) {
        let ranges = || self.vars.iter().map(|&var| domains.range(var));
        let first = ranges().map(|range| *range.start()).min().unwrap_or(0);
        let last = ranges().map(|range| *range.end()).max().unwrap_or(first);
        let span = (i64::from(last) - i64::from(first) + 1).max(0) as usize;
        (first, span.div_ceil(64))
    }

    /// The conflict of no accepted word left.
    fn conflict(&self, ctx: &Context<'_>) -> Conflict {
        ctx.conflict(&Why::new("regular").cause(&self.vars))
    }

    /// One run over the whole graph, keeping nothing.
    fn sweep(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let domains = ctx.domains();
        let window = self.window(domains);
        let Some(layers) = Layers::sweep(&self.automaton, &self.vars, domains, window) else {
            return Err(self.conflict(ctx));
        };
        if layers.complete() || self.prune(ctx, &layers)? {
            ctx.declare_entailed();
        }
        Ok(())
    }

    /// Remove the candidates no accepted word uses; `Ok(true)` when every variable
    /// is fixed afterwards.
    fn prune(&self, ctx: &mut Context<'_>, layers: &Layers) -> Result<bool, Conflict> {
        let mut fixed = true;
        for (position, &var) in self.vars.iter().enumerate() {
            if let Some(unsupported) = layers.unsupported(position) {
                for bit in crate::fast::bits(unsupported) {
                    self.remove(ctx, var, layers.value(bit))?;
                }
                fixed &= ctx.domains().is_assigned(var);
                continue;
            }
            let domains = ctx.domains();
            let mut unsupported = domains
                .iter(var)
                .filter(|&value| !layers.supports(position, value))
                .peekable();
            if unsupported.peek().is_none() {
                fixed &= domains.is_assigned(var);
                continue;
            }
            let unsupported: Vec<Value> = unsupported.collect();
            for value in unsupported {
                self.remove(ctx, var, value)?;
            }
            fixed &= ctx.domains().is_assigned(var);
        }
        Ok(fixed)
    }

    /// Remove `value` from `var`, with its sentence.
    fn remove(&self, ctx: &mut Context<'_>, var: VarId, value: Value) -> Result<bool, Conflict> {
        let deduction = Deduction {
            inference: "regular",
            var,
            value: Some(value),
            facts: &[],
        };
        let text = |names: &Names| {
            let default = |names: &Names| self.explain(names, var, value);
            self.wording.sentence(names, &deduction, default)
        };
        let why = Why::new("regular").cause(&self.vars).named_text(&text);
        ctx.remove(var, value, &why)
    }

    /// The default sentence of removing `value` from `var`.
    fn explain(&self, names: &Names, var: VarId, value: Value) -> String {
        let cell = names.var_name(var);
        let Some(runs) = self.automaton.described_runs() else {
            let label = names.label_of(var, value);
            return format!(
                "{cell} cannot be {label}: no sequence {} accepts agrees with what is left \
                 and has {label} there",
                self.name
            );
        };
        let clue: Vec<String> = runs.clue.iter().map(usize::to_string).collect();
        let clue = clue.join(" ");
        if runs.clue.is_empty() {
            format!("{cell} cannot be filled: {} has no filled cells", self.name)
        } else if value == runs.filled {
            format!(
                "{cell} cannot be filled: no arrangement of the runs {clue} that agrees with \
                 what is left puts a filled cell there"
            )
        } else if value == runs.empty {
            format!(
                "{cell} cannot be empty: every arrangement of the runs {clue} that agrees with \
                 what is left fills it"
            )
        } else {
            let label = names.label_of(var, value);
            format!("{cell} cannot be {label}: a cell of the runs {clue} is filled or empty")
        }
    }
}

impl Rule for Regular {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Cost::Quadratic
    }

    fn idempotent(&self) -> bool {
        // Every value kept lies on an accepted word, whose values are all kept.
        true
    }

    fn consistency(&self) -> Consistency {
        Consistency::Domain
    }

    fn post(&mut self, posting: &mut Posting<'_>) -> Result<(), crate::Error> {
        if !self.keep_layers {
            return Ok(());
        }
        let runs = self.automaton.described_runs();
        if let Some(line) = runs.and_then(|runs| RunsLine::new(runs, &self.vars, posting)) {
            self.kept = Some(KeptGraph::Runs(line));
            return Ok(());
        }
        let Some((seen, ranges)) = Seen::new(&self.vars, posting) else {
            return Ok(());
        };
        let automaton = &self.automaton;
        self.kept = match Kept::new(automaton, seen.clone(), &ranges, posting) {
            Some(kept) => Some(KeptGraph::Shifts(kept)),
            None => Unfolded::new(automaton, seen, &ranges, posting, self.unfold_always)
                .map(KeptGraph::Unfolded),
        };
        Ok(())
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        match &self.kept {
            Some(KeptGraph::Shifts(kept)) => seen::run(kept, self, ctx),
            Some(KeptGraph::Unfolded(unfolded)) => seen::run(unfolded, self, ctx),
            Some(KeptGraph::Runs(line)) => line.run(self, ctx),
            None => self.sweep(ctx),
        }
    }

    fn holds(&self, values: &[Value]) -> bool {
        let word: Vec<Value> = self.vars.iter().map(|var| values[var.index()]).collect();
        self.automaton.accepts(&word)
    }
}

#[cfg(test)]
mod tests;
