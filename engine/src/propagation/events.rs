//! The events that wake a rule, and the watches that name them.
//!
//! ```
//! use sieve::{Events, VarId, Watch};
//! let watch = Watch::new(VarId::from_index(0), Events::BOUNDS | Events::ASSIGNED);
//! assert!(watch.events.intersects(Events::ASSIGNED));
//! assert!(!watch.events.intersects(Events::REMOVED));
//! ```

use std::ops::BitOr;

use crate::ids::VarId;

/// The kinds of domain change that can wake a rule, as a small set.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Events(u8);

impl Events {
    /// No event: the variable is read but never wakes the rule.
    pub const NONE: Events = Events(0);
    /// The variable has exactly one candidate left.
    pub const ASSIGNED: Events = Events(1);
    /// Any candidate was removed.
    pub const REMOVED: Events = Events(2);
    /// The smallest or largest candidate changed.
    pub const BOUNDS: Events = Events(4);
    /// Every event.
    pub const ANY: Events = Events(7);

    /// Whether the two sets share an event.
    #[inline]
    pub fn intersects(self, other: Events) -> bool {
        self.0 & other.0 != 0
    }
}

impl BitOr for Events {
    type Output = Events;
    fn bitor(self, rhs: Events) -> Events {
        Events(self.0 | rhs.0)
    }
}

/// One variable a rule reads, with the events that wake it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Watch {
    /// The variable.
    pub var: VarId,
    /// The events on it that wake the rule.
    pub events: Events,
}

impl Watch {
    /// Watch `var` for `events`.
    pub fn new(var: VarId, events: Events) -> Self {
        Watch { var, events }
    }

    /// Watch every one of `vars` for the same `events`: the watch list of most rules.
    ///
    /// ```
    /// use sieve::{Events, VarId, Watch};
    /// let vars = [VarId::from_index(0), VarId::from_index(1)];
    /// let watches = Watch::all(&vars, Events::ASSIGNED);
    /// assert_eq!(watches[1], Watch::new(vars[1], Events::ASSIGNED));
    /// ```
    pub fn all<'a>(vars: impl IntoIterator<Item = &'a VarId>, events: Events) -> Vec<Watch> {
        vars.into_iter()
            .map(|&var| Watch::new(var, events))
            .collect()
    }
}
