//! Solving in stages: propagate a puzzle's cheap rules first, and add the
//! costly ones (and probing) only when the cheap ones leave something open.
//!
//! Most IDs of a puzzle's easier levels are solved by propagating its weaker
//! tiers alone (`rate` says which), so building and running the stronger
//! rules for them is wasted work; Tatham's own solvers likewise try their
//! easy deductions first. Each stage but the last searches only its root
//! node: when propagation assigns every variable, that assignment is the one
//! solution of the model (propagation removes only values without a solution,
//! and the search checks the assignment against every rule), and since every
//! stage's rules are implied by the puzzle, of the puzzle too; when it finds
//! a conflict there is none. Otherwise the next stage's rules join the same
//! model and start from the state the last stage reached. The last stage is
//! the full model `solve` would search anyway (with probing when the puzzle
//! solves so), searched as usual.

use std::time::Instant;

use sieve::{Config, Counters, Domains, Search, StopReason, Uniqueness, VarId};

use crate::common::CliError;
use crate::zoo::{ZooPuzzle, add_counters, probe_every_variable};

/// A puzzle whose model can be built weak and strengthened tier by tier on the
/// same variables.
pub(crate) trait Staged: ZooPuzzle {
    /// The model with the rules of the first stage only.
    fn first_stage(puzzle: &Self::Puzzle) -> Result<Self::Model, CliError>;
    /// Whether `model` holds every rule of [`ZooPuzzle::build`]'s model.
    fn is_complete(model: &Self::Model) -> bool;
    /// Add the next stage's rules to `model` (one that is not complete); the
    /// variables it has keep their numbers. Each stage costs a root
    /// propagation, so a puzzle may well skip tiers that few IDs stop at.
    fn strengthen(model: &mut Self::Model) -> Result<(), CliError>;
    /// [`Staged::strengthen`] once the search has reached `reached`: a puzzle
    /// may leave out rules that state settles (those implied by the puzzle
    /// over variables already assigned only check them).
    fn strengthen_from(model: &mut Self::Model, _reached: &Domains) -> Result<(), CliError> {
        Self::strengthen(model)
    }
}

/// Solves `puzzle` and proves the solution unique, stage by stage (see the
/// module docs); the counters add up every stage's search, and the node and
/// time limits of `config` hold for all the stages together.
pub(crate) fn solve_in_stages<P: Staged>(
    puzzle: &P::Puzzle,
    config: &Config,
) -> Result<(Uniqueness<P::Solution>, Counters), CliError> {
    let mut model = P::first_stage(puzzle)?;
    let mut state = P::start(&model);
    let mut counters = Counters::default();
    let started = Instant::now();
    loop {
        let last = P::is_complete(&model);
        if last && P::SOLVE_PROBES {
            probe_every_variable(P::model_mut(&mut model))?;
        }
        let stage_config = stage_config(config, last, started, counters.nodes);
        let mut search =
            Search::from_state(P::model(&model), state, stage_config).map_err(CliError::input)?;
        let answer = search.uniqueness();
        add_counters(&mut counters, &search.counters());
        if last || !matches!(answer, Uniqueness::Unknown(StopReason::NodeLimit, _)) {
            let answer = answer.map(|found| P::solution(&model, &found.values));
            return Ok((answer, counters));
        }
        let reached = search.domains().clone();
        drop(search);
        P::strengthen_from(&mut model, &reached)?;
        state = carried_over(&P::start(&model), &reached);
    }
}

/// The configuration of one stage: what is left of `config`'s limits after
/// `started` and `nodes_used`, and, for any stage but the last, its root node
/// only.
fn stage_config(config: &Config, last: bool, started: Instant, nodes_used: u64) -> Config {
    let mut stage = *config;
    stage.time_limit = config
        .time_limit
        .map(|limit| limit.saturating_sub(started.elapsed()));
    stage.node_limit = config
        .node_limit
        .map(|limit| limit.saturating_sub(nodes_used));
    if !last {
        stage.node_limit = Some(stage.node_limit.map_or(1, |left| left.min(1)));
    }
    stage
}

/// The start state of a strengthened model narrowed to what `reached` (a state
/// of the model before it grew) left of each of its variables.
fn carried_over(start: &Domains, reached: &Domains) -> Domains {
    if start.num_vars() == reached.num_vars() {
        // The same variables: the search adopts the new rules' state itself.
        return reached.clone();
    }
    let mut narrowed = start.clone();
    for var in (0..reached.num_vars()).map(VarId::from_index) {
        narrowed.retain(var, &reached.candidates(var));
    }
    narrowed
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn the_limits_hold_for_all_stages_together() {
        let config = Config::default()
            .node_limit(5)
            .time_limit(Duration::from_secs(3600));
        let started = Instant::now();
        let first = stage_config(&config, false, started, 0);
        assert_eq!(first.node_limit, Some(1));
        let last = stage_config(&config, true, started, 1);
        assert_eq!(last.node_limit, Some(4));
        let left = last.time_limit.expect("a time limit");
        assert!(left <= Duration::from_secs(3600) && left > Duration::from_secs(3500));
        let spent = stage_config(&config.node_limit(1), false, started, 1);
        assert_eq!(spent.node_limit, Some(0));
        let unlimited = stage_config(&Config::default(), true, started, 7);
        assert_eq!((unlimited.node_limit, unlimited.time_limit), (None, None));
    }
}
