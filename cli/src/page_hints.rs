//! The replay page's hints: for the states a traced solve shows, the hint
//! `sieve <puzzle> hint` would give from each, worked out when the page is
//! written (the page itself has only the traced model, not the weaker tiers).
//!
//! The trace is replayed here as the page replays it (one state per search
//! depth); a state gets its hint once, when it first appears, and keeps it while
//! the steps leave it as it is. The states at the root of the search come first,
//! then those inside branches, within a time budget; a state without a hint is
//! marked so, and the page says how to have it.

use std::time::{Duration, Instant};

use sieve::{Domains, TraceDocument, VarId};
use sieve_replay::{Hint, Hints};

use crate::common::CliError;

/// The time `--trace html` spends on hints unless `--hint-budget` says otherwise.
pub const DEFAULT_HINT_BUDGET: f64 = 5.0;

/// The hint of one state of the traced model, told whether the state holds the
/// solution the traced solve found (then no rule can find a contradiction in it).
pub type HintOf<'a> = dyn FnMut(&Domains, bool) -> Result<Hint, CliError> + 'a;

/// Where a page's hints come from: the puzzle's own hint, as a function of a state
/// of the traced model.
pub struct HintSource<'a> {
    /// The hint from a state (the puzzle's `hint` command, from that state).
    pub hint_of: Box<HintOf<'a>>,
}

/// What is known of a state's hint.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Known {
    /// Not asked yet (a new state).
    Unknown,
    /// The hint's index in the table.
    Hint(usize),
    /// Left without one: the budget ran out before it.
    OutOfTime,
}

/// The states of a replay: one per depth, each with what is known of its hint.
struct Replay {
    stack: Vec<(Domains, Known)>,
}

impl Replay {
    fn new(start: &Domains) -> Self {
        Replay {
            stack: vec![(start.clone(), Known::Unknown)],
        }
    }

    fn depth(&self) -> usize {
        self.stack.len() - 1
    }

    /// Make the copy at `depth` the top (see docs/trace-format.md, "Replaying").
    fn align(&mut self, depth: usize) {
        self.stack.truncate(depth + 1);
        while self.stack.len() < depth + 1 {
            let top = self.top().clone();
            self.stack.push(top);
        }
    }

    fn top(&self) -> &(Domains, Known) {
        &self.stack[self.stack.len() - 1]
    }

    fn top_mut(&mut self) -> &mut (Domains, Known) {
        let last = self.stack.len() - 1;
        &mut self.stack[last]
    }

    /// Apply one event, as the page does.
    fn apply(&mut self, event: &sieve::TraceEvent) -> Result<(), CliError> {
        match (event.kind, event.equal) {
            ("branch", Some(true)) => {
                self.align(event.depth.saturating_sub(1));
                let top = self.top().clone();
                self.stack.push(top);
            }
            ("change", _) => {
                self.align(event.depth);
                let var = VarId::from_index(event.var.unwrap_or_default());
                let (state, hint) = self.top_mut();
                for &value in &event.removed {
                    state.remove(var, value).map_err(CliError::input)?;
                }
                *hint = Known::Unknown;
            }
            ("wake", _) => {}
            _ => self.align(event.depth),
        }
        Ok(())
    }
}

/// The hints of the states of `trace`, replayed from `start`: those at the root
/// first, then those in branches, while `budget` lasts (the start always gets one).
pub fn page_hints(
    trace: &TraceDocument,
    start: &Domains,
    source: &mut HintSource<'_>,
    budget: Duration,
) -> Result<Hints, CliError> {
    let began = Instant::now();
    let mut hints = Hints::new(trace.events.len());
    // Per pass (the root, then the branches): the states seen and those given a hint.
    let mut seen = [0_usize; 2];
    let solution = (trace.events.iter())
        .find(|event| event.kind == "solution")
        .map(|event| event.values.clone());
    let mut worked = [0_usize; 2];
    for (pass, root) in [true, false].into_iter().enumerate() {
        let mut replay = Replay::new(start);
        for step in std::iter::once(None).chain((0..trace.events.len()).map(Some)) {
            if let Some(step) = step {
                replay.apply(&trace.events[step])?;
            }
            if (replay.depth() == 0) != root {
                continue;
            }
            if replay.top().1 == Known::Unknown {
                seen[pass] += 1;
                replay.top_mut().1 = if worked[0] > 0 && began.elapsed() > budget {
                    Known::OutOfTime
                } else {
                    worked[pass] += 1;
                    let state = &replay.top().0;
                    let holds = solution
                        .as_ref()
                        .is_some_and(|values| holds_all(state, values));
                    Known::Hint(hints.add((source.hint_of)(state, holds)?))
                };
            }
            if let Known::Hint(index) = replay.top().1 {
                hints.set_index(step, index).map_err(CliError::input)?;
            }
        }
    }
    let seconds = budget.as_secs_f64();
    let branches = if seen[1] == 0 {
        "the solve made no guess".to_string()
    } else {
        format!("{} of the {} states in branches", worked[1], seen[1])
    };
    let about = format!(
        "The hints were worked out when the page was written, within a budget of {seconds} s: \
         {} of the {} states at the root of the search, {branches}; {} distinct hints.",
        worked[0],
        seen[0],
        hints.distinct(),
    );
    let missing = format!(
        "the page's budget of {seconds} s for hints ran out before this state (the states at \
         the root of the search come first). The command that wrote the page gives it with a \
         larger budget: add `--hint-budget 60` to it."
    );
    hints.set_notes(about, missing);
    Ok(hints)
}

/// Whether `state` still holds the assignment `values` (one value per variable).
fn holds_all(state: &Domains, values: &[sieve::Value]) -> bool {
    values.len() == state.num_vars()
        && (values.iter().enumerate())
            .all(|(var, &value)| state.contains(VarId::from_index(var), value))
}

#[cfg(test)]
mod tests {
    use sieve::{Config, Search};

    use super::*;
    use crate::hint::{Propagation, ZooTiers};
    use crate::loopy::Slitherlink;
    use crate::teach::json_trace;
    use crate::zoo::{ZooPuzzle, strongest};

    /// For every state of a Slitherlink solve that holds its solution, a hint
    /// whose tiers stop at their first change is the hint of full propagations.
    #[test]
    fn stopping_at_the_first_change_changes_no_hint_where_the_solution_holds() {
        let puzzle = Slitherlink::parse("7x7t0:3g32a2223b222323d2e11b312a13b322a").unwrap();
        let tiers = ZooTiers::<Slitherlink>::new(&puzzle).unwrap();
        let hinter = tiers.hinter().unwrap();
        let traced = strongest::<Slitherlink>(&puzzle, false).unwrap();
        let (model, start) = (Slitherlink::model(&traced), Slitherlink::start(&traced));
        let mut trace = json_trace(model, &start);
        let mut search = Search::from_state(model, start.clone(), Config::default())
            .unwrap()
            .observe(&mut trace);
        assert!(search.next_solution().is_some());
        drop(search);
        let map = hinter.map_onto(model);
        let mut compared = 0;
        let mut source = HintSource {
            hint_of: Box::new(|state, holds_solution| {
                let full = hinter.at_state(&map, state, Propagation::Full)?;
                let full = hinter.page_hint(&full, &map);
                if holds_solution {
                    let first = hinter.at_state(&map, state, Propagation::FirstChange)?;
                    assert_eq!(hinter.page_hint(&first, &map), full);
                    compared += 1;
                }
                Ok(full)
            }),
        };
        let budget = Duration::from_secs(60);
        let hints = page_hints(trace.document(), &start, &mut source, budget).unwrap();
        drop(source);
        assert!(compared >= 20, "{compared} states compared");
        assert!(hints.distinct() >= 10, "{} hints", hints.distinct());
    }
}
