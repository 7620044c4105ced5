//! `sieve dominosa`: Simon Tatham's Dominosa game IDs, a full set of
//! dominoes laid on a grid of numbers, over the dominosa crate.

use std::io::Write;

use sieve::{Config, Count, Counters, Uniqueness};
use sieve_dominosa::{Puzzle, Tiling, check, draw, format_dominosa_line, parse_dominosa_id};

use crate::common::{CliError, Outcome};
use crate::zoo::{self, CountArgs, SolveArgs, ZooPuzzle};

const DOMINOSA_EXAMPLES: &str = "\
Examples:
  sieve dominosa solve '4:043100143011142024213324332204'
  sieve dominosa solve --format line '2:211010210022'
  sgt-dominosa --generate 20 6dh | sieve dominosa solve --format line --file -
  sieve dominosa count '1:001011'

A game ID is Simon Tatham's `params:description`, as `sgt-dominosa --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: N, the largest
number, then a difficulty (dt, db, dh, de, da; ignored). The description is
the (N+1)x(N+2) numbers row by row, N+2 across: a digit 0-9, or a number of
10 or more in brackets ([12]). A full set of dominoes 0-0 ... N-N covers the
grid, each laid once, so each number is written N+2 times.";

const SOLVE_EXAMPLES: &str = "\
Examples:
  sieve dominosa solve '4:043100143011142024213324332204'
  sieve dominosa solve --format line --file ids.txt

Proves the solution unique (exit 1 and a message when it is not). --format
grid (the default) draws the numbers with - between the halves of a domino
lying across and | under the top half of one standing up; --format line
prints one line a puzzle, the side of each cell's partner row by row (L, R,
U, D), and nothing else: an empty line for a puzzle without exactly one
solution. A malformed ID is an input error (exit 2) naming the offset in the
parameters or the description.";

const COUNT_EXAMPLES: &str = "\
Examples:
  sieve dominosa count '2:211010210022'
  sieve dominosa count --limit 1000 '1:001011'

One number a puzzle. Exit code 1 when a puzzle has no solution.";

/// `sieve dominosa`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = DOMINOSA_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: DominosaCommand,
}

#[derive(clap::Subcommand, Debug)]
enum DominosaCommand {
    /// Solve game IDs and prove each solution unique.
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Count the solutions of game IDs.
    #[command(after_help = COUNT_EXAMPLES)]
    Count(CountArgs),
}

/// Run `sieve dominosa ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    match args.command {
        DominosaCommand::Solve(args) => zoo::solve::<Dominosa>(&args, out),
        DominosaCommand::Count(args) => zoo::count::<Dominosa>(&args, out),
    }
}

/// Dominosa over the dominosa crate.
struct Dominosa;

impl ZooPuzzle for Dominosa {
    type Puzzle = Puzzle;
    type Solution = Tiling;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_dominosa_id(id).map_err(|error| error.to_string())
    }

    fn solve(puzzle: &Puzzle, config: &Config) -> Result<(Uniqueness<Tiling>, Counters), CliError> {
        let solved = sieve_dominosa::solve(puzzle, config).map_err(CliError::input)?;
        Ok((solved.answer, solved.counters))
    }

    fn count(
        puzzle: &Puzzle,
        limit: Option<u64>,
        config: &Config,
    ) -> Result<(Count, Counters), CliError> {
        sieve_dominosa::count(puzzle, limit, config).map_err(CliError::input)
    }

    fn check(puzzle: &Puzzle, tiling: &Tiling) -> Result<(), String> {
        check(puzzle, tiling).map_err(|violation| violation.to_string())
    }

    fn line(tiling: &Tiling) -> String {
        format_dominosa_line(tiling)
    }

    fn picture(puzzle: &Puzzle, tiling: &Tiling) -> String {
        draw(puzzle, tiling)
    }
}
