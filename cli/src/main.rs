//! The `sieve` command line: puzzles as rule sets over the Sieve engine.

mod bench;
mod binairo;
mod boards;
mod common;
mod dominosa;
mod filling;
mod fzn;
mod galaxies;
// Puzzle command modules: one file each.
mod hint;
mod hitori;
mod keen;
mod lightup;
mod loopy;
mod magic;
mod magnets;
mod map;
mod nonogram;
mod page_hints;
mod pearl;
mod play;
mod progress;
mod queens;
mod shards;
mod signpost;
mod skyscrapers;
mod slant;
mod solo;
mod stages;
mod sudoku;
mod sudoku_generate;
mod sudoku_hints;
mod teach;
mod tents;
mod towers;
mod tracks;
mod unequal;
mod zoo;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use common::{CliError, EXIT_CLOSED, EXIT_HELP, Outcome, cut_long_tokens};

/// Solve, count, rate, explain and generate puzzles with a generic
/// constraint-propagation engine.
#[derive(Parser, Debug)]
#[command(name = "sieve", version, about, after_help = EXIT_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// `defer`: each command's arguments are built only when that command runs.
/// Building all of them took 2.5 M instructions at every start (callgrind,
/// `sieve queens count 1`: 3.60 M with them, 0.74 M without; bench/README
/// "Start of the engine-API work").
#[derive(Subcommand, Debug)]
#[command(defer = true)]
enum Command {
    /// Benchmark a matrix of strategies (schedules x restores x variable orders x rule
    /// sets) on a file of puzzles, checking that every strategy agrees.
    Bench(bench::Bench),
    /// Dominosa from Simon Tatham's Dominosa game IDs: solve and count.
    Dominosa(dominosa::Args),
    /// Solve a FlatZinc model (MiniZinc's solver input) with the FlatZinc solver
    /// interface's flags.
    Fzn(fzn::Args),
    /// Join the parts printed by `--shard i/n` runs into exactly what one run prints.
    MergeShards(shards::MergeArgs),
    /// Write a MiniZinc solver configuration (sieve.msc and its mznlib) into a
    /// folder, for `MZN_SOLVER_PATH=DIR minizinc --solver sieve`.
    MinizincConfig(fzn::ConfigArgs),
    /// Binairo from Simon Tatham's Unruly game IDs, with his unique-rows mode: solve
    /// and count.
    #[command(visible_alias = "unruly")]
    Binairo(binairo::Args),
    /// Hitori from Simon Tatham's Singles game IDs: solve and count.
    #[command(visible_alias = "singles")]
    Hitori(hitori::Args),
    /// Fillomino from Simon Tatham's Filling game IDs: regions of equal numbers as
    /// large as their number; solve, count, rate and explain.
    #[command(visible_alias = "filling")]
    Fillomino(filling::Args),
    /// Spiral galaxies from Simon Tatham's Galaxies game IDs: regions symmetric about
    /// their dots; solve, count, rate and explain.
    Galaxies(galaxies::Args),
    /// KenKen from Simon Tatham's Keen game IDs, with his multiplication-only mode:
    /// solve, count, rate and explain.
    #[command(visible_alias = "kenken")]
    Keen(keen::Args),
    /// Masyu from Simon Tatham's Pearl game IDs: solve, count, rate and explain.
    #[command(visible_alias = "pearl")]
    Masyu(pearl::Args),
    /// Light Up (Akari) from Simon Tatham's game IDs: lights that light every empty
    /// square and never see each other; solve, count, rate and explain.
    #[command(visible_alias = "akari")]
    Lightup(lightup::Args),
    /// Magic squares: construct, play the visible-cell puzzle, complete and count.
    Magic(magic::Args),
    /// Simon Tatham's Magnets from his game IDs: dominoes that are magnets or neutral,
    /// like poles never side by side; solve, count, rate and explain.
    Magnets(magnets::Args),
    /// The four-colour map puzzle from Simon Tatham's Map game IDs: solve and count.
    Map(map::Args),
    /// Nonograms from Simon Tatham's Pattern game IDs (column and row run clues):
    /// solve and count.
    #[command(visible_alias = "pattern")]
    Nonogram(nonogram::Args),
    /// N-queens: Constraint.Queen's classic walk, search and counting, repair at scale.
    Queens(queens::Args),
    /// Skyscrapers of any size: solve, count, rate by tier of rules, and generate.
    Skyscrapers(skyscrapers::Args),
    /// Slant (Gokigen Naname) from Simon Tatham's Slant game IDs: solve and count.
    Slant(slant::Args),
    /// Slitherlink from Simon Tatham's Loopy game IDs (square grid): solve, count, rate
    /// and explain.
    #[command(visible_alias = "loopy")]
    Slitherlink(loopy::Args),
    /// Simon Tatham's Solo from his game IDs: sudoku of any box shape, jigsaw, X and
    /// killer; solve, count, rate and explain.
    Solo(solo::Args),
    /// Simon Tatham's Signpost from his game IDs: one path along the arrows, numbered;
    /// solve, count, rate and explain.
    Signpost(signpost::Args),
    /// Sudoku of any box shape: solve, count, rate, hint, steps and candidates.
    Sudoku(sudoku::Args),
    /// Simon Tatham's Tents from his game IDs: a tent beside each tree, never touching;
    /// solve, count, rate and explain.
    Tents(tents::Args),
    /// Simon Tatham's Towers (skyscrapers) from his game IDs: solve, count, rate and
    /// explain.
    Towers(towers::Args),
    /// Train tracks from Simon Tatham's Tracks game IDs: solve, count, rate and explain.
    Tracks(tracks::Args),
    /// Futoshiki from Simon Tatham's Unequal game IDs, with his adjacent mode: solve,
    /// count, rate and explain.
    #[command(visible_alias = "futoshiki")]
    Unequal(unequal::Args),
}

fn run(command: Command, out: &mut dyn Write) -> Result<Outcome, CliError> {
    match command {
        Command::Bench(args) => bench::run(args, out),
        Command::Dominosa(args) => dominosa::run(args, out),
        Command::Fzn(args) => fzn::run(args, out),
        Command::MinizincConfig(args) => fzn::config(args, out),
        Command::MergeShards(args) => shards::merge(args, out),
        Command::Binairo(args) => binairo::run(args, out),
        Command::Hitori(args) => hitori::run(args, out),
        Command::Fillomino(args) => filling::run(args, out),
        Command::Galaxies(args) => galaxies::run(args, out),
        Command::Keen(args) => keen::run(args, out),
        Command::Lightup(args) => lightup::run(args, out),
        Command::Magic(args) => magic::run(args, out),
        Command::Magnets(args) => magnets::run(args, out),
        Command::Map(args) => map::run(args, out),
        Command::Nonogram(args) => nonogram::run(args, out),
        Command::Queens(args) => queens::run(args, out),
        Command::Skyscrapers(args) => skyscrapers::run(args, out),
        Command::Slant(args) => slant::run(args, out),
        Command::Masyu(args) => pearl::run(args, out),
        Command::Slitherlink(args) => loopy::run(args, out),
        Command::Solo(args) => solo::run(args, out),
        Command::Signpost(args) => signpost::run(args, out),
        Command::Sudoku(args) => sudoku::run(args, out),
        Command::Tents(args) => tents::run(args, out),
        Command::Towers(args) => towers::run(args, out),
        Command::Tracks(args) => tracks::run(args, out),
        Command::Unequal(args) => unequal::run(args, out),
    }
}

fn main() -> ExitCode {
    let cli = match parse_arguments() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = run(cli.command, &mut out).and_then(|outcome| {
        common::finish(&mut out)?;
        Ok(outcome)
    });
    match result {
        Ok(outcome) => outcome.exit_code(),
        Err(error) if error.is_closed_stream() => ExitCode::from(EXIT_CLOSED),
        Err(error) => match common::warn(format_args!("sieve: {error}")) {
            Err(closed) if closed.is_closed_stream() => ExitCode::from(EXIT_CLOSED),
            _ => ExitCode::from(2),
        },
    }
}

/// The command line, or the exit code once clap has answered (help, version, or a
/// usage error, which echoes a long value cut at 80 characters with its length).
fn parse_arguments() -> Result<Cli, ExitCode> {
    let error = match Cli::try_parse() {
        Ok(cli) => return Ok(cli),
        Err(error) => error,
    };
    let code = u8::try_from(error.exit_code()).unwrap_or(2);
    let rendered = error.render().to_string();
    let cut = cut_long_tokens(&rendered);
    let written = if cut == rendered {
        error.print()
    } else if error.use_stderr() {
        write!(io::stderr().lock(), "{cut}")
    } else {
        write!(io::stdout().lock(), "{cut}")
    };
    match written {
        Err(_) => Err(ExitCode::from(EXIT_CLOSED)),
        Ok(()) => Err(ExitCode::from(code)),
    }
}
