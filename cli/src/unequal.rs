//! `sieve unequal` (alias `sieve futoshiki`): Simon Tatham's Unequal game IDs,
//! inequality signs or the adjacent mode's bars, over the unequal crate.

use std::io::Write;

use sieve::{Config, Count, Counters, Uniqueness};
use sieve_unequal::{Grid, Puzzle, check, draw, format_unequal_line, parse_unequal_id};

use crate::common::{CliError, Outcome};
use crate::zoo::{self, CountArgs, SolveArgs, ZooPuzzle};

const UNEQUAL_EXAMPLES: &str = "\
Examples:
  sieve unequal solve '4:3,0,0,0,0D,0U,0L,0,0,0,0,0,0,0L,0R,0,'
  sieve futoshiki solve --format line '5a:0R,1L,0RD,0L,5,0R,0L,3U,0RD,2L,0,0D,5,0U,4,3R,4UL,0D,0D,0,0,0R,0UL,0UR,0L,'
  sgt-unequal --generate 20 6dx | sieve unequal solve --format line --file -
  sieve unequal count '3:0,0,0,0,0,0,0,0,0,'

A game ID is Simon Tatham's `params:description`, as `sgt-unequal --generate`
prints it or his game's \"Game ID\" dialog shows it: N, then `a` for the
adjacent mode (a difficulty such as `dt` is ignored); then the N·N cells row
by row, separated by `,`: the given value (0 for an empty cell) followed by
flags U, R, D, L for the neighbours it is marked against. In the unequal
mode a flag means this cell is greater than that neighbour; in the adjacent
mode it is a bar (on both cells): the two differ by exactly one, and
neighbours without a bar do not.";

const SOLVE_EXAMPLES: &str = "\
Examples:
  sieve unequal solve '4:3,0,0,0,0D,0U,0L,0,0,0,0,0,0,0L,0R,0,'
  sieve unequal solve --format line --file ids.txt

Proves the solution unique (exit 1 and a message when it is not). --format
grid (the default) draws the solved grid with its signs (< > ^ v, opening
towards the greater cell) or bars (| -); --format line prints one line a
puzzle, the values row by row (1-9, then a, b, ... for 10, 11, ...), and
nothing else: an empty line for a puzzle without exactly one solution. A
malformed ID is an input error (exit 2) naming the offset in the
description.";

const COUNT_EXAMPLES: &str = "\
Examples:
  sieve unequal count '3:0,0,0,0,0,0,0,0,0,'
  sieve unequal count --limit 100 '5a:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,'

One number a puzzle. Exit code 1 when a puzzle has no solution.";

/// `sieve unequal`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = UNEQUAL_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: UnequalCommand,
}

#[derive(clap::Subcommand, Debug)]
enum UnequalCommand {
    /// Solve game IDs and prove each solution unique.
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Count the solutions of game IDs.
    #[command(after_help = COUNT_EXAMPLES)]
    Count(CountArgs),
}

/// Run `sieve unequal ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    match args.command {
        UnequalCommand::Solve(args) => zoo::solve::<Unequal>(&args, out),
        UnequalCommand::Count(args) => zoo::count::<Unequal>(&args, out),
    }
}

/// Futoshiki over the unequal crate.
struct Unequal;

impl ZooPuzzle for Unequal {
    type Puzzle = Puzzle;
    type Solution = Grid;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_unequal_id(id).map_err(|error| error.to_string())
    }

    fn solve(puzzle: &Puzzle, config: &Config) -> Result<(Uniqueness<Grid>, Counters), CliError> {
        let solved = sieve_unequal::solve(puzzle, config).map_err(CliError::input)?;
        Ok((solved.answer, solved.counters))
    }

    fn count(
        puzzle: &Puzzle,
        limit: Option<u64>,
        config: &Config,
    ) -> Result<(Count, Counters), CliError> {
        sieve_unequal::count(puzzle, limit, config).map_err(CliError::input)
    }

    fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), String> {
        check(puzzle, grid).map_err(|violation| violation.to_string())
    }

    fn line(grid: &Grid) -> String {
        format_unequal_line(grid)
    }

    fn picture(puzzle: &Puzzle, grid: &Grid) -> String {
        draw(puzzle, grid)
    }
}
