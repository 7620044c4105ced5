//! Solves game IDs read from standard input (one a line) and prints, for each,
//! the one-line answer, the search's nodes, whether propagation alone from
//! the start state fixes every empty square (`propagation` or `search`), the
//! time, and the weakest tier whose propagation alone does (`easy`,
//! `tricky`, `probing` for the engine's probing above every rule, or
//! `none`): the measure of how strong the rules are.
//!
//! ```sh
//! sgt-lightup --generate 50 10x10b20s2d1 | cargo run --release -p sieve-lightup --example lightup_survey
//! ```

use std::io::BufRead;

use sieve::rules::Probing;
use sieve::{Config, Schedule, Uniqueness, propagate};
use sieve_lightup::{
    LightUpModel, Puzzle, Tier, check, format_lightup_line, parse_lightup_id, solve,
};

/// Whether propagation alone fixes every empty square, with the rules of
/// `tier` and, when asked, the engine's probing above them.
fn fixed(puzzle: &Puzzle, tier: Tier, probing: bool) -> Result<bool, sieve::Error> {
    let mut lights = LightUpModel::with_tier(puzzle, tier)?;
    let vars: Vec<_> = lights.cells().iter().flatten().copied().collect();
    if probing {
        lights
            .model_mut()
            .add_rule(Probing::new("probing", vars.clone()))?;
    }
    let mut state = lights.start();
    Ok(
        propagate(lights.model(), &mut state, Schedule::Priority, None).is_ok()
            && vars.iter().all(|&var| state.is_assigned(var)),
    )
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        let id = line.trim();
        if id.is_empty() || id.starts_with('#') {
            continue;
        }
        let puzzle = parse_lightup_id(id)?;
        let started = std::time::Instant::now();
        let solved = solve(&puzzle, &Config::default())?;
        let elapsed = started.elapsed();
        let answer = match &solved.answer {
            Uniqueness::Unique(grid) => {
                check(&puzzle, grid)?;
                format_lightup_line(grid)
            }
            other => format!("NOT-UNIQUE {other:?}"),
        };
        let weakest = if fixed(&puzzle, Tier::Easy, false)? {
            "easy"
        } else if fixed(&puzzle, Tier::Tricky, false)? {
            "tricky"
        } else if fixed(&puzzle, Tier::Tricky, true)? {
            "probing"
        } else {
            "none"
        };
        let alone = if fixed(&puzzle, Tier::Tricky, false)? {
            "propagation"
        } else {
            "search"
        };
        println!(
            "{answer} {} {alone} {:.2}ms {weakest}",
            solved.counters.nodes,
            elapsed.as_secs_f64() * 1000.0
        );
    }
    Ok(())
}
