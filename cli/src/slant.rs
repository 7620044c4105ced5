//! `sieve slant`: Simon Tatham's Slant game IDs (Gokigen Naname), clue
//! counts on the corners and no loop, over the slant crate.

use std::io::Write;

use sieve::{Config, Count, Counters, Uniqueness};
use sieve_slant::{Grid, Puzzle, check, draw, format_slant_line, parse_slant_id};

use crate::common::{CliError, Outcome};
use crate::zoo::{self, CountArgs, SolveArgs, ZooPuzzle};

const SLANT_EXAMPLES: &str = "\
Examples:
  sieve slant solve '5x5:a2d11a3a0a112a1a2a2a1d2b10a11'
  sieve slant solve --format line '3x3:b0b2b2a11b2a'
  sgt-slant --generate 20 8x8dh | sieve slant solve --format line --file -
  sieve slant count '2x2:i'

A game ID is Simon Tatham's `params:description`, as `sgt-slant --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: the width and
height in cells, WxH (or W for a square), then a difficulty (de, dh;
ignored). The description walks the (W+1)x(H+1) corners of the cells row by
row: a digit 0-4 is a corner's clue, the number of diagonals that touch it;
a letter a-z is a run of 1-26 corners without a clue. Every cell holds one
diagonal, \\ or /, and the diagonals form no loop.";

const SOLVE_EXAMPLES: &str = "\
Examples:
  sieve slant solve '5x5:a2d11a3a0a112a1a2a2a1d2b10a11'
  sieve slant solve --format line --file ids.txt

Proves the solution unique (exit 1 and a message when it is not). --format
grid (the default) draws the solved grid as Tatham's Slant prints it (corners
as their clue or +, each cell's diagonal between them); --format line prints
one line a puzzle, the cells row by row as \\ or /, and nothing else: an empty
line for a puzzle without exactly one solution. A malformed ID is an input
error (exit 2) naming the offset in the parameters or the description.";

const COUNT_EXAMPLES: &str = "\
Examples:
  sieve slant count '3x3:b0b2b2a11b2a'
  sieve slant count --limit 1000 '4x4:y'

One number a puzzle. Exit code 1 when a puzzle has no solution.";

/// `sieve slant`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = SLANT_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: SlantCommand,
}

#[derive(clap::Subcommand, Debug)]
enum SlantCommand {
    /// Solve game IDs and prove each solution unique.
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Count the solutions of game IDs.
    #[command(after_help = COUNT_EXAMPLES)]
    Count(CountArgs),
}

/// Run `sieve slant ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    match args.command {
        SlantCommand::Solve(args) => zoo::solve::<Slant>(&args, out),
        SlantCommand::Count(args) => zoo::count::<Slant>(&args, out),
    }
}

/// Slant over the slant crate.
struct Slant;

impl ZooPuzzle for Slant {
    type Puzzle = Puzzle;
    type Solution = Grid;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_slant_id(id).map_err(|error| error.to_string())
    }

    fn solve(puzzle: &Puzzle, config: &Config) -> Result<(Uniqueness<Grid>, Counters), CliError> {
        let solved = sieve_slant::solve(puzzle, config).map_err(CliError::input)?;
        Ok((solved.answer, solved.counters))
    }

    fn count(
        puzzle: &Puzzle,
        limit: Option<u64>,
        config: &Config,
    ) -> Result<(Count, Counters), CliError> {
        sieve_slant::count(puzzle, limit, config).map_err(CliError::input)
    }

    fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), String> {
        check(puzzle, grid).map_err(|violation| violation.to_string())
    }

    fn line(grid: &Grid) -> String {
        format_slant_line(grid)
    }

    fn picture(puzzle: &Puzzle, grid: &Grid) -> String {
        draw(puzzle, grid)
    }
}
