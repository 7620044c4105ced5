//! A contradiction: what a rule returns when the state has no solution.

use crate::ids::{RuleId, VarId};

/// A contradiction found by a rule: some variable has no candidate left, or the rule
/// proved that none of the remaining assignments can satisfy it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The rule that found it.
    pub rule: Option<RuleId>,
    /// The variable whose domain became empty, when there is one.
    pub var: Option<VarId>,
    /// The inference that failed.
    pub inference: &'static str,
}
