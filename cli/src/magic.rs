//! `sieve magic`: construct magic squares, make visible-cell puzzles, complete
//! partial squares and count squares.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::{Subcommand, ValueEnum};
use sieve::Counters;
use sieve_magic::solve::{Completion, Counted, MAX_SOLVE_ORDER};
use sieve_magic::{MagicModel, PartialSquare, Puzzle, PuzzleOptions, Rules, construct};

use crate::common::{CliError, Outcome, StrategyArgs, print_stats, read_all, warn};
use crate::hint::{HintTier, Hinter};
use crate::teach::{
    Question, TraceArgs, Traced, check_cell, explain, grid_view, parse_cell, write_trace,
};

const MAGIC_EXAMPLES: &str = "\
Examples:
  sieve magic generate 5                      the siamese square of order 5
  sieve magic generate 5 --hide 12 --seed 7   a puzzle with 12 hidden cells
  sieve magic solve '2 . . . 5 . . . 8'       complete a partial square
  sieve magic generate 4 --hide 8 | sieve magic solve -
  sieve magic solve '2 . . . 5 . . . 8' --trace html --out square.html
  sieve magic explain '2 . . . 5 . . . 8' --cell r1c2   why r1c2 holds its number
  sieve magic hint '2 . . . 5 . . . 8'        the next deduction, and why
  sieve magic count 4 --stats                 count all 7040 squares of order 4";

const GENERATE_EXAMPLES: &str = "\
Examples:
  sieve magic generate 3
  sieve magic generate 6                      (singly even: the LUX method)
  sieve magic generate 7 --hide 20 --seed 42

With --hide, hidden cells print as `.`, and the visible sums per row and per
column follow as `#` comment lines, so the output reads back with `solve -`.";

const SOLVE_EXAMPLES: &str = "\
Examples:
  sieve magic solve '8 1 6 3 . 7 4 9 .'
  sieve magic solve --file square.txt --stats
  sieve magic solve '. . . . 5 . . . .' --count
  sieve magic generate 4 --hide 10 --seed 3 | sieve magic solve - --count --limit 5
  sieve magic solve '2 . . . 5 . . . 8' --trace text      the worked solution (stderr)
  sieve magic solve '2 . . . 5 . . . 8' --trace json --out trace.json

The square is whitespace-separated numbers, one row per line (or all on one
line), `.` or `0` for unknown cells and `#` for comments. Exit code 1 when no
magic square completes it (with --count: when there are none).

--trace text|json|html traces the search for the first completion, on
standard error unless --out names a file: html is a page that replays it on
the square, json the format of docs/trace-format.md.";

const EXPLAIN_EXAMPLES: &str = "\
Examples:
  sieve magic explain '2 . . . 5 . . . 8' --cell r1c2             why r1c2 holds its number
  sieve magic explain '2 . . . 5 . . . 8' --cell r1c2 --value 7   why 7 is gone from r1c2
  sieve magic explain '. . . . 5 . . . .' --cell r1c1 --value 5 --rules bounds

The rules (all different, and the line sums of --rules) run on the square
until nothing changes; the answer is the chain of rule applications that led
to the fact, causes first, each with the facts it rests on (`because r1c1 = 2,
r3c1 ≤ 6`); for a cell left open, every number it lost. Exit code 1 when the rules find the square has no
completion.";

const HINT_EXAMPLES: &str = "\
Examples:
  sieve magic hint '2 . . . 5 . . . 8'
  sieve magic hint '. . . . 5 . . . .'
  sieve magic generate 4 --hide 8 --seed 3 | sieve magic hint -

Propagates the square with tier 1 (bounds: all different and the bounds of
the line sums), then tier 2 (distinct: all different and the domain-consistent
sums of different numbers), then probing, and writes the first deduction of
the first tier that makes one: the cell and the number it loses or takes, the
rule and its sentence, and the facts it rests on (`because r1c1 = 2, ...`).
`already solved` when every cell is given; exit code 1 when the rules find
that no magic square completes it.";

const COUNT_EXAMPLES: &str = "\
Examples:
  sieve magic count 3                         8
  sieve magic count 4 --stats                 7040, with search statistics
  sieve magic count 4 --rules bounds --schedule sweep
  sieve magic count 5 --limit 1000

Orders 5 and up have far too many squares to count all of them (order 5 has
275,305,224): give --limit, --max-nodes or --timeout.";

/// The largest order whose squares can all be counted in practice.
const LARGEST_FULL_COUNT: usize = 4;

/// `sieve magic`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = MAGIC_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: MagicCommand,
}

#[derive(Subcommand, Debug)]
enum MagicCommand {
    /// Construct a magic square of order N, or a puzzle with hidden cells.
    #[command(after_help = GENERATE_EXAMPLES)]
    Generate(GenerateArgs),
    /// Complete a partly given square, or count its completions.
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Count the magic squares of order N.
    #[command(after_help = COUNT_EXAMPLES)]
    Count(CountArgs),
    /// Why a number is gone from a cell, or why a cell holds its number: the chain
    /// of rule applications that led there.
    #[command(after_help = EXPLAIN_EXAMPLES)]
    Explain(ExplainArgs),
    /// The next deduction: the first step of the weakest rule set that makes one.
    #[command(after_help = HINT_EXAMPLES)]
    Hint(HintArgs),
}

#[derive(clap::Args, Debug)]
struct GenerateArgs {
    /// The order: rows (and columns) of the square, 1 or at least 3.
    order: usize,
    /// Hide exactly this many cells (at most N² − N: every row and column keeps one).
    #[arg(long, value_name = "K")]
    hide: Option<usize>,
    /// Seed for choosing the hidden cells.
    #[arg(long, value_name = "S", default_value_t = 0, requires = "hide")]
    seed: u64,
}

/// The rule set, as a command-line value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum RulesArg {
    /// All different plus the engine's bounds-reasoning sums.
    Bounds,
    /// All different plus domain-consistent sums of different values.
    Distinct,
}

impl RulesArg {
    fn rules(self) -> Rules {
        match self {
            RulesArg::Bounds => Rules::Bounds,
            RulesArg::Distinct => Rules::Distinct,
        }
    }
}

/// Flags shared by `solve` and `count`.
#[derive(clap::Args, Debug)]
struct SearchArgs {
    /// The rule set.
    #[arg(long, value_enum, default_value = "distinct")]
    rules: RulesArg,
    /// Print search statistics to stderr.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    strategy: StrategyArgs,
}

/// Where a partial square comes from: the argument or a file.
#[derive(clap::Args, Debug)]
struct SquareInput {
    /// The square as text (`-` reads standard input).
    #[arg(
        value_name = "SQUARE",
        required_unless_present = "file",
        conflicts_with = "file"
    )]
    square: Option<String>,
    /// Read the square from a file (`-` for standard input).
    #[arg(long, short, value_name = "PATH")]
    file: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
struct SolveArgs {
    #[command(flatten)]
    input: SquareInput,
    /// Print the number of completions instead of one.
    #[arg(long, conflicts_with = "trace")]
    count: bool,
    /// With --count, stop counting at K.
    #[arg(long, value_name = "K", requires = "count", value_parser = crate::common::parse_limit)]
    limit: Option<u64>,
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    trace: TraceArgs,
}

#[derive(clap::Args, Debug)]
struct ExplainArgs {
    #[command(flatten)]
    input: SquareInput,
    /// The cell asked about, as r1c2 (row 1, column 2).
    #[arg(long, value_parser = parse_cell)]
    cell: (usize, usize),
    /// The number asked about: why is it gone from the cell?
    #[arg(long, value_name = "NUMBER")]
    value: Option<u64>,
    /// The rule set whose deductions answer.
    #[arg(long, value_enum, default_value = "distinct")]
    rules: RulesArg,
}

#[derive(clap::Args, Debug)]
struct HintArgs {
    #[command(flatten)]
    input: SquareInput,
}

#[derive(clap::Args, Debug)]
struct CountArgs {
    /// The order of the squares.
    order: usize,
    /// Stop counting at K.
    #[arg(long, value_name = "K", value_parser = crate::common::parse_limit)]
    limit: Option<u64>,
    #[command(flatten)]
    search: SearchArgs,
}

/// Run `sieve magic ...`, writing results to `out`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    match args.command {
        MagicCommand::Generate(args) => generate(&args, out),
        MagicCommand::Solve(args) => solve(&args, out),
        MagicCommand::Count(args) => count(&args, out),
        MagicCommand::Explain(args) => explain_cell(&args, out),
        MagicCommand::Hint(args) => hint(&args, out),
    }
}

fn generate(args: &GenerateArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let square = construct(args.order).map_err(CliError::input)?;
    let Some(hidden) = args.hide else {
        writeln!(out, "{square}")?;
        return Ok(Outcome::Success);
    };
    let options = PuzzleOptions {
        hidden: Some(hidden),
        ..PuzzleOptions::default()
    };
    let puzzle = Puzzle::generate(square, &options, args.seed).map_err(CliError::input)?;
    write_puzzle(&puzzle, out)?;
    Ok(Outcome::Success)
}

/// The visible cells, then the magic constant and the visible sums as comments.
fn write_puzzle(puzzle: &Puzzle, out: &mut dyn Write) -> Result<(), CliError> {
    let order = puzzle.order();
    let sums = |sum_of: &dyn Fn(usize) -> u64| -> String {
        let sums: Vec<String> = (0..order).map(|k| sum_of(k).to_string()).collect();
        sums.join(" ")
    };
    // Indices come from 0..order, so the sums cannot fail.
    let rows = sums(&|row| puzzle.row_visible_sum(row).unwrap_or_default());
    let columns = sums(&|column| puzzle.column_visible_sum(column).unwrap_or_default());
    writeln!(out, "{puzzle}")?;
    writeln!(
        out,
        "# order {order}, magic constant {}, {} hidden cells",
        puzzle.magic_constant(),
        puzzle.hidden_count()
    )?;
    writeln!(out, "# visible sum per row:    {rows}")?;
    writeln!(out, "# visible sum per column: {columns}")?;
    Ok(())
}

/// The partial square named by SQUARE or --file, parsed.
fn read_square(input: &SquareInput) -> Result<PartialSquare, CliError> {
    let (source, text) = match (&input.square, &input.file) {
        (_, Some(path)) => (path.display().to_string(), read_all(path)?),
        (Some(text), None) if text == "-" => ("-".to_owned(), read_all(&PathBuf::from("-"))?),
        (Some(text), None) => ("the square".to_owned(), text.clone()),
        (None, None) => return Err(CliError::input("no square given: pass SQUARE or --file")),
    };
    text.parse()
        .map_err(|error| CliError::input(format!("{source}: {error}")))
}

/// The model for `order` with the chosen rules.
fn model(order: usize, search: &SearchArgs) -> Result<MagicModel, CliError> {
    MagicModel::with_rules(order, search.rules.rules()).map_err(CliError::input)
}

fn solve(args: &SolveArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let partial = read_square(&args.input)?;
    let magic = model(partial.order(), &args.search)?;
    let config = args.search.strategy.config();
    trace_completion(args, &magic, &partial, &config)?;
    let started = Instant::now();
    if args.count {
        let counted = magic
            .count(&partial, args.limit, &config, None)
            .map_err(CliError::input)?;
        report_stats(&args.search, &counted.counters, started)?;
        write_count(&counted, out)?;
        let no_completion = counted.count.solutions == 0 && counted.count.is_exact();
        return Ok(if no_completion || counted.count.stopped.is_some() {
            Outcome::Unsolved
        } else {
            Outcome::Success
        });
    }
    let completion = magic
        .complete(&partial, &config, None)
        .map_err(CliError::input)?;
    report_stats(&args.search, &completion.counters, started)?;
    write_completion(&completion, out)
}

/// `--trace`: search for the first completion again under an observer.
fn trace_completion(
    args: &SolveArgs,
    magic: &MagicModel,
    partial: &PartialSquare,
    config: &sieve::Config,
) -> Result<(), CliError> {
    if args.trace.trace.is_none() {
        return Ok(());
    }
    let start = magic.start(partial).map_err(CliError::input)?;
    let order = magic.order();
    let tiers = MagicTiers::new(partial)?;
    let hinter = tiers.hinter()?;
    let traced = Traced {
        model: magic.model(),
        start: &start,
        config,
        view: grid_view(order, magic.cells()),
        title: format!(
            "Sieve: a magic square of order {order}, every line summing to {}, step by step",
            sieve_magic::magic_constant(order)
        ),
        hints: Some(crate::zoo::hint_source(&hinter, magic.model())),
    };
    write_trace(&args.trace, traced)
}

fn write_completion(completion: &Completion, out: &mut dyn Write) -> Result<Outcome, CliError> {
    match (&completion.square, completion.stopped) {
        (Some(square), _) => {
            writeln!(out, "{square}")?;
            Ok(Outcome::Success)
        }
        (None, Some(reason)) => {
            warn(format_args!(
                "no completion found: the search stopped ({reason})"
            ))?;
            Ok(Outcome::Unsolved)
        }
        (None, None) => {
            warn(format_args!("no magic square completes this one"))?;
            Ok(Outcome::Unsolved)
        }
    }
}

fn count(args: &CountArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let strategy = &args.search.strategy;
    let bounded =
        args.limit.is_some() || strategy.max_nodes.is_some() || strategy.timeout.is_some();
    if args.order > LARGEST_FULL_COUNT && args.order <= MAX_SOLVE_ORDER && !bounded {
        return Err(CliError::input(format!(
            "counting every magic square of order {} would take far too long \
             (order 5 alone has 275,305,224): give --limit, --max-nodes or --timeout",
            args.order
        )));
    }
    let magic = model(args.order, &args.search)?;
    let empty = PartialSquare::empty(args.order).map_err(CliError::input)?;
    let started = Instant::now();
    let counted = magic
        .count(&empty, args.limit, &strategy.config(), None)
        .map_err(CliError::input)?;
    report_stats(&args.search, &counted.counters, started)?;
    write_count(&counted, out)?;
    // A count cut short by a node or time limit is no answer (exit 1).
    Ok(if counted.count.stopped.is_some() {
        Outcome::Unsolved
    } else {
        Outcome::Success
    })
}

/// The number on stdout; a note on stderr when it is only a lower bound.
fn write_count(counted: &Counted, out: &mut dyn Write) -> Result<(), CliError> {
    writeln!(out, "{}", counted.count.solutions)?;
    if counted.count.limit_reached {
        warn(format_args!(
            "stopped at the limit of {} (there may be more)",
            counted.count.solutions
        ))?;
    } else if let Some(reason) = counted.count.stopped {
        warn(format_args!(
            "the search stopped ({reason}): the count is a lower bound"
        ))?;
    }
    Ok(())
}

/// `--stats`: the search statistics on stderr.
fn report_stats(
    search: &SearchArgs,
    counters: &Counters,
    started: Instant,
) -> Result<(), CliError> {
    if search.stats {
        print_stats(counters, started.elapsed())?;
    }
    Ok(())
}

/// `sieve magic explain`: why a number is gone from a cell, or why the cell holds one.
fn explain_cell(args: &ExplainArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let partial = read_square(&args.input)?;
    let order = partial.order();
    check_cell(args.cell, order)?;
    let numbers = (order * order) as u64;
    let value = match args.value {
        Some(number) if !(1..=numbers).contains(&number) => {
            return Err(CliError::input(format!(
                "--value {number} is not a number of a square of order {order} (1 to {numbers})"
            )));
        }
        number => number.map(|number| number as sieve::Value),
    };
    let magic = MagicModel::with_rules(order, args.rules.rules()).map_err(CliError::input)?;
    let start = magic.start(&partial).map_err(CliError::input)?;
    let (row, column) = args.cell;
    let index = row * order + column;
    let rules = match args.rules {
        RulesArg::Bounds => "every rule (all different and the bounds of the line sums)",
        RulesArg::Distinct => "every rule (all different and the distinct line sums)",
    };
    let question = Question {
        model: magic.model(),
        start: &start,
        var: magic.cells()[index],
        name: format!("r{}c{}", row + 1, column + 1),
        value,
        given: partial.cells()[index].map(|number| number as sieve::Value),
        describe: &|value| value.to_string(),
        rules,
    };
    explain(&question, out)
}

/// The models of `sieve magic hint`'s tiers: the bounds rules, then the distinct
/// sums, then probing over the distinct sums.
struct MagicTiers {
    tiers: Vec<(MagicModel, &'static str)>,
    probing: MagicModel,
    starts: Vec<sieve::Domains>,
}

impl MagicTiers {
    fn new(partial: &PartialSquare) -> Result<Self, CliError> {
        let build = |rules| MagicModel::with_rules(partial.order(), rules).map_err(CliError::input);
        let tiers = vec![
            (build(Rules::Bounds)?, "bounds"),
            (build(Rules::Distinct)?, "distinct"),
        ];
        let mut probing = build(Rules::Distinct)?;
        crate::zoo::probe_every_variable(probing.model_mut())?;
        let starts = (tiers.iter().map(|(magic, _)| magic))
            .chain([&probing])
            .map(|magic| magic.start(partial).map_err(CliError::input))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(MagicTiers {
            tiers,
            probing,
            starts,
        })
    }

    fn hinter(&self) -> Result<Hinter<'_>, CliError> {
        let tiers = (self.tiers.iter().zip(&self.starts))
            .map(|((magic, name), start)| HintTier {
                name,
                start: start.clone(),
                model: magic.model(),
            })
            .collect();
        let probing = HintTier {
            name: "probing",
            start: self.starts[self.starts.len() - 1].clone(),
            model: self.probing.model(),
        };
        Hinter::new(tiers, probing)
    }
}

/// `sieve magic hint`: the bounds rules, then the distinct sums, then probing.
fn hint(args: &HintArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let partial = read_square(&args.input)?;
    let tiers = MagicTiers::new(&partial)?;
    let hinter = tiers.hinter()?;
    let found = hinter.at_start()?;
    hinter.write(&found, out)
}
