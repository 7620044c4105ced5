//! `sieve hitori` (alias `sieve singles`): Simon Tatham's Singles game IDs
//! over the singles crate.

use std::io::Write;

use sieve::{Config, Count, Counters, Uniqueness};
use sieve_singles::{Puzzle, Shading, check, draw, format_singles_line, parse_singles_id};

use crate::common::{CliError, Outcome};
use crate::zoo::{self, CountArgs, SolveArgs, ZooPuzzle};

const HITORI_EXAMPLES: &str = "\
Examples:
  sieve hitori solve '5x5:5512221453242554512111533'
  sieve singles solve --format line '8x8:2353761166133857584731247582443365788415711645741428653827415287'
  sgt-singles --generate 20 8x8dk | sieve hitori solve --format line --file -
  sieve hitori count '3x3:123231312'

A game ID is Simon Tatham's `params:description`, as `sgt-singles --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: the size
WxH (or W for a square), each side from 2 to 62; a difficulty (de, dk) is
ignored. The description: one character a cell, row by row, the number
1-9, then a-z for 10-35 and A-Z for 36-61, each at most the larger side.
Shade cells so that no number is unshaded twice in a row or column, no two
shaded cells are side by side, and the unshaded cells are all connected.";

const SOLVE_EXAMPLES: &str = "\
Examples:
  sieve hitori solve '5x5:5512221453242554512111533'
  sieve hitori solve --format line --file ids.txt

Proves the solution unique (exit 1 and a message when it is not). --format
grid (the default) draws the grid with # for each shaded cell and the
numbers of the others; --format line prints one line a puzzle, # (shaded)
or . for each cell row by row, and nothing else: an empty line for a puzzle
without exactly one solution. A malformed ID is an input error (exit 2)
naming the offset in the parameters or the description.";

const COUNT_EXAMPLES: &str = "\
Examples:
  sieve hitori count '3x3:123231312'
  sieve hitori count --limit 10 '4x4:1234214334124321'

One number a puzzle. Exit code 1 when a puzzle has no solution.";

/// `sieve hitori`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = HITORI_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: HitoriCommand,
}

#[derive(clap::Subcommand, Debug)]
enum HitoriCommand {
    /// Solve game IDs and prove each solution unique.
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Count the solutions of game IDs.
    #[command(after_help = COUNT_EXAMPLES)]
    Count(CountArgs),
}

/// Run `sieve hitori ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    match args.command {
        HitoriCommand::Solve(args) => zoo::solve::<Hitori>(&args, out),
        HitoriCommand::Count(args) => zoo::count::<Hitori>(&args, out),
    }
}

/// Hitori over the singles crate.
struct Hitori;

impl ZooPuzzle for Hitori {
    type Puzzle = Puzzle;
    type Solution = Shading;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_singles_id(id).map_err(|error| error.to_string())
    }

    fn solve(
        puzzle: &Puzzle,
        config: &Config,
    ) -> Result<(Uniqueness<Shading>, Counters), CliError> {
        let solved = sieve_singles::solve(puzzle, config).map_err(CliError::input)?;
        Ok((solved.answer, solved.counters))
    }

    fn count(
        puzzle: &Puzzle,
        limit: Option<u64>,
        config: &Config,
    ) -> Result<(Count, Counters), CliError> {
        sieve_singles::count(puzzle, limit, config).map_err(CliError::input)
    }

    fn check(puzzle: &Puzzle, shading: &Shading) -> Result<(), String> {
        check(puzzle, shading).map_err(|violation| violation.to_string())
    }

    fn line(shading: &Shading) -> String {
        format_singles_line(shading)
    }

    fn picture(puzzle: &Puzzle, shading: &Shading) -> String {
        draw(puzzle, shading)
    }
}
