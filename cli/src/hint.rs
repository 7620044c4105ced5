//! `sieve <puzzle> hint`: the next deduction, from the weakest tier of the
//! puzzle's rules that makes any (probing above the strongest), in the words of
//! its rule, with the cells it rests on. One tier loop, [`Hinter`], serves every
//! puzzle: the zoo's through [`ZooPuzzle::tiers`], the seed puzzles' (queens,
//! skyscrapers, magic) through their own rule sets; and it serves the replay
//! page too, which shows the same hint for each state of a traced solve.

use std::io::Write;

use sieve::{Domains, Event, Fixpoint, Flow, Model, Observer, Provenance, Record, Schedule, VarId};
use sieve_replay::{Hint, HintStep};

use crate::common::{CliError, Outcome};
use crate::teach::{StepWords, propagate_explained, write_steps};
use crate::zoo::{HintArgs, ZooPuzzle, probe_every_variable};

/// What a hint says when the puzzle has nothing left open.
pub const SOLVED: &str = "already solved";
/// What a hint says when no tier, probing included, deduces anything.
pub const STUCK: &str = "no deduction of any tier applies, probing included: guessing is needed";

/// One tier of rules a hint tries: its name, its model (holding the rules of
/// every weaker tier too) and the puzzle's start state in that model.
pub struct HintTier<'m> {
    /// The name printed in the heading, such as `lines`.
    pub name: &'m str,
    /// The tier's model.
    pub model: &'m Model,
    /// The start state: the givens assigned.
    pub start: Domains,
}

/// The tiers a hint tries, weakest first, and above them probing: a model with the
/// strongest tier's rules and [`sieve::rules::Probing`] over every variable (a
/// model of its own, since rules cannot be taken out of a model).
pub struct Hinter<'m> {
    tiers: Vec<HintTier<'m>>,
}

/// What the tiers find from one state.
pub enum Found {
    /// The first change of the weakest tier that makes one: the tier's place in
    /// [`Hinter`]'s list (probing last) and the change.
    Step(usize, Box<Record>),
    /// Every variable has its value.
    Solved,
    /// No tier, probing included, makes a change: guessing is needed.
    Stuck,
    /// A tier's rules find a contradiction: no solution from this state.
    Contradiction(String),
}

/// One tier's answer to "what is the next deduction?".
enum TierAnswer {
    Step(Box<Record>),
    Nothing,
    Contradiction(String),
}

/// Whether a tier's propagation may stop at its first change.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Propagation {
    /// To its end: a contradiction found after the first change is reported
    /// instead of it (the state has no solution).
    Full,
    /// Stopped at the first change: for a state known to hold a solution, where
    /// no rule can find a contradiction, so the answer is the same, sooner.
    FirstChange,
}

/// Records the changes of a propagation, stopping it at the first one.
struct UntilFirst(Provenance);

impl Observer for UntilFirst {
    fn wants_explanations(&self) -> bool {
        true
    }

    fn on_event(&mut self, event: &Event<'_>) -> Flow {
        self.0.on_event(event);
        match event {
            Event::Change(change) if change.rule.is_some() => Flow::Stop,
            _ => Flow::Continue,
        }
    }
}

/// The first change the rules of `model` make from `start`, in the order of a
/// full propagation (cheaper rules first), or why there is none.
fn first_change(
    model: &Model,
    start: &Domains,
    propagation: Propagation,
) -> Result<TierAnswer, CliError> {
    let (why, end) = match propagation {
        Propagation::Full => {
            let (_, why, end) = propagate_explained(model, start)?;
            (why, end)
        }
        Propagation::FirstChange => {
            let mut state = start.clone();
            let mut until = UntilFirst(Provenance::new());
            let end = sieve::propagate(model, &mut state, Schedule::Priority, Some(&mut until))
                .map_err(CliError::input)?;
            (until.0, end)
        }
    };
    if let Fixpoint::Conflict(conflict) = end {
        let rule = conflict.rule.map_or("the search".to_string(), |rule| {
            model.rule(rule).name().to_string()
        });
        return Ok(TierAnswer::Contradiction(format!(
            "no solution: the rule `{rule}` finds a contradiction ({})",
            conflict.inference
        )));
    }
    Ok(
        match why.records().iter().find(|record| record.rule.is_some()) {
            Some(record) => TierAnswer::Step(Box::new(record.clone())),
            None => TierAnswer::Nothing,
        },
    )
}

/// For each tier, the variable of a traced model that stands for each of the tier's
/// variables: the one at the same place with the same name and values (a stronger
/// tier's helper variables have none).
pub struct StateMap {
    by_tier: Vec<Vec<Option<VarId>>>,
}

impl<'m> Hinter<'m> {
    /// The hinter of `tiers` (weakest first) and `probing` (the strongest tier's
    /// rules with probing added). Errors when there is no tier.
    pub fn new(mut tiers: Vec<HintTier<'m>>, probing: HintTier<'m>) -> Result<Self, CliError> {
        if tiers.is_empty() {
            return Err(CliError::input(
                "the puzzle has no rules to give a hint from",
            ));
        }
        tiers.push(probing);
        Ok(Hinter { tiers })
    }

    /// The hint from the puzzle's start.
    pub fn at_start(&self) -> Result<Found, CliError> {
        let starts: Vec<Domains> = self.tiers.iter().map(|tier| tier.start.clone()).collect();
        self.find(&starts, Propagation::Full)
    }

    /// How the variables of `traced` (the model a trace replays) stand for each
    /// tier's.
    pub fn map_onto(&self, traced: &Model) -> StateMap {
        let by_tier = (self.tiers.iter())
            .map(|tier| {
                (tier.model.vars())
                    .map(|var| {
                        let same = var.index() < traced.num_vars()
                            && tier.model.var_name(var) == traced.var_name(var)
                            && tier.model.range(var).ok() == traced.range(var).ok();
                        same.then_some(var)
                    })
                    .collect()
            })
            .collect();
        StateMap { by_tier }
    }

    /// The hint from `state`, a state of the traced model of `map`: each tier's start
    /// narrowed to the candidates `state` leaves.
    pub fn at_state(
        &self,
        map: &StateMap,
        state: &Domains,
        propagation: Propagation,
    ) -> Result<Found, CliError> {
        let mut starts = Vec::with_capacity(self.tiers.len());
        for (tier, vars) in self.tiers.iter().zip(&map.by_tier) {
            let mut start = tier.start.clone();
            for (var, traced) in vars.iter().enumerate() {
                if let Some(traced) = traced {
                    start.retain(VarId::from_index(var), &state.candidates(*traced));
                }
            }
            if let Some(var) = tier.model.vars().find(|&var| start.is_empty(var)) {
                return Ok(Found::Contradiction(format!(
                    "no solution: {} has no value left",
                    tier.model.var_name(var)
                )));
            }
            starts.push(start);
        }
        self.find(&starts, propagation)
    }

    /// The tiers in order from their `starts`: the first change of the first tier
    /// that makes one, else solved, else probing's first change, else stuck.
    fn find(&self, starts: &[Domains], propagation: Propagation) -> Result<Found, CliError> {
        let last = self.tiers.len() - 1;
        for (index, (tier, start)) in self.tiers.iter().zip(starts).enumerate() {
            // Checked after the tiers, whose rules refuse a full board that breaks
            // them, and before probing.
            if index == last && starts[last].all_assigned() {
                return Ok(Found::Solved);
            }
            match first_change(tier.model, start, propagation)? {
                TierAnswer::Step(record) => return Ok(Found::Step(index, record)),
                TierAnswer::Contradiction(message) => return Ok(Found::Contradiction(message)),
                TierAnswer::Nothing => {}
            }
        }
        Ok(Found::Stuck)
    }

    /// The heading of tier `index`: `tier 2 (corners)`.
    fn heading(&self, index: usize) -> String {
        format!("tier {} ({})", index + 1, self.tiers[index].name)
    }

    /// Write what was found as `sieve <puzzle> hint` does: exit 0, or 1 for a
    /// contradiction.
    pub fn write(&self, found: &Found, out: &mut dyn Write) -> Result<Outcome, CliError> {
        match found {
            Found::Step(index, record) => {
                writeln!(out, "{}:", self.heading(*index))?;
                write_steps(self.tiers[*index].model, &[record], out)?;
            }
            Found::Solved => writeln!(out, "{SOLVED}")?,
            Found::Stuck => writeln!(out, "{STUCK}")?,
            Found::Contradiction(message) => {
                writeln!(out, "{message}")?;
                return Ok(Outcome::Unsolved);
            }
        }
        Ok(Outcome::Success)
    }

    /// What was found as the replay page shows it, with the variables of the traced
    /// model of `map` (a tier's variable without one is left out of the outlines).
    pub fn page_hint(&self, found: &Found, map: &StateMap) -> Hint {
        match found {
            Found::Step(index, record) => {
                let model = self.tiers[*index].model;
                let vars = &map.by_tier[*index];
                let traced = |var: VarId| vars.get(var.index()).copied().flatten();
                let words = StepWords::of(model, record);
                let scope = record.rule.map_or(Vec::new(), |rule| {
                    let watches = model.rule(rule).watches();
                    watches.iter().map(|watch| watch.var).collect()
                });
                let uses = record.facts.iter().map(|fact| fact.var());
                Hint::Step(HintStep {
                    tier: self.heading(*index),
                    rule: words.rule,
                    effect: words.effect,
                    inference: words.inference,
                    text: words.text,
                    because: if words.facts.is_empty() {
                        String::new()
                    } else {
                        format!("because {}", words.facts)
                    },
                    changed: trace_vars([record.var].into_iter(), traced),
                    uses: trace_vars(uses.chain(record.cause.iter().copied()), traced),
                    scope: trace_vars(scope.into_iter(), traced),
                })
            }
            Found::Solved => Hint::Solved {
                message: SOLVED.to_string(),
            },
            Found::Stuck => Hint::Stuck {
                message: STUCK.to_string(),
            },
            Found::Contradiction(message) => Hint::Contradiction {
                message: message.clone(),
            },
        }
    }
}

/// The traced variables of `vars`, each once, ascending.
fn trace_vars(
    vars: impl Iterator<Item = VarId>,
    traced: impl Fn(VarId) -> Option<VarId>,
) -> Vec<usize> {
    let mut out: Vec<usize> = vars.filter_map(traced).map(VarId::index).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The hint tiers of a zoo puzzle: its tiers (weakest first) and the model of the
/// strongest with probing, built once and lent to a [`Hinter`].
pub struct ZooTiers<P: ZooPuzzle> {
    tiers: Vec<crate::zoo::Tier<P::Model>>,
    probing: P::Model,
}

impl<P: ZooPuzzle> ZooTiers<P> {
    /// Build the tiers of `puzzle`.
    pub fn new(puzzle: &P::Puzzle) -> Result<Self, CliError> {
        let tiers = P::tiers(puzzle)?;
        let mut probing = crate::zoo::strongest::<P>(puzzle, false)?;
        probe_every_variable(P::model_mut(&mut probing))?;
        Ok(ZooTiers { tiers, probing })
    }

    /// A hinter over them.
    pub fn hinter(&self) -> Result<Hinter<'_>, CliError> {
        let tiers = (self.tiers.iter())
            .map(|tier| HintTier {
                name: tier.name,
                model: P::model(&tier.model),
                start: P::start(&tier.model),
            })
            .collect();
        let probing = HintTier {
            name: "probing",
            model: P::model(&self.probing),
            start: P::start(&self.probing),
        };
        Hinter::new(tiers, probing)
    }
}

/// `sieve <zoo puzzle> hint ID`: the puzzle's tiers, weakest first.
pub fn zoo_hint<P: ZooPuzzle>(args: &HintArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let puzzle =
        P::parse(&args.id).map_err(|message| CliError::input(format!("the game ID: {message}")))?;
    let tiers = ZooTiers::<P>::new(&puzzle)?;
    let hinter = tiers.hinter()?;
    let found = hinter.at_start()?;
    hinter.write(&found, out)
}
