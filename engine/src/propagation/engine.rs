//! Propagation to a fixpoint under a pluggable [`Schedule`]: the run loop.
//!
//! Rules may only remove candidates: the [`Context`] handed to an action has no way
//! to add one back. Every domain is finite, so every schedule reaches a fixpoint after
//! at most as many changing rule runs as there are candidates: a rule set cannot make
//! propagation go round forever.

use std::time::Instant;

use crate::domain::Domains;
use crate::error::Error;
use crate::ids::{RuleId, Value, VarId};
use crate::model::{Model, Watchers};
use crate::observe::{Event, Flow, Observer};
use crate::propagation::conflict::Conflict;
use crate::propagation::context::{Context, reborrow};
use crate::propagation::queue::Queues;
use crate::propagation::trail::Trail;
use crate::search::Cut;

/// The order in which woken rules run.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Schedule {
    /// Apply every rule in order until a full pass changes nothing: the sources' way.
    Sweep,
    /// First in, first out: only the rules woken by changed variables, each at most
    /// once in the queue.
    #[default]
    Queue,
    /// One queue per [`Cost`] class; cheaper rules run first.
    Priority,
}

impl Schedule {
    /// Every schedule, for strategy matrices.
    pub const ALL: [Schedule; 3] = [Schedule::Sweep, Schedule::Queue, Schedule::Priority];
}

/// How a propagation ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fixpoint {
    /// No rule can remove anything more.
    Reached,
    /// A rule found a contradiction: the state has no solution.
    Conflict(Conflict),
    /// The observer asked to stop.
    Stopped,
}

/// How an engine run ended, as the search reads it: the conflict itself waits in
/// the engine (see [`Engine::fixpoint`]), so that the hot path passes one small
/// value around.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Ending {
    Reached,
    Conflict { rule: Option<RuleId> },
    Stopped,
}

/// Propagate `domains` to a fixpoint with every rule of `model`.
///
/// ```
/// use sieve::prelude::*;
/// let mut model = Model::new();
/// let cells = model.new_vars(3, 3);
/// model.add_rule(AllDifferent::new("row", cells.clone())).unwrap();
/// let mut state = model.domains();
/// state.assign(cells[0], 0).unwrap();
/// state.assign(cells[1], 1).unwrap();
/// let end = propagate(&model, &mut state, Schedule::Queue, None).unwrap();
/// assert_eq!(end, Fixpoint::Reached);
/// assert_eq!(state.value(cells[2]), Some(2));
/// ```
pub fn propagate(
    model: &Model,
    domains: &mut Domains,
    schedule: Schedule,
    mut observer: Option<&mut dyn Observer>,
) -> Result<Fixpoint, Error> {
    model.adopt_state(domains)?;
    let mut engine = Engine::new(model, schedule);
    let ending = engine.propagate_all(domains, &mut observer, 0);
    Ok(engine.fixpoint(ending))
}

/// Run one rule's action once on `domains`, without waking any other rule: one step
/// of a worked solution, and the unit the oracle checks.
pub fn apply_rule(
    model: &Model,
    domains: &mut Domains,
    rule: RuleId,
    mut observer: Option<&mut dyn Observer>,
) -> Result<Fixpoint, Error> {
    model.adopt_state(domains)?;
    let mut engine = Engine::new(model, Schedule::Queue);
    Ok(engine.apply_alone(rule, domains, &mut observer).0)
}

/// The queues, trail and counters shared by every rule run.
pub(crate) struct Core {
    pub(crate) schedule: Schedule,
    pub(crate) queues: Queues,
    /// Per rule: whether it is idempotent, so not woken by its own changes.
    pub(crate) idempotent: Vec<bool>,
    pub(crate) trail: Trail,
    pub(crate) propagations: u64,
    pub(crate) changes: u64,
    pub(crate) stop: bool,
    /// When a search must end: read every [`CLOCK_EVERY`] rule runs, so that a
    /// long propagation (a big puzzle's node) stops near its time limit too.
    pub(crate) deadline: Option<Instant>,
    /// The run stopped because the deadline passed.
    pub(crate) timed_out: bool,
    /// Where the entailment flags start in the model's states.
    pub(crate) entailment_offset: usize,
    /// The decision depth of the current run, for the observer's events.
    pub(crate) depth: usize,
}

/// How many rule runs pass between two readings of the clock: a reading costs
/// about as much as a cheap rule run, so 64 keep it under 2 % and a run past its
/// deadline by at most 64 rule runs.
const CLOCK_EVERY: u64 = 64;

impl Core {
    /// Whether the deadline has passed (read only every [`CLOCK_EVERY`] rule runs);
    /// when it has, the run stops.
    #[inline]
    fn out_of_time(&mut self) -> bool {
        let Some(deadline) = self.deadline else {
            return false;
        };
        if !self.propagations.is_multiple_of(CLOCK_EVERY) || Instant::now() < deadline {
            return false;
        }
        self.timed_out = true;
        self.stop = true;
        true
    }
}

/// Runs rules to a fixpoint; owned by a search so that its buffers are reused.
pub(crate) struct Engine<'m> {
    pub(crate) model: &'m Model,
    watchers: &'m Watchers,
    pub(crate) core: Core,
    /// The conflict of the last run that ended in one.
    conflict: Option<Conflict>,
}

impl<'m> Engine<'m> {
    pub(crate) fn new(model: &'m Model, schedule: Schedule) -> Self {
        let rules = model.num_rules();
        let mut idempotent = Vec::with_capacity(rules);
        let mut cost_class = Vec::with_capacity(rules);
        for (_, rule) in model.rules() {
            idempotent.push(rule.idempotent());
            cost_class.push(rule.cost() as u8);
        }
        Engine {
            model,
            watchers: model.watchers(),
            core: Core {
                schedule,
                queues: Queues::new(schedule, cost_class),
                idempotent,
                trail: Trail::default(),
                propagations: 0,
                changes: 0,
                stop: false,
                deadline: None,
                timed_out: false,
                entailment_offset: model.entailment_offset(),
                depth: 0,
            },
            conflict: None,
        }
    }

    /// The context one rule run (or a search decision, `rule` = `None`) changes
    /// domains through.
    #[inline]
    fn context<'x>(
        &'x mut self,
        domains: &'x mut Domains,
        observer: &'x mut Option<&mut dyn Observer>,
        rule: Option<RuleId>,
        depth: usize,
    ) -> Context<'x> {
        self.core.depth = depth;
        Context::new(
            self.model,
            domains,
            &mut self.core,
            self.watchers,
            reborrow(observer),
            rule,
        )
    }

    /// The public form of an ending, with its conflict.
    pub(crate) fn fixpoint(&mut self, ending: Ending) -> Fixpoint {
        match ending {
            Ending::Reached => Fixpoint::Reached,
            Ending::Stopped => Fixpoint::Stopped,
            Ending::Conflict { .. } => Fixpoint::Conflict(
                self.conflict
                    .take()
                    .expect("a conflict ending keeps its conflict"),
            ),
        }
    }

    /// Whether the observer asked to stop during the last run.
    pub(crate) fn stopped(&self) -> bool {
        self.core.stop
    }

    /// Run one rule's action once on `domains`, waking nothing: how it ended, and
    /// whether it declared its rule entailed. The engine can run again afterwards (the
    /// oracle runs many actions through one engine).
    pub(crate) fn apply_alone(
        &mut self,
        rule: RuleId,
        domains: &mut Domains,
        observer: &mut Option<&mut dyn Observer>,
    ) -> (Fixpoint, bool) {
        self.core.stop = false;
        let result = self.run_rule(rule, domains, observer, 0);
        self.core.queues.clear();
        let ending = match result {
            Ok(()) if self.stopped() => Ending::Stopped,
            Ok(()) => Ending::Reached,
            Err(conflict) => self.fail(conflict, observer, 0),
        };
        let entailed = domains.is_entailed(rule);
        (self.fixpoint(ending), entailed)
    }

    /// Wake every rule and propagate (the root of a search).
    pub(crate) fn propagate_all(
        &mut self,
        domains: &mut Domains,
        observer: &mut Option<&mut dyn Observer>,
        depth: usize,
    ) -> Ending {
        if self.core.schedule != Schedule::Sweep {
            for (id, _) in self.model.rules() {
                self.core.queues.enqueue(id);
            }
        }
        if let Some(var) = self.model.vars().find(|&var| domains.is_empty(var)) {
            let conflict = Conflict {
                rule: None,
                var: Some(var),
                inference: "empty domain",
            };
            return self.fail(conflict, observer, depth);
        }
        self.run(domains, observer, depth)
    }

    /// Apply a search decision (`var = value`, or `var != value`), then branch
    /// and bound's cut when there is one, and propagate. Inlined into the
    /// search's one caller: a node pays no call of its own for its decision.
    #[inline(always)]
    pub(crate) fn decide(
        &mut self,
        domains: &mut Domains,
        observer: &mut Option<&mut dyn Observer>,
        (var, value, equal): (VarId, Value, bool),
        cut: Option<Cut>,
        depth: usize,
    ) -> Ending {
        let outcome = {
            let mut ctx = self.context(domains, observer, None, depth);
            let decided = ctx.decide(var, value, equal);
            match cut {
                Some(cut) => decided.and_then(|_| cut.apply(&mut ctx)),
                None => decided,
            }
        };
        match outcome {
            Ok(_) => self.run(domains, observer, depth),
            Err(conflict) => self.fail(conflict, observer, depth),
        }
    }

    pub(crate) fn fail(
        &mut self,
        conflict: Conflict,
        observer: &mut Option<&mut dyn Observer>,
        depth: usize,
    ) -> Ending {
        self.core.queues.clear();
        if let Some(observer) = observer.as_deref_mut() {
            let event = Event::Conflict {
                conflict: &conflict,
                depth,
            };
            if observer.on_event(&event) == Flow::Stop {
                self.core.stop = true;
            }
        }
        let rule = conflict.rule;
        self.conflict = Some(conflict);
        Ending::Conflict { rule }
    }

    fn run(
        &mut self,
        domains: &mut Domains,
        observer: &mut Option<&mut dyn Observer>,
        depth: usize,
    ) -> Ending {
        let result = match self.core.schedule {
            Schedule::Sweep => self.run_sweep(domains, observer, depth),
            Schedule::Queue | Schedule::Priority => self.run_queue(domains, observer, depth),
        };
        match result {
            Err(conflict) => self.fail(conflict, observer, depth),
            Ok(()) if self.core.stop => Ending::Stopped,
            Ok(()) => Ending::Reached,
        }
    }

    fn run_queue(
        &mut self,
        domains: &mut Domains,
        observer: &mut Option<&mut dyn Observer>,
        depth: usize,
    ) -> Result<(), Conflict> {
        // Without a deadline the loop never reads the clock, and without an
        // observer nothing can stop it and no rule run is reported: decided
        // once a run, not once a rule.
        if self.core.deadline.is_none() && observer.is_none() {
            return self.run_queue_quiet(domains, depth);
        }
        if self.core.deadline.is_none() {
            while let Some(rule) = self.core.queues.pop() {
                self.run_rule(rule, domains, observer, depth)?;
                if self.core.stop {
                    self.core.queues.clear();
                    break;
                }
            }
            return Ok(());
        }
        while let Some(rule) = self.core.queues.pop() {
            self.run_rule(rule, domains, observer, depth)?;
            if self.core.stop || self.core.out_of_time() {
                self.core.queues.clear();
                break;
            }
        }
        Ok(())
    }

    /// [`Engine::run_queue`] without a deadline or an observer: the search's
    /// common loop, with nothing to report and nothing that can stop it.
    fn run_queue_quiet(&mut self, domains: &mut Domains, depth: usize) -> Result<(), Conflict> {
        self.core.depth = depth;
        while let Some(id) = self.core.queues.pop() {
            if domains.is_entailed_at(self.core.entailment_offset, id) {
                continue;
            }
            self.core.propagations += 1;
            let rule = self.model.rule(id);
            let mut ctx = Context::new(
                self.model,
                domains,
                &mut self.core,
                self.watchers,
                None,
                Some(id),
            );
            if let Err(mut conflict) = rule.action(&mut ctx) {
                conflict.rule.get_or_insert(id);
                return Err(conflict);
            }
        }
        Ok(())
    }

    fn run_sweep(
        &mut self,
        domains: &mut Domains,
        observer: &mut Option<&mut dyn Observer>,
        depth: usize,
    ) -> Result<(), Conflict> {
        loop {
            let changes_before = self.core.changes;
            for index in 0..self.model.num_rules() {
                self.run_rule(RuleId(index as u32), domains, observer, depth)?;
                if self.core.stop || self.core.out_of_time() {
                    return Ok(());
                }
            }
            if self.core.changes == changes_before {
                return Ok(());
            }
        }
    }

    /// Inlined into each run loop: one call a rule run, not two.
    #[inline(always)]
    pub(crate) fn run_rule(
        &mut self,
        id: RuleId,
        domains: &mut Domains,
        observer: &mut Option<&mut dyn Observer>,
        depth: usize,
    ) -> Result<(), Conflict> {
        let rule = self.model.rule(id);
        if domains.is_entailed_at(self.core.entailment_offset, id) {
            if let Some(observer) = observer.as_deref_mut() {
                observer.on_event(&Event::RuleAsleep { rule: id });
            }
            return Ok(());
        }
        self.core.propagations += 1;
        if let Some(observer) = observer.as_deref_mut()
            && observer.on_event(&Event::RuleRun { rule: id, depth }) == Flow::Stop
        {
            self.core.stop = true;
        }
        let mut ctx = self.context(domains, observer, Some(id), depth);
        let result = rule.action(&mut ctx).map_err(|mut conflict| {
            conflict.rule.get_or_insert(id);
            conflict
        });
        if let Some(observer) = observer.as_deref_mut() {
            observer.on_event(&Event::RuleDone { rule: id, depth });
        }
        result
    }
}
