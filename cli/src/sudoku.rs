//! `sieve sudoku`: solve, count, rate, explain and show the candidates of sudoku of
//! any box shape.
//!
//! Every command takes one puzzle as an argument, or many with `--file PATH` (`-` for
//! standard input), one a line, read and answered one at a time so that large files
//! stream. A puzzle that is malformed, has no solution or (with `--unique`) several
//! gets a message on stderr naming its line, and the batch goes on; the exit code
//! says what went wrong (see `sieve --help`).

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Subcommand;
use serde::{Deserialize, Serialize};
use sieve::hash::mix;
use sieve::{Count, Counters, Value};
use sieve_sudoku::explain::{PathEnd, Step};
use sieve_sudoku::parse::{self, Parsed};
use sieve_sudoku::rate::RateError;
use sieve_sudoku::symbols::SYMBOL_COUNT;
use sieve_sudoku::tiers::{self, CandidatesError};
use sieve_sudoku::write::{write_numbers_line, write_pencil_marks};
use sieve_sudoku::{
    Answer, ExplainError, Explainer, Format, Grid, Rater, Shape, Solver, SudokuModel, Tier,
};

use crate::common::{
    CliError, FlushEachLine, Outcome, StrategyArgs, is_stream, open_input, report, warn,
};
use crate::shards::{Progress, ShardArgs, interrupt_flag, interrupted};
use crate::sudoku_hints::{SUDOKU_STUCK, SudokuHints};
use crate::teach::{self, Question, TraceArgs, Traced, check_cell, parse_cell, write_trace};
use crate::zoo::{self, IdInput};

const SUDOKU_EXAMPLES: &str = "\
Examples:
  sieve sudoku solve                       solve a built-in example, showing the grids
  sieve sudoku solve 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sieve sudoku solve --file puzzles.txt --unique --stats > solutions.txt
  sieve sudoku count ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
  sieve sudoku rate --file puzzles.txt
  sieve sudoku hint 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
  sieve sudoku steps <puzzle>              the whole logical solution, step by step
  sieve sudoku candidates <puzzle> --tier locked-candidates
  sieve sudoku solve '2x3:a4c3b6a5_4e2_5e1_5a4b4c2a'   Tatham's Solo game ID

A puzzle is one line of N*N symbols (`1`-`9`, then `A`-`Z`, `a`-`z`; `.` or `0` for a
blank), the same over several lines with any spaces and `|`, `-`, `+` separators, or
whitespace-separated numbers. Shapes other than the square ones (2x3, 3x4, ...) are
inferred from the size; force one with --box RxC. A puzzle with a `:` is Simon
Tatham's Solo game ID instead (jigsaw, X and killer too), solved and counted as
`sieve solo` does; `solve --format grid|line` reads every puzzle (and --file line)
as a game ID.

Exit codes: 0 success; 1 a puzzle had no solution (or several, with --unique or for
rate), or logic alone could not finish it (steps); 2 a malformed puzzle or a usage
error. A batch goes on past a failing puzzle.";

const EXPLAIN_EXAMPLES: &str = "\
Examples:
  sieve sudoku explain <puzzle> --cell r3c5             why r3c5 holds its value
  sieve sudoku explain <puzzle> --cell r3c5 --value 7   why 7 is gone from r3c5

The rules of every tier run on the puzzle (cheapest first); the answer is the chain of
rule applications that led to the fact, causes first, each with the facts it rests on
(`because r4c1 ≠ 2, r5c5 = 3`) and only the steps those facts need, back to the givens.
For a cell the rules leave open, the answer explains every value it lost.";

const SOLVE_EXAMPLES: &str = "\
Examples:
  sieve sudoku solve                       the built-in example
  sieve sudoku solve --trace text          the worked solution, one event a line (stderr)
  sieve sudoku solve <puzzle> --trace html --out replay.html
  sieve sudoku solve '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
  sieve sudoku solve --file puzzles.txt    one solution a line, in the order of the input
  cat puzzles.txt | sieve sudoku solve --file - --unique --stats
  sieve sudoku solve --box 2x3 '1.....  ..3...  ......  ......  ...4..  .....6'
  sieve sudoku solve <puzzle> --tier hidden-single --schedule priority --restore trail

Each solution is written in the puzzle's own form: 81 digits for a 9x9 line, a block
for a block. A puzzle without a solution, or (with --unique) with several, prints no
line: its message on stderr names its line, and the exit code is 1.";

const COUNT_EXAMPLES: &str = "\
Examples:
  sieve sudoku count <puzzle>              1 for a proper puzzle
  sieve sudoku count --file puzzles.txt --limit 2
  sieve sudoku count '1...............' --box 2x2     72 of the 288 4x4 grids start with 1

Prints one number a puzzle: its count of solutions, or K when --limit K stops the
count. Without --limit an open grid may take forever: --max-nodes and --timeout help.";

const RATE_EXAMPLES: &str = "\
Examples:
  sieve sudoku rate <puzzle>               such as `hidden-single, score 15`
  sieve sudoku rate --file puzzles.txt

The rating is the simplest tier whose rules solve the puzzle without guessing
(naked-single 10, hidden-single 15, locked-candidates 30, subsets 50, fish 80), or
`guessing (N guesses)` scored 100 + N when even the fish tier leaves cells open.
Only a puzzle with exactly one solution is rated: one with none or several gets a
message on stderr saying which (`not rated: several solutions ...`), and exit code 1.";

const HINT_EXAMPLES: &str = "\
Examples:
  sieve sudoku hint <puzzle>               the easiest next deduction: technique, where,
                                           cells, then the deduction in plain words
  sieve sudoku hint <puzzle> --stage 1     only the technique and where to look
  sieve sudoku hint <puzzle> --marks       and the pencil marks once it is applied";

const STEPS_EXAMPLES: &str = "\
Examples:
  sieve sudoku steps <puzzle>              every step until solved (or stuck)
  sieve sudoku steps <puzzle> --max 5 --marks
                                           the first five steps, then the pencil marks

When no rule of tiers 1-5 applies before the grid is full, the steps end with where
they stopped (the step, the cells left open, the grid) and why; the exit code is 1.";

const CANDIDATES_EXAMPLES: &str = "\
Examples:
  sieve sudoku candidates <puzzle>         pencil marks: each cell's possible values
  sieve sudoku candidates <puzzle> --tier subsets

Tiers: naked-single (1), hidden-single (2), locked-candidates (3), subsets (4), fish (5).";

/// The built-in example: Arto Inkala's 2012 "world's hardest sudoku", which needs
/// guessing, shown as a block.
const EXAMPLE: &str = "\
8 . . | . . . | . . .
. . 3 | 6 . . | . . .
. 7 . | . 9 . | 2 . .
------+-------+------
. 5 . | . . 7 | . . .
. . . | . 4 5 | 7 . .
. . . | 1 . . | . 3 .
------+-------+------
. . 1 | . . . | . 6 8
. . 8 | 5 . . | . 1 .
. 9 . | . . . | 4 . .";

/// `sieve sudoku`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = SUDOKU_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: SudokuCommand,
}

#[derive(Subcommand, Debug)]
enum SudokuCommand {
    /// Solve puzzles (with no puzzle: a built-in example), optionally proving each unique.
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Count each puzzle's solutions, up to a limit.
    #[command(after_help = COUNT_EXAMPLES)]
    Count(CountArgs),
    /// Rate each puzzle: the hardest tier it needs, or how much guessing.
    #[command(after_help = RATE_EXAMPLES)]
    Rate(RateArgs),
    /// The next deduction, in plain words.
    #[command(after_help = HINT_EXAMPLES)]
    Hint(HintArgs),
    /// The logical solution, one deduction a line.
    #[command(after_help = STEPS_EXAMPLES)]
    Steps(StepsArgs),
    /// The pencil marks left by the rules of a tier.
    #[command(after_help = CANDIDATES_EXAMPLES)]
    Candidates(CandidatesArgs),
    /// Why a candidate is gone from a cell, or why a cell holds its value: the chain of
    /// rule applications that led there.
    #[command(after_help = EXPLAIN_EXAMPLES)]
    Explain(ExplainArgs),
    /// Play in the terminal: the MZ-80B's SUDOKU-80B game, difficulty 1-8, with
    /// hints, undo, pencil marks and a timer.
    Play(crate::play::Args),
    /// Generate puzzles: unique (the default; symmetric, minimal, rated), SRMagic or
    /// MZ-80B transforms; seeded, in parallel, one a line.
    Generate(crate::sudoku_generate::GenerateArgs),
}

/// Where the puzzles come from.
#[derive(clap::Args, Debug)]
struct InputArgs {
    /// The puzzle: N*N symbols on one line (81 for 9x9), a block, or numbers.
    #[arg(value_name = "PUZZLE", conflicts_with = "file")]
    puzzle: Option<String>,
    /// Read puzzles from PATH, one a line (`-` for standard input). Blank lines and
    /// lines starting with `#` are skipped.
    #[arg(long, short, value_name = "PATH")]
    file: Option<PathBuf>,
    /// The box shape, rows x columns (such as 2x3), when the size does not tell it.
    #[arg(long = "box", value_name = "RxC")]
    shape: Option<Shape>,
}

#[derive(clap::Args, Debug)]
struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Prove each solution unique; a puzzle with several is an error on its line.
    #[arg(long)]
    unique: bool,
    /// Read the puzzles as Simon Tatham's Solo game IDs and answer as `sieve solo
    /// solve` does: a picture (grid) or one line a puzzle (line). An argument with a
    /// `:` is a game ID without it.
    #[arg(long, value_enum, value_name = "FORMAT")]
    format: Option<zoo::Format>,
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    trace: TraceArgs,
}

#[derive(clap::Args, Debug)]
struct CountArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Stop counting each puzzle's solutions at K.
    #[arg(long, value_name = "K", value_parser = crate::common::parse_limit)]
    limit: Option<u64>,
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    parts: ShardArgs,
}

/// The flags `solve` and `count` share.
#[derive(clap::Args, Debug)]
struct SearchArgs {
    /// Propagate with the explained rules of this tier and the simpler ones
    /// (naked-single, hidden-single, locked-candidates, subsets, fish, or 1-5) instead
    /// of the fast rule set.
    #[arg(long, value_name = "TIER")]
    tier: Option<Tier>,
    /// Print nodes, guesses, propagations and time to stderr.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    strategy: StrategyArgs,
}

#[derive(clap::Args, Debug)]
struct RateArgs {
    #[command(flatten)]
    input: InputArgs,
}

#[derive(clap::Args, Debug)]
struct HintArgs {
    #[command(flatten)]
    input: InputArgs,
    /// How much to tell, as a player asks for more: 1 the technique and where to
    /// look, 2 also the cells it changes, 3 also the deduction itself.
    #[arg(long, value_name = "1-3", default_value_t = 3,
          value_parser = clap::value_parser!(u8).range(1..=3))]
    stage: u8,
    /// Also show the pencil marks once the deduction is applied (with stage 3).
    #[arg(long)]
    marks: bool,
}

#[derive(clap::Args, Debug)]
struct StepsArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Stop after N steps (apply the deductions a few at a time).
    #[arg(long, value_name = "N")]
    max: Option<usize>,
    /// Show the pencil marks where the steps end.
    #[arg(long)]
    marks: bool,
}

#[derive(clap::Args, Debug)]
struct CandidatesArgs {
    #[command(flatten)]
    input: InputArgs,
    /// The tier whose rules (and the simpler ones') run before the marks are shown.
    #[arg(long, value_name = "TIER", default_value = "naked-single")]
    tier: Tier,
}

/// Run `sieve sudoku ...`, writing results to `out` (line by line when the puzzles
/// come from a stream).
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let args = match solo_ids(args) {
        Ok(outcome) => return outcome(out),
        Err(args) => *args,
    };
    if is_stream(args.command.input().and_then(|input| input.file.as_ref())) {
        return run_command(args.command, &mut FlushEachLine(out));
    }
    run_command(args.command, out)
}

/// What `sieve sudoku` does with Simon Tatham's Solo game IDs.
type SoloRun = Box<dyn FnOnce(&mut dyn Write) -> Result<Outcome, CliError>>;

/// `solve` and `count` of game IDs (an argument with a `:`, or `solve --format`) go
/// to `sieve solo`; everything else comes back.
fn solo_ids(args: Args) -> Result<SoloRun, Box<Args>> {
    let is_id = |input: &InputArgs| {
        input
            .puzzle
            .as_deref()
            .is_some_and(|text| text.contains(':'))
    };
    let id_input = |input: InputArgs| IdInput {
        id: input.puzzle,
        file: input.file,
    };
    match args.command {
        SudokuCommand::Solve(solve) if solve.format.is_some() || is_id(&solve.input) => {
            let format = solve.format.unwrap_or(zoo::Format::Grid);
            let zoo_args = zoo::SolveArgs::new(
                id_input(solve.input),
                format,
                solve.search.stats,
                solve.search.strategy,
                solve.trace,
            );
            Ok(Box::new(move |out| crate::solo::solve(&zoo_args, out)))
        }
        SudokuCommand::Count(count) if is_id(&count.input) => {
            let zoo_args = zoo::CountArgs::new(
                id_input(count.input),
                count.limit,
                count.search.stats,
                count.search.strategy,
            )
            .with_parts(count.parts);
            Ok(Box::new(move |out| crate::solo::count(&zoo_args, out)))
        }
        command => Err(Box::new(Args { command })),
    }
}

impl SudokuCommand {
    /// Where the puzzles come from, for the commands that read them.
    fn input(&self) -> Option<&InputArgs> {
        match self {
            SudokuCommand::Solve(args) => Some(&args.input),
            SudokuCommand::Count(args) => Some(&args.input),
            SudokuCommand::Rate(args) => Some(&args.input),
            SudokuCommand::Hint(args) => Some(&args.input),
            SudokuCommand::Steps(args) => Some(&args.input),
            SudokuCommand::Candidates(args) => Some(&args.input),
            SudokuCommand::Explain(_) | SudokuCommand::Play(_) | SudokuCommand::Generate(_) => None,
        }
    }
}

fn run_command(command: SudokuCommand, out: &mut dyn Write) -> Result<Outcome, CliError> {
    match command {
        SudokuCommand::Solve(args) => solve(&args, out),
        SudokuCommand::Count(args) => count(&args, out),
        SudokuCommand::Rate(args) => rate(&args, out),
        SudokuCommand::Hint(args) => hint(&args, out),
        SudokuCommand::Steps(args) => steps(&args, out),
        SudokuCommand::Candidates(args) => candidates(&args, out),
        SudokuCommand::Explain(args) => explain(&args, out),
        SudokuCommand::Play(args) => crate::play::run(args, out),
        SudokuCommand::Generate(args) => crate::sudoku_generate::run(&args, out),
    }
}

// ---------------------------------------------------------------------------------
// Reading puzzles

/// One puzzle read, and where from.
struct Puzzle {
    /// The line of the file, or `None` for a puzzle given as an argument.
    line: Option<usize>,
    /// The grid and the form it was written in.
    parsed: Parsed,
    /// Whether the source was one line (answers then take one line too).
    one_line: bool,
}

impl Puzzle {
    fn grid(&self) -> &Grid {
        &self.parsed.grid
    }

    /// A grid written the way this puzzle was: a line for a line, a block for a block;
    /// in numbers when the grid has more values than there are symbols (an empty
    /// 64x64 grid reads as symbols, but its solution cannot be written in them).
    fn write(&self, grid: &Grid) -> Result<String, CliError> {
        let format = if grid.size() > SYMBOL_COUNT {
            Format::Numbers
        } else {
            self.parsed.format
        };
        let text = match (format, self.one_line) {
            (Format::Numbers, true) => write_numbers_line(grid),
            (format, _) => grid.write(format).map_err(CliError::input)?,
        };
        Ok(text.trim_end().to_string())
    }

    /// Report a problem with this puzzle on stderr, naming its line.
    fn report(&self, message: impl std::fmt::Display) -> Result<(), CliError> {
        report(self.line, message)
    }

    /// Report givens that repeat a value in a row, column or box, before any rule
    /// runs (a rule would only find the cell it empties): whether there were any.
    fn report_clash(&self) -> Result<bool, CliError> {
        match repeated_given(self.grid()) {
            Some(clash) => {
                self.report(format!("no solution: {clash}"))?;
                Ok(true)
            }
            None => Ok(false),
        }
    }
}

/// The first value the givens repeat within a house, as
/// `1 twice in row 1 (r1c1, r1c2)`.
fn repeated_given(grid: &Grid) -> Option<String> {
    let conflict = grid.validate().err()?;
    let shape = grid.shape();
    let first = shape.cell(conflict.first.row, conflict.first.col);
    let house = (shape.units_of(first).into_iter()).find(|unit| unit.kind == conflict.unit)?;
    Some(format!(
        "{} twice in {house} ({}, {})",
        conflict.label, conflict.first, conflict.second
    ))
}

/// The puzzles of a command, read one at a time: from the argument, or streamed from a
/// file. Malformed lines are reported as they come and skipped.
struct Puzzles {
    source: Source,
    shape: Option<Shape>,
    /// A puzzle read but not yet handed out (its shape differed from the last one's).
    waiting: Option<Puzzle>,
    malformed: Vec<usize>,
}

enum Source {
    /// One puzzle, already read.
    One(Option<Puzzle>),
    /// A file's lines: the reader, its name for messages, and the last line number.
    Lines(Box<dyn BufRead>, String, usize),
}

impl Puzzles {
    /// The puzzles named by `input`; `example` stands in when none is given.
    fn open(input: &InputArgs, example: Option<&str>) -> Result<Puzzles, CliError> {
        let source = match (&input.puzzle, &input.file) {
            (_, Some(path)) => Source::Lines(open_input(path)?, path.display().to_string(), 0),
            (Some(text), None) => Source::One(Some(read_one(text, input.shape)?)),
            (None, None) => match example {
                Some(text) => Source::One(Some(read_one(text, input.shape)?)),
                None => {
                    return Err(CliError::input(
                        "no puzzle: give one as an argument, or many with --file PATH (`-` for stdin)",
                    ));
                }
            },
        };
        Ok(Puzzles {
            source,
            shape: input.shape,
            waiting: None,
            malformed: Vec::new(),
        })
    }

    /// The shape of the next puzzle, reading up to it; `None` at the end.
    fn peek_shape(&mut self) -> Result<Option<Shape>, CliError> {
        if self.waiting.is_none() {
            self.waiting = self.read()?;
        }
        Ok(self.waiting.as_ref().map(|puzzle| puzzle.grid().shape()))
    }

    /// The next puzzle if it has `shape`; `None` at the end or at a change of shape.
    fn next_of(&mut self, shape: Shape) -> Result<Option<Puzzle>, CliError> {
        if self.peek_shape()? == Some(shape) {
            Ok(self.waiting.take())
        } else {
            Ok(None)
        }
    }

    /// The next well-formed puzzle.
    fn read(&mut self) -> Result<Option<Puzzle>, CliError> {
        let (reader, name, line) = match &mut self.source {
            Source::One(puzzle) => return Ok(puzzle.take()),
            Source::Lines(reader, name, line) => (reader, name, line),
        };
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            let read = reader
                .read_until(b'\n', &mut bytes)
                .map_err(|source| CliError::Io {
                    path: name.clone(),
                    source,
                })?;
            if read == 0 {
                return Ok(None);
            }
            *line += 1;
            let Ok(text) = std::str::from_utf8(&bytes) else {
                report(Some(*line), "not UTF-8 text")?;
                self.malformed.push(*line);
                continue;
            };
            let text = text.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            match parse_with(text, self.shape) {
                Ok(parsed) => {
                    return Ok(Some(Puzzle {
                        line: Some(*line),
                        parsed,
                        one_line: true,
                    }));
                }
                Err(error) if text.contains(':') => {
                    report(
                        Some(*line),
                        format!(
                            "{error} (a game ID? `sieve solo` reads a file of Tatham's Solo IDs, \
                             as does `sieve sudoku solve --format`)"
                        ),
                    )?;
                    self.malformed.push(*line);
                }
                Err(error) => {
                    report(Some(*line), error)?;
                    self.malformed.push(*line);
                }
            }
        }
    }

    /// The batch's outcome, or an input error when some lines were malformed.
    fn finish(self, outcome: Outcome) -> Result<Outcome, CliError> {
        match self.malformed.as_slice() {
            [] => Ok(outcome),
            [line] => Err(CliError::input(format!(
                "line {line} was not a puzzle (see above)"
            ))),
            lines => Err(CliError::input(format!(
                "{} lines were not puzzles (lines {})",
                lines.len(),
                lines
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
        }
    }
}

fn parse_with(text: &str, shape: Option<Shape>) -> Result<Parsed, parse::ParseError> {
    match shape {
        Some(shape) => parse::parse_with_shape(text, shape),
        None => parse::parse(text),
    }
}

/// The puzzle given as an argument (or the example): a malformed one is a usage error.
fn read_one(text: &str, shape: Option<Shape>) -> Result<Puzzle, CliError> {
    let parsed = parse_with(text, shape).map_err(CliError::input)?;
    Ok(Puzzle {
        line: None,
        parsed,
        one_line: text.trim().lines().count() <= 1,
    })
}

/// Run `per_shape` on each run of same-shaped puzzles (a model is built once a run),
/// combining the outcomes.
fn each_shape(
    mut puzzles: Puzzles,
    mut per_shape: impl FnMut(Shape, &mut Puzzles) -> Result<Outcome, CliError>,
) -> Result<Outcome, CliError> {
    let mut outcome = Outcome::Success;
    while let Some(shape) = puzzles.peek_shape()? {
        outcome = outcome.and(per_shape(shape, &mut puzzles)?);
    }
    puzzles.finish(outcome)
}

/// A model error is a bug or a limit of the library, not the user's input: it ends
/// the run as an error all the same.
fn model_error(error: impl std::fmt::Display) -> CliError {
    CliError::input(error)
}

// ---------------------------------------------------------------------------------
// solve and count

/// The model `solve` and `count` search: the fast rules, or a tier's explained ones.
fn search_model(shape: Shape, tier: Option<Tier>) -> Result<SudokuModel, CliError> {
    match tier {
        None => SudokuModel::fast(shape),
        Some(tier) => SudokuModel::with_tier(shape, tier),
    }
    .map_err(model_error)
}

/// Search counters summed over a batch (`--stats`).
#[derive(Default)]
struct Totals {
    puzzles: u64,
    nodes: u64,
    propagations: u64,
    changes: u64,
    time: Duration,
}

impl Totals {
    fn add(&mut self, counters: &Counters, time: Duration) {
        self.puzzles += 1;
        self.nodes += counters.nodes;
        self.propagations += counters.propagations;
        self.changes += counters.changes;
        self.time += time;
    }

    /// One line on stderr: nodes, guesses (decisions tried: every node but the roots),
    /// propagations (rule runs), changes and time.
    fn print(&self, label: &str) -> Result<(), CliError> {
        let guesses = self.nodes.saturating_sub(self.puzzles);
        let milliseconds = self.time.as_secs_f64() * 1000.0;
        let mut line = format!(
            "{label}nodes {} | guesses {guesses} | propagations {} | changes {} | time {milliseconds:.3} ms",
            self.nodes, self.propagations, self.changes
        );
        if self.puzzles > 1 && self.time > Duration::ZERO {
            let rate = self.puzzles as f64 / self.time.as_secs_f64();
            line.push_str(&format!(" | {} puzzles, {rate:.0} puzzles/s", self.puzzles));
        }
        warn(line)
    }
}

/// Per-puzzle and total statistics, when `--stats` asks for them.
struct StatsReport {
    enabled: bool,
    totals: Totals,
}

impl StatsReport {
    fn new(enabled: bool) -> Self {
        StatsReport {
            enabled,
            totals: Totals::default(),
        }
    }

    /// Record one puzzle's search; a file's puzzles each get a line naming theirs.
    fn record(
        &mut self,
        puzzle: &Puzzle,
        counters: &Counters,
        time: Duration,
    ) -> Result<(), CliError> {
        if !self.enabled {
            return Ok(());
        }
        self.totals.add(counters, time);
        if let Some(line) = puzzle.line {
            let mut one = Totals::default();
            one.add(counters, time);
            one.print(&format!("line {line}: "))?;
        }
        Ok(())
    }

    fn finish(&self) -> Result<(), CliError> {
        if self.enabled && self.totals.puzzles > 0 {
            let label = if self.totals.puzzles > 1 {
                "total: "
            } else {
                ""
            };
            self.totals.print(label)?;
        }
        Ok(())
    }
}

fn solve(args: &SolveArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let showing_example = args.input.puzzle.is_none() && args.input.file.is_none();
    let puzzles = Puzzles::open(&args.input, Some(EXAMPLE))?;
    let config = args.search.strategy.config();
    let mut stats = StatsReport::new(args.search.stats);
    let mut traced = false;
    let outcome = each_shape(puzzles, |shape, puzzles| {
        let model = search_model(shape, args.search.tier)?;
        let mut solver = Solver::new(&model, config).map_err(model_error)?;
        let mut outcome = Outcome::Success;
        while let Some(puzzle) = puzzles.next_of(shape)? {
            if puzzle.report_clash()? {
                outcome = Outcome::Unsolved;
                continue;
            }
            if !traced {
                traced = true;
                trace_solve(args, &puzzle, &config)?;
            }
            let started = Instant::now();
            let answer = if args.unique {
                solver.solve_unique(puzzle.grid())
            } else {
                solver.solve(puzzle.grid())
            }
            .map_err(model_error)?;
            stats.record(&puzzle, &solver.counters(), started.elapsed())?;
            if showing_example {
                write_example(&puzzle, &answer, out)?;
            }
            outcome = outcome.and(answer_one(&puzzle, answer, showing_example, out)?);
        }
        Ok(outcome)
    });
    stats.finish()?;
    outcome
}

/// `--trace`: solve the first puzzle again under an observer. The trace uses the
/// explained rules (the chosen tier, or all five), whose every change says why.
fn trace_solve(args: &SolveArgs, puzzle: &Puzzle, config: &sieve::Config) -> Result<(), CliError> {
    if args.trace.trace.is_none() {
        return Ok(());
    }
    let shape = puzzle.grid().shape();
    let model = search_model(shape, Some(args.search.tier.unwrap_or(Tier::HARDEST)))?;
    let start = model.start(puzzle.grid()).map_err(model_error)?;
    let size = shape.size();
    let hints = SudokuHints::new(puzzle.grid(), &model)?;
    let traced = Traced {
        model: model.model(),
        start: &start,
        config,
        view: sieve_replay::View::row_major_grid(size, size, shape.box_rows(), shape.box_cols()),
        title: format!(
            "Sieve: a {size}×{size} sudoku ({}×{} boxes), step by step",
            shape.box_rows(),
            shape.box_cols()
        ),
        hints: Some(hints.source()),
    };
    write_trace(&args.trace, traced)
}

/// The example's puzzle above its solution, with a word on how to go further.
fn write_example(puzzle: &Puzzle, answer: &Answer, out: &mut dyn Write) -> Result<(), CliError> {
    writeln!(
        out,
        "The built-in example, Arto Inkala's \"world's hardest sudoku\" (2012):\n"
    )?;
    writeln!(out, "{}\n", puzzle.write(puzzle.grid())?)?;
    if matches!(answer, Answer::Solved(_)) {
        writeln!(out, "Its solution:\n")?;
    }
    Ok(())
}

/// Write a solution, or report why there is none: the outcome for this puzzle.
fn answer_one(
    puzzle: &Puzzle,
    answer: Answer,
    showing_example: bool,
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    match answer {
        Answer::Solved(solution) => {
            writeln!(out, "{}", puzzle.write(&solution)?)?;
            if showing_example {
                writeln!(
                    out,
                    "\nSolve your own: `sieve sudoku solve <puzzle>` or `--file <path>`; see --help."
                )?;
            }
            return Ok(Outcome::Success);
        }
        answer => report_unsolved(puzzle, answer, "")?,
    }
    Ok(Outcome::Unsolved)
}

/// Report on stderr why a puzzle has no single answer (`prefix` first): no solution,
/// two of several, or the limit that stopped the search.
fn report_unsolved(puzzle: &Puzzle, answer: Answer, prefix: &str) -> Result<(), CliError> {
    match answer {
        Answer::Solved(_) => {}
        Answer::NoSolution => puzzle.report(format!("{prefix}no solution"))?,
        Answer::Several(first, second) => {
            let differ = (first.cells().iter().zip(second.cells()))
                .position(|(a, b)| a != b)
                .map(|cell| first.shape().position(cell).to_string())
                .unwrap_or_default();
            puzzle.report(format!(
                "{prefix}several solutions (two of them differ first at {differ}): {} and {}",
                puzzle.write(&first)?,
                puzzle.write(&second)?
            ))?;
        }
        Answer::Stopped(reason) => puzzle.report(format!("{prefix}no answer: {reason}"))?,
    }
    Ok(())
}

fn count(args: &CountArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    if args.parts.active() {
        return count_in_parts(args, out);
    }
    let puzzles = Puzzles::open(&args.input, None)?;
    let config = args.search.strategy.config();
    let mut stats = StatsReport::new(args.search.stats);
    let outcome = each_shape(puzzles, |shape, puzzles| {
        let model = search_model(shape, args.search.tier)?;
        let mut solver = Solver::new(&model, config).map_err(model_error)?;
        let mut outcome = Outcome::Success;
        while let Some(puzzle) = puzzles.next_of(shape)? {
            let started = Instant::now();
            let count = solver
                .count(puzzle.grid(), args.limit)
                .map_err(model_error)?;
            stats.record(&puzzle, &solver.counters(), started.elapsed())?;
            writeln!(out, "{}", count.solutions)?;
            if let Some(reason) = count.stopped {
                puzzle.report(format!(
                    "the count stopped early ({reason}): at least {} solutions",
                    count.solutions
                ))?;
                outcome = Outcome::Unsolved;
            } else if count.solutions == 0 {
                outcome = Outcome::Unsolved;
            }
        }
        Ok(outcome)
    });
    stats.finish()?;
    outcome
}

/// The kind of the parts `sudoku count --shard` prints.
pub const COUNT_KIND: &str = "sudoku count";

/// What a part of `sudoku count` holds for each puzzle it counted.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CountUnit {
    /// The puzzle's line in the input file (none for a puzzle given as argument).
    pub line: Option<usize>,
    /// Its solutions, up to the limit.
    pub solutions: u64,
}

/// `sudoku count --shard i/n` or `--checkpoint FILE`: the puzzles are the units,
/// numbered in input order, all read first.
fn count_in_parts(args: &CountArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let mut puzzles = Puzzles::open(&args.input, None)?;
    let mut all = Vec::new();
    while let Some(shape) = puzzles.peek_shape()? {
        while let Some(puzzle) = puzzles.next_of(shape)? {
            all.push(puzzle);
        }
    }
    puzzles.finish(Outcome::Success)?;
    let config = args.search.strategy.config();
    let input = all.iter().fold(0u64, |hash, puzzle| {
        let cells =
            (puzzle.grid().cells().iter()).map(|cell| cell.map_or(0, |value| 1 + u64::from(value)));
        cells
            .chain([u64::MAX])
            .fold(hash, |hash, cell| mix(hash ^ cell))
    });
    let command = format!(
        "sudoku count ({} puzzles, input {input:016x}) --limit {:?} --tier {:?} --var-order {:?} \
         --value-order {:?}",
        all.len(),
        args.limit,
        args.search.tier,
        config.var_order,
        config.value_order
    );
    let progress: Progress<CountUnit> =
        Progress::open(&args.parts, COUNT_KIND, &command, all.len())?;
    let interrupt = interrupt_flag(&args.parts)?;
    let sharded = args.parts.shard.is_some();
    let shard = args.parts.shard();
    let mut stats = StatsReport::new(args.search.stats);
    let mut outcome = Outcome::Success;
    for (unit, puzzle) in all.iter().enumerate() {
        if !shard.owns(unit) {
            continue;
        }
        if interrupted(interrupt.as_ref()) {
            return progress.interrupted();
        }
        let count = match progress.finished(unit) {
            Some(done) => Count {
                solutions: done.solutions,
                limit_reached: false,
                stopped: None,
            },
            None => {
                let model = search_model(puzzle.grid().shape(), args.search.tier)?;
                let mut solver = Solver::new(&model, config).map_err(model_error)?;
                let started = Instant::now();
                let count = solver
                    .count(puzzle.grid(), args.limit)
                    .map_err(model_error)?;
                stats.record(puzzle, &solver.counters(), started.elapsed())?;
                if count.stopped.is_none() {
                    let line = puzzle.line;
                    let solutions = count.solutions;
                    progress.record(unit, CountUnit { line, solutions });
                }
                count
            }
        };
        if !sharded {
            outcome = outcome.and(write_count(puzzle.line, &count, out)?);
        } else if let Some(reason) = count.stopped {
            puzzle.report(format!("the count stopped early ({reason}): not counted"))?;
            outcome = Outcome::Unsolved;
        }
    }
    progress.save()?;
    stats.finish()?;
    if sharded {
        progress.print(out)?;
    }
    Ok(outcome)
}

/// Prints one puzzle's count as `sudoku count` does.
fn write_count(
    line: Option<usize>,
    count: &Count,
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    writeln!(out, "{}", count.solutions)?;
    if let Some(reason) = count.stopped {
        report(
            line,
            format!(
                "the count stopped early ({reason}): at least {} solutions",
                count.solutions
            ),
        )?;
        return Ok(Outcome::Unsolved);
    }
    Ok(if count.solutions == 0 {
        Outcome::Unsolved
    } else {
        Outcome::Success
    })
}

/// `sieve merge-shards` over parts of `sudoku count`: what one run prints.
pub fn print_merged_count(units: &[CountUnit], out: &mut dyn Write) -> Result<Outcome, CliError> {
    let mut outcome = Outcome::Success;
    for unit in units {
        let count = Count {
            solutions: unit.solutions,
            limit_reached: false,
            stopped: None,
        };
        outcome = outcome.and(write_count(unit.line, &count, out)?);
    }
    Ok(outcome)
}

// ---------------------------------------------------------------------------------
// rate, hint, steps and candidates

fn rate(args: &RateArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let puzzles = Puzzles::open(&args.input, None)?;
    each_shape(puzzles, |shape, puzzles| {
        let rater = Rater::new(shape).map_err(model_error)?;
        let model = search_model(shape, None)?;
        let mut solver = Solver::new(&model, sieve::Config::default()).map_err(model_error)?;
        let mut outcome = Outcome::Success;
        while let Some(puzzle) = puzzles.next_of(shape)? {
            outcome = outcome.and(rate_one(&rater, &mut solver, &puzzle, out)?);
        }
        Ok(outcome)
    })
}

/// Rate one puzzle, once it is known to have exactly one solution: a rating of a
/// puzzle with none or several would describe no puzzle a person could solve.
fn rate_one(
    rater: &Rater,
    solver: &mut Solver<'_>,
    puzzle: &Puzzle,
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    if puzzle.report_clash()? {
        return Ok(Outcome::Unsolved);
    }
    let answer = solver.solve_unique(puzzle.grid()).map_err(model_error)?;
    if !matches!(answer, Answer::Solved(_)) {
        report_unsolved(puzzle, answer, "not rated: ")?;
        return Ok(Outcome::Unsolved);
    }
    match rater.rate(puzzle.grid()) {
        Ok(rating) => writeln!(out, "{rating}")?,
        Err(RateError::Model(error)) => return Err(model_error(error)),
        Err(error) => {
            puzzle.report(error)?;
            return Ok(Outcome::Unsolved);
        }
    }
    Ok(Outcome::Success)
}

/// Report an explanation that failed: a contradiction is the puzzle's fault
/// (`Unsolved`), anything else ends the run.
fn explain_failed(puzzle: &Puzzle, error: ExplainError) -> Result<Outcome, CliError> {
    match error {
        ExplainError::NoSolution(contradiction) => {
            puzzle.report(contradiction)?;
            Ok(Outcome::Unsolved)
        }
        error => Err(model_error(error)),
    }
}

fn hint(args: &HintArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let puzzles = Puzzles::open(&args.input, None)?;
    each_shape(puzzles, |shape, puzzles| {
        let explainer = Explainer::new(shape).map_err(model_error)?;
        let mut outcome = Outcome::Success;
        while let Some(puzzle) = puzzles.next_of(shape)? {
            if puzzle.report_clash()? {
                outcome = Outcome::Unsolved;
                continue;
            }
            let mut state = explainer.start(puzzle.grid()).map_err(model_error)?;
            match explainer.next_step(&state) {
                Ok(Some(step)) => {
                    write_staged_hint(&step, args.stage, out)?;
                    if args.marks && args.stage == 3 {
                        step.apply(&mut state);
                        let marks = explainer.pencil_marks(&state).map_err(CliError::input)?;
                        writeln!(out, "{marks}")?;
                    }
                }
                Ok(None) if state.all_assigned() => writeln!(out, "already solved")?,
                Ok(None) => writeln!(out, "{SUDOKU_STUCK}")?,
                Err(error) => outcome = outcome.and(explain_failed(&puzzle, error)?),
            }
        }
        Ok(outcome)
    })
}

/// A hint in stages, as HoDoKu gives them: the technique and where to look,
/// then the cells, then the deduction; `stage` says how many to show.
fn write_staged_hint(step: &Step, stage: u8, out: &mut dyn Write) -> Result<(), CliError> {
    let tier = step.tier;
    writeln!(
        out,
        "technique: {} (tier {}, {tier})",
        step.inference,
        tier.number()
    )?;
    writeln!(out, "where: {}", step.rule)?;
    if stage >= 2 {
        let cells: Vec<String> = step.cells().iter().map(ToString::to_string).collect();
        writeln!(out, "cells: {}", cells.join(", "))?;
    }
    if stage >= 3 {
        writeln!(out, "deduction: {step}")?;
    }
    Ok(())
}

fn steps(args: &StepsArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let puzzles = Puzzles::open(&args.input, None)?;
    let mut first = true;
    each_shape(puzzles, |shape, puzzles| {
        let explainer = Explainer::new(shape).map_err(model_error)?;
        let mut outcome = Outcome::Success;
        while let Some(puzzle) = puzzles.next_of(shape)? {
            if !first {
                writeln!(out)?;
            }
            first = false;
            if let Some(line) = puzzle.line {
                writeln!(out, "# line {line}")?;
            }
            outcome = outcome.and(steps_one(args, &explainer, &puzzle, out)?);
        }
        Ok(outcome)
    })
}

/// The numbered steps of one puzzle, how they end, and the grid they reach.
fn steps_one(
    args: &StepsArgs,
    explainer: &Explainer,
    puzzle: &Puzzle,
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    if puzzle.report_clash()? {
        return Ok(Outcome::Unsolved);
    }
    let mut state = explainer.start(puzzle.grid()).map_err(model_error)?;
    let mut taken = 0;
    while args.max.is_none_or(|max| taken < max) {
        match explainer.next_step(&state) {
            Ok(Some(step)) => {
                taken += 1;
                writeln!(out, "{taken:>3}. {step}")?;
                step.apply(&mut state);
            }
            Ok(None) => break,
            Err(error) => return explain_failed(puzzle, error),
        }
    }
    let grid = explainer.sudoku().grid_of(&state);
    let end = if state.all_assigned() {
        PathEnd::Solved(grid)
    } else {
        PathEnd::Stuck(grid)
    };
    let outcome = write_path_end(args, puzzle, &end, taken, out)?;
    let grid = match &end {
        PathEnd::Solved(grid) | PathEnd::Stuck(grid) => grid,
    };
    writeln!(out, "{}", puzzle.write(grid)?)?;
    if args.marks {
        let marks = explainer.pencil_marks(&state).map_err(CliError::input)?;
        writeln!(out, "{marks}")?;
    }
    Ok(outcome)
}

/// How the steps ended: solved, stopped by `--max` (both success), or stuck, which
/// says where (after which step, how many cells open; the grid follows) and why, on
/// stdout and on stderr, and leaves the puzzle unsolved.
fn write_path_end(
    args: &StepsArgs,
    puzzle: &Puzzle,
    end: &PathEnd,
    taken: usize,
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    let steps = if taken == 1 { "step" } else { "steps" };
    let grid = match end {
        PathEnd::Solved(_) => {
            writeln!(out, "solved in {taken} {steps}")?;
            return Ok(Outcome::Success);
        }
        PathEnd::Stuck(_) if args.max == Some(taken) => {
            writeln!(out, "stopped after {taken} {steps} (--max)")?;
            return Ok(Outcome::Success);
        }
        PathEnd::Stuck(grid) => grid,
    };
    let open = grid.cells().iter().filter(|cell| cell.is_none()).count();
    writeln!(
        out,
        "stuck after {taken} {steps} with {open} cells open (the grid below): \
         no rule of tiers 1-5 applies, so guessing is needed"
    )?;
    puzzle.report(format!(
        "logic alone stops after {taken} {steps} with {open} cells open: guessing is needed"
    ))?;
    Ok(Outcome::Unsolved)
}

fn candidates(args: &CandidatesArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let puzzles = Puzzles::open(&args.input, None)?;
    let mut first = true;
    each_shape(puzzles, |shape, puzzles| {
        let mut outcome = Outcome::Success;
        while let Some(puzzle) = puzzles.next_of(shape)? {
            if puzzle.report_clash()? {
                outcome = Outcome::Unsolved;
                continue;
            }
            let marks = match tiers::candidates_after(puzzle.grid(), args.tier) {
                Ok(candidates) => {
                    write_pencil_marks(shape, &candidates).map_err(CliError::input)?
                }
                Err(CandidatesError::NoSolution(contradiction)) => {
                    puzzle.report(contradiction)?;
                    outcome = Outcome::Unsolved;
                    continue;
                }
                Err(error) => return Err(model_error(error)),
            };
            if !first {
                writeln!(out)?;
            }
            first = false;
            if let Some(line) = puzzle.line {
                writeln!(out, "# line {line}")?;
            }
            writeln!(out, "{marks}")?;
        }
        Ok(outcome)
    })
}

// ---------------------------------------------------------------------------------
// explain

#[derive(clap::Args, Debug)]
struct ExplainArgs {
    /// The puzzle (default: the built-in example).
    #[arg(value_name = "PUZZLE")]
    puzzle: Option<String>,
    /// The cell asked about, as r3c5 (row 3, column 5).
    #[arg(long, value_parser = parse_cell)]
    cell: (usize, usize),
    /// The value asked about (its symbol, such as 7): why is it gone from the cell?
    #[arg(long)]
    value: Option<char>,
    /// Force a box shape, such as 2x3.
    #[arg(long = "box", value_name = "RxC")]
    shape: Option<Shape>,
}

fn explain(args: &ExplainArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let puzzle = read_one(args.puzzle.as_deref().unwrap_or(EXAMPLE), args.shape)?;
    let grid = puzzle.grid();
    let shape = grid.shape();
    let size = shape.size();
    let (row, col) = args.cell;
    check_cell(args.cell, size)?;
    let cell = shape.cell(row, col);
    let value = match args.value {
        None => None,
        Some(symbol) => match sieve_sudoku::symbols::value_of(symbol) {
            Some(value) if usize::from(value) < size => Some(value),
            _ => {
                return Err(CliError::input(format!(
                    "`{symbol}` is not a value of a {size}x{size} grid"
                )));
            }
        },
    };
    if let Some(clash) = repeated_given(grid) {
        writeln!(out, "no solution: {clash}")?;
        return Ok(Outcome::Unsolved);
    }
    let model = SudokuModel::with_tier(shape, Tier::HARDEST).map_err(model_error)?;
    let start = model.start(grid).map_err(model_error)?;
    let describe = |value: Value| sieve_sudoku::symbols::label(size, value as u8);
    teach::explain(
        &Question {
            model: model.model(),
            start: &start,
            var: model.cells()[cell],
            name: shape.position(cell).to_string(),
            value: value.map(Value::from),
            given: grid.get(cell).map(Value::from),
            describe: &describe,
            rules: "every rule of the five tiers",
        },
        out,
    )
}
