use crate::domain::{Value, VarId};
use crate::names::Names;
use crate::propagation::Context;
use crate::propagation::{Conflict, Events, Fact, Rule, Watch, Why};

/// Each of the given values is taken by some variable of the group: a value possible
/// in only one variable goes there (a *hidden single*), and a value possible nowhere is
/// a conflict.
#[derive(Clone, Debug)]
pub struct EachValueSomewhere {
    name: String,
    vars: Vec<VarId>,
    values: Vec<Value>,
}

impl EachValueSomewhere {
    /// Every value of `values` is taken by at least one of `vars`.
    pub fn new(name: impl Into<String>, vars: Vec<VarId>, values: Vec<Value>) -> Self {
        EachValueSomewhere {
            name: name.into(),
            vars,
            values,
        }
    }

    /// Where `value` can still go: the first such variable and whether there are more.
    fn places(&self, ctx: &Context<'_>, value: Value) -> (Option<VarId>, bool) {
        let mut places = self
            .vars
            .iter()
            .copied()
            .filter(|&var| ctx.domains().contains(var, value));
        let first = places.next();
        (first, places.next().is_some())
    }

    /// Why `value` can only go in `var`: it is gone from every other variable of the
    /// group (gathered only when an observer wants explanations).
    fn gone_elsewhere(&self, ctx: &Context<'_>, var: VarId, value: Value) -> Vec<Fact> {
        if !ctx.explaining() {
            return Vec::new();
        }
        (self.vars.iter())
            .filter(|&&other| other != var)
            .map(|&other| Fact::IsNot(other, value))
            .collect()
    }
}

impl Rule for EachValueSomewhere {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        self.vars
            .iter()
            .map(|&var| Watch::new(var, Events::REMOVED))
            .collect()
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        loop {
            let mut progress = false;
            for &value in &self.values {
                match self.places(ctx, value) {
                    (None, _) => {
                        return Err(ctx.conflict(&Why::new("value has no place")));
                    }
                    (Some(var), false) if ctx.domains().count(var) > 1 => {
                        let text = |names: &Names| {
                            let (var, value) = (names.var_name(var), names.value_label(value));
                            format!(
                                "{value} can only go in {var} within {}, so {var} = {value}",
                                self.name
                            )
                        };
                        let facts = self.gone_elsewhere(ctx, var, value);
                        let why = Why::new("hidden single").because(&facts).named_text(&text);
                        ctx.assign(var, value, &why)?;
                        progress = true;
                    }
                    _ => {}
                }
            }
            if !progress {
                return Ok(());
            }
        }
    }

    fn holds(&self, values: &[Value]) -> bool {
        self.values
            .iter()
            .all(|value| self.vars.iter().any(|var| values[var.index()] == *value))
    }
}
