//! The search annotations (`int_search`, `bool_search`, `seq_search`) as a
//! [`Brancher`]: phases in order, each with its variable selection and value
//! choice; the variables no phase names come last, fewest values first.
//!
//! `indomain_split` and `indomain_reverse_split` halve a domain in Gecode; the
//! engine branches `x = v` / `x ≠ v` on a bitset, so there they are
//! approximated by `indomain_min` and `indomain_max` (the same side first, a
//! different tree). `indomain_median` and `indomain_middle` try the middle
//! candidate.
//!
//! On an interval (a domain of more than [`crate::MAX_DOMAIN`] values, bounds
//! only) the engine branches `x ≤ v` / `x > v` (`x = v` / `x < v` at the
//! largest; see `sieve::branch::Brancher`), so every choice narrows and
//! terminates: `indomain_min` is `x = min` / `x > min`, `indomain_max`
//! `x = max` / `x < max`, `indomain_split` Gecode's own halving `x ≤ (min +
//! max) / 2` first, `indomain_reverse_split` the largest value first,
//! `indomain_median`/`indomain_middle` the same halving and
//! `indomain_random` a split at a value drawn between the bounds. Each value
//! is computed from the bounds, never by walking the interval.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sieve::branch::{BranchState, Brancher};
use sieve::{RuleId, Value, VarId};

use crate::ast::{Annotation, Expr};
use crate::error::Error;
use crate::translate::{Arg, Translator};

/// Which open variable of a phase to decide next.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum VarSelection {
    /// The first open one.
    InputOrder,
    /// The one with the fewest candidates.
    FirstFail,
    /// The one with the most candidates.
    AntiFirstFail,
    /// The one with the smallest candidate.
    Smallest,
    /// The one with the largest candidate.
    Largest,
    /// Fewest candidates for the weighted degree (weights: conflicts per rule).
    DomWdeg,
    /// The one watched by the most rules.
    Occurrence,
}

/// Which value of the chosen variable to try first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ValueChoice {
    /// The smallest.
    Min,
    /// `indomain_split`: the smallest on a bitset (approximated), the middle
    /// of the bounds on an interval (an exact halving).
    Split,
    /// The largest (also `indomain_reverse_split`, approximated).
    Max,
    /// The middle candidate.
    Middle,
    /// A random candidate (seeded).
    Random,
}

/// One `int_search` or `bool_search`.
#[derive(Clone, Debug)]
pub struct Phase {
    /// Its variables, in the annotation's order.
    pub vars: Vec<VarId>,
    /// How it picks a variable.
    pub selection: VarSelection,
    /// How it picks a value.
    pub choice: ValueChoice,
}

/// The phases of a solve item's annotations (unknown annotations are ignored,
/// as the FlatZinc specification allows).
pub(crate) fn phases(t: &mut Translator, annotations: &[Annotation]) -> Result<Vec<Phase>, Error> {
    let mut out = Vec::new();
    for annotation in annotations {
        gather(t, annotation, &mut out)?;
    }
    Ok(out)
}

fn gather(t: &mut Translator, annotation: &Annotation, out: &mut Vec<Phase>) -> Result<(), Error> {
    match annotation.name.as_str() {
        "seq_search" => {
            let Some(Expr::Array(items)) = annotation.args.first() else {
                return Err(t.invalid("`seq_search` needs an array of searches"));
            };
            for item in items {
                if let Expr::Call(inner) = item {
                    gather(t, inner, out)?;
                }
            }
            Ok(())
        }
        "int_search" | "bool_search" => {
            let [vars, selection, choice, ..] = annotation.args.as_slice() else {
                return Err(t.invalid(format!(
                    "`{}` needs variables, a selection and a choice",
                    annotation.name
                )));
            };
            let vars = match t.resolve(vars)? {
                Arg::Array(items) => items
                    .iter()
                    .filter(|item| matches!(item, Arg::Var(_)))
                    .map(|item| t.var_of(item))
                    .collect::<Result<_, _>>()?,
                single @ Arg::Var(_) => vec![t.var_of(&single)?],
                _ => Vec::new(),
            };
            out.push(Phase {
                vars,
                selection: selection_of(selection),
                choice: choice_of(choice),
            });
            Ok(())
        }
        _ => Ok(()),
    }
}

fn word(expr: &Expr) -> &str {
    match expr {
        Expr::Ident(name) => name,
        Expr::Call(call) => &call.name,
        _ => "",
    }
}

fn selection_of(expr: &Expr) -> VarSelection {
    match word(expr) {
        "first_fail" | "most_constrained" => VarSelection::FirstFail,
        "anti_first_fail" => VarSelection::AntiFirstFail,
        "smallest" => VarSelection::Smallest,
        "largest" => VarSelection::Largest,
        "dom_w_deg" => VarSelection::DomWdeg,
        "occurrence" => VarSelection::Occurrence,
        _ => VarSelection::InputOrder,
    }
}

fn choice_of(expr: &Expr) -> ValueChoice {
    match word(expr) {
        "indomain_max" | "indomain_reverse_split" => ValueChoice::Max,
        "indomain_median" | "indomain_middle" => ValueChoice::Middle,
        "indomain_random" => ValueChoice::Random,
        "indomain_split" => ValueChoice::Split,
        _ => ValueChoice::Min,
    }
}

/// The annotations' phases as a brancher (see the [module docs](self)).
pub struct AnnotatedSearch {
    phases: Vec<Phase>,
    /// The value choice of the variable last selected.
    pending: ValueChoice,
    weights: Vec<u64>,
    seed: u64,
    random: ChaCha8Rng,
}

impl AnnotatedSearch {
    /// The phases, then every other variable by fewest values; `seed` drives
    /// `indomain_random`; `rules` is the model's number of rules (dom/wdeg).
    pub fn new(phases: Vec<Phase>, rules: usize, seed: u64) -> Self {
        AnnotatedSearch {
            phases,
            pending: ValueChoice::Min,
            weights: vec![1; rules],
            seed,
            random: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    fn select(&self, phase: &Phase, state: &BranchState<'_>) -> Option<VarId> {
        let domains = state.domains();
        let mut open = phase
            .vars
            .iter()
            .copied()
            .filter(|&var| domains.count(var) > 1);
        let degree = |var: VarId| -> u64 {
            state
                .rules_watching(var)
                .map(|rule| self.weights[rule.index()])
                .sum()
        };
        match phase.selection {
            VarSelection::InputOrder => open.next(),
            VarSelection::FirstFail => open.min_by_key(|&var| domains.count(var)),
            VarSelection::AntiFirstFail => open.first_max_by_key(|var| domains.count(var)),
            VarSelection::Smallest => open.min_by_key(|&var| domains.min(var)),
            VarSelection::Largest => open.first_max_by_key(|var| domains.max(var)),
            VarSelection::Occurrence => {
                open.first_max_by_key(|var| state.rules_watching(var).count())
            }
            VarSelection::DomWdeg => open.min_by(|&a, &b| {
                let score = |var: VarId| f64::from(domains.count(var)) / degree(var).max(1) as f64;
                score(a).total_cmp(&score(b))
            }),
        }
    }
}

/// `max_by_key` that keeps the first of equal maxima (the standard one keeps the last).
trait FirstMax: Iterator<Item = VarId> + Sized {
    fn first_max_by_key<K: Ord>(self, key: impl Fn(VarId) -> K) -> Option<VarId> {
        let mut best: Option<(K, VarId)> = None;
        for var in self {
            let k = key(var);
            if best.as_ref().is_none_or(|(top, _)| k > *top) {
                best = Some((k, var));
            }
        }
        best.map(|(_, var)| var)
    }
}

impl<I: Iterator<Item = VarId>> FirstMax for I {}

impl AnnotatedSearch {
    /// The value to split an interval at, from its bounds (see the module
    /// docs): the search decides `x ≤ v` / `x > v` there.
    fn interval_value(&mut self, state: &BranchState<'_>, var: VarId) -> Value {
        let domains = state.domains();
        let (low, high) = (domains.min(var), domains.max(var));
        let (low, high) = low.zip(high).expect("an open variable has bounds");
        let middle = (i64::from(low) + i64::from(high)).div_euclid(2) as Value;
        match self.pending {
            ValueChoice::Min => low,
            ValueChoice::Max => high,
            ValueChoice::Split | ValueChoice::Middle => middle,
            ValueChoice::Random => self.random.random_range(low..=high),
        }
    }
}

impl Brancher for AnnotatedSearch {
    fn select_var(&mut self, state: &BranchState<'_>) -> Option<VarId> {
        for phase in &self.phases {
            if let Some(var) = self.select(phase, state) {
                self.pending = phase.choice;
                return Some(var);
            }
        }
        self.pending = ValueChoice::Min;
        state.fewest_values()
    }

    fn select_value(&mut self, state: &BranchState<'_>, var: VarId) -> Value {
        let domains = state.domains();
        if domains.is_bounds(var) {
            return self.interval_value(state, var);
        }
        let count = domains.count(var);
        let nth = match self.pending {
            ValueChoice::Min | ValueChoice::Split => 0,
            ValueChoice::Max => count - 1,
            ValueChoice::Middle => (count - 1) / 2,
            ValueChoice::Random => self.random.random_range(0..count),
        };
        (domains.iter(var).nth(nth as usize)).expect("an open variable has that many candidates")
    }

    fn on_conflict(&mut self, rule: Option<RuleId>) {
        if let Some(weight) = rule.and_then(|rule| self.weights.get_mut(rule.index())) {
            *weight += 1;
        }
    }

    fn reset(&mut self) {
        self.weights.fill(1);
        self.random = ChaCha8Rng::seed_from_u64(self.seed);
    }
}
