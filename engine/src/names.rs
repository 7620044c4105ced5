//! How people write a model's variables and values: the names traces and
//! explanations use.
//!
//! ```
//! use sieve::prelude::*;
//! let mut model = Model::new();
//! let cell = model.new_var(9);
//! model.set_name(cell, "r1c1");
//! model.set_value_labels((1..=9).map(|d| d.to_string()).collect());
//! let names = model.names();
//! assert_eq!(names.var_name(cell), "r1c1");
//! assert_eq!(names.value_label(6), "7");
//! assert_eq!(names.var_name(VarId::from_index(5)), "x5");
//! assert_eq!(names.given_name(VarId::from_index(5)), None);
//! ```

use crate::ids::{Value, VarId};

/// Names of variables and labels of values; a variable without a name is written
/// `x<index>`, a value without a label as its number.
#[derive(Clone, Debug, Default)]
pub struct Names {
    vars: Vec<Option<String>>,
    value_labels: Vec<String>,
}

impl Names {
    /// A variable's name: the one given, or `x<index>`.
    pub fn var_name(&self, var: VarId) -> String {
        match self.vars.get(var.index()).and_then(Option::as_ref) {
            Some(name) => name.clone(),
            None => var.to_string(),
        }
    }

    /// The name given to a variable, if one was (no `x<index>` stand-in): for a
    /// rule that has a better default of its own than `x<index>`.
    pub fn given_name(&self, var: VarId) -> Option<&str> {
        self.vars.get(var.index()).and_then(Option::as_deref)
    }

    /// A value's label: the one given (labels are indexed by value from 0), or the
    /// number.
    pub fn value_label(&self, value: Value) -> String {
        match usize::try_from(value)
            .ok()
            .and_then(|index| self.value_labels.get(index))
        {
            Some(label) => label.clone(),
            None => value.to_string(),
        }
    }

    pub(crate) fn set_var_name(&mut self, var: VarId, name: String) {
        if self.vars.len() <= var.index() {
            self.vars.resize(var.index() + 1, None);
        }
        self.vars[var.index()] = Some(name);
    }

    pub(crate) fn set_value_labels(&mut self, labels: Vec<String>) {
        self.value_labels = labels;
    }
}
