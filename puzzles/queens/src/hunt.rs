//! Finding every solution by repeated random starts, as the source's `solRnd`
//! did: draw a random start, walk it with the classic rules, note the
//! solution; stop when every solution has been seen.
//!
//! Starts are drawn in order from one seeded [`ChaCha8Rng`], so run k always
//! starts from the same board. Runs may be walked in parallel, a batch at a
//! time, but they are tallied in order: the number of runs does not depend on
//! the number of threads. With seed 3, N = 8 needs 45,118 runs.

use std::collections::HashMap;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use sieve::Config;

use crate::board::Board;
use crate::classic::{Classic, ClassicOptions, ClassicRun, random_start};
use crate::classic_log::Step;
use crate::error::{QueensError, check_size};
use crate::replay::{ReplayError, index_page};
use crate::search::QueensModel;

/// The largest N hunted (724 solutions for N = 10 already take many runs).
pub const MAX_HUNT_SIZE: usize = 10;

/// How many starts are drawn and walked per batch.
const BATCH: usize = 2048;

/// The seed, limits and threads of a hunt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HuntOptions {
    /// The seed of the random starts.
    pub seed: u64,
    /// Give up after this many runs.
    pub max_runs: u64,
    /// Worker threads (1: walk in this thread).
    pub threads: usize,
}

impl Default for HuntOptions {
    fn default() -> Self {
        HuntOptions {
            seed: 3,
            max_runs: 1_000_000,
            threads: 1,
        }
    }
}

/// One solution found by a hunt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The solution.
    pub board: Board,
    /// The run (1-based) that found it first.
    pub first_run: u64,
    /// The start of the shortest run that reached it (on a tie the later
    /// run, as the source's trace writer keeps it).
    pub shortest_start: Board,
    /// That run's memory entries (`INIT` included).
    pub shortest_entries: u64,
}

/// What a hunt found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hunt {
    /// N.
    pub size: usize,
    /// The seed of the starts.
    pub seed: u64,
    /// How many solutions N has (counted by search).
    pub target: u64,
    /// Runs made: up to the one that found the last solution, or the limit.
    pub runs: u64,
    /// Runs that ended without a solution (step limit or cycle).
    pub unsolved_runs: u64,
    /// The solutions, in the order they were first found.
    pub found: Vec<Found>,
}

impl Hunt {
    /// Whether every solution was found.
    pub fn complete(&self) -> bool {
        self.found.len() as u64 == self.target
    }

    /// The shortest trace to each solution, walked again with the memory
    /// kept, in the order the solutions were found.
    pub fn traces(&self) -> Result<Vec<Vec<Step>>, QueensError> {
        let classic = Classic::new(self.size)?;
        self.found
            .iter()
            .map(|found| Ok(classic.solve(&found.shortest_start)?.memory))
            .collect()
    }

    /// The source's simulator as one page: every solution's shortest trace,
    /// longest first.
    pub fn index_page(&self, title: &str) -> Result<String, HuntPageError> {
        let traces = self.traces()?;
        Ok(index_page(title, &traces)?)
    }
}

/// Why a hunt's index page could not be built.
#[derive(Debug, thiserror::Error)]
pub enum HuntPageError {
    /// A trace could not be walked again.
    #[error(transparent)]
    Walk(#[from] QueensError),
    /// The page could not be written.
    #[error(transparent)]
    Page(#[from] ReplayError),
}

/// Draws random starts and walks them until every solution of N is found or
/// `options.max_runs` runs are made.
pub fn hunt_all(size: usize, options: &HuntOptions) -> Result<Hunt, QueensError> {
    check_size(size, MAX_HUNT_SIZE, "the random-start hunt")?;
    let target = QueensModel::new(size)?
        .count(&Config::default(), 1)?
        .solutions;
    let classic = Classic::new(size)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads.max(1))
        .build()
        .map_err(|error| QueensError::Threads(error.to_string()))?;
    let walk_options = ClassicOptions {
        keep_log: false,
        ..ClassicOptions::default()
    };
    let mut random = ChaCha8Rng::seed_from_u64(options.seed);
    let mut tally = Tally::new(size, options.seed, target);
    while !tally.hunt.complete() && tally.hunt.runs < options.max_runs {
        let batch = (options.max_runs - tally.hunt.runs).min(BATCH as u64) as usize;
        let starts: Vec<Board> = (0..batch)
            .map(|_| random_start(size, &mut random))
            .collect();
        let runs: Vec<ClassicRun> = if options.threads <= 1 {
            starts
                .iter()
                .map(|start| classic.solve_with(start, &walk_options))
                .collect::<Result<_, _>>()?
        } else {
            pool.install(|| {
                starts
                    .par_iter()
                    .map(|start| classic.solve_with(start, &walk_options))
                    .collect::<Result<_, _>>()
            })?
        };
        for run in runs {
            if tally.hunt.complete() {
                break;
            }
            tally.add(run);
        }
    }
    Ok(tally.hunt)
}

/// The hunt so far, with an index from solution to its place in `found`.
struct Tally {
    hunt: Hunt,
    index: HashMap<Board, usize>,
}

impl Tally {
    fn new(size: usize, seed: u64, target: u64) -> Self {
        Tally {
            hunt: Hunt {
                size,
                seed,
                target,
                runs: 0,
                unsolved_runs: 0,
                found: Vec::new(),
            },
            index: HashMap::new(),
        }
    }

    fn add(&mut self, run: ClassicRun) {
        self.hunt.runs += 1;
        if !run.solved() {
            self.hunt.unsolved_runs += 1;
            return;
        }
        let entries = run.entries();
        match self.index.get(&run.board) {
            Some(&position) => {
                let found = &mut self.hunt.found[position];
                if entries <= found.shortest_entries {
                    found.shortest_entries = entries;
                    found.shortest_start = run.start;
                }
            }
            None => {
                self.index.insert(run.board.clone(), self.hunt.found.len());
                self.hunt.found.push(Found {
                    board: run.board,
                    first_run: self.hunt.runs,
                    shortest_start: run.start,
                    shortest_entries: entries,
                });
            }
        }
    }
}
