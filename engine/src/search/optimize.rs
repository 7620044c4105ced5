//! Optimisation and projected enumeration inside the search, as the field's
//! engines do them (Gecode's branch-and-bound engine, MiniZinc's `-a` over the
//! output variables), so that no rule has to hold state shared with a driver.
//!
//! **Branch and bound.** [`Search::minimize`] and [`Search::maximize`] name an
//! objective variable. Every solution the search then reports is better than
//! the one before: the best value found so far is kept by the search (it
//! survives backtracking, unlike a rule's reversible state) and applied at
//! every node the search enters, right after the decision, as a cut on the
//! objective's bound ("below 13, the best value so far"), before propagation.
//! The last solution of a complete search is optimal; [`Search::optimize`]
//! runs to it.
//!
//! **Projection.** [`Search::distinct_on`] names the variables that tell two
//! solutions apart. The search decides them before any other variable, and
//! once a solution is found it leaves at once every decision made after they
//! were all fixed: the other completions of the same projected assignment are
//! never searched, so each assignment is reported once.

use crate::domain::{Domains, Value, VarId};
use crate::error::Error;
use crate::names::Names;
use crate::propagation::{Conflict, Context, Why};
use crate::search::{Search, Solution, StopReason};

/// What branch and bound optimises: a variable, and which way is better.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Objective {
    /// Smaller values are better.
    Minimize(VarId),
    /// Larger values are better.
    Maximize(VarId),
}

impl Objective {
    /// The variable optimised.
    pub fn var(self) -> VarId {
        match self {
            Objective::Minimize(var) | Objective::Maximize(var) => var,
        }
    }

    /// Whether `value` is strictly better than `best`.
    ///
    /// ```
    /// use sieve::prelude::*;
    /// let mut model = Model::new();
    /// let cost = model.new_var(10);
    /// assert!(Objective::Minimize(cost).improves(3, 4));
    /// assert!(!Objective::Maximize(cost).improves(3, 4));
    /// ```
    pub fn improves(self, value: Value, best: Value) -> bool {
        match self {
            Objective::Minimize(_) => value < best,
            Objective::Maximize(_) => value > best,
        }
    }
}

/// The result of [`Search::optimize`]: the best solution found, and whether it
/// is proven optimal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimum {
    /// The best solution found (the last improving one), if any.
    pub best: Option<Solution>,
    /// Its objective value.
    pub value: Option<Value>,
    /// How many improving solutions this call went through, the best included.
    pub improvements: u64,
    /// Set when the search ended early: the best is then only the best found.
    pub stopped: Option<StopReason>,
}

impl Optimum {
    /// Whether the search explored its whole tree: the best solution is optimal,
    /// or, without one, the model has no solution.
    pub fn is_proven(&self) -> bool {
        self.stopped.is_none()
    }
}

/// The cut a node applies: the objective must beat `best`.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Cut {
    pub(crate) objective: Objective,
    pub(crate) best: Value,
}

impl Cut {
    /// Narrow the objective to the values that beat the best one (a conflict
    /// when none can).
    pub(crate) fn apply(self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let var = self.objective.var();
        let best = self.best;
        let text = move |names: &Names| {
            let side = match self.objective {
                Objective::Minimize(_) => "below",
                Objective::Maximize(_) => "above",
            };
            format!(
                "{} must be {side} {best}, the best solution's value so far",
                names.var_name(var)
            )
        };
        let why = Why::new("objective bound").named_text(&text);
        match self.objective {
            Objective::Minimize(_) => match best.checked_sub(1) {
                Some(limit) => ctx.remove_above(var, limit, &why),
                None => Err(ctx.conflict(&why)),
            },
            Objective::Maximize(_) => match best.checked_add(1) {
                Some(limit) => ctx.remove_below(var, limit, &why),
                None => Err(ctx.conflict(&why)),
            },
        }
    }
}

/// The variables that tell solutions apart (see [`Search::distinct_on`]).
pub(crate) struct Projection {
    vars: Vec<VarId>,
    /// Per variable of the model: whether it is one of `vars`.
    member: Vec<bool>,
}

impl Projection {
    /// Whether `var` is projected.
    pub(crate) fn contains(&self, var: VarId) -> bool {
        self.member[var.index()]
    }

    /// The open projected variable with the fewest values (ties: the first).
    pub(crate) fn fewest_values(&self, domains: &Domains) -> Option<VarId> {
        (self.vars.iter().copied())
            .filter(|&var| domains.count(var) > 1)
            .min_by_key(|&var| domains.count(var))
    }
}

impl Search<'_, '_> {
    /// Branch and bound minimising `var`: each solution reported is smaller on
    /// `var` than the one before, and the last of a complete search is minimal
    /// (see the [module docs](self)).
    ///
    /// ```
    /// use sieve::prelude::*;
    /// let mut model = Model::new();
    /// let x = model.new_var_in(0..=9)?;
    /// let y = model.new_var_in(0..=9)?;
    /// let cost = model.new_var_in(0..=30)?;
    /// // cost = 2x + y, with x + y >= 7
    /// model.add_rule(LinearSum::new("cost", vec![(2, x), (1, y), (-1, cost)], Relation::Equal, 0))?;
    /// model.add_rule(LinearSum::new("enough", vec![(1, x), (1, y)], Relation::AtLeast, 7))?;
    /// let mut search = Search::new(&model, Config::default())?.minimize(cost)?;
    /// let optimum = search.optimize();
    /// assert!(optimum.is_proven());
    /// assert_eq!(optimum.value, Some(7)); // x = 0, y = 7
    /// # Ok::<(), sieve::Error>(())
    /// ```
    pub fn minimize(self, var: VarId) -> Result<Self, Error> {
        self.with_objective(Objective::Minimize(var))
    }

    /// Branch and bound maximising `var` (see [`Search::minimize`]).
    ///
    /// ```
    /// use sieve::prelude::*;
    /// let mut model = Model::new();
    /// let cells = model.new_vars(3, 4);
    /// model.add_rule(AllDifferent::new("all", cells.clone()))?;
    /// let mut search = Search::new(&model, Config::default())?.maximize(cells[0])?;
    /// // Each solution improves on the last: cells[0] = 0, then 1, 2, 3.
    /// let improving: Vec<Value> = search.by_ref().map(|s| s.value(cells[0])).collect();
    /// assert_eq!(improving, vec![0, 1, 2, 3]);
    /// assert_eq!(search.best(), Some(3));
    /// # Ok::<(), sieve::Error>(())
    /// ```
    pub fn maximize(self, var: VarId) -> Result<Self, Error> {
        self.with_objective(Objective::Maximize(var))
    }

    /// Branch and bound on `objective` (see [`Search::minimize`]): for a
    /// sense chosen at run time.
    ///
    /// ```
    /// use sieve::prelude::*;
    /// let mut model = Model::new();
    /// let x = model.new_var_in(3..=7)?;
    /// for (objective, best) in [(Objective::Minimize(x), 3), (Objective::Maximize(x), 7)] {
    ///     let mut search = Search::new(&model, Config::default())?.with_objective(objective)?;
    ///     assert_eq!(search.objective(), Some(objective));
    ///     assert_eq!(search.optimize().value, Some(best));
    /// }
    /// # Ok::<(), sieve::Error>(())
    /// ```
    pub fn with_objective(mut self, objective: Objective) -> Result<Self, Error> {
        self.check_var(objective.var())?;
        self.objective = Some(objective);
        self.best = None;
        Ok(self)
    }

    /// Report only solutions that differ on `vars`: one solution for each
    /// assignment of them (see the [module docs](self)). The search decides
    /// them before any other variable: where a brancher chooses another while
    /// one of them is open, the search takes the open one with the fewest
    /// values instead (with the brancher's value). Beside an objective
    /// ([`Search::minimize`]) the projection only orders the decisions: every
    /// improving solution is reported, whatever its projection.
    ///
    /// ```
    /// use sieve::prelude::*;
    /// let mut model = Model::new();
    /// let cells = model.new_vars(3, 3);
    /// model.add_rule(AllDifferent::new("all", cells.clone()))?;
    /// // Six permutations, but only three values for the first cell.
    /// let search = Search::new(&model, Config::default())?.distinct_on(&cells[..1])?;
    /// assert_eq!(search.count(None).solutions, 3);
    /// # Ok::<(), sieve::Error>(())
    /// ```
    pub fn distinct_on(mut self, vars: &[VarId]) -> Result<Self, Error> {
        let mut member = vec![false; self.model.num_vars()];
        for &var in vars {
            self.check_var(var)?;
            member[var.index()] = true;
        }
        self.projection = Some(Projection {
            vars: vars.to_vec(),
            member,
        });
        Ok(self)
    }

    fn check_var(&self, var: VarId) -> Result<(), Error> {
        let vars = self.model.num_vars();
        if var.index() < vars {
            Ok(())
        } else {
            Err(Error::NoSuchVariable {
                var: var.index(),
                vars,
            })
        }
    }

    /// The objective of branch and bound, if one was given.
    pub fn objective(&self) -> Option<Objective> {
        self.objective
    }

    /// The objective's best value found so far.
    pub fn best(&self) -> Option<Value> {
        self.best
    }

    /// Run branch and bound to its end (or a limit): the best solution, its
    /// value and how many improving solutions led to it. Without an objective,
    /// the first solution is the best.
    ///
    /// ```
    /// use sieve::prelude::*;
    /// let mut model = Model::new();
    /// let x = model.new_var_in(0..=99)?;
    /// // A node limit ends the run early: the best so far is not proven.
    /// let config = Config::default().node_limit(5);
    /// let optimum = Search::new(&model, config)?.maximize(x)?.optimize();
    /// assert!(!optimum.is_proven());
    /// assert!(optimum.value.is_some_and(|value| value < 99));
    /// let optimum = Search::new(&model, Config::default())?.maximize(x)?.optimize();
    /// assert_eq!((optimum.value, optimum.improvements), (Some(99), 100));
    /// assert!(optimum.is_proven());
    /// # Ok::<(), sieve::Error>(())
    /// ```
    pub fn optimize(&mut self) -> Optimum {
        let mut optimum = Optimum {
            best: None,
            value: None,
            improvements: 0,
            stopped: None,
        };
        while let Some(solution) = self.next_solution() {
            optimum.improvements += 1;
            optimum.value = self
                .objective
                .map(|objective| solution.value(objective.var()));
            optimum.best = Some(solution);
            if self.objective.is_none() {
                break;
            }
        }
        optimum.stopped = self.stopped;
        optimum
    }

    /// The cut the next node applies, once a solution is known.
    pub(crate) fn cut(&self) -> Option<Cut> {
        Some(Cut {
            objective: self.objective?,
            best: self.best?,
        })
    }

    /// A solution was found: record its objective value for the next cuts.
    pub(crate) fn record_best(&mut self) {
        if let Some(objective) = self.objective {
            self.best = Some(self.values[objective.var().index()]);
        }
    }
}
