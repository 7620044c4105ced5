//! Table (an extensional constraint): the values of a few variables form one of a
//! list of allowed tuples. KenKen cages (`+ − × ÷`), killer sums and any small
//! relation without a rule of its own are written this way, most easily from a
//! predicate over the variables' declared ranges.
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::rules::Table;
//!
//! // A cage of two cells over 1..=6 whose product is 12: {2, 6} or {3, 4}.
//! let mut model = Model::new();
//! let cells = model.new_vars_in(2, 1..=6)?;
//! let cage = Table::from_predicate("cage 12×", cells.clone(), &model, |values| {
//!     values[0] * values[1] == 12
//! })?;
//! assert_eq!(cage.tuples().count(), 4); // (2, 6), (3, 4), (4, 3), (6, 2)
//! model.add_rule(cage)?;
//!
//! let mut state = model.domains();
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert!(state.iter(cells[0]).eq([2, 3, 4, 6]));
//! state.remove(cells[1], 4)?; // so the first cell cannot be 3
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert!(state.iter(cells[0]).eq([2, 4, 6]));
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! # How it propagates
//!
//! The rule keeps every candidate that some *live* tuple uses, a tuple being live
//! while each of its values is still a candidate of its variable: generalised arc
//! consistency ([`Consistency::Domain`], inference `"table"`). It does so the
//! Compact-Table way (Demeulenaere et al., CP 2016): when the rule is posted, each
//! (variable, value) gets a *support mask*, the set of tuples holding that value,
//! and the live tuples are a reversible sparse bitset kept in the engine's state.
//! A run compares each variable's candidates with those it saw last (also kept in
//! the state), takes out of the live set the tuples of the values gone — or, when
//! fewer values are left than went, keeps only the tuples of those left — and then
//! removes every value whose support mask no longer meets the live set. Each value
//! remembers the word where it last found a live tuple (a *residue*), so most checks
//! read one word. Words of the live set that empty leave its sparse index, so later
//! runs read only the words that still hold live tuples.
//!
//! A table of at most 256 rows whose columns each span at most 64 values (most
//! puzzle tables: a corner against its edges, a Dominosa cell's neighbours)
//! keeps no state at all: each value's tuples are one to four words, and a run
//! reads the live tuples straight from the candidates, the same values kept for
//! less work.
//!
//! Tables over booleans can be given as rows of bits ([`Table::from_bits`]): a
//! puzzle that posts hundreds of windows of cells (each filling a word) then
//! gets its masks read straight from the words, with no tuple of values made,
//! sorted or hashed on the way.
//!
//! A table holds at most [`Table::MAX_TUPLES`] tuples, and
//! [`Table::from_predicate`] enumerates at most as many combinations. A variable
//! may appear more than once; tuples that give it two values are dropped. Tuples
//! with a value outside a variable's declared range can never hold and are dropped
//! when the rule joins a model. Sentences can be a puzzle's own ([`Table::wording`]).

mod bits;
mod compact;
mod small;
#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::ops::RangeInclusive;
use std::sync::OnceLock;

use smallvec::SmallVec;

use crate::domain::{Value, VarId};
use crate::error::Error;
use crate::model::Model;
use crate::names::Names;
use crate::propagation::{Conflict, Consistency, Context, Cost, Events, Posting, Rule, Watch};
use crate::rules::wording::{Deduction, Wording};

use compact::Compact;
use small::Small;

/// The allowed tuples of a few variables, domain consistent (see the [module
/// docs](self)).
#[derive(Clone, Debug)]
pub struct Table {
    name: String,
    /// The variable of each column.
    vars: Vec<VarId>,
    /// The allowed tuples, sorted and without repeats.
    rows: Rows,
    /// The variables, each once, in order of first appearance, when some
    /// variable fills two columns; `None` when they are `vars` (most
    /// tables: a list of them each was an allocation for every table
    /// posted, Dominosa's 220 a puzzle among them).
    repeated: Option<Vec<VarId>>,
    wording: Wording,
    /// The support masks and state handles, made when the rule joins a model.
    compact: Option<Posted>,
    /// Whether posting looks for an equal table's masks to share
    /// ([`Table::unshared`] turns it off).
    shared: bool,
}

impl Table {
    /// The most tuples a table holds, and the most combinations
    /// [`Table::from_predicate`] enumerates.
    pub const MAX_TUPLES: usize = 1 << 20;

    /// The values of `vars` form one of `tuples` (each as long as `vars`). An empty
    /// list of variables or of tuples, a tuple of another length, or more than
    /// [`Table::MAX_TUPLES`] tuples is [`Error::InvalidRule`].
    ///
    /// ```
    /// use sieve::prelude::*;
    /// use sieve::rules::Table;
    /// let mut model = Model::new();
    /// let xy = model.new_vars(2, 3);
    /// let order = Table::new("x < y", xy.clone(), [[0, 1], [0, 2], [1, 2]])?;
    /// model.add_rule(order)?;
    /// assert_eq!(Search::new(&model, Config::default())?.count(None).solutions, 3);
    /// assert!(Table::new("short", xy, [[0]]).is_err());
    /// # Ok::<(), sieve::Error>(())
    /// ```
    pub fn new<T: AsRef<[Value]>>(
        name: impl Into<String>,
        vars: Vec<VarId>,
        tuples: impl IntoIterator<Item = T>,
    ) -> Result<Self, Error> {
        let name = name.into();
        if vars.is_empty() {
            return Err(invalid(&name, "a table needs at least one variable".into()));
        }
        let arity = vars.len();
        // Whether some variable fills two columns: only then can a tuple
        // disagree with itself (checked once, not pairwise on every row).
        let repeats = has_repeats(&vars);
        let tuples = tuples.into_iter();
        let mut flat = Vec::with_capacity(tuples.size_hint().0.min(Self::MAX_TUPLES) * arity);
        for (row, tuple) in tuples.enumerate() {
            let tuple = tuple.as_ref();
            if tuple.len() != arity {
                return Err(invalid(
                    &name,
                    format!(
                        "tuple {row} has {} values for {arity} variables",
                        tuple.len()
                    ),
                ));
            }
            if row >= Self::MAX_TUPLES {
                return Err(invalid(
                    &name,
                    format!("more than {} tuples", Self::MAX_TUPLES),
                ));
            }
            if !repeats || agrees_on_repeats(&vars, tuple) {
                flat.extend_from_slice(tuple);
            }
        }
        if flat.is_empty() {
            return Err(invalid(&name, "no tuple is allowed".into()));
        }
        Ok(Self::from_rows(name, vars, flat))
    }

    /// The values of `vars` form one of the rows of `flat`, one row of
    /// `vars.len()` values after another: [`Table::new`] for rows already in
    /// one list, which the table takes over rather than copying row by row
    /// (Dominosa's windows, over a hundred a puzzle: the copy was 7 % of
    /// solving an ID). No variables, no rows, a last row cut short, or more
    /// than [`Table::MAX_TUPLES`] rows is [`Error::InvalidRule`].
    ///
    /// ```
    /// use sieve::prelude::*;
    /// use sieve::rules::Table;
    /// let mut model = Model::new();
    /// let xy = model.new_vars(2, 3);
    /// let order = Table::from_flat("x < y", xy.clone(), vec![0, 1, 0, 2, 1, 2])?;
    /// assert!(order.tuples().eq([[0, 1], [0, 2], [1, 2]]));
    /// assert!(Table::from_flat("cut short", xy, vec![0, 1, 2]).is_err());
    /// # Ok::<(), sieve::Error>(())
    /// ```
    pub fn from_flat(
        name: impl Into<String>,
        vars: Vec<VarId>,
        mut flat: Vec<Value>,
    ) -> Result<Self, Error> {
        let name = name.into();
        let arity = vars.len();
        if arity == 0 {
            return Err(invalid(&name, "a table needs at least one variable".into()));
        }
        if !flat.len().is_multiple_of(arity) {
            return Err(invalid(
                &name,
                format!("{} values are not whole rows of {arity}", flat.len()),
            ));
        }
        if flat.len() / arity > Self::MAX_TUPLES {
            return Err(invalid(
                &name,
                format!("more than {} tuples", Self::MAX_TUPLES),
            ));
        }
        if has_repeats(&vars) {
            flat = (flat.chunks_exact(arity))
                .filter(|tuple| agrees_on_repeats(&vars, tuple))
                .flatten()
                .copied()
                .collect();
        }
        if flat.is_empty() {
            return Err(invalid(&name, "no tuple is allowed".into()));
        }
        Ok(Self::from_rows(name, vars, flat))
    }

    /// The tuples of the variables' declared ranges in `model` on which `allowed`
    /// is true (it gets the values in the order of `vars`): a cage's arithmetic, a
    /// relation written as code. More than [`Table::MAX_TUPLES`] combinations to
    /// enumerate, a variable the model lacks, or no tuple allowed is
    /// [`Error::InvalidRule`].
    pub fn from_predicate(
        name: impl Into<String>,
        vars: Vec<VarId>,
        model: &Model,
        allowed: impl FnMut(&[Value]) -> bool,
    ) -> Result<Self, Error> {
        let name = name.into();
        let ranges = (vars.iter())
            .map(|&var| model.range(var))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|error| Error::InvalidRule {
                rule: name.clone(),
                problem: error.to_string(),
            })?;
        Self::from_predicate_in(name, vars, &ranges, allowed)
    }

    /// [`Table::from_predicate`] over ranges of your own, one per variable
    /// (narrower than the declared ones, say, to enumerate less).
    pub fn from_predicate_in(
        name: impl Into<String>,
        vars: Vec<VarId>,
        ranges: &[RangeInclusive<Value>],
        mut allowed: impl FnMut(&[Value]) -> bool,
    ) -> Result<Self, Error> {
        let name = name.into();
        if ranges.len() != vars.len() {
            return Err(invalid(
                &name,
                format!("{} ranges for {} variables", ranges.len(), vars.len()),
            ));
        }
        let combinations = (ranges.iter())
            .map(|range| (i64::from(*range.end()) - i64::from(*range.start()) + 1).max(0) as u128)
            .product::<u128>();
        if combinations > Self::MAX_TUPLES as u128 {
            return Err(invalid(
                &name,
                format!(
                    "the ranges hold {combinations} combinations, more than the {} a table enumerates",
                    Self::MAX_TUPLES
                ),
            ));
        }
        // One flat list of rows, not a vector a row: the combinations come in
        // increasing order, so the rows need no sorting either.
        let repeats = has_repeats(&vars);
        let mut flat: Vec<Value> = Vec::new();
        for_each_combination(ranges, |values| {
            if (!repeats || agrees_on_repeats(&vars, values)) && allowed(values) {
                flat.extend_from_slice(values);
            }
        });
        if flat.is_empty() {
            return Err(invalid(&name, "no tuple is allowed".into()));
        }
        Ok(Self::from_rows(name, vars, flat))
    }

    /// The table of rows `flat` (already checked), sorted and without repeats
    /// (rows given so, as most generated lists are, are kept as they come),
    /// with each column's span found on the same pass.
    fn from_rows(name: String, vars: Vec<VarId>, flat: Vec<Value>) -> Self {
        let arity = vars.len();
        let (spans, ascending) = spans_and_order(&flat, arity);
        let tuples = if ascending {
            flat
        } else {
            let mut rows: Vec<&[Value]> = flat.chunks_exact(arity).collect();
            rows.sort_unstable();
            rows.dedup();
            rows.concat()
        };
        let repeated = repeated(&vars);
        Table {
            name,
            vars,
            rows: Rows::Values { tuples, spans },
            repeated,
            wording: Wording::default(),
            compact: None,
            shared: true,
        }
    }

    /// The values of boolean `vars` (0 or 1) form one of `rows`, each a row of
    /// bits: bit `i` is the value of column `i`. The rows need no order and
    /// may repeat. For tables built by the thousand (a window of cells and
    /// the clues they meet, say): the support masks are made straight from
    /// the bits, with no tuple of values in between. No variables or rows,
    /// more than 64 variables, a row with a bit past the last column, or more
    /// than [`Table::MAX_TUPLES`] rows is [`Error::InvalidRule`].
    ///
    /// ```
    /// use sieve::prelude::*;
    /// use sieve::rules::Table;
    /// let mut model = Model::new();
    /// let cells = model.new_vars(3, 2);
    /// // Exactly one of three cells set: rows 001, 010, 100.
    /// let one = Table::from_bits("one of three", cells.clone(), [0b001, 0b010, 0b100])?;
    /// assert!(one.tuples().eq([[0, 0, 1], [0, 1, 0], [1, 0, 0]]));
    /// model.add_rule(one)?;
    /// let mut state = model.domains();
    /// state.assign(cells[1], 1)?;
    /// propagate(&model, &mut state, Schedule::Queue, None)?;
    /// assert_eq!((state.value(cells[0]), state.value(cells[2])), (Some(0), Some(0)));
    /// # Ok::<(), sieve::Error>(())
    /// ```
    pub fn from_bits(
        name: impl Into<String>,
        vars: Vec<VarId>,
        rows: impl IntoIterator<Item = u64>,
    ) -> Result<Self, Error> {
        let name = name.into();
        let arity = vars.len();
        if vars.is_empty() || arity > 64 {
            return Err(invalid(
                &name,
                format!("a table of bits needs 1 to 64 variables, not {arity}"),
            ));
        }
        let columns = u64::MAX >> (64 - arity);
        let repeats = has_repeats(&vars);
        // Collected as they come (a vector of rows is taken over, not
        // copied), then checked.
        let mut kept: Vec<u64> = rows.into_iter().take(Self::MAX_TUPLES + 1).collect();
        if kept.len() > Self::MAX_TUPLES {
            return Err(invalid(
                &name,
                format!("more than {} tuples", Self::MAX_TUPLES),
            ));
        }
        if let Some(index) = kept.iter().position(|row| row & !columns != 0) {
            return Err(invalid(
                &name,
                format!("row {index} has a bit past column {arity}"),
            ));
        }
        if repeats {
            kept.retain(|&row| bits_agree_on_repeats(&vars, row));
        }
        if kept.is_empty() {
            return Err(invalid(&name, "no tuple is allowed".into()));
        }
        bits::sort_and_dedup(&mut kept, arity);
        Ok(Table {
            name,
            repeated: repeated(&vars),
            vars,
            rows: Rows::Bits {
                rows: kept,
                values: OnceLock::new(),
            },
            wording: Wording::default(),
            compact: None,
            shared: true,
        })
    }

    /// The tuples, one row of values after another (those of a table of bits
    /// spelt out the first time they are asked for).
    fn flat(&self) -> &[Value] {
        match &self.rows {
            Rows::Values { tuples, .. } => tuples,
            Rows::Bits { rows, values } => {
                values.get_or_init(|| bits::spelt_out(rows, self.vars.len()))
            }
        }
    }

    /// Every variable but the one of column `index`: the cause of a removal
    /// there (made when a removal needs it, not kept per column).
    fn others(&self, index: usize) -> SmallVec<[VarId; 8]> {
        let var = self.vars[index];
        (self.distinct().iter().copied())
            .filter(|&other| other != var)
            .collect()
    }

    /// The variables, each once, in order of first appearance.
    fn distinct(&self) -> &[VarId] {
        self.repeated.as_deref().unwrap_or(&self.vars)
    }

    /// Word the rule's changes in a puzzle's own sentences (see [`Wording`]); the
    /// deduction's value is the value removed.
    pub fn wording(
        mut self,
        say: impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static,
    ) -> Self {
        self.wording = Wording::new(say);
        self
    }

    /// Make this table's masks for it alone when it joins a model, without
    /// looking for an equal table's to share. Looking copies the tuples into
    /// a key, hashes it and keeps it until the model goes: for tables over
    /// values of their own, which no other table repeats (Dominosa's
    /// windows, whose partner values name the cells around each cell), that
    /// was about 4 % of solving an ID, for nothing.
    ///
    /// ```
    /// use sieve::prelude::*;
    /// use sieve::rules::Table;
    /// let mut model = Model::new();
    /// let xy = model.new_vars(2, 3);
    /// model.add_rule(Table::new("x < y", xy.clone(), [[0, 1], [1, 2]])?.unshared())?;
    /// assert_eq!(Search::new(&model, Config::default())?.count(None).solutions, 2);
    /// # Ok::<(), sieve::Error>(())
    /// ```
    pub fn unshared(mut self) -> Self {
        self.shared = false;
        self
    }

    /// The variables, one per column.
    pub fn vars(&self) -> &[VarId] {
        &self.vars
    }

    /// The allowed tuples, in increasing order, each once.
    pub fn tuples(&self) -> impl Iterator<Item = &[Value]> + '_ {
        self.flat().chunks_exact(self.vars.len())
    }

    /// The sentence of a removal, by default `x3 cannot be 4: no allowed combination
    /// of cage 12× has it with what is left` (`anywhere`: some tuple holds the
    /// value; else the sentence ends at "has it").
    fn sentence(&self, names: &Names, deduction: &Deduction<'_>, anywhere: bool) -> String {
        let default = |names: &Names| {
            let value = deduction
                .value
                .map_or_else(String::new, |value| names.label_of(deduction.var, value));
            let left = if anywhere { " with what is left" } else { "" };
            format!(
                "{} cannot be {value}: no allowed combination of {} has it{left}",
                names.var_name(deduction.var),
                self.name
            )
        };
        self.wording.sentence(names, deduction, default)
    }
}

/// The error of a table `name` that cannot be made, and why.
fn invalid(name: &str, problem: String) -> Error {
    Error::InvalidRule {
        rule: name.to_string(),
        problem,
    }
}

/// A table's allowed tuples.
#[derive(Clone, Debug)]
enum Rows {
    /// One row of `vars.len()` values after another, and each column's
    /// smallest and largest value (found as the rows are taken in, so that
    /// posting need not pass over them again for it).
    Values { tuples: Vec<Value>, spans: Spans },
    /// Rows over boolean columns, one bit a column (bit `i` the value of
    /// column `i`), in increasing order as numbers; the tuples as values are
    /// spelt out (and put in their own order) only when asked for
    /// ([`Table::tuples`]).
    Bits {
        rows: Vec<u64>,
        values: OnceLock<Vec<Value>>,
    },
}

/// What a table compiled when it joined a model: a single word of tuples read
/// straight from the domains, or Compact-Table's masks and reversible state.
#[derive(Clone, Debug)]
enum Posted {
    Small(Small),
    Compact(Compact),
}

#[cfg(test)]
impl Posted {
    /// Where the shared masks lie, to tell shared from separate ones.
    fn masks_address(&self) -> *const () {
        match self {
            Posted::Small(small) => small.masks_address(),
            Posted::Compact(compact) => std::sync::Arc::as_ptr(&compact.masks).cast(),
        }
    }
}

/// The rows of `tuples` (`arity` values each) whose every value lies in its
/// column's range (`low`, `high`), one after another: at posting, most
/// tables' rows all fit, and then they are borrowed as they are (a list of
/// the rows made for every table posted was a tenth of posting Dominosa's).
fn rows_in_ranges<'a>(
    tuples: &'a [Value],
    arity: usize,
    ranges: &[(Value, Value)],
) -> Cow<'a, [Value]> {
    let fits = |tuple: &[Value]| {
        (tuple.iter().zip(ranges)).all(|(value, (low, high))| (low..=high).contains(&value))
    };
    let rows = || tuples.chunks_exact(arity.max(1));
    if rows().all(fits) {
        return Cow::Borrowed(tuples);
    }
    Cow::Owned(
        rows()
            .filter(|tuple| fits(tuple))
            .flatten()
            .copied()
            .collect(),
    )
}

/// Each column's smallest and largest value, `(Value::MAX, Value::MIN)` for
/// a table without rows.
type Spans = SmallVec<[(Value, Value); 16]>;

/// Each column's smallest and largest value over the rows of `tuples`
/// (`arity` values each; `(Value::MAX, Value::MIN)` for a table without
/// rows), and whether the rows increase, in one pass over the rows. Tables
/// of up to six columns (most puzzles' tables: Dominosa makes a hundred
/// windows of five a puzzle) take a pass compiled for their width, the
/// spans kept in registers: 24 M instructions on `dominosa-9dh` where a
/// pass over any width took 58 M.
fn spans_and_order(tuples: &[Value], arity: usize) -> (Spans, bool) {
    match arity {
        1 => spans_and_order_of::<1>(tuples),
        2 => spans_and_order_of::<2>(tuples),
        3 => spans_and_order_of::<3>(tuples),
        4 => spans_and_order_of::<4>(tuples),
        5 => spans_and_order_of::<5>(tuples),
        6 => spans_and_order_of::<6>(tuples),
        _ => spans_and_order_of_any(tuples, arity),
    }
}

/// [`spans_and_order`] for rows of `N` values.
fn spans_and_order_of<const N: usize>(tuples: &[Value]) -> (Spans, bool) {
    let (rows, _) = tuples.as_chunks::<N>();
    let mut spans = [(Value::MAX, Value::MIN); N];
    for row in rows {
        for (span, &value) in spans.iter_mut().zip(row) {
            *span = (span.0.min(value), span.1.max(value));
        }
    }
    let ascending = rows.windows(2).all(|pair| pair[0] < pair[1]);
    (SmallVec::from_slice(&spans), ascending)
}

/// [`spans_and_order`] for rows of any length.
fn spans_and_order_of_any(tuples: &[Value], arity: usize) -> (Spans, bool) {
    let mut spans: Spans = smallvec::smallvec![(Value::MAX, Value::MIN); arity];
    for row in tuples.chunks_exact(arity) {
        for (span, &value) in spans.iter_mut().zip(row) {
            *span = (span.0.min(value), span.1.max(value));
        }
    }
    let rows = || tuples.chunks_exact(arity);
    let ascending = rows().zip(rows().skip(1)).all(|(row, next)| row < next);
    (spans, ascending)
}

/// Whether every column's values (`spans`, as [`spans_and_order`] gives them)
/// lie in its declared range (`ranges`): then every row fits the ranges.
fn spans_fit(spans: &[(Value, Value)], ranges: &[(Value, Value)]) -> bool {
    (spans.iter().zip(ranges)).all(|(&(low, high), &(first, last))| first <= low && high <= last)
}

/// The variables, each once, in order of first appearance, when some
/// variable appears twice (`None` when they are `vars` as they are).
fn repeated(vars: &[VarId]) -> Option<Vec<VarId>> {
    if !has_repeats(vars) {
        return None;
    }
    let mut distinct: Vec<VarId> = Vec::with_capacity(vars.len());
    for &var in vars {
        if !distinct.contains(&var) {
            distinct.push(var);
        }
    }
    Some(distinct)
}

/// Whether a row of bits gives each variable that appears more than once one
/// value.
fn bits_agree_on_repeats(vars: &[VarId], row: u64) -> bool {
    (0..vars.len())
        .all(|i| (i + 1..vars.len()).all(|j| vars[i] != vars[j] || (row >> i ^ row >> j) & 1 == 0))
}

/// Whether some variable appears in two columns.
fn has_repeats(vars: &[VarId]) -> bool {
    (0..vars.len()).any(|i| vars[i + 1..].contains(&vars[i]))
}

/// Whether a tuple gives each variable that appears more than once one value.
fn agrees_on_repeats(vars: &[VarId], tuple: &[Value]) -> bool {
    (0..vars.len()).all(|i| (i + 1..vars.len()).all(|j| vars[i] != vars[j] || tuple[i] == tuple[j]))
}

/// Call `visit` with every combination of one value per range, the last range
/// turning fastest (so the tuples come in increasing order).
fn for_each_combination(ranges: &[RangeInclusive<Value>], mut visit: impl FnMut(&[Value])) {
    if ranges.iter().any(|range| range.is_empty()) {
        return;
    }
    let mut values: SmallVec<[Value; 8]> = ranges.iter().map(|range| *range.start()).collect();
    loop {
        visit(&values);
        let Some(turn) = (0..ranges.len())
            .rev()
            .find(|&i| values[i] < *ranges[i].end())
        else {
            return;
        };
        values[turn] += 1;
        for later in turn + 1..ranges.len() {
            values[later] = *ranges[later].start();
        }
    }
}

impl Rule for Table {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(self.distinct(), Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Cost::Quadratic
    }

    fn idempotent(&self) -> bool {
        // Values are removed only when no live tuple holds them, so the live set a
        // second run computes is the same, and so are the values it supports.
        true
    }

    fn consistency(&self) -> Consistency {
        Consistency::Domain
    }

    fn post(&mut self, posting: &mut Posting<'_>) -> Result<(), crate::Error> {
        self.compact = Some(match &self.rows {
            Rows::Values { tuples, spans } => {
                let rows = (tuples.as_slice(), &spans[..]);
                match Small::new(&self.vars, rows, self.shared, posting) {
                    Some(small) => Posted::Small(small),
                    None => Posted::Compact(Compact::new(&self.vars, rows, self.shared, posting)),
                }
            }
            Rows::Bits { rows, .. } => {
                let kept = bits::rows_in_ranges(rows, &self.vars, posting);
                match Small::from_bits(self.vars.len(), &kept) {
                    Some(small) => Posted::Small(small),
                    None => Posted::Compact(Compact::from_bits(&self.vars, &kept, posting)),
                }
            }
        });
        Ok(())
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        match &self.compact {
            Some(Posted::Small(small)) => small.propagate(self, ctx),
            Some(Posted::Compact(compact)) => compact.propagate(self, ctx),
            None => compact::from_scratch(self, ctx),
        }
    }

    fn holds(&self, values: &[Value]) -> bool {
        if let Rows::Bits { rows, .. } = &self.rows {
            return bits::holds(rows, &self.vars, values);
        }
        let tuple: SmallVec<[Value; 8]> = self.vars.iter().map(|var| values[var.index()]).collect();
        let arity = self.vars.len();
        let tuples = self.flat();
        let row = |index: usize| &tuples[index * arity..(index + 1) * arity];
        // Binary search for the first row not below the tuple.
        let (mut low, mut high) = (0, tuples.len() / arity);
        while low < high {
            let middle = low + (high - low) / 2;
            if row(middle) < &tuple[..] {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        low < tuples.len() / arity && row(low) == &tuple[..]
    }
}
