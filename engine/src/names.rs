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

use std::fmt;
use std::sync::Arc;

use crate::ids::{Value, VarId};

/// Append `number` in decimal to `text`: for a model's many names ("r3c12"),
/// written into one reused text. `format!` for each of a 12×10 Slant's cells
/// was a tenth of building its model, and `write!` costs about as much.
///
/// ```
/// let mut name = String::from("r");
/// sieve::names::push_number(&mut name, 12);
/// assert_eq!(name, "r12");
/// ```
pub fn push_number(text: &mut String, number: usize) {
    // A grid's rows and columns are below 100: one or two digits pushed as
    // they are cost half of formatting them (naming a Hitori's cells was 4 %
    // of solving it).
    let digit = |value: usize| char::from(b'0' + value as u8);
    match number {
        0..10 => text.push(digit(number)),
        10..100 => {
            text.push(digit(number / 10));
            text.push(digit(number % 10));
        }
        _ => text.push_str(itoa::Buffer::new().format(number)),
    }
}

/// Append the name of the cell at `row`, `column` (from 0) to `text`:
/// `r1c1` for the top left one, as every grid puzzle names its cells.
///
/// ```
/// let mut name = String::new();
/// sieve::names::push_cell_name(&mut name, 2, 11);
/// assert_eq!(name, "r3c12");
/// ```
pub fn push_cell_name(text: &mut String, row: usize, column: usize) {
    text.push('r');
    push_number(text, row + 1);
    text.push('c');
    push_number(text, column + 1);
}

/// Names of variables and labels of values; a variable without a name is written
/// `x<index>`, a value without a label as its number.
///
/// Every variable name lies in one shared text, each variable holding where its
/// name starts and ends there: a 30×30 grid names 900 cells, and a `String` each
/// cost as much to free at the end of a puzzle as to make.
#[derive(Clone, Debug, Default)]
pub struct Names {
    /// Every given variable name, one after the other.
    text: String,
    /// Per variable (up to the last one named): where its name lies in `text`,
    /// [`UNNAMED`] when it has none.
    vars: Vec<(u32, u32)>,
    value_labels: Vec<String>,
    /// Labels of some variables' values, written only when read.
    labeller: Option<Labeller>,
}

/// A function that writes the value of some variables its own way, `None` for
/// the others ([`crate::Model::set_value_labeller`]).
#[derive(Clone)]
struct Labeller(Arc<dyn Fn(VarId, Value) -> Option<String> + Send + Sync>);

impl fmt::Debug for Labeller {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Labeller")
    }
}

/// The place of a variable that has no name of its own.
const UNNAMED: (u32, u32) = (u32::MAX, u32::MAX);

impl Names {
    /// A variable's name: the one given, or `x<index>`.
    pub fn var_name(&self, var: VarId) -> String {
        match self.given_name(var) {
            Some(name) => name.to_string(),
            None => var.to_string(),
        }
    }

    /// The name given to a variable, if one was (no `x<index>` stand-in): for a
    /// rule that has a better default of its own than `x<index>`.
    pub fn given_name(&self, var: VarId) -> Option<&str> {
        match self.vars.get(var.index()) {
            Some(&(start, end)) if (start, end) != UNNAMED => {
                Some(&self.text[start as usize..end as usize])
            }
            _ => None,
        }
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

    /// How `var`'s value `value` is written: by the model's labeller when it
    /// labels that variable, else as [`Names::value_label`].
    pub fn label_of(&self, var: VarId, value: Value) -> String {
        let own = self
            .labeller
            .as_ref()
            .and_then(|labeller| labeller.0(var, value));
        own.unwrap_or_else(|| self.value_label(value))
    }

    /// Name `var` (a name given again replaces the first; its old text stays
    /// unused in the shared text, as renaming is rare).
    pub(crate) fn set_var_name(&mut self, var: VarId, name: &str) {
        self.set_var_name_with(var, |text| text.push_str(name));
    }

    /// Name `var` by what `write` appends to the shared text: a grid's cell
    /// names are written there with no text of their own to copy from.
    pub(crate) fn set_var_name_with(&mut self, var: VarId, write: impl FnOnce(&mut String)) {
        if self.vars.len() <= var.index() {
            self.vars.resize(var.index() + 1, UNNAMED);
        }
        let start = self.text.len();
        write(&mut self.text);
        // Past 4 GiB of names a place no longer fits a u32: such a model has no
        // room left for its states anyway, so the name is dropped, not mangled.
        self.vars[var.index()] = match (u32::try_from(start), u32::try_from(self.text.len())) {
            (Ok(start), Ok(end)) if end != u32::MAX => (start, end),
            _ => {
                self.text.truncate(start);
                UNNAMED
            }
        };
    }

    /// Make room for `names` more names of about `length` bytes each.
    pub(crate) fn reserve(&mut self, names: usize, length: usize) {
        self.text.reserve(names * length);
        self.vars.reserve(names);
    }

    /// Make a place for each of `vars` at once, so that naming them one by
    /// one grows no list a name (a grid's cells are named in a row).
    pub(crate) fn make_places(&mut self, vars: &[VarId]) {
        if let Some(last) = vars.iter().map(|var| var.index()).max()
            && self.vars.len() <= last
        {
            self.vars.resize(last + 1, UNNAMED);
        }
    }

    pub(crate) fn set_value_labels(&mut self, labels: Vec<String>) {
        self.value_labels = labels;
    }

    pub(crate) fn set_labeller(
        &mut self,
        labeller: impl Fn(VarId, Value) -> Option<String> + Send + Sync + 'static,
    ) {
        self.labeller = Some(Labeller(Arc::new(labeller)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_the_shared_text_are_read_back_and_renamed() {
        let mut names = Names::default();
        let (first, gap, last) = (
            VarId::from_index(0),
            VarId::from_index(1),
            VarId::from_index(4),
        );
        names.set_var_name(last, "r2c1");
        names.set_var_name(first, "r1c1");
        names.set_var_name(first, "top left");
        assert_eq!(names.given_name(first), Some("top left"));
        assert_eq!(names.given_name(last), Some("r2c1"));
        assert_eq!(
            names.given_name(gap),
            None,
            "a variable before the last named one"
        );
        assert_eq!(names.var_name(gap), "x1");
        assert_eq!(
            names.var_name(VarId::from_index(9)),
            "x9",
            "past the last named one"
        );
        names.set_var_name(gap, "");
        assert_eq!(names.given_name(gap), Some(""), "an empty name is a name");
    }

    #[test]
    fn numbers_are_written_as_formatted_at_every_length() {
        for number in (0..1000).chain([9999, 10_000, 123_456, usize::MAX]) {
            let mut text = String::from("r");
            push_number(&mut text, number);
            assert_eq!(text, format!("r{number}"));
        }
    }

    #[test]
    fn places_made_at_once_keep_names_given_before() {
        let mut names = Names::default();
        let cells: Vec<VarId> = (0..6).map(VarId::from_index).collect();
        names.set_var_name(cells[1], "kept");
        names.make_places(&cells);
        assert_eq!(names.given_name(cells[1]), Some("kept"));
        assert_eq!(names.given_name(cells[5]), None);
        names.set_var_name(cells[5], "r2c3");
        assert_eq!(names.given_name(cells[5]), Some("r2c3"));
    }
}
