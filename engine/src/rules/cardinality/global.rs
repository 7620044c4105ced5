//! The global cardinality form: several values, each taken between its own bounds.

use std::ops::RangeInclusive;

use crate::domain::{Value, VarId};
use crate::error::Error;
use crate::names::Names;
use crate::propagation::{Conflict, Consistency, Context, Events, Rule, Watch, Why};
use crate::rules::wording::{Deduction, Wording};
use crate::value_set::ValueSet;

use super::count::Counted;
use super::{check_bounds, occurrences};

/// Each listed value is taken by between its low and high number of the
/// variables; the variables may take unlisted values too unless
/// [`GlobalCardinality::closed`]. Filtered value by value (value consistent, not
/// the flow-based domain filter; see the [module docs](super)).
///
/// ```
/// use sieve::prelude::*;
///
/// // Four cells, two black (1) and two white (0), nothing else.
/// let mut model = Model::new();
/// let row = model.new_vars(4, 3);
/// let rule = GlobalCardinality::new("row 1", row.clone(), vec![(0, 2..=2), (1, 2..=2)])?;
/// model.add_rule(rule.closed())?;
/// assert_eq!(Search::new(&model, Config::default())?.count(None).solutions, 6);
/// # Ok::<(), sieve::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct GlobalCardinality {
    name: String,
    vars: Vec<VarId>,
    counts: Vec<(Value, RangeInclusive<usize>)>,
    /// The listed values, which a closed rule keeps the variables to.
    listed: ValueSet,
    closed: bool,
    wording: Wording,
}

impl GlobalCardinality {
    /// Each `(value, low..=high)` of `counts`: between `low` and `high` of `vars`
    /// take `value`. Refuses a value listed twice, an empty range, and bounds above
    /// the number of variables.
    pub fn new(
        name: impl Into<String>,
        vars: Vec<VarId>,
        counts: Vec<(Value, RangeInclusive<usize>)>,
    ) -> Result<Self, Error> {
        let name = name.into();
        let mut listed = ValueSet::new();
        for (value, bounds) in &counts {
            if !listed.insert(*value) {
                return Err(Error::InvalidRule {
                    rule: name,
                    problem: format!("the value {value} is listed twice"),
                });
            }
            check_bounds(&name, vars.len(), bounds, &format!(" of {value}"))?;
        }
        Ok(GlobalCardinality {
            name,
            vars,
            counts,
            listed,
            closed: false,
            wording: Wording::default(),
        })
    }

    /// The variables take listed values only.
    pub fn closed(mut self) -> Self {
        self.closed = true;
        self
    }

    /// Word the rule's changes in a puzzle's own sentences (see [`Wording`]).
    pub fn wording(
        mut self,
        say: impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static,
    ) -> Self {
        self.wording = Wording::new(say);
        self
    }

    /// The variables counted.
    pub fn vars(&self) -> &[VarId] {
        &self.vars
    }

    /// Each listed value with its bounds.
    pub fn counts(&self) -> &[(Value, RangeInclusive<usize>)] {
        &self.counts
    }

    /// Keep the variables to the listed values.
    fn close(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        for &var in &self.vars {
            let deduction = Deduction {
                inference: "cardinality closed",
                var,
                value: None,
                facts: &[],
            };
            let text = |names: &Names| {
                let default = |names: &Names| {
                    let var = names.var_name(var);
                    format!("{var} takes only values {} counts", self.name)
                };
                self.wording.sentence(names, &deduction, default)
            };
            let why = Why::new("cardinality closed").named_text(&text);
            ctx.retain(var, &self.listed, &why)?;
        }
        Ok(())
    }

    /// One pass over the values; `Ok((narrowed, entailed))`.
    fn pass(&self, ctx: &mut Context<'_>) -> Result<(bool, bool), Conflict> {
        let (mut narrowed, mut entailed) = (false, true);
        for (value, bounds) in &self.counts {
            let counted = Counted {
                name: &self.name,
                vars: &self.vars,
                values: &ValueSet::single(*value),
                bounds: bounds.clone(),
                wording: &self.wording,
            };
            let outcome = counted.filter(ctx)?;
            narrowed |= outcome.narrowed;
            entailed &= outcome.entailed;
        }
        Ok((narrowed, entailed))
    }
}

impl Rule for GlobalCardinality {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    fn idempotent(&self) -> bool {
        // The action repeats its passes until one narrows nothing.
        true
    }

    fn consistency(&self) -> Consistency {
        Consistency::Value
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if self.closed {
            self.close(ctx)?;
        }
        loop {
            let (narrowed, entailed) = self.pass(ctx)?;
            if !narrowed {
                if entailed {
                    ctx.declare_entailed();
                }
                return Ok(());
            }
        }
    }

    fn holds(&self, values: &[Value]) -> bool {
        let closed_ok =
            !self.closed || (self.vars.iter()).all(|var| self.listed.contains(values[var.index()]));
        closed_ok
            && (self.counts.iter()).all(|(value, bounds)| {
                bounds.contains(&occurrences(&self.vars, values, |taken| taken == *value))
            })
    }
}
