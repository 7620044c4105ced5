//! `sieve queens`: N-queens three ways — Constraint.Queen's classic walk,
//! complete search and counting, and min-conflicts repair at scale.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Subcommand, ValueEnum};
use serde::{Deserialize, Serialize};
use sieve::{Value, VarId};
use sieve_queens::classic::DEFAULT_CLASSIC_STEPS;
use sieve_queens::{
    Board, Classic, ClassicEnd, ClassicOptions, ClassicRun, CountReport, HuntOptions, PartOptions,
    QueensError, QueensModel, RepairOptions, hunt_all, render_trace, seeded_start,
    solve_min_conflicts,
};
use sieve_replay::View;

use crate::common::{
    CliError, Outcome, StrategyArgs, parse_threads, print_stats, thread_count, warn,
};
use crate::hint::{HintTier, Hinter};
use crate::shards::{Progress, ShardArgs, interrupt_flag};
use crate::teach::{Question, TraceArgs, TraceFormat, Traced, explain, write_trace_to};

const QUEENS_EXAMPLES: &str = "\
Examples:
  sieve queens solve 8 --method classic            Constraint.Queen from 11111111: 15863724
  sieve queens solve 8 --method classic --memory   ... and its state memory, as the source wrote it
  sieve queens solve 12 --board                    the first solution by search, drawn
  sieve queens solve 1000000 --method repair       a million queens by min-conflicts
  sieve queens count 12                            14200
  sieve queens count 8 --unique                    12
  sieve queens all 6                               the 4 solutions, one a line
  sieve queens all 8 --method classic --seed 3     all 92 by random classic runs
  sieve queens explain 8 --place 1:1,2:3 --column 3 --row 2
                                                   why row 2 is gone from column 3
  sieve queens hint 8 --place 1:1,2:3              the next deduction, and why";

const SOLVE_EXAMPLES: &str = "\
Examples:
  sieve queens solve 8 --method classic
  sieve queens solve 8 --method classic --start 46827135 --memory
  sieve queens solve 8 --method classic --random --seed 5 --trace html --out walk.html
  sieve queens solve 8 --method classic --trace text | less
  sieve queens solve 8 --trace text                 the engine's search, one event a line
  sieve queens solve 8 --trace html --out search.html
  sieve queens solve 20 --board --stats
  sieve queens solve 10000000 --method repair --seed 2 --stats > board.txt

A board is the row of the queen in each column 1..N, as digits (46827135), or as
numbers separated by spaces when N > 9. Standard output holds the board, then its
drawing (--board), the state memory (--memory) and the trace (--trace, unless
--out names a file). --start, --random and --memory belong to the classic walk;
--seed also seeds the repair. --trace traces the classic walk (its boards and
state memory) or the search (the engine's events, docs/trace-format.md; html
draws them on a chessboard); the repair has no trace. Exit code 1 when no solution is
found (N = 2 and 3 have none).";

const EXPLAIN_EXAMPLES: &str = "\
Examples:
  sieve queens explain 8 --place 1:1 --column 2 --row 2    row 2 is gone: queen 1 attacks it
  sieve queens explain 4 --place 1:2 --column 4            column 4 is forced to row 3: the chain
  sieve queens explain 8 --place 1:1,2:3 --column 3        the rows column 3 still has

The search model's rules (each placed queen clears its row and diagonals from
every other column) run from the placements of --place (COLUMN:ROW, from 1)
until nothing changes; the answer is the chain of rule applications that led
to the fact, causes first, each with the facts it rests on (`because queen 1 =
2`); for a column left open, every row it lost. Exit code 1 when the placements attack each other
or leave a column without a row.";

const HINT_EXAMPLES: &str = "\
Examples:
  sieve queens hint 8 --place 1:1,2:3      a row gone from a column, and the queen that attacks it
  sieve queens hint 4 --place 1:2          the first step of the chain that forces the rest
  sieve queens hint 3                      probing: no row of column 1 survives, no solution

Propagates the placements of --place (COLUMN:ROW, from 1) with the search
model's rules (each placed queen clears its row and diagonals from every
other column), then with probing, and writes the first deduction of the
first tier that makes one: the column and the row it loses or takes, the
rule and its sentence, and the facts it rests on (`because queen 1 = 1`).
`already solved` when every column has its queen; exit code 1 when the rules
find that no solution extends the placements.";

const COUNT_EXAMPLES: &str = "\
Examples:
  sieve queens count 8                92
  sieve queens count 12 --threads 2   14200, the search's subtrees shared by two threads
  sieve queens count 8 --unique       12 (up to rotation and reflection)
  sieve queens count 14 --stats --schedule priority --restore trail
  sieve queens count 16 --shard 3/8 > part3.json    shard 3 of 8, as JSON
  sieve merge-shards part*.json                     the 8 parts joined: 14772512
  sieve queens count 17 --checkpoint q17.json --threads 2
                                                    Ctrl-C saves; the same command resumes

Counts beyond N = 17 take far too long: give --max-nodes or --timeout (the count
is then a lower bound), or split them with --shard and keep their progress with
--checkpoint (docs/scale.md). Split or checkpointed, the search is cut into
subtrees below its first decisions (at least 256, and 16 a shard); shard i of n
counts those whose number is i modulo n.";

const ALL_EXAMPLES: &str = "\
Examples:
  sieve queens all 8                                every solution by search, one a line
  sieve queens all 8 --method classic --seed 3      all 92 by random classic runs (45118 of them)
  sieve queens all 8 --method classic --index all.html --threads 2

With --method classic the solutions print in the order they are first found, and
the number of runs goes to standard error. --index writes one page that replays
the shortest run to every solution, longest first, as the source's simulator did.";

/// The largest N whose solutions can all be counted or listed in practice.
const LARGEST_FULL_COUNT: usize = 17;

/// The seed of `--random`, the repair and the random classic runs when none is given.
const DEFAULT_SEED: u64 = 1;

/// How many random classic runs `all --method classic` makes at most by default.
const DEFAULT_MAX_RUNS: u64 = 1_000_000;

/// The largest N `--board` draws.
const LARGEST_DRAWING: usize = 100;

/// `sieve queens`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = QUEENS_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: QueensCommand,
}

#[derive(Subcommand, Debug)]
enum QueensCommand {
    /// Place N queens: by the classic walk, by search, or by repair.
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Count the solutions of N queens (OEIS A000170), or those unique up to symmetry.
    #[command(after_help = COUNT_EXAMPLES)]
    Count(CountArgs),
    /// Print every solution of N queens, one board a line.
    #[command(after_help = ALL_EXAMPLES)]
    All(AllArgs),
    /// Why a row is excluded for a column, or why a column's queen is forced to a
    /// row, from given placements: the chain of rule applications that led there.
    #[command(after_help = EXPLAIN_EXAMPLES)]
    Explain(ExplainArgs),
    /// The next deduction from given placements: the first step of the weakest
    /// tier that makes one.
    #[command(after_help = HINT_EXAMPLES)]
    Hint(HintArgs),
}

/// How `solve` places the queens.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Method {
    /// Constraint.Queen: rules with action and reaction, and a state memory.
    Classic,
    /// Propagation and search with the engine.
    Search,
    /// Min-conflicts repair with the state memory (for very large N).
    Repair,
}

#[derive(clap::Args, Debug)]
struct SolveArgs {
    /// N: the number of queens, columns and rows.
    n: usize,
    /// How to place the queens.
    #[arg(long, value_enum, default_value = "search")]
    method: Method,
    /// Classic walk: start from this board (default: every queen on row 1).
    #[arg(long, value_name = "BOARD", conflicts_with = "random")]
    start: Option<String>,
    /// Classic walk: start from random rows, drawn from --seed.
    #[arg(long)]
    random: bool,
    /// Seed of --random, and of the repair [default: 1].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Classic walk: print the state memory in the source's text (11111111INIT|12111111A2:2|...).
    #[arg(long)]
    memory: bool,
    /// Classic walk and search: write the trace as text, JSON or an HTML replay page.
    #[arg(long, value_enum, value_name = "FORMAT")]
    trace: Option<TraceFormat>,
    /// Write the trace to this file instead of standard output.
    #[arg(long, value_name = "FILE", requires = "trace")]
    out: Option<PathBuf>,
    /// With --trace html: the seconds spent working out the hint of each state the
    /// page shows (the root of the search first); a state left without one says so.
    #[arg(long, value_name = "SECONDS", default_value_t = crate::page_hints::DEFAULT_HINT_BUDGET,
          value_parser = crate::teach::parse_budget)]
    hint_budget: f64,
    /// Also draw the board (row N on top; `Q`/`O` queens on dark/light squares).
    #[arg(long)]
    board: bool,
    /// Classic walk and repair: stop after this many steps.
    #[arg(long, value_name = "K")]
    max_steps: Option<u64>,
    /// Print statistics to stderr.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    strategy: StrategyArgs,
}

#[derive(clap::Args, Debug)]
struct ExplainArgs {
    /// N: the number of queens.
    n: usize,
    /// Queens already placed, as COLUMN:ROW pairs from 1 separated by commas (1:1,2:3).
    #[arg(long, value_name = "PLACEMENTS", value_parser = parse_placements)]
    place: Option<Placements>,
    /// The column asked about (from 1).
    #[arg(long, value_name = "C")]
    column: usize,
    /// The row asked about (from 1): why can the column's queen not stand there?
    #[arg(long, value_name = "R")]
    row: Option<usize>,
}

#[derive(clap::Args, Debug)]
struct HintArgs {
    /// N: the number of queens.
    n: usize,
    /// Queens already placed, as COLUMN:ROW pairs from 1 separated by commas (1:1,2:3).
    #[arg(long, value_name = "PLACEMENTS", value_parser = parse_placements)]
    place: Option<Placements>,
}

/// Queens placed by `--place`: (column, row) pairs, 1-based as written.
#[derive(Clone, Debug)]
struct Placements(Vec<(usize, usize)>);

/// Read `1:1,2:3` as placements, naming the item that is not one.
fn parse_placements(text: &str) -> Result<Placements, String> {
    let mut placements = Vec::new();
    for (index, item) in text.split(',').enumerate() {
        let bad = || {
            format!(
                "`{}` (item {} of --place) is not a placement: write COLUMN:ROW, such as 2:3",
                item.trim(),
                index + 1
            )
        };
        let (column, row) = item.trim().split_once(':').ok_or_else(bad)?;
        let column: usize = column.trim().parse().map_err(|_| bad())?;
        let row: usize = row.trim().parse().map_err(|_| bad())?;
        if column == 0 || row == 0 {
            return Err(bad());
        }
        placements.push((column, row));
    }
    Ok(Placements(placements))
}

#[derive(clap::Args, Debug)]
struct CountArgs {
    /// N: the number of queens.
    n: usize,
    /// Count only solutions that are not rotations or reflections of each other (A002562).
    #[arg(long)]
    unique: bool,
    /// Worker threads, sharing the subtrees below the search's first decisions
    /// (0: one per core; at most 1024, and never more than the machine's cores run);
    /// the count does not change.
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = parse_threads)]
    threads: usize,
    /// Print search statistics to stderr.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    strategy: StrategyArgs,
    #[command(flatten)]
    parts: ShardArgs,
}

/// How `all` finds the solutions.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum AllMethod {
    /// Every solution by search, in search order.
    Search,
    /// Random starts walked by the classic rules until every solution is seen.
    Classic,
}

#[derive(clap::Args, Debug)]
struct AllArgs {
    /// N: the number of queens.
    n: usize,
    /// How to find the solutions.
    #[arg(long, value_enum, default_value = "search")]
    method: AllMethod,
    /// Classic: the seed of the random starts [default: 1].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Classic: give up after this many runs [default: 1000000].
    #[arg(long, value_name = "K")]
    max_runs: Option<u64>,
    /// Classic: worker threads for the runs (0: one per core; at most 1024, and never
    /// more than the machine's cores run); the result does not change [default: 1].
    #[arg(long, value_name = "T", value_parser = parse_threads)]
    threads: Option<usize>,
    /// Classic: write the replay page of every solution, longest trace first.
    #[arg(long, value_name = "FILE")]
    index: Option<PathBuf>,
    #[command(flatten)]
    strategy: StrategyArgs,
}

/// Runs a `sieve queens` command.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    match args.command {
        QueensCommand::Solve(args) => solve(&args, out),
        QueensCommand::Count(args) => count(&args, out),
        QueensCommand::All(args) => all(&args, out),
        QueensCommand::Explain(args) => explain_column(&args, out),
        QueensCommand::Hint(args) => hint(&args, out),
    }
}

fn solve(args: &SolveArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    check_solve_flags(args)?;
    match args.method {
        Method::Classic => solve_classic(args, out),
        Method::Search => solve_search(args, out),
        Method::Repair => solve_repair(args, out),
    }
}

/// Refuses flags that do not belong to the chosen method, naming them.
fn check_solve_flags(args: &SolveArgs) -> Result<(), CliError> {
    if args.method != Method::Classic {
        let classic_only = [
            ("--start", args.start.is_some()),
            ("--random", args.random),
            ("--memory", args.memory),
        ];
        if let Some((flag, _)) = classic_only.iter().find(|(_, given)| *given) {
            return Err(CliError::input(format!(
                "{flag} belongs to the classic walk: add --method classic"
            )));
        }
    }
    if args.method == Method::Repair && args.trace.is_some() {
        return Err(CliError::input(
            "--trace is supported for --method classic and --method search, not the repair",
        ));
    }
    if args.method == Method::Classic && args.seed.is_some() && !args.random {
        return Err(CliError::input(
            "--seed draws the classic walk's start only with --random",
        ));
    }
    if args.method == Method::Search && args.seed.is_some() {
        return Err(CliError::input(
            "--seed belongs to --random and the repair; search takes --value-seed",
        ));
    }
    if args.method != Method::Search && args.strategy.max_nodes.is_some() {
        return Err(CliError::input(
            "--max-nodes limits the search; the classic walk and the repair stop with --max-steps or --timeout",
        ));
    }
    if args.method == Method::Search && args.max_steps.is_some() {
        return Err(CliError::input(
            "--max-steps limits the classic walk and the repair; search takes --max-nodes",
        ));
    }
    if args.board && args.n > LARGEST_DRAWING {
        return Err(CliError::input(format!(
            "--board draws boards up to N = {LARGEST_DRAWING}, not N = {}",
            args.n
        )));
    }
    Ok(())
}

fn solve_classic(args: &SolveArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let classic = Classic::new(args.n).map_err(CliError::input)?;
    let start = classic_start(args)?;
    let options = ClassicOptions {
        max_steps: args.max_steps.unwrap_or(DEFAULT_CLASSIC_STEPS),
        keep_log: args.memory || args.trace.is_some(),
        time_limit: args.strategy.timeout,
    };
    let started = Instant::now();
    let run = classic
        .solve_with(&start, &options)
        .map_err(CliError::input)?;
    if args.stats {
        warn(format_args!(
            "steps {} | refused {} | memory entries {} | time {:.3} ms",
            run.steps,
            run.refused,
            run.entries(),
            started.elapsed().as_secs_f64() * 1000.0
        ))?;
    }
    let outcome = if run.solved() {
        write_board(&run.board, args.board, out)?;
        Outcome::Success
    } else {
        warn(format_args!("{}", classic_failure(&run)))?;
        Outcome::Unsolved
    };
    if args.memory {
        writeln!(out, "{}", run.memory_text())?;
    }
    if let Some(format) = args.trace {
        let title = format!("{} queens from {}", args.n, run.start);
        let text =
            render_trace(&run.memory, trace_format(format), &title).map_err(CliError::input)?;
        write_output(args.out.as_deref(), &text, out)?;
    }
    Ok(outcome)
}

/// The start board of a classic walk: `--start`, `--random`, or row 1.
fn classic_start(args: &SolveArgs) -> Result<Board, CliError> {
    if let Some(text) = &args.start {
        return Board::parse_with_size(text, args.n)
            .map_err(|error| CliError::input(format!("--start {text:?}: {error}")));
    }
    if args.random {
        return Ok(seeded_start(args.n, args.seed.unwrap_or(DEFAULT_SEED)));
    }
    Board::first_row(args.n).map_err(CliError::input)
}

/// Why a classic walk found no solution, for people.
fn classic_failure(run: &ClassicRun) -> String {
    match &run.end {
        ClassicEnd::Cycle { steps } => format!(
            "no solution: from {} the walk goes round a cycle of {steps} steps",
            run.start
        ),
        ClassicEnd::Stuck { rule } => format!("no solution: rule `{rule}` has no move"),
        ClassicEnd::Solved | ClassicEnd::StepLimit => {
            format!("no solution within {} steps (raise --max-steps)", run.steps)
        }
    }
}

fn trace_format(format: TraceFormat) -> sieve_queens::TraceFormat {
    match format {
        TraceFormat::Text => sieve_queens::TraceFormat::Text,
        TraceFormat::Json => sieve_queens::TraceFormat::Json,
        TraceFormat::Html => sieve_queens::TraceFormat::Html,
    }
}

fn solve_search(args: &SolveArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let model = QueensModel::new(args.n).map_err(|error| match error {
        QueensError::TooLarge { .. } => {
            CliError::input(format!("{error} (for large N: --method repair)"))
        }
        other => CliError::input(other),
    })?;
    let config = args.strategy.config();
    let started = Instant::now();
    let outcome = match model.first(&config) {
        Ok((first, counters)) => {
            if args.stats {
                print_stats(&counters, started.elapsed())?;
            }
            match first {
                Some(board) => {
                    write_board(&board, args.board, out)?;
                    Outcome::Success
                }
                None => {
                    warn(format_args!(
                        "no solution: {} queens cannot be placed",
                        args.n
                    ))?;
                    Outcome::Unsolved
                }
            }
        }
        Err(reason) => {
            warn(format_args!(
                "no solution found: the search stopped ({reason})"
            ))?;
            Outcome::Unsolved
        }
    };
    trace_search(args, &model, &config, out)?;
    Ok(outcome)
}

/// `--trace` with `--method search`: search for the first solution again under an
/// observer; the trace follows the board on standard output unless --out names a file.
fn trace_search(
    args: &SolveArgs,
    model: &QueensModel,
    config: &sieve::Config,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if args.trace.is_none() {
        return Ok(());
    }
    let trace = TraceArgs {
        trace: args.trace,
        out: args.out.clone(),
        hint_budget: args.hint_budget,
    };
    let start = model.model().domains();
    let tiers = QueensTiers::new(args.n, None)?;
    let hinter = tiers.hinter()?;
    let traced = Traced {
        model: model.model(),
        start: &start,
        config,
        view: View::chessboard(args.n),
        title: format!("Sieve: {} queens by search, step by step", args.n),
        hints: Some(crate::zoo::hint_source(&hinter, model.model())),
    };
    write_trace_to(&trace, traced, out)
}

fn solve_repair(args: &SolveArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let options = RepairOptions {
        seed: args.seed.unwrap_or(DEFAULT_SEED),
        max_steps: args.max_steps,
        time_limit: args.strategy.timeout,
    };
    let started = Instant::now();
    let run = solve_min_conflicts(args.n, &options).map_err(CliError::input)?;
    if args.stats {
        warn(format_args!(
            "start collisions {} | steps {} | refused {} | states {} | start {:.3} ms | repair {:.3} ms | total {:.3} ms",
            run.start_collisions,
            run.steps,
            run.refused,
            run.states,
            run.start_time.as_secs_f64() * 1000.0,
            run.repair_time.as_secs_f64() * 1000.0,
            started.elapsed().as_secs_f64() * 1000.0
        ))?;
    }
    if run.solved() {
        write_board(&run.board, args.board, out)?;
        Ok(Outcome::Success)
    } else {
        warn(format_args!(
            "no solution: the repair stopped after {} steps ({:?})",
            run.steps, run.end
        ))?;
        Ok(Outcome::Unsolved)
    }
}

/// The board line, and its drawing when asked.
fn write_board(board: &Board, draw: bool, out: &mut dyn Write) -> Result<(), CliError> {
    writeln!(out, "{board}")?;
    if draw {
        write!(out, "{}", board.draw())?;
    }
    Ok(())
}

/// Writes `text` to `path`, or to standard output without one.
fn write_output(path: Option<&Path>, text: &str, out: &mut dyn Write) -> Result<(), CliError> {
    match path {
        Some(path) => std::fs::write(path, text).map_err(|source| CliError::Io {
            path: path.display().to_string(),
            source,
        }),
        None => Ok(out.write_all(text.as_bytes())?),
    }
}

/// Refuses a full count or listing that would take far too long.
fn check_full_count(n: usize, strategy: &StrategyArgs, what: &str) -> Result<(), CliError> {
    let bounded = strategy.max_nodes.is_some() || strategy.timeout.is_some();
    if n > LARGEST_FULL_COUNT && !bounded {
        return Err(CliError::input(format!(
            "{what} every solution for N = {n} would take far too long \
             (N = {LARGEST_FULL_COUNT} is already minutes): give --max-nodes or --timeout"
        )));
    }
    Ok(())
}

fn count(args: &CountArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    if args.parts.active() {
        return count_in_parts(args, out);
    }
    check_full_count(args.n, &args.strategy, "counting")?;
    let model = QueensModel::new(args.n).map_err(CliError::input)?;
    let config = args.strategy.config();
    let threads = thread_count(args.threads);
    let started = Instant::now();
    let report = if args.unique {
        model.count_unique(&config, threads)
    } else {
        model.count(&config, threads)
    }
    .map_err(CliError::input)?;
    if args.stats {
        print_stats(&report.counters, started.elapsed())?;
    }
    write_count(report.solutions, report.stopped, out)
}

/// Prints a count, and says so when a limit made it a lower bound (exit 1).
fn write_count(
    solutions: u64,
    stopped: Option<sieve::StopReason>,
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    writeln!(out, "{solutions}")?;
    if let Some(reason) = stopped {
        // A count cut short by a node or time limit is no answer (exit 1).
        warn(format_args!(
            "the search stopped ({reason}): the count is a lower bound"
        ))?;
        return Ok(Outcome::Unsolved);
    }
    Ok(Outcome::Success)
}

/// The kind of the parts `queens count --shard` prints.
pub const COUNT_KIND: &str = "queens count";

/// The fewest subtrees a split or checkpointed count is cut into, whatever the
/// number of shards: enough that a checkpoint saves progress often.
const COUNT_SUBTREES: usize = 256;

/// What a part of `queens count` holds for each subtree it finished.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CountUnit {
    /// The subtree's solutions (canonical ones with --unique).
    pub solutions: u64,
}

/// `queens count --shard i/n` or `--checkpoint FILE`: the count over the
/// subtrees of the search, those of one shard or those not yet in the checkpoint.
fn count_in_parts(args: &CountArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let model = QueensModel::new(args.n).map_err(CliError::input)?;
    let config = args.strategy.config();
    let subtrees = model
        .subtrees(&config, args.parts.subtrees_wanted(COUNT_SUBTREES))
        .map_err(CliError::input)?;
    let command = format!(
        "queens count {}{} --var-order {:?} --value-order {:?}",
        args.n,
        if args.unique { " --unique" } else { "" },
        config.var_order,
        config.value_order
    );
    let progress = Progress::open(&args.parts, COUNT_KIND, &command, subtrees.len())?;
    let options = PartOptions {
        threads: thread_count(args.threads),
        unique: args.unique,
        cancel: interrupt_flag(&args.parts)?,
    };
    let started = Instant::now();
    let todo = progress.todo();
    let record = |index: usize, report: &CountReport| {
        let unit = CountUnit {
            solutions: report.solutions,
        };
        progress.record(index, unit);
    };
    let parts = model
        .count_parts(&subtrees, &todo, &config, &options, &record)
        .map_err(CliError::input)?;
    progress.save()?;
    let total = parts.total();
    if args.stats {
        print_stats(&total.counters, started.elapsed())?;
    }
    if parts.stopped == Some(sieve::StopReason::Cancelled) {
        return progress.interrupted();
    }
    let part = progress.part();
    if args.parts.shard.is_some() {
        progress.print(out)?;
        return Ok(if part.complete {
            Outcome::Success
        } else {
            warn(format_args!(
                "the search stopped ({}): shard {} is unfinished",
                parts
                    .stopped
                    .map_or("?".to_string(), |reason| reason.to_string()),
                args.parts.shard()
            ))?;
            Outcome::Unsolved
        });
    }
    let finished: u64 = part.finished.values().map(|unit| unit.solutions).sum();
    let lower_bound = finished + parts.unfinished.solutions;
    write_count(lower_bound, parts.stopped, out)
}

/// `sieve merge-shards` over parts of `queens count`: what one run prints.
pub fn print_merged_count(units: &[CountUnit], out: &mut dyn Write) -> Result<Outcome, CliError> {
    write_count(units.iter().map(|unit| unit.solutions).sum(), None, out)
}

fn all(args: &AllArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    match args.method {
        AllMethod::Search => {
            let classic_only = [
                ("--index", args.index.is_some()),
                ("--seed", args.seed.is_some()),
                ("--max-runs", args.max_runs.is_some()),
                ("--threads", args.threads.is_some()),
            ];
            if let Some((flag, _)) = classic_only.iter().find(|(_, given)| *given) {
                return Err(CliError::input(format!(
                    "{flag} belongs to the random classic runs: add --method classic"
                )));
            }
            all_by_search(args, out)
        }
        AllMethod::Classic => {
            if args.strategy.max_nodes.is_some() || args.strategy.timeout.is_some() {
                return Err(CliError::input(
                    "--max-nodes and --timeout limit the search; the random classic runs stop with --max-runs",
                ));
            }
            all_by_classic(args, out)
        }
    }
}

fn all_by_search(args: &AllArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    check_full_count(args.n, &args.strategy, "listing")?;
    let model = QueensModel::new(args.n).map_err(CliError::input)?;
    let mut search =
        sieve::Search::new(model.model(), args.strategy.config()).map_err(CliError::input)?;
    let mut listed = 0u64;
    while let Some(values) = search.next_values() {
        writeln!(out, "{}", model.board(values))?;
        listed += 1;
    }
    if let Some(reason) = search.stop_reason() {
        warn(format_args!(
            "the search stopped ({reason}): the list is incomplete after {listed} boards"
        ))?;
        return Ok(Outcome::Unsolved);
    }
    if listed == 0 {
        warn(format_args!(
            "no solution: {} queens cannot be placed",
            args.n
        ))?;
        return Ok(Outcome::Unsolved);
    }
    Ok(Outcome::Success)
}

fn all_by_classic(args: &AllArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let seed = args.seed.unwrap_or(DEFAULT_SEED);
    let options = HuntOptions {
        seed,
        max_runs: args.max_runs.unwrap_or(DEFAULT_MAX_RUNS),
        threads: thread_count(args.threads.unwrap_or(1)),
    };
    let hunt = hunt_all(args.n, &options).map_err(CliError::input)?;
    if hunt.target == 0 {
        warn(format_args!(
            "no solution: {} queens cannot be placed",
            args.n
        ))?;
        return Ok(Outcome::Unsolved);
    }
    for found in &hunt.found {
        writeln!(out, "{}", found.board)?;
    }
    if let Some(path) = &args.index {
        let title = format!(
            "{} queens: {} solutions by random classic runs",
            args.n,
            hunt.found.len()
        );
        let page = hunt.index_page(&title).map_err(CliError::input)?;
        write_output(Some(path), &page, out)?;
    }
    if hunt.complete() {
        warn(format_args!(
            "found all {} solutions of N = {} in {} random runs (seed {})",
            hunt.target, args.n, hunt.runs, seed
        ))?;
        Ok(Outcome::Success)
    } else {
        warn(format_args!(
            "found {} of {} solutions of N = {} in {} random runs (seed {}): raise --max-runs",
            hunt.found.len(),
            hunt.target,
            args.n,
            hunt.runs,
            seed
        ))?;
        Ok(Outcome::Unsolved)
    }
}

/// Refuse a column or row (from 1) outside an N × N board, naming the flag.
fn check_on_board(flag: &str, number: usize, n: usize) -> Result<(), CliError> {
    if number == 0 || number > n {
        return Err(CliError::input(format!(
            "{flag} {number} is outside the board: N = {n} has columns and rows 1 to {n}"
        )));
    }
    Ok(())
}

/// The first two placements (COLUMN, ROW from 1) that attack each other, by column,
/// as `queens 1 and 2 share a diagonal (1:1, 2:2)`; placements in one column are
/// refused before this.
fn attacking_queens(placements: &[(usize, usize)]) -> Option<String> {
    let mut sorted = placements.to_vec();
    sorted.sort_unstable();
    sorted.iter().enumerate().find_map(|(index, &(c1, r1))| {
        sorted[index + 1..].iter().find_map(|&(c2, r2)| {
            let shared = if r1 == r2 {
                format!("row {r1}")
            } else if c1.abs_diff(c2) == r1.abs_diff(r2) {
                "a diagonal".to_string()
            } else {
                return None;
            };
            Some(format!(
                "queens {c1} and {c2} share {shared} ({c1}:{r1}, {c2}:{r2})"
            ))
        })
    })
}

/// `sieve queens explain`: why a row is gone from a column (or why the column's
/// queen is forced) in the search model, from the placements of `--place`.
fn explain_column(args: &ExplainArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let model = QueensModel::new(args.n).map_err(CliError::input)?;
    check_on_board("--column", args.column, args.n)?;
    if let Some(row) = args.row {
        check_on_board("--row", row, args.n)?;
    }
    let start = placed_start(&model, args.n, args.place.as_ref())?;
    let placements: Vec<(usize, usize)> = args.place.iter().flat_map(|p| p.0.clone()).collect();
    let given = (placements.iter())
        .find(|&&(column, _)| column == args.column)
        .map(|&(_, row)| (row - 1) as Value);
    if let Some(attack) = attacking_queens(&placements) {
        writeln!(out, "no solution: {attack}")?;
        return Ok(Outcome::Unsolved);
    }
    let question = Question {
        model: model.model(),
        start: &start,
        var: column_var(args.column),
        name: format!("column {}", args.column),
        value: args.row.map(|row| (row - 1) as Value),
        given,
        describe: &|row| format!("row {}", row + 1),
        rules: "the attacks of every queen placed",
    };
    explain(&question, out)
}

/// The model's variable of column `column` (from 1): variable `column - 1`.
fn column_var(column: usize) -> VarId {
    VarId::from_index(column - 1)
}

/// The start state with the queens of `--place` assigned; a placement off the
/// board or a second queen in a column is an input error.
fn placed_start(
    model: &QueensModel,
    n: usize,
    place: Option<&Placements>,
) -> Result<sieve::Domains, CliError> {
    let mut start = model.model().domains();
    let mut placed = vec![false; n];
    for &(column, row) in place.iter().flat_map(|places| &places.0) {
        check_on_board("--place column", column, n)?;
        check_on_board("--place row", row, n)?;
        if std::mem::replace(&mut placed[column - 1], true) {
            return Err(CliError::input(format!(
                "--place puts two queens in column {column}"
            )));
        }
        start
            .assign(column_var(column), (row - 1) as Value)
            .map_err(|error| CliError::input(error.to_string()))?;
    }
    Ok(start)
}

/// The models of `sieve queens hint`'s tiers: the attacks of the placed queens,
/// then probing.
struct QueensTiers {
    attacks: QueensModel,
    probing: QueensModel,
    start: sieve::Domains,
}

impl QueensTiers {
    fn new(n: usize, place: Option<&Placements>) -> Result<Self, CliError> {
        let attacks = QueensModel::new(n).map_err(CliError::input)?;
        let start = placed_start(&attacks, n, place)?;
        let mut probing = QueensModel::new(n).map_err(CliError::input)?;
        crate::zoo::probe_every_variable(probing.model_mut())?;
        Ok(QueensTiers {
            attacks,
            probing,
            start,
        })
    }

    fn hinter(&self) -> Result<Hinter<'_>, CliError> {
        let tier = |name, model| HintTier {
            name,
            start: self.start.clone(),
            model,
        };
        Hinter::new(
            vec![tier("attacks", self.attacks.model())],
            tier("probing", self.probing.model()),
        )
    }
}

/// `sieve queens hint`: the attacks of the placed queens, then probing.
fn hint(args: &HintArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let tiers = QueensTiers::new(args.n, args.place.as_ref())?;
    let hinter = tiers.hinter()?;
    let found = hinter.at_start()?;
    hinter.write(&found, out)
}
