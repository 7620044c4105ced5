//! `sieve <puzzle> hint`: the next deduction, from the weakest tier of the
//! puzzle's rules that makes any (probing above the strongest), in the words of
//! its rule, with the cells it rests on. One tier loop serves every puzzle: the
//! zoo's through [`ZooPuzzle::tiers`], the seed puzzles' (queens, skyscrapers,
//! magic) through their own rule sets.

use std::io::Write;

use sieve::{Domains, Fixpoint, Model};

use crate::common::{CliError, Outcome};
use crate::teach::{propagate_explained, write_steps};
use crate::zoo::{HintArgs, ZooPuzzle, probe_every_variable};

/// One tier of rules a hint tries: its name, its model (holding the rules of
/// every weaker tier too) and the puzzle's start state in that model.
pub struct HintTier<'m> {
    /// The name printed in the heading, such as `lines`.
    pub name: &'m str,
    /// The tier's model; probing is added to the strongest one's when every
    /// tier is stuck.
    pub model: &'m mut Model,
    /// The start state: the givens assigned.
    pub start: Domains,
}

/// One tier's answer to "what is the next deduction?".
enum Found {
    /// Its propagation makes a change; the first one is written.
    Step,
    /// Its propagation changes nothing.
    Nothing,
    /// Its propagation meets a contradiction: the puzzle has no solution.
    Contradiction(String),
}

/// Write the first deduction the rules of `model` make from `start`, under a
/// heading naming the tier, or say why there is none.
fn first_step(
    model: &Model,
    start: &Domains,
    heading: &str,
    out: &mut dyn Write,
) -> Result<Found, CliError> {
    let (_, why, end) = propagate_explained(model, start)?;
    if let Fixpoint::Conflict(conflict) = end {
        let rule = conflict.rule.map_or("the search".to_string(), |rule| {
            model.rule(rule).name().to_string()
        });
        return Ok(Found::Contradiction(format!(
            "no solution: the rule `{rule}` finds a contradiction ({})",
            conflict.inference
        )));
    }
    match why.records().iter().find(|record| record.rule.is_some()) {
        Some(record) => {
            writeln!(out, "{heading}")?;
            write_steps(model, &[record], out)?;
            Ok(Found::Step)
        }
        None => Ok(Found::Nothing),
    }
}

/// The hint from `tiers`, weakest first, then probing on the strongest: the
/// first deduction of the first tier that makes one (exit 0), `already
/// solved`, or the contradiction that shows there is no solution (exit 1).
pub fn write_hint(mut tiers: Vec<HintTier<'_>>, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let Some(strongest) = tiers.pop() else {
        return Err(CliError::input(
            "the puzzle has no rules to give a hint from",
        ));
    };
    let count = tiers.len() + 1;
    let named = tiers.iter().chain([&strongest]).enumerate();
    for (index, tier) in named {
        let heading = format!("tier {} ({}):", index + 1, tier.name);
        match first_step(tier.model, &tier.start, &heading, out)? {
            Found::Step => return Ok(Outcome::Success),
            Found::Contradiction(message) => return no_solution(&message, out),
            Found::Nothing => {}
        }
    }
    // Checked after the tiers, whose rules refuse a full board that breaks them.
    if strongest.start.all_assigned() {
        writeln!(out, "already solved")?;
        return Ok(Outcome::Success);
    }
    probe_every_variable(strongest.model)?;
    let heading = format!("tier {} (probing):", count + 1);
    match first_step(strongest.model, &strongest.start, &heading, out)? {
        Found::Step => Ok(Outcome::Success),
        Found::Contradiction(message) => no_solution(&message, out),
        Found::Nothing => {
            writeln!(
                out,
                "no deduction of any tier applies, probing included: guessing is needed"
            )?;
            Ok(Outcome::Success)
        }
    }
}

/// Say that the rules found a contradiction (exit 1).
fn no_solution(message: &str, out: &mut dyn Write) -> Result<Outcome, CliError> {
    writeln!(out, "{message}")?;
    Ok(Outcome::Unsolved)
}

/// `sieve <zoo puzzle> hint ID`: the puzzle's tiers, weakest first.
pub fn zoo_hint<P: ZooPuzzle>(args: &HintArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let puzzle =
        P::parse(&args.id).map_err(|message| CliError::input(format!("the game ID: {message}")))?;
    let mut tiers = P::tiers(&puzzle)?;
    let starts: Vec<Domains> = tiers.iter().map(|tier| P::start(&tier.model)).collect();
    let tiers = (tiers.iter_mut().zip(starts))
        .map(|(tier, start)| HintTier {
            name: tier.name,
            model: P::model_mut(&mut tier.model),
            start,
        })
        .collect();
    write_hint(tiers, out)
}
