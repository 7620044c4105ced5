//! `sieve nonogram` (alias `sieve pattern`): Simon Tatham's Pattern game
//! IDs, column and row run clues, over the pattern crate.

use std::io::Write;

use sieve::{Config, Count, Counters, Uniqueness};
use sieve_pattern::{Picture, Puzzle, check, draw, format_pattern_line, parse_pattern_id};

use crate::common::{CliError, Outcome};
use crate::zoo::{self, CountArgs, SolveArgs, ZooPuzzle};

const NONOGRAM_EXAMPLES: &str = "\
Examples:
  sieve nonogram solve '5x5:2/3/1.1/4/2/4/2.1/3/2/1'
  sieve pattern solve --format line '10x5:3/1/1/1.1/1.1/3/4/3/2/3.1/2.7/1.5/1.3.1/1/3.1'
  sgt-pattern --generate 20 15x15 | sieve nonogram solve --format line --file -
  sieve nonogram count '2x2:1/1/1/1'

A game ID is Simon Tatham's `params:description`, as `sgt-pattern --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: the size,
WxH (or W for a square). The description: the clue of each column, left to
right, then of each row, top to bottom, separated by `/`; a clue is its run
lengths separated by `.` (3.1.2), or empty for a line without filled cells.
Optionally `,` and given cells, row by row: a letter skips as many cells as
its place in the alphabet (a none, b one, ... y 24) and gives the next one,
filled for upper case and empty for lower case; z skips 25 and gives none.";

const SOLVE_EXAMPLES: &str = "\
Examples:
  sieve nonogram solve '5x5:2/3/1.1/4/2/4/2.1/3/2/1'
  sieve nonogram solve --format line --file ids.txt

Proves the solution unique (exit 1 and a message when it is not). --format
grid (the default) draws the solved grid (# filled, . empty) with the column
clues above it and each row's clue at its right; --format line prints one
line a puzzle, # or . for each cell row by row, and nothing else: an empty
line for a puzzle without exactly one solution. A malformed ID is an input
error (exit 2) naming the offset in the parameters or the description.";

const COUNT_EXAMPLES: &str = "\
Examples:
  sieve nonogram count '2x2:1/1/1/1'
  sieve nonogram count --limit 100 '6x6:1/1/1/1/1/1/1/1/1/1/1/1'

One number a puzzle. Exit code 1 when a puzzle has no solution.";

/// `sieve nonogram`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = NONOGRAM_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: NonogramCommand,
}

#[derive(clap::Subcommand, Debug)]
enum NonogramCommand {
    /// Solve game IDs and prove each solution unique.
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Count the solutions of game IDs.
    #[command(after_help = COUNT_EXAMPLES)]
    Count(CountArgs),
}

/// Run `sieve nonogram ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    match args.command {
        NonogramCommand::Solve(args) => zoo::solve::<Nonogram>(&args, out),
        NonogramCommand::Count(args) => zoo::count::<Nonogram>(&args, out),
    }
}

/// Nonograms over the pattern crate.
struct Nonogram;

impl ZooPuzzle for Nonogram {
    type Puzzle = Puzzle;
    type Solution = Picture;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_pattern_id(id).map_err(|error| error.to_string())
    }

    fn solve(
        puzzle: &Puzzle,
        config: &Config,
    ) -> Result<(Uniqueness<Picture>, Counters), CliError> {
        let solved = sieve_pattern::solve(puzzle, config).map_err(CliError::input)?;
        Ok((solved.answer, solved.counters))
    }

    fn count(
        puzzle: &Puzzle,
        limit: Option<u64>,
        config: &Config,
    ) -> Result<(Count, Counters), CliError> {
        sieve_pattern::count(puzzle, limit, config).map_err(CliError::input)
    }

    fn check(puzzle: &Puzzle, picture: &Picture) -> Result<(), String> {
        check(puzzle, picture).map_err(|violation| violation.to_string())
    }

    fn line(picture: &Picture) -> String {
        format_pattern_line(picture)
    }

    fn picture(puzzle: &Puzzle, picture: &Picture) -> String {
        draw(puzzle, picture)
    }
}
