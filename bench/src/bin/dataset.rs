//! The sudoku dataset runner: Sieve and the published `sudoku` crate, side by side in
//! the same run, on whole puzzle files.
//!
//! ```text
//! cargo run --release -p sieve-bench --bin dataset -- \
//!     ../shared/data/sudoku/17_clue.txt ../shared/data/sudoku/magictour_top1465.txt \
//!     ../shared/data/sudoku/forum_hardest_1106.txt [--limit N] [--rounds R]
//! ```
//!
//! Both solvers solve each puzzle **and prove it unique** (they stop at a second
//! solution). Before timing, one untimed pass checks every Sieve solution with the
//! independent validator (`check_solution`), checks that both solvers agree on every
//! answer, and gathers Sieve's counters (branches and rule runs per puzzle).
//!
//! The machine may be shared and noisy, so the two solvers are timed in alternation:
//! each file is cut into slices of a few dozen puzzles, and for each slice both solvers
//! run it back to back (taking turns at going first). Both see the same load, and the
//! ratio between them stays meaningful even when the absolute figures wander. Each
//! round times the whole file; the table shows the median round.
//!
//! Parsing is outside the timed region for both.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use sieve::Config;
use sieve_sudoku::{Answer, Grid, Shape, Solver, SudokuModel, check_solution};

/// Command-line arguments.
#[derive(Parser, Debug)]
#[command(about = "Sieve and the `sudoku` crate on sudoku files, in the same run")]
struct Args {
    /// Puzzle files: one 81-character puzzle a line.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Use only the first N puzzles of each file.
    #[arg(long)]
    limit: Option<usize>,
    /// Timed rounds over each file; the median round is reported.
    #[arg(long, default_value_t = 5)]
    rounds: usize,
    /// Puzzles per slice: the solvers alternate slice by slice.
    #[arg(long, default_value_t = 32)]
    slice: usize,
    /// Time only one solver (for profiling); both are still verified.
    #[arg(long, value_enum, default_value = "both")]
    only: Only,
}

/// Which solvers the timed rounds run.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Only {
    /// Sieve and the `sudoku` crate, alternating.
    Both,
    /// Sieve alone.
    Sieve,
    /// The `sudoku` crate alone.
    Peer,
}

/// One puzzle, read by both solvers.
struct Puzzle {
    grid: Grid,
    peer: sudoku::Sudoku,
}

/// What the untimed verification pass learned about one file.
#[derive(Default)]
struct Verified {
    /// Puzzles with exactly one solution (by both solvers).
    unique: usize,
    /// Decisions Sieve tried, summed.
    branches: u64,
    /// Rule actions Sieve ran, summed.
    propagations: u64,
}

/// One line of the result table.
struct Row {
    name: String,
    puzzles: usize,
    sieve: Option<f64>,
    peer: Option<f64>,
    verified: Verified,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("dataset: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    if args.rounds == 0 || args.slice == 0 {
        return Err("--rounds and --slice must be at least 1".to_string());
    }
    let model = SudokuModel::fast(Shape::classic()).map_err(|e| e.to_string())?;
    let mut solver = Solver::new(&model, Config::default()).map_err(|e| e.to_string())?;
    let mut rows = Vec::new();
    for path in &args.files {
        let puzzles = load(path, args.limit)?;
        let verified = verify(&mut solver, &puzzles, path)?;
        let (sieve, peer) = time_rounds(&mut solver, &puzzles, args);
        let row = Row {
            name: file_label(path),
            puzzles: puzzles.len(),
            sieve,
            peer,
            verified,
        };
        eprintln!("{}", format_row(&row));
        rows.push(row);
    }
    print_table(&rows, args);
    Ok(())
}

/// The file name without its extension, as the table's set name.
fn file_label(path: &Path) -> String {
    path.file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// Read a file of one-line puzzles for both solvers, naming the line of a bad one.
fn load(path: &Path, limit: Option<usize>) -> Result<Vec<Puzzle>, String> {
    let text =
        std::fs::read_to_string(path).map_err(|error| format!("{}: {error}", path.display()))?;
    let mut puzzles = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if limit.is_some_and(|limit| puzzles.len() >= limit) {
            break;
        }
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let at = || format!("{}: line {}", path.display(), index + 1);
        let grid = Grid::parse(line).map_err(|error| format!("{}: {error}", at()))?;
        if grid.shape() != Shape::classic() {
            return Err(format!("{}: not a 9x9 puzzle", at()));
        }
        let peer = sudoku::Sudoku::from_str_line(line)
            .map_err(|error| format!("{}: the sudoku crate cannot read it: {error}", at()))?;
        puzzles.push(Puzzle { grid, peer });
    }
    if puzzles.is_empty() {
        return Err(format!("{}: no puzzles", path.display()));
    }
    Ok(puzzles)
}

/// The `sudoku` crate's answer: how many solutions (up to 2), and the first.
fn peer_solve(puzzle: sudoku::Sudoku) -> (usize, [u8; 81]) {
    let mut found = [[0u8; 81]];
    let count = puzzle.solutions_up_to_buffer(&mut found, 2);
    (count, found[0])
}

/// The untimed pass: check every Sieve solution independently, check that both
/// solvers agree, and gather Sieve's counters.
fn verify(solver: &mut Solver<'_>, puzzles: &[Puzzle], path: &Path) -> Result<Verified, String> {
    let mut verified = Verified::default();
    for (index, puzzle) in puzzles.iter().enumerate() {
        let at = || format!("{}: puzzle {}", path.display(), index + 1);
        let answer = solver
            .solve_unique(&puzzle.grid)
            .map_err(|e| format!("{}: {e}", at()))?;
        let counters = solver.counters();
        verified.branches += counters.nodes.saturating_sub(1);
        verified.propagations += counters.propagations;
        let (peer_count, peer_first) = peer_solve(puzzle.peer);
        match (&answer, peer_count) {
            (Answer::Solved(solution), 1) => {
                check_solution(&puzzle.grid, solution)
                    .map_err(|violation| format!("{}: wrong Sieve solution: {violation}", at()))?;
                let ours: Vec<u8> = solution
                    .cells()
                    .iter()
                    .map(|v| v.unwrap_or(0) + 1)
                    .collect();
                if ours[..] != peer_first[..] {
                    return Err(format!("{}: the solvers give different solutions", at()));
                }
                verified.unique += 1;
            }
            (Answer::Several(..), 2) | (Answer::NoSolution, 0) => {}
            (answer, count) => {
                return Err(format!(
                    "{}: the solvers disagree: Sieve {}, the sudoku crate {count} solution(s)",
                    at(),
                    describe(answer)
                ));
            }
        }
    }
    Ok(verified)
}

fn describe(answer: &Answer) -> &'static str {
    match answer {
        Answer::NoSolution => "no solution",
        Answer::Solved(_) => "one solution",
        Answer::Several(..) => "several solutions",
        Answer::Stopped(_) => "stopped",
    }
}

/// Time every round, the solvers alternating slice by slice; the median round's
/// puzzles per second for each.
fn time_rounds(
    solver: &mut Solver<'_>,
    puzzles: &[Puzzle],
    args: &Args,
) -> (Option<f64>, Option<f64>) {
    let mut sieve_rounds = Vec::new();
    let mut peer_rounds = Vec::new();
    for round in 0..args.rounds {
        let (mut sieve_total, mut peer_total) = (Duration::ZERO, Duration::ZERO);
        for (index, slice) in puzzles.chunks(args.slice).enumerate() {
            let sieve_first = (round + index) % 2 == 0;
            for turn in 0..2 {
                let sieve_turn = (turn == 0) == sieve_first;
                match (sieve_turn, args.only) {
                    (true, Only::Both | Only::Sieve) => sieve_total += time_sieve(solver, slice),
                    (false, Only::Both | Only::Peer) => peer_total += time_peer(slice),
                    _ => {}
                }
            }
        }
        sieve_rounds.push(sieve_total);
        peer_rounds.push(peer_total);
    }
    let rate = |rounds: &mut Vec<Duration>, used: bool| {
        used.then(|| puzzles.len() as f64 / median(rounds).as_secs_f64())
    };
    (
        rate(&mut sieve_rounds, args.only != Only::Peer),
        rate(&mut peer_rounds, args.only != Only::Sieve),
    )
}

fn time_sieve(solver: &mut Solver<'_>, slice: &[Puzzle]) -> Duration {
    let start = Instant::now();
    for puzzle in slice {
        black_box(solver.solve_unique(black_box(&puzzle.grid)).ok());
    }
    start.elapsed()
}

fn time_peer(slice: &[Puzzle]) -> Duration {
    let start = Instant::now();
    for puzzle in slice {
        black_box(peer_solve(black_box(puzzle.peer)));
    }
    start.elapsed()
}

fn median(durations: &mut [Duration]) -> Duration {
    durations.sort_unstable();
    durations[durations.len() / 2].max(Duration::from_nanos(1))
}

fn rate_text(rate: Option<f64>) -> String {
    rate.map_or_else(|| "-".to_string(), |rate| format!("{rate:.0}"))
}

fn format_row(row: &Row) -> String {
    let per_puzzle = |total: u64| total as f64 / row.puzzles as f64;
    let ratio = match (row.sieve, row.peer) {
        (Some(sieve), Some(peer)) => format!("{:.3}", sieve / peer),
        _ => "-".to_string(),
    };
    format!(
        "| {} | {} | {} | {} | {} | {:.1} | {:.1} |",
        row.name,
        row.puzzles,
        rate_text(row.sieve),
        rate_text(row.peer),
        ratio,
        per_puzzle(row.verified.branches),
        per_puzzle(row.verified.propagations),
    )
}

fn print_table(rows: &[Row], args: &Args) {
    println!(
        "Solving and proving uniqueness; median of {} round(s), slices of {} puzzles.",
        args.rounds, args.slice
    );
    println!();
    println!(
        "| set | puzzles | Sieve puzzles/s | sudoku crate puzzles/s | ratio Sieve/crate | Sieve branches/puzzle | Sieve propagations/puzzle |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    for row in rows {
        println!("{}", format_row(row));
    }
    let unique: usize = rows.iter().map(|row| row.verified.unique).sum();
    let total: usize = rows.iter().map(|row| row.puzzles).sum();
    println!();
    println!(
        "Verified: {unique} of {total} puzzles unique, every Sieve solution checked and equal to the sudoku crate's."
    );
}
