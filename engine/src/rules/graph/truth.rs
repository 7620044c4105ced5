//! How a graph rule reads its boolean variables: 1 is true, every other value
//! false, and a variable that still holds 1 beside another value is open.

use crate::domain::{Domains, Value, VarId};

/// The value that means true.
pub(crate) const TRUE: Value = 1;

/// What a boolean variable is known to be.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Truth {
    /// Only 1 is left.
    True,
    /// 1 is gone.
    False,
    /// 1 and some other value are left.
    Open,
}

impl Truth {
    /// What `var` is known to be in `domains`.
    #[inline]
    pub(crate) fn of(domains: &Domains, var: VarId) -> Truth {
        if !domains.contains(var, TRUE) {
            Truth::False
        } else if domains.is_assigned(var) {
            Truth::True
        } else {
            Truth::Open
        }
    }

    /// Whether the variable may still be true.
    #[inline]
    pub(crate) fn possible(self) -> bool {
        self != Truth::False
    }
}

/// Whether a full assignment's value means true.
#[inline]
pub(crate) fn is_true(values: &[Value], var: VarId) -> bool {
    values[var.index()] == TRUE
}
