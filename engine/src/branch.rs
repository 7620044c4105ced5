//! Branching as a value a user writes: which variable the search decides next,
//! and which of its values it tries first. The built-in orders of [`Config`]
//! ([`VarOrder`], [`ValueOrder`]) are one implementation ([`Configured`]); a
//! heuristic of one's own is another, given to [`Search::with_brancher`] or
//! to the strategy matrix beside the built-in ones
//! ([`Strategy::with_brancher`](crate::Strategy::with_brancher)). The model
//! is Pumpkin's `Brancher`: selection as an object, told of conflicts so that
//! it can learn from them.
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::branch::{BranchState, Brancher};
//!
//! /// The open variable with the most candidates, its largest value first.
//! struct MostValuesLargestFirst;
//!
//! impl Brancher for MostValuesLargestFirst {
//!     fn select_var(&mut self, state: &BranchState<'_>) -> Option<VarId> {
//!         state.unassigned().max_by_key(|&var| state.domains().count(var))
//!     }
//!     fn select_value(&mut self, state: &BranchState<'_>, var: VarId) -> Value {
//!         state.domains().max(var).expect("an open variable has values")
//!     }
//! }
//!
//! let mut model = Model::new();
//! let cells = model.new_vars(3, 3);
//! model.add_rule(AllDifferent::new("all", cells.clone()))?;
//! let mut search = Search::new(&model, Config::default())?
//!     .with_brancher(Box::new(MostValuesLargestFirst));
//! // Ties go to the last variable: x2 = 2 first, then x1 = 1, and x0 keeps 0.
//! let first = search.next_solution().expect("a solution");
//! assert_eq!(first.values, [0, 1, 2]);
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! [`Search::with_brancher`]: crate::Search::with_brancher

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::domain::{Domains, Value, VarId};
use crate::ids::RuleId;
use crate::model::Model;
use crate::search::{Config, ValueOrder, VarOrder};

/// What a brancher sees at a node: the model and the state after propagation.
pub struct BranchState<'a> {
    model: &'a Model,
    domains: &'a Domains,
}

impl<'a> BranchState<'a> {
    #[inline]
    pub(crate) fn new(model: &'a Model, domains: &'a Domains) -> Self {
        BranchState { model, domains }
    }

    /// The model searched.
    pub fn model(&self) -> &'a Model {
        self.model
    }

    /// The state at this node (every rule at its fixpoint).
    pub fn domains(&self) -> &'a Domains {
        self.domains
    }

    /// The variables with more than one candidate, in the model's branch order
    /// ([`Model::set_branch_order`]) or creation order.
    pub fn unassigned(&self) -> impl Iterator<Item = VarId> + 'a {
        let domains = self.domains;
        (self.model.vars_in_branch_order()).filter(move |&var| domains.count(var) > 1)
    }

    /// The open variable with the fewest candidates (ties: the first in branch
    /// order), on the engine's word-wide fast path.
    #[inline]
    pub fn fewest_values(&self) -> Option<VarId> {
        self.domains.fewest_unassigned(self.model.branch_order())
    }

    /// The rules that watch `var`.
    pub fn rules_watching(&self, var: VarId) -> impl Iterator<Item = RuleId> + 'a {
        let watchers = self.model.watchers();
        watchers.involving(var).iter().map(|&(rule, _)| rule)
    }
}

/// Chooses the search's decisions: at each node, a variable with more than one
/// candidate, and the value to try first (`x = v`, then `x ≠ v` on the way
/// back). On an interval variable ([`Domains::is_bounds`]), where `x ≠ v`
/// cannot remove a value strictly inside, the search splits at the value
/// instead: `x ≤ v` then `x > v` (`x = v` then `x < v` at the largest), so
/// any candidate chosen narrows the domain on both sides: the smallest gives
/// `x = min` then `x > min`, the middle one a halving. See the [module
/// docs](self).
pub trait Brancher: Send {
    /// The variable to decide, among the open ones; `None` when every variable
    /// is assigned (a solution).
    fn select_var(&mut self, state: &BranchState<'_>) -> Option<VarId>;

    /// The value of `var` to try first: one of its candidates.
    fn select_value(&mut self, state: &BranchState<'_>, var: VarId) -> Value;

    /// A conflict, with the rule that found it when one did: heuristics that
    /// learn, such as dom/wdeg, weigh that rule.
    fn on_conflict(&mut self, _rule: Option<RuleId>) {}

    /// The search starts again from a new state: forget what was learnt, so
    /// that each start state is searched alike.
    fn reset(&mut self) {}
}

/// The built-in orders of a [`Config`] as a brancher.
pub struct Configured {
    var_order: VarOrder,
    value_order: ValueOrder,
    /// dom/wdeg's weight per rule: 1 plus the conflicts it found.
    weights: Vec<u64>,
    random: Option<ChaCha8Rng>,
}

impl Configured {
    /// The orders of `config` over `model`.
    pub fn new(model: &Model, config: &Config) -> Self {
        let mut configured = Configured {
            var_order: config.var_order,
            value_order: config.value_order,
            weights: vec![1; model.num_rules()],
            random: None,
        };
        configured.reset();
        configured
    }

    /// dom/wdeg: the fewest candidates for the weighted degree.
    fn dom_wdeg(&self, state: &BranchState<'_>) -> Option<VarId> {
        let mut best: Option<(f64, VarId)> = None;
        for var in state.unassigned() {
            let degree: u64 = (state.rules_watching(var))
                .map(|rule| self.weights[rule.index()])
                .sum();
            let score = f64::from(state.domains().count(var)) / degree.max(1) as f64;
            if best.is_none_or(|(best_score, _)| score < best_score) {
                best = Some((score, var));
            }
        }
        best.map(|(_, var)| var)
    }
}

impl Brancher for Configured {
    #[inline]
    fn select_var(&mut self, state: &BranchState<'_>) -> Option<VarId> {
        match self.var_order {
            VarOrder::First => state.unassigned().next(),
            VarOrder::FewestValues => state.fewest_values(),
            VarOrder::DomWdeg => self.dom_wdeg(state),
        }
    }

    #[inline]
    fn select_value(&mut self, state: &BranchState<'_>, var: VarId) -> Value {
        match self.random {
            None => state
                .domains()
                .min(var)
                .expect("branching on an empty domain"),
            Some(_) => self.random_value(state, var),
        }
    }

    #[inline]
    fn on_conflict(&mut self, rule: Option<RuleId>) {
        if let Some(weight) = rule.and_then(|rule| self.weights.get_mut(rule.index())) {
            *weight += 1;
        }
    }

    fn reset(&mut self) {
        self.weights.fill(1);
        self.random = match self.value_order {
            ValueOrder::Random { seed } => Some(ChaCha8Rng::seed_from_u64(seed)),
            ValueOrder::Ascending => None,
        };
    }
}

impl Configured {
    /// A candidate of `var` drawn with the seeded generator (kept out of line:
    /// the ascending order is the common one).
    #[inline(never)]
    fn random_value(&mut self, state: &BranchState<'_>, var: VarId) -> Value {
        let domains = state.domains();
        match &mut self.random {
            None => domains.min(var).expect("branching on an empty domain"),
            Some(random) if domains.is_bounds(var) => {
                // An interval's values are its bounds and all between: draw
                // one directly (the search splits there).
                let (low, high) = (domains.min(var), domains.max(var));
                let (low, high) = low.zip(high).expect("branching on an empty domain");
                random.random_range(low..=high)
            }
            Some(random) => {
                let pick = random.random_range(0..domains.count(var)) as usize;
                (domains.iter(var).nth(pick)).expect("pick is below the count")
            }
        }
    }
}
