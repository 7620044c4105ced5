//! The queue of woken rules: one first-in first-out ring per cost class, and an
//! in-queue flag per rule so that a rule waits at most once; and the rules
//! that postponed part of a run until every cheaper rule is quiet.

use std::collections::VecDeque;

use crate::ids::RuleId;
use crate::propagation::engine::Schedule;
use crate::propagation::rule::Cost;

/// The rules waiting to run, in the order the schedule takes them.
pub(crate) struct Queues {
    schedule: Schedule,
    rings: [Ring; Cost::CLASSES],
    /// Per rule: whether it waits in a queue (plain booleans: the hottest test).
    in_queue: Vec<bool>,
    /// Per rule: its cost class, the ring it waits in under [`Schedule::Priority`].
    cost_class: Vec<u8>,
    /// Rules that postponed part of their run ([`Queues::postpone`]), in order:
    /// they wait (their in-queue flag set) for every cheaper ring to empty.
    postponed: VecDeque<RuleId>,
}

impl Queues {
    /// Queues for rules of the given cost classes (indexed by rule), under `schedule`.
    pub(crate) fn new(schedule: Schedule, cost_class: Vec<u8>) -> Self {
        let rules = cost_class.len();
        let per_class = |class: usize| {
            if schedule == Schedule::Priority || class == 0 {
                rules
            } else {
                0
            }
        };
        Queues {
            schedule,
            rings: std::array::from_fn(|class| Ring::new(per_class(class))),
            in_queue: vec![false; rules],
            cost_class,
            postponed: VecDeque::new(),
        }
    }

    /// Queue `rule` unless it waits already; `true` when it was queued now.
    #[inline(always)]
    pub(crate) fn enqueue(&mut self, rule: RuleId) -> bool {
        if self.is_waiting(rule) {
            return false;
        }
        self.enqueue_new(rule);
        true
    }

    /// Whether `rule` waits in a queue.
    #[inline(always)]
    pub(crate) fn is_waiting(&self, rule: RuleId) -> bool {
        self.in_queue[rule.index()]
    }

    /// Queue `rule`, which does not wait yet ([`Queues::is_waiting`]).
    #[inline(always)]
    pub(crate) fn enqueue_new(&mut self, rule: RuleId) {
        self.in_queue[rule.index()] = true;
        let class = match self.schedule {
            Schedule::Priority => self.cost_class[rule.index()] as usize,
            _ => 0,
        };
        self.rings[class].push(rule);
    }

    /// The next rule to run: the oldest of the cheapest class that has one.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<RuleId> {
        // Only the priority schedule fills more than the first ring.
        let used = match self.schedule {
            Schedule::Priority => &mut self.rings[..],
            _ => &mut self.rings[..1],
        };
        let (cheaper, expensive) = used.split_at_mut(used.len().min(Cost::Expensive as usize));
        for ring in cheaper {
            if let Some(rule) = ring.pop() {
                return Some(self.taken(rule));
            }
        }
        // A postponed run comes when every cheaper ring is empty, before probing.
        let rule = match self.postponed.pop_front() {
            Some(rule) => rule,
            None => expensive.first_mut()?.pop()?,
        };
        Some(self.taken(rule))
    }

    /// `rule`, leaving its queue.
    #[inline(always)]
    fn taken(&mut self, rule: RuleId) -> RuleId {
        self.in_queue[rule.index()] = false;
        rule
    }

    /// Under [`Schedule::Priority`], while a rule of a cheaper class than
    /// [`Cost::Expensive`] waits: queue `rule` (the one running) to run again
    /// once every cheaper ring is empty, and say so. Until then a change does
    /// not wake it sooner. See [`crate::Context::postpone_while_busy`].
    pub(crate) fn postpone(&mut self, rule: RuleId) -> bool {
        let busy = self.schedule == Schedule::Priority
            && self.rings[..Cost::Expensive as usize]
                .iter()
                .any(|ring| ring.len > 0);
        if busy && !self.is_waiting(rule) {
            self.in_queue[rule.index()] = true;
            self.postponed.push_back(rule);
        }
        busy
    }

    /// Forget every waiting rule (after a conflict or a stop).
    pub(crate) fn clear(&mut self) {
        for ring in &mut self.rings {
            ring.clear();
        }
        self.in_queue.fill(false);
        self.postponed.clear();
    }
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

    #[inline(always)]
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
