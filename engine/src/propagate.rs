//! Propagation to a fixpoint under a pluggable [`Schedule`].
//!
//! Rules may only remove candidates: the [`Propagator`] handed to an action has no way
//! to add one back. Every domain is finite, so every schedule reaches a fixpoint after
//! at most as many changing rule runs as there are candidates: a rule set cannot make
//! propagation go round forever.

use fixedbitset::FixedBitSet;
use smallvec::SmallVec;

use crate::domain::{Domains, Value, VarId, low_mask};
use crate::error::Error;
use crate::model::{Model, Watchers};
use crate::observe::{Change, Event, Flow, Observer};
use crate::rule::{Conflict, Cost, Events, RuleId, Why};

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
/// state.assign(cells[0], 0);
/// state.assign(cells[1], 1);
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
    model.check_state(domains)?;
    let mut engine = Engine::new(model, schedule);
    let ending = engine.propagate_all(domains, &mut observer, 0);
    Ok(engine.fixpoint(ending))
}

/// Run one rule's action once on `domains`, without waking any other rule: one step
/// of a worked solution, and the unit the soundness oracle checks.
pub fn apply_rule(
    model: &Model,
    domains: &mut Domains,
    rule: RuleId,
    observer: Option<&mut dyn Observer>,
) -> Result<Fixpoint, Error> {
    Ok(apply_rule_once(model, domains, rule, observer)?.0)
}

/// [`apply_rule`], also telling whether the action declared its rule entailed
/// ([`Propagator::declare_entailed`]).
pub(crate) fn apply_rule_once(
    model: &Model,
    domains: &mut Domains,
    rule: RuleId,
    mut observer: Option<&mut dyn Observer>,
) -> Result<(Fixpoint, bool), Error> {
    model.check_state(domains)?;
    let mut engine = Engine::new(model, Schedule::Queue);
    let result = engine.run_rule(rule, domains, &mut observer, 0);
    engine.core.clear_queues();
    let ending = match result {
        Ok(()) if engine.stopped() => Ending::Stopped,
        Ok(()) => Ending::Reached,
        Err(conflict) => engine.fail(conflict, &mut observer, 0),
    };
    let entailed = engine.core.entailments.contains(&rule);
    Ok((engine.fixpoint(ending), entailed))
}

/// The queues, in-queue bits, trail and counters shared by every rule run.
pub(crate) struct Core {
    schedule: Schedule,
    queues: [Ring; Cost::CLASSES],
    /// Per rule: whether it waits in a queue (plain booleans: the hottest test).
    in_queue: Vec<bool>,
    cost_class: Vec<u8>,
    /// Per rule: whether it is idempotent, so not woken by its own changes.
    idempotent: Vec<bool>,
    pub(crate) trail: Vec<(u32, u64)>,
    pub(crate) trail_on: bool,
    /// The rules declared entailed on the current branch, in order (a rule may appear
    /// twice); search cuts it back on backtrack.
    pub(crate) entailments: Vec<RuleId>,
    pub(crate) propagations: u64,
    pub(crate) changes: u64,
    stop: bool,
}

/// A fixed-capacity first-in first-out ring of rule ids (never allocates after set-up).
struct Ring {
    items: Vec<RuleId>,
    head: usize,
    len: usize,
}

impl Ring {
    fn new(capacity: usize) -> Self {
        Ring {
            items: vec![RuleId(0); capacity.max(1)],
            head: 0,
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, rule: RuleId) {
        // A wrap by subtraction, not `%`: a division costs more than the rest of a push.
        let mut at = self.head + self.len;
        if at >= self.items.len() {
            at -= self.items.len();
        }
        self.items[at] = rule;
        self.len += 1;
    }

    #[inline]
    fn pop(&mut self) -> Option<RuleId> {
        if self.len == 0 {
            return None;
        }
        let rule = self.items[self.head];
        self.head += 1;
        if self.head == self.items.len() {
            self.head = 0;
        }
        self.len -= 1;
        Some(rule)
    }

    fn clear(&mut self) {
        self.head = 0;
        self.len = 0;
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
        let per_class = |class: usize| {
            if schedule == Schedule::Priority || class == 0 {
                rules
            } else {
                0
            }
        };
        Engine {
            model,
            watchers: model.watchers(),
            core: Core {
                schedule,
                queues: std::array::from_fn(|class| Ring::new(per_class(class))),
                in_queue: vec![false; rules],
                cost_class,
                idempotent,
                trail: Vec::new(),
                trail_on: false,
                entailments: Vec::new(),
                propagations: 0,
                changes: 0,
                stop: false,
            },
            conflict: None,
        }
    }

    /// The context one rule run (or a search decision, `rule` = `None`) changes
    /// domains through.
    #[inline]
    fn propagator<'x>(
        &'x mut self,
        domains: &'x mut Domains,
        observer: &'x mut Option<&mut dyn Observer>,
        rule: Option<RuleId>,
        depth: usize,
    ) -> Propagator<'x> {
        Propagator {
            model: self.model,
            single_word: domains.is_single_word(),
            domains,
            core: &mut self.core,
            watchers: self.watchers,
            observer: reborrow(observer),
            rule,
            depth,
        }
    }

    /// The public form of an ending, with its conflict.
    fn fixpoint(&mut self, ending: Ending) -> Fixpoint {
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

    /// Wake every rule and propagate (the root of a search).
    pub(crate) fn propagate_all(
        &mut self,
        domains: &mut Domains,
        observer: &mut Option<&mut dyn Observer>,
        depth: usize,
    ) -> Ending {
        if self.core.schedule != Schedule::Sweep {
            for (id, _) in self.model.rules() {
                self.core.enqueue(id);
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

    /// Apply a search decision (`var = value`, or `var != value`) and propagate.
    pub(crate) fn decide(
        &mut self,
        domains: &mut Domains,
        observer: &mut Option<&mut dyn Observer>,
        var: VarId,
        value: Value,
        equal: bool,
        depth: usize,
    ) -> Ending {
        let outcome = {
            let mut ctx = self.propagator(domains, observer, None, depth);
            if equal {
                ctx.assign(var, value, &Why::new("decision"))
            } else {
                ctx.remove(var, value, &Why::new("refutation"))
            }
        };
        match outcome {
            Ok(_) => self.run(domains, observer, depth),
            Err(conflict) => self.fail(conflict, observer, depth),
        }
    }

    fn fail(
        &mut self,
        conflict: Conflict,
        observer: &mut Option<&mut dyn Observer>,
        depth: usize,
    ) -> Ending {
        self.core.clear_queues();
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
        while let Some(rule) = self.core.pop() {
            self.run_rule(rule, domains, observer, depth)?;
            if self.core.stop {
                self.core.clear_queues();
                break;
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
                if self.core.stop {
                    return Ok(());
                }
            }
            if self.core.changes == changes_before {
                return Ok(());
            }
        }
    }

    #[inline]
    fn run_rule(
        &mut self,
        id: RuleId,
        domains: &mut Domains,
        observer: &mut Option<&mut dyn Observer>,
        depth: usize,
    ) -> Result<(), Conflict> {
        let rule = self.model.rule(id);
        if rule.condition(domains) {
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
        let mut ctx = self.propagator(domains, observer, Some(id), depth);
        rule.action(&mut ctx).map_err(|mut conflict| {
            conflict.rule.get_or_insert(id);
            conflict
        })
    }
}

impl Core {
    #[inline]
    fn enqueue(&mut self, rule: RuleId) -> bool {
        let waiting = &mut self.in_queue[rule.index()];
        if *waiting {
            return false;
        }
        *waiting = true;
        let class = match self.schedule {
            Schedule::Priority => self.cost_class[rule.index()] as usize,
            _ => 0,
        };
        self.queues[class].push(rule);
        true
    }

    #[inline]
    fn pop(&mut self) -> Option<RuleId> {
        // Only the priority schedule fills more than the first queue.
        let used = match self.schedule {
            Schedule::Priority => &mut self.queues[..],
            _ => &mut self.queues[..1],
        };
        for queue in used {
            if let Some(rule) = queue.pop() {
                self.in_queue[rule.index()] = false;
                return Some(rule);
            }
        }
        None
    }

    fn clear_queues(&mut self) {
        for queue in &mut self.queues {
            queue.clear();
        }
        self.in_queue.fill(false);
    }

    /// Undo the trail back to `mark`.
    pub(crate) fn undo_to(&mut self, domains: &mut Domains, mark: usize) {
        let words = domains.raw_words_mut();
        while self.trail.len() > mark {
            let (offset, old) = self.trail.pop().expect("trail longer than mark");
            words[offset as usize] = old;
        }
    }
}

/// The only way a rule changes domains: every change records its provenance, wakes the
/// rules that watch the variable, and is undone on backtrack.
pub struct Propagator<'a> {
    model: &'a Model,
    domains: &'a mut Domains,
    core: &'a mut Core,
    watchers: &'a Watchers,
    observer: Option<&'a mut dyn Observer>,
    rule: Option<RuleId>,
    depth: usize,
    /// Every domain is one word (read once per run, not once per change).
    single_word: bool,
}

impl Propagator<'_> {
    /// The current state, for reading.
    #[inline]
    pub fn domains(&self) -> &Domains {
        self.domains
    }

    /// The model, for names of variables and values.
    pub fn model(&self) -> &Model {
        self.model
    }

    /// The rule running, or `None` for a search decision.
    pub fn rule(&self) -> Option<RuleId> {
        self.rule
    }

    /// Whether an observer wants the sentences of [`Why::text`]; a rule may skip
    /// gathering details for its explanation when this is false.
    pub fn explaining(&self) -> bool {
        self.observer
            .as_ref()
            .is_some_and(|observer| observer.wants_explanations())
    }

    /// Declare the running rule *entailed*: it holds for every assignment left when
    /// its action returns, so no later narrowing on this branch can break it. The
    /// search then skips its check ([`Rule::holds`](crate::Rule::holds)) on the
    /// solutions below, until it backtracks above this point. The oracle
    /// ([`crate::oracle::check_rule`]) checks every such claim by brute force. A
    /// search decision (no rule running) declares nothing.
    pub fn declare_entailed(&mut self) {
        if let Some(rule) = self.rule {
            self.core.entailments.push(rule);
        }
    }

    /// A conflict found by the running rule (return it as `Err`).
    pub fn conflict(&self, why: &Why<'_>) -> Conflict {
        Conflict {
            rule: self.rule,
            var: None,
            inference: why.inference,
        }
    }

    /// Remove `value` from `var`. `Ok(true)` if it was removed, `Err` if the domain
    /// became empty.
    #[inline]
    pub fn remove(&mut self, var: VarId, value: Value, why: &Why<'_>) -> Result<bool, Conflict> {
        if !self.domains.contains(var, value) {
            return Ok(false);
        }
        let word = (value / 64) as usize;
        let bit = 1u64 << (value % 64);
        self.narrow(var, why, |i, w| if i == word { w & !bit } else { w })
    }

    /// Keep only `value` in `var`.
    #[inline]
    pub fn assign(&mut self, var: VarId, value: Value, why: &Why<'_>) -> Result<bool, Conflict> {
        let word = (value / 64) as usize;
        let bit = 1u64 << (value % 64);
        self.narrow(var, why, |i, w| if i == word { w & bit } else { 0 })
    }

    /// Keep only the candidates in `mask` (the fast path for variables of at most 64
    /// values; for larger ones `mask` applies to values 0..64 and the rest go).
    #[inline]
    pub fn keep_bits(&mut self, var: VarId, mask: u64, why: &Why<'_>) -> Result<bool, Conflict> {
        self.narrow(var, why, |i, w| if i == 0 { w & mask } else { 0 })
    }

    /// Remove the candidates in `mask` (values 0..64).
    #[inline]
    pub fn remove_bits(&mut self, var: VarId, mask: u64, why: &Why<'_>) -> Result<bool, Conflict> {
        self.narrow(var, why, |i, w| if i == 0 { w & !mask } else { w })
    }

    /// Remove `mask` (values 0..64) from each variable of `removals` in turn, stopping
    /// at the first emptied domain: the bulk form of [`Propagator::remove_bits`], for
    /// a rule that clears many variables in one run. In the common run (every domain
    /// one word, no observer, no trail, a waking schedule) those questions are asked
    /// once for the whole loop, not once a variable.
    #[inline]
    pub fn remove_bits_each(
        &mut self,
        removals: impl IntoIterator<Item = (VarId, u64)>,
        why: &Why<'_>,
    ) -> Result<(), Conflict> {
        let quiet = self.single_word
            && self.observer.is_none()
            && !self.core.trail_on
            && self.core.schedule != Schedule::Sweep;
        if !quiet {
            for (var, mask) in removals {
                self.remove_bits(var, mask, why)?;
            }
            return Ok(());
        }
        let mut changes = 0;
        let mut emptied = None;
        for (var, mask) in removals {
            let words = self.domains.raw_words_mut();
            let old = words[var.index()];
            let new = old & !mask;
            if new == old {
                continue;
            }
            if new == 0 {
                emptied = Some(var);
                break;
            }
            words[var.index()] = new;
            changes += 1;
            self.wake_on(var, |waited| single_word_events(old, new, waited));
        }
        self.core.changes += changes;
        match emptied {
            Some(var) => Err(self.emptied(var, why)),
            None => Ok(()),
        }
    }

    /// Keep only the candidates for which `keep` is true.
    pub fn keep_where(
        &mut self,
        var: VarId,
        why: &Why<'_>,
        keep: impl Fn(Value) -> bool,
    ) -> Result<bool, Conflict> {
        self.narrow(var, why, |i, w| {
            let mut out = w;
            let mut rest = w;
            while rest != 0 {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                if !keep(i as Value * 64 + bit) {
                    out &= !(1u64 << bit);
                }
            }
            out
        })
    }

    /// Keep only the candidates in `set`.
    pub fn keep_set(
        &mut self,
        var: VarId,
        set: &FixedBitSet,
        why: &Why<'_>,
    ) -> Result<bool, Conflict> {
        self.narrow(var, why, |i, w| w & crate::domain::set_word(set, i))
    }

    /// Remove every candidate smaller than `min`.
    pub fn remove_below(
        &mut self,
        var: VarId,
        min: Value,
        why: &Why<'_>,
    ) -> Result<bool, Conflict> {
        let word = (min / 64) as usize;
        let keep = !low_mask(min % 64);
        self.narrow(var, why, |i, w| match i.cmp(&word) {
            std::cmp::Ordering::Less => 0,
            std::cmp::Ordering::Equal => w & keep,
            std::cmp::Ordering::Greater => w,
        })
    }

    /// Remove every candidate larger than `max`.
    pub fn remove_above(
        &mut self,
        var: VarId,
        max: Value,
        why: &Why<'_>,
    ) -> Result<bool, Conflict> {
        let word = (max / 64) as usize;
        let keep = low_mask(max % 64 + 1);
        self.narrow(var, why, |i, w| match i.cmp(&word) {
            std::cmp::Ordering::Less => w,
            std::cmp::Ordering::Equal => w & keep,
            std::cmp::Ordering::Greater => 0,
        })
    }

    /// Apply `f` to each word of the domain; the one place domains change. The
    /// one-word case is inlined into every caller; longer domains take
    /// [`Propagator::narrow_words`].
    #[inline(always)]
    fn narrow(
        &mut self,
        var: VarId,
        why: &Why<'_>,
        f: impl Fn(usize, u64) -> u64,
    ) -> Result<bool, Conflict> {
        let offset = if self.single_word {
            var.index()
        } else {
            match self.domains.single_word_offset(var) {
                Some(offset) => offset,
                None => return self.narrow_words(var, why, f),
            }
        };
        let old = self.domains.raw_words()[offset];
        let new = f(0, old) & old;
        if new == old {
            return Ok(false);
        }
        if new == 0 {
            return Err(self.emptied(var, why));
        }
        self.write(offset, old, new);
        self.changed(var, why, &[old], &[new], |waited| {
            single_word_events(old, new, waited)
        });
        Ok(true)
    }

    /// [`Propagator::narrow`] for a domain of several words.
    #[inline(never)]
    fn narrow_words(
        &mut self,
        var: VarId,
        why: &Why<'_>,
        f: impl Fn(usize, u64) -> u64,
    ) -> Result<bool, Conflict> {
        let offset = self.domains.word_offset(var);
        let before: SmallVec<[u64; 4]> = SmallVec::from_slice(self.domains.words(var));
        let after: SmallVec<[u64; 4]> = before
            .iter()
            .enumerate()
            .map(|(i, &w)| f(i, w) & w)
            .collect();
        if after == before {
            return Ok(false);
        }
        if after.iter().all(|&w| w == 0) {
            return Err(self.emptied(var, why));
        }
        for (i, (&old, &new)) in before.iter().zip(&after).enumerate() {
            if old != new {
                self.write(offset + i, old, new);
            }
        }
        self.changed(var, why, &before, &after, |_| {
            multi_word_events(&before, &after)
        });
        Ok(true)
    }

    #[inline]
    fn write(&mut self, offset: usize, old: u64, new: u64) {
        if self.core.trail_on {
            self.core.trail.push((offset as u32, old));
        }
        self.domains.raw_words_mut()[offset] = new;
    }

    fn emptied(&self, var: VarId, why: &Why<'_>) -> Conflict {
        Conflict {
            rule: self.rule,
            var: Some(var),
            inference: why.inference,
        }
    }

    /// Count a change, report it, and wake the rules waiting for its events. Inlined
    /// into every narrowing: the common case, a change no rule waits for, costs a
    /// counter and one test; `events` is computed only when some rule may wake.
    #[inline(always)]
    fn changed(
        &mut self,
        var: VarId,
        why: &Why<'_>,
        before: &[u64],
        after: &[u64],
        events: impl FnOnce(Events) -> Events,
    ) {
        self.core.changes += 1;
        if self.observer.is_some() {
            self.report_change(var, why, before, after);
        }
        if self.core.schedule == Schedule::Sweep {
            return;
        }
        self.wake_on(var, events);
    }

    /// Queue the rules a change of `var` wakes; `events` works out the change's
    /// events as far as the variable's rules wait for them, and runs only when some
    /// rule waits.
    #[inline(always)]
    fn wake_on(&mut self, var: VarId, events: impl FnOnce(Events) -> Events) {
        let (waited, sole) = self.watchers.wake_events(var);
        if waited == Events::NONE {
            return;
        }
        let events = events(waited);
        if !waited.intersects(events) {
            return;
        }
        match sole {
            Some(rule) => self.wake_rule(rule),
            None => self.wake(var, events),
        }
    }

    /// Queue the rules that watch `var` for one of `events`.
    #[inline(never)]
    fn wake(&mut self, var: VarId, events: Events) {
        for &(rule, watched) in self.watchers.of(var) {
            if watched.intersects(events) {
                self.wake_rule(rule);
            }
        }
    }

    /// Queue `rule`, unless it is running and idempotent, and tell the observer.
    #[inline(always)]
    fn wake_rule(&mut self, rule: RuleId) {
        if Some(rule) == self.rule && self.core.idempotent[rule.index()] {
            return;
        }
        if self.core.enqueue(rule) && self.observer.is_some() {
            self.report_woken(rule);
        }
    }

    /// Tell the observer that `rule` was queued.
    #[cold]
    #[inline(never)]
    fn report_woken(&mut self, rule: RuleId) {
        if let Some(observer) = self.observer.as_deref_mut() {
            observer.on_event(&Event::RuleWoken {
                rule,
                depth: self.depth,
            });
        }
    }

    /// Tell the observer about a change (kept out of line: searches without an
    /// observer never pay for building the event).
    #[cold]
    #[inline(never)]
    fn report_change(&mut self, var: VarId, why: &Why<'_>, before: &[u64], after: &[u64]) {
        let Some(observer) = self.observer.as_deref_mut() else {
            return;
        };
        let change = Change {
            rule: self.rule,
            var,
            before,
            after,
            inference: why.inference,
            cause: why.cause,
            text: observer
                .wants_explanations()
                .then(|| why.sentence(self.model)),
            depth: self.depth,
        };
        if observer.on_event(&Event::Change(&change)) == Flow::Stop {
            self.core.stop = true;
        }
    }
}

/// Lend the observer to one rule run (shortening the trait object's lifetime, which
/// `Option::as_deref_mut` cannot do).
#[inline]
fn reborrow<'x>(observer: &'x mut Option<&mut dyn Observer>) -> Option<&'x mut dyn Observer> {
    match observer {
        Some(observer) => Some(&mut **observer),
        None => None,
    }
}

/// The events of a one-word change, as far as `waited` asks: a kind no rule of the
/// variable waits for is not worked out.
#[inline]
fn single_word_events(old: u64, new: u64, waited: Events) -> Events {
    let mut events = Events::REMOVED;
    if waited.intersects(Events::ASSIGNED) && new.is_power_of_two() {
        events = events | Events::ASSIGNED;
    }
    if waited.intersects(Events::BOUNDS)
        && (old.trailing_zeros() != new.trailing_zeros()
            || old.leading_zeros() != new.leading_zeros())
    {
        events = events | Events::BOUNDS;
    }
    events
}

fn multi_word_events(before: &[u64], after: &[u64]) -> Events {
    let mut events = Events::REMOVED;
    if after.iter().map(|w| w.count_ones()).sum::<u32>() == 1 {
        events = events | Events::ASSIGNED;
    }
    let first = |words: &[u64]| {
        words
            .iter()
            .position(|&w| w != 0)
            .map(|i| (i, words[i].trailing_zeros()))
    };
    let last = |words: &[u64]| {
        words
            .iter()
            .rposition(|&w| w != 0)
            .map(|i| (i, words[i].leading_zeros()))
    };
    if first(before) != first(after) || last(before) != last(after) {
        events = events | Events::BOUNDS;
    }
    events
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_follow_the_change() {
        assert_eq!(
            single_word_events(0b111, 0b101, Events::ANY),
            Events::REMOVED
        );
        assert_eq!(
            single_word_events(0b111, 0b011, Events::ANY),
            Events::REMOVED | Events::BOUNDS
        );
        assert_eq!(
            single_word_events(0b111, 0b010, Events::ANY),
            Events::REMOVED | Events::BOUNDS | Events::ASSIGNED
        );
        assert_eq!(
            single_word_events(0b111, 0b010, Events::ASSIGNED),
            Events::REMOVED | Events::ASSIGNED
        );
        assert_eq!(
            multi_word_events(&[1, 1], &[0, 1]),
            Events::REMOVED | Events::BOUNDS | Events::ASSIGNED
        );
    }
}
