//! `sieve bench`: a matrix of propagation strategies over a file of puzzles, with an
//! agreement check, as a table, CSV or JSON.
//!
//! The measuring and the checking live in [`sieve::matrix`]; the puzzle modules read
//! their files and build one model per rule set ([`Workload`]), [`run_workload`] runs
//! the matrix, and [`report`] writes what it found.

mod fzn;
mod magic;
pub mod parts;
mod queens;
mod report;
mod skyscrapers;
mod sudoku;

use std::collections::HashMap;
use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::{Duration, Instant};

use clap::ValueEnum;
use sieve::matrix::{
    Disagreement, MatrixError, MatrixOptions, Row, RuleReport, Strategy, Subject, timing,
};
use sieve::{Domains, Model, Restore, Schedule, ValueOrder, VarId, VarOrder};

use crate::common::{CliError, Outcome, RestoreArg, ScheduleArg, VarOrderArg, parse_seconds, warn};
use crate::progress::Progress;
use crate::shards::{Progress as Parts, ShardArgs, interrupt_flag};
use crate::skyscrapers::OrderArg;
use parts::{BENCH_KIND, BenchUnit, Settings, Unit};
use report::{BenchReport, Meta, TimeoutStop};
use serde::{Deserialize, Serialize};
use sieve::split::Shard;

const BENCH_EXAMPLES: &str = "\
Examples:
  sieve bench sudoku --file top1465.txt --limit 200 --tiers fast,locked-candidates
  sieve bench queens --file sizes.txt --all-solutions --format csv
  sieve bench queens --file sizes.txt --all-solutions --timeout 60
  sieve bench sudoku --file top1465.txt --shard 0/4 > part0.json   (then merge-shards)
  sieve bench sudoku --help        a family's files, rule sets and examples

Every family takes the same strategy, timing and report options; `sieve bench
FAMILY --help` lists them with what the family reads and which rule sets
(--tiers) it has. Exit code 1 when strategies disagree (STRATEGIES DISAGREE on
stderr), or when --timeout stopped the run (STOPPED BY THE TIMEOUT: the report
keeps the timed repeats that finished).";

/// What every family's help ends with.
macro_rules! family_help {
    ($body:literal) => {
        concat!(
            $body,
            "\n\nBlank lines and lines starting with # are skipped.\n\
             Exit code 1 when strategies disagree (STRATEGIES DISAGREE on stderr), or when\n\
             --timeout stopped the run (STOPPED BY THE TIMEOUT: the repeats that finished)."
        )
    };
}

const SUDOKU_HELP: &str = family_help!(
    "\
Examples:
  sieve bench sudoku --file top1465.txt --limit 200 --tiers fast,locked-candidates
  sieve bench sudoku --file top1465.txt --schedules queue,queue --repeats 10   (an A/A test)
  sieve bench sudoku --file top1465.txt --shard 0/4 > part0.json   (parts 1-3 likewise, then
      sieve merge-shards part*.json prints the report of one run; see docs/scale.md)

File: one puzzle a line (any box shape, every line the same shape).

Rule sets (--tiers; names or numbers, a tier brings every simpler tier with it):
  fast (default), naked-single, hidden-single, locked-candidates, subsets, fish (1-5)"
);

const QUEENS_HELP: &str = family_help!(
    "\
Examples:
  sieve bench queens --file sizes.txt --all-solutions --format csv
  sieve bench queens --file sizes.txt --all-solutions --timeout 60
  sieve bench queens --file sizes.txt --all-solutions --checkpoint bench.json   (resumes)

File: board sizes N (spaces, commas or lines); each N is its own row block.

Rule sets: one model only (--tiers is refused)."
);

const SKYSCRAPERS_HELP: &str = family_help!(
    "\
Examples:
  sieve bench skyscrapers --file puzzles.txt --tiers fast,latin,lines

File: one puzzle a line as `sieve skyscrapers solve --file` reads it: the 4N clues
(see --order), optionally ` | ` and the N*N givens.

Rule sets (--tiers; names or numbers, a tier brings every simpler tier with it):
  fast (default), edge, viewpoint, latin, lines (1-4)

Rows add up every puzzle of the file (a skyscrapers model belongs to one puzzle):
puzzles/s is the number of puzzles over the sum of each puzzle's median time. Rule
sets whose models add variables of their own (the fast model) are compared on the
variables every model has: the cells."
);

const MAGIC_HELP: &str = family_help!(
    "\
Examples:
  sieve bench magic --file squares.txt --tiers distinct,bounds --format json

File: partial squares as `sieve magic solve` reads them (rows of numbers, `.` or
`0` for an unknown cell), one square per paragraph: squares are separated by blank
lines or `#` comment lines, so the output of several `sieve magic generate N
--hide K` runs reads as it is; a square of unknown cells only, with
--all-solutions, counts every square of its order.

Rule sets (--tiers, or --rules): distinct (default: a domain-consistent sum rule per
line), bounds (the engine's LinearSum per line).

Rows add up every square of the file: puzzles/s is the number of squares over the
sum of each square's median time."
);

const FZN_HELP: &str = family_help!(
    "\
Examples:
  sieve bench fzn --file flatzinc/tests/models/bench.txt --all-solutions

File: FlatZinc models, one path a line, relative to the list's folder; an
optimisation model is benched as its satisfaction problem.

Rule sets: the translation only (--tiers is refused)."
);

/// `sieve bench FAMILY`: the family, then the options every family shares.
#[derive(clap::Args, Debug)]
#[command(after_help = BENCH_EXAMPLES)]
pub struct Bench {
    #[command(subcommand)]
    family: Family,
}

/// The puzzle families, each with its own help.
#[derive(clap::Subcommand, Debug)]
enum Family {
    /// Sudoku: one puzzle a line (any box shape; every line the same shape).
    #[command(after_help = SUDOKU_HELP)]
    Sudoku(Args),
    /// N-queens: a list of N values (spaces, commas or lines).
    #[command(after_help = QUEENS_HELP)]
    Queens(Args),
    /// Skyscrapers: one clue line a puzzle, optionally with ` | ` and givens.
    #[command(after_help = SKYSCRAPERS_HELP)]
    Skyscrapers(Args),
    /// Magic squares: partial squares, one per paragraph.
    #[command(after_help = MAGIC_HELP)]
    Magic(Args),
    /// FlatZinc models: one path a line.
    #[command(after_help = FZN_HELP)]
    Fzn(Args),
}

impl Bench {
    /// The family asked for, and its options.
    fn family_args(self) -> Args {
        let (puzzle, mut args) = match self.family {
            Family::Sudoku(args) => (PuzzleKind::Sudoku, args),
            Family::Queens(args) => (PuzzleKind::Queens, args),
            Family::Skyscrapers(args) => (PuzzleKind::Skyscrapers, args),
            Family::Magic(args) => (PuzzleKind::Magic, args),
            Family::Fzn(args) => (PuzzleKind::Fzn, args),
        };
        args.puzzle = puzzle;
        args
    }
}

/// The puzzle families `sieve bench` knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum PuzzleKind {
    /// Sudoku: one puzzle a line (any box shape; every line the same shape).
    Sudoku,
    /// N-queens: a list of N values (spaces, commas or lines).
    Queens,
    /// Skyscrapers: one clue line a puzzle, optionally with ` | ` and givens.
    Skyscrapers,
    /// Magic squares: partial squares, one per paragraph.
    Magic,
    /// FlatZinc models: one path a line.
    Fzn,
}

impl PuzzleKind {
    /// The family's name in reports.
    fn name(self) -> &'static str {
        match self {
            PuzzleKind::Sudoku => "sudoku",
            PuzzleKind::Queens => "queens",
            PuzzleKind::Skyscrapers => "skyscrapers",
            PuzzleKind::Magic => "magic",
            PuzzleKind::Fzn => "fzn",
        }
    }
}

/// How the report is written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ReportFormat {
    /// Aligned columns for people, then the busiest rules of each row.
    Table,
    /// One line per rule set and strategy, with a header.
    Csv,
    /// Everything, including per-rule and per-puzzle figures.
    Json,
}

/// `sieve bench FAMILY`: run every chosen strategy on every puzzle, check they
/// agree, and report speed and work per strategy.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The puzzle family (the subcommand).
    #[arg(skip = PuzzleKind::Sudoku)]
    pub puzzle: PuzzleKind,
    /// The puzzles (`-` for standard input).
    #[arg(long)]
    pub file: PathBuf,
    /// Propagation schedules to compare.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "sweep,queue,priority"
    )]
    pub schedules: Vec<ScheduleArg>,
    /// Restore strategies to compare.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "copy,trail")]
    pub restores: Vec<RestoreArg>,
    /// Variable orders to compare.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "fewest,dom-wdeg"
    )]
    pub var_orders: Vec<VarOrderArg>,
    /// Value orders to compare: `ascending`, or `random:SEED` (a portable seeded
    /// draw; `random` alone is seed 1).
    #[arg(long, value_delimiter = ',', default_value = "ascending", value_parser = parse_value_order)]
    pub value_orders: Vec<ValueOrder>,
    /// Stop each search (one puzzle under one strategy) after this many nodes; a
    /// puzzle stopped so is reported as such, its count a lower bound.
    #[arg(long)]
    pub node_limit: Option<u64>,
    /// Stop each search after this many seconds, as `--node-limit`.
    #[arg(long, value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// End the whole run after this many seconds: the report keeps the timed
    /// repeats that finished, marked as stopped by the timeout (exit code 1).
    #[arg(long, value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// Rule sets to compare (names or numbers, per puzzle family: see below);
    /// default: the family's fastest rule set.
    #[arg(long, alias = "rules", value_delimiter = ',')]
    pub tiers: Vec<String>,
    /// Skyscrapers: the order of the clues on each line.
    #[arg(long, value_enum, default_value = "source")]
    pub order: OrderArg,
    /// Timed passes per strategy; the median is reported with its 95 % interval.
    /// Every repeat runs each (rule set, strategy) once, in a shuffled order.
    #[arg(long, default_value_t = 3)]
    pub repeats: usize,
    /// Untimed passes of every (rule set, strategy) before the timed ones.
    #[arg(long, default_value_t = 1)]
    pub warmup: usize,
    /// Use only the first N puzzles of the file.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Stop each search after this many solutions (2: solve and prove unique).
    #[arg(long, default_value_t = 2, conflicts_with = "all_solutions")]
    pub solution_limit: u64,
    /// Find every solution of each puzzle instead.
    #[arg(long)]
    pub all_solutions: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: ReportFormat,
    /// How many rule groups the table shows per row.
    #[arg(long, default_value_t = 5)]
    pub top_rules: usize,
    /// After the table, a profile of each row by kind of rule: woken, calls,
    /// asleep, removals, conflicts and time in the actions (timed in the untimed
    /// statistics pass only, so the timed passes pay nothing).
    #[arg(long)]
    pub profile: bool,
    /// `--shard` and `--checkpoint`: the units are blocks of up to 64 puzzles of
    /// the file (a board size for queens, a model for fzn).
    #[command(flatten)]
    pub parts: ShardArgs,
}

/// A puzzle crate's model type, kept whole so that the engine model is borrowed from it.
trait OwnsModel {
    /// The engine model.
    fn model(&self) -> &Model;

    /// The variables that hold the puzzle's answer, when the model has auxiliary
    /// ones too: rule sets are compared on these ([`Subject::with_answer`]).
    fn answer(&self) -> Option<&[VarId]> {
        None
    }
}

/// One rule set over some puzzles: its label, model and start states.
struct Block {
    label: String,
    owner: Box<dyn OwnsModel>,
    starts: Vec<Domains>,
}

impl Block {
    fn new(
        label: impl Into<String>,
        owner: impl OwnsModel + 'static,
        starts: Vec<Domains>,
    ) -> Self {
        Block {
            label: label.into(),
            owner: Box::new(owner),
            starts,
        }
    }
}

/// What a puzzle module hands over: groups of blocks, every block of a group over the
/// same puzzles (so that their answers compare), groups in file order.
struct Workload {
    groups: Vec<Vec<Block>>,
    /// Add up the rows of every group with the same rule set and strategy (when a
    /// model belongs to one puzzle or one order); otherwise each group keeps its rows.
    merge: bool,
}

/// Run `sieve bench FAMILY`.
pub fn run(bench: Bench, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let args = bench.family_args();
    let deadline = args.timeout.map(|timeout| Instant::now() + timeout);
    let workload = match args.puzzle {
        PuzzleKind::Sudoku => sudoku::workload(&args)?,
        PuzzleKind::Queens => queens::workload(&args)?,
        PuzzleKind::Skyscrapers => skyscrapers::workload(&args)?,
        PuzzleKind::Magic => magic::workload(&args)?,
        PuzzleKind::Fzn => fzn::workload(&args)?,
    };
    let strategies = strategies(&args)?;
    let interrupt = interrupt_flag(&args.parts)?;
    let options = MatrixOptions {
        repeats: args.repeats.max(1),
        solution_limit: (!args.all_solutions).then_some(args.solution_limit),
        warmup: args.warmup,
        deadline,
        cancel: interrupt.clone(),
        ..MatrixOptions::default()
    };
    let settings = Settings {
        family: args.puzzle.name().to_string(),
        puzzles: workload.groups.iter().map(|g| group_size(g)).sum(),
        repeats: options.repeats,
        warmup: options.warmup,
        solution_limit: options.solution_limit,
        merge: workload.merge,
        format: args.format,
        top_rules: args.top_rules,
        profile: args.profile,
    };
    let units = parts::units(&workload);
    let command = parts::command(&args, &workload, &strategies);
    let progress: Parts<BenchUnit> = Parts::open(&args.parts, BENCH_KIND, &command, units.len())?;
    let run = UnitRun {
        workload: &workload,
        strategies: &strategies,
        options: &options,
        settings: &settings,
        shard: args.parts.shard(),
    };
    let (gather, stopped_after) = run.all(&units, &progress)?;
    if crate::shards::interrupted(interrupt.as_ref()) {
        return progress.interrupted();
    }
    progress.save()?;
    let timeout = stopped_after.map(|repeats_run| TimeoutStop {
        seconds: args.timeout.unwrap_or_default().as_secs_f64(),
        repeats_asked: options.repeats,
        repeats_run,
        puzzles_run: gather.puzzles_run,
    });
    if args.parts.shard.is_some() {
        progress.print(out)?;
        return match timeout {
            None => Ok(Outcome::Success),
            Some(stop) => {
                out.flush()?;
                warn(format_args!(
                    "sieve bench: the --timeout of {} s stopped the shard: its part is \
                     unfinished (run it again with --checkpoint to finish it)",
                    stop.seconds
                ))?;
                Ok(Outcome::Unsolved)
            }
        };
    }
    finish(&settings, gather, timeout, out)
}

/// The report of the rows gathered (by one run, or merged from parts), written in
/// the chosen format, then what stderr must say: the timeout's stop, and every
/// disagreement. Exit code 1 for either.
fn finish(
    settings: &Settings,
    gather: Gather,
    timeout: Option<TimeoutStop>,
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    if let Some(stop) = &timeout
        && gather.rows.list.is_empty()
    {
        warn(format_args!(
            "sieve bench: the --timeout of {} s ran out before one timed repeat finished: nothing to report",
            stop.seconds
        ))?;
        return Ok(Outcome::Unsolved);
    }
    let rows = gather.rows.timed();
    let report = BenchReport {
        meta: Meta::now(),
        puzzle: settings.family.clone(),
        puzzles: settings.puzzles,
        repeats: timeout
            .as_ref()
            .map_or(settings.repeats, |stop| stop.repeats_run),
        warmup: settings.warmup,
        solution_limit: settings.solution_limit,
        timing_flags: timing::timing_flags(&rows),
        rows,
        disagreements: gather.disagreements,
        timeout,
    };
    report::write(
        &report,
        settings.format,
        settings.top_rules,
        settings.profile,
        out,
    )?;
    if let Some(stop) = &report.timeout {
        out.flush()?;
        warn(format_args!(
            "sieve bench: {}",
            stop.sentence(settings.puzzles)
        ))?;
    }
    if report.disagreements.is_empty() {
        return Ok(match report.timeout {
            None => Outcome::Success,
            Some(_) => Outcome::Unsolved,
        });
    }
    out.flush()?;
    warn(format_args!(
        "sieve bench: STRATEGIES DISAGREE: {} disagreement(s); the timings above are not to be trusted",
        report.disagreements.len()
    ))?;
    for disagreement in report.disagreements.iter().take(10) {
        warn(format_args!("  {disagreement}"))?;
    }
    Ok(Outcome::Unsolved)
}

/// The product of the chosen axes, refusing an empty axis. A value given twice is
/// kept twice (its second row labelled `#2`): `--schedules queue,queue` is an A/A
/// test of the timing.
fn strategies(args: &Args) -> Result<Vec<Strategy>, CliError> {
    if args.schedules.is_empty() || args.restores.is_empty() || args.var_orders.is_empty() {
        return Err(CliError::input(
            "bench: --schedules, --restores and --var-orders each need at least one value",
        ));
    }
    let schedules: Vec<Schedule> = args.schedules.iter().map(|&s| s.into()).collect();
    let restores: Vec<Restore> = args.restores.iter().map(|&r| r.into()).collect();
    let var_orders: Vec<VarOrder> = args.var_orders.iter().map(|&v| v.into()).collect();
    let product = Strategy::product(&schedules, &restores, &var_orders);
    let mut strategies = Vec::with_capacity(product.len() * args.value_orders.len());
    for strategy in &product {
        for &value_order in &args.value_orders {
            let mut config = strategy.config.value_order(value_order);
            config.node_limit = args.node_limit;
            config.time_limit = args.time_limit;
            strategies.push(Strategy::named(config));
        }
    }
    Ok(strategies)
}

/// `--value-orders`: `ascending`, `random` (seed 1) or `random:SEED`.
fn parse_value_order(text: &str) -> Result<ValueOrder, String> {
    match text.split_once(':') {
        None if text == "ascending" => Ok(ValueOrder::Ascending),
        None if text == "random" => Ok(ValueOrder::Random { seed: 1 }),
        Some(("random", seed)) => seed
            .parse()
            .map(|seed| ValueOrder::Random { seed })
            .map_err(|_| format!("`{seed}` is not a seed (a whole number from 0)")),
        _ => Err(format!(
            "`{text}` is not a value order: ascending, random or random:SEED"
        )),
    }
}

/// The rule sets named by `--tiers` (or `default` when none is given): each name,
/// trimmed and lower-cased, through `parse`, which gives its label and rule set; two
/// names for one rule set (`3` and `locked-candidates`) count once.
fn rule_sets<T>(
    args: &Args,
    default: &str,
    parse: impl Fn(&str) -> Result<(String, T), String>,
) -> Result<Vec<(String, T)>, CliError> {
    let names: Vec<String> = if args.tiers.is_empty() {
        vec![default.to_string()]
    } else {
        args.tiers.clone()
    };
    let mut sets: Vec<(String, T)> = Vec::new();
    for name in names {
        let (label, set) = parse(&name.trim().to_ascii_lowercase())
            .map_err(|error| CliError::input(format!("--tiers: {error}")))?;
        if !sets.iter().any(|(kept, _)| *kept == label) {
            sets.push((label, set));
        }
    }
    Ok(sets)
}

/// The rule set of a puzzle family with tiers: its fast model, or a tier with every
/// simpler one.
#[derive(Copy, Clone)]
enum FastOrTier<T> {
    Fast,
    Tier(T),
}

/// `fast`, or a tier's name or number (whatever the tier type reads), labelled with
/// the tier's name.
fn fast_or_tier<T>(name: &str) -> Result<(String, FastOrTier<T>), String>
where
    T: FromStr + fmt::Display,
    T::Err: fmt::Display,
{
    if name == "fast" {
        return Ok((name.to_string(), FastOrTier::Fast));
    }
    let tier: T = name.parse().map_err(|error| format!("{error}, or fast"))?;
    Ok((tier.to_string(), FastOrTier::Tier(tier)))
}

/// The puzzle lines of a text: (1-based line number, trimmed line), skipping blank
/// lines and `#` comments, at most `limit` of them.
fn puzzle_lines(text: &str, limit: Option<usize>) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .take(limit.unwrap_or(usize::MAX))
        .collect()
}

/// "no puzzle found" for an empty file.
fn no_puzzle(args: &Args) -> CliError {
    CliError::input(format!("{}: no puzzle found", args.file.display()))
}

/// How many puzzles a group's blocks solve.
fn group_size(blocks: &[Block]) -> usize {
    blocks.first().map_or(0, |block| block.starts.len())
}

/// The rows and disagreements of the units run (or read back) so far.
struct Gather {
    rows: Rows,
    /// Every disagreement, its puzzle counted from the start of the file.
    disagreements: Vec<Disagreement>,
    /// How many puzzles the units gathered hold.
    puzzles_run: usize,
}

impl Gather {
    fn new(merge: bool) -> Self {
        Gather {
            rows: Rows::new(merge),
            disagreements: Vec::new(),
            puzzles_run: 0,
        }
    }

    /// Adds a unit's rows to the rows of its group (or of every group, when the
    /// workload adds groups up), and its disagreements.
    fn add(&mut self, unit: BenchUnit) {
        for row in unit.rows {
            self.rows.push(unit.group, row);
        }
        self.disagreements.extend(unit.disagreements);
        self.puzzles_run += unit.puzzles;
    }
}

/// What every unit of a run shares.
struct UnitRun<'a> {
    workload: &'a Workload,
    strategies: &'a [Strategy],
    options: &'a MatrixOptions,
    settings: &'a Settings,
    shard: Shard,
}

impl UnitRun<'_> {
    /// Every unit of the shard through the matrix (a unit finished earlier, as the
    /// checkpoint says, is read back), with one progress bar, until the deadline or
    /// an interrupt stops the run: then also the timed repeats that finished (the
    /// fewest of any unit gathered), `None` when the run was not stopped.
    fn all(
        &self,
        units: &[Unit],
        progress: &Parts<BenchUnit>,
    ) -> Result<(Gather, Option<usize>), CliError> {
        let owned: Vec<usize> = (0..units.len()).filter(|&n| self.shard.owns(n)).collect();
        let per_block = self.strategies.len() * (self.options.warmup + self.options.repeats + 1);
        let blocks = self.workload.groups.first().map_or(0, Vec::len);
        let passes = owned.len() * blocks * per_block;
        let bar = bench_progress(passes, self.strategies.len() * blocks);
        let mut gather = Gather::new(self.workload.merge);
        let mut passes_done = 0;
        for number in owned {
            if let Some(done) = progress.finished(number) {
                gather.add(done);
            } else {
                let unit = &units[number];
                let mut step = |done: usize, _| bar.bar.set_position((passes_done + done) as u64);
                let Some((found, stopped)) = self.one(unit, &mut step)? else {
                    return Ok((gather, Some(self.options.repeats)));
                };
                if let Some(repeats) = stopped {
                    gather.add(found);
                    return Ok((gather, Some(repeats)));
                }
                progress.record(number, found.clone());
                gather.add(found);
            }
            passes_done += self.workload.groups[units[number].group].len() * per_block;
        }
        Ok((gather, None))
    }

    /// One unit through the matrix: its result, with the repeats that finished when
    /// the deadline cut it; `None` when not one timed repeat finished.
    fn one(
        &self,
        unit: &Unit,
        step: &mut dyn FnMut(usize, usize),
    ) -> Result<Option<(BenchUnit, Option<usize>)>, CliError> {
        let blocks = &self.workload.groups[unit.group];
        let subjects: Vec<Subject<'_>> = blocks
            .iter()
            .map(|b| {
                let starts = &b.starts[unit.puzzles.clone()];
                let subject = Subject::new(&b.label, b.owner.model(), starts);
                match b.owner.answer() {
                    Some(answer) => subject.with_answer(answer),
                    None => subject,
                }
            })
            .collect();
        // Each block shuffles its own cell orders, as one matrix over the whole
        // group would (the first block's are those of a file of one block).
        let options = MatrixOptions {
            order_seed: self
                .options
                .order_seed
                .wrapping_add(unit.first_puzzle as u64),
            ..self.options.clone()
        };
        let report = match sieve::run_matrix(&subjects, self.strategies, &options, step) {
            Ok(report) => report,
            Err(MatrixError::DeadlinePassed) => return Ok(None),
            Err(error) => return Err(CliError::input(error)),
        };
        let stopped = report.deadline_passed.then_some(report.repeats);
        let mut disagreements = report.disagreements;
        for disagreement in &mut disagreements {
            disagreement.puzzle += unit.first_puzzle;
        }
        let found = BenchUnit {
            settings: self.settings.clone(),
            group: unit.group,
            puzzles: unit.puzzles.len(),
            rows: report.rows,
            disagreements,
        };
        Ok(Some((found, stopped)))
    }
}

/// The rows of a run, in first-seen order: a row with the rule set and strategy
/// of an earlier one of its group (another block of the group's puzzles), or of
/// any group when `merge` is set, is added to it.
struct Rows {
    merge: bool,
    list: Vec<Row>,
    /// How many blocks each row of `list` adds up.
    blocks: Vec<usize>,
    index: HashMap<(usize, String, String), usize>,
}

impl Rows {
    fn new(merge: bool) -> Self {
        Rows {
            merge,
            list: Vec::new(),
            blocks: Vec::new(),
            index: HashMap::new(),
        }
    }

    /// The rows, a row made of several blocks timed again from all its puzzles.
    fn timed(self) -> Vec<Row> {
        let mut list = self.list;
        for (row, &blocks) in list.iter_mut().zip(&self.blocks) {
            if blocks > 1 {
                row.time_from_puzzles(row.puzzle_count as u64);
            }
        }
        list
    }

    fn push(&mut self, group: usize, row: Row) {
        let group = if self.merge { 0 } else { group };
        let key = (group, row.rule_set.clone(), row.strategy.clone());
        match self.index.get(&key) {
            Some(&at) => {
                add_row(&mut self.list[at], row);
                self.blocks[at] += 1;
            }
            None => {
                self.index.insert(key, self.list.len());
                self.list.push(row);
                self.blocks.push(1);
            }
        }
    }
}

/// Adds `more` (the same rule set and strategy on other puzzles) to `row`: the
/// puzzles follow on, counters add up, rules add up by name; [`Rows::timed`]
/// takes the times again from all the puzzles once every row is in.
fn add_row(row: &mut Row, more: Row) {
    row.puzzle_count += more.puzzle_count;
    let totals = &mut row.totals;
    totals.solutions += more.totals.solutions;
    totals.nodes += more.totals.nodes;
    totals.failures += more.totals.failures;
    totals.backtracks += more.totals.backtracks;
    totals.propagations += more.totals.propagations;
    totals.changes += more.totals.changes;
    add_rules(&mut row.rules, more.rules);
    row.puzzles.extend(more.puzzles);
}

/// Adds `more` to `rules` by name: the k-th rule of a name adds to the k-th rule of
/// that name (one puzzle's model may hold two rules of one name, such as a row's all
/// different and its hidden singles); a rule new to `rules` is appended.
fn add_rules(rules: &mut Vec<RuleReport>, more: Vec<RuleReport>) {
    let mut by_name: HashMap<String, Vec<usize>> = HashMap::new();
    for (index, rule) in rules.iter().enumerate() {
        by_name.entry(rule.name.clone()).or_default().push(index);
    }
    let mut seen: HashMap<String, usize> = HashMap::new();
    for rule in more {
        let occurrence = seen.entry(rule.name.clone()).or_default();
        let kept = by_name
            .get(&rule.name)
            .and_then(|list| list.get(*occurrence));
        *occurrence += 1;
        match kept {
            Some(&index) => {
                let kept = &mut rules[index];
                kept.woken += rule.woken;
                kept.asleep += rule.asleep;
                kept.calls += rule.calls;
                kept.changes += rule.changes;
                kept.removed += rule.removed;
                kept.conflicts += rule.conflicts;
                kept.seconds += rule.seconds;
            }
            None => rules.push(rule),
        }
    }
}

/// Progress on stderr once the run has taken a second (the shared watcher of
/// [`crate::progress`]): a bar of passes on a terminal, one line elsewhere.
fn bench_progress(passes: usize, cells: usize) -> Progress {
    Progress::with_template(
        "{spinner} bench {bar:40} {pos}/{len} passes ({elapsed}, eta {eta})",
        passes,
        format!(
            "sieve bench: {passes} passes over {cells} cell(s) (rule set x strategy) ...; \
             --timeout SECONDS bounds the run"
        ),
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::{RuleReport, add_rules};

    fn rule(name: &str, calls: u64) -> RuleReport {
        RuleReport {
            name: name.to_string(),
            kind: "Test".to_string(),
            woken: calls,
            asleep: 0,
            calls,
            changes: calls,
            removed: 0,
            conflicts: 0,
            seconds: calls as f64,
        }
    }

    #[test]
    fn rules_add_up_by_name_and_occurrence() {
        let mut rules = vec![rule("row 1", 1), rule("row 1", 10), rule("row 2", 100)];
        let more = vec![rule("row 1", 2), rule("row 1", 20), rule("row 3", 7)];
        add_rules(&mut rules, more);
        let calls: Vec<(&str, u64)> = rules.iter().map(|r| (r.name.as_str(), r.calls)).collect();
        assert_eq!(
            calls,
            [("row 1", 3), ("row 1", 30), ("row 2", 100), ("row 3", 7)]
        );
        let woken: Vec<u64> = rules.iter().map(|r| r.woken).collect();
        assert_eq!(woken, [3, 30, 100, 7]);
        let seconds: Vec<f64> = rules.iter().map(|r| r.seconds).collect();
        assert_eq!(seconds, [3.0, 30.0, 100.0, 7.0]);
    }
}
