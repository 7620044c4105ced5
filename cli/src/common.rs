//! What every puzzle's commands share: exit codes, errors, strategy flags, input.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, ValueEnum};
use sieve::{Config, Restore, Schedule, ValueOrder, VarOrder};
use thiserror::Error;

/// The exit codes, documented in `--help` and the README.
pub const EXIT_HELP: &str = "\
Exit codes:
  0  success
  1  a puzzle has no solution, or several where one was required, or a node or time
     limit stopped the search before it had the answer (a batch goes on)
  2  usage or input error (bad flag, unreadable file, malformed puzzle or game ID)
130  Ctrl-C or SIGTERM stopped a run with --checkpoint, after saving it (run it again
     to resume)
A run whose stdout or stderr is closed by its reader (`sieve ... | head`) ends
there, quietly, with 0.";

/// The exit code of a run ended by a closed stdout or stderr: the reader asked for
/// no more, which is no failure of the run.
pub const EXIT_CLOSED: u8 = 0;

/// How a command ended, when it did not fail outright.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Everything asked for was done.
    Success,
    /// Some puzzle had no solution, or several where one was required.
    Unsolved,
    /// SIGINT or SIGTERM stopped a run that keeps a checkpoint, after saving it.
    Interrupted,
}

impl Outcome {
    /// Combine the outcomes of a batch: one unsolved puzzle makes the batch unsolved.
    pub fn and(self, other: Outcome) -> Outcome {
        match (self, other) {
            (Outcome::Interrupted, _) | (_, Outcome::Interrupted) => Outcome::Interrupted,
            (Outcome::Success, Outcome::Success) => Outcome::Success,
            _ => Outcome::Unsolved,
        }
    }

    /// The process exit code.
    pub fn exit_code(self) -> ExitCode {
        match self {
            Outcome::Success => ExitCode::SUCCESS,
            Outcome::Unsolved => ExitCode::from(1),
            Outcome::Interrupted => ExitCode::from(crate::shards::EXIT_INTERRUPTED),
        }
    }
}

/// A usage or input error: printed to stderr, exit code 2.
#[derive(Debug, Error)]
pub enum CliError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The path, or `-` for standard input.
        path: String,
        /// What went wrong.
        source: io::Error,
    },
    /// Writing the output failed (other than a closed pipe).
    #[error("writing the output: {0}")]
    Output(io::Error),
    /// Writing a message to stderr failed (its reader closed it, as in
    /// `2>&1 | head`): there is nowhere left to say so, and the run ends quietly.
    #[error("writing to stderr: {0}")]
    Stderr(io::Error),
    /// The input is malformed; the message names where.
    #[error("{0}")]
    Input(String),
}

impl CliError {
    /// An input error with a message that names the problem and where.
    pub fn input(message: impl std::fmt::Display) -> Self {
        CliError::Input(message.to_string())
    }

    /// Whether the error is a closed stdout (`sieve ... | head`) or a stderr that can
    /// no longer be written: either ends the run quietly, with [`EXIT_CLOSED`].
    pub fn is_closed_stream(&self) -> bool {
        match self {
            CliError::Output(error) => error.kind() == io::ErrorKind::BrokenPipe,
            CliError::Stderr(_) => true,
            _ => false,
        }
    }
}

impl From<io::Error> for CliError {
    fn from(error: io::Error) -> Self {
        CliError::Output(error)
    }
}

/// `--schedule`, as a command-line value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ScheduleArg {
    /// Every rule in order until a pass changes nothing.
    Sweep,
    /// First in, first out: only woken rules.
    Queue,
    /// Cheap rules first.
    Priority,
}

/// `--restore`, as a command-line value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum RestoreArg {
    /// Copy for a state of at most 8,192 words (64 KiB), trail for a larger one.
    Auto,
    /// Copy the whole state at each decision.
    Copy,
    /// Undo changes from a trail.
    Trail,
}

/// `--var-order`, as a command-line value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum VarOrderArg {
    /// The first undecided variable.
    First,
    /// The variable with the fewest candidates.
    Fewest,
    /// Fewest candidates per weighted degree.
    DomWdeg,
}

/// The engine strategy and limit flags every solving command takes.
#[derive(Args, Clone, Debug)]
pub struct StrategyArgs {
    /// Propagation schedule [default: queue; priority for the puzzles whose
    /// solve probes, such as unequal, so that probing waits for every cheaper
    /// rule, and for hitori, pearl, tracks, where costly rules wait for cheap ones].
    #[arg(long, value_enum)]
    pub schedule: Option<ScheduleArg>,
    /// How search restores states on backtrack.
    #[arg(long, value_enum, default_value = "auto")]
    pub restore: RestoreArg,
    /// Which variable search branches on.
    #[arg(long, value_enum, default_value = "fewest")]
    pub var_order: VarOrderArg,
    /// Try values in a random order drawn from this seed (default: ascending).
    #[arg(long)]
    pub value_seed: Option<u64>,
    /// Stop each search after this many nodes.
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// Stop each search after this many seconds (decimals allowed).
    #[arg(long, value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
}

/// The longest `--timeout` accepted, in seconds (about 31 years): far past any run,
/// and far below what a `Duration` or a clock reading can hold.
pub const MAX_TIMEOUT_SECONDS: u64 = 1_000_000_000;

/// `--timeout`: a finite, non-negative number of seconds, at most
/// [`MAX_TIMEOUT_SECONDS`].
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let not_seconds = || format!("`{text}` is not a number of seconds (such as 2.5)");
    let seconds: f64 = text.trim().parse().map_err(|_| not_seconds())?;
    if !(seconds >= 0.0 && seconds.is_finite()) {
        return Err(not_seconds());
    }
    if seconds > MAX_TIMEOUT_SECONDS as f64 {
        return Err(format!(
            "too long: the largest accepted is {MAX_TIMEOUT_SECONDS} seconds (about 31 years)"
        ));
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| not_seconds())
}

/// The most `--threads` accepted. The work is bound by the processor, so no more
/// threads than the machine has cores are ever run ([`thread_count`]).
pub const MAX_THREADS: usize = 1024;

/// `--threads N`: 0 (one per core) to [`MAX_THREADS`].
pub fn parse_threads(text: &str) -> Result<usize, String> {
    let threads: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a whole number of threads"))?;
    if threads > MAX_THREADS {
        return Err(format!(
            "at most {MAX_THREADS} threads are accepted (0: one per core); \
             no more than the machine's cores run in any case"
        ));
    }
    Ok(threads)
}

/// The worker threads to run for `--threads N`: one per core for 0, and never more
/// than the machine's cores, since more would only take turns on them.
pub fn thread_count(asked: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    if asked == 0 { cores } else { asked.min(cores) }
}

/// `--limit K` of the counting commands: 1 or more (a limit of 0 would stop every
/// count before it starts, and say nothing).
pub fn parse_limit(text: &str) -> Result<u64, String> {
    let limit: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a whole number of solutions"))?;
    if limit == 0 {
        return Err("a limit of 0 counts nothing: give 1 or more".to_string());
    }
    Ok(limit)
}

impl StrategyArgs {
    /// The engine configuration these flags describe.
    pub fn config(&self) -> Config {
        self.config_or(Schedule::Queue)
    }

    /// The search configuration, with `schedule` unless `--schedule` chose one.
    pub fn config_or(&self, schedule: Schedule) -> Config {
        let schedule = self.schedule.map_or(schedule, Schedule::from);
        let mut config = Config::default()
            .schedule(schedule)
            .restore(self.restore.into())
            .var_order(self.var_order.into());
        if let Some(seed) = self.value_seed {
            config = config.value_order(ValueOrder::Random { seed });
        }
        config.node_limit = self.max_nodes;
        config.time_limit = self.timeout;
        config
    }
}

/// Open `--file PATH` (or `-` for standard input) as a buffered line source, so large
/// batches stream rather than load first.
pub fn open_input(path: &PathBuf) -> Result<Box<dyn BufRead>, CliError> {
    if path.as_os_str() == "-" {
        return Ok(Box::new(BufReader::new(io::stdin())));
    }
    let file = File::open(path).map_err(|source| CliError::Io {
        path: path.display().to_string(),
        source,
    })?;
    Ok(Box::new(BufReader::new(file)))
}

/// Read a whole input (a file, `-` for stdin) as text.
pub fn read_all(path: &PathBuf) -> Result<String, CliError> {
    let mut text = String::new();
    open_input(path)?
        .read_to_string(&mut text)
        .map_err(|source| CliError::Io {
            path: path.display().to_string(),
            source,
        })?;
    Ok(text)
}

/// Write one line to stderr, long tokens cut ([`cut_long_tokens`]). A stderr that
/// cannot be written is an error ([`CliError::Stderr`]) that ends the run quietly,
/// as a closed stdout does, where `eprintln!` would panic.
pub fn warn(message: impl std::fmt::Display) -> Result<(), CliError> {
    let line = cut_long_tokens(&message.to_string());
    writeln!(io::stderr().lock(), "{line}").map_err(CliError::Stderr)
}

/// Report a problem with one puzzle of a batch on stderr ("line 12: ...").
pub fn report(line: Option<usize>, message: impl std::fmt::Display) -> Result<(), CliError> {
    match line {
        Some(line) => warn(format_args!("line {line}: {message}")),
        None => warn(message),
    }
}

/// The longest token a message echoes whole.
pub const ECHO_LIMIT: usize = 80;

/// `message` with every token longer than [`ECHO_LIMIT`] characters cut to its
/// first 80, followed by `…` and its length: `1111…1111… (100000 characters)`. A
/// token is a run of characters between whitespace and quotes, so a quoted value is
/// measured without its quotes.
pub fn cut_long_tokens(message: &str) -> String {
    let mut text = String::with_capacity(message.len().min(4 * 1024));
    let mut token = String::new();
    for c in message.chars() {
        if c.is_whitespace() || matches!(c, '\'' | '"' | '`') {
            push_cut(&mut text, &token);
            token.clear();
            text.push(c);
        } else {
            token.push(c);
        }
    }
    push_cut(&mut text, &token);
    text
}

/// Append `token`, cut at [`ECHO_LIMIT`] characters with its length when longer.
fn push_cut(text: &mut String, token: &str) {
    let length = token.chars().count();
    if length <= ECHO_LIMIT {
        text.push_str(token);
        return;
    }
    text.extend(token.chars().take(ECHO_LIMIT));
    text.push_str(&format!("… ({length} characters)"));
}

/// Write the search statistics to stderr (`--stats`).
pub fn print_stats(counters: &sieve::Counters, elapsed: Duration) -> Result<(), CliError> {
    warn(format_args!(
        "nodes {} | failures {} | backtracks {} | propagations {} | changes {} | max depth {} | time {:.3} ms",
        counters.nodes,
        counters.failures,
        counters.backtracks,
        counters.propagations,
        counters.changes,
        counters.max_depth,
        elapsed.as_secs_f64() * 1000.0
    ))
}

/// Whether `--file PATH` names standard input (`-`): a stream, whose writer may wait
/// for each answer before it sends the next puzzle.
pub fn is_stream(file: Option<&PathBuf>) -> bool {
    file.is_some_and(|path| path.as_os_str() == "-")
}

/// Output that is flushed at the end of every line: answers to a stream of puzzles
/// reach the reader one by one, not when the block buffer fills or the input ends.
pub struct FlushEachLine<'a>(pub &'a mut dyn Write);

impl Write for FlushEachLine<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let written = self.0.write(bytes)?;
        if bytes[..written].contains(&b'\n') {
            self.0.flush()?;
        }
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// Flush standard output, treating a closed pipe as success.
pub fn finish(out: &mut dyn Write) -> Result<(), CliError> {
    out.flush().map_err(CliError::Output)
}

impl From<ScheduleArg> for Schedule {
    fn from(arg: ScheduleArg) -> Self {
        match arg {
            ScheduleArg::Sweep => Schedule::Sweep,
            ScheduleArg::Queue => Schedule::Queue,
            ScheduleArg::Priority => Schedule::Priority,
        }
    }
}

impl From<RestoreArg> for Restore {
    fn from(arg: RestoreArg) -> Self {
        match arg {
            RestoreArg::Auto => Restore::Auto,
            RestoreArg::Copy => Restore::Copy,
            RestoreArg::Trail => Restore::Trail,
        }
    }
}

impl From<VarOrderArg> for VarOrder {
    fn from(arg: VarOrderArg) -> Self {
        match arg {
            VarOrderArg::First => VarOrder::First,
            VarOrderArg::Fewest => VarOrder::FewestValues,
            VarOrderArg::DomWdeg => VarOrder::DomWdeg,
        }
    }
}
