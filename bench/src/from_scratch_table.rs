//! A table rule without reversible state: the baseline of the `table` criterion
//! suite.

use sieve::{
    Conflict, Consistency, Context, Cost, Events, Rule, Value, ValueSet, VarId, Watch, Why,
};

/// The allowed tuples of a few variables, domain consistent like the engine's
/// `Table`, but every run reads every tuple afresh (no support masks, no live set
/// kept between runs). It reaches the same fixpoints, so a search with it explores
/// the same tree and a benchmark compares time alone.
#[derive(Clone, Debug)]
pub struct FromScratchTable {
    name: String,
    vars: Vec<VarId>,
    tuples: Vec<Vec<Value>>,
}

impl FromScratchTable {
    /// The values of `vars` (all different variables) form one of `tuples`.
    pub fn new(name: impl Into<String>, vars: Vec<VarId>, tuples: Vec<Vec<Value>>) -> Self {
        FromScratchTable {
            name: name.into(),
            vars,
            tuples,
        }
    }
}

impl Rule for FromScratchTable {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Cost::Quadratic
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn consistency(&self) -> Consistency {
        Consistency::Domain
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let mut supported = vec![ValueSet::new(); self.vars.len()];
        let mut live = 0usize;
        for tuple in &self.tuples {
            let domains = ctx.domains();
            if (self.vars.iter().zip(tuple)).all(|(&var, &value)| domains.contains(var, value)) {
                live += 1;
                for (set, &value) in supported.iter_mut().zip(tuple) {
                    set.insert(value);
                }
            }
        }
        let why = Why::new("table").cause(&self.vars);
        if live == 0 {
            return Err(ctx.conflict(&why));
        }
        for (&var, set) in self.vars.iter().zip(&supported) {
            ctx.retain(var, set, &why)?;
        }
        let combinations = (self.vars.iter())
            .map(|&var| ctx.domains().count(var) as usize)
            .product::<usize>();
        if combinations == live {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let tuple: Vec<Value> = self.vars.iter().map(|var| values[var.index()]).collect();
        self.tuples.contains(&tuple)
    }
}
