//! `sieve bench --shard i/n` and `--checkpoint FILE`, over the shared parts of
//! [`crate::shards`]: the units of a bench are blocks of puzzles, each run under
//! every rule set and strategy, so that every part times every strategy on its own
//! puzzles and checks their agreement there (agreement compares strategies on the
//! same puzzles, so nothing is left to compare across parts).

use std::io::Write;
use std::ops::Range;

use serde::{Deserialize, Serialize};
use sieve::hash::mix;
use sieve::matrix::{Disagreement, Row, Strategy};

use super::{Args, Gather, ReportFormat, Workload, finish, group_size};
use crate::common::{CliError, Outcome};

/// The kind of the parts `sieve bench --shard` prints.
pub const BENCH_KIND: &str = "bench";

/// The most puzzles of one group in a unit: small enough that a file of puzzles
/// splits into many units, large enough that a unit's warm-up and statistics
/// passes stay a small share of it.
const PUZZLES_PER_UNIT: usize = 64;

/// One unit of a bench: some consecutive puzzles of one group.
pub(super) struct Unit {
    /// The group (in file order).
    pub group: usize,
    /// The group's puzzles this unit runs.
    pub puzzles: Range<usize>,
    /// The position of the unit's first puzzle in the whole file (0-based).
    pub first_puzzle: usize,
}

/// Every unit of `workload`, in file order: each group cut into blocks of at most
/// [`PUZZLES_PER_UNIT`] puzzles.
pub(super) fn units(workload: &Workload) -> Vec<Unit> {
    let mut units = Vec::new();
    let mut before = 0;
    for (group, blocks) in workload.groups.iter().enumerate() {
        let size = group_size(blocks);
        for start in (0..size).step_by(PUZZLES_PER_UNIT) {
            units.push(Unit {
                group,
                puzzles: start..size.min(start + PUZZLES_PER_UNIT),
                first_puzzle: before + start,
            });
        }
        before += size;
    }
    units
}

/// What a run prints besides its rows, kept in every unit so that `sieve
/// merge-shards` prints what one run prints.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Settings {
    /// The puzzle family.
    pub family: String,
    /// How many puzzles the whole file holds.
    pub puzzles: usize,
    /// Timed repeats per row.
    pub repeats: usize,
    /// Untimed passes before them.
    pub warmup: usize,
    /// The solution limit of each search.
    pub solution_limit: Option<u64>,
    /// Whether rows of different groups with one rule set and strategy add up.
    pub merge: bool,
    /// `--format`.
    pub format: ReportFormat,
    /// `--top-rules`.
    pub top_rules: usize,
    /// `--profile`.
    pub profile: bool,
}

/// The result of one unit: its rows over its puzzles, and the disagreements
/// among them (puzzles counted from the start of the file).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BenchUnit {
    /// How the whole run prints.
    pub settings: Settings,
    /// The unit's group.
    pub group: usize,
    /// How many puzzles the unit ran.
    pub puzzles: usize,
    /// One row per rule set and strategy.
    pub rows: Vec<Row>,
    /// Every disagreement on the unit's puzzles.
    pub disagreements: Vec<Disagreement>,
}

/// The command as parts and checkpoints name it: every argument that changes the
/// units or what is printed, and a fingerprint of the start states (so that parts
/// of another file never merge); not `--timeout`, which changes how far a run
/// gets, not its result.
pub(super) fn command(args: &Args, workload: &Workload, strategies: &[Strategy]) -> String {
    let mut input = 0u64;
    for block in workload.groups.iter().flatten() {
        input = block
            .label
            .bytes()
            .fold(input, |hash, byte| mix(hash ^ u64::from(byte)));
        for start in &block.starts {
            input = mix(input ^ start.fingerprint());
        }
    }
    let names: Vec<&str> = strategies.iter().map(|s| s.name.as_str()).collect();
    format!(
        "bench {} (input {input:016x}) --strategies {} --tiers {:?} --node-limit {:?} \
         --time-limit {:?} --repeats {} --warmup {} --limit {:?} --solution-limit {:?} \
         --all-solutions {} --format {:?} --top-rules {} --profile {}",
        args.puzzle.name(),
        names.join(","),
        args.tiers,
        args.node_limit,
        args.time_limit,
        args.repeats,
        args.warmup,
        args.limit,
        args.solution_limit,
        args.all_solutions,
        args.format,
        args.top_rules,
        args.profile
    )
}

/// `sieve merge-shards` over parts of `sieve bench`: what one run prints.
pub fn print_merged(units: &[BenchUnit], out: &mut dyn Write) -> Result<Outcome, CliError> {
    let Some(first) = units.first() else {
        return Err(CliError::input("bench parts without a unit"));
    };
    let settings = first.settings.clone();
    let mut gather = Gather::new(settings.merge);
    for unit in units {
        gather.add(unit.clone());
    }
    finish(&settings, gather, None, out)
}
