//! The runs: one untimed pass that checks every answer, then the timed
//! repeats, Sieve and Tatham's solver taking turns on the same slices.

use std::path::{Path, PathBuf};
use std::time::Duration;

use sieve_bench::zoo::compare::{PeerAnswer, Verdict, failure, judge};
use sieve_bench::zoo::process::{Ending, Finished, run_timed};
use sieve_bench::zoo::puzzle::ZooPuzzle;

/// What the runs need to know.
pub struct Setup<'a> {
    /// The puzzle.
    pub puzzle: ZooPuzzle,
    /// The game IDs, in order.
    pub ids: &'a [String],
    /// The `sieve` binary.
    pub sieve: PathBuf,
    /// Extra arguments for `sieve <puzzle> solve`.
    pub sieve_args: Vec<String>,
    /// Tatham's solver.
    pub solver: PathBuf,
    /// Timed repeats.
    pub repeats: usize,
    /// IDs per slice (the whole batch when 0).
    pub slice: usize,
    /// Start-up probes of each side per repeat.
    pub probes: usize,
    /// Whether Tatham's solver gets a whole slice in one process.
    pub tatham_batch: bool,
    /// A scratch directory for the slice files.
    pub work_dir: PathBuf,
}

impl Setup<'_> {
    /// The IDs cut into the slices both sides take turns on.
    fn slices(&self) -> Vec<&[String]> {
        let size = if self.slice == 0 {
            self.ids.len()
        } else {
            self.slice
        };
        self.ids.chunks(size.max(1)).collect()
    }

    /// The file holding slice `index` for `sieve --file`.
    fn slice_file(&self, index: usize) -> PathBuf {
        self.work_dir.join(format!("slice-{index}.txt"))
    }

    /// An empty ID file: Sieve's start-up probe reads it.
    fn empty_file(&self) -> PathBuf {
        self.work_dir.join("empty.txt")
    }

    /// Writes the slice files and the empty file.
    pub fn write_files(&self) -> Result<(), String> {
        let write = |path: PathBuf, text: String| {
            std::fs::write(&path, text).map_err(|error| format!("{}: {error}", path.display()))
        };
        for (index, slice) in self.slices().iter().enumerate() {
            write(self.slice_file(index), slice.join("\n") + "\n")?;
        }
        write(self.empty_file(), String::new())
    }
}

/// One ID's outcome in the checking pass.
pub struct IdResult {
    /// The ID.
    pub id: String,
    /// Sieve's line, `None` when it printed an empty line (no unique answer).
    pub sieve: Option<String>,
    /// Tatham's answer, as judged (for Solo, `-g`'s verdict where Sieve found
    /// no unique answer).
    pub tatham: PeerAnswer,
    /// What Tatham's solver printed, read: timed runs must print the same.
    pub tatham_printed: PeerAnswer,
    /// The verdict.
    pub verdict: Verdict,
}

/// What the checking pass found.
pub struct Checked {
    /// Every ID's outcome, in order.
    pub results: Vec<IdResult>,
    /// Bytes Tatham's solver printed over all IDs (its working included).
    pub tatham_output_bytes: usize,
}

/// The untimed pass: Sieve once over the whole batch, Tatham's solver once an
/// ID (so that a crash is pinned on its ID), every answer judged.
pub fn check(setup: &Setup<'_>) -> Result<Checked, String> {
    let all = setup.work_dir.join("all.txt");
    std::fs::write(&all, setup.ids.join("\n") + "\n")
        .map_err(|error| format!("{}: {error}", all.display()))?;
    let (sieve_lines, _) = run_sieve(setup, &all, setup.ids.len())?;
    let mut results = Vec::with_capacity(setup.ids.len());
    let mut tatham_output_bytes = 0;
    for (id, sieve) in setup.ids.iter().zip(sieve_lines) {
        let finished = run_tatham(setup, &[id.as_str()])?;
        tatham_output_bytes += finished.stdout.len();
        let tatham_printed = PeerAnswer::of_process(setup.puzzle, id, &finished);
        let mut tatham = tatham_printed.clone();
        let mut verdict = judge(sieve.as_deref(), &tatham);
        if verdict == Verdict::Disagree
            && sieve.is_none()
            && !setup.puzzle.output_states_uniqueness()
        {
            tatham = graded_verdict(setup, id)?.unwrap_or(tatham);
            verdict = judge(None, &tatham);
        }
        results.push(IdResult {
            id: id.clone(),
            sieve,
            tatham,
            tatham_printed,
            verdict,
        });
    }
    Ok(Checked {
        results,
        tatham_output_bytes,
    })
}

/// Solo's plain output shows the first solution even of an ambiguous puzzle;
/// where Sieve found no unique answer, ask `-g` for the solver's verdict.
fn graded_verdict(setup: &Setup<'_>, id: &str) -> Result<Option<PeerAnswer>, String> {
    let finished = run_timed(&setup.solver, &["-g", id])
        .map_err(|error| format!("{}: {error}", setup.solver.display()))?;
    let rating = finished
        .stdout
        .lines()
        .next()
        .unwrap_or("")
        .trim()
        .to_string();
    let no_answer = rating.contains("Ambiguous") || rating.contains("Impossible");
    Ok(no_answer.then_some(PeerAnswer::NoUniqueSolution(rating)))
}

/// Runs Sieve over the IDs of `file` (`expected` of them): its lines, `None`
/// for an empty one, and the process.
fn run_sieve(
    setup: &Setup<'_>,
    file: &Path,
    expected: usize,
) -> Result<(Vec<Option<String>>, Finished), String> {
    let mut args = vec![
        setup.puzzle.name().to_string(),
        "solve".to_string(),
        "--format".to_string(),
        "line".to_string(),
        "--file".to_string(),
        file.display().to_string(),
    ];
    args.extend(setup.sieve_args.iter().cloned());
    let finished = run_timed(&setup.sieve, &args)
        .map_err(|error| format!("{}: {error}", setup.sieve.display()))?;
    // Exit 1 only says that some puzzle had no unique answer: its line is empty.
    if !matches!(finished.ending(), Ending::Success | Ending::Exited(1)) {
        let hint = if finished.stderr.contains("unrecognized subcommand") {
            format!(" (sieve has no `{}` command yet)", setup.puzzle.name())
        } else {
            String::new()
        };
        return Err(format!(
            "`sieve {}` {}{hint}",
            args.join(" "),
            failure(finished.ending(), &finished.stderr)
        ));
    }
    let lines: Vec<Option<String>> = finished
        .stdout
        .lines()
        .map(|line| (!line.is_empty()).then(|| line.to_string()))
        .collect();
    if lines.len() != expected {
        return Err(format!(
            "sieve printed {} lines for {expected} IDs of {}",
            lines.len(),
            file.display()
        ));
    }
    Ok((lines, finished))
}

/// Runs Tatham's solver on `ids` (one, unless it takes several).
fn run_tatham(setup: &Setup<'_>, ids: &[&str]) -> Result<Finished, String> {
    run_timed(&setup.solver, ids).map_err(|error| format!("{}: {error}", setup.solver.display()))
}

/// The timed repeats' measurements.
pub struct Timings {
    /// Sieve's total over all slices, one a repeat.
    pub sieve: Vec<Duration>,
    /// Tatham's total over all IDs, one a repeat.
    pub tatham: Vec<Duration>,
    /// Sieve's start-up probes: a process over an empty ID file.
    pub sieve_probes: Vec<Duration>,
    /// Tatham's start-up probes: his solver given an unknown option.
    pub tatham_probes: Vec<Duration>,
    /// Sieve processes a repeat.
    pub sieve_processes: usize,
    /// Tatham processes a repeat.
    pub tatham_processes: usize,
    /// Answers in a timed run that differ from the checking pass.
    pub changed: Vec<String>,
}

/// The timed repeats: each repeat probes both start-ups, then runs every slice
/// on both sides back to back, the side going first alternating by repeat and
/// slice, so that both see the same load.
pub fn time_repeats(setup: &Setup<'_>, checked: &Checked) -> Result<Timings, String> {
    let slices = setup.slices();
    let mut timings = Timings {
        sieve: Vec::new(),
        tatham: Vec::new(),
        sieve_probes: Vec::new(),
        tatham_probes: Vec::new(),
        sieve_processes: slices.len(),
        tatham_processes: if setup.tatham_batch {
            slices.len()
        } else {
            setup.ids.len()
        },
        changed: Vec::new(),
    };
    for repeat in 0..setup.repeats {
        probe_start_ups(setup, &mut timings)?;
        let (mut sieve_total, mut tatham_total) = (Duration::ZERO, Duration::ZERO);
        let mut first = 0;
        for (index, slice) in slices.iter().enumerate() {
            let answers = &checked.results[first..first + slice.len()];
            first += slice.len();
            let sieve_first = (repeat + index) % 2 == 0;
            for turn in 0..2 {
                if (turn == 0) == sieve_first {
                    sieve_total += time_sieve(setup, index, answers, &mut timings.changed)?;
                } else {
                    tatham_total += time_tatham(setup, slice, answers, &mut timings.changed)?;
                }
            }
        }
        timings.sieve.push(sieve_total);
        timings.tatham.push(tatham_total);
    }
    Ok(timings)
}

/// Times both start-ups, alternately.
fn probe_start_ups(setup: &Setup<'_>, timings: &mut Timings) -> Result<(), String> {
    let empty = setup.empty_file();
    for _ in 0..setup.probes {
        let probe = run_timed(&setup.solver, &["--zoo-start-up-probe"])
            .map_err(|error| format!("{}: {error}", setup.solver.display()))?;
        if probe.ending() == Ending::Success {
            return Err(format!(
                "{} accepted an unknown option: its start-up cannot be probed",
                setup.solver.display()
            ));
        }
        timings.tatham_probes.push(probe.elapsed);
        let (_, finished) = run_sieve(setup, &empty, 0)?;
        timings.sieve_probes.push(finished.elapsed);
    }
    Ok(())
}

/// Times Sieve on slice `index`, noting any answer that changed.
fn time_sieve(
    setup: &Setup<'_>,
    index: usize,
    answers: &[IdResult],
    changed: &mut Vec<String>,
) -> Result<Duration, String> {
    let (lines, finished) = run_sieve(setup, &setup.slice_file(index), answers.len())?;
    for (line, answer) in lines.iter().zip(answers) {
        if *line != answer.sieve {
            changed.push(format!("Sieve's answer changed for {}", answer.id));
        }
    }
    Ok(finished.elapsed)
}

/// Times Tatham's solver on a slice (one process an ID, or one for the slice),
/// noting any answer that changed.
fn time_tatham(
    setup: &Setup<'_>,
    slice: &[String],
    answers: &[IdResult],
    changed: &mut Vec<String>,
) -> Result<Duration, String> {
    let mut total = Duration::ZERO;
    let mut now = Vec::with_capacity(slice.len());
    if setup.tatham_batch {
        let ids: Vec<&str> = slice.iter().map(String::as_str).collect();
        let finished = run_tatham(setup, &ids)?;
        total += finished.elapsed;
        match finished.ending() {
            Ending::Success => now.extend(
                setup
                    .puzzle
                    .read_batch_output(&ids, &finished.stdout)
                    .into_iter()
                    .map(PeerAnswer::of_output),
            ),
            ending => now.extend(
                ids.iter()
                    .map(|_| PeerAnswer::Failed(failure(ending, &finished.stderr))),
            ),
        }
    } else {
        for id in slice {
            let finished = run_tatham(setup, &[id.as_str()])?;
            total += finished.elapsed;
            now.push(PeerAnswer::of_process(setup.puzzle, id, &finished));
        }
    }
    for (answer, checked) in now.iter().zip(answers) {
        if *answer != checked.tatham_printed {
            changed.push(format!(
                "Tatham's answer changed for {}: {}",
                checked.id,
                answer.describe()
            ));
        }
    }
    Ok(total)
}
