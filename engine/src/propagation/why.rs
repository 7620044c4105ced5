//! Provenance: why a change was made, in a form the engine records cheaply and a
//! sentence built only when someone reads it.
//!
//! ```
//! use sieve::{VarId, Why};
//! let cause = [VarId::from_index(2)];
//! let text = || "x2 = 1, so x3 cannot be 1".to_string();
//! let why = Why::new("not equal").cause(&cause).text(&text);
//! assert_eq!(why.inference, "not equal");
//! assert_eq!(why.cause, &cause);
//! ```

use std::fmt;

use crate::ids::{Value, VarId};
use crate::names::Names;

/// One fact about one variable: what an explanation is made of. A change depends on
/// facts ("r3c5 = 5", "r3c5 ≠ 2", "x ≥ 4"), not on whole variables, so a chain of
/// explanations can follow exactly the removals and assignments that led to it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fact {
    /// The variable holds the value.
    Is(VarId, Value),
    /// The value is gone from the variable.
    IsNot(VarId, Value),
    /// Every value below this one is gone.
    AtLeast(VarId, Value),
    /// Every value above this one is gone.
    AtMost(VarId, Value),
}

impl Fact {
    /// The variable the fact is about.
    pub fn var(self) -> VarId {
        match self {
            Fact::Is(var, _)
            | Fact::IsNot(var, _)
            | Fact::AtLeast(var, _)
            | Fact::AtMost(var, _) => var,
        }
    }

    /// The fact written with the model's names: `r3c5 = 5`, `r3c5 ≠ 2`, `x ≥ 4`.
    pub fn describe(self, names: &Names) -> String {
        let (var, relation, value) = match self {
            Fact::Is(var, value) => (var, "=", value),
            Fact::IsNot(var, value) => (var, "≠", value),
            Fact::AtLeast(var, value) => (var, "≥", value),
            Fact::AtMost(var, value) => (var, "≤", value),
        };
        format!(
            "{} {relation} {}",
            names.var_name(var),
            names.label_of(var, value)
        )
    }
}

impl fmt::Display for Fact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(&Names::default()))
    }
}

/// Why a change was made: the provenance every [`Context`](crate::Context) change carries.
///
/// The sentence is produced only when an observer asks for explanations, so a rule can
/// describe its reasoning in full without slowing down a run nobody watches.
#[derive(Copy, Clone)]
pub struct Why<'a> {
    /// A short label of the inference, such as `"naked single"`.
    pub inference: &'static str,
    /// The variables whose state led to the change: when the rule names no
    /// [`Why::facts`], shorthand for the facts that make up their current domains
    /// (each one's value when it is assigned).
    pub cause: &'a [VarId],
    /// The exact facts that led to the change, when the rule names them.
    pub facts: &'a [Fact],
    /// A sentence a person can read, made on demand.
    pub text: Option<Sentence<'a>>,
}

/// How a rule writes its sentence: by itself, or with the model's names for variables
/// and values (what generic rules use, since they know neither).
#[derive(Copy, Clone)]
pub enum Sentence<'a> {
    /// The rule writes the whole sentence.
    Plain(&'a dyn Fn() -> String),
    /// The rule writes the sentence from the model's names ([`Names::var_name`],
    /// [`Names::value_label`]).
    Named(&'a dyn Fn(&Names) -> String),
}

impl<'a> Why<'a> {
    /// A reason with only an inference label.
    pub const fn new(inference: &'static str) -> Self {
        Why {
            inference,
            cause: &[],
            facts: &[],
            text: None,
        }
    }

    /// Add the variables that caused the change.
    pub const fn cause(self, cause: &'a [VarId]) -> Self {
        Why { cause, ..self }
    }

    /// Add the exact facts that caused the change (see [`Fact`]).
    pub const fn because(self, facts: &'a [Fact]) -> Self {
        Why { facts, ..self }
    }

    /// Add a sentence for people, built only when someone reads it.
    pub fn text(self, text: &'a dyn Fn() -> String) -> Self {
        Why {
            text: Some(Sentence::Plain(text)),
            ..self
        }
    }

    /// Add a sentence built from the model's names, only when someone reads it.
    pub fn named_text(self, text: &'a dyn Fn(&Names) -> String) -> Self {
        Why {
            text: Some(Sentence::Named(text)),
            ..self
        }
    }

    /// The sentence, or the inference label when the rule gave none.
    pub fn sentence(&self, names: &Names) -> String {
        match self.text {
            Some(Sentence::Plain(text)) => text(),
            Some(Sentence::Named(text)) => text(names),
            None => self.inference.to_string(),
        }
    }
}
