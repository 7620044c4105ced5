//! `sieve towers` (also `sieve skyscrapers` in spirit): Simon Tatham's Towers
//! game IDs, solved over the skyscrapers crate's model.

use std::io::Write;

use sieve::{Config, Count, Counters, Uniqueness};
use sieve_skyscrapers::{
    Answer, Grid, Puzzle, SkyscrapersModel, check, format_grid, format_towers_line, parse_towers_id,
};

use crate::common::{CliError, Outcome};
use crate::zoo::{self, CountArgs, SolveArgs, ZooPuzzle};

const TOWERS_EXAMPLES: &str = "\
Examples:
  sieve towers solve '5:/3////2/////3//1//3/2////,r1b1c'
  sieve towers solve --format line '4:3/1/2/4/2/2/2/1/2/2/1/3/3/2/2/1'
  sgt-towers --generate 20 6dh | sieve towers solve --format line --file -
  sieve towers count '3://////2//1///2'

A game ID is Simon Tatham's `params:description`, as `sgt-towers --generate`
prints it or his game's \"Game ID\" dialog shows it: N (a difficulty such as
`dh` is ignored), then the 4N clues separated by `/` (above the columns, below
them, left of the rows, right of them; empty for no clue), then optionally `,`
and the given cells (a letter a-z is a run of 1-26 empty cells, a number a
given height). The same puzzles in the crate's own clue format: `sieve
skyscrapers`.";

const SOLVE_EXAMPLES: &str = "\
Examples:
  sieve towers solve '5:/3////2/////3//1//3/2////,r1b1c'
  sieve towers solve --format line --file ids.txt

Proves the solution unique (exit 1 and a message when it is not). --format
grid (the default) draws the solved grid with its clues; --format line prints
one line a puzzle, the heights row by row (1-9), and nothing else: an empty
line for a puzzle without exactly one solution. A malformed ID is an input
error (exit 2) naming the offset in the description.";

const COUNT_EXAMPLES: &str = "\
Examples:
  sieve towers count '3://////2//1///2'
  sieve towers count --limit 10 '4:////////////////'

One number a puzzle. Exit code 1 when a puzzle has no solution.";

/// `sieve towers`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = TOWERS_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: TowersCommand,
}

#[derive(clap::Subcommand, Debug)]
enum TowersCommand {
    /// Solve game IDs and prove each solution unique.
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Count the solutions of game IDs.
    #[command(after_help = COUNT_EXAMPLES)]
    Count(CountArgs),
}

/// Run `sieve towers ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    match args.command {
        TowersCommand::Solve(args) => zoo::solve::<Towers>(&args, out),
        TowersCommand::Count(args) => zoo::count::<Towers>(&args, out),
    }
}

/// Towers over the skyscrapers crate.
struct Towers;

impl ZooPuzzle for Towers {
    type Puzzle = Puzzle;
    type Solution = Grid;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_towers_id(id).map_err(|error| error.to_string())
    }

    fn solve(puzzle: &Puzzle, config: &Config) -> Result<(Uniqueness<Grid>, Counters), CliError> {
        let solved = sieve_skyscrapers::solve(puzzle, config).map_err(CliError::input)?;
        let answer = match solved.answer {
            Answer::NoSolution => Uniqueness::None,
            Answer::Unique(grid) => Uniqueness::Unique(grid),
            Answer::Several(first, second) => Uniqueness::Multiple(first, second),
            Answer::Stopped(reason, found) => Uniqueness::Unknown(reason, found),
        };
        Ok((answer, solved.counters))
    }

    fn count(
        puzzle: &Puzzle,
        limit: Option<u64>,
        config: &Config,
    ) -> Result<(Count, Counters), CliError> {
        let model = SkyscrapersModel::fast(puzzle).map_err(CliError::input)?;
        let mut search = model.search(*config).map_err(CliError::input)?;
        let count = search.count_in_place(limit);
        Ok((count, search.counters()))
    }

    fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), String> {
        check(puzzle, grid).map_err(|violation| violation.to_string())
    }

    fn line(grid: &Grid) -> String {
        format_towers_line(grid)
    }

    fn picture(puzzle: &Puzzle, grid: &Grid) -> String {
        let heights = grid.heights().iter().map(|&height| Some(height)).collect();
        match puzzle.clone().with_givens(heights) {
            Ok(filled) => format_grid(&filled),
            Err(_) => grid.to_string(),
        }
    }
}
