//! `sieve skyscrapers`: solve, count, rate and generate Skyscrapers puzzles.

use std::fs::File;
use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Subcommand, ValueEnum};
use sieve::{Config, Count, Counters, Observer, Search, TextTrace, Value};
use sieve_replay::{BorderClues, View};
use sieve_skyscrapers::generate::{GenerateError, GenerateOptions, Target, generate, puzzle_seeds};
use sieve_skyscrapers::rate::{RateError, rate_with};
use sieve_skyscrapers::{
    Answer, Grid, Order, Puzzle, SkyscrapersModel, Tier, format_puzzle_line, parse_givens,
    parse_grid, parse_puzzle_line, parse_towers_id,
};

use crate::common::{
    CliError, FlushEachLine, Outcome, StrategyArgs, is_stream, open_input, print_stats, read_all,
    report, warn,
};
use crate::hint::{HintTier, Hinter};
use crate::progress::Progress;
use crate::teach::{
    Question, TraceFormat, check_cell, explain, grid_view, json_trace, parse_cell,
    replay_html_with_hints,
};
use crate::zoo::write_count;

/// The source's 4×4 example (the "rush" exercise), solved when no puzzle is given.
const BUILT_IN_EXAMPLE: &str = "4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2";

const SKYSCRAPERS_EXAMPLES: &str = "\
Examples:
  sieve skyscrapers solve                                  the built-in 4×4 example
  sieve skyscrapers solve '4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2'
  sieve skyscrapers rate '0 3 0 0 2 0 0 1 2 0 0 0 0 4 0 0'
  sieve skyscrapers generate 6 --tier latin --seed 7 --count 3
  sieve skyscrapers generate 5 --count 10 | sieve skyscrapers solve --file -
  sieve skyscrapers solve --trace html --out replay.html   replay the solve in a browser
  sieve skyscrapers explain '0 3 0 0 2 0 0 1 2 0 0 0 0 4 0 0' --cell r2c3
  sieve skyscrapers hint '0 3 0 0 2 0 0 1 2 0 0 0 0 4 0 0'   the next deduction, and why
  sieve skyscrapers solve '5:/3////2/////3//1//3/2////,r1b1c'   Tatham's game ID

Clues are given in the source's order: top (columns left to right), bottom
(columns left to right), left (rows top to bottom), right (rows top to bottom),
separated by single spaces; 0 means no clue. A text with a `:` is Simon
Tatham's Towers game ID instead, read as `sieve towers` reads it.";

const SOLVE_EXAMPLES: &str = "\
Examples:
  sieve skyscrapers solve                                  the built-in example
  sieve skyscrapers solve '0 3 0 0 2 0 0 1 2 0 0 0 0 4 0 0'
  sieve skyscrapers solve '4 3 2 1 1 2 2 2 2 2 2 1 1 2 3 4' --order clockwise
  sieve skyscrapers solve --grid puzzle.txt
  sieve skyscrapers solve '0 0 1 0 0 0 1 0 0 0 0 5 0 0 0 0 0 0 0 0' \
      --givens '0 0 0 0 4 0 0 0 0 0 0 0 0 2 0 0 0 0 0 0 0 0 1 0 0'
  sieve skyscrapers solve --file puzzles.txt --stats
  sieve skyscrapers solve '0 0 0 0 0 0 0 0 0 0 0 0' --count --limit 5
  sieve skyscrapers solve --trace text
  sieve skyscrapers solve --trace json --out trace.json
  sieve skyscrapers solve --trace html --out replay.html

Each solution prints as N lines of space-separated heights, with a blank line
between puzzles. A --file holds one puzzle a line (the clues, optionally
followed by ` | ` and N·N givens, as `generate` prints them); blank lines and
lines starting with # are skipped. The drawn grid (--grid) has the top clues on
its first line, a left clue, N cells and a right clue on each of the next N,
and the bottom clues on its last; `.` is an empty cell or a missing clue.
--trace text writes every deduction with its reason before the solution;
--trace json writes the engine's JSON trace (docs/trace-format.md) instead of
the solution, and --trace html a page that replays it with the clues around
the grid (give --out FILE.html; without it the page replaces the solution). Exit code 1 when a puzzle has no solution or several.";

const EXPLAIN_EXAMPLES: &str = "\
Examples:
  sieve skyscrapers explain --cell r1c1                    the built-in example: why r1c1 holds 1
  sieve skyscrapers explain '0 3 0 0 2 0 0 1 2 0 0 0 0 4 0 0' --cell r2c3 --value 4
  sieve skyscrapers explain --grid puzzle.txt --cell r3c3

The rules of every tier (edge, viewpoint, latin, lines) run on the puzzle
until nothing changes; the answer is the chain of rule applications that led
to the fact, causes first, each with the facts it rests on (`because r1c2 = 2,
r4c2 ≠ 3`); for a cell left open, every height it lost. Exit code 1 when the rules find the puzzle has no
solution.";

const HINT_EXAMPLES: &str = "\
Examples:
  sieve skyscrapers hint                                   the built-in example
  sieve skyscrapers hint '0 3 0 0 2 0 0 1 2 0 0 0 0 4 0 0'
  sieve skyscrapers hint '0 3 0 0 2 0 0 1 2 0 0 0 0 4 0 0' --givens '2 1 4 3 4 3 2 1 0 0 0 0 0 0 0 0'
  sieve skyscrapers hint --grid puzzle.txt

Propagates the puzzle with the rules of tier 1 (edge), then of each stronger
tier (viewpoint, latin, lines; see `rate`), probing last, and writes the first
deduction of the first tier that makes one: the cell and the height it loses
or takes, the rule and its sentence, and the facts it rests on (`because r1c2
= 2, ...`). `already solved` when every cell is given; exit code 1 when the
rules find that the puzzle has no solution.";

const COUNT_EXAMPLES: &str = "\
Examples:
  sieve skyscrapers count '0 0 0 0 0 0 0 0 0 0 0 0'        12 open 3×3 grids
  sieve skyscrapers count '0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0' --limit 100
  sieve skyscrapers count --file puzzles.txt

One number a puzzle. Exit code 1 when a puzzle has no solution.";

const RATE_EXAMPLES: &str = "\
Examples:
  sieve skyscrapers rate                                   the built-in example: tier 2
  sieve skyscrapers rate '0 3 0 0 2 0 0 1 2 0 0 0 0 4 0 0'
  sieve skyscrapers generate 7 --count 5 | sieve skyscrapers rate --file -

A puzzle's rating is the lowest tier whose rules alone solve it:
  tier 1 (edge)       clue 1 puts the tallest next to it, clue N makes the line ascend
  tier 2 (viewpoint)  the source's five viewpoint rules
  tier 3 (latin)      hidden singles per row and column
  tier 4 (lines)      only the arrangements of a line that agree with its clues survive
Every tier also removes a placed height from the rest of its row and column.
Otherwise it `needs guessing`, with the number of guesses a search made.";

const GENERATE_EXAMPLES: &str = "\
Examples:
  sieve skyscrapers generate 4
  sieve skyscrapers generate 6 --tier viewpoint --seed 42
  sieve skyscrapers generate 9 --tier guessing --count 3
  sieve skyscrapers generate 5 --tier lines --no-givens

Each puzzle prints on one line in the source's clue format; when some cells
must be given, ` | ` and the N·N givens follow (0 for an empty cell). Every
puzzle has exactly one solution and rates exactly at the tier asked for. The
same seed gives the same puzzles.";

/// `sieve skyscrapers`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = SKYSCRAPERS_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: SkyscrapersCommand,
}

#[derive(Subcommand, Debug)]
enum SkyscrapersCommand {
    /// Solve puzzles (the built-in example when none is given).
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Count the solutions of puzzles.
    #[command(after_help = COUNT_EXAMPLES)]
    Count(CountArgs),
    /// Rate puzzles by the lowest tier of rules that solves them.
    #[command(after_help = RATE_EXAMPLES)]
    Rate(RateArgs),
    /// Generate unique puzzles of size N that need a given tier.
    #[command(after_help = GENERATE_EXAMPLES)]
    Generate(GenerateArgs),
    /// Why a height is gone from a cell, or why a cell holds its height: the chain of
    /// rule applications that led there.
    #[command(after_help = EXPLAIN_EXAMPLES)]
    Explain(ExplainArgs),
    /// The next deduction: the first step of the weakest tier that makes one.
    #[command(after_help = HINT_EXAMPLES)]
    Hint(HintArgs),
}

/// `--order`, as a command-line value (also `sieve bench skyscrapers --order`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum OrderArg {
    /// Top, bottom (columns left to right), left, right (rows top to bottom).
    Source,
    /// Clockwise from the top-left corner: top, right, bottom, left.
    Clockwise,
}

impl OrderArg {
    /// The clue order it names.
    pub fn order(self) -> Order {
        match self {
            OrderArg::Source => Order::Source,
            OrderArg::Clockwise => Order::Clockwise,
        }
    }
}

/// Where the puzzles come from.
#[derive(clap::Args, Debug)]
struct InputArgs {
    /// The clues on one line (`-` reads one puzzle a line from standard input).
    #[arg(value_name = "CLUES", conflicts_with_all = ["file", "grid"])]
    clues: Option<String>,
    /// The order of the clues.
    #[arg(long, value_enum, default_value = "source")]
    order: OrderArg,
    /// Read one drawn grid (clues around the border) from a file (`-` for standard input).
    #[arg(long, value_name = "FILE", conflicts_with = "file")]
    grid: Option<PathBuf>,
    /// N·N given heights, row by row, 0 for an empty cell (with CLUES).
    #[arg(long, value_name = "HEIGHTS", conflicts_with_all = ["file", "grid"])]
    givens: Option<String>,
    /// Read one puzzle a line from a file (`-` for standard input).
    #[arg(long, short, value_name = "PATH")]
    file: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Print the number of solutions instead of one.
    #[arg(long)]
    count: bool,
    /// With --count, stop counting at K.
    #[arg(long, value_name = "K", requires = "count", value_parser = crate::common::parse_limit)]
    limit: Option<u64>,
    /// Write a trace of the solving: text, json or html (one puzzle only, not with
    /// --file).
    #[arg(long, value_enum, value_name = "FORMAT", conflicts_with = "file")]
    trace: Option<TraceFormat>,
    /// Write the trace to this file instead of standard output.
    #[arg(long, value_name = "FILE", requires = "trace")]
    out: Option<PathBuf>,
    /// With --trace html: the seconds spent working out the hint of each state the
    /// page shows (the root of the search first); a state left without one says so.
    #[arg(long, value_name = "SECONDS", default_value_t = crate::page_hints::DEFAULT_HINT_BUDGET,
          value_parser = crate::teach::parse_budget)]
    hint_budget: f64,
    /// Print search statistics to standard error.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    strategy: StrategyArgs,
}

#[derive(clap::Args, Debug)]
struct ExplainArgs {
    #[command(flatten)]
    input: InputArgs,
    /// The cell asked about, as r2c3 (row 2, column 3).
    #[arg(long, value_parser = parse_cell)]
    cell: (usize, usize),
    /// The height asked about: why is it gone from the cell?
    #[arg(long, value_name = "HEIGHT")]
    value: Option<u32>,
}

#[derive(clap::Args, Debug)]
struct HintArgs {
    #[command(flatten)]
    input: InputArgs,
}

#[derive(clap::Args, Debug)]
struct CountArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Stop counting at K.
    #[arg(long, value_name = "K", value_parser = crate::common::parse_limit)]
    limit: Option<u64>,
    /// Print search statistics to standard error.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    strategy: StrategyArgs,
}

#[derive(clap::Args, Debug)]
struct RateArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    strategy: StrategyArgs,
}

#[derive(clap::Args, Debug)]
struct GenerateArgs {
    /// N: the grid's side (4 to 9 are the usual sizes).
    size: usize,
    /// What the puzzles must need: edge, viewpoint, latin, lines (or 1-4), or guessing.
    #[arg(long, value_name = "TIER", default_value = "lines")]
    tier: String,
    /// Seed for the random squares and the order clues are removed in.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// How many puzzles.
    #[arg(long, value_name = "K", default_value_t = 1)]
    count: usize,
    /// Never give cells: clues only (small sizes and high tiers only).
    #[arg(long)]
    no_givens: bool,
    /// How many random squares to try for each puzzle before giving up.
    #[arg(long, value_name = "A", default_value_t = sieve_skyscrapers::generate::DEFAULT_ATTEMPTS)]
    attempts: usize,
    /// The order to print the clues in.
    #[arg(long, value_enum, default_value = "source")]
    order: OrderArg,
    /// Stop after this many seconds for the whole run, printing what was made by
    /// then (exit 1 when it ran out).
    #[arg(long, value_name = "SECONDS", value_parser = crate::common::parse_seconds)]
    timeout: Option<std::time::Duration>,
}

/// Run `sieve skyscrapers ...`, writing results to `out` (line by line when the
/// puzzles come from a stream).
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    if is_stream(args.command.input().and_then(|input| input.file.as_ref())) {
        return run_command(args.command, &mut FlushEachLine(out));
    }
    run_command(args.command, out)
}

impl SkyscrapersCommand {
    /// Where the puzzles come from, for the commands that read them.
    fn input(&self) -> Option<&InputArgs> {
        match self {
            SkyscrapersCommand::Solve(args) => Some(&args.input),
            SkyscrapersCommand::Count(args) => Some(&args.input),
            SkyscrapersCommand::Rate(args) => Some(&args.input),
            SkyscrapersCommand::Explain(args) => Some(&args.input),
            SkyscrapersCommand::Hint(args) => Some(&args.input),
            SkyscrapersCommand::Generate(_) => None,
        }
    }
}

fn run_command(command: SkyscrapersCommand, out: &mut dyn Write) -> Result<Outcome, CliError> {
    match command {
        SkyscrapersCommand::Solve(args) => solve(&args, out),
        SkyscrapersCommand::Count(args) => count(&args, out),
        SkyscrapersCommand::Rate(args) => rate(&args, out),
        SkyscrapersCommand::Generate(args) => generate_puzzles(&args, out),
        SkyscrapersCommand::Explain(args) => explain_cell(&args, out),
        SkyscrapersCommand::Hint(args) => hint(&args, out),
    }
}

/// One puzzle of the input, or why it could not be read; `line` is its line
/// number in a batch.
struct Item {
    line: Option<usize>,
    puzzle: Result<Puzzle, String>,
}

/// Calls `each` with every puzzle of the input; malformed batch lines are
/// reported and skipped, and make the whole run an input error at the end.
fn for_each_puzzle(
    input: &InputArgs,
    mut each: impl FnMut(Option<usize>, &Puzzle) -> Result<Outcome, CliError>,
) -> Result<Outcome, CliError> {
    let mut outcome = Outcome::Success;
    let mut malformed = 0;
    let mut visit = |item: Item| -> Result<(), CliError> {
        match item.puzzle {
            Ok(puzzle) => outcome = outcome.and(each(item.line, &puzzle)?),
            Err(message) if item.line.is_some() => {
                report(item.line, message)?;
                malformed += 1;
            }
            Err(message) => return Err(CliError::input(message)),
        }
        Ok(())
    };
    let order = input.order.order();
    match (&input.file, &input.clues) {
        (Some(path), _) => read_batch(open_input(path)?, path, order, &mut visit)?,
        (None, Some(clues)) if clues == "-" => {
            let stdin = PathBuf::from("-");
            read_batch(open_input(&stdin)?, &stdin, order, &mut visit)?;
        }
        _ => visit(Item {
            line: None,
            puzzle: single_puzzle(input),
        })?,
    }
    if malformed > 0 {
        return Err(CliError::input(format!(
            "{malformed} puzzle line{} could not be read",
            if malformed == 1 { "" } else { "s" }
        )));
    }
    Ok(outcome)
}

/// Reads one puzzle a line, skipping blank lines and `#` comments.
fn read_batch(
    reader: Box<dyn BufRead>,
    path: &Path,
    order: Order,
    visit: &mut dyn FnMut(Item) -> Result<(), CliError>,
) -> Result<(), CliError> {
    for (index, line) in reader.lines().enumerate() {
        let line = line.map_err(|source| CliError::Io {
            path: path.display().to_string(),
            source,
        })?;
        let text = line.trim_end_matches('\r');
        if text.trim().is_empty() || text.trim_start().starts_with('#') {
            continue;
        }
        let puzzle = read_puzzle_line(text, order);
        visit(Item {
            line: Some(index + 1),
            puzzle,
        })?;
    }
    Ok(())
}

/// A puzzle line, or Simon Tatham's Towers game ID when it holds a `:` (a
/// clue line never does), as `sieve towers` reads it.
fn read_puzzle_line(text: &str, order: Order) -> Result<Puzzle, String> {
    if text.contains(':') {
        parse_towers_id(text).map_err(|error| format!("the game ID: {error}"))
    } else {
        parse_puzzle_line(text, order).map_err(|error| error.to_string())
    }
}

/// The one puzzle named by CLUES (with --givens), --grid, or the built-in example.
fn single_puzzle(input: &InputArgs) -> Result<Puzzle, String> {
    let order = input.order.order();
    let puzzle = match (&input.grid, &input.clues) {
        (Some(path), _) => {
            let text = read_all(path).map_err(|error| error.to_string())?;
            return parse_grid(&text).map_err(|error| format!("{}: {error}", path.display()));
        }
        (None, Some(clues)) => {
            read_puzzle_line(clues, order).map_err(|error| format!("the clues: {error}"))?
        }
        (None, None) => {
            warn(format_args!(
                "no puzzle given: using the built-in example {BUILT_IN_EXAMPLE}"
            ))
            .map_err(|error| error.to_string())?;
            parse_puzzle_line(BUILT_IN_EXAMPLE, Order::Source)
                .map_err(|error| format!("the built-in example: {error}"))?
        }
    };
    match &input.givens {
        None => Ok(puzzle),
        Some(text) => {
            let givens =
                parse_givens(text, puzzle.size()).map_err(|error| format!("--givens: {error}"))?;
            puzzle
                .with_givens(givens)
                .map_err(|error| format!("--givens: {error}"))
        }
    }
}

/// What one search is asked to do.
#[derive(Copy, Clone)]
enum Task {
    /// Find a solution and tell whether it is unique.
    Solve,
    /// Count solutions up to a limit.
    Count(Option<u64>),
}

/// What one search found.
enum Found {
    Answer(Answer),
    Count(Count),
}

/// Runs `task` on the puzzle's model, with an observer when one is given.
fn search(
    sky: &SkyscrapersModel,
    config: Config,
    observer: Option<&mut dyn Observer>,
    task: Task,
) -> Result<(Found, Counters), CliError> {
    let mut search =
        Search::from_state(sky.model(), sky.start(), config).map_err(CliError::input)?;
    if let Some(observer) = observer {
        search = search.observe(observer);
    }
    let found = match task {
        Task::Solve => Found::Answer(Answer::from_uniqueness(sky, search.uniqueness())),
        Task::Count(limit) => Found::Count(search.count_in_place(limit)),
    };
    Ok((found, search.counters()))
}

/// Where a trace goes: the --out file, or standard output.
fn trace_sink<'a>(
    path: &Option<PathBuf>,
    out: &'a mut dyn Write,
) -> Result<Box<dyn Write + 'a>, CliError> {
    match path {
        Some(path) => {
            let file = File::create(path).map_err(|source| CliError::Io {
                path: path.display().to_string(),
                source,
            })?;
            Ok(Box::new(BufWriter::new(file)))
        }
        None => Ok(Box::new(out)),
    }
}

/// Runs `task` with the trace asked for; returns what was found, the
/// counters, and whether the result still belongs on standard output.
fn traced(
    sky: &SkyscrapersModel,
    args: &SolveArgs,
    task: Task,
    out: &mut dyn Write,
) -> Result<(Found, Counters, bool), CliError> {
    let config = args.strategy.config();
    match args.trace {
        None => search(sky, config, None, task).map(|(found, counters)| (found, counters, true)),
        Some(TraceFormat::Text) => {
            let mut trace =
                TextTrace::new(sky.model(), trace_sink(&args.out, out)?).with_wakes(false);
            let (found, counters) = search(sky, config, Some(&mut trace), task)?;
            trace.finish()?.flush()?;
            Ok((found, counters, true))
        }
        Some(format) => {
            let mut trace = json_trace(sky.model(), &sky.start());
            let (found, counters) = search(sky, config, Some(&mut trace), task)?;
            let text = if format == TraceFormat::Html {
                let title = format!(
                    "Sieve: a {0}×{0} skyscrapers puzzle, step by step",
                    sky.size()
                );
                let tiers = SkyTiers::new(sky.puzzle())?;
                let hinter = tiers.hinter()?;
                let mut source = crate::zoo::hint_source(&hinter, sky.model());
                let start = sky.start();
                let hinted = (&start, &mut source);
                replay_html_with_hints(&title, &trace, &clued_grid(sky), hinted, args.hint_budget)?
            } else {
                trace.to_json()
            };
            let mut sink = trace_sink(&args.out, out)?;
            writeln!(sink, "{text}")?;
            sink.flush()?;
            Ok((found, counters, args.out.is_some()))
        }
    }
}

/// How the replay page draws a puzzle: its grid with the clues around it.
pub(crate) fn clued_grid(sky: &SkyscrapersModel) -> View {
    let side = |clues: &[Option<u8>]| -> Vec<Option<String>> {
        clues
            .iter()
            .map(|clue| clue.map(|height| height.to_string()))
            .collect()
    };
    let clues = sky.puzzle().clues();
    grid_view(sky.size(), sky.cells()).with_clues(BorderClues {
        top: side(&clues.top),
        bottom: side(&clues.bottom),
        left: side(&clues.left),
        right: side(&clues.right),
    })
}

fn solve(args: &SolveArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let task = if args.count {
        Task::Count(args.limit)
    } else {
        Task::Solve
    };
    let mut printed = false;
    for_each_puzzle(&args.input, |line, puzzle| {
        // A trace explains in the tiers' words; otherwise the fast model.
        let sky = if args.trace.is_some() {
            SkyscrapersModel::solver(puzzle)
        } else {
            SkyscrapersModel::fast(puzzle)
        }
        .map_err(CliError::input)?;
        let started = Instant::now();
        let (found, counters, to_stdout) = traced(&sky, args, task, out)?;
        if args.stats {
            print_stats(&counters, started.elapsed())?;
        }
        match found {
            Found::Count(count) => write_count(line, &count, out),
            Found::Answer(answer) => {
                write_answer(line, &answer, to_stdout.then_some(&mut printed), out)
            }
        }
    })
}

fn count(args: &CountArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    for_each_puzzle(&args.input, |line, puzzle| {
        let sky = SkyscrapersModel::fast(puzzle).map_err(CliError::input)?;
        let started = Instant::now();
        let config = args.strategy.config();
        let (found, counters) = search(&sky, config, None, Task::Count(args.limit))?;
        if args.stats {
            print_stats(&counters, started.elapsed())?;
        }
        match found {
            Found::Count(count) => write_count(line, &count, out),
            Found::Answer(_) => Ok(Outcome::Success),
        }
    })
}

/// Prints a solution (after a blank line if one came before, when `printed`
/// tracks it; not at all when it is `None`) and says on stderr what is wrong.
fn write_answer(
    line: Option<usize>,
    answer: &Answer,
    printed: Option<&mut bool>,
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    if let (Some(grid), Some(printed)) = (answer.grid(), printed) {
        write_grid(grid, printed, out)?;
    }
    Ok(match answer {
        Answer::Unique(_) => Outcome::Success,
        Answer::NoSolution => {
            report(line, "no solution: no grid agrees with every clue")?;
            Outcome::Unsolved
        }
        Answer::Several(_, _) => {
            report(
                line,
                "several solutions: the grid shown is one of them (count them with --count)",
            )?;
            Outcome::Unsolved
        }
        Answer::Stopped(reason, found) => {
            let shown = if found.is_some() {
                "; the grid shown is a solution, not proven unique"
            } else {
                ""
            };
            report(line, format!("the search stopped ({reason}){shown}"))?;
            Outcome::Unsolved
        }
    })
}

fn write_grid(grid: &Grid, printed: &mut bool, out: &mut dyn Write) -> Result<(), CliError> {
    if *printed {
        writeln!(out)?;
    }
    write!(out, "{grid}")?;
    *printed = true;
    Ok(())
}

fn rate(args: &RateArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let config = args.strategy.config();
    for_each_puzzle(&args.input, |line, puzzle| {
        match rate_with(puzzle, &config) {
            Ok(rating) => {
                writeln!(out, "{rating}")?;
                Ok(if rating.unique {
                    Outcome::Success
                } else {
                    Outcome::Unsolved
                })
            }
            Err(RateError::Model(error)) => Err(CliError::input(error)),
            Err(error) => {
                report(line, error)?;
                Ok(Outcome::Unsolved)
            }
        }
    })
}

fn generate_puzzles(args: &GenerateArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let target: Target = args
        .tier
        .parse()
        .map_err(|error| CliError::input(format!("--tier: {error}")))?;
    let options = GenerateOptions {
        target,
        allow_givens: !args.no_givens,
        attempts: args.attempts,
        deadline: args.timeout.map(|timeout| Instant::now() + timeout),
    };
    let announce = format!(
        "sieve: generating {} skyscrapers puzzle(s) ({}x{}, {target}) ...",
        args.count, args.size, args.size
    );
    let rare = (target == Target::Guessing || args.size > 7).then(|| {
        "sieve: large or guessing requests can take long; --timeout SECONDS bounds the run"
            .to_string()
    });
    let progress = Progress::start(args.count, announce, rare);
    for (made, seed) in puzzle_seeds(args.seed).take(args.count).enumerate() {
        let generated = match generate(args.size, &options, seed) {
            Ok(generated) => generated,
            Err(GenerateError::TimedOut) => {
                drop(progress);
                warn(format_args!(
                    "sieve: the --timeout ran out after {made} of {} puzzles",
                    args.count
                ))?;
                return Ok(Outcome::Unsolved);
            }
            Err(error) => return Err(CliError::input(error)),
        };
        writeln!(
            out,
            "{}",
            format_puzzle_line(&generated.puzzle, args.order.order())
        )?;
        progress.bar.inc(1);
    }
    Ok(Outcome::Success)
}

/// `sieve skyscrapers explain`: why a height is gone from a cell, or why the cell
/// holds one, by the rules of every tier.
fn explain_cell(args: &ExplainArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let puzzle = one_puzzle(&args.input, "explain")?;
    let size = puzzle.size();
    check_cell(args.cell, size)?;
    let value = match args.value {
        Some(height) if height == 0 || height as usize > size => {
            return Err(CliError::input(format!(
                "--value {height} is not a height of a {size}x{size} grid (1 to {size})"
            )));
        }
        height => height.map(|height| height as sieve::Value - 1),
    };
    let sky = SkyscrapersModel::solver(&puzzle).map_err(CliError::input)?;
    let (row, column) = args.cell;
    let question = Question {
        model: sky.model(),
        start: &sky.start(),
        var: sky.cells()[row * size + column],
        name: format!("r{}c{}", row + 1, column + 1),
        value,
        given: puzzle
            .given(row, column)
            .map(|height| Value::from(height) - 1),
        describe: &|value| (value + 1).to_string(),
        rules: "every rule of the four tiers",
    };
    explain(&question, out)
}

/// The one puzzle `explain` or `hint` (the `command`) answers about; a batch
/// (`--file`, `-`) is an input error.
fn one_puzzle(input: &InputArgs, command: &str) -> Result<Puzzle, CliError> {
    if input.file.is_some() || input.clues.as_deref() == Some("-") {
        return Err(CliError::input(format!(
            "{command} answers about one puzzle: give CLUES (with --givens) or --grid, not a batch"
        )));
    }
    single_puzzle(input).map_err(CliError::input)
}

/// The models of `sieve skyscrapers hint`'s tiers: those of `rate`, weakest
/// first, then probing over the hardest.
struct SkyTiers {
    tiers: Vec<SkyscrapersModel>,
    probing: SkyscrapersModel,
}

impl SkyTiers {
    fn new(puzzle: &Puzzle) -> Result<Self, CliError> {
        let tiers = (Tier::ALL.into_iter())
            .map(|tier| SkyscrapersModel::new(puzzle, tier))
            .collect::<Result<Vec<_>, _>>()
            .map_err(CliError::input)?;
        let mut probing = SkyscrapersModel::new(puzzle, Tier::HARDEST).map_err(CliError::input)?;
        crate::zoo::probe_every_variable(probing.model_mut())?;
        Ok(SkyTiers { tiers, probing })
    }

    fn hinter(&self) -> Result<Hinter<'_>, CliError> {
        let tiers = (self.tiers.iter())
            .map(|sky| HintTier {
                name: sky.tier().name(),
                start: sky.start(),
                model: sky.model(),
            })
            .collect();
        let probing = HintTier {
            name: "probing",
            start: self.probing.start(),
            model: self.probing.model(),
        };
        Hinter::new(tiers, probing)
    }
}

/// `sieve skyscrapers hint`: the tiers of `rate`, weakest first, then probing.
fn hint(args: &HintArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let puzzle = one_puzzle(&args.input, "hint")?;
    let tiers = SkyTiers::new(&puzzle)?;
    let hinter = tiers.hinter()?;
    let found = hinter.at_start()?;
    hinter.write(&found, out)
}
