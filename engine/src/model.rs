//! A model: variables, their initial domains, and the rules over them.
//!
//! ```
//! use sieve::prelude::*;
//! let mut model = Model::new();
//! let [a, b] = model.new_vars(2, 4)[..] else { unreachable!() };
//! model.set_name(a, "a");
//! model.add_rule(LinearSum::sum_equals("a + b = 5", &[a, b], 5))?;
//! assert_eq!((model.num_vars(), model.num_rules()), (2, 1));
//! assert_eq!(model.var_name(a), "a");
//! assert_eq!(model.violated(&[2, 3])?, None);
//! assert!(model.violated(&[2]).is_err(), "one value per variable");
//! # Ok::<(), sieve::Error>(())
//! ```

use std::ops::RangeInclusive;
use std::sync::{Arc, OnceLock};

use crate::domain::{Domains, Layout};
use crate::error::Error;
use crate::ids::{RuleId, Value, VarId};
use crate::names::Names;
use crate::propagation::shared::SharedParts;
use crate::propagation::{Events, Posting, Rule};
use crate::value_set::ValueSet;

/// For each variable, the rules that watch it and for which events, flattened so that
/// waking costs one slice look-up. Each variable's entries list the rules it can wake
/// first and the rules that only read it (`Events::NONE`) last, so waking never scans
/// the readers.
#[derive(Debug)]
pub(crate) struct Watchers {
    starts: Vec<u32>,
    wake_ends: Vec<u32>,
    entries: Vec<(RuleId, Events)>,
    /// Per variable: every event some rule wakes on, so that a change nobody waits
    /// for costs one test instead of a scan of the list; and the rule, when only
    /// one can wake, so that waking it needs no scan either.
    wake_events: Vec<(Events, Option<RuleId>)>,
}

impl Watchers {
    /// The watchers of `vars` variables from every watch, in rule order: each
    /// variable's entries are placed by counting (its wakers first, then its
    /// readers, each group in rule order), with no list a variable to grow (a
    /// skyscrapers model spent more on those small vectors than on its first
    /// search), and the counts become the next free places.
    fn new(watches: &[(VarId, RuleId, Events)], vars: usize) -> Self {
        // Per variable: how many rules it can wake, and how many only read it.
        let mut counts = vec![(0u32, 0u32); vars];
        let mut wake_events = vec![(Events::NONE, None); vars];
        for &(var, id, events) in watches {
            let index = var.index();
            let (wakers, readers) = &mut counts[index];
            if events == Events::NONE {
                *readers += 1;
                continue;
            }
            *wakers += 1;
            let (waited, sole) = &mut wake_events[index];
            *waited = *waited | events;
            *sole = (*wakers == 1).then_some(id);
        }
        let mut starts = Vec::with_capacity(vars + 1);
        let mut wake_ends = Vec::with_capacity(vars);
        let mut start = 0u32;
        for count in &mut counts {
            let (wakers, readers) = *count;
            starts.push(start);
            wake_ends.push(start + wakers);
            // From here on: the next free place of its wakers and readers.
            *count = (start, start + wakers);
            start += wakers + readers;
        }
        starts.push(start);
        let mut entries = vec![(RuleId(0), Events::NONE); watches.len()];
        for &(var, id, events) in watches {
            let (next_waker, next_reader) = &mut counts[var.index()];
            let next = if events == Events::NONE {
                next_reader
            } else {
                next_waker
            };
            entries[*next as usize] = (id, events);
            *next += 1;
        }
        Watchers {
            starts,
            wake_ends,
            entries,
            wake_events,
        }
    }

    /// The rules a change of `var` may wake.
    #[inline]
    pub(crate) fn of(&self, var: VarId) -> &[(RuleId, Events)] {
        let i = var.index();
        &self.entries[self.starts[i] as usize..self.wake_ends[i] as usize]
    }

    /// The events of `var` that wake at least one rule, and that rule when it is the
    /// only one `var` can wake.
    #[inline]
    pub(crate) fn wake_events(&self, var: VarId) -> (Events, Option<RuleId>) {
        self.wake_events[var.index()]
    }

    /// Every rule that reads `var`, woken by it or not.
    pub(crate) fn involving(&self, var: VarId) -> &[(RuleId, Events)] {
        let i = var.index();
        &self.entries[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

/// Variables with bitset or interval domains (see [`crate::domain`]) and the
/// rules over them.
///
/// A model is built once and then solved many times: every [`crate::Search`] borrows
/// it, and several threads may search it at once.
#[derive(Default)]
pub struct Model {
    /// Each variable's first value and number of values.
    ranges: Vec<(Value, u64)>,
    names: Names,
    rules: Vec<Box<dyn Rule>>,
    /// Every rule's watches, in rule order, one list for the whole model: the
    /// [`Watchers`] are sorted from it with no call to the rules.
    watches: Vec<(VarId, RuleId, Events)>,
    /// The initial words of every rule's reversible state, in the order asked.
    state: Vec<u64>,
    /// What equal rules computed once at posting ([`Posting::shared`]).
    shared: SharedParts,
    /// Givens and unary clues: each variable's starting candidates, where narrowed.
    restrictions: Vec<(VarId, ValueSet)>,
    /// Set by [`Model::set_branch_order`]; creation order when `None`.
    branch_order: Option<Vec<VarId>>,
    layout: OnceLock<Arc<Layout>>,
    watchers: OnceLock<Watchers>,
}

impl Model {
    /// An empty model.
    pub fn new() -> Self {
        Self::default()
    }

    /// A new variable whose values are `0..size` (at least one value, at most
    /// 2³¹ so that each is a [`Value`]); an interval above
    /// [`Model::BITSET_LIMIT`] values.
    pub fn new_var(&mut self, size: u32) -> VarId {
        self.push_var(0, u64::from(size.clamp(1, 1 << 31)))
    }

    /// The most values a variable's domain holds as a bitset, one bit a value:
    /// 65,536, a domain of 1,024 words (8 KiB). A wider range is an *interval*
    /// (its smallest and largest candidate in one word; see [`crate::domain`]):
    /// a bitset that size would make every saved state and every value-reading
    /// rule cost in proportion to the range, and ranges that wide come from
    /// arithmetic (sums, products, horizons), where bounds are what rules
    /// reason on. The limit is the widest domain the FlatZinc reader accepted
    /// as a bitset before intervals existed, so every such model keeps its
    /// exact domains.
    pub const BITSET_LIMIT: u32 = 1 << 16;

    /// A new variable over its own range of values, read and written in it: a digit
    /// is `1..=9`, a signed offset `-3..=3`, so that sums and clues take the numbers
    /// of the puzzle. Any non-empty range of `i32` values is allowed: one of more
    /// than [`Model::BITSET_LIMIT`] values is an interval (see [`crate::domain`]),
    /// up to `i32::MIN..=i32::MAX`. An empty range is an error.
    ///
    /// ```
    /// use sieve::prelude::*;
    /// let mut model = Model::new();
    /// let digits = model.new_vars_in(3, 1..=9)?;
    /// model.add_rule(AllDifferent::new("distinct", digits.clone()))?;
    /// model.add_rule(LinearSum::sum_equals("sum is 7", &digits, 7))?;
    /// model.fix(digits[0], 4)?;
    /// let search = Search::new(&model, Config::default())?;
    /// let solutions: Vec<Vec<Value>> = search.map(|solution| solution.values).collect();
    /// assert_eq!(solutions, vec![vec![4, 1, 2], vec![4, 2, 1]]);
    /// assert!(model.fix(digits[1], 0).is_err(), "0 is not a digit");
    /// assert!(model.new_var_in(5..=4).is_err());
    /// # Ok::<(), sieve::Error>(())
    /// ```
    pub fn new_var_in(&mut self, range: RangeInclusive<Value>) -> Result<VarId, Error> {
        let (start, end) = range.into_inner();
        if start > end {
            return Err(Error::EmptyRange { start, end });
        }
        let size = i64::from(end) - i64::from(start) + 1;
        Ok(self.push_var(start, size as u64))
    }

    /// `count` new variables over the same range (see [`Model::new_var_in`]).
    pub fn new_vars_in(
        &mut self,
        count: usize,
        range: RangeInclusive<Value>,
    ) -> Result<Vec<VarId>, Error> {
        let (start, end) = range.into_inner();
        if count == 0 {
            return Ok(Vec::new());
        }
        if start > end {
            return Err(Error::EmptyRange { start, end });
        }
        let size = i64::from(end) - i64::from(start) + 1;
        Ok(self.push_vars(count, start, size as u64))
    }

    /// The values `var` was declared with, or an error naming it when the model
    /// lacks it.
    pub fn range(&self, var: VarId) -> Result<RangeInclusive<Value>, Error> {
        let (first, size) = self.range_of(var)?;
        Ok(first..=(i64::from(first) + size as i64 - 1) as Value)
    }

    /// Drop the layout and watchers made for the model as it was, if any: a
    /// variable or rule added changes them. (Assigning a fresh `OnceLock`
    /// dropped the old one on each of a Tracks model's 645 variables.)
    #[inline]
    fn forget_layout(&mut self) {
        // Asked inline first: while a model is built there is nothing to
        // forget, and the call that takes the locks was 1 % of a Tracks ID.
        if self.layout.get().is_some() || self.watchers.get().is_some() {
            self.take_layout();
        }
    }

    /// [`Model::forget_layout`]'s work, out of line.
    #[cold]
    #[inline(never)]
    fn take_layout(&mut self) {
        self.layout.take();
        self.watchers.take();
    }

    /// Add a variable of `size` values from `first`.
    fn push_var(&mut self, first: Value, size: u64) -> VarId {
        let id = VarId(self.ranges.len() as u32);
        self.ranges.push((first, size));
        if let Some(order) = &mut self.branch_order {
            order.push(id);
        }
        self.forget_layout();
        id
    }

    /// Add `count` variables of `size` values from `first`, at once: a
    /// variable at a time, through a collect that could not know its length,
    /// was 1.6 % of solving a Fillomino ID.
    fn push_vars(&mut self, count: usize, first: Value, size: u64) -> Vec<VarId> {
        let begin = self.ranges.len();
        self.ranges.resize(begin + count, (first, size));
        let ids: Vec<VarId> = (begin..begin + count)
            .map(|index| VarId(index as u32))
            .collect();
        if let Some(order) = &mut self.branch_order {
            order.extend_from_slice(&ids);
        }
        self.forget_layout();
        ids
    }

    /// Restrict `var` from the start to the values of `values`: a unary clue, part of
    /// the model, so that every state the model makes ([`Model::domains`], and so
    /// [`crate::Search::new`], the oracle and traces) starts from it. Restrictions
    /// add up. An interval variable ([`Model::is_bounds`]) takes only a set
    /// without gaps ([`Error::GapsInInterval`] otherwise).
    ///
    /// ```
    /// use sieve::prelude::*;
    /// let mut model = Model::new();
    /// let cells = model.new_vars(3, 3);
    /// model.add_rule(AllDifferent::new("row", cells.clone()))?;
    /// model.fix(cells[0], 2)?;
    /// model.restrict(cells[1], &ValueSet::range(0..2))?;
    /// assert_eq!(model.domains().value(cells[0]), Some(2));
    /// assert_eq!(Search::new(&model, Config::default())?.count(None).solutions, 2);
    /// assert!(model.fix(cells[2], 3).is_err()); // values are 0..3
    /// # Ok::<(), sieve::Error>(())
    /// ```
    pub fn restrict(&mut self, var: VarId, values: &ValueSet) -> Result<(), Error> {
        let range = self.range(var)?;
        if let Some(value) = [values.min(), values.max()]
            .into_iter()
            .flatten()
            .find(|value| !range.contains(value))
        {
            return Err(Error::ValueOutOfRange {
                var: var.index(),
                value,
                range,
            });
        }
        if let (true, Some(min), Some(max)) = (self.is_bounds(var), values.min(), values.max())
            && values.len() as i64 != i64::from(max) - i64::from(min) + 1
        {
            return Err(Error::GapsInInterval {
                var: var.index(),
                count: values.len(),
                min,
                max,
            });
        }
        self.restrictions.push((var, values.clone()));
        Ok(())
    }

    /// Whether `var`'s domain is an interval rather than a bitset: its range has
    /// more than [`Model::BITSET_LIMIT`] values (see [`crate::domain`]).
    pub fn is_bounds(&self, var: VarId) -> bool {
        self.ranges
            .get(var.index())
            .is_some_and(|&(_, size)| size > u64::from(Self::BITSET_LIMIT))
    }

    /// Fix `var` to `value` from the start: a given (see [`Model::restrict`]).
    pub fn fix(&mut self, var: VarId, value: Value) -> Result<(), Error> {
        self.restrict(var, &ValueSet::single(value))
    }

    /// The first value and number of values of `var`, or an error naming it when
    /// the model lacks it.
    fn range_of(&self, var: VarId) -> Result<(Value, u64), Error> {
        self.ranges
            .get(var.index())
            .copied()
            .ok_or(Error::NoSuchVariable {
                var: var.index(),
                vars: self.ranges.len(),
            })
    }

    /// `count` new variables of the same size.
    pub fn new_vars(&mut self, count: usize, size: u32) -> Vec<VarId> {
        self.push_vars(count, 0, u64::from(size.clamp(1, 1 << 31)))
    }

    /// Give a variable a name for traces and explanations (such as `"r3c5"`).
    pub fn set_name(&mut self, var: VarId, name: impl AsRef<str>) {
        self.names.set_var_name(var, name.as_ref());
    }

    /// Name `var` by what `write` appends to a text (crate-internal: the
    /// model's shared name text, so that a name built from parts is not made
    /// and copied first).
    pub(crate) fn set_name_with(&mut self, var: VarId, write: impl FnOnce(&mut String)) {
        self.names.set_var_name_with(var, write);
    }

    /// Make room for `names` more variable names of about `length` bytes.
    pub(crate) fn reserve_names(&mut self, names: usize, length: usize) {
        self.names.reserve(names, length);
    }

    /// Name a grid's cells, given row by row `width` a row: `r1c1`, `r1c2`, …
    /// (written into one reused text: a `format!` a cell was a tenth of
    /// building a Binairo model).
    ///
    /// ```
    /// use sieve::prelude::*;
    /// let mut model = Model::new();
    /// let cells = model.new_vars(6, 2);
    /// model.name_grid_cells(&cells, 3);
    /// assert_eq!(model.var_name(cells[4]), "r2c2");
    /// ```
    pub fn name_grid_cells(&mut self, cells: &[VarId], width: usize) {
        let width = width.max(1);
        self.names.reserve(cells.len(), "r10c10".len());
        self.names.make_places(cells);
        for (cell, &var) in cells.iter().enumerate() {
            let (row, column) = (cell / width, cell % width);
            (self.names)
                .set_var_name_with(var, |text| crate::names::push_cell_name(text, row, column));
        }
    }

    /// A variable's name: the one given, or `x<index>`.
    pub fn var_name(&self, var: VarId) -> String {
        self.names.var_name(var)
    }

    /// The names of variables and labels of values, as sentences read them.
    pub fn names(&self) -> &Names {
        &self.names
    }

    /// Set the order in which search considers variables: [`crate::VarOrder::First`]
    /// branches on the first unassigned one in it, and the other variable orders break
    /// ties by it. The default is creation order; variables created later join at the
    /// end. A model can keep the variables in the order its rules read them (columns of
    /// a board left to right) and still branch in another (middle columns first).
    ///
    /// ```
    /// use sieve::prelude::*;
    /// let mut model = Model::new();
    /// let vars = model.new_vars(3, 2);
    /// model.set_branch_order(vec![vars[2], vars[0], vars[1]]).unwrap();
    /// assert_eq!(model.branch_order(), Some(&[vars[2], vars[0], vars[1]][..]));
    /// assert!(model.set_branch_order(vec![vars[0], vars[0], vars[1]]).is_err());
    /// ```
    pub fn set_branch_order(&mut self, order: Vec<VarId>) -> Result<(), Error> {
        let vars = self.num_vars();
        let problem = |problem: String| Error::BranchOrder { vars, problem };
        if order.len() != vars {
            return Err(problem(format!("it names {}", order.len())));
        }
        let mut seen = vec![false; vars];
        for var in &order {
            let Some(slot) = seen.get_mut(var.index()) else {
                return Err(problem(format!("{var} is not a variable of the model")));
            };
            if std::mem::replace(slot, true) {
                return Err(problem(format!("{var} appears twice")));
            }
        }
        self.branch_order = Some(order);
        Ok(())
    }

    /// The variables in the order search considers them (see
    /// [`Model::set_branch_order`]); `None` when that is creation order.
    pub fn branch_order(&self) -> Option<&[VarId]> {
        self.branch_order.as_deref()
    }

    /// Every variable, in branch order.
    pub fn vars_in_branch_order(&self) -> impl Iterator<Item = VarId> + '_ {
        let order = self.branch_order.as_deref();
        let creation = order.is_none().then(|| self.vars()).into_iter().flatten();
        order.unwrap_or_default().iter().copied().chain(creation)
    }

    /// Give values labels for traces and explanations: `labels[v]` is how a person
    /// writes value `v` (a sudoku's `"7"` for value 6).
    pub fn set_value_labels(&mut self, labels: Vec<String>) {
        self.names.set_value_labels(labels);
    }

    /// A value's label: the one given, or the number.
    pub fn value_label(&self, value: Value) -> String {
        self.names.value_label(value)
    }

    /// Write the values of some variables by a function of the variable and
    /// the value, called only when a trace or an explanation writes one; it
    /// answers `None` for the variables it does not label, which keep
    /// [`Model::set_value_labels`]. For variables whose values stand for
    /// something other than numbers: a Signpost cell's successor, valued by
    /// cell index, reads `after r1c2 ≠ r4c5` rather than `≠ 28`.
    ///
    /// ```
    /// use sieve::prelude::*;
    /// let mut model = Model::new();
    /// let (number, next) = (model.new_var(4), model.new_var(4));
    /// model.set_value_labeller(move |var, value| (var == next).then(|| format!("cell {value}")));
    /// assert_eq!(model.label_of(next, 2), "cell 2");
    /// assert_eq!(model.label_of(number, 2), "2");
    /// ```
    pub fn set_value_labeller(
        &mut self,
        labeller: impl Fn(VarId, Value) -> Option<String> + Send + Sync + 'static,
    ) {
        self.names.set_labeller(labeller);
    }

    /// How `var`'s value `value` is written ([`Model::set_value_labeller`],
    /// else [`Model::value_label`]).
    pub fn label_of(&self, var: VarId, value: Value) -> String {
        self.names.label_of(var, value)
    }

    /// Add a rule; its watches must name variables of this model.
    pub fn add_rule(&mut self, rule: impl Rule + 'static) -> Result<RuleId, Error> {
        self.add_boxed(Box::new(rule))
    }

    /// Add a rule that is already boxed.
    pub fn add_boxed(&mut self, mut rule: Box<dyn Rule>) -> Result<RuleId, Error> {
        let watches = rule.watches();
        // One pass for both checks (a Slant model adds 129 rules an ID): the
        // first unknown variable, else the first interval a rule of values
        // cannot read.
        let handles_intervals = rule.handles_intervals();
        let mut interval = None;
        for watch in &watches {
            let Some(&(_, size)) = self.ranges.get(watch.var.index()) else {
                return Err(Error::UnknownVariable {
                    rule: rule.name().to_string(),
                    var: watch.var.index(),
                    vars: self.ranges.len(),
                });
            };
            if !handles_intervals && interval.is_none() && size > u64::from(Self::BITSET_LIMIT) {
                interval = Some(watch);
            }
        }
        if let Some(watch) = interval {
            return Err(Error::InvalidRule {
                rule: rule.name().to_string(),
                problem: format!(
                    "variable {} is an interval (more than {} values), and this rule reads \
                     domains value by value: it needs bitset domains",
                    self.names.var_name(watch.var),
                    Self::BITSET_LIMIT
                ),
            });
        }
        let state_before = self.state.len();
        let posted = rule.post(&mut Posting {
            initial: &mut self.state,
            shared: &mut self.shared,
            ranges: &self.ranges,
        });
        if let Err(error) = posted {
            // A refused rule leaves no state behind.
            self.state.truncate(state_before);
            return Err(error);
        }
        let id = RuleId(self.rules.len() as u32);
        (self.watches).extend(watches.into_iter().map(|w| (w.var, id, w.events)));
        self.rules.push(rule);
        self.forget_layout();
        Ok(id)
    }

    /// How many variables the model has.
    pub fn num_vars(&self) -> usize {
        self.ranges.len()
    }

    /// How many rules the model has.
    pub fn num_rules(&self) -> usize {
        self.rules.len()
    }

    /// Every variable, in creation order.
    pub fn vars(&self) -> impl Iterator<Item = VarId> + '_ {
        (0..self.ranges.len()).map(VarId::from_index)
    }

    /// A rule by its id.
    pub fn rule(&self, id: RuleId) -> &dyn Rule {
        self.rules[id.index()].as_ref()
    }

    /// Every rule with its id, in the order added.
    pub fn rules(&self) -> impl Iterator<Item = (RuleId, &dyn Rule)> + '_ {
        self.rules
            .iter()
            .enumerate()
            .map(|(i, rule)| (RuleId(i as u32), rule.as_ref()))
    }

    /// The start state: every value of every variable, less the restrictions
    /// ([`Model::restrict`]).
    pub fn domains(&self) -> Domains {
        let mut domains = Domains::full(Arc::clone(self.layout()));
        self.apply_restrictions(&mut domains);
        domains
    }

    /// Narrow `domains` by the model's givens and unary clues.
    fn apply_restrictions(&self, domains: &mut Domains) {
        for (var, values) in &self.restrictions {
            domains.retain(*var, values);
        }
    }

    /// Where the entailment flags start in this model's states.
    pub(crate) fn entailment_offset(&self) -> usize {
        self.layout().entailment_offset()
    }

    /// The shape of this model's states, made once.
    fn layout(&self) -> &Arc<Layout> {
        self.layout
            .get_or_init(|| Arc::new(Layout::new(&self.ranges, &self.state, self.rules.len())))
    }

    /// Which rules watch each variable, made once.
    pub(crate) fn watchers(&self) -> &Watchers {
        (self.watchers).get_or_init(|| Watchers::new(&self.watches, self.ranges.len()))
    }

    /// Check that a state has this model's variables (the same ranges).
    pub(crate) fn check_state(&self, domains: &Domains) -> Result<(), Error> {
        // A state this model made has its variables: the layout is made anew
        // whenever a variable or rule is added, and a state keeps its own alive.
        if (self.layout.get()).is_some_and(|layout| domains.has_layout(layout)) {
            return Ok(());
        }
        let fits = domains.num_vars() == self.ranges.len()
            && self.vars().all(|var| {
                self.range(var)
                    .is_ok_and(|range| domains.range(var) == range)
            });
        if fits {
            Ok(())
        } else {
            Err(Error::StateMismatch)
        }
    }

    /// Check that a state has this model's variables, and give it this model's rule
    /// state when it was made for another model over the same variables (a tier's
    /// model, a copy built anew): its domains are kept, the rules' reversible state
    /// starts afresh, no rule is entailed, and this model's restrictions apply.
    pub(crate) fn adopt_state(&self, domains: &mut Domains) -> Result<(), Error> {
        self.check_state(domains)?;
        if domains.adopt_layout(self.layout()) {
            self.apply_restrictions(domains);
        }
        Ok(())
    }

    /// The first rule that a full assignment violates, if any; an error when
    /// `values` does not hold one value per variable.
    pub fn violated(&self, values: &[Value]) -> Result<Option<RuleId>, Error> {
        if values.len() != self.num_vars() {
            return Err(Error::AssignmentLength {
                expected: self.num_vars(),
                got: values.len(),
            });
        }
        Ok(self.first_violated(values))
    }

    /// [`Model::violated`] for an assignment known to fit the model.
    pub(crate) fn first_violated(&self, values: &[Value]) -> Option<RuleId> {
        self.rules
            .iter()
            .position(|rule| !rule.holds(values))
            .map(|index| RuleId(index as u32))
    }
}
