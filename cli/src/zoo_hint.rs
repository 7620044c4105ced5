//! `sieve <zoo puzzle> hint ID`: the next deduction, from the weakest tier of
//! the puzzle's rules that makes any, in the words of its rule, with the cells it
//! rests on.

use std::io::Write;

use sieve::{Fixpoint, Model};

use crate::common::{CliError, Outcome};
use crate::teach::{propagate_explained, write_steps};
use crate::zoo::{HintArgs, ZooPuzzle, add_probing};

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
    start: &sieve::Domains,
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

/// `sieve <puzzle> hint ID`: the tiers weakest first, then probing above the
/// strongest; the first that makes progress gives the hint.
pub fn hint<P: ZooPuzzle>(args: &HintArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let puzzle =
        P::parse(&args.id).map_err(|message| CliError::input(format!("the game ID: {message}")))?;
    let tiers = P::tiers(&puzzle)?;
    let count = tiers.len();
    let mut strongest = None;
    for (index, tier) in tiers.into_iter().enumerate() {
        let start = P::start(&tier.model);
        if start.all_assigned() {
            writeln!(out, "already solved")?;
            return Ok(Outcome::Success);
        }
        let heading = format!("tier {} ({}):", index + 1, tier.name);
        match first_step(P::model(&tier.model), &start, &heading, out)? {
            Found::Step => return Ok(Outcome::Success),
            Found::Contradiction(message) => {
                writeln!(out, "{message}")?;
                return Ok(Outcome::Unsolved);
            }
            Found::Nothing => strongest = Some(tier.model),
        }
    }
    let mut model = match strongest {
        Some(model) => model,
        None => P::build(&puzzle)?,
    };
    add_probing::<P>(&mut model)?;
    let start = P::start(&model);
    let heading = format!("tier {} (probing):", count + 1);
    match first_step(P::model(&model), &start, &heading, out)? {
        Found::Step => Ok(Outcome::Success),
        Found::Contradiction(message) => {
            writeln!(out, "{message}")?;
            Ok(Outcome::Unsolved)
        }
        Found::Nothing => {
            writeln!(
                out,
                "no deduction of any tier applies, probing included: guessing is needed"
            )?;
            Ok(Outcome::Success)
        }
    }
}
