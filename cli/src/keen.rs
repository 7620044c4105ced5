//! `sieve keen` (alias `sieve kenken`): Simon Tatham's Keen game IDs, cages
//! with `+ − × ÷` clues and his multiplication-only mode, over the keen
//! crate.

use std::io::Write;

use sieve::{Config, Count, Counters, Uniqueness};
use sieve_keen::{Grid, Puzzle, check, draw, format_keen_line, parse_keen_id};

use crate::common::{CliError, Outcome};
use crate::zoo::{self, CountArgs, SolveArgs, ZooPuzzle};

const KEEN_EXAMPLES: &str = "\
Examples:
  sieve keen solve '5:aa_a_aa__a__aa_a__a_3a__ab,a7m60d2a8m6a5m60s2s3s3d2'
  sieve kenken solve --format line '6dhm:a3_3a_3a3_aaba_aa_a_3a_3a_9aa,m12m5m12m20m18m6m6m4m10m6m10m12m20m6m18m12m20'
  sgt-keen --generate 20 6dx | sieve keen solve --format line --file -
  sieve keen count '3:a_a3_a_,s1a6m3m2'

A game ID is Simon Tatham's `params:description`, as `sgt-keen --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: N (3 to 9),
then a difficulty (de, dn, dh, dx, du; ignored) and `m` for the
multiplication-only mode. The description: the cage structure, then `,`,
then one clue a cage in the order of the cages' first cells: a (+), s (−),
m (×) or d (÷) and the target. The structure walks the lines between
neighbouring cells (those right of each cell row by row, then those below
each cell column by column, then one virtual line): each letter a-z is that
many lines inside a cage followed by a wall (but `y` is 25 lines and no
wall), `_` a wall alone, and a letter followed by a number k is that letter
k times. A − or ÷ cage has two cells,
taken either way round.";

const SOLVE_EXAMPLES: &str = "\
Examples:
  sieve keen solve '5:aa_a_aa__a__aa_a__a_3a__ab,a7m60d2a8m6a5m60s2s3s3d2'
  sieve keen solve --format line --file ids.txt

Proves the solution unique (exit 1 and a message when it is not). --format
grid (the default) draws the solved grid with its cage walls (| between
cells of a row, - under a cell); --format line prints one line a puzzle, the
values row by row (1-9), and nothing else: an empty line for a puzzle
without exactly one solution. A malformed ID is an input error (exit 2)
naming the offset in the parameters or the description.";

const COUNT_EXAMPLES: &str = "\
Examples:
  sieve keen count '3:a_a3_a_,s1a6m3m2'
  sieve keen count --limit 1000 '4:x,a40'

One number a puzzle. Exit code 1 when a puzzle has no solution.";

/// `sieve keen`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = KEEN_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: KeenCommand,
}

#[derive(clap::Subcommand, Debug)]
enum KeenCommand {
    /// Solve game IDs and prove each solution unique.
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Count the solutions of game IDs.
    #[command(after_help = COUNT_EXAMPLES)]
    Count(CountArgs),
}

/// Run `sieve keen ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    match args.command {
        KeenCommand::Solve(args) => zoo::solve::<Keen>(&args, out),
        KeenCommand::Count(args) => zoo::count::<Keen>(&args, out),
    }
}

/// KenKen over the keen crate.
struct Keen;

impl ZooPuzzle for Keen {
    type Puzzle = Puzzle;
    type Solution = Grid;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_keen_id(id).map_err(|error| error.to_string())
    }

    fn solve(puzzle: &Puzzle, config: &Config) -> Result<(Uniqueness<Grid>, Counters), CliError> {
        let solved = sieve_keen::solve(puzzle, config).map_err(CliError::input)?;
        Ok((solved.answer, solved.counters))
    }

    fn count(
        puzzle: &Puzzle,
        limit: Option<u64>,
        config: &Config,
    ) -> Result<(Count, Counters), CliError> {
        sieve_keen::count(puzzle, limit, config).map_err(CliError::input)
    }

    fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), String> {
        check(puzzle, grid).map_err(|violation| violation.to_string())
    }

    fn line(grid: &Grid) -> String {
        format_keen_line(grid)
    }

    fn picture(puzzle: &Puzzle, grid: &Grid) -> String {
        draw(puzzle, grid)
    }
}
