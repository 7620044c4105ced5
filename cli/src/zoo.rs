//! What the zoo puzzles' commands share (Simon Tatham's collection, read from
//! his game IDs; see ZOO.md): the input (an ID, `--file F`, `-`), `solve`
//! with a uniqueness proof, `--format grid|line` and `--trace`, `count`,
//! `rate` by tier of rules (with probing as the strongest, for every puzzle)
//! and `explain --cell`. A puzzle module supplies a [`ZooPuzzle`]: its model
//! and how to read it; the commands, messages and exit codes are the same for
//! every puzzle.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::ValueEnum;
use serde::{Deserialize, Serialize};
use sieve::hash::mix;
use sieve::rules::Probing;
use sieve::split::Subtrees;
use sieve::{
    Config, Count, Counters, Domains, Fixpoint, Model, Schedule, Search, Uniqueness, Value, VarId,
    propagate,
};
use sieve_replay::View;

use crate::common::{
    CliError, FlushEachLine, Outcome, StrategyArgs, is_stream, open_input, print_stats, report,
};
use crate::hint::{Hinter, Propagation, ZooTiers};
use crate::page_hints::HintSource;
use crate::shards::{Progress, ShardArgs, interrupt_flag, interrupted};
use crate::teach::{Question, TraceArgs, Traced, explain, parse_cell, write_trace};

/// Where the game IDs come from.
#[derive(clap::Args, Debug)]
pub struct IdInput {
    /// A game ID, params:description, as `--generate` prints it (`-` reads one
    /// ID a line from standard input).
    #[arg(value_name = "ID", conflicts_with = "file")]
    pub id: Option<String>,
    /// Read one game ID a line from a file (`-` for standard input); blank lines
    /// and lines starting with # are skipped.
    #[arg(long, short, value_name = "PATH")]
    pub file: Option<PathBuf>,
}

impl IdInput {
    /// Whether the IDs come from a stream, whose answers are flushed line by line.
    fn is_stream(&self) -> bool {
        is_stream(self.file.as_ref()) || self.id.as_deref() == Some("-")
    }
}

/// `--format`: how `solve` prints a solution.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A picture of the solved board, a blank line between puzzles.
    Grid,
    /// One line a puzzle: the zoo's canonical answer, one character a cell.
    Line,
}

/// `sieve <zoo puzzle> solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    input: IdInput,
    /// How to print each solution.
    #[arg(long, value_enum, default_value = "grid")]
    format: Format,
    /// Print search statistics to standard error.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    strategy: StrategyArgs,
    #[command(flatten)]
    trace: TraceArgs,
}

impl SolveArgs {
    /// The arguments of `solve` built by another command (`sieve sudoku solve`
    /// handing a game ID to `sieve solo`).
    pub fn new(
        input: IdInput,
        format: Format,
        stats: bool,
        strategy: StrategyArgs,
        trace: TraceArgs,
    ) -> Self {
        SolveArgs {
            input,
            format,
            stats,
            strategy,
            trace,
        }
    }
}

/// `sieve <zoo puzzle> count`.
#[derive(clap::Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    input: IdInput,
    /// Stop counting at K.
    #[arg(long, value_name = "K", value_parser = crate::common::parse_limit)]
    limit: Option<u64>,
    /// Print search statistics to standard error.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    strategy: StrategyArgs,
    #[command(flatten)]
    parts: ShardArgs,
}

impl CountArgs {
    /// The arguments of `count` built by another command (`sieve sudoku count`
    /// handing a game ID to `sieve solo`).
    pub fn new(input: IdInput, limit: Option<u64>, stats: bool, strategy: StrategyArgs) -> Self {
        CountArgs {
            input,
            limit,
            stats,
            strategy,
            parts: ShardArgs::default(),
        }
    }

    /// The same arguments, split or checkpointed by `parts` (`sieve sudoku count`
    /// on a game ID hands its own on).
    pub fn with_parts(self, parts: ShardArgs) -> Self {
        CountArgs { parts, ..self }
    }
}

/// `sieve <zoo puzzle> rate`.
#[derive(clap::Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    input: IdInput,
    #[command(flatten)]
    strategy: StrategyArgs,
}

/// `sieve <zoo puzzle> explain`.
#[derive(clap::Args, Debug)]
pub struct ExplainArgs {
    /// The game ID (one puzzle).
    #[arg(value_name = "ID")]
    id: String,
    /// The cell asked about: r3c5 is row 3, column 5.
    #[arg(long, value_name = "CELL")]
    cell: String,
    /// Why is this value gone from the cell? (Default: why does the cell hold its
    /// value, or what the rules leave of it.)
    #[arg(long, value_name = "VALUE")]
    value: Option<Value>,
}

/// The commands every zoo puzzle has.
#[derive(clap::Subcommand, Debug)]
pub enum ZooCommand {
    /// Solve game IDs and prove each solution unique.
    #[command(after_help = SOLVE_HELP)]
    Solve(SolveArgs),
    /// Count the solutions of game IDs.
    #[command(after_help = COUNT_HELP)]
    Count(CountArgs),
    /// Rate game IDs: the weakest tier of rules that solves each without search.
    #[command(after_help = RATE_HELP)]
    Rate(RateArgs),
    /// Explain a cell: the chain of deductions that settled it or removed a value.
    #[command(after_help = EXPLAIN_HELP)]
    Explain(ExplainArgs),
    /// The next deduction: the first step of the weakest tier that makes one.
    #[command(after_help = HINT_HELP)]
    Hint(HintArgs),
}

/// `sieve <zoo puzzle> hint`.
#[derive(clap::Args, Debug)]
pub struct HintArgs {
    /// The game ID (one puzzle).
    #[arg(value_name = "ID")]
    pub(crate) id: String,
}

const HINT_HELP: &str = "\
Propagates the puzzle with its weakest tier of rules, then each stronger tier
(probing last), and writes the first deduction of the first tier that makes
one: the cell and what it loses or takes, the inference and the rule, its
sentence, and the facts it rests on (`because r2c3 = 4, ...`). `already
solved` when the ID leaves nothing open; exit code 1 when the rules find
that the puzzle has no solution.";

const SOLVE_HELP: &str = "\
Proves the solution unique (exit 1 and a message when it is not). --format
grid (the default) draws the solved board; --format line prints one line a
puzzle, the zoo's canonical answer (ZOO.md), and nothing else: an empty line
for a puzzle without exactly one solution. --trace text|json|html traces the
first puzzle's solve (to --out FILE, or standard error). A malformed ID is an
input error (exit 2) naming the offset in the parameters or the description.";

const COUNT_HELP: &str = "\
One number a puzzle. Exit code 1 when a puzzle has no solution; --limit K
stops at K.

--shard i/n counts only the puzzles whose number (from 0, in input order) is
i modulo n and prints them as a JSON part; `sieve merge-shards` joins the n
parts into what one run prints. --checkpoint FILE keeps the puzzles counted
so far in FILE; Ctrl-C or SIGTERM saves it between puzzles (exit 130) and the
same command resumes. Both read the whole input first, and refuse it (exit 2)
when an ID is malformed. A single ID is split instead into the subtrees of
its search below the first decisions (at least 64, and 16 a shard; not for
puzzles that count otherwise, such as solo and tents), and Ctrl-C stops it at
once. See docs/scale.md.";

const RATE_HELP: &str = "\
One line a puzzle: `tier K (NAME)`, the weakest tier of the puzzle's rules
whose propagation alone solves it, each tier holding the ones below; the
strongest tier is always `probing` (singleton consistency: a value goes when
assuming it makes the rules fail). `needs search (N nodes)` when even probing
leaves cells open. A puzzle without exactly one solution is not rated: it is
reported, with exit code 1.";

const EXPLAIN_HELP: &str = "\
Propagates the puzzle with every rule of its strongest tier, probing
included, and writes the chain of deductions, givens first, that settled the
cell (or, with --value V, removed V from it), each with its rule and the facts
it rests on.";

/// Runs one of the shared commands for puzzle `P`.
pub fn run<P: ZooPuzzle>(command: ZooCommand, out: &mut dyn Write) -> Result<Outcome, CliError> {
    match command {
        ZooCommand::Solve(args) => solve::<P>(&args, out),
        ZooCommand::Count(args) => count::<P>(&args, out),
        ZooCommand::Rate(args) => rate::<P>(&args, out),
        ZooCommand::Explain(args) => explain_cell::<P>(&args, out),
        ZooCommand::Hint(args) => crate::hint::zoo_hint::<P>(&args, out),
    }
}

/// A named set of rules `rate` tries: its model holds these rules and those of
/// every weaker tier.
pub struct Tier<M> {
    /// The name `rate` prints, such as `lines`.
    pub name: &'static str,
    /// The model with this tier's rules and every weaker tier's.
    pub model: M,
}

/// One zoo puzzle as the shared commands see it: how to read it, its model, and
/// how to read a solution back. `solve` and `count` search the model of
/// [`ZooPuzzle::build`] unless the puzzle has a faster way of its own.
pub trait ZooPuzzle {
    /// The puzzle read from an ID.
    type Puzzle;
    /// A solved board.
    type Solution;
    /// The puzzle crate's model type.
    type Model;

    /// Reads a game ID; the message names the offset and what was expected.
    fn parse(id: &str) -> Result<Self::Puzzle, String>;
    /// The model `solve` and `count` search, and `--trace` and `explain` read.
    fn build(puzzle: &Self::Puzzle) -> Result<Self::Model, CliError>;
    /// The puzzle as a page title names it ("a Slitherlink").
    const TITLE: &'static str;
    /// Its engine model.
    fn model(model: &Self::Model) -> &Model;
    /// Its engine model, to add probing to.
    fn model_mut(model: &mut Self::Model) -> &mut Model;
    /// The state a search starts from.
    fn start(model: &Self::Model) -> Domains {
        Self::model(model).domains()
    }
    /// The solution a full assignment stands for.
    fn solution(model: &Self::Model, values: &[Value]) -> Self::Solution;
    /// The variable of the cell at (row, column), 0-based, if the board has one.
    fn var_at(model: &Self::Model, row: usize, column: usize) -> Option<VarId>;
    /// How the replay page draws the board.
    fn view(_model: &Self::Model) -> View {
        View::List
    }
    /// How the replay page draws the board, from the puzzle (its clues) and the
    /// model (its variables): a `View::Board` for the puzzles that describe one,
    /// [`ZooPuzzle::view`] otherwise.
    fn board_view(_puzzle: &Self::Puzzle, model: &Self::Model) -> View {
        Self::view(model)
    }
    /// Whether `solve` and `count` search the model with probing added (the
    /// tier above the puzzle's own rules) under the `Priority` schedule by
    /// default, where probing runs only once every cheaper rule is done.
    /// Measured reason: on 100 Unequal 9x9 extreme IDs this halves the solve
    /// (1,293 M instructions to 532 M, every one solved without a guess; see
    /// bench/README, "Unequal: probing in the solve").
    const SOLVE_PROBES: bool = false;
    /// The model `solve` and `count` search: [`ZooPuzzle::build`]'s, with
    /// probing when [`ZooPuzzle::SOLVE_PROBES`] says so.
    fn solving(puzzle: &Self::Puzzle) -> Result<Self::Model, CliError> {
        let mut model = Self::build(puzzle)?;
        if Self::SOLVE_PROBES {
            probe_every_variable(Self::model_mut(&mut model))?;
        }
        Ok(model)
    }
    /// The schedule `solve` and `count` propagate under unless `--schedule`
    /// chose one.
    fn solving_schedule() -> Schedule {
        if Self::SOLVE_PROBES {
            Schedule::Priority
        } else {
            Schedule::Queue
        }
    }
    /// The tiers `rate` tries, weakest first (probing is added above the last).
    fn tiers(puzzle: &Self::Puzzle) -> Result<Vec<Tier<Self::Model>>, CliError> {
        Ok(vec![Tier {
            name: "rules",
            model: Self::build(puzzle)?,
        }])
    }
    /// Solves and proves uniqueness.
    fn solve(
        puzzle: &Self::Puzzle,
        config: &Config,
    ) -> Result<(Uniqueness<Self::Solution>, Counters), CliError> {
        let model = Self::solving(puzzle)?;
        let mut search = Search::from_state(Self::model(&model), Self::start(&model), *config)
            .map_err(CliError::input)?;
        let answer = (search.uniqueness()).map(|found| Self::solution(&model, &found.values));
        Ok((answer, search.counters()))
    }
    /// Whether [`ZooPuzzle::count`] is the default: a search of `build`'s model
    /// from `start`, which a split or checkpointed count of one puzzle may cut into
    /// the search's subtrees. A puzzle that counts otherwise (a projection of the
    /// solutions, another model) says `false`, and is counted whole.
    const COUNT_SEARCHES_MODEL: bool = true;
    /// Counts solutions up to `limit`.
    fn count(
        puzzle: &Self::Puzzle,
        limit: Option<u64>,
        config: &Config,
    ) -> Result<(Count, Counters), CliError> {
        let model = Self::solving(puzzle)?;
        let mut search = Search::from_state(Self::model(&model), Self::start(&model), *config)
            .map_err(CliError::input)?;
        let count = search.count_in_place(limit);
        Ok((count, search.counters()))
    }
    /// The independent checker's verdict on a solution.
    fn check(puzzle: &Self::Puzzle, solution: &Self::Solution) -> Result<(), String>;
    /// The canonical one-line answer.
    fn line(solution: &Self::Solution) -> String;
    /// A picture of the solved board, ending in a newline.
    fn picture(puzzle: &Self::Puzzle, solution: &Self::Solution) -> String;
}

/// Calls `each` with every ID of the input; malformed batch lines are reported
/// and skipped, and make the whole run an input error at the end.
fn for_each_id<P: ZooPuzzle>(
    input: &IdInput,
    mut each: impl FnMut(Option<usize>, &P::Puzzle) -> Result<Outcome, CliError>,
) -> Result<Outcome, CliError> {
    let mut outcome = Outcome::Success;
    let malformed = read_ids::<P>(input, &mut |line, _, puzzle| {
        outcome = outcome.and(each(line, &puzzle)?);
        Ok(())
    })?;
    if malformed > 0 {
        return Err(CliError::input(format!(
            "{malformed} game ID line{} could not be read",
            if malformed == 1 { "" } else { "s" }
        )));
    }
    Ok(outcome)
}

/// Hands every ID of the input, parsed, to `each` with its line and text; a
/// malformed batch line is reported and skipped. How many were malformed (a
/// single malformed ID is an error at once).
fn read_ids<P: ZooPuzzle>(
    input: &IdInput,
    each: &mut EachId<'_, P::Puzzle>,
) -> Result<usize, CliError> {
    let mut malformed = 0;
    let mut visit = |line: Option<usize>, id: &str| -> Result<(), CliError> {
        match P::parse(id) {
            Ok(puzzle) => each(line, id, puzzle)?,
            Err(message) if line.is_some() => {
                report(line, message)?;
                malformed += 1;
            }
            Err(message) => return Err(CliError::input(format!("the game ID: {message}"))),
        }
        Ok(())
    };
    match (&input.file, input.id.as_deref()) {
        (Some(path), _) => read_batch(open_input(path)?, path, &mut visit)?,
        (None, Some("-")) => {
            let stdin = PathBuf::from("-");
            read_batch(open_input(&stdin)?, &stdin, &mut visit)?;
        }
        (None, Some(id)) => visit(None, id)?,
        (None, None) => {
            return Err(CliError::input(
                "no puzzle given: give a game ID (params:description) or --file",
            ));
        }
    }
    Ok(malformed)
}

/// What [`read_ids`] does with each ID: its line number, its text, the puzzle.
type EachId<'a, Puzzle> = dyn FnMut(Option<usize>, &str, Puzzle) -> Result<(), CliError> + 'a;

/// What a batch does with each ID: its line number, and the ID.
type Visit<'a> = dyn FnMut(Option<usize>, &str) -> Result<(), CliError> + 'a;

/// Reads one ID a line, skipping blank lines and `#` comments.
fn read_batch(
    reader: Box<dyn BufRead>,
    path: &Path,
    visit: &mut Visit<'_>,
) -> Result<(), CliError> {
    for (index, line) in reader.lines().enumerate() {
        let line = line.map_err(|source| CliError::Io {
            path: path.display().to_string(),
            source,
        })?;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        visit(Some(index + 1), text)?;
    }
    Ok(())
}

/// `sieve <puzzle> solve`, line by line when the IDs come from a stream.
pub fn solve<P: ZooPuzzle>(args: &SolveArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    if args.input.is_stream() {
        return solve_all::<P>(args, &mut FlushEachLine(out));
    }
    solve_all::<P>(args, out)
}

fn solve_all<P: ZooPuzzle>(args: &SolveArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let config = args.strategy.config_or(P::solving_schedule());
    let mut printed = false;
    let mut traced = false;
    for_each_id::<P>(&args.input, |line, puzzle| {
        if args.trace.trace.is_some() && !traced {
            trace::<P>(puzzle, &args.trace, &config)?;
            traced = true;
        }
        let started = Instant::now();
        let (answer, counters) = P::solve(puzzle, &config)?;
        if args.stats {
            print_stats(&counters, started.elapsed())?;
        }
        let (solution, outcome) = match answer {
            Uniqueness::Unique(solution) => match P::check(puzzle, &solution) {
                Ok(()) => (Some(solution), Outcome::Success),
                Err(violation) => {
                    report(
                        line,
                        format!("internal error: the checker refuses the solution: {violation}"),
                    )?;
                    (None, Outcome::Unsolved)
                }
            },
            Uniqueness::None => {
                report(line, "no solution")?;
                (None, Outcome::Unsolved)
            }
            Uniqueness::Multiple(..) => {
                report(line, "several solutions: the puzzle is not unique")?;
                (None, Outcome::Unsolved)
            }
            Uniqueness::Unknown(reason, _) => {
                report(line, format!("the search stopped ({reason})"))?;
                (None, Outcome::Unsolved)
            }
        };
        match args.format {
            // One line a puzzle, empty when there is no unique answer.
            Format::Line => writeln!(out, "{}", solution.as_ref().map_or(String::new(), P::line))?,
            Format::Grid => {
                if let Some(solution) = &solution {
                    if printed {
                        writeln!(out)?;
                    }
                    write!(out, "{}", P::picture(puzzle, solution))?;
                    printed = true;
                }
            }
        }
        Ok(outcome)
    })
}

/// `sieve <puzzle> count`: one number a puzzle.
pub fn count<P: ZooPuzzle>(args: &CountArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    if args.input.is_stream() {
        return count_all::<P>(args, &mut FlushEachLine(out));
    }
    count_all::<P>(args, out)
}

fn count_all<P: ZooPuzzle>(args: &CountArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    if args.parts.active() {
        return count_in_parts::<P>(args, out);
    }
    let config = args.strategy.config_or(P::solving_schedule());
    for_each_id::<P>(&args.input, |line, puzzle| {
        let started = Instant::now();
        let (count, counters) = P::count(puzzle, args.limit, &config)?;
        if args.stats {
            print_stats(&counters, started.elapsed())?;
        }
        write_count(line, &count, out)
    })
}

/// Prints one puzzle's count, and reports a limit, a stop (no answer: exit 1)
/// or no solution.
pub(crate) fn write_count(
    line: Option<usize>,
    count: &Count,
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    writeln!(out, "{}", count.solutions)?;
    if count.limit_reached {
        report(
            line,
            format!(
                "stopped at the limit of {} (there may be more)",
                count.solutions
            ),
        )?;
    } else if let Some(reason) = count.stopped {
        report(
            line,
            format!("the search stopped ({reason}): the count is a lower bound"),
        )?;
        return Ok(Outcome::Unsolved);
    } else if count.solutions == 0 {
        report(line, "no solution")?;
        return Ok(Outcome::Unsolved);
    }
    Ok(Outcome::Success)
}

/// The kind of the parts `<puzzle> count --shard` prints.
pub const COUNT_KIND: &str = "zoo count";

/// What a part of `<puzzle> count` holds for each puzzle it counted.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CountUnit {
    /// The puzzle's line in the input file (none for an ID given as argument).
    pub line: Option<usize>,
    /// Its solutions, up to the limit.
    pub solutions: u64,
    /// Whether the count stopped at `--limit`.
    pub limit_reached: bool,
}

impl CountUnit {
    fn count(&self) -> Count {
        Count {
            solutions: self.solutions,
            limit_reached: self.limit_reached,
            stopped: None,
        }
    }
}

/// `<puzzle> count --shard i/n` or `--checkpoint FILE`: the puzzles are the
/// units, numbered in input order.
fn count_in_parts<P: ZooPuzzle>(
    args: &CountArgs,
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    let puzzles = read_all::<P>(&args.input)?;
    if let [(line, id, puzzle)] = puzzles.as_slice()
        && P::COUNT_SEARCHES_MODEL
    {
        return count_subtrees::<P>(args, (*line, id, puzzle), out);
    }
    let config = args.strategy.config_or(P::solving_schedule());
    let input = puzzles.iter().fold(0u64, |hash, (_, id, _)| {
        id.bytes()
            .chain([b'\n'])
            .fold(hash, |hash, byte| mix(hash ^ u64::from(byte)))
    });
    let command = format!(
        "count of {} ({} IDs, input {input:016x}) --limit {:?} --var-order {:?} --value-order {:?}",
        P::TITLE,
        puzzles.len(),
        args.limit,
        config.var_order,
        config.value_order
    );
    let progress: Progress<CountUnit> =
        Progress::open(&args.parts, COUNT_KIND, &command, puzzles.len())?;
    let interrupt = interrupt_flag(&args.parts)?;
    let sharded = args.parts.shard.is_some();
    let shard = args.parts.shard();
    let mut outcome = Outcome::Success;
    for (unit, (line, _, puzzle)) in puzzles.iter().enumerate() {
        if !shard.owns(unit) {
            continue;
        }
        if interrupted(interrupt.as_ref()) {
            return progress.interrupted();
        }
        let count = match progress.finished(unit) {
            Some(done) => done.count(),
            None => {
                let started = Instant::now();
                let (count, counters) = P::count(puzzle, args.limit, &config)?;
                if args.stats {
                    print_stats(&counters, started.elapsed())?;
                }
                if count.stopped.is_none() {
                    let done = CountUnit {
                        line: *line,
                        solutions: count.solutions,
                        limit_reached: count.limit_reached,
                    };
                    progress.record(unit, done);
                }
                count
            }
        };
        if !sharded {
            outcome = outcome.and(write_count(*line, &count, out)?);
        } else if let Some(reason) = count.stopped {
            report(*line, format!("the search stopped ({reason}): not counted"))?;
            outcome = Outcome::Unsolved;
        }
    }
    progress.save()?;
    if sharded {
        progress.print(out)?;
    }
    Ok(outcome)
}

/// An ID of the input: its line, its text and the puzzle it describes.
type ReadId<P> = (Option<usize>, String, <P as ZooPuzzle>::Puzzle);

/// The kind of the parts of `<puzzle> count --shard` over one puzzle's subtrees.
pub const SUBTREES_KIND: &str = "zoo count subtrees";

/// The fewest subtrees a split or checkpointed count of one puzzle is cut into.
const PUZZLE_SUBTREES: usize = 64;

/// What a part of a one-puzzle count holds for each subtree it counted.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SubtreeUnit {
    /// The puzzle's line in the input file (none for an ID given as argument).
    pub line: Option<usize>,
    /// The count's `--limit`.
    pub limit: Option<u64>,
    /// The subtree's solutions, up to the limit.
    pub solutions: u64,
}

/// The count of one puzzle from its subtrees' counts (each up to the limit): their
/// sum, cut at the limit, which is what one search up to the limit finds.
fn sum_subtrees(solutions: u64, limit: Option<u64>) -> Count {
    match limit {
        Some(limit) if solutions >= limit => Count {
            solutions: limit,
            limit_reached: true,
            stopped: None,
        },
        _ => Count {
            solutions,
            limit_reached: false,
            stopped: None,
        },
    }
}

/// `<puzzle> count ID --shard i/n` or `--checkpoint FILE`: the units are the
/// subtrees of the puzzle's search below its first decisions.
fn count_subtrees<P: ZooPuzzle>(
    args: &CountArgs,
    (line, id, puzzle): (Option<usize>, &str, &P::Puzzle),
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    let config = args.strategy.config_or(P::solving_schedule());
    let model = P::solving(puzzle)?;
    let wanted = args.parts.subtrees_wanted(PUZZLE_SUBTREES);
    let split = |at_least| {
        Subtrees::split(P::model(&model), P::start(&model), &config, at_least)
            .map_err(CliError::input)
    };
    let mut subtrees = split(wanted)?;
    if subtrees.is_empty() {
        // The rules fail at the root: the whole puzzle is the one unit, whose
        // count of 0 says "no solution" with its line, as one run does.
        subtrees = split(1)?;
    }
    let command = format!(
        "count of {} {id} --limit {:?} --var-order {:?} --value-order {:?}",
        P::TITLE,
        args.limit,
        config.var_order,
        config.value_order
    );
    let progress: Progress<SubtreeUnit> =
        Progress::open(&args.parts, SUBTREES_KIND, &command, subtrees.len())?;
    let interrupt = interrupt_flag(&args.parts)?;
    let started = Instant::now();
    let mut stopped = None;
    let mut unfinished = 0;
    let mut counters = Counters::default();
    for unit in progress.todo() {
        let state = subtrees.state(unit).expect("a unit is a subtree").clone();
        let mut search =
            Search::from_state(P::model(&model), state, config).map_err(CliError::input)?;
        if let Some(flag) = &interrupt {
            search = search.cancel_on(flag.clone());
        }
        let count = search.count_in_place(args.limit);
        add_counters(&mut counters, &search.counters());
        if count.stopped.is_some() {
            stopped = count.stopped;
            unfinished += count.solutions;
            break;
        }
        let solutions = count.solutions;
        let limit = args.limit;
        progress.record(
            unit,
            SubtreeUnit {
                line,
                limit,
                solutions,
            },
        );
    }
    progress.save()?;
    if args.stats {
        print_stats(&counters, started.elapsed())?;
    }
    if stopped == Some(sieve::StopReason::Cancelled) {
        return progress.interrupted();
    }
    let part = progress.part();
    if args.parts.shard.is_some() {
        progress.print(out)?;
        if let Some(reason) = stopped {
            report(line, format!("the search stopped ({reason}): not counted"))?;
            return Ok(Outcome::Unsolved);
        }
        return Ok(Outcome::Success);
    }
    let finished: u64 = part.finished.values().map(|unit| unit.solutions).sum();
    let mut count = sum_subtrees(finished + unfinished, args.limit);
    if !count.limit_reached {
        count.stopped = stopped;
    }
    write_count(line, &count, out)
}

/// Adds a search's counters to a total.
pub(crate) fn add_counters(total: &mut Counters, more: &Counters) {
    total.nodes += more.nodes;
    total.failures += more.failures;
    total.backtracks += more.backtracks;
    total.propagations += more.propagations;
    total.changes += more.changes;
    total.solutions += more.solutions;
    total.max_depth = total.max_depth.max(more.max_depth);
}

/// `sieve merge-shards` over parts of a one-puzzle count: what one run prints.
pub fn print_merged_subtrees(
    units: &[SubtreeUnit],
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    let Some(first) = units.first() else {
        return Err(CliError::input("the parts hold no subtree of the puzzle"));
    };
    let solutions = units.iter().map(|unit| unit.solutions).sum();
    write_count(first.line, &sum_subtrees(solutions, first.limit), out)
}

/// Every ID of the input with its line, parsed: a malformed one is reported,
/// and any makes the whole input an error.
fn read_all<P: ZooPuzzle>(input: &IdInput) -> Result<Vec<ReadId<P>>, CliError> {
    let mut puzzles = Vec::new();
    let malformed = read_ids::<P>(input, &mut |line, id, puzzle| {
        puzzles.push((line, id.to_string(), puzzle));
        Ok(())
    })?;
    if malformed > 0 {
        return Err(CliError::input(format!(
            "{malformed} game ID line{} could not be read: a split or checkpointed count \
             needs every ID",
            if malformed == 1 { "" } else { "s" }
        )));
    }
    Ok(puzzles)
}

/// `sieve merge-shards` over parts of `<puzzle> count`: what one run prints.
pub fn print_merged_count(units: &[CountUnit], out: &mut dyn Write) -> Result<Outcome, CliError> {
    let mut outcome = Outcome::Success;
    for unit in units {
        outcome = outcome.and(write_count(unit.line, &unit.count(), out)?);
    }
    Ok(outcome)
}

/// `--trace`: the first puzzle's solve over the model of its strongest tier,
/// whose rules word the deductions.
fn trace<P: ZooPuzzle>(
    puzzle: &P::Puzzle,
    args: &TraceArgs,
    config: &Config,
) -> Result<(), CliError> {
    let model = strongest::<P>(puzzle, false)?;
    let start = P::start(&model);
    let tiers = ZooTiers::<P>::new(puzzle)?;
    let hinter = tiers.hinter()?;
    write_trace(
        args,
        Traced {
            model: P::model(&model),
            start: &start,
            config,
            view: P::board_view(puzzle, &model),
            title: format!("Sieve: {}, step by step", P::TITLE),
            hints: Some(hint_source(&hinter, P::model(&model))),
        },
    )
}

/// The page's hints from `hinter`, for states of the traced `model`.
pub(crate) fn hint_source<'a>(hinter: &'a Hinter<'a>, model: &Model) -> HintSource<'a> {
    let map = hinter.map_onto(model);
    HintSource {
        hint_of: Box::new(move |state, holds_solution| {
            let propagation = if holds_solution {
                Propagation::FirstChange
            } else {
                Propagation::Full
            };
            let found = hinter.at_state(&map, state, propagation)?;
            Ok(hinter.page_hint(&found, &map))
        }),
    }
}

/// The model of the puzzle's strongest tier, with probing above it when asked.
pub(crate) fn strongest<P: ZooPuzzle>(
    puzzle: &P::Puzzle,
    probing: bool,
) -> Result<P::Model, CliError> {
    let tiers = P::tiers(puzzle)?;
    let mut model = match tiers.into_iter().last() {
        Some(tier) => tier.model,
        None => P::build(puzzle)?,
    };
    if probing {
        add_probing::<P>(&mut model)?;
    }
    Ok(model)
}

/// Adds probing over every variable, the tier above every puzzle's own.
pub(crate) fn add_probing<P: ZooPuzzle>(model: &mut P::Model) -> Result<(), CliError> {
    probe_every_variable(P::model_mut(model))
}

/// Adds probing over every variable of an engine model (the strongest tier of
/// `rate`, and of every `hint`).
pub(crate) fn probe_every_variable(model: &mut Model) -> Result<(), CliError> {
    let vars: Vec<VarId> = model.vars().collect();
    (model.add_rule(Probing::new("probing", vars)))
        .map(|_| ())
        .map_err(CliError::input)
}

/// What `rate` found for one puzzle.
enum Rating {
    /// Solved by the tier with this number and name, and those below it.
    Tier(usize, &'static str),
    /// Even probing leaves cells open: the search took this many nodes.
    Search(u64),
}

/// `sieve <puzzle> rate`: one line a puzzle.
pub fn rate<P: ZooPuzzle>(args: &RateArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    if args.input.is_stream() {
        return rate_all::<P>(args, &mut FlushEachLine(out));
    }
    rate_all::<P>(args, out)
}

fn rate_all<P: ZooPuzzle>(args: &RateArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let config = args.strategy.config_or(P::solving_schedule());
    for_each_id::<P>(&args.input, |line, puzzle| {
        let (answer, counters) = P::solve(puzzle, &config)?;
        let problem = match answer {
            Uniqueness::Unique(_) => None,
            Uniqueness::None => Some("no solution: not rated".to_string()),
            Uniqueness::Multiple(..) => Some("several solutions: not rated".to_string()),
            Uniqueness::Unknown(reason, _) => Some(format!("the search stopped ({reason})")),
        };
        if let Some(problem) = problem {
            writeln!(out)?;
            report(line, problem)?;
            return Ok(Outcome::Unsolved);
        }
        match rating::<P>(puzzle, counters.nodes)? {
            Rating::Tier(number, name) => writeln!(out, "tier {number} ({name})")?,
            Rating::Search(nodes) => writeln!(out, "needs search ({nodes} nodes)")?,
        }
        Ok(Outcome::Success)
    })
}

/// The weakest tier whose propagation alone fixes every variable.
fn rating<P: ZooPuzzle>(puzzle: &P::Puzzle, nodes: u64) -> Result<Rating, CliError> {
    let tiers = P::tiers(puzzle)?;
    let count = tiers.len();
    let mut strongest = None;
    for (index, tier) in tiers.into_iter().enumerate() {
        if solves::<P>(&tier.model)? {
            return Ok(Rating::Tier(index + 1, tier.name));
        }
        strongest = Some(tier.model);
    }
    let Some(mut model) = strongest else {
        return Ok(Rating::Search(nodes));
    };
    add_probing::<P>(&mut model)?;
    if solves::<P>(&model)? {
        return Ok(Rating::Tier(count + 1, "probing"));
    }
    Ok(Rating::Search(nodes))
}

/// Whether propagating the model from its start (cheaper rules first) fixes
/// every variable.
fn solves<P: ZooPuzzle>(model: &P::Model) -> Result<bool, CliError> {
    let mut state = P::start(model);
    let end = propagate(P::model(model), &mut state, Schedule::Priority, None)
        .map_err(CliError::input)?;
    Ok(end == Fixpoint::Reached && state.all_assigned())
}

/// `sieve <puzzle> explain ID --cell r3c5 [--value V]`.
pub fn explain_cell<P: ZooPuzzle>(
    args: &ExplainArgs,
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    let puzzle =
        P::parse(&args.id).map_err(|message| CliError::input(format!("the game ID: {message}")))?;
    let (row, column) = parse_cell(&args.cell).map_err(CliError::input)?;
    let model = strongest::<P>(&puzzle, true)?;
    let var = P::var_at(&model, row, column).ok_or_else(|| {
        CliError::input(format!(
            "{} is not a cell of this puzzle's board",
            args.cell
        ))
    })?;
    let engine_model = P::model(&model);
    if let Some(value) = args.value {
        let range = engine_model.range(var).map_err(CliError::input)?;
        if !range.contains(&value) {
            return Err(CliError::input(format!(
                "{value} is not a value of {}: its values are {} to {}",
                args.cell,
                range.start(),
                range.end()
            )));
        }
    }
    let start = P::start(&model);
    let describe = |value: Value| engine_model.label_of(var, value);
    let question = Question {
        model: engine_model,
        start: &start,
        var,
        name: engine_model.var_name(var),
        value: args.value,
        given: start.value(var),
        describe: &describe,
        rules: "every rule of the puzzle, probing included",
    };
    explain(&question, out)
}

/// The variable at (row, column) of a square board whose cells, row by row, are
/// `cells`.
pub fn square_cell(cells: &[VarId], size: usize, row: usize, column: usize) -> Option<VarId> {
    (row < size && column < size)
        .then(|| cells.get(row * size + column).copied())
        .flatten()
}
