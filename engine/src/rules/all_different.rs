use crate::domain::{Value, VarId};
use crate::names::Names;
use crate::propagation::Context;
use crate::propagation::{Conflict, Events, Rule, Watch, Why};

/// All different, with singles elimination: a value fixed in one variable leaves every
/// other variable of the group. It wakes only when a variable of the group is assigned,
/// so it costs nothing while the group is undecided.
#[derive(Clone, Debug)]
pub struct AllDifferent {
    name: String,
    vars: Vec<VarId>,
}

impl AllDifferent {
    /// All of `vars` take different values.
    pub fn new(name: impl Into<String>, vars: Vec<VarId>) -> Self {
        AllDifferent {
            name: name.into(),
            vars,
        }
    }

    /// The variables of the group.
    pub fn vars(&self) -> &[VarId] {
        &self.vars
    }

    fn single_word(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let mut done = 0u64;
        loop {
            let mut progress = false;
            for &var in &self.vars {
                let bits = ctx.domains().bits(var);
                if bits.count_ones() != 1 || bits & done != 0 {
                    continue;
                }
                done |= bits;
                progress = true;
                let value = bits.trailing_zeros();
                let cause = [var];
                let text = |names: &Names| self.explain(names, var, value);
                let why = Why::new("all different").cause(&cause).named_text(&text);
                for &other in &self.vars {
                    if other != var && ctx.domains().bits(other) & bits != 0 {
                        ctx.remove_bits(other, bits, &why)?;
                    }
                }
            }
            if !progress {
                break;
            }
        }
        Ok(())
    }

    fn any_size(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let mut done: Vec<Value> = Vec::new();
        loop {
            let mut progress = false;
            for &var in &self.vars {
                let Some(value) = ctx.domains().value(var) else {
                    continue;
                };
                if done.contains(&value) {
                    continue;
                }
                done.push(value);
                progress = true;
                let cause = [var];
                let text = |names: &Names| self.explain(names, var, value);
                let why = Why::new("all different").cause(&cause).named_text(&text);
                for &other in &self.vars {
                    if other != var {
                        ctx.remove(other, value, &why)?;
                    }
                }
            }
            if !progress {
                return Ok(());
            }
        }
    }

    fn explain(&self, names: &Names, var: VarId, value: Value) -> String {
        let value = names.value_label(value);
        format!(
            "{} = {value}, so {value} leaves every other variable of {}",
            names.var_name(var),
            self.name
        )
    }
}

impl Rule for AllDifferent {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        self.vars
            .iter()
            .map(|&var| Watch::new(var, Events::ASSIGNED))
            .collect()
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if ctx.domains().is_single_word() {
            self.single_word(ctx)?;
        } else {
            self.any_size(ctx)?;
        }
        // Every variable fixed, and no conflict: the values are all different.
        if self.vars.iter().all(|&var| ctx.domains().is_assigned(var)) {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        self.vars.iter().enumerate().all(|(i, a)| {
            self.vars[i + 1..]
                .iter()
                .all(|b| values[a.index()] != values[b.index()])
        })
    }
}
