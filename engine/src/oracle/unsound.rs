//! What the oracle reports: one variant per claim a rule can break.

use thiserror::Error;

use crate::ids::{Value, VarId};
use crate::propagation::Consistency;

/// A claim of a rule that brute force refutes. Every variant names the rule; those
/// about one variable and value keep the raw [`VarId`] and [`Value`] for programs and
/// the model's names for people (`"removed 7 from r1c4"`), and those about an
/// assignment keep the full list of values and a description of the rule's scope.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Unsound {
    /// Soundness: an action removed a value that a solution uses.
    #[error(
        "rule `{rule}` removed {value_label} from {var_name} on run {run}, but the solution \
         {solution:?} uses it"
    )]
    RemovedSupport {
        /// The rule's name.
        rule: String,
        /// Which run of the action, repeated on its own result, did it (1 = the first).
        run: usize,
        /// The variable.
        var: VarId,
        /// The variable's name in the model.
        var_name: String,
        /// The value removed.
        value: Value,
        /// The value's label in the model.
        value_label: String,
        /// A solution that uses it.
        solution: Vec<Value>,
    },
    /// Soundness: an action reported a conflict although a solution exists.
    #[error("rule `{rule}` reported a conflict on run {run}, but {solution:?} is a solution")]
    FalseConflict {
        /// The rule's name.
        rule: String,
        /// Which run of the action, repeated on its own result, did it (1 = the first).
        run: usize,
        /// A solution.
        solution: Vec<Value>,
    },
    /// Entailment test: an action declared its rule entailed
    /// ([`crate::Context::declare_entailed`]), but an assignment it left breaks the
    /// rule.
    #[error(
        "rule `{rule}` declared itself entailed on run {run}, but it leaves {described}, \
         which breaks it"
    )]
    FalseEntailment {
        /// The rule's name.
        rule: String,
        /// Which run of the action, repeated on its own result, did it (1 = the first).
        run: usize,
        /// An assignment left (variables outside the rule at their smallest candidate).
        assignment: Vec<Value>,
        /// The assignment of the rule's scope, with the model's names.
        described: String,
    },
    /// Idempotence: a rule that claims to be idempotent ([`crate::Rule::idempotent`])
    /// removed a value when run again on the result of its own action.
    #[error(
        "rule `{rule}` claims to be idempotent, but a second run removed {value_label} from \
         {var_name}"
    )]
    NotIdempotent {
        /// The rule's name.
        rule: String,
        /// The variable.
        var: VarId,
        /// The variable's name in the model.
        var_name: String,
        /// The value the second run removed.
        value: Value,
        /// The value's label in the model.
        value_label: String,
    },
    /// Idempotence: a rule that claims to be idempotent reported a conflict when run
    /// again on the result of its own action, which ended without one.
    #[error(
        "rule `{rule}` claims to be idempotent, but a second run reported a conflict the \
         first did not"
    )]
    NotIdempotentConflict {
        /// The rule's name.
        rule: String,
    },
    /// Completeness: on a full assignment of the rule's scope that breaks the rule,
    /// the action (run to its own fixpoint) reported no conflict.
    #[error("rule `{rule}` is broken by {described}, but its action reports no conflict there")]
    Incomplete {
        /// The rule's name.
        rule: String,
        /// The assignment (variables outside the rule at their smallest candidate).
        assignment: Vec<Value>,
        /// The assignment of the rule's scope, with the model's names.
        described: String,
    },
    /// Strength: a rule that claims a consistency ([`crate::Rule::consistency`]) left,
    /// at its own fixpoint, a value the claim requires to have a support without one.
    #[error("rule `{rule}` claims {consistency}, but {value_label} in {var_name} has no support")]
    Unsupported {
        /// The rule's name.
        rule: String,
        /// The consistency the rule claims.
        consistency: Consistency,
        /// The variable.
        var: VarId,
        /// The variable's name in the model.
        var_name: String,
        /// The value without a support.
        value: Value,
        /// The value's label in the model.
        value_label: String,
    },
}
