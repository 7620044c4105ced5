//! `sieve map`: Simon Tatham's Map game IDs, the four-colour map puzzle,
//! over the map crate.

use std::io::Write;

use sieve::{Config, Count, Counters, Uniqueness};
use sieve_map::{Colouring, Puzzle, check, draw, format_map_line, parse_map_id};

use crate::common::{CliError, Outcome};
use crate::zoo::{self, CountArgs, SolveArgs, ZooPuzzle};

const MAP_EXAMPLES: &str = "\
Examples:
  sieve map solve '4x4n6:adccfdbb,320a11'
  sieve map solve --format line '8x8n10:hadabbbbbababbabababcaabaaaahdeabacbaacababbacfadaaaaab,b23a00a11'
  sgt-map --generate 20 20x15n30dh | sieve map solve --format line --file -
  sieve map count '3x2n5:bf,0d'

A game ID is Simon Tatham's `params:description`, as `sgt-map --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: the width and
height in cells, WxH (or W for a square), then n and the number of regions,
then a difficulty (de, dn, dh, du; ignored). The description is the edge
list, then `,`, then the given colours. The edge list walks the lines
between cells (under each cell row by row, then right of each cell column by
column, after one notional line) in runs that alternate between lines inside
a region and walls: a-y is a run of 1-25 and switches, z is 25 and does not.
Regions are numbered in the order of their first cell, row by row. The
colours come one a region: a digit 0-3, or a letter a-z for a run of 1-26
regions without one. No two regions that share a side have one colour.";

const SOLVE_EXAMPLES: &str = "\
Examples:
  sieve map solve '4x4n6:adccfdbb,320a11'
  sieve map solve --format line --file ids.txt

Proves the solution unique (exit 1 and a message when it is not). --format
grid (the default) draws the grid with each cell's colour (0-3) and the
walls between regions (| between cells of a row, - under a cell); --format
line prints one line a puzzle, one colour a REGION in the ID's numbering of
the regions, and nothing else: an empty line for a puzzle without exactly one
solution. A malformed ID is an input error (exit 2) naming the offset in the
parameters or the description.";

const COUNT_EXAMPLES: &str = "\
Examples:
  sieve map count '4x4n6:adccfdbb,320a11'
  sieve map count --limit 1000 '3x2n5:bf,e'

One number a puzzle. Exit code 1 when a puzzle has no solution.";

/// `sieve map`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = MAP_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: MapCommand,
}

#[derive(clap::Subcommand, Debug)]
enum MapCommand {
    /// Solve game IDs and prove each solution unique.
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Count the solutions of game IDs.
    #[command(after_help = COUNT_EXAMPLES)]
    Count(CountArgs),
}

/// Run `sieve map ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    match args.command {
        MapCommand::Solve(args) => zoo::solve::<Map>(&args, out),
        MapCommand::Count(args) => zoo::count::<Map>(&args, out),
    }
}

/// The four-colour map over the map crate.
struct Map;

impl ZooPuzzle for Map {
    type Puzzle = Puzzle;
    type Solution = Colouring;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_map_id(id).map_err(|error| error.to_string())
    }

    fn solve(
        puzzle: &Puzzle,
        config: &Config,
    ) -> Result<(Uniqueness<Colouring>, Counters), CliError> {
        let solved = sieve_map::solve(puzzle, config).map_err(CliError::input)?;
        Ok((solved.answer, solved.counters))
    }

    fn count(
        puzzle: &Puzzle,
        limit: Option<u64>,
        config: &Config,
    ) -> Result<(Count, Counters), CliError> {
        sieve_map::count(puzzle, limit, config).map_err(CliError::input)
    }

    fn check(puzzle: &Puzzle, colouring: &Colouring) -> Result<(), String> {
        check(puzzle, colouring).map_err(|violation| violation.to_string())
    }

    fn line(colouring: &Colouring) -> String {
        format_map_line(colouring)
    }

    fn picture(puzzle: &Puzzle, colouring: &Colouring) -> String {
        draw(puzzle, colouring)
    }
}
