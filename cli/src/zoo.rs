//! What the zoo puzzles' commands share (Simon Tatham's collection, read from
//! his game IDs; see ZOO.md): the input (an ID, `--file F`, `-`), `solve`
//! with a uniqueness proof and `--format grid|line`, and `count`. A puzzle
//! module supplies a [`ZooPuzzle`]; the commands, messages and exit codes are
//! the same for every puzzle.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::ValueEnum;
use sieve::{Config, Count, Counters, Uniqueness};

use crate::common::{
    CliError, FlushEachLine, Outcome, StrategyArgs, is_stream, open_input, print_stats, report,
};

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
}

impl SolveArgs {
    /// The arguments of `solve` built by another command (`sieve sudoku solve`
    /// handing a game ID to `sieve solo`).
    pub fn new(input: IdInput, format: Format, stats: bool, strategy: StrategyArgs) -> Self {
        SolveArgs {
            input,
            format,
            stats,
            strategy,
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
        }
    }
}

/// One zoo puzzle as the shared commands see it.
pub trait ZooPuzzle {
    /// The puzzle read from an ID.
    type Puzzle;
    /// A solved board.
    type Solution;

    /// Reads a game ID; the message names the offset and what was expected.
    fn parse(id: &str) -> Result<Self::Puzzle, String>;
    /// Solves and proves uniqueness.
    fn solve(
        puzzle: &Self::Puzzle,
        config: &Config,
    ) -> Result<(Uniqueness<Self::Solution>, Counters), CliError>;
    /// Counts solutions up to `limit`.
    fn count(
        puzzle: &Self::Puzzle,
        limit: Option<u64>,
        config: &Config,
    ) -> Result<(Count, Counters), CliError>;
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
    let mut malformed = 0;
    let mut visit = |line: Option<usize>, id: &str| -> Result<(), CliError> {
        match P::parse(id) {
            Ok(puzzle) => outcome = outcome.and(each(line, &puzzle)?),
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
    if malformed > 0 {
        return Err(CliError::input(format!(
            "{malformed} game ID line{} could not be read",
            if malformed == 1 { "" } else { "s" }
        )));
    }
    Ok(outcome)
}

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
    let config = args.strategy.config();
    let mut printed = false;
    for_each_id::<P>(&args.input, |line, puzzle| {
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
    let config = args.strategy.config();
    for_each_id::<P>(&args.input, |line, puzzle| {
        let started = Instant::now();
        let (count, counters) = P::count(puzzle, args.limit, &config)?;
        if args.stats {
            print_stats(&counters, started.elapsed())?;
        }
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
    })
}
