//! `sieve binairo` (alias `sieve unruly`): Simon Tatham's Unruly game IDs,
//! with his unique-rows mode, over the unruly crate.

use std::io::Write;

use sieve::{Config, Count, Counters, Uniqueness};
use sieve_unruly::{Grid, Puzzle, check, draw, format_unruly_line, parse_unruly_id};

use crate::common::{CliError, Outcome};
use crate::zoo::{self, CountArgs, SolveArgs, ZooPuzzle};

const BINAIRO_EXAMPLES: &str = "\
Examples:
  sieve binairo solve '6x6:BBDECbdbcFAba'
  sieve unruly solve --format line '10x10u:ccBAcdCEdCkaiCAcbIBcCEACdeDa'
  sgt-unruly --generate 20 14x14dn | sieve binairo solve --format line --file -
  sieve binairo count '6x6:zl'

A game ID is Simon Tatham's `params:description`, as `sgt-unruly --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: the size
WxH (or W for a square), each side even; then `u` for the unique-rows mode
(no two rows and no two columns the same); a difficulty (dt, de, dn) is
ignored. The description walks the cells row by row and one virtual cell
after them: a letter a-y skips as many cells as its place in the alphabet
(a none, b one, ... y 24) and gives the next cell a 0; A-Y the same with a
1; z or Z skips 25 cells. Every row and column holds as many 1s as 0s and
never three alike in a row.";

const SOLVE_EXAMPLES: &str = "\
Examples:
  sieve binairo solve '6x6:BBDECbdbcFAba'
  sieve binairo solve --format line --file ids.txt

Proves the solution unique (exit 1 and a message when it is not). --format
grid (the default) draws the solved grid, 1 and 0, each given cell in
brackets; --format line prints one line a puzzle, 1 (the colour the ID
writes in upper case) or 0 for each cell row by row, and nothing else: an
empty line for a puzzle without exactly one solution. A malformed ID is an
input error (exit 2) naming the offset in the parameters or the
description.";

const COUNT_EXAMPLES: &str = "\
Examples:
  sieve binairo count '6x6:zl'
  sieve binairo count '6x6u:zl'
  sieve binairo count --limit 1000 '10x10:zzzza'

One number a puzzle. Exit code 1 when a puzzle has no solution.";

/// `sieve binairo`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = BINAIRO_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: BinairoCommand,
}

#[derive(clap::Subcommand, Debug)]
enum BinairoCommand {
    /// Solve game IDs and prove each solution unique.
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Count the solutions of game IDs.
    #[command(after_help = COUNT_EXAMPLES)]
    Count(CountArgs),
}

/// Run `sieve binairo ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    match args.command {
        BinairoCommand::Solve(args) => zoo::solve::<Binairo>(&args, out),
        BinairoCommand::Count(args) => zoo::count::<Binairo>(&args, out),
    }
}

/// Binairo over the unruly crate.
struct Binairo;

impl ZooPuzzle for Binairo {
    type Puzzle = Puzzle;
    type Solution = Grid;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_unruly_id(id).map_err(|error| error.to_string())
    }

    fn solve(puzzle: &Puzzle, config: &Config) -> Result<(Uniqueness<Grid>, Counters), CliError> {
        let solved = sieve_unruly::solve(puzzle, config).map_err(CliError::input)?;
        Ok((solved.answer, solved.counters))
    }

    fn count(
        puzzle: &Puzzle,
        limit: Option<u64>,
        config: &Config,
    ) -> Result<(Count, Counters), CliError> {
        sieve_unruly::count(puzzle, limit, config).map_err(CliError::input)
    }

    fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), String> {
        check(puzzle, grid).map_err(|violation| violation.to_string())
    }

    fn line(grid: &Grid) -> String {
        format_unruly_line(grid)
    }

    fn picture(puzzle: &Puzzle, grid: &Grid) -> String {
        draw(puzzle, grid)
    }
}
