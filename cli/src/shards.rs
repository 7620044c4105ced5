//! Long runs over many machines and across interruptions: `--shard i/n` runs
//! one of n independent parts of a command and prints it as a JSON part;
//! `--checkpoint FILE` keeps the units of work finished so far in FILE, so
//! that the same command run again resumes; `sieve merge-shards` joins the
//! parts into exactly what one run prints. docs/scale.md shows them at work.
//!
//! A command's work is a numbered list of units (the subtrees of a search, or
//! the puzzles of a file); shard i of n owns the units whose number is i
//! modulo n. A part and a checkpoint are the same document: which command, which
//! shard, how many units, and the result of every unit finished.

use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sieve::split::Shard;

use crate::common::{CliError, Outcome, parse_seconds, warn};

/// The format tag of a part or checkpoint, checked when one is read back.
pub const PART_FORMAT: &str = "sieve-part 1";

/// How many subtrees each shard gets at least: the subtrees of a search differ
/// a lot in size, so several per shard even out the shards' times.
pub const SUBTREES_PER_SHARD: usize = 16;

/// Seconds between two checkpoint writes when `--checkpoint-every` is not given.
const DEFAULT_CHECKPOINT_SECONDS: u64 = 10;

/// The exit code of a run stopped by SIGINT (Ctrl-C) or SIGTERM after saving its
/// checkpoint: the shell's code for an interrupt.
pub const EXIT_INTERRUPTED: u8 = 130;

/// `--shard` and `--checkpoint`, for the commands whose work splits into units.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct ShardArgs {
    /// Run only shard i of n (counted from 0: 0/4 to 3/4) and print its part as
    /// JSON, for `sieve merge-shards` to join with the others' into the result of
    /// one run.
    #[arg(long, value_name = "i/n", value_parser = parse_shard)]
    pub shard: Option<Shard>,
    /// Keep the progress in FILE (written atomically every few seconds and when
    /// Ctrl-C or SIGTERM stops the run); the same command with the same FILE
    /// resumes where it stopped.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between checkpoint writes [default: 10].
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, requires = "checkpoint")]
    pub checkpoint_every: Option<Duration>,
}

impl ShardArgs {
    /// Whether the run is split or checkpointed, rather than one plain run.
    pub fn active(&self) -> bool {
        self.shard.is_some() || self.checkpoint.is_some()
    }

    /// The shard run: the whole run when `--shard` is not given.
    pub fn shard(&self) -> Shard {
        self.shard.unwrap_or(Shard::WHOLE)
    }

    /// How many subtrees to split a search into: `minimum`, and at least
    /// [`SUBTREES_PER_SHARD`] a shard.
    pub fn subtrees_wanted(&self, minimum: usize) -> usize {
        minimum.max(SUBTREES_PER_SHARD * self.shard().count())
    }
}

/// `--shard`: `i/n`, a usage error (exit 2) otherwise.
fn parse_shard(text: &str) -> Result<Shard, String> {
    text.parse()
        .map_err(|error: sieve::split::ShardError| error.to_string())
}

/// One shard's work: the command it belongs to, and each finished unit's result.
/// Printed by `--shard`, kept by `--checkpoint`, read by `sieve merge-shards`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Part<R> {
    /// [`PART_FORMAT`].
    pub format: String,
    /// What kind of result the units hold, which says how to print the merge:
    /// `queens count` or `zoo count`.
    pub kind: String,
    /// The command with every argument that changes its units or results (not
    /// --threads, --stats or limits): parts of different commands never merge.
    pub command: String,
    /// The shard, `i/n`.
    pub shard: String,
    /// How many units the whole run has, over every shard.
    pub units: usize,
    /// Whether every unit of this shard is finished.
    pub complete: bool,
    /// The result of every finished unit, by unit number.
    pub finished: BTreeMap<usize, R>,
}

impl<R> Part<R> {
    /// The units of `shard` not yet finished, in order.
    fn todo(&self, shard: Shard) -> Vec<usize> {
        (0..self.units)
            .filter(|unit| shard.owns(*unit) && !self.finished.contains_key(unit))
            .collect()
    }
}

/// A run's progress: the part being filled, and where and when it is saved.
pub struct Progress<R> {
    part: Mutex<Part<R>>,
    shard: Shard,
    checkpoint: Option<PathBuf>,
    every: Duration,
    last_saved: Mutex<Instant>,
    /// Held while the checkpoint is written: threads never write it at once.
    saving: Mutex<()>,
}

impl<R: Serialize + DeserializeOwned + Clone> Progress<R> {
    /// A fresh progress for `units` units of `command`, or the one saved in the
    /// `--checkpoint` file when it exists; a checkpoint of another command or
    /// shard is an input error, and so is a file that cannot be written.
    pub fn open(
        args: &ShardArgs,
        kind: &str,
        command: &str,
        units: usize,
    ) -> Result<Self, CliError> {
        let shard = args.shard();
        let fresh = Part {
            format: PART_FORMAT.to_string(),
            kind: kind.to_string(),
            command: command.to_string(),
            shard: shard.to_string(),
            units,
            complete: false,
            finished: BTreeMap::new(),
        };
        let part = match &args.checkpoint {
            Some(path) if path.exists() => {
                let saved: Part<R> = read_part(path)?;
                let same = saved.kind == fresh.kind
                    && saved.command == fresh.command
                    && saved.shard == fresh.shard
                    && saved.units == fresh.units;
                if !same {
                    return Err(CliError::input(format!(
                        "{}: the checkpoint is of another run ({}, shard {}, {} units), \
                         not of this one ({}, shard {}, {} units): give another file, or \
                         delete it to start again",
                        path.display(),
                        saved.command,
                        saved.shard,
                        saved.units,
                        fresh.command,
                        fresh.shard,
                        fresh.units
                    )));
                }
                saved
            }
            _ => fresh,
        };
        let progress = Progress {
            part: Mutex::new(part),
            shard,
            checkpoint: args.checkpoint.clone(),
            every: args
                .checkpoint_every
                .unwrap_or(Duration::from_secs(DEFAULT_CHECKPOINT_SECONDS)),
            last_saved: Mutex::new(Instant::now()),
            saving: Mutex::new(()),
        };
        // Written at once, so that a checkpoint that cannot be written fails now,
        // not after the first interval's work.
        progress.save()?;
        Ok(progress)
    }

    fn lock(&self) -> MutexGuard<'_, Part<R>> {
        // A worker that panicked holding the lock left whole entries only.
        self.part
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The units of this shard not finished yet, in order.
    pub fn todo(&self) -> Vec<usize> {
        self.lock().todo(self.shard)
    }

    /// The result of a unit finished earlier (by this run or the checkpoint's).
    pub fn finished(&self, unit: usize) -> Option<R> {
        self.lock().finished.get(&unit).cloned()
    }

    /// Records a finished unit, and saves the checkpoint when the last save is
    /// older than the interval. A failed save is reported, and tried again later.
    pub fn record(&self, unit: usize, result: R) {
        self.lock().finished.insert(unit, result);
        let due = {
            let mut last = self
                .last_saved
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            let due = last.elapsed() >= self.every;
            if due {
                *last = Instant::now();
            }
            due
        };
        if due && let Err(error) = self.save() {
            let _ = warn(format_args!("sieve: saving the checkpoint: {error}"));
        }
    }

    /// Writes the checkpoint, if there is one: to a temporary file in the same
    /// folder, then renamed over the old one, so that a reader (or a run killed
    /// while writing) never sees half a file.
    pub fn save(&self) -> Result<(), CliError> {
        let Some(path) = &self.checkpoint else {
            return Ok(());
        };
        let _saving = self
            .saving
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let text = {
            let mut part = self.lock();
            part.complete = part.todo(self.shard).is_empty();
            serde_json::to_string(&*part).map_err(|error| CliError::input(error.to_string()))?
        };
        write_atomically(path, &text)
    }

    /// The part as it stands, with `complete` set.
    pub fn part(&self) -> Part<R> {
        let mut part = self.lock().clone();
        part.complete = part.todo(self.shard).is_empty();
        part
    }

    /// Prints the part as JSON (the output of `--shard`).
    pub fn print(&self, out: &mut dyn Write) -> Result<(), CliError> {
        let text = serde_json::to_string(&self.part())
            .map_err(|error| CliError::input(error.to_string()))?;
        writeln!(out, "{text}")?;
        Ok(())
    }

    /// Saves the checkpoint after an interrupt and says how to resume.
    pub fn interrupted(&self) -> Result<Outcome, CliError> {
        self.save()?;
        let part = self.part();
        let done = part.finished.len();
        let owned = (0..part.units)
            .filter(|unit| self.shard.owns(*unit))
            .count();
        let path = self.checkpoint.as_deref().unwrap_or(Path::new("-"));
        warn(format_args!(
            "sieve: interrupted: {done} of {owned} units done, saved in {}; run the same \
             command again to resume",
            path.display()
        ))?;
        Ok(Outcome::Interrupted)
    }
}

/// Writes `text` to `path` through a temporary file in the same folder and a
/// rename, which replaces the old file in one step.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), CliError> {
    let io_error = |source| CliError::Io {
        path: path.display().to_string(),
        source,
    };
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(format!(".{}.tmp", std::process::id()));
    let temporary = PathBuf::from(temporary);
    let written = fs::File::create(&temporary).and_then(|mut file| {
        file.write_all(text.as_bytes())?;
        file.write_all(b"\n")?;
        file.sync_all()
    });
    if let Err(source) = written.and_then(|()| fs::rename(&temporary, path)) {
        let _ = fs::remove_file(&temporary);
        return Err(io_error(source));
    }
    Ok(())
}

/// Reads a part or checkpoint.
pub fn read_part<R: DeserializeOwned>(path: &Path) -> Result<Part<R>, CliError> {
    let text = fs::read_to_string(path).map_err(|source| CliError::Io {
        path: path.display().to_string(),
        source,
    })?;
    let part: Part<R> = serde_json::from_str(&text).map_err(|error| {
        CliError::input(format!(
            "{}: not a part or checkpoint written by sieve ({error})",
            path.display()
        ))
    })?;
    if part.format != PART_FORMAT {
        return Err(CliError::input(format!(
            "{}: format `{}`, but this sieve reads `{PART_FORMAT}`",
            path.display(),
            part.format
        )));
    }
    Ok(part)
}

/// A flag raised by SIGINT (Ctrl-C) or SIGTERM, when the run keeps a checkpoint:
/// the run then stops at its next node, saves, and exits with
/// Whether a signal raised the flag of [`interrupt_flag`] (never, without one).
pub fn interrupted(flag: Option<&Arc<AtomicBool>>) -> bool {
    flag.is_some_and(|flag| flag.load(Ordering::Relaxed))
}

/// [`EXIT_INTERRUPTED`]. A second signal ends the process at once.
pub fn interrupt_flag(args: &ShardArgs) -> Result<Option<Arc<AtomicBool>>, CliError> {
    if args.checkpoint.is_none() {
        return Ok(None);
    }
    let flag = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        let registered = signal_hook::flag::register_conditional_shutdown(
            signal,
            i32::from(EXIT_INTERRUPTED),
            flag.clone(),
        )
        .and_then(|_| signal_hook::flag::register(signal, flag.clone()));
        registered.map_err(|source| CliError::Io {
            path: "signal handler".to_string(),
            source,
        })?;
    }
    Ok(Some(flag))
}

/// `sieve merge-shards`.
#[derive(clap::Args, Debug)]
#[command(after_help = MERGE_HELP)]
pub struct MergeArgs {
    /// The parts printed by every shard's `--shard i/n` run (or their checkpoints).
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,
}

const MERGE_HELP: &str = "\
Examples:
  parallel 'sieve queens count 16 --shard {}/8 > part{}.json' ::: 0 1 2 3 4 5 6 7
  sieve merge-shards part*.json                    14772512, as `sieve queens count 16`
  sieve map count --file maps.txt --shard 1/3 > map1.json
  sieve bench sudoku --file top1465.txt --format json --shard 2/4 > bench2.json

Prints exactly what one run of the command prints (standard output, messages
and exit code). Every shard 0/n to n-1/n must be given once, complete, and of
the same command: a missing, repeated, unfinished or foreign part is an input
error (exit 2) that names it. See docs/scale.md.";

/// The parts, checked to be every shard of one command once and complete; the
/// kind of result and every unit's result, in unit order.
pub fn gather(files: &[PathBuf]) -> Result<(String, Vec<serde_json::Value>), CliError> {
    let mut parts: Vec<(PathBuf, Part<serde_json::Value>)> = Vec::new();
    for path in files {
        parts.push((path.clone(), read_part(path)?));
    }
    let (first_path, first) = &parts[0];
    let first_shard: Shard = parse_shard(&first.shard).map_err(CliError::input)?;
    let count = first_shard.count();
    let mut by_index: Vec<Option<&PathBuf>> = vec![None; count];
    for (path, part) in &parts {
        let shard: Shard = parse_shard(&part.shard)
            .map_err(|error| CliError::input(format!("{}: {error}", path.display())))?;
        if part.kind != first.kind
            || part.command != first.command
            || part.units != first.units
            || shard.count() != count
        {
            return Err(CliError::input(format!(
                "{} (`{}`, shard {}, {} units) and {} (`{}`, shard {}, {} units) are parts \
                 of different runs",
                first_path.display(),
                first.command,
                first.shard,
                first.units,
                path.display(),
                part.command,
                part.shard,
                part.units
            )));
        }
        if let Some(earlier) = by_index[shard.index()] {
            return Err(CliError::input(format!(
                "shard {shard} is given twice: {} and {}",
                earlier.display(),
                path.display()
            )));
        }
        by_index[shard.index()] = Some(path);
        let owned = (0..part.units).filter(|unit| shard.owns(*unit));
        let missing = owned
            .filter(|unit| !part.finished.contains_key(unit))
            .count();
        if missing > 0 {
            return Err(CliError::input(format!(
                "{}: shard {shard} is unfinished ({missing} units left): run it again with \
                 its --checkpoint to finish it",
                path.display()
            )));
        }
        if let Some(stray) = part.finished.keys().find(|unit| !shard.owns(**unit)) {
            return Err(CliError::input(format!(
                "{}: unit {stray} does not belong to shard {shard}",
                path.display()
            )));
        }
    }
    let missing: Vec<String> = (0..count)
        .filter(|index| by_index[*index].is_none())
        .map(|index| format!("{index}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(CliError::input(format!(
            "{} {} {} missing: every shard from 0/{count} to {}/{count} is needed",
            if missing.len() == 1 {
                "shard"
            } else {
                "shards"
            },
            missing.join(", "),
            if missing.len() == 1 { "is" } else { "are" },
            count - 1
        )));
    }
    let kind = first.kind.clone();
    let mut units = BTreeMap::new();
    for (_, part) in parts {
        units.extend(part.finished);
    }
    Ok((kind, units.into_values().collect()))
}

/// `sieve merge-shards FILES...`: the result of one run, from its parts.
pub fn merge(args: MergeArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let (kind, units) = gather(&args.files)?;
    match kind.as_str() {
        crate::queens::COUNT_KIND => crate::queens::print_merged_count(&read(&kind, units)?, out),
        crate::zoo::COUNT_KIND => crate::zoo::print_merged_count(&read(&kind, units)?, out),
        crate::zoo::SUBTREES_KIND => crate::zoo::print_merged_subtrees(&read(&kind, units)?, out),
        crate::sudoku::COUNT_KIND => crate::sudoku::print_merged_count(&read(&kind, units)?, out),
        crate::sudoku_generate::GENERATE_KIND => {
            crate::sudoku_generate::print_merged(&read(&kind, units)?, out)
        }
        crate::bench::parts::BENCH_KIND => {
            crate::bench::parts::print_merged(&read(&kind, units)?, out)
        }
        other => Err(CliError::input(format!(
            "parts of `{other}`, which this sieve cannot merge"
        ))),
    }
}

/// The units of merged parts as the results of their kind.
fn read<R: DeserializeOwned>(
    kind: &str,
    units: Vec<serde_json::Value>,
) -> Result<Vec<R>, CliError> {
    units
        .into_iter()
        .map(|value| {
            serde_json::from_value(value)
                .map_err(|error| CliError::input(format!("a unit of the `{kind}` parts: {error}")))
        })
        .collect()
}
