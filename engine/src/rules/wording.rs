//! A puzzle's own sentence on a library rule.
//!
//! Every library rule writes a sentence for each change it makes, in words that fit
//! any model ("x3 = 2, so 2 leaves every other variable of row 1"). A puzzle that
//! wants its own words (sudoku's "7 can only go in r3c5 within box 2") gives the rule
//! a [`Wording`] with the rule's `wording` builder method: a closure from the model's
//! [`Names`] and the [`Deduction`] made to the sentence. It runs only when an observer
//! asks for explanations, so it costs nothing in a run nobody reads.
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::{Names, TextTrace};
//! use sieve::rules::Deduction;
//!
//! let mut model = Model::new();
//! let digits = model.new_vars(3, 3);
//! let rule = EachValueSomewhere::new("row 1", digits.clone(), vec![0, 1, 2]).wording(
//!     |names: &Names, deduction: &Deduction<'_>| {
//!         format!("{} has to hold it", names.var_name(deduction.var))
//!     },
//! );
//! model.add_rule(rule)?;
//! let mut state = model.domains();
//! state.remove(digits[0], 2);
//! state.remove(digits[1], 2);
//!
//! let mut trace = TextTrace::new(&model, Vec::new()).with_wakes(false);
//! propagate(&model, &mut state, Schedule::Queue, Some(&mut trace))?;
//! let text = String::from_utf8(trace.finish().unwrap()).unwrap();
//! assert!(text.contains("x2 has to hold it"), "{text}");
//! # Ok::<(), sieve::Error>(())
//! ```

use std::fmt;
use std::sync::Arc;

use crate::ids::{Value, VarId};
use crate::names::Names;
use crate::propagation::{Conflict, Context, Fact, Why};

/// One change a library rule made, as its wording sees it.
#[derive(Copy, Clone, Debug)]
pub struct Deduction<'a> {
    /// The rule's inference label, such as `"hidden single"` (see each rule's docs).
    pub inference: &'static str,
    /// The variable changed (for a rule that narrows several at once, the first).
    pub var: VarId,
    /// The value the change is about: the value assigned, or removed, or the bound
    /// set; `None` when the change has no single value (a domain filtered at once).
    pub value: Option<Value>,
    /// The facts the change follows from, as far as the rule names them.
    pub facts: &'a [Fact],
}

/// The closure behind a [`Wording`].
type Say = dyn Fn(&Names, &Deduction<'_>) -> String + Send + Sync;

/// How a library rule words its changes: its own default sentence, or a puzzle's.
/// Cloning shares the closure.
#[derive(Clone, Default)]
pub struct Wording(Option<Arc<Say>>);

impl Wording {
    /// A puzzle's wording: `say` writes the sentence of each change.
    pub fn new(say: impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static) -> Self {
        Wording(Some(Arc::new(say)))
    }

    /// The sentence of `deduction`: the puzzle's words when given, else `default`.
    pub fn sentence(
        &self,
        names: &Names,
        deduction: &Deduction<'_>,
        default: impl FnOnce(&Names) -> String,
    ) -> String {
        match &self.0 {
            Some(say) => say(names, deduction),
            None => default(names),
        }
    }
}

/// Remove `value` from `var` for `inference`, with every one of `causes`
/// behind it and the sentence `say` writes: the removal of a rule that reads
/// a line's cells together (Binairo's, Tents', Magnets' line rules), whose
/// sentence names the line and its clue. Whether the domain changed.
pub fn remove_worded(
    ctx: &mut Context<'_>,
    (inference, causes): (&'static str, &[VarId]),
    (var, value): (VarId, Value),
    say: &dyn Fn(&Names, &Deduction<'_>) -> String,
) -> Result<bool, Conflict> {
    let deduction = Deduction {
        inference,
        var,
        value: Some(value),
        facts: &[],
    };
    let text = |names: &Names| say(names, &deduction);
    let why = Why::new(inference).cause(causes).named_text(&text);
    ctx.remove(var, value, &why)
}

impl fmt::Debug for Wording {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() {
            "Wording(puzzle's)"
        } else {
            "Wording(default)"
        })
    }
}
