//! The engine's error type.
//!
//! ```
//! use sieve::prelude::*;
//! let mut model = Model::new();
//! model.new_var(3);
//! let stranger = VarId::from_index(7);
//! let error = model.add_rule(AllDifferent::new("pair", vec![stranger])).unwrap_err();
//! assert!(matches!(error, Error::UnknownVariable { var: 7, vars: 1, .. }));
//! ```

use std::ops::RangeInclusive;

use thiserror::Error;

use crate::ids::Value;

/// Everything that can go wrong when building or running a model. Running out of a
/// limit is not an error: searches and repairs report it in their result.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A rule watches a variable the model does not have.
    #[error("rule `{rule}` watches variable {var}, but the model has only {vars} variables")]
    UnknownVariable {
        /// The rule's name.
        rule: String,
        /// The index it named.
        var: usize,
        /// How many variables the model has.
        vars: usize,
    },
    /// A variable the model does not have was named.
    #[error("variable {var} is not in the model, which has {vars} variables")]
    NoSuchVariable {
        /// The index named.
        var: usize,
        /// How many variables the model has.
        vars: usize,
    },
    /// A start state was made for another model (other variables or sizes).
    #[error("the start state does not belong to this model (different variables or sizes)")]
    StateMismatch,
    /// A repair walk came back to a state it had already left with the same memory,
    /// so it would go round forever: the rules named undo each other.
    #[error("repair goes round in a cycle of {steps} steps between the rules {}", rules.join(", "))]
    RepairCycle {
        /// The rules that acted in the cycle.
        rules: Vec<String>,
        /// The length of the cycle in steps.
        steps: u64,
    },
    /// A repair's full assignment does not fit the model.
    #[error("a full assignment needs {expected} values, got {got}")]
    AssignmentLength {
        /// How many variables the model has.
        expected: usize,
        /// How many values were given.
        got: usize,
    },
    /// A value is outside the range its variable was declared with.
    #[error("value {value} is outside the range {range:?} of variable {var}")]
    ValueOutOfRange {
        /// The variable's index.
        var: usize,
        /// The value given.
        value: Value,
        /// The variable's values.
        range: RangeInclusive<Value>,
    },
    /// A library rule was built from parts that cannot make it (an empty table, an
    /// automaton whose states do not fit, an edge naming a missing vertex, a count
    /// above the number of variables): the rule and the problem, in words.
    #[error("rule `{rule}` cannot be built: {problem}")]
    InvalidRule {
        /// The rule's name.
        rule: String,
        /// What is wrong with its parts.
        problem: String,
    },
    /// A variable whose domain is an interval (more than
    /// [`crate::Model::BITSET_LIMIT`] values) was restricted to values with a
    /// gap, which an interval cannot hold.
    #[error(
        "variable {var} has more than {limit} values, so its domain is an interval: it cannot \
         start from {count} values with gaps between {min} and {max}",
        limit = crate::Model::BITSET_LIMIT
    )]
    GapsInInterval {
        /// The variable's index.
        var: usize,
        /// How many values it was restricted to.
        count: usize,
        /// The smallest of them.
        min: Value,
        /// The largest of them.
        max: Value,
    },
    /// A variable was declared over a range with no value in it.
    #[error("a variable needs at least one value, but the range {start}..={end} is empty")]
    EmptyRange {
        /// The range's first value.
        start: Value,
        /// The range's last value.
        end: Value,
    },
    /// A branch order does not name every variable of the model exactly once.
    #[error("the branch order must name each of the model's {vars} variables once: {problem}")]
    BranchOrder {
        /// How many variables the model has.
        vars: usize,
        /// What is wrong with the order given.
        problem: String,
    },
    /// A rule id that the model does not have.
    #[error("rule {rule} is not a rule of the model, which has {rules} rules")]
    UnknownRule {
        /// The index given.
        rule: usize,
        /// How many rules the model has.
        rules: usize,
    },
    /// A rule was given a list of offsets (or other terms) of another length than its
    /// variables.
    #[error("rule `{rule}` has {vars} variables but {terms} offsets")]
    TermCount {
        /// The rule's name.
        rule: String,
        /// How many variables it has.
        vars: usize,
        /// How many offsets were given.
        terms: usize,
    },
    /// The brute-force oracle was given a state with an interval variable (more
    /// than [`crate::Model::BITSET_LIMIT`] values): it checks rules on bitset
    /// domains, where every claim (a removed value, domain consistency) is exact.
    #[error(
        "the oracle checks bitset domains only, and variable {var} is an interval \
         (a range of more than {limit} values)",
        limit = crate::Model::BITSET_LIMIT
    )]
    IntervalInOracle {
        /// The variable's index.
        var: usize,
    },
    /// The brute-force oracle was asked to enumerate too many assignments.
    #[error("brute force would visit more than {limit} partial assignments")]
    TooLarge {
        /// The limit that was hit.
        limit: u64,
    },
}
