//! `zoo`: Sieve against Simon Tatham's hand-written solvers, on the same game
//! IDs in the same run.
//!
//! ```text
//! cargo build --release -p sieve-cli
//! cargo run --release -p sieve-bench --bin zoo -- keen --generate 100 9dx
//! cargo run --release -p sieve-bench --bin zoo -- towers --file ids.txt \
//!     --tatham target/sgt-patched/bin --tatham target/sgt/bin --repeats 5 --json
//! ```
//!
//! Sieve solves the whole batch in one process (`sieve <puzzle> solve --format
//! line --file F`, which proves each answer unique); Tatham's solver
//! (`<puzzle>solver ID`, built by `../shared/tools/sgt-solvers.sh`) runs once an
//! ID, or once a batch where it takes several IDs (Unequal's). An untimed pass
//! first checks every answer, cell for cell; then the timed repeats run both on
//! the same slices in alternation, with probes of each side's process start-up,
//! so the comparison can be read with start-up counted or taken off. Exit code
//! 1 when any answer disagrees, 2 on a usage or input error.
//!
//! See "The zoo against Tatham's solvers" in bench/README.md.

mod report;
mod run;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use sieve_bench::zoo::compare::{PeerAnswer, Verdict};
use sieve_bench::zoo::ids::{generate_ids, read_ids, write_ids};
use sieve_bench::zoo::process::run_timed;
use sieve_bench::zoo::puzzle::ZooPuzzle;

use crate::report::Report;
use crate::run::Setup;

/// Command-line arguments.
#[derive(Parser, Debug)]
#[command(
    about = "Sieve and Tatham's hand-written solver on the same game IDs, in the same run: answers compared cell for cell, both timed",
    after_help = "Examples:\n  \
        zoo keen --generate 100 9dx --save-ids keen-9dx.txt\n  \
        zoo keen --file keen-9dx.txt --repeats 5 --json\n  \
        zoo unequal --generate 20 6du --tatham target/sgt-patched/bin\n  \
        zoo pattern --generate 20 10x10 --tatham-only     (Tatham's answers as zoo lines)\n\n\
        Exit codes: 0 all answers agree (or Tatham's solver failed, reported), \
        1 some answer disagrees, 2 usage or input error."
)]
struct Args {
    /// The puzzle, by Tatham's name (also the `sieve` command or its alias).
    #[arg(value_enum)]
    puzzle: ZooPuzzle,
    /// Read the game IDs from a file: one a line, blank and `#` lines skipped.
    #[arg(long, value_name = "PATH", conflicts_with = "generate")]
    file: Option<PathBuf>,
    /// Make N fresh IDs with Tatham's generator: `sgt-<puzzle> --generate N PARAMS`.
    #[arg(long, num_args = 2, value_names = ["N", "PARAMS"])]
    generate: Option<Vec<String>>,
    /// Write the IDs of the run to this file (read it back with --file).
    #[arg(long, value_name = "PATH")]
    save_ids: Option<PathBuf>,
    /// The `sieve` binary [default: `sieve` beside this binary, as `cargo build
    /// --release -p sieve-cli` leaves it].
    #[arg(long, value_name = "PATH")]
    sieve: Option<PathBuf>,
    /// A directory holding Tatham's `<puzzle>solver`; give it again to search
    /// several in order [default: `sgt/bin` in the target directory].
    #[arg(long, value_name = "DIR")]
    tatham: Vec<PathBuf>,
    /// Where Tatham's games (`sgt-<puzzle>`, for --generate) are.
    #[arg(long, value_name = "DIR", default_value = "/usr/games")]
    games: PathBuf,
    /// Timed repeats; the table gives the median repeat and the range.
    #[arg(long, default_value_t = 5)]
    repeats: usize,
    /// IDs a slice: both sides take turns slice by slice, Sieve one process a
    /// slice (0: the whole batch in one Sieve process).
    #[arg(long, default_value_t = 0)]
    slice: usize,
    /// Start-up probes of each side a repeat.
    #[arg(long, default_value_t = 10)]
    probes: usize,
    /// Run Tatham's solver once an ID even where it takes several (Unequal).
    #[arg(long)]
    tatham_per_id: bool,
    /// Print Tatham's answers as zoo lines (empty: no unique answer) and stop:
    /// no Sieve, no timing.
    #[arg(long)]
    tatham_only: bool,
    /// Print the report as JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// The run's name in the table [default: the generator's parameters or the
    /// file's name].
    #[arg(long)]
    label: Option<String>,
    /// An extra argument for `sieve <puzzle> solve` (repeatable), such as
    /// `--sieve-arg=--schedule --sieve-arg=priority`.
    #[arg(long = "sieve-arg", value_name = "ARG", allow_hyphen_values = true)]
    sieve_args: Vec<String>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("zoo: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &Args) -> Result<ExitCode, String> {
    if args.repeats == 0 || args.probes == 0 {
        return Err("--repeats and --probes must be at least 1".to_string());
    }
    let solver = find_solver(args)?;
    let (ids, label) = load_ids(args)?;
    if args.tatham_only {
        return print_tatham_lines(args.puzzle, &solver, &ids);
    }
    let sieve = args
        .sieve
        .clone()
        .unwrap_or_else(|| beside_this_binary("sieve"));
    if !sieve.is_file() {
        return Err(format!(
            "no sieve binary at {}: build it with `cargo build --release -p sieve-cli`, or give --sieve PATH",
            sieve.display()
        ));
    }
    let work_dir = std::env::temp_dir().join(format!("sieve-zoo-{}", std::process::id()));
    std::fs::create_dir_all(&work_dir)
        .map_err(|error| format!("{}: {error}", work_dir.display()))?;
    let outcome = compare_and_time(args, &ids, &label, sieve, solver, &work_dir);
    // The scratch files go whatever happened; failing to remove them is harmless.
    let _ = std::fs::remove_dir_all(&work_dir);
    outcome
}

/// The checking pass, the timed repeats and the report.
fn compare_and_time(
    args: &Args,
    ids: &[String],
    label: &str,
    sieve: PathBuf,
    solver: PathBuf,
    work_dir: &Path,
) -> Result<ExitCode, String> {
    let mut setup = Setup {
        puzzle: args.puzzle,
        ids,
        sieve,
        sieve_args: args.sieve_args.clone(),
        solver,
        repeats: args.repeats,
        slice: args.slice,
        probes: args.probes,
        tatham_batch: args.puzzle.solver_takes_several_ids() && !args.tatham_per_id,
        work_dir: work_dir.to_path_buf(),
    };
    setup.write_files()?;
    let checked = run::check(&setup)?;
    let mut notes = Vec::new();
    let failed = checked
        .results
        .iter()
        .any(|result| result.verdict == Verdict::PeerFailed);
    if setup.tatham_batch && failed {
        // One failing ID ends a whole batch process: time one process an ID.
        setup.tatham_batch = false;
        notes.push("Tatham's solver failed on some IDs, so it is timed one process an ID, not a batch a process.".to_string());
    }
    let timings = run::time_repeats(&setup, &checked)?;
    let report = Report::new(args.puzzle.name(), label, &checked, &timings);
    if args.json {
        let json = serde_json::to_string_pretty(&report).map_err(|error| error.to_string())?;
        println!("{json}");
    } else {
        print_table(&setup, &report, &notes);
    }
    let disagreed = report.disagree > 0 || !report.changed.is_empty();
    Ok(if disagreed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn print_table(setup: &Setup<'_>, report: &Report, notes: &[String]) {
    println!(
        "Sieve: {} {} solve --format line --file F {}",
        setup.sieve.display(),
        setup.puzzle.name(),
        setup.sieve_args.join(" ")
    );
    println!(
        "Tatham: {} ID{}",
        setup.solver.display(),
        if setup.tatham_batch {
            " ID ... (one process a slice)"
        } else {
            " (one process an ID)"
        }
    );
    println!(
        "{} timed repeats, the side going first alternating; medians [range], wall clock.",
        report.repeats
    );
    println!();
    println!("{}", Report::table_header());
    println!("{}", report.table_row());
    println!();
    for note in notes.iter().cloned().chain(report.notes()) {
        println!("{note}");
    }
}

/// The IDs of the run, and the label of its row.
fn load_ids(args: &Args) -> Result<(Vec<String>, String), String> {
    let (ids, label, comments) = match (&args.file, &args.generate) {
        (Some(path), _) => {
            let ids = read_ids(path).map_err(|error| error.to_string())?;
            let name = path
                .file_stem()
                .map_or_else(String::new, |stem| stem.to_string_lossy().into_owned());
            (ids, name, vec![format!("read from {}", path.display())])
        }
        (None, Some(generate)) => {
            let [count, params] = &generate[..] else {
                return Err("--generate takes N and PARAMS".to_string());
            };
            let count: usize = count
                .parse()
                .ok()
                .filter(|&count| count > 0)
                .ok_or_else(|| format!("--generate: `{count}` is not a positive number of IDs"))?;
            let ids = generate_ids(&args.games, args.puzzle, count, params)
                .map_err(|error| error.to_string())?;
            let command = format!("sgt-{} --generate {count} {params}", args.puzzle.name());
            (
                ids,
                params.clone(),
                vec![format!(
                    "made by `{command}` (sgt-puzzles), for the zoo harness"
                )],
            )
        }
        (None, None) => return Err("give the IDs: --file PATH or --generate N PARAMS".to_string()),
    };
    if let Some(path) = &args.save_ids {
        write_ids(path, &comments, &ids).map_err(|error| error.to_string())?;
    }
    Ok((ids, args.label.clone().unwrap_or(label)))
}

/// Tatham's solver: the first of the --tatham directories that has it.
fn find_solver(args: &Args) -> Result<PathBuf, String> {
    let file = args.puzzle.solver_file();
    let dirs = if args.tatham.is_empty() {
        vec![target_dir().join("sgt").join("bin")]
    } else {
        args.tatham.clone()
    };
    dirs.iter()
        .map(|dir| dir.join(&file))
        .find(|path| path.is_file())
        .ok_or_else(|| {
            let looked: Vec<String> = dirs.iter().map(|dir| dir.display().to_string()).collect();
            format!(
                "Tatham's {file} is not in {}: build his solvers with `bash ../shared/tools/sgt-solvers.sh target/sgt` (from the workspace), then pass --tatham target/sgt/bin",
                looked.join(", ")
            )
        })
}

/// `--tatham-only`: Tatham's answers as zoo lines, failures on standard error.
fn print_tatham_lines(
    puzzle: ZooPuzzle,
    solver: &Path,
    ids: &[String],
) -> Result<ExitCode, String> {
    for (index, id) in ids.iter().enumerate() {
        let finished =
            run_timed(solver, &[id]).map_err(|error| format!("{}: {error}", solver.display()))?;
        match PeerAnswer::of_process(puzzle, id, &finished) {
            PeerAnswer::Solved(line) => println!("{line}"),
            other => {
                println!();
                eprintln!("ID {} `{id}`: {}", index + 1, other.describe());
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A file beside this binary (`target/release/` when run by cargo).
fn beside_this_binary(name: &str) -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join(name)))
        .unwrap_or_else(|| target_dir().join("release").join(name))
}

/// The cargo target directory this binary was built into (`CARGO_TARGET_DIR`
/// or `target` when that cannot be told).
fn target_dir() -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.to_path_buf()))
        .or_else(|| std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("target"))
}
