//! Solves game IDs read from standard input (one a line) and prints, for each,
//! the one-line answer, the search's nodes, whether propagation alone from
//! the start state fixes every square (`propagation` or `search`), the time,
//! and the weakest tier of rules whose propagation alone does (`easy`,
//! `tricky`, or `none`): the measure of how strong the rules are.
//!
//! ```sh
//! sgt-tents --generate 50 10x10dt | cargo run --release -p sieve-tents --example tents_survey
//! ```

use std::io::BufRead;

use sieve::{Config, Schedule, Uniqueness, propagate};
use sieve_tents::{Puzzle, TentsModel, Tier, check, format_tents_line, parse_tents_id, solve};

/// Whether propagation alone, with the rules of `tier`, fixes every square.
fn fixed(puzzle: &Puzzle, tier: Tier) -> Result<bool, sieve::Error> {
    let model = TentsModel::with_tier(puzzle, tier)?;
    let mut state = model.start();
    Ok(
        propagate(model.model(), &mut state, Schedule::Queue, None).is_ok()
            && model.cells().iter().all(|&var| state.is_assigned(var)),
    )
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        let id = line.trim();
        if id.is_empty() || id.starts_with('#') {
            continue;
        }
        let puzzle = parse_tents_id(id)?;
        let started = std::time::Instant::now();
        let solved = solve(&puzzle, &Config::default())?;
        let elapsed = started.elapsed();
        let answer = match &solved.answer {
            Uniqueness::Unique(grid) => {
                check(&puzzle, grid)?;
                format_tents_line(grid)
            }
            other => format!("NOT-UNIQUE {other:?}"),
        };
        let mut weakest = "none";
        for tier in Tier::ALL {
            if fixed(&puzzle, tier)? {
                weakest = tier.name();
                break;
            }
        }
        let alone = if fixed(&puzzle, Tier::Tricky)? {
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
