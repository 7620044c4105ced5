//! `sieve sudoku generate`: puzzles by the `unique` method (the default), the
//! SRMagic pipeline or the MZ-80B transforms, seeded and in parallel.
//!
//! Puzzle `i` of a run comes from its own seed, derived from `--seed` and `i`
//! (see `sieve_sudoku::generate::puzzle_seed`), so the output does not depend
//! on `--threads`. Puzzles are made in chunks and written as each chunk is
//! done, in order. A generation that runs over a second shows its progress on
//! stderr (a bar on a terminal, a line otherwise), and one with a rare target says
//! that it may not be met soon; a request not met within `--max-attempts` is exit 1.

use std::io::Write;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use rayon::ThreadPoolBuilder;
use serde::{Deserialize, Serialize};
use sieve_sudoku::Shape;
use sieve_sudoku::generate::transform::Variety;
use sieve_sudoku::generate::{
    GenerateError, GeneratedPuzzle, Method, Symmetry, TargetDifficulty, UniqueOptions, Uniqueness,
    generate_many_until, puzzle_seed,
};

use crate::common::{CliError, Outcome, parse_seconds, parse_threads, thread_count, warn};
use crate::progress::Progress;
use crate::shards::{Progress as Parts, ShardArgs, interrupt_flag, interrupted};

const GENERATE_EXAMPLES: &str = "\
Examples:
  sieve sudoku generate                            one unique 9x9 puzzle a line
  sieve sudoku generate --count 100 --seed 7 > puzzles.txt
  sieve sudoku generate --symmetry rotate180 --minimal --difficulty locked-candidates
  sieve sudoku generate --box 2x3 --count 5        6x6 puzzles
  sieve sudoku generate --box 4 --format grid      a 16x16, drawn as a block
  sieve sudoku generate --method srmagic --box 5   SRMagic's 25x25 (often not unique)
  sieve sudoku generate --method transform --level 6 --format json
  sieve sudoku generate --count 20 | sieve sudoku solve --file - --unique
  sieve sudoku generate --count 100000 --seed 7 --shard 2/4 > part2.json
                                                   a quarter: chunks 2, 6, 10, ... of 256
  sieve merge-shards part*.json > puzzles.txt      the 4 parts: as one run with --seed 7

Methods: unique (random grid, clues removed while the solution stays unique; the
default), srmagic (the SRMagic pipeline, square boxes), transform (the MZ-80B's
stored grids transformed, 9x9, 8*L cells hidden). Only `unique` guarantees one
solution: for the others every puzzle that is not unique gets a line on stderr
(`--format grid` and `json` say it for every puzzle).

Symmetries: none, rotate180, rotate90, mirror, flip, diagonal, antidiagonal, dihedral.
Difficulties: naked-single, hidden-single, locked-candidates, subsets, fish, guessing.
The same --seed gives the same puzzles on every machine and with any --threads;
without it a seed is drawn from the clock and printed on stderr.";

/// How many puzzles at most are generated before a chunk is written.
const CHUNK: usize = 256;

/// `--method`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MethodArg {
    /// A random full grid, clues removed while the solution stays unique.
    Unique,
    /// The SRMagic pipeline (square boxes: --box 2 to 8).
    Srmagic,
    /// The MZ-80B's stored 9x9 grids, transformed, 8*L cells hidden.
    Transform,
}

/// `--format`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatArg {
    /// One puzzle a line, as `sieve sudoku solve --file` reads them.
    Line,
    /// A block a puzzle, after a `#` line with its clues and uniqueness.
    Grid,
    /// One JSON object a line: puzzle, solution, seed, uniqueness, ...
    Json,
}

/// `sieve sudoku generate`.
#[derive(clap::Args, Debug)]
#[command(after_help = GENERATE_EXAMPLES)]
pub struct GenerateArgs {
    /// The box shape: a side (3 for 9x9, 4 for 16x16) or rows x columns (2x3 for 6x6).
    #[arg(long = "box", value_name = "RxC", default_value = "3")]
    shape: Shape,
    /// How to make the puzzles.
    #[arg(long, value_enum, default_value = "unique")]
    method: MethodArg,
    /// unique: the exact difficulty (naked-single, hidden-single, locked-candidates,
    /// subsets, fish or 1-5, or guessing).
    #[arg(long, value_name = "NAME")]
    difficulty: Option<TargetDifficulty>,
    /// unique: the symmetry of the clues (none, rotate180, rotate90, mirror, flip,
    /// diagonal, antidiagonal, dihedral).
    #[arg(long, value_name = "NAME")]
    symmetry: Option<Symmetry>,
    /// unique: no single clue may be removable.
    #[arg(long)]
    minimal: bool,
    /// unique: give up on a puzzle after this many attempts (a rare difficulty, or
    /// minimal with a symmetry).
    #[arg(long, value_name = "N")]
    max_attempts: Option<u32>,
    /// transform: the MZ-80B difficulty, 1 (easy) to 8 (hard): 8*L cells hidden
    /// (default 4).
    #[arg(long, value_name = "L", value_parser = clap::value_parser!(u8).range(1..=8))]
    level: Option<u8>,
    /// transform: only the listing's own transforms (reversal, band and stack rotations).
    #[arg(long)]
    classic: bool,
    /// How many puzzles.
    #[arg(long, default_value_t = 1, value_name = "N")]
    count: usize,
    /// The seed of the run (default: drawn from the clock and printed on stderr).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// How to write each puzzle.
    #[arg(long, value_enum, default_value = "line")]
    format: FormatArg,
    /// Worker threads (0: one per core; at most 1024, and never more than the
    /// machine's cores run); the puzzles do not change.
    #[arg(long, default_value_t = 0, value_name = "N", value_parser = parse_threads)]
    threads: usize,
    /// Stop the whole run after this many seconds (decimals allowed): the puzzles
    /// finished by then are printed (a prefix of the full run's, in blocks of 256),
    /// and the run exits 1 saying how many.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    #[command(flatten)]
    parts: ShardArgs,
}

/// What generating one block of puzzles came to.
enum Made {
    /// The block, written.
    Block(Block),
    /// The request could not be met within `--max-attempts` (said on stderr).
    Unmet,
    /// `--timeout` ran out first.
    TimedOut,
}

impl GenerateArgs {
    /// The method and its options, refusing flags that belong to another method.
    fn method(&self) -> Result<Method, CliError> {
        let unique_flags = self.difficulty.is_some()
            || self.symmetry.is_some()
            || self.minimal
            || self.max_attempts.is_some();
        let transform_flags = self.level.is_some() || self.classic;
        if self.method != MethodArg::Unique && unique_flags {
            return Err(CliError::input(
                "--difficulty, --symmetry, --minimal and --max-attempts are for --method unique",
            ));
        }
        if self.method != MethodArg::Transform && transform_flags {
            return Err(CliError::input(
                "--level and --classic are for --method transform",
            ));
        }
        let shape = self.shape;
        match self.method {
            MethodArg::Unique => Ok(Method::Unique(self.unique_options())),
            MethodArg::Srmagic if shape.box_rows() == shape.box_cols() => {
                Ok(Method::SrMagic { size: shape.size() })
            }
            MethodArg::Srmagic => Err(CliError::input(format!(
                "--method srmagic needs square boxes (--box 2 to 8), not {shape}"
            ))),
            MethodArg::Transform if shape == Shape::classic() => Ok(Method::Transform {
                level: self.level.unwrap_or(4),
                variety: if self.classic {
                    Variety::Classic
                } else {
                    Variety::Extended
                },
            }),
            MethodArg::Transform => Err(CliError::input(format!(
                "--method transform makes 9x9 puzzles (--box 3), not {shape}"
            ))),
        }
    }

    fn unique_options(&self) -> UniqueOptions {
        let mut options = UniqueOptions::new(self.shape)
            .symmetry(self.symmetry.unwrap_or_default())
            .minimal(self.minimal);
        if let Some(target) = self.difficulty {
            options = options.difficulty(target);
        }
        if let Some(attempts) = self.max_attempts {
            options = options.max_attempts(attempts);
        }
        options
    }
}

/// Runs `sieve sudoku generate`.
pub fn run(args: &GenerateArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let method = args.method()?;
    if args.parts.active() {
        return run_in_parts(args, &method, out);
    }
    let seed = match args.seed {
        Some(seed) => seed,
        None => {
            let seed = clock_seed();
            warn(format_args!("sieve: generating with --seed {seed}"))?;
            seed
        }
    };
    let pool = pool(args)?;
    let deadline = args.deadline();
    let progress = Progress::start(args.count, announcement(args), rare_request(args));
    let mut start = 0;
    while start < args.count {
        let end = args.count.min(start + CHUNK);
        let range = start..end;
        match generate_block(args, (&method, seed), range, (&pool, deadline), &progress)? {
            Made::Block(block) => block.write(out, &progress)?,
            Made::Unmet => return Ok(Outcome::Unsolved),
            Made::TimedOut => return timed_out(progress, start, args.count),
        }
        start = end;
    }
    Ok(Outcome::Success)
}

impl GenerateArgs {
    /// When `--timeout` ends the run, counted from now.
    fn deadline(&self) -> Option<Instant> {
        self.timeout.map(|timeout| Instant::now() + timeout)
    }
}

/// Says that `--timeout` ended the run after `made` of `count` puzzles.
fn timed_out(progress: Progress, made: usize, count: usize) -> Result<Outcome, CliError> {
    drop(progress);
    warn(format_args!(
        "sieve: the --timeout ran out after {made} of {count} puzzles"
    ))?;
    Ok(Outcome::Unsolved)
}

/// The kind of the parts `sudoku generate --shard` prints.
pub const GENERATE_KIND: &str = "sudoku generate";

/// A chunk of puzzles as written: what a part of `sudoku generate` holds for
/// each unit (puzzles `CHUNK * unit` onwards) it generated.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Block {
    /// The puzzles, written in the run's format.
    pub text: String,
    /// The lines for standard error: puzzles that are not unique.
    pub notes: Vec<String>,
}

impl Block {
    /// Writes the puzzles, and the notes to standard error.
    fn write(&self, out: &mut dyn Write, progress: &Progress) -> Result<(), CliError> {
        out.write_all(self.text.as_bytes())?;
        for note in &self.notes {
            progress.bar.suspend(|| warn(note))?;
        }
        out.flush()?;
        Ok(())
    }
}

/// The worker threads of a run.
fn pool(args: &GenerateArgs) -> Result<rayon::ThreadPool, CliError> {
    ThreadPoolBuilder::new()
        .num_threads(thread_count(args.threads))
        .build()
        .map_err(|error| CliError::input(format!("--threads {}: {error}", args.threads)))
}

/// Puzzles `range` of the run, by `method` from `seed`, on `pool` until
/// `deadline`, written.
fn generate_block(
    args: &GenerateArgs,
    (method, seed): (&Method, u64),
    range: std::ops::Range<usize>,
    (pool, deadline): (&rayon::ThreadPool, Option<Instant>),
    progress: &Progress,
) -> Result<Made, CliError> {
    let on_each = || progress.bar.inc(1);
    let generate = || generate_many_until(method, seed, range.clone(), &on_each, deadline);
    let puzzles = match pool.install(generate) {
        Ok(puzzles) => puzzles,
        Err(GenerateError::TimedOut) => return Ok(Made::TimedOut),
        Err(error @ GenerateError::AttemptsExhausted { .. }) => {
            progress.bar.finish_and_clear();
            warn(format_args!("sieve: the request could not be met: {error}"))?;
            return Ok(Made::Unmet);
        }
        Err(error) => return Err(CliError::input(error)),
    };
    let mut block = Block {
        text: String::new(),
        notes: Vec::new(),
    };
    for (index, puzzle) in range.zip(&puzzles) {
        let written = Written {
            index,
            seed: puzzle_seed(seed, index as u64),
            method,
            puzzle,
        };
        block.text.push_str(&written.render(args.format)?);
        if puzzle.uniqueness() != Uniqueness::Unique && args.format == FormatArg::Line {
            block
                .notes
                .push(format!("puzzle {}: {}", index + 1, puzzle.uniqueness()));
        }
    }
    Ok(Made::Block(block))
}

/// `generate --shard i/n` or `--checkpoint FILE`: the units are chunks of
/// [`CHUNK`] puzzles, each from its own seeds, so any machine makes any chunk.
fn run_in_parts(
    args: &GenerateArgs,
    method: &Method,
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    let Some(seed) = args.seed else {
        return Err(CliError::input(
            "--shard and --checkpoint need --seed: every shard and every resumed run must \
             draw from the same seed",
        ));
    };
    let units = args.count.div_ceil(CHUNK);
    let command = format!(
        "sudoku generate --count {} --seed {seed} --box {} --format {:?} {method:?}",
        args.count, args.shape, args.format
    );
    let saved: Parts<Block> = Parts::open(&args.parts, GENERATE_KIND, &command, units)?;
    let interrupt = interrupt_flag(&args.parts)?;
    let sharded = args.parts.shard.is_some();
    let shard = args.parts.shard();
    let pool = pool(args)?;
    let deadline = args.deadline();
    let owned = (0..units).filter(|unit| shard.owns(*unit));
    let todo = owned.clone().filter(|unit| saved.finished(*unit).is_none());
    let left: usize = todo.map(|unit| chunk(unit, args.count).len()).sum();
    let progress = Progress::start(left, announcement(args), rare_request(args));
    for unit in owned {
        if interrupted(interrupt.as_ref()) {
            drop(progress);
            return saved.interrupted();
        }
        let block = match saved.finished(unit) {
            Some(block) => block,
            None => {
                let range = chunk(unit, args.count);
                let made =
                    generate_block(args, (method, seed), range, (&pool, deadline), &progress)?;
                let block = match made {
                    Made::Block(block) => block,
                    Made::Unmet => {
                        saved.save()?;
                        return Ok(Outcome::Unsolved);
                    }
                    Made::TimedOut => {
                        // The checkpoint keeps every finished block: rerun to go on.
                        saved.save()?;
                        let done = (0..units).filter(|unit| saved.finished(*unit).is_some());
                        let made = done.map(|unit| chunk(unit, args.count).len()).sum();
                        return timed_out(progress, made, args.count);
                    }
                };
                saved.record(unit, block.clone());
                block
            }
        };
        if !sharded {
            block.write(out, &progress)?;
        }
    }
    drop(progress);
    saved.save()?;
    if sharded {
        saved.print(out)?;
    }
    Ok(Outcome::Success)
}

/// The puzzles of unit `unit` of a run of `count`.
fn chunk(unit: usize, count: usize) -> std::ops::Range<usize> {
    unit * CHUNK..count.min((unit + 1) * CHUNK)
}

/// `sieve merge-shards` over parts of `sudoku generate`: what one run prints.
pub fn print_merged(blocks: &[Block], out: &mut dyn Write) -> Result<Outcome, CliError> {
    for block in blocks {
        out.write_all(block.text.as_bytes())?;
        for note in &block.notes {
            warn(note)?;
        }
    }
    Ok(Outcome::Success)
}

/// A seed from the clock, for runs without `--seed`.
fn clock_seed() -> u64 {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    puzzle_seed(since.as_secs(), u64::from(since.subsec_nanos()))
}

/// The plain progress line: what is being generated.
fn announcement(args: &GenerateArgs) -> String {
    let size = args.shape.size();
    let puzzles = if args.count == 1 { "puzzle" } else { "puzzles" };
    format!(
        "sieve: generating {} {puzzles} ({size}x{size}) ...",
        args.count
    )
}

/// For a target most attempts miss (a difficulty, or minimal with a symmetry), the
/// word that it may not be met soon, and how to bound it.
fn rare_request(args: &GenerateArgs) -> Option<String> {
    let symmetric = args
        .symmetry
        .is_some_and(|symmetry| symmetry != Symmetry::None);
    let target = match (args.difficulty, args.minimal && symmetric) {
        (Some(difficulty), _) => format!("rated {}", difficulty.name()),
        (None, true) => "minimal and symmetric".to_string(),
        (None, false) => return None,
    };
    let size = args.shape.size();
    let bound = match args.max_attempts {
        Some(attempts) => format!("it gives up after --max-attempts {attempts} a puzzle (exit 1)"),
        None => "--max-attempts N gives up after N attempts a puzzle (exit 1)".to_string(),
    };
    Some(format!(
        "sieve: a {size}x{size} puzzle {target} may be rare (every attempt is checked and \
         most miss), so this request may not be met soon; {bound}"
    ))
}

/// One puzzle of the run, with what is needed to write it.
struct Written<'a> {
    index: usize,
    seed: u64,
    method: &'a Method,
    puzzle: &'a GeneratedPuzzle,
}

impl Written<'_> {
    fn render(&self, format: FormatArg) -> Result<String, CliError> {
        let grid = self.puzzle.puzzle();
        Ok(match format {
            FormatArg::Line => format!("{}\n", grid.to_line().map_err(CliError::input)?),
            FormatArg::Grid => format!(
                "# puzzle {}: {} clues, {}\n{}\n",
                self.index + 1,
                self.puzzle.visible_count(),
                self.puzzle.uniqueness(),
                grid.to_block().map_err(CliError::input)?
            ),
            FormatArg::Json => format!("{}\n", self.json()?),
        })
    }

    fn json(&self) -> Result<serde_json::Value, CliError> {
        let puzzle = self.puzzle;
        let line = |grid: &sieve_sudoku::Grid| grid.to_line().map_err(CliError::input);
        let mut object = serde_json::json!({
            "index": self.index + 1,
            "seed": self.seed,
            "method": self.method.name(),
            "box": puzzle.shape().to_string(),
            "size": puzzle.shape().size(),
            "puzzle": line(&puzzle.puzzle())?,
            "solution": line(puzzle.solution())?,
            "clues": puzzle.visible_count(),
            "uniqueness": puzzle.uniqueness().to_string(),
            "unique": puzzle.uniqueness() == Uniqueness::Unique,
        });
        match self.method {
            Method::Unique(options) => {
                object["symmetry"] = options.symmetry.name().into();
                if options.minimal {
                    object["minimal"] = true.into();
                }
                if let Some(target) = options.difficulty {
                    object["difficulty"] = target.name().into();
                }
            }
            Method::Transform { level, variety } => {
                object["level"] = (*level).into();
                object["classic"] = (*variety == Variety::Classic).into();
            }
            Method::SrMagic { .. } => {}
        }
        Ok(object)
    }
}
